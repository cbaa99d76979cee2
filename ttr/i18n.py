"""What the engine says, in the reader's language: English (the default), Korean (``"ko"``) or
Simplified Chinese (``"zh"``).

The messages are written in English in the code and translated by the standard library's
:mod:`gettext` from the catalogue ``ttr/locale/<language>/LC_MESSAGES/ttr.mo``, compiled from the
``ttr.po`` beside it. Choose the language with :func:`set_language` (``ttr.set_language("ko")``,
``ttr.set_language("zh")``) or the environment variable ``TTR_LANG``, read when the first
message is shown; the catalogue loads then too, so ``import ttr`` pays nothing for it.

A message is a template whose fields are filled in when it is shown: :class:`Message` keeps the
template and its values until it is read, so a refusal that nobody reads costs no translation.
A field's format spec says how to say its value in the language in force:

==================== ===================================================================
``{n:#train}``       a count of something: ``"1 train"``, ``"3 trains"`` (the nouns of
                     :data:`COUNTED`; ``#colour card`` takes ``(count, colour)``)
``{color:colour}``   a colour word: ``"red"``, ``"gray"``, ``"loco"``
``{colors:colours}`` several colour words: ``"blue and red"`` (``colour list``: ``"blue, red"``)
``{card:card}``      a card by its name: ``"red card"``, ``"locomotive"``
``{cards:cards}``    several cards by name, separated by commas
``{paid:payment}``   a payment ``(colour, colored, locomotives)``: ``"red red loco"``
``{ref:route}``      a route reference such as ``"Paris-Bruxelles (yellow)"``, colour said
``{nth:ordinal}``    an ordinal word: ``"first"`` ... ``"fifth"``
``{title:text}``     a text that is itself a catalogue entry (a rule set's title)
``{board:word}``     one of the engine's short :data:`WORDS`: ``"usa"``, ``"city"``
==================== ===================================================================

Any other field is shown as it is (a :class:`Message` value is rendered first).

The views (:mod:`ttr.views.widgets`, :mod:`ttr.apps`) and the command line speak through the same
catalogue: a widget's labels are rendered when it is created (or redrawn), so it speaks the
language in force then. A short word that means different things in different places (a button's
"Keep", a table's "tickets") is marked with a context: ``prender("button", "Keep")``.

>>> empty = Message("face-up slot {slot} is empty", slot=3)
>>> print(empty)
face-up slot 3 is empty
>>> with language("ko"):
...     print(empty)
공개 카드 3번 자리가 비어 있습니다
"""

from __future__ import annotations

import os
import re
import string
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import gettext as _gettext

__all__ = [
    "COUNTED",
    "DOMAIN",
    "ENV",
    "LANGUAGES",
    "Message",
    "N_",
    "SPECS",
    "Nn_",
    "Np_",
    "get_language",
    "gettext",
    "language",
    "ngettext",
    "fill",
    "pgettext",
    "prender",
    "render",
    "set_language",
    "TTRError",
]

DOMAIN = "ttr"
"""The gettext domain: the catalogues are ``ttr/locale/<language>/LC_MESSAGES/ttr.mo``."""
LANGUAGES = ("en", "ko", "zh")
"""The languages the engine speaks; English is the default and has no catalogue."""
ENV = "TTR_LANG"
"""The environment variable that chooses the language (``TTR_LANG=ko``)."""

_language: str | None = None  # None: not chosen yet (TTR_LANG decides on first use)
_catalogues: dict[str, _gettext.NullTranslations] = {}


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it (it is translated when shown)."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair for the catalogue (see :func:`ngettext`)."""
    return singular, plural


def Np_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogue (see :func:`pgettext`)."""
    return message


def _normal(name: str) -> str:
    """``"ko_KR.UTF-8"`` -> ``"ko"``; ``"EN"`` -> ``"en"``."""
    return re.split(r"[_.@-]", name.strip().lower(), maxsplit=1)[0]


def set_language(name: str) -> None:
    """Speak ``name`` from now on: ``"en"`` (English), ``"ko"`` (Korean, 한국어) or ``"zh"``
    (Simplified Chinese, 中文)."""
    code = _normal(name) if isinstance(name, str) else ""
    if code not in LANGUAGES:
        raise TTRError(f"unknown language {name!r}: the engine speaks {', '.join(LANGUAGES)}")
    global _language
    _language = code


def get_language() -> str:
    """The language in force: the last :func:`set_language`, else ``TTR_LANG``, else English."""
    global _language
    if _language is None:
        code = _normal(os.environ.get(ENV, ""))
        _language = code if code in LANGUAGES else "en"
    return _language


@contextmanager
def language(name: str) -> Iterator[None]:
    """Speak ``name`` inside a ``with`` block, then the language that was in force before."""
    before = get_language()
    set_language(name)
    try:
        yield
    finally:
        set_language(before)


def catalogue(name: str | None = None) -> _gettext.NullTranslations:
    """The translations of ``name`` (default: the language in force), loaded on first use."""
    code = get_language() if name is None else name
    found = _catalogues.get(code)
    if found is None:
        import gettext as _gettext
        from importlib import resources

        if code == "en":
            found = _gettext.NullTranslations()
        else:
            path = resources.files("ttr") / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
            with path.open("rb") as file:
                found = _gettext.GNUTranslations(file)
        _catalogues[code] = found
    return found


def gettext(message: str) -> str:
    """``message`` in the language in force (itself when the catalogue has no entry for it)."""
    return catalogue().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in force."""
    return catalogue().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (a colour word, an ordinal), in the language in force."""
    return catalogue().pgettext(context, message)


COUNTED: dict[str, tuple[str, str]] = {
    "train": Nn_("{n} train", "{n} trains"),
    "point": Nn_("{n} point", "{n} points"),
    "card": Nn_("{n} card", "{n} cards"),
    "colour card": Nn_("{n} {color} card", "{n} {color} cards"),
    "extra card": Nn_("{n} extra card", "{n} extra cards"),
    "more card": Nn_("{n} more card", "{n} more cards"),
    "other card": Nn_("{n} other card", "{n} other cards"),
    "locomotive": Nn_("{n} locomotive", "{n} locomotives"),
    "more locomotive": Nn_("{n} more locomotive", "{n} more locomotives"),
    "ticket": Nn_("{n} ticket", "{n} tickets"),
    "long ticket": Nn_("{n} long ticket", "{n} long tickets"),
    "destination ticket": Nn_("{n} destination ticket", "{n} destination tickets"),
    "route": Nn_("{n} route", "{n} routes"),
    "more route": Nn_("{n} more route", "{n} more routes"),
    "station": Nn_("{n} station", "{n} stations"),
    "turn": Nn_("{n} turn", "{n} turns"),
    "way": Nn_("{n} way", "{n} ways"),
}
"""The nouns a message counts (``{n:#train}``), singular and plural."""

COLOUR_WORDS = (
    Np_("colour", "pink"),
    Np_("colour", "white"),
    Np_("colour", "blue"),
    Np_("colour", "yellow"),
    Np_("colour", "orange"),
    Np_("colour", "black"),
    Np_("colour", "red"),
    Np_("colour", "green"),
    Np_("colour", "loco"),
    Np_("colour", "gray"),
)
"""The colour words of the cards and routes (``{color:colour}``)."""

ORDINAL_WORDS = (
    Np_("ordinal", "first"),
    Np_("ordinal", "second"),
    Np_("ordinal", "third"),
    Np_("ordinal", "fourth"),
    Np_("ordinal", "fifth"),
)
"""The ordinal words (``{nth:ordinal}``): a player's first to fifth station."""

WORDS = (
    Np_("word", "usa"),
    Np_("word", "europe"),
    Np_("word", "city"),
    Np_("word", "route"),
    Np_("word", "ticket"),
)
"""The engine's short words (``{board:word}``): the boards' names and what a name names."""

_LOCOMOTIVE = "loco"
_REF = re.compile(r"(?P<cities>.+) \((?P<color>[a-z]+)\)")


def _colour(value: str) -> str:
    return pgettext("colour", value)


def _card(value: str) -> str:
    if value == _LOCOMOTIVE:
        return gettext("locomotive")
    return gettext("{color} card").format(color=_colour(value))


def _cards(value: Any) -> str:
    return ", ".join(_card(card) for card in value)


def _colours(value: Any) -> str:
    return pgettext("colours", " and ").join(_colour(color) for color in value)


def _colour_list(value: Any) -> str:
    return pgettext("colour list", ", ").join(_colour(color) for color in value)


def _payment(value: tuple[str | None, int, int]) -> str:
    color, colored, locomotives = value
    fields = {
        "color": _colour(color) if color else "",
        "colored": colored,
        "locomotives": locomotives,
        "color_words": " ".join([color] * colored) if color else "",
        "loco_words": " ".join([_LOCOMOTIVE] * locomotives),
    }
    if color and colored and locomotives:
        template = pgettext("payment", "{color_words} {loco_words}")
    elif color and colored:
        template = pgettext("payment", "{color_words}")
    else:
        template = pgettext("payment", "{loco_words}")
    return template.format(**fields)


def _route(value: str) -> str:
    match = _REF.fullmatch(value)
    if match is None:
        return value
    return f"{match['cities']} ({_colour(match['color'])})"


def _count(noun: str, value: Any) -> str:
    number, color = value if isinstance(value, tuple) else (value, None)
    singular, plural = COUNTED[noun]
    text = ngettext(singular, plural, number)
    return text.format(n=number, color=_colour(color) if color else "")


SPECS: Mapping[str, Callable[[Any], str]] = {
    "colour": _colour,
    "card": _card,
    "cards": _cards,
    "colours": _colours,
    "colour list": _colour_list,
    "payment": _payment,
    "route": _route,
    "ordinal": lambda value: pgettext("ordinal", value),
    "text": gettext,
    "word": lambda value: pgettext("word", value),
}
"""How a field with each format spec is said (a spec starting with ``#`` counts a noun)."""


class _Formatter(string.Formatter):
    """``str.format`` with the format specs of this module (see its docstring)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("#"):
            return _count(format_spec[1:], value)
        say = SPECS.get(format_spec)
        if say is not None:
            return say(value)
        return format(str(value) if isinstance(value, Message) else value, format_spec)


_FORMATTER = _Formatter()


def render(template: str, /, **fields: Any) -> str:
    """``template`` translated into the language in force, its fields filled in."""
    text = gettext(template)
    return _FORMATTER.vformat(text, (), fields) if fields else text


def prender(context: str, template: str, /, **fields: Any) -> str:
    """:func:`render` for a ``template`` meant in ``context`` (a short word such as a table
    heading or a button's label, which may mean another thing elsewhere)."""
    text = pgettext(context, template)
    return _FORMATTER.vformat(text, (), fields) if fields else text


def fill(text: str, /, **fields: Any) -> str:
    """An already translated ``text`` (a :func:`gettext` or :func:`pgettext` of a template
    marked with :func:`N_` or :func:`Np_`) with its fields filled in, format specs said in the
    language in force."""
    return _FORMATTER.vformat(text, (), fields)


class Message:
    """A message shown later: its template and field values, rendered when read (``str``).

    >>> str(Message("{card:card} drawn", card="loco"))
    'locomotive drawn'
    """

    __slots__ = ("fields", "template")

    def __init__(self, template: str, /, **fields: Any):
        self.template = template
        self.fields = fields

    def __str__(self) -> str:
        return render(self.template, **self.fields)

    def __format__(self, format_spec: str) -> str:
        return format(str(self), format_spec)

    def __repr__(self) -> str:
        return f"Message({self.template!r}, **{self.fields!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.template, self.fields) == (other.template, other.fields)

    __hash__ = None  # type: ignore[assignment]  # the fields are a dict


class TTRError(ValueError):
    """The base class of every error this project raises on bad input (:mod:`ttr.errors` has the
    subclasses and re-exports it; it lives here, beside :class:`Message`, so that this module
    needs nothing from there).

    The message is a template filled in with ``fields`` and translated into the language in
    force (this module) only when it is read, so an error nobody reads costs nothing more
    than the object; a plain text without fields is shown as it is (or as the catalogue says).

    >>> str(TTRError("unknown card {card}: expected a colour or 'loco'", card="'purple'"))
    "unknown card 'purple': expected a colour or 'loco'"
    """

    def __init__(self, reason: str | Message = "", /, **fields: Any):
        self._reason = reason  # BaseException.__new__ has set args to the positional arguments
        self._fields = fields

    @property
    def message(self) -> Message:
        """The message as a :class:`Message` (its template and field values)."""
        reason = self._reason
        return reason if isinstance(reason, Message) else Message(reason, **self._fields)

    def __str__(self) -> str:
        return str(self.message)
