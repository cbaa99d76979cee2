"""Read the rule ids from the project's rules page, ``docs/rules.md``.

Every rule on that page is a top-level bullet whose first bold token is its id, e.g.
``- **D4** ...`` or ``- **S4 (USA)** ...``.  Tests and notebooks cite these ids, so this
module is the one place that knows how to find them.

pytest's default ("prepend") import mode puts ``tests/`` on ``sys.path``, so test files can
simply do ``from rule_ids import RULE_IDS, rule_ids``.
"""

from __future__ import annotations

import re
from pathlib import Path

#: The rules page, relative to this file (``tests/`` sits next to ``docs/``).
RULES_PATH = Path(__file__).resolve().parent.parent / "docs" / "rules.md"

#: The rule groups in page order: (id prefix, number of rules).
RULE_GROUPS = (
    ("S", 6),
    ("T", 3),
    ("D", 10),
    ("C", 9),
    ("K", 4),
    ("ST", 6),
    ("E", 2),
    ("F", 5),
    ("V", 4),
)

#: Every rule id, in the order the page must list them.
RULE_IDS = tuple(f"{prefix}{n}" for prefix, count in RULE_GROUPS for n in range(1, count + 1))

# A rule bullet: "- **ID" at the start of a line, the id being letters then digits.
_RULE_RE = re.compile(r"^- \*\*([A-Z]+[0-9]+)(?=[\s*])", re.MULTILINE)


def rule_ids(path: str | Path = RULES_PATH) -> list[str]:
    """Return the rule ids found on the rules page, in page order (duplicates kept)."""
    text = Path(path).read_text(encoding="utf-8")
    return _RULE_RE.findall(text)


def rule_texts(path: str | Path = RULES_PATH) -> dict[str, str]:
    """Return ``{id: text}`` for every rule bullet, including its indented continuation lines.

    If an id occurs twice, the later bullet wins (use :func:`rule_ids` to spot duplicates).
    """
    texts: dict[str, str] = {}
    current: str | None = None
    lines: list[str] = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        match = _RULE_RE.match(line)
        if match:
            if current is not None:
                texts[current] = "\n".join(lines)
            current, lines = match.group(1), [line]
        elif current is not None and line.startswith("  ") and line.strip():
            lines.append(line)
        elif current is not None:
            texts[current] = "\n".join(lines)
            current, lines = None, []
    if current is not None:
        texts[current] = "\n".join(lines)
    return texts


def rule_sections(path: str | Path = RULES_PATH) -> dict[str, list[str]]:
    """Return ``{section heading: [rule ids]}`` for every ``## `` section of the page."""
    sections: dict[str, list[str]] = {}
    heading: str | None = None
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            sections[heading] = []
            continue
        match = _RULE_RE.match(line)
        if match and heading is not None:
            sections[heading].append(match.group(1))
    return sections
