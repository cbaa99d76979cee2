"""Lesson 24's endgames: a real position from a seeded game, set up again with every card known.

:func:`greedy_position` plays seeded greedy bots until every player is down to a few trains;
:func:`open_endgame` stages the same routes and tickets with hands and a deck given card by card,
an empty market and no ticket deck, so that nothing is hidden and no card is left to chance
(the deck is given exactly, ``rest="out"``). :func:`position_key` is a position as a value, for a
transposition table: the engine's state record compares by identity. The engine never imports
this module.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence

from ttr.agents import make_agent
from ttr.errors import TTRError
from ttr.game import Game
from ttr.state import DERIVED, FIELDS

__all__ = ["greedy_position", "open_endgame", "position_key"]

_NOT_KEYED = {"rng", "counts", "stations", *DERIVED}  # statistics, and what follows from the rest


def greedy_position(
    rules: str, players: Sequence[str], seed: int, trains: int, max_actions: int = 5_000
) -> Game:
    """The game of greedy bots (seats ``i`` seeded ``i + 1``) at the first turn where every
    player has at most ``trains`` trains; :class:`TTRError` if the game ends first."""
    game = Game(rules, players=list(players), seed=seed)
    bots = [make_agent("greedy", seat + 1) for seat in range(game.num_players)]
    for _ in range(max_actions):
        if game.is_over:
            break
        if game.phase == "turn" and max(game.trains) <= trains:
            return game
        game.play(bots[game.current_player].choose(game))
    raise TTRError(f"argument 'trains': the game of seed {seed} never reaches {trains} trains each")


def open_endgame(game: Game, hands: Mapping[int, Mapping[str, int]], deck: Sequence[str]) -> Game:
    """``game``'s routes, kept tickets and player to move, with these ``hands`` and this
    ``deck`` (top first) as the only cards in play: no market, no ticket deck, nothing hidden."""
    seats = range(game.num_players)
    return Game.staged(
        game.rules,
        list(game.players),
        seed=0,
        hands=hands,
        market=[None] * 5,
        deck=list(deck),
        rest="out",
        tickets={seat: list(game.state.tickets[seat]) for seat in seats},
        ticket_deck=[],
        routes={seat: [route.id for route in game.routes_of(seat)] for seat in seats},
        turn=game.current_player,
    )


def position_key(game: Game) -> Hashable:
    """The position as a hashable value: equal for equal positions, however they were reached."""
    state = game.state
    rng = state.rng.getstate() if isinstance(state.rng, random.Random) else state.rng
    rest = tuple(getattr(state, name) for name in FIELDS if name not in _NOT_KEYED)
    return (rng, tuple(sorted(state.stations.items())), rest)
