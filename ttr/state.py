"""The one record of a game's mutable state, and the fixed facts it is read against.

:class:`Setup` holds what never changes during a game (rule set, board, players, ticket pool).
:class:`State` holds everything that does. Its values are never changed in place: every field
holds a number, a string or a tuple (``stations`` and ``counts`` are dicts that are replaced,
never edited), and a rule that changes the game assigns a new value to the field. So:

- a copy of a game shares every value with the original (:meth:`State.copy` is shallow);
- the undo stack keeps the values before each action of the fields that action may change
  (:data:`Record`, one recorder per kind of action) and puts them back, in time that does not
  grow with the length of the game;
- saving, loading and equality are derived from :data:`SAVED`, the list of fields.

The deck is a tuple ``deck`` with a count ``top``: the cards in the deck are ``deck[:top]`` and
the top card is ``deck[top - 1]``. Drawing lowers ``top``; a reshuffle replaces ``deck``. The
random generator's state is a value too (``rng``, a :class:`RandomState`: a seed or a
:meth:`random.Random.getstate` value, and the shuffles made since, the only use of chance).

Derived fields (trains and route points from the routes owned, stations left from the stations
built, the routes open to each player: :mod:`ttr.open_routes`) are kept up to date for speed but
are not saved: loading derives them again (:func:`derive`).
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, NamedTuple

from ttr.board import Board, Ticket, load_board
from ttr.colors import EMPTY_HAND, Hand
from ttr.errors import PlayerError, TTRError
from ttr.i18n import Message
from ttr.open_routes import Barred, OpenLists, RouteClasses, open_routes, route_classes
from ttr.rules import RuleSet, rule_set

OPENING, TURN, SECOND_CARD, TUNNEL, TICKETS, OVER = (
    "opening",
    "turn",
    "second_card",
    "tunnel",
    "tickets",
    "over",
)
PHASES = (OPENING, TURN, SECOND_CARD, TUNNEL, TICKETS, OVER)
DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
MAX_NAME_LENGTH = 40
UNKEPT = ("bottom", "bottom_shuffled", "box")
"""Where the tickets a player does not keep go: under the ticket deck in the order dealt, set
aside to be shuffled under it once everyone has chosen (V2, V4), or out of the game (S5)."""


class RandomState(NamedTuple):
    """The state of a game's random generator, as a value: ``base`` (a seed, or a
    :meth:`random.Random.getstate` value) moved on by shuffles of ``shuffles`` items.

    Cheaper than a ``getstate()`` copy (625 numbers) at every shuffle: one generator follows the
    game being played (:func:`generator`), and it is set to another value only when that value
    is played on or saved. (A tuple of numbers: the garbage collector need not track it.)
    """

    base: int | tuple[Any, ...]
    shuffles: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class TicketOffer:
    """Tickets on offer to one player, and how many of them may be kept."""

    player: int
    tickets: tuple[int, ...]
    keep_min: int
    keep_max: int
    unkept: str  # one of UNKEPT
    rule: str
    long_round: bool = False


@dataclass(frozen=True, slots=True)
class TunnelAttempt:
    """A tunnel being claimed (C7): the cards played, the cards revealed, the extra cost."""

    route: int
    color: str | None
    locomotives: int
    revealed: tuple[str, ...]
    extra: int


@dataclass(frozen=True, eq=False)
class Setup:
    """The fixed facts of one game: its rule set, board, players and ticket pool."""

    rules: RuleSet
    board: Board
    players: tuple[str, ...]
    ticket_pool: tuple[Ticket, ...]
    classes: RouteClasses
    num_players: int = field(init=False)
    double_lock: bool = field(init=False)
    """Whether a double route is one route in this game (2-3 players, C5)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "num_players", len(self.players))
        lock = len(self.players) <= self.rules.double_lock_max_players
        object.__setattr__(self, "double_lock", lock)


def make_setup(
    rules: str | RuleSet | Any, players: int | Sequence[str], variant: str | None | Any = None
) -> Setup:
    """The setup of a game, checking the player count and names (S1).

    ``rules`` and ``variant`` are checked by :func:`ttr.rules.rule_set` (``| Any``: a compiled
    build, which enforces annotations, lets any value reach that check and its message).

    A setup never changes, so games made from the same rule-set name, player count and
    variant share one (a simulation makes thousands of games).
    """
    key = None
    if type(rules) is str and type(players) is int and (variant is None or type(variant) is str):
        key = (rules, players, variant)
        known = _SETUPS.get(key)
        if known is not None:
            return known
    ruleset = rule_set(rules, variant)
    names = player_names(players, ruleset)
    board, pool = _board_and_pool(ruleset)
    setup = Setup(ruleset, board, names, pool, route_classes(board))
    if key is not None:  # only valid names get here: a handful of keys
        _SETUPS[key] = setup
    return setup


_SETUPS: dict[tuple[str, int, str | None], Setup] = {}


@functools.cache
def _board_and_pool(rules: RuleSet) -> tuple[Board, tuple[Ticket, ...]]:
    board = load_board(rules.map)
    missing = {r.length for r in board.routes} - set(rules.route_points)
    if missing:
        raise TTRError(
            "the rule set scores no route of length {lengths}",
            lengths=", ".join(map(str, sorted(missing))),
        )
    return board, tuple(t for name in rules.tickets for t in board.ticket_sets[name])


def player_names(players: object, rules: RuleSet) -> tuple[str, ...]:
    """The player names for ``players`` (a count or a list of names), checked."""
    low, high = rules.min_players, rules.max_players
    if type(players) is int:
        count = players
        if not low <= count <= high:
            raise PlayerError(
                "{title:text} is for {low} to {high} players, not {count}",
                title=rules.title,
                low=low,
                high=high,
                count=count,
            )
        return DEFAULT_NAMES[:count]
    if isinstance(players, str) or not isinstance(players, list | tuple):
        raise PlayerError(
            "players must be a number ({low}-{high}) or a list of names, not {kind}",
            low=low,
            high=high,
            kind=type(players).__name__,
        )
    if not low <= len(players) <= high:
        raise PlayerError(
            "{title:text} is for {low} to {high} players, not {count}",
            title=rules.title,
            low=low,
            high=high,
            count=len(players),
        )
    for name in players:
        problem = name_problem(name)
        if problem:
            raise PlayerError("player name {problem}", problem=problem)
    if len(set(players)) != len(players):
        raise PlayerError("player names must differ: {names}", names=", ".join(players))
    return tuple(players)


def name_problem(name: object) -> Message | None:
    """What is wrong with a player name, or None: a short, printable, non-empty string."""
    if not isinstance(name, str):
        return Message("must be text, not {kind}", kind=type(name).__name__)
    if not name.strip():
        return Message("must not be empty")
    if len(name) > MAX_NAME_LENGTH:
        return Message("must be at most {most} characters", most=MAX_NAME_LENGTH)
    if not name.isprintable():
        return Message("{name!r} holds control characters", name=name[:MAX_NAME_LENGTH])
    return None


@dataclass(slots=True, eq=False)
class State:
    """Everything that changes during a game (see the module docstring for the conventions)."""

    rng: RandomState | tuple[Any, ...] | random.Random  # a live generator: a caller's, in the deal
    deck: tuple[str, ...]
    top: int
    discard: tuple[str, ...]
    market: tuple[str | None, ...]
    out: tuple[str, ...]  # train cards left out of the game by a staged deck, sorted
    hands: tuple[Hand, ...]
    tickets: tuple[tuple[int, ...], ...]
    owner: tuple[int | None, ...]
    stations: dict[str, int]
    ticket_deck: tuple[int, ...]  # the top ticket is the last one
    box: tuple[int, ...]  # tickets out of the game
    set_aside: tuple[int, ...]  # opening tickets returned, to shuffle under the deck (V2, V4)
    opening_queue: tuple[TicketOffer, ...]
    offer: TicketOffer | None
    tunnel: TunnelAttempt | None
    phase: str
    current_player: int
    turn: int  # completed turns
    final_turns_left: int | None
    triggered_by: int | None
    passes_in_row: int
    loop_guard: bool  # the D9 guard has left 3 or more locomotives face up
    counts: dict[str, int]  # statistics: market resets, reshuffles, passes...
    # derived (not saved)
    trains: tuple[int, ...]
    route_points: tuple[int, ...]
    stations_left: tuple[int, ...]
    open: OpenLists  # [pay class] -> route ids open to a seat unless barred to it
    barred: Barred  # [seat] -> listed route ids closed to that seat (C5)

    def copy(self) -> State:
        """An independent copy (the values are shared: none is ever changed in place)."""
        return State(*snapshot(self))


FIELDS = tuple(f.name for f in fields(State))
DERIVED = ("trains", "route_points", "stations_left", "open", "barred")
SAVED = tuple(name for name in FIELDS if name not in DERIVED)


Record = tuple[Any, ...]
"""An undo record: ``(restorer, events before the action, action, *values)``, the values of the
fields that kind of action may change (one tuple per action: the garbage collector's work grows
with what the undo stack keeps)."""
Recorder = Callable[[State, Any, int], Record]
"""Makes the undo record of an action: ``recorder(state, action, events before it)``."""


# The undo records and the snapshot are derived from the lists of fields (ttr.turn.CHANGES for
# each kind of action, FIELDS for the snapshot), as functions made from source text, the way
# dataclasses makes __init__: plain attribute loads and stores, as fast as written out by hand
# (operator.attrgetter, the readable alternative, made every action 5% slower).


def _made(name: str, source: str, **namespace: Any) -> Any:
    """The function ``name`` defined by ``source`` (made from a list of fields, not user input)."""
    exec(source, namespace)
    return namespace[name]


def _values(names: Sequence[str]) -> str:
    """``"s.rng, s.deck, "``: the fields ``names`` of a state ``s``, as source text."""
    unknown = set(names) - set(FIELDS)
    assert not unknown, f"not fields of the state: {sorted(unknown)}"
    return "".join(f"s.{name}, " for name in FIELDS if name in names)


def recorder(names: Sequence[str]) -> Recorder:
    """The maker of the undo records of a kind of action that may change the fields ``names``
    (:data:`ttr.turn.CHANGES`, the one table of what each action changes). A record holds the
    function that puts its values back first (:func:`undo` calls it), then the number of events
    before the action, the action, and the values of those fields in :data:`FIELDS` order."""
    values = _values(names)
    restore = _made("restore", f"def restore(s, v):\n    (_, _, _, {values}) = v\n")
    record: Recorder = _made(
        "record",
        f"def record(s, action, mark):\n    return (restore, mark, action, {values})\n",
        restore=restore,
    )
    return record


snapshot: Callable[[State], tuple[Any, ...]] = _made(
    "snapshot", f"def snapshot(s):\n    return ({_values(FIELDS)})\n"
)
"""The values of every field of a state, as a tuple (``State(*snapshot(s))`` copies it)."""


def undo(state: State, record: Record) -> None:
    """Put the values of an undo record back into ``state``."""
    record[0](state, record)


ACTION = 2
"""Where an undo record holds its action."""


def empty_state(setup: Setup, rng: RandomState | random.Random) -> State:
    """The state before the deal: no cards dealt, no tickets, nothing on the board.

    A generator ``rng`` (a caller's) is used itself until :func:`freeze`.
    """
    n = setup.num_players
    rules = setup.rules
    owner = (None,) * len(setup.board.routes)
    open_lists, barred = open_routes(setup.board, setup.classes, owner, n, setup.double_lock)
    state = State(
        rng=rng,
        deck=(),
        top=0,
        discard=(),
        market=(None,) * rules.market_size,
        out=(),
        hands=(EMPTY_HAND,) * n,
        tickets=((),) * n,
        owner=owner,
        stations={},
        ticket_deck=(),
        box=(),
        set_aside=(),
        opening_queue=(),
        offer=None,
        tunnel=None,
        phase=OPENING,
        current_player=0,
        turn=0,
        final_turns_left=None,
        triggered_by=None,
        passes_in_row=0,
        loop_guard=False,
        counts={},
        trains=(rules.trains,) * n,
        route_points=(0,) * n,
        stations_left=(rules.stations,) * n,
        open=open_lists,
        barred=barred,
    )
    return state


def freeze(state: State) -> None:
    """End a deal made with a caller's generator: the game goes on from a value of its state."""
    if isinstance(state.rng, random.Random):
        state.rng = RandomState(state.rng.getstate())


def derive(setup: Setup, state: State) -> None:
    """Work out the derived fields from the saved ones (after staging or loading)."""
    rules, routes = setup.rules, setup.board.routes
    trains = [rules.trains] * setup.num_players
    points = [0] * setup.num_players
    for route, owner in zip(routes, state.owner, strict=True):
        if owner is not None:
            trains[owner] -= route.length
            points[owner] += rules.route_points[route.length]
    built = [0] * setup.num_players
    for owner in state.stations.values():
        built[owner] += 1
    state.trains = tuple(trains)
    state.route_points = tuple(points)
    state.stations_left = tuple(rules.stations - b for b in built)
    state.open, state.barred = open_routes(
        setup.board, setup.classes, state.owner, setup.num_players, setup.double_lock
    )


REBASE = 16
"""Shuffles a :class:`RandomState` counts before a new base is taken (``getstate()``): what bounds
the work of setting the generator to a value (the seed or base, then the shuffles again)."""
_THREAD: Any = threading.local()
"""Each thread's live generator: ``rng``, the generator that follows the game being played on
that thread, and ``value``, the :class:`RandomState` it is in (kept, so that value's id is never
reused). One per thread, so that seeded games played on several threads at once draw what they
draw alone (``tests/test_threads.py``)."""


def _live() -> dict[str, Any]:
    """This thread's live generator and its value (made on the thread's first use)."""
    live: dict[str, Any] = _THREAD.__dict__
    if not live:
        live["rng"], live["value"] = random.Random(0), None
    return live


def generator(value: RandomState) -> random.Random:
    """A generator in the state ``value``: this thread's live one, set to ``value`` first if
    needed."""
    live = _live()
    rng: random.Random = live["rng"]
    if live["value"] is not value:
        base = value.base
        if isinstance(base, int):
            rng.seed(base)
        else:
            rng.setstate(base)
        for size in value.shuffles:
            _shuffle(rng, [0] * size)
        live["value"] = value
    return rng


def generator_state(value: RandomState | tuple[Any, ...]) -> tuple[Any, ...]:
    """The :meth:`random.Random.getstate` value of a game's generator state."""
    if isinstance(value, RandomState):
        return generator(value).getstate()
    return value


def shuffled(state: State, items: Sequence[Any]) -> list[Any]:
    """``items`` shuffled with the game's generator, which moves on (the only use of chance).

    The same order as :meth:`random.Random.shuffle` gives, from the same generator state.
    """
    result = list(items)
    value = state.rng
    if isinstance(value, random.Random):  # a caller's generator, in the deal
        value.shuffle(result)
        return result
    if not isinstance(value, RandomState):  # a getstate() value, set by hand
        value = RandomState(value)
    rng = generator(value)
    if len(result) < 2:  # no random number drawn
        return result
    _shuffle(rng, result)
    if len(value.shuffles) < REBASE:
        value = RandomState(value.base, (*value.shuffles, len(result)))
    else:
        value = RandomState(rng.getstate())
    state.rng = _live()["value"] = value
    return result


_BITS = tuple(n.bit_length() for n in range(256))


def _shuffle(rng: random.Random, items: list[Any]) -> None:
    """:meth:`random.Random.shuffle` (Python 3.11-3.13), with its ``_randbelow`` inlined: the
    same numbers drawn, the same order, half the time. ``rng`` is a plain ``random.Random``."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = bits[n] if n < 256 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def bump(state: State, name: str) -> None:
    """Count one more ``name`` in the game's statistics."""
    counts = dict(state.counts)
    counts[name] = counts.get(name, 0) + 1
    state.counts = counts
