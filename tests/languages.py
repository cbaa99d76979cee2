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
