"""The project's errors: one base class, a subclass for each kind of bad input.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all, and the message
is one readable line. An :class:`IllegalAction` also carries the rule id that refuses the action
(``err.rule == "D4"``); its message starts with that id.
"""

from __future__ import annotations

from typing import Any

from ttr.i18n import Message, TTRError

# TTRError, the base class, is defined beside Message in ttr.i18n (a refusal is a message, and
# setting an unknown language is refused with one); it is re-exported here with its subclasses.


class IllegalAction(TTRError):
    """An action the rules do not allow now. ``rule`` is the rule id; the message starts with it.

    ``reason`` is a message template, filled in with ``fields`` and translated when read.

    >>> err = IllegalAction("D4", "a face-up locomotive cannot be the second card")
    >>> err.rule, str(err)
    ('D4', 'D4: a face-up locomotive cannot be the second card')
    >>> str(IllegalAction("D7", "face-up slot {slot} is empty", slot=3))
    'D7: face-up slot 3 is empty'
    """

    def __init__(self, rule: str, reason: str | Message, /, **fields: Any):
        self.rule = rule
        self._reason = reason  # BaseException.__new__ has set args to (rule, reason)
        self._fields = fields

    @property
    def reason(self) -> str:
        """Why the action is refused, without the rule id, in the language in force."""
        return str(self.message)

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"

    def __reduce__(self) -> tuple[Any, ...]:  # picklable across worker processes
        return (_illegal, (type(self), self.rule, self.message))


def _illegal(kind: type[IllegalAction], rule: str, message: Message) -> IllegalAction:
    return kind(rule, message)


class NotationError(TTRError):
    """Text that does not read as an action."""


class UnknownReference(TTRError):
    """A city, route or ticket named in text that is not on the board."""


class UnknownMap(TTRError):
    """A map name that is not one of the boards."""


class UnknownRuleSet(TTRError):
    """A rule set or variant name that is not one of the presets."""


class PlayerError(TTRError):
    """A player count or list of player names that the rules do not allow."""


class DataError(TTRError):
    """A map or ticket file that does not hold what it should (names the file, line and field)."""


class ScenarioError(TTRError):
    """A scenario or position file that cannot be used; the message names the field or step."""


class SaveError(TTRError):
    """A saved game that cannot be loaded; the message names the field."""


def preview(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to about ``limit`` characters: error messages never echo huge input."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."
