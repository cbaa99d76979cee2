"""What the play table's view and its file read of the table's model, as a protocol: the view
(:mod:`ttr.apps.view`) and the file format (:mod:`ttr.apps.saves`) depend on this, not on the
session (:mod:`ttr.apps.session`) that implements it, so the session can use them both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from ttr.actions import Action

if TYPE_CHECKING:
    from ttr.apps.coach import Note
    from ttr.apps.seats import Seat
    from ttr.board import Route
    from ttr.game import Game
    from ttr.scoring.breakdown import Outcome

__all__ = ["Option", "TableModel"]


@dataclass(frozen=True)
class Option:
    """One way to settle the choice in front of the person: a payment, or giving a tunnel up."""

    label: str
    action: Action


class TableModel(Protocol):
    """The play table's model as its view and its file see it (:class:`PlayModel`)."""

    game: Game
    seats: tuple[Seat, ...]
    seed: int
    speed: str
    teacher: bool
    actors: list[int]
    notes: list[Note]
    selection: Route | str | None
    ticked: set[int]
    hint_action: Action | None
    focus: str
    paused: bool
    viewer: int
    revealed: bool
    seq: int

    @property
    def to_play(self) -> int: ...

    @property
    def bot_to_play(self) -> bool: ...

    def is_human(self, seat: int) -> bool: ...

    def options(self) -> list[Option]: ...

    def outcome(self) -> Outcome | None: ...
