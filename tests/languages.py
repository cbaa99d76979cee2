"""The translations (Korean and Chinese), for the tests that check each of them the same way.

A test parametrized over :data:`LANGUAGES` reads the letters each language is written in from
:data:`SCRIPT`; what differs between them beyond that (the words, the quoting) stays in the test.
"""

from __future__ import annotations

import re

HANGUL = re.compile("[\uac00-\ud7a3]")
"""A Hangul syllable: Korean text."""
HAN = re.compile("[\u4e00-\u9fff]")
"""A Han character: Chinese text."""
LANGUAGES = ("ko", "zh")
"""The translations: their folders under ``notebooks/``, their ``TTR_LANG``."""
SCRIPT = {"ko": HANGUL, "zh": HAN}
"""The letters each translation is written in."""
QUOTES = {"zh": re.compile(r"「[^」]*」")}
"""Notation a translation quotes in its own quotation marks (Chinese: 「draw deck」): it stays
English, as the notation is read back by ``Game.parse``."""


def unquoted(language: str, text: str) -> str:
    """``text`` without the notation it quotes in the language's own quotation marks."""
    quotes = QUOTES.get(language)
    return quotes.sub(" ", text) if quotes else text
