"""Read the parts of the docs pages that tests compare: tables, worked examples and glossary rows.

:mod:`rule_ids` finds the rules of a rules page; this module finds the rest: the Markdown tables
of a page, the worked examples of a rule, and the rows of the glossary (``docs/glossary.md``),
whose tables all have three columns: English, Korean and the ``ttr`` name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rule_ids import RULES_PATH

KOREAN_RULES_PATH = RULES_PATH.with_name("rules.ko.md")
GLOSSARY_PATH = RULES_PATH.with_name("glossary.md")

HANGUL = re.compile("[\uac00-\ud7a3]")
NUMBER = re.compile(r"(?<![A-Za-z\d])\d+(?!\d)")
"""A number written in digits: the 3 of ``3장`` or of ``3 cards``, not the 1 of ``E1``."""
CODE = re.compile(r"`[^`]*`")


def numbers(text: str) -> list[int]:
    """The numbers written in digits in ``text``, sorted (a multiset to compare)."""
    return sorted(int(n) for n in NUMBER.findall(text))


def headings(text: str) -> list[tuple[int, str]]:
    """``(level, title)`` of every Markdown heading, in page order."""
    found = re.findall(r"^(#+) (.+)$", text, re.MULTILINE)
    return [(len(marks), title.strip()) for marks, title in found]


def cells(line: str) -> list[str]:
    """The cells of one table row, stripped."""
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table of a page, in order: its rows (header first, no ``|---|`` line)."""
    found: list[list[list[str]]] = []
    rows: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            if not re.fullmatch(r"\|(\s*:?-+:?\s*\|)+", line.strip()):
                rows.append(cells(line))
        elif rows:
            found.append(rows)
            rows = []
    return found


def examples(rule_text: str) -> list[str]:
    """The worked examples of a rule: its indented sub-bullets in italics (``  - *Example...``),
    each with its continuation lines."""
    found: list[str] = []
    for line in rule_text.splitlines():
        if re.match(r"^  - \*", line):
            found.append(line)
        elif found and line.startswith("    "):
            found[-1] += "\n" + line
    return found


def numbered_steps(text: str) -> list[str]:
    """The items of the page's numbered lists (the walk-through example), list markers dropped,
    each with its indented continuation lines."""
    steps: list[str] = []
    open_item = False
    for line in text.splitlines():
        match = re.match(r"^\d+\. (.*)", line)
        if match:
            steps.append(match.group(1))
            open_item = True
        elif open_item and line.startswith("   ") and line.strip():
            steps[-1] += "\n" + line.strip()
        else:
            open_item = False
    return steps


@dataclass(frozen=True)
class Term:
    """One row of the glossary."""

    section: str  # the ## or ### heading above the row's table, in English
    english: tuple[str, ...]  # the English words, parentheses dropped: ("market", "face-up cards")
    korean: str  # the Korean word both editions use: the cell up to a slash or a parenthesis
    korean_cell: str
    ttr: tuple[str, ...]  # the code spans of the ttr column, backticks dropped


def first_term(cell: str) -> str:
    """The word a glossary cell gives first: ``"자리 / 자리 순서"`` -> ``"자리"``."""
    return re.split(r"\s*[(/]", cell, maxsplit=1)[0].strip()


def glossary_terms(path: str | Path = GLOSSARY_PATH) -> list[Term]:
    """Every row of every glossary table, in page order."""
    terms: list[Term] = []
    section = ""
    rows: list[list[str]] = []
    for line in [*Path(path).read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("|"):
            rows.append(cells(line))
            continue
        for row in rows[2:]:  # after the header and the |---| line
            english = tuple(
                re.sub(r"\s*\([^)]*\)", "", word).strip() for word in row[0].split(" / ")
            )
            spans = tuple(span.strip("`") for span in CODE.findall(row[2])) if len(row) > 2 else ()
            korean = row[1] if len(row) > 1 else ""
            terms.append(Term(section, english, first_term(korean), korean, spans))
        rows = []
        if re.match(r"#{2,3} ", line):
            section = line.lstrip("#").split(" · ")[0].strip()
    return terms


def mentions(text: str, word: str) -> bool:
    """Whether an English ``word`` occurs in ``text`` as a word (any case, plural or -ed form)."""
    pattern = rf"(?<![\w-]){re.escape(word)}(?:s|es|d|ed|ing)?(?![\w-])"
    return re.search(pattern, text, re.IGNORECASE) is not None
