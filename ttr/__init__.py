"""Ticket to Ride for teaching: a rules engine for the USA and Europe boards.

>>> from ttr import Game
>>> game = Game("europe", players=["Ann", "Ben", "Cat"], seed=7)
>>> len(game.board.routes), game.phase
(101, 'opening')

The engine speaks English; ``ttr.set_language("ko")`` (or ``TTR_LANG=ko``) makes its refusals
and narration Korean (:mod:`ttr.i18n`).
"""

from ttr.actions import (
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr.board import Board, City, Route, Ticket, load_board
from ttr.errors import (
    DataError,
    IllegalAction,
    NotationError,
    PlayerError,
    SaveError,
    ScenarioError,
    TTRError,
    UnknownMap,
    UnknownReference,
    UnknownRuleSet,
)
from ttr.events import Event
from ttr.game import Game
from ttr.i18n import get_language, set_language
from ttr.rules import RULE_SETS, RuleSet, rule_set
from ttr.scenario import load_position, load_scenario
from ttr.staging import stage

__all__ = [
    "Action",
    "Board",
    "BuildStation",
    "City",
    "Claim",
    "DataError",
    "Decline",
    "DrawCard",
    "DrawTickets",
    "Event",
    "Game",
    "IllegalAction",
    "KeepTickets",
    "NotationError",
    "Pass",
    "PayTunnel",
    "PlayerError",
    "RULE_SETS",
    "Route",
    "RuleSet",
    "SaveError",
    "ScenarioError",
    "Simulation",
    "TTRError",
    "Ticket",
    "Tournament",
    "UnknownMap",
    "UnknownReference",
    "UnknownRuleSet",
    "get_language",
    "load_board",
    "load_position",
    "load_scenario",
    "rule_set",
    "set_language",
    "simulate",
    "stage",
    "tournament",
]


def __getattr__(name: str) -> object:
    """``simulate``, ``Simulation``, ``tournament`` and ``Tournament`` load on first use (they
    import the bots and tqdm)."""
    if name in ("simulate", "Simulation"):
        from ttr import simulation

        return getattr(simulation, name)
    if name in ("tournament", "Tournament"):
        from ttr import ladder

        return getattr(ladder, name)
    raise AttributeError(f"module 'ttr' has no attribute {name!r}")
