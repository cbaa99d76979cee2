"""The glossary, docs/glossary.md: three columns on every row, one Korean word for each English
word, and every ``ttr`` name a name the engine really has.

A ``ttr`` cell holds code spans of four kinds, each checked against the engine: a Python name
(``Route.is_tunnel``, ``DrawCard(slot)``, ``Game.cards.market``: the class or function exists, each
attribute exists on the type the one before it gives, and the argument names are parameters), a
quoted value (a phase, a card colour, an event kind, a rule set, a tie-break; or an action's
notation, such as ``"draw 3"``), a rule id, or a folder of the repository. The tables of phases,
card colours, events, rule ids and variants must also be complete.
"""

import dataclasses
import importlib
import inspect
import re
import types
import typing
from pathlib import Path

import pytest
from doc_pages import GLOSSARY_PATH, HANGUL, glossary_terms, tables
from rule_ids import RULE_GROUPS, RULE_IDS

import ttr
import ttr.agents
import ttr.colors
import ttr.events
import ttr.lessons.teaching
import ttr.probability
import ttr.scoring
import ttr.scoring.breakdown
import ttr.state
import ttr.views.widgets
from ttr.rules import RULE_SETS

REPO = GLOSSARY_PATH.parent.parent
TERMS = glossary_terms()

NAMESPACE: dict[str, object] = {}
MODULES = (ttr.colors, ttr.state, ttr.scoring.breakdown, ttr.scoring, ttr.probability, ttr.agents)
for module in (*MODULES, ttr.views.widgets):
    NAMESPACE.update(
        (name, value)
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    )
NAMESPACE.update({name: getattr(ttr, name) for name in ttr.__all__})
NAMESPACE.update(
    check=ttr.lessons.teaching.check, answer_digest=ttr.lessons.teaching.answer_digest, ttr=ttr
)
"""The names a glossary entry may start with: the package's public names and the modules the
notebooks import from."""

EVENT_KINDS = frozenset(re.findall(r"^``(\w+)``", ttr.events.__doc__ or "", re.MULTILINE))
"""The event kinds, from the table of ttr/events.py."""
VALUES = {
    "phase": frozenset(ttr.state.PHASES),
    "card": frozenset((*ttr.colors.CARD_KINDS, ttr.colors.GRAY)),
    "event": EVENT_KINDS,
    "rule set": frozenset(RULE_SETS) | {rules.map for rules in RULE_SETS.values()},
    "tie-break": frozenset(b for rules in RULE_SETS.values() for b in rules.tie_breaks),
    "unkept": frozenset(ttr.state.UNKEPT),
}
NOTATION_WORDS = ("draw", "claim", "tickets", "keep", "station", "pay", "decline", "pass")
"""The first word of each action's notation (ttr/actions.py)."""
NAME = re.compile(r"([A-Za-z_][\w.]*)(?:\((.*)\))?")


def unwrap(annotation: object) -> object:
    """``X | None`` -> ``X``; anything else as it is."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        options = [arg for arg in typing.get_args(annotation) if arg is not type(None)]
        return options[0] if len(options) == 1 else annotation
    return annotation


def member(owner: object, attribute: str) -> object:
    """What ``owner.attribute`` gives: a module's member, or for a class the type of the field or
    property (a method is returned as it is, to check its parameters)."""
    if isinstance(owner, types.ModuleType):
        if not hasattr(owner, attribute):
            importlib.import_module(f"{owner.__name__}.{attribute}")
        return getattr(owner, attribute)
    assert inspect.isclass(owner), f"cannot look up .{attribute} on {owner!r}"
    if dataclasses.is_dataclass(owner) and attribute in {f.name for f in dataclasses.fields(owner)}:
        return unwrap(typing.get_type_hints(owner)[attribute])
    found = inspect.getattr_static(owner, attribute, None)
    if found is None:  # an attribute the constructor sets: self.rule = rule
        try:
            source = inspect.getsource(owner.__init__)  # type: ignore[misc]
        except (OSError, TypeError):  # a constructor made by dataclasses has no source
            source = ""
        assert re.search(rf"self\.{attribute}\b\s*[:=]", source), (
            f"{owner.__name__} has no {attribute!r}"
        )
        return None  # its type is not known: it must end the name
    if isinstance(found, property):
        return unwrap(typing.get_type_hints(found.fget).get("return"))
    return getattr(owner, attribute)


def check_name(span: str) -> None:
    """Resolve a Python name of the glossary in the engine (raises AssertionError if it is not)."""
    match = NAME.fullmatch(span)
    assert match, f"not a name: {span!r}"
    path, arguments = match.group(1).split("."), match.group(2)
    assert path[0] in NAMESPACE, f"{path[0]!r} is not a ttr name"
    found = NAMESPACE[path[0]]
    for attribute in path[1:]:
        assert found is not None, f"{span}: cannot follow the name past an untyped attribute"
        found = member(found, attribute)
    if arguments is not None:
        assert callable(found), f"{span}: not callable"
        parameters = inspect.signature(found).parameters
        for argument in (a.strip() for a in arguments.split(",") if a.strip()):
            if argument.isidentifier() and argument not in ("None", "True", "False"):
                assert argument in parameters, f"{span}: no parameter {argument!r}"


def check_span(span: str) -> None:
    """Check one code span of the ``ttr`` column (see the module docstring)."""
    if span.startswith('"'):
        value = span.strip('"')
        known = any(value in values for values in VALUES.values())
        assert known or value.split()[0] in NOTATION_WORDS, f"unknown value {span}"
    elif re.fullmatch(r"[A-Z]+\d+", span):
        assert span in RULE_IDS, span
    elif span.endswith("/"):
        assert (REPO / span).is_dir(), span
    else:
        check_name(span)


def section(name: str) -> list:
    return [term for term in TERMS if term.section == name]


def quoted(term) -> set[str]:
    return {span.strip('"') for span in term.ttr if span.startswith('"')}


HAN = re.compile("[\u4e00-\u9fff]")


def test_every_row_has_four_columns_in_three_languages():
    text = GLOSSARY_PATH.read_text(encoding="utf-8")
    assert text.startswith("# Glossary · 용어집 · 词汇表\n")
    found = tables(text)
    assert len(found) >= 10
    for table in found:
        assert table[0] == ["English", "한국어", "`ttr`", "中文"]
        for row in table[1:]:
            assert len(row) == 4 and all(row), row
            assert not HANGUL.search(row[0]) and HANGUL.search(row[1]), row
            assert HAN.search(row[3]) and not HANGUL.search(row[3]), row
    assert len(TERMS) == sum(len(table) - 1 for table in found) >= 100


def chinese_term(cell: str) -> str:
    """The Chinese word a row's 中文 cell gives: before any other name in parentheses, without
    the marks of its source (†: the Chinese rulebook; ‡: chosen for what only Europe has)."""
    return re.sub(r"\s*\([^)]*\)", "", cell).replace("†", "").replace("‡", "").strip()


def chinese_rows() -> list[tuple[str, str]]:
    """Each row's English words and its Chinese term."""
    rows = [row for table in tables(GLOSSARY_PATH.read_text(encoding="utf-8")) for row in table[1:]]
    return [(row[0], chinese_term(row[3])) for row in rows]


def test_one_chinese_word_for_each_english_word():
    chinese_of: dict[str, str] = {}
    for english, chinese in chinese_rows():
        for word in (re.sub(r"\s*\([^)]*\)", "", w).strip() for w in english.split(" / ")):
            assert chinese_of.setdefault(word.lower(), chinese) == chinese, word


def test_the_chinese_rulebook_s_words_are_marked_and_europe_s_are_chosen():
    """The Chinese words for the USA game come from the Chinese rulebook (marked †); the words for
    what only Europe has (tunnels, ferries, stations) are chosen and marked ‡, and the page says
    so."""
    text = GLOSSARY_PATH.read_text(encoding="utf-8")
    rows = {english: cell for table in tables(text) for english, *_, cell in table[1:]}
    for english in (
        "train card",
        "locomotive",
        "destination ticket / ticket",
        "claim a route",
        "double route",
        "route",
    ):
        assert "†" in rows[english], english
    for english in ("tunnel", "ferry", "station", "European Express bonus (Europe)"):
        assert "‡" in rows[english], english
    assert "规则书" in text and "北美版没有隧道、渡轮和火车站" in text


@pytest.mark.parametrize("term", TERMS, ids=lambda term: term.english[0])
def test_every_ttr_name_is_the_engine_s(term):
    for span in term.ttr:
        check_span(span)


def test_the_checks_refuse_names_the_engine_does_not_have():
    for wrong in (
        "Route.is_tunel",
        "DrawCard(card)",
        "Game.cards.markt",
        "Gmae",
        '"third_card"',
        "Z9",
        "docs/nowhere/",
    ):
        with pytest.raises(AssertionError):
            check_span(wrong)


def test_one_korean_word_for_each_english_word():
    korean_of: dict[str, str] = {}
    for term in TERMS:
        for word in term.english:
            assert korean_of.setdefault(word.lower(), term.korean) == term.korean, word


def test_every_phase_event_colour_and_variant_is_listed():
    assert set().union(*map(quoted, section("Phases"))) == set(ttr.state.PHASES)
    assert set().union(*map(quoted, section("Events"))) == EVENT_KINDS
    assert set().union(*map(quoted, section("Card colours"))) == VALUES["card"]
    variants = set().union(*map(quoted, section("Variants")))
    assert variants == {name for name, rules in RULE_SETS.items() if rules.map == "europe"}
    assert len(EVENT_KINDS) >= 25


def test_rule_id_rows_follow_the_rules_page():
    rows = [
        term for term in section("Rule ids") if term.ttr and re.fullmatch(r"[A-Z]+1", term.ttr[0])
    ]
    spans = [term.ttr for term in rows]
    assert spans == [(f"{prefix}1", f"{prefix}{count}") for prefix, count in RULE_GROUPS]


def test_rule_id_rows_name_the_sections_of_both_rules_pages():
    from doc_pages import KOREAN_RULES_PATH
    from rule_ids import RULES_PATH, rule_sections

    english = [title for title, ids in rule_sections(RULES_PATH).items() if ids]
    korean = [title for title, ids in rule_sections(KOREAN_RULES_PATH).items() if ids]
    rows = [
        term for term in section("Rule ids") if term.ttr and re.fullmatch(r"[A-Z]+1", term.ttr[0])
    ]
    prefixes = [prefix for prefix, _ in RULE_GROUPS]
    assert english == [f"{t.english[0]} ({p})" for t, p in zip(rows, prefixes, strict=True)]
    assert korean == [f"{t.korean} ({p})" for t, p in zip(rows, prefixes, strict=True)]


def test_glossary_links_both_rules_pages():
    text = Path(GLOSSARY_PATH).read_text(encoding="utf-8")
    assert "](rules.md)" in text and "](rules.ko.md)" in text and "](rules.zh.md)" in text
