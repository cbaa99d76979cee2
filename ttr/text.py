"""Small helpers for the engine's text: narration and error messages."""

from collections.abc import Iterable

from ttr.i18n import pgettext

FULL_WIDTH_ENDS = ("。", "！", "？", "；", "：", "）", "」")
"""The marks a sentence of a language written without spaces ends with (Chinese ``。``,
``）``): the next sentence follows them with no space."""


def count(number: int, noun: str) -> str:
    """``count(1, "train")`` is ``"1 train"``; ``count(2, "train")`` is ``"2 trains"``."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def sentences(texts: Iterable[str]) -> str:
    """``texts`` one after the other, as their language writes sentences: with a space between
    two (``"It ends (E1). Next."``), but none after a full-width mark (``"结束（E1）。下一位。"``).
    Empty texts are left out."""
    out = ""
    for text in texts:
        if text:
            out += text if not out or out.endswith(FULL_WIDTH_ENDS) else " " + text
    return out


def listed(items: Iterable[str]) -> str:
    """Names or short items as a list, with the language's separator: ``"Ann, Ben"`` in
    English, ``"Ann、Ben"`` in Chinese."""
    return pgettext("list", ", ").join(items)


def listed_long(items: Iterable[str]) -> str:
    """Longer items (each a phrase that may hold commas) as a list: ``"a, b; c"`` in English,
    with ``；`` in Chinese."""
    return pgettext("list", "; ").join(items)
