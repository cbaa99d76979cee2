"""The translated notebooks (notebooks/ko/, notebooks/zh/) keep in step with the English ones.

Each translation holds the notebooks of ``build_support.notebook_lists.TRANSLATED``. For every
``notebooks/<language>/X.ipynb`` and its original ``notebooks/X.ipynb``: the same code cells,
word for word (``make sync-translations`` copies them); as many text cells, in the same order,
each one written in its language (no English sentence, and no letters of another translation
but that translation's name) and citing the same rule ids as its English counterpart; links to
its own edition wherever it exists; its kernel (``ttr-ko``, ``ttr-zh``), so that the engine
speaks its language (nbval runs them with it: see conftest.py); committed with their outputs.
The coach's lesson headings are the translated notebooks' headings, the start pages link each
other, and make starts each translation's apps and start page.
"""

from __future__ import annotations

import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from languages import LANGUAGES, SCRIPT
from rule_ids import RULE_IDS

from build_support.notebook_lists import TRANSLATED

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"

# A rule id stands alone among letters and digits, but Korean particles follow it directly
# ("T1에서"), so no \b: Hangul counts as a word character.
RULE_ID = re.compile(
    r"(?<![A-Za-z0-9])(" + "|".join(sorted(RULE_IDS, key=len, reverse=True)) + r")(?![0-9])"
)
# What a text cell may keep in English: code (fenced and inline), link targets, HTML tags.
CODE_AND_MARKUP = re.compile(r"```.*?```|`[^`\n]*`|\]\([^)]*\)|<[^>\n]*>", re.DOTALL)
# Five Latin words in a row with nothing translated between them: an untranslated sentence.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'’-]*(?:[\s,;:*_()/–-]+[A-Za-z][A-Za-z'’-]*){4,}")
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)(?:#[^)]*)?\)")


@dataclass(frozen=True)
class Edition:
    """A translation of the notebooks, and what its text cells may hold."""

    language: str
    """Its folder under notebooks/ and its TTR_LANG."""
    name: str
    """What it is called in its own letters: the only text in them another edition may hold."""
    city_chains: bool
    """Whether its text writes chains of city names in Latin letters
    ("Denver–Helena–Salt Lake City"), which are then not an English sentence."""

    @property
    def folder(self) -> Path:
        return NOTEBOOKS / self.language

    @property
    def kernel(self) -> str:
        return f"ttr-{self.language}"

    @property
    def script(self) -> re.Pattern[str]:
        return SCRIPT[self.language]


EDITIONS = (
    Edition("ko", "한국어판", city_chains=False),
    Edition("zh", "中文版", city_chains=True),
)
assert tuple(edition.language for edition in EDITIONS) == LANGUAGES
BY_EDITION = pytest.mark.parametrize("edition", EDITIONS, ids=LANGUAGES)
PAGES = [
    pytest.param(edition, path.name, id=f"{edition.language}-{path.name}")
    for edition in EDITIONS
    for path in sorted(edition.folder.glob("*.ipynb"))
]
BY_PAGE = pytest.mark.parametrize("edition, name", PAGES)


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


def _city_names() -> re.Pattern[str]:
    """The cities of both boards, as the text writes them (they stay in Latin letters)."""
    from ttr import load_board

    names = set()
    for board in (load_board("usa"), load_board("europe")):
        names |= {*board.cities, *(city.display_name for city in board.cities.values())}
    spelled = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{spelled})(?![A-Za-z])")


CITIES = _city_names()


@BY_EDITION
def test_the_kernel_is_installed(edition):
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(edition.kernel)
    except NoSuchKernel:
        pytest.fail(f"no {edition.kernel} kernel: run `make venv` (it installs it into .venv)")
    assert spec.env.get("TTR_LANG") == edition.language
    assert spec.argv[0] in {sys.executable, "python"}, spec.argv  # this venv's Python


@BY_EDITION
def test_the_rule_notebooks_and_the_apps_are_translated(edition):
    assert sorted(path.stem for path in edition.folder.glob("*.ipynb")) == sorted(TRANSLATED)


@BY_PAGE
def test_each_notebook_has_an_english_original(edition, name):
    assert (NOTEBOOKS / name).is_file(), f"{edition.language}/{name} translates no notebook"


@BY_PAGE
def test_code_cells_are_the_english_ones(edition, name):
    mine, english = of_type(edition.folder / name, "code"), of_type(NOTEBOOKS / name, "code")
    where = f"{edition.language}/{name}"
    assert len(mine) == len(english), f"{where}: {len(mine)} code cells, not {len(english)}"
    for number, (ours, theirs) in enumerate(zip(mine, english, strict=True), start=1):
        assert ours == theirs, (
            f"{where}: code cell {number} differs from the English: run `make sync-translations`"
        )


@BY_PAGE
def test_cells_come_in_the_english_order(edition, name):
    kinds = [cell["cell_type"] for cell in cells(edition.folder / name)]
    assert kinds == [cell["cell_type"] for cell in cells(NOTEBOOKS / name)]


@BY_PAGE
def test_every_text_cell_is_in_its_language(edition, name):
    where = f"{edition.language}/{name}"
    for number, text in enumerate(of_type(edition.folder / name, "markdown"), start=1):
        words = prose(text)
        assert edition.script.search(words), (
            f"{where}: text cell {number} is not translated:\n{text}"
        )
        for other in EDITIONS:
            if other.language != edition.language:
                foreign = other.script.search(words.replace(other.name, ""))
                assert not foreign, f"{where}: text cell {number} holds {other.language} words"
        latin = CITIES.sub("城", words) if edition.city_chains else words
        english = ENGLISH_RUN.search(latin)
        assert not english, f"{where}: text cell {number} is still English: {english[0]!r}"


@BY_PAGE
def test_text_cells_cite_the_english_rule_ids(edition, name):
    mine = of_type(edition.folder / name, "markdown")
    english = of_type(NOTEBOOKS / name, "markdown")
    for number, (ours, theirs) in enumerate(zip(mine, english, strict=True), start=1):
        assert rule_ids_cited(ours) == rule_ids_cited(theirs), (
            f"{edition.language}/{name}: {number}"
        )


@BY_PAGE
def test_links_lead_to_the_same_edition_where_it_exists(edition, name):
    where = f"{edition.language}/{name}"
    for text in of_type(edition.folder / name, "markdown"):
        for link in LINK.findall(text):
            target = (edition.folder / link).resolve()
            assert target.is_file(), f"{where} links to a missing notebook: {link}"
            if target.name == name:
                continue  # the same page in another language (the start page links them)
            if target.parent != edition.folder and (edition.folder / target.name).is_file():
                pytest.fail(f"{where} links to {link}: {edition.language}/{target.name} exists")


@BY_PAGE
def test_notebooks_use_their_language_s_kernel(edition, name):
    metadata = json.loads((edition.folder / name).read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"]["name"] == edition.kernel


@BY_PAGE
def test_notebooks_are_committed_with_their_outputs(edition, name):
    code = [cell for cell in cells(edition.folder / name) if cell["cell_type"] == "code"]
    unexecuted = [cell for cell in code if source(cell).strip() and cell["execution_count"] is None]
    assert not unexecuted, f"{edition.language}/{name}: {len(unexecuted)} code cells were not run"


@BY_EDITION
def test_the_start_pages_link_each_other_at_their_top(edition):
    """The English start page links this edition's, and this edition's links the English one
    and every other edition's, in their first text cell."""
    english = LINK.findall(of_type(NOTEBOOKS / "00_start_here.ipynb", "markdown")[0])
    mine = LINK.findall(of_type(edition.folder / "00_start_here.ipynb", "markdown")[0])
    assert f"{edition.language}/00_start_here.ipynb" in english
    others = {
        f"../{other.language}/00_start_here.ipynb"
        for other in EDITIONS
        if other.language != edition.language
    }
    assert {"../00_start_here.ipynb", *others} <= set(mine)


MAKE_TARGETS = [("play", "play"), ("scoresheet", "score_sheet")]


@BY_EDITION
@pytest.mark.parametrize(("target", "name"), MAKE_TARGETS, ids=[t for t, _ in MAKE_TARGETS])
def test_the_apps_start_from_make_and_the_start_page(edition, target, name):
    """`make play-ko` and `make scoresheet-ko` (-zh) serve the translated apps in Voila (on their
    kernel, as Voila starts the kernel a notebook names); the README's quick start and the
    edition's start page name them."""
    target = f"{target}-{edition.language}"
    root = NOTEBOOKS.parent
    makefile, readme = (root / "Makefile").read_text(), (root / "README.md").read_text()
    assert f"{target}: venv\n\t$(call open_app,{edition.language}/{name}.ipynb," in makefile
    assert f"make {target} " in readme and (edition.folder / f"{name}.ipynb").is_file()
    start = "".join(of_type(edition.folder / "00_start_here.ipynb", "markdown"))
    assert f"]({name}.ipynb)" in start and f"`make {target}`" in start


@BY_EDITION
def test_make_lab_opens_the_edition_s_start_page(edition):
    makefile = (NOTEBOOKS.parent / "Makefile").read_text()
    code, target = edition.language, f"LAB_TARGET_{edition.language.upper()}"
    assert f"{target}  := $(or $(wildcard notebooks/{code}/00_start_here.ipynb)" in makefile
    assert f"lab-{code}: venv\n\t$(call open_lab,$({target}))" in makefile


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


def translated_labels(edition: Edition) -> dict[str, set[str]]:
    """Each English message of the edition's catalogue, with its translations (in every
    context); for a "label: details" message, its label too."""
    from babel.messages.pofile import read_po

    catalogue = NOTEBOOKS.parent / "ttr" / "locale" / edition.language / "LC_MESSAGES" / "ttr.po"
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


def labels_named(edition: Edition, labels: set[str]) -> list[tuple[str, int, str, str]]:
    """Each label of ``labels`` that an English text cell names: (notebook, text cell number,
    label, the translated text cell)."""
    named = []
    for name in sorted(path.name for path in edition.folder.glob("*.ipynb")):
        mine = of_type(edition.folder / name, "markdown")
        english = of_type(NOTEBOOKS / name, "markdown")
        for number, (ours, theirs) in enumerate(zip(mine, english, strict=True), start=1):
            for match in EMPHASIS.finditer(FENCED.sub(" ", theirs)):
                if match.group(2).strip() in labels:
                    named.append((name, number, match.group(2).strip(), ours))
    return named


@BY_EDITION
def test_the_text_names_each_widget_label_as_the_translated_widget_shows_it(edition):
    """Where the English text names a button or a label of a widget (**Hint**, *teacher view*),
    its translation names it as the translated widget shows it (힌트, 교사 보기): the words of
    the catalogue, ttr/locale/<language>/LC_MESSAGES/ttr.po."""
    translated = translated_labels(edition)
    named = labels_named(edition, english_labels() & set(translated))
    assert len({label for _, _, label, _ in named}) > 30  # the apps' and the widgets' labels
    wrong = [
        f"{edition.language}/{name} text cell {number}: {label!r} is {sorted(translated[label])}"
        for name, number, label, text in named
        if not any(word in text for word in translated[label])
    ]
    assert not wrong, "\n".join(wrong)


def headings(path: Path) -> list[str]:
    return [
        line.lstrip("#").strip()
        for text in of_type(path, "markdown")
        for line in text.splitlines()
        if line.startswith("#")
    ]


@BY_EDITION
def test_the_coach_names_the_translated_notebooks_sections(edition):
    """In each language, the coach's "Learn it" ("배우러 가기", "去学习") names (and links) the
    sections of the edition's notebooks: every rule's lesson heading and every notebook's title
    is a heading of the translated notebook."""
    from ttr.apps.coach import LESSONS, NOTEBOOK_TITLES, lesson, notebook_title
    from ttr.i18n import language

    with language(edition.language):
        for rule in LESSONS:
            at = lesson(rule)
            assert at.heading in headings(edition.folder / f"{at.notebook}.ipynb"), rule
        for notebook in NOTEBOOK_TITLES:
            title = notebook_title(notebook)
            assert headings(edition.folder / f"{notebook}.ipynb")[0] == title, (notebook, title)


@BY_PAGE
def test_text_renders_its_emphasis(edition, name):
    """No ``*`` or ``**`` is left as text once a cell is rendered. CommonMark does not close
    ``**왜?**는``: a closing run after punctuation must be followed by a space or punctuation,
    and a Korean particle is neither (write ``**왜?** 버튼은``)."""
    markdown_it = pytest.importorskip("markdown_it")  # with myst-nb, in the book extra
    parser = markdown_it.MarkdownIt("commonmark")
    for number, text in enumerate(of_type(edition.folder / name, "markdown"), start=1):
        for token in parser.parse(text):
            for child in token.children or ():
                words = child.content.replace("A*", "A") if child.type == "text" else ""
                assert "*" not in words, (
                    f"{edition.language}/{name} text cell {number}: {child.content!r}"
                )
