"""The Korean rules page, docs/rules.ko.md, kept in step with the English one, docs/rules.md.

The two pages must give the same rules with the same ids, in the same order and sections, with
the same tables, the same numbers in every worked example and the same engine-decision flags;
each rule must be written in Korean, and in the glossary's Korean words (docs/glossary.md).
A change to the English page that the Korean page does not follow fails here.
"""

import re

import pytest
from doc_pages import (
    CODE,
    GLOSSARY_PATH,
    HANGUL,
    KOREAN_RULES_PATH,
    examples,
    glossary_terms,
    headings,
    mentions,
    numbered_steps,
    numbers,
    tables,
)
from rule_ids import RULE_GROUPS, RULE_IDS, RULES_PATH, rule_ids, rule_sections, rule_texts

ENGLISH = RULES_PATH.read_text(encoding="utf-8")
KOREAN = KOREAN_RULES_PATH.read_text(encoding="utf-8")
EN_RULES = rule_texts(RULES_PATH)
KO_RULES = rule_texts(KOREAN_RULES_PATH)

PREFIXES = "|".join(sorted((prefix for prefix, _ in RULE_GROUPS), key=len, reverse=True))
RULE_REF = re.compile(rf"(?<![\w])(?:{PREFIXES})\d+(?!\d)")
"""A rule id cited in running text: ``D9``, ``ST6`` (not the ``D4`` of ``test_D4_``)."""
ARITHMETIC = re.compile(r"\d+(?: [+−] \d+)+ = \d+")
SEATS = re.compile(r"[A-E](?:(?:→|, )[A-E])+(?![A-Za-z])")
"""A seat order such as ``A→B→C→D`` or ``C, D, A, B``."""
ENGLISH_PHRASE = re.compile(r"[A-Za-z]+(?:[ ’'-][A-Za-z]+){3,}")
"""Four English words in a row: a sentence left untranslated (names are shorter)."""
EN_FLAG, KO_FLAG = "**Engine decision", "**엔진 결정"
OTHER_NAMES = ("복선", "열차", "점유", "목적지 티켓", "유럽 익스프레스", "유러피안")
"""Words the source documents also use for things the glossary names otherwise (두 갈래 노선,
기차, 연결, 목적지 카드, 유러피언 특급): the Korean page sticks to the glossary's."""
DESCRIPTIONS = ("Phases", "Events")
"""Glossary tables whose English column describes a state or an event rather than naming a word."""


def body(rule_text: str) -> str:
    """A rule's text without its leading ``- **ID...**`` label."""
    return re.sub(r"^- \*\*[A-Z]+\d+[^*]*\*\*", "", rule_text)


def prose(text: str) -> str:
    """``text`` without code spans and links' targets."""
    return re.sub(r"\]\([^)]*\)", "]", CODE.sub("", text))


def test_same_rule_ids_in_the_same_order():
    assert rule_ids(KOREAN_RULES_PATH) == rule_ids(RULES_PATH) == list(RULE_IDS)


def test_same_sections_in_the_same_order():
    def grouped(path):
        return [(title, ids) for title, ids in rule_sections(path).items() if ids]

    english, korean = grouped(RULES_PATH), grouped(KOREAN_RULES_PATH)
    assert [ids for _, ids in korean] == [ids for _, ids in english]
    for (en_title, _), (ko_title, _) in zip(english, korean, strict=True):
        assert en_title.rsplit("(", 1)[1] == ko_title.rsplit("(", 1)[1], ko_title  # "(S)"
    # and the same outline: as many headings at each level, in the same order
    assert [level for level, _ in headings(KOREAN)] == [level for level, _ in headings(ENGLISH)]


def test_the_pages_link_each_other_at_the_top():
    top = lambda text: "\n".join(text.splitlines()[:4])  # noqa: E731
    assert "](rules.ko.md)" in top(ENGLISH)
    assert "](rules.md)" in top(KOREAN)
    assert "](glossary.md)" in top(ENGLISH) and "](glossary.md)" in top(KOREAN)


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_every_rule_is_written_in_korean(rule_id):
    text = prose(body(KO_RULES[rule_id]))
    assert len(HANGUL.findall(text)) >= 10, f"{rule_id} has (almost) no Korean: {text!r}"
    assert not ENGLISH_PHRASE.findall(text), f"{rule_id} has English left in it"


def test_the_korean_page_is_korean_outside_the_rules_too():
    for line in prose(KOREAN).splitlines():
        if line.startswith("|") or not line.strip():
            continue
        assert not ENGLISH_PHRASE.findall(line) or "Days of Wonder" in line, line


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_each_rule_cites_the_same_rule_ids(rule_id):
    cited = lambda text: sorted(set(RULE_REF.findall(body(text))))  # noqa: E731
    assert cited(KO_RULES[rule_id]) == cited(EN_RULES[rule_id])


def test_the_pages_cite_the_same_rule_ids():
    assert sorted(set(RULE_REF.findall(KOREAN))) == sorted(set(RULE_REF.findall(ENGLISH)))


@pytest.mark.parametrize("rule_id", RULE_IDS)
def test_engine_decisions_are_flagged_alike(rule_id):
    assert KO_RULES[rule_id].count(KO_FLAG) == EN_RULES[rule_id].count(EN_FLAG)


def test_every_engine_decision_flag_is_bold_and_present():
    assert sum(text.count(EN_FLAG) for text in EN_RULES.values()) >= 12
    assert KOREAN.count(KO_FLAG) == ENGLISH.count(EN_FLAG)
    assert "**엔진 결정:**" in KOREAN and "**엔진 결정 (무한 반복 방지):**" in KO_RULES["D9"]


def test_worked_examples_have_the_same_numbers():
    pairs = [
        (en, ko)
        for rule_id in RULE_IDS
        for en, ko in zip(examples(EN_RULES[rule_id]), examples(KO_RULES[rule_id]), strict=True)
    ]
    pairs += list(zip(numbered_steps(ENGLISH), numbered_steps(KOREAN), strict=True))
    assert len(pairs) >= 9  # C9, E1, F3, F5 (three) and the four steps of the first two turns
    for en, ko in pairs:
        assert set(numbers(ko)) == set(numbers(en)), ko
        assert ARITHMETIC.findall(ko) == ARITHMETIC.findall(en), ko
        assert SEATS.findall(ko) == SEATS.findall(en), ko
        assert HANGUL.search(ko), ko


def test_tables_have_the_same_shape_and_numbers():
    english, korean = tables(ENGLISH), tables(KOREAN)
    assert len(korean) == len(english) == 4  # glossary, components, route points, variants
    for en_table, ko_table in zip(english, korean, strict=True):
        assert [len(row) for row in ko_table] == [len(row) for row in en_table]
        for en_row, ko_row in zip(en_table[1:], ko_table[1:], strict=True):
            assert [numbers(cell) for cell in ko_row] == [numbers(cell) for cell in en_row], ko_row
            assert all(HANGUL.search(cell) for cell in ko_row if re.search("[a-z]", cell)), ko_row
    assert "| 점수 | 1 | 2 | 4 | 7 | 10 | 15 | 21 |" in KOREAN


def test_the_korean_words_of_the_page_glossary_are_the_glossary_s():
    terms = glossary_terms()
    korean_of = {}
    for term in terms:
        for word in term.english:
            korean_of.setdefault(word.lower(), term.korean)
    english_words = [row[0].split(" / ")[0] for row in tables(ENGLISH)[0][1:]]
    korean_words = [row[0] for row in tables(KOREAN)[0][1:]]
    assert korean_words == [korean_of[word.lower()] for word in english_words]


def test_the_glossary_s_words_are_used_for_the_english_page_s_words():
    checked = 0
    for term in glossary_terms():
        if term.section in DESCRIPTIONS or not any(mentions(ENGLISH, w) for w in term.english):
            continue
        checked += 1
        assert term.korean in KOREAN, f"{term.english[0]!r} is {term.korean!r} (docs/glossary.md)"
    assert checked >= 50


def test_no_other_names_for_the_glossary_s_words():
    assert [word for word in OTHER_NAMES if word in KOREAN] == []


def test_same_notices_and_pointers():
    for text in ("Days of Wonder", "`test_D4_...`", '`"D4: ..."`', "`ttr/data/europe/`"):
        assert text in KOREAN and text in ENGLISH, text
    assert "비공식" in KOREAN
    assert '"가장 긴 노선"' in KOREAN and '"유러피언 특급"' in KOREAN
    assert GLOSSARY_PATH.exists()
