"""Small helpers for the notebooks: check a learner's answer without printing it, and say a
lesson's own words in the reader's language.

>>> check(None, "9")
Fill in your answer above, then run this cell again.
>>> check(9, answer_digest(9))
Correct!
>>> say("thrown away: {cards:colour list}", cards=["green", "loco"])
'thrown away: green, loco'
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from ttr.i18n import prender, render

LESSON = "lesson"
"""The catalogue context of the rule notebooks' own words (:func:`say`)."""


def _normal(value: Any) -> str:
    """A canonical text for an answer: numbers, strings (case and spaces ignored), lists, sets."""
    if isinstance(value, str):
        return " ".join(value.casefold().split())
    if isinstance(value, set | frozenset):
        return json.dumps(sorted(_normal(v) for v in value))
    if isinstance(value, list | tuple):
        return json.dumps([_normal(v) for v in value])
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return json.dumps(value, sort_keys=True, default=str)


def answer_digest(value: Any) -> str:
    """A short fingerprint of an answer, so a notebook can check it without giving it away."""
    return hashlib.sha256(_normal(value).encode()).hexdigest()[:12]


def is_correct(answer: Any, expected: str) -> bool:
    """Whether ``answer`` matches ``expected``: a fingerprint from :func:`answer_digest`, or the
    plain answer as text when there is nothing to hide."""
    return answer_digest(answer) == expected or _normal(answer) == _normal(expected)


def check(answer: Any, expected: str, hint: str = "") -> None:
    """Print whether the learner's ``answer`` is right (see :func:`is_correct`), in the language
    in force (:mod:`ttr.i18n`)."""
    if answer is None or answer is ...:
        print(render("Fill in your answer above, then run this cell again."))
    elif is_correct(answer, expected):
        print(render("Correct!"))
    elif hint:
        print(render("Not yet. Hint: {hint}", hint=hint))
    else:
        print(render("Not yet."))


def say(template: str, /, **fields: Any) -> str:
    """A rule notebook's own words (a line its code prints, a table's heading, a map's title) in
    the language in force: ``template`` is a catalogue entry of the context :data:`LESSON`
    (``tests/catalogue.py`` collects the ``say("...")`` calls of ``notebooks/0*.ipynb``, whose
    code cells the Korean and Chinese editions share), its fields filled in with the format specs
    of :mod:`ttr.i18n` (``{card:colour}``, ``{cards:colour list}``, ``{n:#train}``...)."""
    return prender(LESSON, template, **fields)
