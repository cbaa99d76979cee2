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


WORDS = {
    # the play table, the score sheet and the widgets (tests/test_i18n_views.py)
    "deck": {"ko": "카드", "zh": "牌堆"},
    "learn it": {"ko": "배우러 가기", "zh": "去学习"},
    "final score": {"ko": "최종 점수", "zh": "最终得分"},
    "winner": {"ko": "승자", "zh": "获胜"},
    "hint": {"ko": "힌트", "zh": "提示"},
    "took back": {"ko": "되돌렸습니다", "zh": "已撤回"},
    "I am Ben": {"ko": "제가 Ben입니다", "zh": "我是 Ben"},
    "decline": {"ko": "포기", "zh": "放弃"},
    "✘ error": {"ko": "✘ 오류", "zh": "✘ 错误"},
    "⚠ warning": {"ko": "⚠ 경고", "zh": "⚠ 警告"},
    "why?": {"ko": "왜?", "zh": "为什么？"},
    "legend": {
        "ko": {"노선", "플레이어", "도시", "강조 표시"},
        "zh": {"铁轨", "玩家", "城市", "突出显示"},
    },
    # the command line (tests/test_i18n_cli.py)
    "setup": {"ko": "게임 준비", "zh": "准备"},
    "trains": {"ko": "기차 말", "zh": "车厢"},
    "ranking: ": {"ko": "순위: ", "zh": "排名："},
    "winner: ": {"ko": "승자: ", "zh": "获胜者："},
    "(F5).": {"ko": "(F5).", "zh": "（F5）。"},
    "error: ": {"ko": "오류: ", "zh": "错误："},
    # the play table in the browser (tests/browser/test_play_translated_browser.py)
    "kernel": {"ko": "한국어", "zh": "中文"},
    "Ben plays": {"ko": "Ben 님이", "zh": "Ben "},
    "(S5)": {"ko": "(S5)", "zh": "（S5）"},
    "(T3)": {"ko": "(T3)", "zh": "（T3）"},
}
"""What the engine says in each language where a test looks for its words (by what they say)."""
