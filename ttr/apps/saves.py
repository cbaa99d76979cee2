"""The play table's file: :func:`table_dict` writes a :class:`~ttr.apps.session.PlayModel` as
JSON-ready data (the seats, the settings and the whole game), :func:`read_table` reads it back,
refusing a bad field with :class:`~ttr.errors.SaveError` naming it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ttr.apps.seats import SPEEDS, Seat, check_who
from ttr.apps.table_model import TableModel
from ttr.errors import SaveError, TTRError, preview
from ttr.game import Game

__all__ = ["FORMAT", "VERSION", "read_table", "table_dict"]

FORMAT, VERSION = "ttr-play-table", 1
"""The ``format`` and ``version`` fields of a saved table."""
Model = TypeVar("Model")


def table_dict(model: TableModel) -> dict[str, Any]:
    """The table as JSON-ready data: the seats, the settings and the whole game."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "seats": [{"name": s.name, "who": s.who} for s in model.seats],
        "seed": model.seed,
        "speed": model.speed,
        "teacher": model.teacher,
        "game": model.game.to_dict(),
    }


def read_table(cls: Callable[..., Model], data: Any) -> Model:
    """A table saved by :meth:`to_dict`; a bad field raises :class:`SaveError` naming it.
    The bots start afresh from their seeds."""
    if not isinstance(data, dict):
        raise SaveError("expected a JSON object {obj} at the top", obj="{...}")
    if data.get("format") != FORMAT:
        raise SaveError(
            "field 'format': expected {expected!r}, not {value}",
            expected=FORMAT,
            value=preview(data.get("format")),
        )
    if data.get("version") != VERSION:
        raise SaveError(
            "field 'version': expected {expected}, not {value}",
            expected=VERSION,
            value=preview(data.get("version")),
        )
    unknown = sorted(set(data) - {"format", "version", "seats", "seed", "speed", "teacher", "game"})
    if unknown:
        raise SaveError("unknown field {value}", value=preview(unknown[0]))
    seed, speed, teacher = data.get("seed"), data.get("speed"), data.get("teacher")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise SaveError("field 'seed': expected a whole number, not {value}", value=preview(seed))
    if speed not in SPEEDS:
        raise SaveError(
            "field 'speed': expected one of {known}, not {value}",
            known=", ".join(SPEEDS),
            value=preview(speed),
        )
    if type(teacher) is not bool:
        raise SaveError(
            "field 'teacher': expected true or false, not {value}", value=preview(teacher)
        )
    game = Game.from_dict(data.get("game"))
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != game.num_players:
        raise SaveError(
            "field 'seats': expected one seat per player ({players})", players=game.num_players
        )
    chosen = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"name", "who"}:
            raise SaveError('field \'seats[{i}]\': expected {{"name": ..., "who": ...}}', i=i)
        if seat["name"] != game.players[i]:
            raise SaveError(
                "field 'seats[{i}].name': {value} is not the game's player {name!r}",
                i=i,
                value=preview(seat["name"]),
                name=game.players[i],
            )
        chosen.append(Seat(seat["name"], check_who(seat["who"], f"seats[{i}].who", SaveError)))
    try:
        return cls(game, chosen, seed=seed, speed=speed, teacher=teacher)
    except TTRError as err:
        raise SaveError("field 'seats': {reason}", reason=err.message) from None
