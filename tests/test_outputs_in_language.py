"""The Korean and Chinese notebooks' committed outputs are in their language (issue #31).

Everything a reader sees below a code cell of ``notebooks/ko/*.ipynb`` or ``notebooks/zh/*.ipynb``
must be Korean (Chinese): printed text, a result's text, an HTML table or panel (tags taken
out), a map's or a chart's words (the ``<text>`` and ``<title>`` of its SVG) and the saved views
of its widgets (labels, tooltips, options, panels, the map's legend and tooltips). What may stay
in Latin letters is what :func:`i18n_views.leftover_english` takes out (rule ids, the cities'
and players' names, file names, quoted notation, a few code words), plus, below, code shown as
code: inline ``code`` in Markdown, ``<code>`` in HTML, and the type name of a Python repr.

A result with a rich form (HTML, SVG, Markdown, a widget) is read in that form, the one the
page shows: its ``text/plain`` is only the fallback repr for a reader without one (such as
``GameStepper(step=0, last=6)``) and is not read.
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from i18n_views import HANGUL, _html_texts, leftover_english

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PAGES = [
    f"{lang}/{path.name}"
    for lang in ("ko", "zh")
    for path in sorted((NOTEBOOKS / lang).glob("*.ipynb"))
]
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "You")
"""The players of the notebooks' games."""

RICH = ("text/html", "image/svg+xml", "text/markdown")
WIDGET = "application/vnd.jupyter.widget-view+json"
SVG_WORDS = re.compile(r"<(?:text|title)\b[^>]*>([^<]*)<")
SVG_IMAGE = re.compile(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)")
INLINE_CODE = re.compile(r"`[^`\n]*`")
"""Markdown's inline code: a rule set's or a function's name as the code spells it."""
REPR_TYPE = re.compile(r"^(?:Counter|defaultdict|OrderedDict)\(", re.MULTILINE)
"""The type name that opens a Python repr of a collection (its keys are quoted code values)."""
CHINESE_QUOTED = re.compile(r"「[^」]*」")
"""Notation quoted in Chinese text: 「draw deck」 (the Korean text quotes it with '...')."""


def _joined(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def svg_words(svg: str) -> list[str]:
    """The texts an SVG picture shows: its labels and its tooltips."""
    return [html.unescape(word) for word in SVG_WORDS.findall(svg) if word.strip()]


def html_words(value: str) -> list[str]:
    """An HTML output's text and tooltips, and the words of the SVG pictures it holds."""
    pictures = [base64.b64decode(data).decode() for data in SVG_IMAGE.findall(value)]
    inline = re.findall(r"<svg\b.*?</svg>", value, flags=re.DOTALL)
    return [*(w for svg in [*pictures, *inline] for w in svg_words(svg)), *_html_texts(value)]


class Widgets:
    """The saved widget state of a notebook (its metadata), read as a page shows it."""

    def __init__(self, notebook: dict[str, Any]):
        saved = notebook["metadata"].get("widgets", {})
        self.state = saved.get("application/vnd.jupyter.widget-state+json", {}).get("state", {})

    def model(self, ref: str) -> dict[str, Any]:
        return self.state.get(ref.removeprefix("IPY_MODEL_"), {}).get("state", {})

    def texts(self, model_id: str) -> tuple[list[str], tuple[str, ...]]:
        """The texts the widget ``model_id`` and its children show (a widget whose layout is
        ``display: none`` shows nothing), and the players its map names."""
        found: list[str] = []
        players: tuple[str, ...] = ()
        stack = [model_id]
        while stack:
            state = self.model(stack.pop())
            layout = state.get("layout")
            if isinstance(layout, str) and self.model(layout).get("display") == "none":
                continue
            if "svg" in state and "legend" in state:  # the clickable map
                players = tuple(state.get("players", ()))
                owner = players[0] if players else ""
                found += svg_words(state["svg"]) + _html_texts(state["legend"])
                found += state.get("notes", {}).values()
                found += (word.replace("{name}", owner) for word in state.get("words", {}).values())
                continue
            for name in ("description", "tooltip", "placeholder"):
                text = state.get(name)
                if isinstance(text, str) and text.strip("\u200b \n"):
                    found.append(text)
            if isinstance(state.get("value"), str) and state.get("_model_name") in (
                "HTMLModel",
                "HTMLMathModel",
                "LabelModel",
            ):
                found += _html_texts(state["value"])
            for name in ("_options_labels", "tooltips", "titles"):
                found += (t for t in state.get(name) or () if isinstance(t, str) and t.strip())
            children = state.get("children") or ()
            stack += [child for child in children if isinstance(child, str)]
        return found, players


def shown(notebook: dict[str, Any]) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    """Each text the outputs of ``notebook`` show: (cell index, text, players named there)."""
    saved = Widgets(notebook)
    for index, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", ()):
            if output["output_type"] == "stream":  # a printed repr opens its line
                yield index, REPR_TYPE.sub("(", _joined(output["text"])), ()
                continue
            if output["output_type"] == "error":
                yield index, f"{output['ename']}: {output['evalue']}", ()
                continue
            data = output.get("data", {})
            if WIDGET in data:  # the players of its game are named on its map
                texts, players = saved.texts(data[WIDGET]["model_id"])
                for text in texts:
                    yield index, text, players
            for mime in RICH:
                if mime not in data:
                    continue
                value = _joined(data[mime])
                if mime == "text/html":
                    texts = html_words(value)
                elif mime == "image/svg+xml":
                    texts = svg_words(value)
                else:
                    texts = [INLINE_CODE.sub(" ", value)]
                for text in texts:
                    yield index, text, ()
            if "text/plain" in data and not (WIDGET in data or set(RICH) & data.keys()):
                yield index, REPR_TYPE.sub("(", _joined(data["text/plain"])), ()


def english_in(text: str, players: tuple[str, ...]) -> str:
    """The English words of one shown text (see the module's docstring)."""
    return leftover_english(CHINESE_QUOTED.sub(" ", text), NAMES + players)


def read(page: str) -> dict[str, Any]:
    return json.loads((NOTEBOOKS / page).read_text(encoding="utf-8"))


def test_every_korean_and_chinese_notebook_is_read():
    assert len([p for p in PAGES if p.startswith("ko/")]) >= 12
    assert [p.removeprefix("ko/") for p in PAGES if p.startswith("ko/")] == [
        p.removeprefix("zh/") for p in PAGES if p.startswith("zh/")
    ]


@pytest.mark.parametrize("page", PAGES)
def test_the_outputs_show_no_english(page):
    found = sorted(
        {
            f"cell {index}: {line.strip()[:120]!r} ({left})"
            for index, text, players in shown(read(page))
            for line in text.splitlines()
            if (left := english_in(line, players))
        }
    )
    assert found == [], f"{len(found)} texts with English words:\n" + "\n".join(found[:40])


@pytest.mark.parametrize("page", [p for p in PAGES if p.startswith("zh/")])
def test_the_chinese_outputs_show_no_korean(page):
    found = sorted({text[:120] for _, text, _ in shown(read(page)) if HANGUL.search(text)})
    assert found == [], found[:10]


def test_the_reading_finds_english_where_it_is():
    """The reader of outputs is not blind: English in a stream, an HTML table, a map's tooltip,
    a Markdown table or a widget's label is found; code shown as code is not."""
    notebook = {
        "metadata": {
            "widgets": {
                "application/vnd.jupyter.widget-state+json": {
                    "state": {
                        "w": {"state": {"_model_name": "VBoxModel", "children": ["IPY_MODEL_b"]}},
                        "b": {"state": {"_model_name": "ButtonModel", "description": "Next"}},
                    }
                }
            }
        },
        "cells": [
            {"outputs": [{"output_type": "stream", "text": ["thrown away: ['red']\n"]}]},
            {
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {
                            "text/html": "<table><tr><td>승자</td><td>tickets</td></tr></table>",
                            "text/plain": "<IPython.core.display.HTML object>",
                        },
                    }
                ]
            },
            {
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {"image/svg+xml": "<svg><title>Paris · Ann's</title></svg>"},
                    }
                ]
            },
            {
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {"text/markdown": "| 규칙 | `mega_europe` |\n| V2 | at most 1 |"},
                    }
                ]
            },
            {
                "outputs": [
                    {
                        "output_type": "display_data",
                        "data": {WIDGET: {"model_id": "w"}, "text/plain": "GameStepper(step=0)"},
                    }
                ]
            },
            {
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "data": {"text/plain": "Counter({'Claim': 3})"},
                    }
                ]
            },
        ],
    }
    found = {index: english_in(text, ()) for index, text, _ in shown(notebook)}
    assert found == {0: "thrown away", 1: "tickets", 2: "s", 3: "at most", 4: "Next", 5: ""}
