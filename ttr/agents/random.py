"""The random bot: uniform over the legal actions (the baseline of every ladder)."""

from __future__ import annotations

from ttr.actions import Action
from ttr.agents.base import Agent, check_game
from ttr.game import Game


class RandomAgent(Agent):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, game: Game) -> Action:
        check_game(game)
        actions = game.legal_actions()
        return actions[self.rng.randrange(len(actions))]
