"""Structure checks for docs/rules.md, the page whose rule ids tests, errors and notebooks cite."""

import re

from rule_ids import RULE_GROUPS, RULE_IDS, RULES_PATH, rule_ids, rule_sections, rule_texts

SECTIONS = {
    "S": "Setup (S)",
    "T": "A turn (T)",
    "D": "Drawing train cards (D)",
    "C": "Claiming a route (C)",
    "K": "Destination tickets (K)",
    "ST": "Stations (ST)",
    "E": "End of game (E)",
    "F": "Final scoring (F)",
    "V": "Variants (V)",
}

ENGINE_DECISIONS = ("S6", "T2", "T3", "D7", "D8", "D9", "K1", "ST4", "F3", "F5", "V2", "V4")


def test_expected_id_list_is_complete():
    assert len(RULE_IDS) == 49  # 6 S + 3 T + 10 D + 9 C + 4 K + 6 ST + 2 E + 5 F + 4 V
    assert RULE_IDS[0] == "S1" and RULE_IDS[-1] == "V4"


def test_rules_page_lists_every_id_once_in_order():
    ids = rule_ids()
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"duplicate rule ids: {duplicates}"
    assert ids == list(RULE_IDS)


def test_each_group_has_its_own_section_in_order():
    sections = rule_sections()
    headings_with_rules = [h for h, ids in sections.items() if ids]
    assert headings_with_rules == [SECTIONS[prefix] for prefix, _ in RULE_GROUPS]
    for prefix, count in RULE_GROUPS:
        assert sections[SECTIONS[prefix]] == [f"{prefix}{n}" for n in range(1, count + 1)]


def test_every_rule_has_an_explanation():
    texts = rule_texts()
    assert set(texts) == set(RULE_IDS)
    for rule_id, text in texts.items():
        words = re.sub(r"^- \*\*[^*]+\*\*", "", text).split()
        assert len(words) >= 5, f"{rule_id} has almost no text: {text!r}"


def test_engine_decisions_are_marked():
    texts = rule_texts()
    for rule_id in ENGINE_DECISIONS:
        assert "**Engine decision" in texts[rule_id], rule_id


def test_worked_example_numbers_are_present():
    texts = rule_texts()
    assert "C, D, A, B" in texts["E1"]
    assert "5 + 4 = 9" in texts["F3"]
    assert "62 + 9 + 7 − 8 = 70" in texts["F5"]
    assert "80" in texts["F5"]


def test_intro_glossary_and_tables():
    text = RULES_PATH.read_text(encoding="utf-8")
    assert "Days of Wonder" in text
    assert "unofficial" in text
    assert "test_D4_" in text and '"D4: ' in text
    assert "## Glossary" in text
    for term in (
        "route",
        "double route",
        "gray route",
        "locomotive",
        "ferry",
        "tunnel",
        "station",
        "ticket",
        "market",
        "trail",
    ):
        assert re.search(rf"^\| {re.escape(term)}\b", text, re.MULTILINE), term
    assert "| points | 1 | 2 | 4 | 7 | 10 | 15 | 21 |" in text
    assert '"Longest Route"' in text and '"European Express"' in text
