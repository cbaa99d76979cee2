"""The Korean notebooks (notebooks/ko/) keep in step with the English ones they translate.

For every ``notebooks/ko/X.ipynb`` and its original ``notebooks/X.ipynb``: the same code cells,
word for word; as many text cells, in the same order, each one written in Korean and citing the
same rule ids as its English counterpart; links to the Korean edition wherever it exists; the
``ttr-ko`` kernel, so that the engine speaks Korean (nbval runs them with it: see conftest.py).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from rule_ids import RULE_IDS

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
KOREAN = NOTEBOOKS / "ko"
KERNEL = "ttr-ko"
TRANSLATED = sorted(path.name for path in KOREAN.glob("*.ipynb"))

# A rule id stands alone among letters and digits, but Korean particles follow it directly
# ("T1에서"), so no \b: Hangul counts as a word character.
RULE_ID = re.compile(
    r"(?<![A-Za-z0-9])(" + "|".join(sorted(RULE_IDS, key=len, reverse=True)) + r")(?![0-9])"
)
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# What a text cell may keep in English: code (fenced and inline), link targets, HTML tags.
CODE_AND_MARKUP = re.compile(r"```.*?```|`[^`\n]*`|\]\([^)]*\)|<[^>\n]*>", re.DOTALL)
# Five Latin words in a row with nothing Korean between them: an untranslated sentence.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[\s,;:*_()/–-]+[A-Za-z][A-Za-z'’-]*){4,}")
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)(?:#[^)]*)?\)")


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def of_type(path: Path, kind: str) -> list[str]:
    return [source(cell) for cell in cells(path) if cell["cell_type"] == kind]


def prose(text: str) -> str:
    """A text cell without its code, link targets and tags: what a reader reads as sentences."""
    return CODE_AND_MARKUP.sub(" ", text)


def rule_ids_cited(text: str) -> list[str]:
    return sorted(set(RULE_ID.findall(text)))


def test_the_korean_kernel_is_installed():
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL)
    except NoSuchKernel:
        pytest.fail(f"no {KERNEL} kernel: run `make venv` (it installs it into .venv)")
    assert spec.env.get("TTR_LANG") == "ko"
    assert spec.argv[0] in {sys.executable, "python"}, spec.argv  # this venv's Python


def test_there_are_korean_notebooks():
    assert "00_start_here.ipynb" in TRANSLATED


@pytest.mark.parametrize("name", TRANSLATED)
def test_each_korean_notebook_has_an_english_original(name):
    assert (NOTEBOOKS / name).is_file(), f"ko/{name} translates no notebook of notebooks/"


@pytest.mark.parametrize("name", TRANSLATED)
def test_code_cells_are_the_english_ones(name):
    korean, english = of_type(KOREAN / name, "code"), of_type(NOTEBOOKS / name, "code")
    assert len(korean) == len(english), f"ko/{name}: {len(korean)} code cells, not {len(english)}"
    for number, (ko, en) in enumerate(zip(korean, english, strict=True), start=1):
        assert ko == en, f"ko/{name}: code cell {number} differs from the English"


@pytest.mark.parametrize("name", TRANSLATED)
def test_cells_come_in_the_english_order(name):
    kinds = [cell["cell_type"] for cell in cells(KOREAN / name)]
    assert kinds == [cell["cell_type"] for cell in cells(NOTEBOOKS / name)]


@pytest.mark.parametrize("name", TRANSLATED)
def test_every_text_cell_is_korean(name):
    for number, text in enumerate(of_type(KOREAN / name, "markdown"), start=1):
        words = prose(text)
        assert HANGUL.search(words), f"ko/{name}: text cell {number} has no Korean:\n{text}"
        english = ENGLISH_RUN.search(words)
        assert not english, f"ko/{name}: text cell {number} is still English: {english[0]!r}"


@pytest.mark.parametrize("name", TRANSLATED)
def test_text_cells_cite_the_english_rule_ids(name):
    korean, english = of_type(KOREAN / name, "markdown"), of_type(NOTEBOOKS / name, "markdown")
    for number, (ko, en) in enumerate(zip(korean, english, strict=True), start=1):
        assert rule_ids_cited(ko) == rule_ids_cited(en), f"ko/{name}: text cell {number}"


@pytest.mark.parametrize("name", TRANSLATED)
def test_links_lead_to_the_korean_edition_where_it_exists(name):
    for text in of_type(KOREAN / name, "markdown"):
        for link in LINK.findall(text):
            target = (KOREAN / link).resolve()
            assert target.is_file(), f"ko/{name} links to a missing notebook: {link}"
            if target.name == name:
                continue  # the link to the same page in English (the start page has one)
            if target.parent == NOTEBOOKS and (KOREAN / target.name).is_file():
                pytest.fail(f"ko/{name} links to the English {link}: ko/{target.name} exists")


@pytest.mark.parametrize("name", TRANSLATED)
def test_korean_notebooks_use_the_korean_kernel(name):
    metadata = json.loads((KOREAN / name).read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"]["name"] == KERNEL


@pytest.mark.parametrize("name", TRANSLATED)
def test_korean_notebooks_are_committed_with_their_outputs(name):
    code = [cell for cell in cells(KOREAN / name) if cell["cell_type"] == "code"]
    unexecuted = [cell for cell in code if source(cell).strip() and cell["execution_count"] is None]
    assert not unexecuted, f"ko/{name}: {len(unexecuted)} code cells were not run"


def test_each_start_page_links_the_other_language_at_its_top():
    english_top = of_type(NOTEBOOKS / "00_start_here.ipynb", "markdown")[0]
    korean_top = of_type(KOREAN / "00_start_here.ipynb", "markdown")[0]
    assert "ko/00_start_here.ipynb" in LINK.findall(english_top)
    assert "../00_start_here.ipynb" in LINK.findall(korean_top)


@pytest.mark.parametrize(
    ("target", "name"), [("play-ko", "play"), ("scoresheet-ko", "score_sheet")]
)
def test_the_korean_apps_start_from_make_and_the_korean_start_page(target, name):
    """`make play-ko` and `make scoresheet-ko` serve the Korean apps in Voila (on their kernel,
    ttr-ko, as Voila starts the kernel a notebook names); the README's quick start and the
    Korean start page name them."""
    root = NOTEBOOKS.parent
    makefile, readme = (root / "Makefile").read_text(), (root / "README.md").read_text()
    assert f"{target}: venv\n\t$(call open_app,ko/{name}.ipynb," in makefile
    assert f"make {target} " in readme and (KOREAN / f"{name}.ipynb").is_file()
    start = "".join(of_type(KOREAN / "00_start_here.ipynb", "markdown"))
    assert f"]({name}.ipynb)" in start and f"`make {target}`" in start


# A widget's label as a text cell names it: in bold or in italics (code blocks left out).
EMPHASIS = re.compile(r"(\*\*|\*)(?![\s*])([^*\n]+?)(?<!\s)\1")
FENCED = re.compile(r"```.*?```", re.DOTALL)
BOLD = re.compile(r"<b>([^<]+)</b>")
COUNT = re.compile(r"\s*\(\d+\)$|\s+\d+$")  # "Deck (97)", "Keep 0": the label is "Deck", "Keep"


def labels_of(root) -> set[str]:
    """The labels of ``root`` and of every widget under it, shown or hidden: descriptions,
    options, titles and the bold words of its panels."""
    import ipywidgets as widgets

    found, stack = set(), [root]
    while stack:
        widget = stack.pop()
        found.add(getattr(widget, "description", "") or "")
        if isinstance(widget, widgets.Dropdown | widgets.ToggleButtons):
            found |= set(widget._options_labels)
        if isinstance(widget, widgets.Accordion):
            found |= set(widget.titles)
        if isinstance(widget, widgets.HTML):
            found |= set(BOLD.findall(widget.value))
        stack += list(getattr(widget, "children", ()))
    return {text.strip() for text in found if text.strip()}


def english_labels() -> set[str]:
    """The labels of the play table, the score sheet and the teaching widgets in English, each
    without its count and, for "label: details", the label alone."""
    from test_i18n_views import widgets_made

    from ttr.i18n import language

    with language("en"):
        shown = set().union(*(labels_of(widget) for widget in widgets_made()))
    return {COUNT.sub("", text) for text in shown} | {text.split(":")[0].strip() for text in shown}


def korean_labels() -> dict[str, set[str]]:
    """Each English message of the catalogue, with its Korean words (in every context); for a
    "label: details" message, its label too."""
    from babel.messages.pofile import read_po

    catalogue = NOTEBOOKS.parent / "ttr" / "locale" / "ko" / "LC_MESSAGES" / "ttr.po"
    with catalogue.open("rb") as po:
        messages = [m for m in read_po(po) if m.id and isinstance(m.id, str) and m.string]
    found: dict[str, set[str]] = {}
    for message in messages:
        found.setdefault(message.id, set()).add(message.string)
        bold, words = BOLD.findall(message.id), BOLD.findall(message.string)
        for label, word in zip(bold, words, strict=True) if len(bold) == len(words) else ():
            found.setdefault(label, set()).add(word)
        if ":" in message.id and ":" in message.string:
            found.setdefault(message.id.split(":")[0], set()).add(message.string.split(":")[0])
    return found


def labels_named(labels: set[str]) -> list[tuple[str, int, str, str]]:
    """Each label of ``labels`` that an English text cell names: (notebook, text cell number,
    label, the Korean text cell)."""
    named = []
    for name in TRANSLATED:
        korean, english = of_type(KOREAN / name, "markdown"), of_type(NOTEBOOKS / name, "markdown")
        pairs = zip(korean, english, strict=True)
        for number, (ko, en) in enumerate(pairs, start=1):
            for match in EMPHASIS.finditer(FENCED.sub(" ", en)):
                if match.group(2).strip() in labels:
                    named.append((name, number, match.group(2).strip(), ko))
    return named


def test_the_korean_text_names_each_widget_label_as_the_korean_widget_shows_it():
    """Where the English text names a button or a label of a widget (**Hint**, *teacher view*),
    its Korean counterpart names it as the Korean widget shows it (힌트, 교사 보기): the words
    of the catalogue, ttr/locale/ko/LC_MESSAGES/ttr.po."""
    korean = korean_labels()
    named = labels_named(english_labels() & set(korean))
    assert len({label for _, _, label, _ in named}) > 30  # the apps' and the widgets' labels
    wrong = [
        f"ko/{name} text cell {number}: {label!r} is {sorted(korean[label])}"
        for name, number, label, ko in named
        if not any(word in ko for word in korean[label])
    ]
    assert not wrong, "\n".join(wrong)


def headings(path: Path) -> list[str]:
    return [
        line.lstrip("#").strip()
        for text in of_type(path, "markdown")
        for line in text.splitlines()
        if line.startswith("#")
    ]


def test_the_korean_coach_names_the_korean_notebooks_sections():
    """In Korean, the coach's "배우러 가기" names (and links) the sections of notebooks/ko/:
    every rule's lesson heading and every notebook's title is a heading of the Korean notebook."""
    from ttr.apps.coach import LESSONS, NOTEBOOK_TITLES, lesson, notebook_title
    from ttr.i18n import language

    with language("ko"):
        for rule in LESSONS:
            at = lesson(rule)
            assert at.heading in headings(KOREAN / f"{at.notebook}.ipynb"), (rule, at.heading)
        for notebook in NOTEBOOK_TITLES:
            title = notebook_title(notebook)
            assert headings(KOREAN / f"{notebook}.ipynb")[0] == title, (notebook, title)


@pytest.mark.parametrize("name", TRANSLATED)
def test_korean_text_renders_its_emphasis(name):
    """No ``*`` or ``**`` is left as text once a cell is rendered. CommonMark does not close
    ``**왜?**는``: a closing run after punctuation must be followed by a space or punctuation,
    and a Korean particle is neither (write ``**왜?** 버튼은``)."""
    markdown_it = pytest.importorskip("markdown_it")  # with myst-nb, in the book extra
    parser = markdown_it.MarkdownIt("commonmark")
    for number, text in enumerate(of_type(KOREAN / name, "markdown"), start=1):
        for token in parser.parse(text):
            for child in token.children or ():
                words = child.content.replace("A*", "A") if child.type == "text" else ""
                assert "*" not in words, f"ko/{name} text cell {number}: {child.content!r}"
