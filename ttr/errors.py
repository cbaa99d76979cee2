"""The project's errors: one base class, a subclass for each kind of bad input.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them all, and the message
is one readable line. An :class:`IllegalAction` also carries the rule id that refuses the action
(``err.rule == "D4"``); its message starts with that id.
"""

from __future__ import annotations


class TTRError(ValueError):
    """The base class of every error this project raises on bad input."""


class IllegalAction(TTRError):
    """An action the rules do not allow now. ``rule`` is the rule id; the message starts with it.

    >>> err = IllegalAction("D4", "a face-up locomotive cannot be the second card")
    >>> err.rule, str(err)
    ('D4', 'D4: a face-up locomotive cannot be the second card')
    """

    def __init__(self, rule: str, reason: str):
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason

    def __reduce__(self):  # picklable across worker processes
        return (type(self), (self.rule, self.reason))


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
