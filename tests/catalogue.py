"""The message catalogues: what the code asks to translate, and the Korean and Chinese catalogues.

Babel (a dev dependency; the engine itself reads the compiled catalogue with the standard
library's :mod:`gettext`) extracts every message the engine marks for translation: the
templates given to ``IllegalAction``, ``NotationError``, ``UnknownReference``, ``UnknownMap``,
``UnknownRuleSet``, ``PlayerError``, ``TTRError``, ``DataError``, ``ScenarioError``,
``SaveError``, ``Message``, ``render`` and ``prender`` (with a context),
and those marked with ``N_``, ``Nn_`` (singular and plural) and ``Np_`` (with a context), see
:mod:`ttr.i18n`. The rule sets'
titles are catalogue entries too (they are shown through ``{title:text}``).

After changing a message, run ``python tests/catalogue.py``: it brings
``ttr/locale/ko/LC_MESSAGES/ttr.po`` and ``ttr/locale/zh/LC_MESSAGES/ttr.po`` in step with the
code (a new message gets an empty translation to write, a message the code no longer has is
dropped) and compiles ``ttr.mo`` beside it. ``tests/test_i18n.py`` and ``tests/test_i18n_zh.py``
fail until every entry is translated and the ``.mo`` is the compiled ``.po``.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "ttr"
LOCALE = PACKAGE / "locale"
KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "Nn_": (1, 2),
    "Np_": ((1, "c"), 2),
    "render": None,
    "prender": ((1, "c"), 2),
    "Message": None,
    "IllegalAction": (2,),
    "NotationError": None,
    "UnknownReference": None,
    "UnknownMap": None,
    "UnknownRuleSet": None,
    "PlayerError": None,
    "TTRError": None,
    "DataError": None,
    "ScenarioError": None,
    "SaveError": None,
}
"""The calls whose string arguments are messages (Babel's keyword specs)."""

Key = tuple[str, str | None]
"""A catalogue entry's identity: its message id (the singular of a plural) and context."""


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "ttr.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


FIGURE_KEYWORDS = frozenset({"title", "xlabel", "ylabel", "label"})
"""The keyword arguments whose text a notebook's map or chart shows (``title="..."``)."""
FIGURE_CALLS = frozenset({"text", "set_title", "set_xlabel", "set_ylabel"})
"""The calls whose text arguments a chart shows (``ax.text(x, y, "last round")``)."""


def rule_notebook_code() -> Iterator[str]:
    """The source of each code cell of the rule notebooks (notebooks/0*.ipynb, whose code cells
    the Korean and Chinese editions share), magics and shell lines left out."""
    import json

    for path in sorted((ROOT / "notebooks").glob("0*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "code" and not source.lstrip().startswith(("%", "!")):
                yield source


def figure_texts() -> set[str]:
    """The texts of the rule notebooks' maps and charts (notebooks/0*.ipynb, whose code cells
    the Korean and Chinese editions share): the constant titles, axis labels and legend labels,
    the notes written on a chart, and the category names of a chart's cell. They are catalogue
    entries in the context ``"figure"``, so that ``ttr.views.svg`` and ``figure_png`` say them
    in the reader's language."""
    import ast

    found: set[str] = set()
    for source in rule_notebook_code():
        chart = any(call in source for call in ("Figure(", "bar_chart(", "line_chart("))
        for node in ast.walk(ast.parse(source)):
            values: list[ast.expr] = []
            if isinstance(node, ast.keyword) and node.arg in FIGURE_KEYWORDS:
                values = [node.value]
            elif isinstance(node, ast.keyword) and node.arg == "marks":  # a chart's notes
                values = list(node.value.values) if isinstance(node.value, ast.Dict) else []
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                values = list(node.args) if node.func.attr in FIGURE_CALLS and chart else []
            elif chart and isinstance(node, ast.Dict):  # a chart's series, by name
                values = [k for k in node.keys if isinstance(k, ast.Constant)]
            elif chart and isinstance(node, ast.List | ast.Tuple):
                values = [
                    v for v in node.elts if isinstance(v, ast.Constant) and " " in str(v.value)
                ]
            found |= {
                v.value
                for v in values
                if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip()
            }
    return found


def lesson_texts() -> set[str]:
    """The rule notebooks' own words (notebooks/0*.ipynb): the constant first argument of each
    ``say("...")`` call of their code cells (:func:`ttr.lessons.teaching.say`), catalogue entries
    in the context ``"lesson"``."""
    import ast

    found: set[str] = set()
    for source in rule_notebook_code():
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "say"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return found


def extracted() -> dict[Key, str | tuple[str, str]]:
    """Every message of the code (a singular and plural pair for a plural), by its key, the
    texts of the rule notebooks' maps and charts (:func:`figure_texts`) and their own words
    (:func:`lesson_texts`)."""
    from ttr.lessons.teaching import LESSON
    from ttr.rules import RULE_SETS

    found: dict[Key, str | tuple[str, str]] = {(text, "figure"): text for text in figure_texts()}
    found |= {(text, LESSON): text for text in lesson_texts()}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(PACKAGE), [("**.py", "python")], keywords=KEYWORDS
    ):
        key = (message[0] if isinstance(message, tuple) else message, context)
        found[key] = message
    for rules in RULE_SETS.values():
        found[(rules.title, None)] = rules.title
    return found


def read(language: str) -> Catalog:
    with po_path(language).open("rb") as file:
        return read_po(file, locale=language, domain="ttr")


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of ``catalog``."""
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    return buffer.getvalue()


def update(language: str) -> list[str]:
    """Bring ``language``'s ``.po`` in step with the code and compile its ``.mo``; returns the
    message ids that still need a translation."""
    catalog = read(language)
    messages = extracted()
    for message in list(catalog):
        if (
            message.id
            and (message.id[0] if message.pluralizable else message.id, message.context)
            not in messages
        ):
            catalog.delete(message.id, message.context)
    for (_, context), message in messages.items():
        if catalog.get(message, context) is None:
            catalog.add(message, context=context)
    with po_path(language).open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, no_location=True, sort_output=True)
    mo_path(language).write_bytes(compiled(read(language)))
    return [m.id[0] if m.pluralizable else m.id for m in read(language) if m.id and not _done(m)]


def _done(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings)


LANGUAGES = ("ko", "zh")
"""The languages with a catalogue (English is the code's own)."""


if __name__ == "__main__":
    missing = {language: update(language) for language in LANGUAGES}
    for language, texts in missing.items():
        for text in texts:
            print(f"untranslated ({language}):", text)
    sys.exit(1 if any(missing.values()) else 0)
