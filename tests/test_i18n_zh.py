"""The engine in Simplified Chinese (#31): what only Chinese needs.

The checks Korean and Chinese share (the catalogue complete, translated and compiled, the
language chosen by ``TTR_LANG``, seeded games that narrate and refuse without English) are
tests/test_i18n.py's, parametrized over the language. Here: Chinese is a language of the engine
and of the catalogue command, a refusal is shown in each language in turn, and the Chinese rules
page, docs/rules.zh.md, follows the English one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from catalogue import LANGUAGES
from languages import HAN, HANGUL

import ttr
from ttr import Game, IllegalAction, TTRError
from ttr.apps.coach import refusal
from ttr.i18n import get_language, language, render, set_language
from ttr.text import listed, sentences

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def english_after():
    set_language("en")
    yield
    set_language("en")


def test_chinese_is_a_language_of_the_engine_and_of_the_catalogue_command():
    assert "zh" in ttr.i18n.LANGUAGES and "zh" in LANGUAGES
    ttr.set_language("zh_CN.UTF-8")
    assert get_language() == "zh"


def test_a_refusal_is_shown_in_each_language_in_turn():
    game = Game("usa", ["Ann", "Ben"], seed=1)
    game.play("keep 1 2")
    game.play("keep 1 2 3")
    game.play("draw deck")
    with pytest.raises(IllegalAction) as caught:
        game.play("claim Seattle-Portland red")
    with language("zh"):
        chinese = str(caught.value)
    with language("ko"):
        korean = str(caught.value)
    assert chinese.startswith("T3: Ann") and HAN.search(chinese) and "draw" not in chinese
    assert HANGUL.search(korean) and not HANGUL.search(chinese)
    assert isinstance(caught.value, TTRError)


def test_sentences_and_lists_are_joined_as_the_language_writes_them():
    """Chinese needs no space after 。 and lists names with 、 (#31: "（T3）。 请先…" and
    "Ann, Ben, Cat" in the narration); English and Korean keep their space and their comma."""
    assert sentences(["结束了（E1）。", "", "下一位。"]) == "结束了（E1）。下一位。"
    assert sentences(["It ends (E1).", "Next."]) == "It ends (E1). Next."
    assert sentences([]) == ""
    said = {}
    for lang in ("en", "ko", "zh"):
        with language(lang):
            said[lang] = (
                listed(["Ann", "Ben", "Cat"]),
                Game("europe", ["Ann", "Ben", "Cat"], seed=1).events_of(0)[0],
                refusal(IllegalAction("T3", "no")).text,
            )
    assert said["en"][0] == said["ko"][0] == "Ann, Ben, Cat" and said["zh"][0] == "Ann、Ben、Cat"
    assert "Ann、Ben、Cat" in said["zh"][1] and "Ann, Ben, Cat" in said["en"][1]
    assert "。 " not in said["zh"][2] and ". " in said["en"][2] and ". " in said["ko"][2]


def test_cards_and_double_routes_are_written_with_the_language_s_punctuation():
    """A tunnel's revealed cards are a list (、 in Chinese) and a double route names its colour
    in the language's own brackets (（） in Chinese): no ASCII comma or bracket in a Chinese
    sentence (#31)."""
    said = {}
    for lang in ("en", "ko", "zh"):
        with language(lang):
            said[lang] = render(
                "{cards:cards} / {ref:route}", cards=["red", "loco"], ref="Paris-Wien (red)"
            )
    assert said["en"] == "red card, locomotive / Paris-Wien (red)"
    assert "、" in said["zh"] and "," not in said["zh"] and "Paris-Wien（" in said["zh"]
    assert "Paris-Wien (" in said["ko"]


def test_a_player_who_keeps_no_ticket_is_said_so_in_words():
    """Mega Europe lets a player keep no long ticket: "0 tickets" in English, but in words in
    Chinese and Korean (#31)."""
    game = Game("mega_europe", ["Ann", "Ben"], seed=1)
    game.play("keep 1")
    game.play("keep none")
    (english,) = game.events_of(2)
    assert english == "Ben keeps 0 tickets; 2 leave the game (V2)."
    with language("zh"):
        assert game.events_of(2) == ["Ben 一张任务牌也没有保留；其余 2 张放回盒子（V2）。"]
        assert game.events_of(1) == ["Ann 保留了 1 张任务牌；其余 1 张放回盒子（V2）。"]
    with language("ko"):
        assert "하나도" in game.events_of(2)[0] and "0" not in game.events_of(2)[0]


# ---------------------------------------------------------------------------------------------
# The Chinese rules page, docs/rules.zh.md


def test_the_chinese_rules_page_follows_the_english_one_rule_for_rule():
    from doc_pages import tables
    from rule_ids import RULE_IDS, RULES_PATH, rule_ids, rule_sections, rule_texts

    chinese_path = RULES_PATH.with_name("rules.zh.md")
    assert rule_ids(chinese_path) == rule_ids(RULES_PATH) == list(RULE_IDS)
    english_sections = [ids for ids in rule_sections(RULES_PATH).values() if ids]
    assert [ids for ids in rule_sections(chinese_path).values() if ids] == english_sections
    for rule, text in rule_texts(chinese_path).items():
        assert HAN.search(text), rule
    english, chinese = (tables(p.read_text(encoding="utf-8")) for p in (RULES_PATH, chinese_path))
    assert [[len(row) for row in table] for table in chinese] == [
        [len(row) for row in table] for table in english
    ]
    assert "| 分数 | 1 | 2 | 4 | 7 | 10 | 15 | 21 |" in chinese_path.read_text(encoding="utf-8")


def test_the_three_rules_pages_link_each_other():
    docs = ROOT / "docs"
    chinese = (docs / "rules.zh.md").read_text(encoding="utf-8")
    assert "](rules.md)" in chinese and "](rules.ko.md)" in chinese
    assert "](rules.zh.md)" in (docs / "rules.ko.md").read_text(encoding="utf-8")
