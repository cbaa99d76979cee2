"""The engine in Simplified Chinese (#31): the catalogue ``ttr/locale/zh`` and ``TTR_LANG=zh``.

The same checks as the Korean catalogue's (tests/test_i18n.py): every message of the code is in
the catalogue, translated, with the fields of its message; the ``.mo`` is the compiled ``.po``;
seeded games on both boards, every variant and every staged scenario played in Chinese narrate
and refuse in Chinese, with no English left but names, rule ids and quoted notation.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from catalogue import LANGUAGES, compiled, extracted, mo_path, read
from test_i18n import (
    COUNTED,
    FIELD,
    GAMES,
    SAMPLES,
    SCENARIOS,
    SPECS,
    UNFILLED,
    Transcript,
    _fields,
    leftover_english,
    staged_refusals,
)
from test_turns import stuck_position

import ttr
from ttr import Game, IllegalAction, TTRError, load_scenario
from ttr.i18n import Message, get_language, language, ngettext, prender, render, set_language
from ttr.narration import _RENDER

ROOT = Path(__file__).resolve().parent.parent
HAN = re.compile("[\u4e00-\u9fff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
SAME_IN_CHINESE = {"{card:card}", "{ref:route}", "{tickets} ({keep})", ", "}
"""The entries whose Chinese is only fields and punctuation."""
CHINESE_QUOTED = re.compile(r"「[^」]*」")
"""Notation quoted in Chinese text: 「draw deck」."""


@pytest.fixture(autouse=True)
def english_after():
    set_language("en")
    yield
    set_language("en")


def test_chinese_is_a_language_of_the_engine_and_of_the_catalogue_command():
    assert "zh" in ttr.i18n.LANGUAGES and "zh" in LANGUAGES
    ttr.set_language("zh_CN.UTF-8")
    assert get_language() == "zh"


def test_catalogue_has_every_message_of_the_code_and_nothing_else():
    catalog = read("zh")
    in_po = {(m.id[0] if m.pluralizable else m.id, m.context) for m in catalog if m.id}
    in_code = set(extracted())
    assert sorted(in_code - in_po, key=str) == [], "run python tests/catalogue.py"
    assert sorted(in_po - in_code, key=str) == [], "stale entries: run python tests/catalogue.py"


def test_every_entry_is_translated_into_chinese_with_the_fields_of_its_message():
    specs = {"", *SPECS, *("#" + noun for noun in COUNTED)}
    for message in read("zh"):
        if not message.id:
            continue
        ids = message.id if message.pluralizable else (message.id,)
        strings = message.string if message.pluralizable else (message.string,)
        assert all(strings), f"untranslated: {ids[0]!r}"
        assert not message.fuzzy, f"fuzzy: {ids[0]!r}"
        allowed = {name for text in ids for name, _ in _fields(text)}
        given = {spec for text in ids for _, spec in _fields(text)}
        if message.context == "payment":
            allowed |= {"color", "colored", "locomotives", "color_words", "loco_words"}
        for text in strings:
            names = {name for name, _ in _fields(text)}
            if message.context == "payment" or message.pluralizable:
                assert names <= allowed, (ids[0], text)
            else:
                assert names == allowed, (ids[0], text)
            assert {spec for _, spec in _fields(text)} <= specs | given, (ids[0], text)
            assert not HANGUL.search(text), text
            if ids[0] not in SAME_IN_CHINESE:
                words = FIELD.sub("", text)
                assert HAN.search(text) or not any(c.isalpha() for c in words), text


def test_every_entry_renders_in_chinese():
    with language("zh"):
        for message in read("zh"):
            if not message.id or message.context == "payment":
                continue
            ids = message.id if message.pluralizable else (message.id,)
            strings = message.string if message.pluralizable else (message.string,)
            said = [*_fields(ids[0]), *(f for text in strings for f in _fields(text) if f[1])]
            fields = {name: SAMPLES.get(spec, 2) for name, spec in said}
            if message.pluralizable:
                text = ngettext(*ids, 2).format(**fields)
            elif message.context:
                text = prender(message.context, message.id, **fields)
            else:
                text = render(message.id, **fields)
            assert not UNFILLED.search(text) and text.strip(), (message.id, text)
            assert text != ids[0] or ids[0] in SAME_IN_CHINESE
        paid = [
            str(Message("{p:payment}", p=p)) for p in (("red", 2, 1), ("red", 2, 0), (None, 0, 3))
        ]
        assert paid == ["2 张红色车票和 1 张彩虹票", "2 张红色车票", "3 张彩虹票"]
        assert str(Message("{n:#train}", n=2)) == "2 节车厢"


def test_the_committed_mo_is_the_compiled_po():
    assert mo_path("zh").read_bytes() == compiled(read("zh")), "run python tests/catalogue.py"


def test_TTR_LANG_zh_speaks_chinese():
    from test_i18n import _python

    code = "import ttr\ng = ttr.Game('europe', 3, seed=1)\nprint(g.events[0].text.split('，')[0])"
    assert _python(code, TTR_LANG="zh") == "铁路环游：欧洲"


@pytest.fixture(scope="module")
def chinese():
    set_language("zh")
    transcript = Transcript()
    try:
        for number, (rules, players, variant) in enumerate(GAMES):
            game = Game(rules, players, seed=number, variant=variant)
            transcript.play(game, random.Random(number), 600)
        for number, path in enumerate(SCENARIOS):
            for played in (False, True):
                game = load_scenario(path, play=played)
                transcript.play(game, random.Random(number), 30)
        transcript.play(stuck_position(), random.Random(0), 5)
        staged_refusals(transcript)
        yield transcript
    finally:
        set_language("en")


def leftover(game: Game, text: str) -> str:
    """The English of ``text`` that is not a name, rule id, code name or quoted notation."""
    return leftover_english(game, CHINESE_QUOTED.sub(" ", text))


def test_chinese_narration_never_falls_back_to_english(chinese):
    assert len(chinese.lines) > 1000
    for game, line in chinese.lines:
        assert HAN.search(line), line
        assert leftover(game, line) == "", line


def test_every_event_kind_is_narrated_in_chinese(chinese):
    assert set(_RENDER) - chinese.kinds == set()


def test_chinese_refusals_start_with_the_rule_id_and_never_fall_back_to_english(chinese):
    rules = {err.rule for _, err in chinese.refusals}
    wanted = {"T1", "T2", "T3", "E1", "D1", "D4", "D7", "C1", "C2", "C5", "C6", "C7"}
    wanted |= {"K2", "S4", "S5", "ST1", "ST2", "V2"}
    assert wanted <= rules, sorted(wanted - rules)
    with language("zh"):
        for game, err in chinese.refusals:
            text = str(err)
            assert text.startswith(f"{err.rule}: "), text
            assert HAN.search(text), text
            assert leftover(game, text.removeprefix(f"{err.rule}: ")) == "", text


def test_chinese_notation_errors_never_fall_back_to_english(chinese):
    assert len(chinese.errors) > 100
    with language("zh"):
        for game, err in chinese.errors:
            text = str(err)
            assert HAN.search(text), text
            assert leftover(game, text) == "", text


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
