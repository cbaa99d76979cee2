"""Who sits at the play table: a person (:data:`HUMAN`) or a bot of
:func:`ttr.agents.make_agent`, how the table names each, and the speeds the bots may play at.

>>> seat_label("greedy"), Seat("Ann").is_bot, check_who("Greedy", "who", TTRError)
('greedy bot', False, 'greedy')
"""

from __future__ import annotations

from dataclasses import dataclass

from ttr.agents import parse_agent_name
from ttr.errors import TTRError, preview
from ttr.i18n import N_, Np_, gettext, render

__all__ = ["BOT_LABELS", "HUMAN", "SPEEDS", "SPEED_LABELS", "Seat", "check_who", "seat_label"]

HUMAN = "you"
"""The ``who`` of a seat played by a person at the table."""
BOT_LABELS = {
    "random": N_("random bot"),
    "greedy": N_("greedy bot"),
    "planner": N_("planner bot"),
    "long": N_("long-route bot"),
    "mcts": N_("search bot"),
}
"""The bots a seat may hold (names of :func:`ttr.agents.make_agent`), as the table names them."""
SPEEDS = ("instant", "one at a time", "autoplay")
"""How the bots' turns are played: all at once, one per request, or one per timer tick."""
SPEED_LABELS = {
    "instant": Np_("speed", "instant"),
    "one at a time": Np_("speed", "one at a time"),
    "autoplay": Np_("speed", "autoplay"),
}
"""How the table names each speed (``pgettext("speed", ...)`` in the language in force)."""


def seat_label(who: str) -> str:
    """``"you"`` -> ``"a person"``; ``"greedy"`` -> ``"greedy bot"``; ``"mcts:40"`` too."""
    if who == HUMAN:
        return render("a person")
    name = who.partition(":")[0]
    return gettext(BOT_LABELS[name]) if name in BOT_LABELS else render("{who} bot", who=who)


def check_who(who: object, field: str, error: type[TTRError]) -> str:
    """``who`` as a seat holds it (``"you"`` or a bot name, lower case), or ``error`` naming
    ``field``."""
    if not isinstance(who, str) or len(who) > 20:
        raise error(
            N_("field {field!r}: expected 'you' or a bot name, not {value}"),
            field=field,
            value=preview(who),
        )
    key = who.strip().lower()
    if key == HUMAN:
        return HUMAN
    try:
        name, budget = parse_agent_name(key)
    except TTRError as err:
        raise error(
            N_("field {field!r}: unknown seat {value}: {reason}"),
            field=field,
            value=preview(who),
            reason=err.message,
        ) from None
    return name if budget is None else f"{name}:{budget}"


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: ``name`` and ``who`` (:data:`HUMAN` or a bot name)."""

    name: str
    who: str = HUMAN

    @property
    def is_bot(self) -> bool:
        return self.who != HUMAN
