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
``{hand:counts}``    cards counted by kind, from ``{card: count}`` or a list of cards:
                     ``"2 red cards, 1 locomotive"``
``{paid:payment}``   a payment ``(colour, colored, locomotives)``: ``"red red loco"``
``{ref:route}``      a route reference such as ``"Paris-Bruxelles (yellow)"``, colour said
``{refs:routes}``    several route references, separated by commas
``{phase:phase}``    a phase of the game (``Game.phase``): ``"opening"``, ``"tunnel"``
``{nth:ordinal}``    an ordinal word: ``"first"`` ... ``"fifth"``
``{title:text}``     a text that is itself a catalogue entry (a rule set's title)
``{board:word}``     one of the engine's short :data:`WORDS`: ``"usa"``, ``"city"``
==================== ===================================================================

Any other field is shown as it is (a :class:`Message` value is rendered first).

A Korean particle depends on the sound it follows: 을 after a final consonant, 를 after a vowel.
After a field whose value varies (a name, a count, a route), a Korean template writes both, as
Korean does when it cannot tell (``{ref:route}은(는)``), and the filled-in text gets the one that
fits the word before it (:func:`with_particles`; ``Paris-Zürich (회색)는``, ``London은``).

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
import unicodedata
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
    "particle",
    "pgettext",
    "prender",
    "render",
    "set_language",
    "with_particles",
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
    return pgettext("list", ", ").join(_card(card) for card in value)


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
    # a double route: its cities and its colour (the brackets are the language's own)
    template = pgettext("route", "{cities} ({color})")
    return template.format(cities=match["cities"], color=_colour(match["color"]))


def _routes(value: Any) -> str:
    return pgettext("colour list", ", ").join(_route(ref) for ref in value)


def _count(noun: str, value: Any) -> str:
    number, color = value if isinstance(value, tuple) else (value, None)
    singular, plural = COUNTED[noun]
    text = ngettext(singular, plural, number)
    return text.format(n=number, color=_colour(color) if color else "")


def _counts(value: Any) -> str:
    """``{"red": 2, "loco": 1}`` (or ``["red", "loco", "red"]``) -> ``"2 red cards, 1
    locomotive"``: each kind once, in the order given, kinds of none left out."""
    if isinstance(value, Mapping):
        counts = dict(value)
    else:
        cards = list(value)
        counts = {card: cards.count(card) for card in cards}
    return pgettext("colour list", ", ").join(
        _count("locomotive", n) if card == _LOCOMOTIVE else _count("colour card", (n, card))
        for card, n in counts.items()
        if n
    )


SPECS: Mapping[str, Callable[[Any], str]] = {
    "colour": _colour,
    "card": _card,
    "cards": _cards,
    "colours": _colours,
    "colour list": _colour_list,
    "payment": _payment,
    "route": _route,
    "routes": _routes,
    "counts": _counts,
    "phase": lambda value: pgettext("phase", value),
    "ordinal": lambda value: pgettext("ordinal", value),
    "text": gettext,
    "word": lambda value: pgettext("word", value),
}
"""How a field with each format spec is said (a spec starting with ``#`` counts a noun)."""


PARTICLES: Mapping[str, tuple[str, str]] = {
    "을(를)": ("을", "를"),
    "은(는)": ("은", "는"),
    "이(가)": ("이", "가"),
    "과(와)": ("과", "와"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
    "(이)나": ("이나", "나"),
}
"""The Korean particles whose form depends on the sound before them, as a template writes them
(``을(를)``): the form after a final consonant, then the form after a vowel (and, for ``(으)로``,
after a final ㄹ)."""

_RIEUL = 8  # the index of ㄹ among the final consonants of a Hangul syllable
_SYLLABLES = range(0xAC00, 0xD7A4)
_DIGIT_FINALS = (21, 8, 0, 16, 0, 0, 1, 8, 8, 0)
"""The final consonant of each digit read in Korean: 영 (ㅇ), 일 (ㄹ), 이, 삼 (ㅁ), 사, 오, 육 (ㄱ),
칠 (ㄹ), 팔 (ㄹ), 구."""
_ZEROS_FINALS = {1: 17, 2: 1, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4}
"""The final consonant of a round number by its trailing zeros: 십 (ㅂ), 백 (ㄱ), 천 (ㄴ), 만 (ㄴ),
십만, 백만, 천만 (ㄴ); from 억 on (ㄱ)."""
_SPOKEN_FINALS = {"york": 1, "rock": 1, "winnipeg": 1, "bruxelles": _RIEUL, "cat": 19}
"""Names whose Korean reading ends otherwise than their spelling suggests: 뉴욕, 리틀록, 위니펙,
브뤼셀, 캣."""
_NASAL_FINALS = {"m": 16, "n": 4}
"""The final consonants ㅁ and ㄴ, by the letter that ends a word in them."""
_LETTER_FINALS = {"l": _RIEUL, **_NASAL_FINALS}
"""The letters whose Korean name ends in a consonant (엘, 엠, 엔); every other one ends in a vowel
(에이, 비, 씨, ...)."""
_LAST_NUMBER = re.compile(r"(\d+)(?:\.(\d+))?$")
_LAST_WORD = re.compile(r"[^\W\d_]+$")
"""The letters that end a text (of any alphabet)."""
_MARKER = re.compile("|".join(re.escape(marker) for marker in PARTICLES))
_CLOSING = {")": "(", "]": "[", "}": "{", "'": "'", '"': '"', "’": "‘", "”": "“", "»": "«"}


def _latin_final(word: str) -> int:
    """The final consonant of ``word`` (Latin letters) as Korean reads it, by its spelling: a
    word ending in m, n or ng (or in a vowel and a silent me or ne) ends in that consonant
    (London, Amsterdam, Washington, None), in l or le in ㄹ (Montreal, Seattle, Nashville), and
    every other one, whose last letter Korean reads with a vowel after it, in a vowel (Paris,
    Zürich, Madrid, Marseille); a short word in capitals is read letter by letter (USA)."""
    if word.isupper() and len(word) <= 4:
        return _LETTER_FINALS.get(word[-1].lower(), 0)
    word = word.lower()
    if word in _SPOKEN_FINALS:
        return _SPOKEN_FINALS[word]
    if word.endswith("ng"):
        return 21
    if word.endswith("ck"):
        return 1
    if word.endswith("l") or (word.endswith("le") and not word.endswith("eille")):
        return _RIEUL
    if re.search(r"[aeiou][mn]e$", word):
        word = word[:-1]
    return _NASAL_FINALS.get(word[-1], 0)


def _number_final(whole: str, fraction: str | None) -> int:
    """The final consonant of a number read in Korean: ``21`` 이십일, ``100`` 백, ``2.5``
    이 점 오."""
    digits = fraction or whole
    if digits[-1] != "0" or fraction:
        return _DIGIT_FINALS[int(digits[-1])]
    if int(whole) == 0:
        return _DIGIT_FINALS[0]
    zeros = len(whole) - len(whole.rstrip("0"))
    return _ZEROS_FINALS.get(zeros, 1)


def _final(text: str) -> int | None:
    """The final consonant of the last word of ``text`` as Korean reads it (0: a vowel, else the
    index of the consonant among a Hangul syllable's finals), or ``None`` when it cannot be told.
    A closing quote or bracket is looked through, and a parenthesised aside is passed over, as
    Korean writing does (``커피(coffee)를``), unless nothing comes before it."""
    text = text.rstrip()
    while text and text[-1] in _CLOSING:
        start = text.rfind(_CLOSING[text[-1]], 0, len(text) - 1)
        if start < 0:  # a closing mark without its opening one: passed over
            text = text[:-1].rstrip()
        elif text[-1] == ")" and text[:start].strip():
            text = text[:start].rstrip()
        else:
            text = text[start + 1 : -1].rstrip()
    if not text:
        return None
    last = text[-1]
    if ord(last) in _SYLLABLES:
        return (ord(last) - _SYLLABLES.start) % 28
    number = _LAST_NUMBER.search(text)
    if number:
        return _number_final(number[1], number[2])
    word = _LAST_WORD.search(text)
    letters = (
        unicodedata.normalize("NFKD", word[0]).encode("ascii", "ignore").decode() if word else ""
    )
    if letters.isalpha() and letters.isascii():
        return _latin_final(letters)
    return None


def particle(word: str, marker: str) -> str:
    """The form of the Korean particle ``marker`` (one of :data:`PARTICLES`, such as
    ``"을(를)"``) that follows ``word``: ``particle("London", "은(는)")`` is ``"은"``,
    ``particle("기차 말 21개", "이(가)")`` is ``"가"``; ``marker`` itself when the sound of
    ``word``'s end cannot be told (a symbol).

    >>> particle("Paris-Zürich (회색)", "은(는)"), particle("카드 1장", "을(를)")
    ('는', '을')
    """
    if marker not in PARTICLES:
        raise TTRError(
            "unknown particle {marker!r}: expected one of {known}",
            marker=marker,
            known=", ".join(PARTICLES),
        )
    final = _final(word)
    if final is None:
        return marker
    after_consonant, after_vowel = PARTICLES[marker]
    if final == 0 or (final == _RIEUL and marker == "(으)로"):
        return after_vowel
    return after_consonant


def with_particles(text: str) -> str:
    """``text`` with each particle written both ways (``을(를)``, see :data:`PARTICLES`) replaced
    by the form that fits the word before it.

    >>> with_particles("기차 말 21개이(가) 남았습니다. London과(와) Paris을(를) 잇습니다")
    '기차 말 21개가 남았습니다. London과 Paris를 잇습니다'
    """
    if "(" not in text:
        return text
    return _MARKER.sub(lambda match: particle(text[: match.start()], match[0]), text)


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
    return fill(text, **fields) if fields else text


def prender(context: str, template: str, /, **fields: Any) -> str:
    """:func:`render` for a ``template`` meant in ``context`` (a short word such as a table
    heading or a button's label, which may mean another thing elsewhere)."""
    text = pgettext(context, template)
    return fill(text, **fields) if fields else text


def fill(text: str, /, **fields: Any) -> str:
    """An already translated ``text`` (a :func:`gettext` or :func:`pgettext` of a template
    marked with :func:`N_` or :func:`Np_`) with its fields filled in, format specs said in the
    language in force (and, in Korean, each particle in the form its word takes)."""
    filled = _FORMATTER.vformat(text, (), fields)
    return with_particles(filled) if get_language() == "ko" else filled


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
