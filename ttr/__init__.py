"""Ticket to Ride for teaching: a rules engine for the USA and Europe boards.

>>> from ttr import Game
>>> game = Game("europe", players=["Ann", "Ben", "Cat"], seed=7)
>>> len(game.board.routes), game.phase
(101, 'opening')

The engine speaks English; ``ttr.set_language("ko")`` (or ``TTR_LANG=ko``) makes its refusals
and narration Korean (:mod:`ttr.i18n`).
"""

from typing import TYPE_CHECKING

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

__version__ = "0.2.0"
"""The package's version (``CHANGELOG.md`` says what each one brought)."""

stage = Game.staged
"""A game set up in a given position: :meth:`Game.staged`."""

if TYPE_CHECKING:  # loaded on first use: see _LAZY
    from ttr.scenario import load_position, load_scenario
    from ttr.tools.ladder import Tournament, tournament
    from ttr.tools.simulation import Simulation, simulate

__all__ = [
    "__version__",
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


_LAZY = {
    "load_position": "ttr.scenario",
    "load_scenario": "ttr.scenario",
    "simulate": "ttr.tools.simulation",
    "Simulation": "ttr.tools.simulation",
    "tournament": "ttr.tools.ladder",
    "Tournament": "ttr.tools.ladder",
}
"""Names loaded on first use: ``import ttr`` loads the engine (:class:`Game` and what it plays
with), not the scenario files, the simulations or the ladder (and their JSON, file and bot
modules)."""


def __getattr__(name: str) -> object:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'ttr' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found at once from now on
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
