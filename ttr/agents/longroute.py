"""The long-route bot: long routes score most per train (C3), so it grabs the longest it can pay."""

from __future__ import annotations

from ttr.actions import Action, KeepTickets
from ttr.agents.base import Agent, card_draws, cheapest_claims, check_game
from ttr.game import OPENING, TICKETS, TUNNEL, TURN, Game


class LongRouteAgent(Agent):
    """Claims the longest route it can pay (fewest locomotives), else draws; keeps cheap tickets."""

    name = "long"

    def choose(self, game: Game) -> Action:
        check_game(game)
        actions = game.legal_actions()
        if game.phase in (OPENING, TICKETS):
            return min(actions, key=lambda a: len(a.keep) if isinstance(a, KeepTickets) else 0)
        if game.phase == TUNNEL:
            return actions[0]  # pay with the fewest locomotives if possible, else decline
        if game.phase == TURN:
            claims = list(cheapest_claims(game, game.current_player).values())
            if claims:
                length = {c.route: game.board.routes[c.route].length for c in claims}
                longest = max(length.values())
                choices = [c for c in claims if length[c.route] == longest]
                return choices[self.rng.randrange(len(choices))]
        draws = card_draws(actions)
        if draws:
            return draws[self.rng.randrange(len(draws))]
        return actions[self.rng.randrange(len(actions))]
