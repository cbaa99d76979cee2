"""Structured events: what happened at each step of a game, as data.

Every event has a ``kind`` (a short name such as ``"draw"`` or ``"tunnel_reveal"``) and ``data``
(the cards, routes, counts involved), so a widget or a statistic reads what happened without
parsing text. Chance outcomes are events too: each card drawn blind, each card turned up in the
market, the cards a tunnel reveals, every reshuffle and market reset. ``event.text`` is the plain
narration, rendered from the data by :mod:`ttr.narration` when it is read, in the language in
force (English by default, see :mod:`ttr.i18n`); an empty string for the silent events, such as
a card turned up to refill the market; ``event.lines`` splits it into the lines a log shows.

Events are recorded only when the game records (``Game(record=True)``, the default).

An event is public, or it belongs to a seat: a card drawn blind, the tickets drawn and the
tickets kept hold data (:data:`SECRET`) that only the player who drew them may read.
:meth:`Event.seen_by` is the event as one seat may read it (the secret values masked as None),
and :meth:`ttr.game.Game.events_for` the whole log as that seat may read it: the narration a
seat is shown, the play table's log and the environment's text all read that, never the
secrets.

The kinds and their data:

=================== ====================================================================
``setup``           the deal begins (S1-S2)
``deal_tickets``    the opening tickets are dealt (S4, S5, V1-V4)
``reshuffle``       ``size``, ``rule``: the discard pile became a new deck (D7, C9)
``turned_up``       ``slot``, ``card``: a card turned up to refill a taken slot (D2)
``slot_empty``      ``slot``: nothing left to refill a slot with (D7)
``refilled``        ``cards`` (slot -> card): the end-of-turn refill (D7)
``market_reset``    ``discarded``, ``market``, ``locomotives``, ``rule``: (D6, S3)
``loop_guard``      ``locomotives`` and ``others``, or ``resets``: the D9 guard stops
``draw``            ``slot`` (None: the deck), ``card`` (D1)
``whole_draw``      a face-up locomotive taken first ends the draw (D3)
``short_draw``      no second card exists (D8)
``claim``           ``route``, ``color``, ``colored``, ``locomotives``, ``tunnel`` (C1-C2)
``tunnel_reveal``   ``route``, ``cards``, ``wanted``, ``color``, ``extra``, ``can_pay`` (C7, C9)
``pay_tunnel``      ``route``, ``color``, ``colored``, ``locomotives`` (C7)
``decline``         ``route`` (C8)
``route``           ``route``, ``points``, ``trains_left``, ``double_closed`` (C3, C5)
``draw_tickets``    ``tickets`` (K1)
``keep``            ``kept``, ``returned``, ``where``, ``rule`` (S4-S5, K1, V2, V4)
``returned_shuffled`` ``count``, ``rule``: set-aside tickets go under the deck (V2, V4)
``opening_done``    ``first``: the first player (S6)
``station``         ``city``, ``nth``, ``color``, ``colored``, ``locomotives`` (ST1-ST2)
``pass``            no legal action (T2)
``final_round``     ``trains``: the end is triggered (E1)
``game_over``       ``reason``: ``"final_round"`` or ``"all_passed"`` (E1, T2)
``staged``          a scenario set the position up
=================== ====================================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ttr import narration
from ttr.text import sentences

if TYPE_CHECKING:
    from ttr.state import Setup


class Kind(StrEnum):
    """The kinds of event (the table above). A kind is a ``str``: ``Kind.DRAW == "draw"``.

    Reading a member through the class (``Kind.DRAW``) costs some 70 ns on CPython 3.11, whose
    ``EnumType`` has a ``__getattr__`` (gone in 3.12): the rules, which write an event or two
    every action, read the kinds they write once, into names of their modules (``KIND_DRAW``).
    """

    SETUP = "setup"
    DEAL_TICKETS = "deal_tickets"
    RESHUFFLE = "reshuffle"
    TURNED_UP = "turned_up"
    SLOT_EMPTY = "slot_empty"
    REFILLED = "refilled"
    MARKET_RESET = "market_reset"
    LOOP_GUARD = "loop_guard"
    DRAW = "draw"
    WHOLE_DRAW = "whole_draw"
    SHORT_DRAW = "short_draw"
    CLAIM = "claim"
    TUNNEL_REVEAL = "tunnel_reveal"
    PAY_TUNNEL = "pay_tunnel"
    DECLINE = "decline"
    ROUTE = "route"
    DRAW_TICKETS = "draw_tickets"
    KEEP = "keep"
    RETURNED_SHUFFLED = "returned_shuffled"
    OPENING_DONE = "opening_done"
    STATION = "station"
    PASS = "pass"
    FINAL_ROUND = "final_round"
    GAME_OVER = "game_over"
    STAGED = "staged"


SECRET: dict[str, tuple[str, ...]] = {
    Kind.DRAW: ("card",),  # only a card drawn from the deck (``slot`` None): D1, D10
    Kind.DRAW_TICKETS: ("tickets",),  # which tickets were drawn (K1); how many is public
    Kind.KEEP: ("kept", "returned"),  # which were kept and returned; how many is public
}
"""The data of each kind that only the event's player may read. A masked value keeps its shape:
a card becomes None, a list of tickets a list of as many Nones, so that what the others may
know (how many) stays readable."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at ``step`` (0 = the deal, k = the k-th action), to ``player``.

    :attr:`secret` names the keys of ``data`` that only ``player`` may read (none: a public
    event).
    """

    step: int
    player: int | None
    kind: Kind
    data: dict[str, Any]
    setup: Setup = field(compare=False, repr=False)

    @property
    def text(self) -> str:
        """The narration of this event in the language in force ("" for a silent event)."""
        return sentences(self.lines)

    @property
    def lines(self) -> list[str]:
        """The narration as lines (most events have one; silent events none)."""
        return narration.lines(self)

    @property
    def secret(self) -> tuple[str, ...]:
        """The keys of ``data`` that only ``player`` may read (:data:`SECRET`); empty for a
        public event. Worked out when asked, so that recording an event costs nothing more."""
        if self.kind == Kind.DRAW and self.data["slot"] is not None:
            return ()  # a face-up card: everyone saw it
        return SECRET.get(self.kind, ())

    @property
    def visibility(self) -> int | None:
        """Who may read the whole event: None for everyone (a public event), else the seat it
        belongs to."""
        return self.player if self.secret else None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) may read the whole event."""
        return not self.secret or (seat is not None and seat == self.player)

    def public(self) -> Event:
        """The event as the other seats may read it: its secret values masked as None."""
        if not self.secret:
            return self
        data = dict(self.data)
        for key in self.secret:
            value = data[key]
            data[key] = [None] * len(value) if isinstance(value, list | tuple) else None
        return replace(self, data=data)

    def seen_by(self, seat: int | None) -> Event:
        """The event as ``seat`` (None: a spectator) may read it."""
        return self if self.visible_to(seat) else self.public()


class Log:
    """Where the rules write the events of one step (only while the game records)."""

    __slots__ = ("events", "setup", "step")

    def __init__(self, events: list[Event], setup: Setup, step: int):
        self.events = events
        self.setup = setup
        self.step = step

    def add(self, kind: Kind, player: int | None, **data: Any) -> None:
        self.events.append(Event(self.step, player, kind, data, self.setup))
