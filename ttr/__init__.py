"""Ticket to Ride for teaching: a rules engine for the USA and Europe boards.

>>> from ttr import Game
>>> game = Game("europe", players=["Ann", "Ben", "Cat"], seed=7)
>>> len(game.board.routes), game.phase
(101, 'opening')
"""

from ttr.actions import (
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    IllegalAction,
    KeepTickets,
    NotationError,
    Pass,
    PayTunnel,
)
from ttr.board import Board, City, DataError, Route, Ticket, UnknownReference, load_board
from ttr.game import Event, Game
from ttr.ladder import Tournament, tournament
from ttr.rules import RULE_SETS, RuleSet, rule_set
from ttr.scenario import ScenarioError, load_position, load_scenario
from ttr.simulation import Simulation, simulate

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
    "RULE_SETS",
    "Route",
    "RuleSet",
    "ScenarioError",
    "Ticket",
    "UnknownReference",
    "load_board",
    "load_position",
    "load_scenario",
    "rule_set",
    "simulate",
    "Simulation",
    "tournament",
    "Tournament",
]
