"""Every turn rule has a test named after it: ``test_<ID>_...`` for S1-S6, T1-T3, D1-D10,
C1-C9, K1-K3, ST1-ST2, E1-E2 and V1-V4 (the scoring rules K4, ST3-ST6 and F are tested with
ttr/scoring)."""

from __future__ import annotations

import re
from pathlib import Path

from rule_ids import RULE_IDS

TESTS = Path(__file__).resolve().parent
TURN_RULES = [
    *(f"S{n}" for n in range(1, 7)),
    *(f"T{n}" for n in range(1, 4)),
    *(f"D{n}" for n in range(1, 11)),
    *(f"C{n}" for n in range(1, 10)),
    *(f"K{n}" for n in range(1, 4)),
    "ST1",
    "ST2",
    "E1",
    "E2",
    *(f"V{n}" for n in range(1, 5)),
]


def rule_test_names() -> set[str]:
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_*.py"))
    return set(re.findall(r"^def test_([A-Z]+[0-9]+)_", text, re.MULTILINE))


def test_every_turn_rule_has_a_test():
    assert set(TURN_RULES) <= set(RULE_IDS)
    missing = [rule for rule in TURN_RULES if rule not in rule_test_names()]
    assert not missing, f"rules without a test_<ID>_ test: {missing}"


def test_test_names_cite_real_rule_ids():
    unknown = sorted(rule_test_names() - set(RULE_IDS))
    assert not unknown, f"tests named after unknown rule ids: {unknown}"


def test_every_rule_of_the_rules_page_has_a_test():
    """All of docs/rules.md, the scoring rules (K4, ST3-ST6, F1-F5) included."""
    missing = [rule for rule in RULE_IDS if rule not in rule_test_names()]
    assert not missing, f"rules without a test_<ID>_ test: {missing}"
