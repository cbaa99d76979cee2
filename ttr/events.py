"""Structured events: what happened at each step of a game, as data.

Every event has a ``kind`` (a short name such as ``"draw"`` or ``"tunnel_reveal"``) and ``data``
(the cards, routes, counts involved), so a widget or a statistic reads what happened without
parsing text. Chance outcomes are events too: each card drawn blind, each card turned up in the
market, the cards a tunnel reveals, every reshuffle and market reset. ``event.text`` is the plain
narration, rendered from the data by :mod:`ttr.narration` when it is read, in the language in
force (English by default, see :mod:`ttr.i18n`); an empty string for the silent events, such as
a card turned up to refill the market; ``event.lines`` splits it into the lines a log shows.

Events are recorded only when the game records (``Game(record=True)``, the default).

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

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttr.state import Setup


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened at ``step`` (0 = the deal, k = the k-th action), to ``player``."""

    step: int
    player: int | None
    kind: str
    data: dict[str, Any]
    setup: Setup = field(compare=False, repr=False)

    @property
    def text(self) -> str:
        """The narration of this event in the language in force ("" for a silent event)."""
        return " ".join(self.lines)

    @property
    def lines(self) -> list[str]:
        """The narration as lines (most events have one; silent events none)."""
        from ttr.narration import lines

        return lines(self)


class Log:
    """Where the rules write the events of one step (only while the game records)."""

    __slots__ = ("events", "setup", "step")

    def __init__(self, events: list[Event], setup: Setup, step: int):
        self.events = events
        self.setup = setup
        self.step = step

    def add(self, kind: str, player: int | None, **data: Any) -> None:
        self.events.append(Event(self.step, player, kind, data, self.setup))
