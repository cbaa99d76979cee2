"""Bots: players that choose an action for the current player, each with its own seeded generator.

Every agent picks from ``game.legal_actions()``, so it can never play an illegal action, and it
looks only at what its player may know (its hand and tickets, and the public table).

- :class:`RandomAgent` (``random``) picks uniformly among the legal actions.
- :class:`GreedyAgent` (``greedy``) plans: it keeps the tickets it can reach, claims the routes
  on the cheapest paths to them, draws the colours those routes need, and builds a station when
  an opponent has cut a ticket's path (Europe).
- :class:`PlannerAgent` (``planner``) is the greedy bot with better habits: it weighs an offer
  of tickets by the trains their paths need together, never takes a face-up locomotive, and
  takes new tickets earlier; it beats the greedy bot in about two games in three.
- :class:`LongRouteAgent` (``long``, also ``longroute``) grabs the longest route it can pay for
  (long routes score most per train, C3) and otherwise draws.
- :class:`MCTSAgent` (``mcts``, or ``mcts:N`` for N iterations a move) searches: it plays its
  candidate moves out in the same sampled deals of what it cannot see and keeps the planner's
  move unless another does clearly better (``MCTSAgent()`` itself defaults to information-set
  Monte-Carlo tree search, ``search="tree"``; see :mod:`ttr.agents.mcts`).
- :class:`CoachAgent` (``coach``) is the play table's Hint as a bot: the search bot's move,
  with the last turn worked out exactly and tickets weighed against the trains and turns left;
  :func:`ttr.agents.coach.advise` gives its move with the reasons as data (an ``Advice``).

``agent.explain(game)`` returns the move as a :class:`Choice` with its reason as data.
"""

from __future__ import annotations

import random

from ttr.agents.base import Agent, Choice
from ttr.agents.coach import CoachAgent, advise
from ttr.agents.greedy import GreedyAgent
from ttr.agents.longroute import LongRouteAgent
from ttr.agents.mcts import PAIRED, MCTSAgent
from ttr.agents.planner import PlannerAgent
from ttr.agents.random import RandomAgent
from ttr.errors import TTRError, preview
from ttr.game import Game
from ttr.i18n import N_

AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, PlannerAgent, LongRouteAgent)
}
"""The rule-of-thumb bots by name: each plays a whole game in a fraction of a second."""
SEARCH_AGENTS: dict[str, type[MCTSAgent]] = {MCTSAgent.name: MCTSAgent}
"""The bots that search, by name: a move takes up to about 0.4 CPU seconds (``mcts:N``: at most N
iterations)."""
COACHES: dict[str, type[CoachAgent]] = {CoachAgent.name: CoachAgent}
"""The coach by name (``coach``, or ``coach:N`` for a search of N simulated moves): the search
bot's budget a move, the play table's Hint."""
ALIASES = {"longroute": "long"}


MAX_ITERATIONS = 1_000_000
"""The most iterations ``mcts:N`` may ask for (a search's budget of simulated moves bounds its
time in any case; this bounds the number itself)."""


def parse_agent_name(name: object) -> tuple[str, int | None]:
    """What an agent's name asks for: its canonical name and, for a search bot given ``:N``, the
    number of iterations (else ``None``). The one parser of agent names: :func:`make_agent`, the
    command line, the ladder and the play table all read names through it.

    >>> parse_agent_name(" MCTS:200 "), parse_agent_name("longroute")
    (('mcts', 200), ('long', None))

    Raises :class:`~ttr.errors.TTRError` for anything else (only ASCII digits make a budget).
    """
    if not isinstance(name, str) or len(name) > 40:
        raise TTRError(N_("an agent's name is a short text, not {value}"), value=preview(name))
    key, colon, budget = name.strip().lower().partition(":")
    key = ALIASES.get(key, key)
    if key in AGENTS and not colon:
        return key, None
    if key in SEARCH_AGENTS or key in COACHES:
        if not colon:
            return key, None
        digits = budget.strip()
        if digits.isascii() and digits.isdigit() and 0 < int(digits) <= MAX_ITERATIONS:
            return key, int(digits)
        raise TTRError(
            N_("agent {name}: the budget after ':' is a number of iterations from 1 to {most:,}"),
            name=preview(name),
            most=MAX_ITERATIONS,
        )
    known = ", ".join([*AGENTS, *ALIASES, *SEARCH_AGENTS, "mcts:N", *COACHES, "coach:N"])
    raise TTRError(N_("unknown agent {name} (known: {known})"), name=preview(name), known=known)


def make_agent(name: str, seed: int | random.Random | None = 0) -> Agent:
    """An agent by name: ``random``, ``greedy``, ``long`` (or ``longroute``), ``mcts`` or
    ``mcts:N`` (a search of at most N iterations a move, within the same budget of simulated
    moves): the search bot is the paired search (:data:`ttr.agents.mcts.PAIRED`); ``coach`` or
    ``coach:N`` (a search of N simulated moves a decision), the play table's Hint. Names are
    read by :func:`parse_agent_name`."""
    key, iterations = parse_agent_name(name)
    if key in COACHES:
        return COACHES[key](seed) if iterations is None else COACHES[key](seed, steps=iterations)
    if key in SEARCH_AGENTS:
        settings = PAIRED if iterations is None else {**PAIRED, "iterations": iterations}
        return SEARCH_AGENTS[key](seed, **settings)
    return AGENTS[key](seed)


def play_game(game: Game, agents: list[Agent], max_actions: int = 20_000) -> Game:
    """Let ``agents`` (one per seat) play ``game`` to the end; returns the game."""
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.play(agents[game.current_player].choose(game))
    raise RuntimeError(f"the game did not end within {max_actions} actions")


__all__ = [
    "AGENTS",
    "COACHES",
    "CoachAgent",
    "SEARCH_AGENTS",
    "Agent",
    "advise",
    "Choice",
    "GreedyAgent",
    "LongRouteAgent",
    "MCTSAgent",
    "PlannerAgent",
    "RandomAgent",
    "make_agent",
    "parse_agent_name",
    "play_game",
]
