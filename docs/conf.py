"""Sphinx configuration of the book: every notebook and the docs pages as one static site.

``make book`` runs ``sphinx-build -c docs . _build/html``: the source folder is the repository
root, so the links the notebooks and the README already use (``../docs/rules.md``,
``03_claiming_routes.ipynb``, ``docs/rules.md#setup-s``) work on the site as they do on GitHub.
Notebooks are shown with their committed outputs and never executed.

Why Sphinx with MyST-NB and sphinx-book-theme, the Jupyter ecosystem's Sphinx stack: it installs
from PyPI and builds with no network, its search is a local index that works offline, and the
theme has Binder launch buttons. Jupyter Book 2 (mystmd) downloads its site theme from
api.mystmd.org when it builds, which fails here; Jupyter Book 1 is a command line over this same
stack that holds it at older releases (Sphinx 7 and MyST-Parser 3 when we chose).
"""

from __future__ import annotations

from fnmatch import fnmatch
from pathlib import Path

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform

REPOSITORY_URL = "https://github.com/ttr-teach/ttr-teach"
"""The one setting for where the project lives: the repository button and every Binder link."""
BRANCH = "main"
BINDERHUB_URL = "https://mybinder.org"

project = "Ticket to Ride, step by step"
author = "The ttr-teach contributors"
copyright = "the ttr-teach contributors; Ticket to Ride is a trademark of Days of Wonder"
html_title = project

ROOT = Path(__file__).resolve().parent.parent
TABLE_OF_CONTENTS = [
    ("Rules of the game", ["notebooks/0*.ipynb"]),
    ("Classroom lessons", ["notebooks/[1-9]*.ipynb"]),
    ("Apps", ["notebooks/[!0-9]*.ipynb"]),
    ("한국어", ["docs/*.ko.md", "notebooks/ko/*.ipynb"]),
    (
        "For teachers",
        [
            "docs/teaching/index.md",
            "docs/teaching/syllabus.md",
            "docs/teaching/m*.md",
            "docs/teaching/[0-9]*.md",
        ],
    ),
    ("中文", ["docs/*.zh.md", "notebooks/zh/*.ipynb"]),
    (
        "Reference",
        [
            "docs/rules.md",
            "docs/glossary.md",
            "docs/engine.md",
            "docs/api.md",
            "docs/bots.md",
            "docs/coach.md",
            "docs/competition.md",
            "docs/performance.md",
        ],
    ),
    (
        "About the project",
        [
            "The project: install, use, test <README.md>",
            "docs/lite.md",
            "docs/notebooks.md",
            "docs/architecture.md",
            "docs/testing.md",
            "CONTRIBUTING.md",
            "CHANGELOG.md",
        ],
    ),
]
"""The site's sections: a caption, then the pages as globs from the repository root, each glob
listed in file-name order (``Title <glob>`` gives the pages a title other than their own). The
pages are found when the book is built, so a new notebook is listed without a change here; a
section whose globs find no page is left out."""


def title_and_glob(entry: str) -> tuple[str, str]:
    """``("Title ", "glob")`` of a :data:`TABLE_OF_CONTENTS` entry; the title may be empty."""
    title, _, glob = entry.rpartition("<")
    return title, glob.removesuffix(">")


root_doc = "docs/index"
include_patterns = [root_doc + ".md"] + [
    title_and_glob(entry)[1] for _, entries in TABLE_OF_CONTENTS for entry in entries
]
exclude_patterns = ["**/.*"]
templates_path = ["_templates"]
html_additional_pages = {"index": "redirect.html"}  # the site's root forwards to docs/index

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
# The API reference (docs/api.md) is generated from the docstrings; members in source order, and
# the optional libraries' modules (the widgets, the environment, Dask) are imported when there.
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
nb_execution_mode = "off"
nb_ipywidgets_js: dict = {}  # no widget manager from a CDN: see notebook_page
myst_heading_anchors = 6  # GitHub's anchors of all headings (rules.md#setup-s)

html_theme = "sphinx_book_theme"
html_theme_options = {
    "repository_url": REPOSITORY_URL,
    "repository_branch": BRANCH,
    "use_repository_button": True,
    "launch_buttons": {"binderhub_url": BINDERHUB_URL, "notebook_interface": "jupyterlab"},
    "navbar_persistent": [],  # no header bar: the search field is in the sidebar
}
html_context = {"default_mode": "light"}  # the maps are drawn on white
html_static_path = ["_static"]
html_css_files = ["book.css"]
html_js_files = [("search-summaries.js", {"defer": "defer"})]  # after searchtools.js
html_favicon = "_static/favicon.svg"

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def table_of_contents() -> str:
    """MyST toctree directives for :data:`TABLE_OF_CONTENTS`, with the pages there are now."""
    blocks = []
    for caption, entries in TABLE_OF_CONTENTS:
        lines = []
        for title, glob in map(title_and_glob, entries):
            for path in sorted(ROOT.glob(glob)):
                docname = "/" + path.relative_to(ROOT).with_suffix("").as_posix()
                lines.append(f"{title}<{docname}>" if title else docname)
        if lines:
            pages = "\n".join(lines)
            blocks.append(f"```{{toctree}}\n:caption: {caption}\n:maxdepth: 1\n\n{pages}\n```\n")
    return "\n".join(blocks)


def add_table_of_contents(app: Sphinx, docname: str, source: list[str]) -> None:
    if docname == root_doc:
        source[0] += "\n" + table_of_contents()


def binder_url(docname: str) -> str:
    """The Binder link that opens notebook ``docname`` in JupyterLab."""
    github_path = REPOSITORY_URL.removeprefix("https://github.com/")
    return f"{BINDERHUB_URL}/v2/gh/{github_path}/{BRANCH}?urlpath=lab/tree/{docname}.ipynb"


LITE_PAGES = ("notebooks/0*", "notebooks/play", "notebooks/score_sheet", "notebooks/ko/*")
"""The notebooks the browser edition holds (docs/lite.md: lessons 00-09, the play table and the
score sheet, English and Korean): their pages link to it."""
OWNER, NAME = REPOSITORY_URL.removeprefix("https://github.com/").split("/")
LITE_URL = f"https://{OWNER}.github.io/{NAME}/lite"
"""Where the book workflow publishes the browser edition: under the published book's ``lite/``
(absolute, so that a book built without it, as by ``make book``, links to the published one)."""


def lite_url(docname: str) -> str:
    """The link that opens notebook ``docname`` in the browser edition."""
    return f"{LITE_URL}/lab/index.html?path={docname}.ipynb"


def lite_link(docname: str) -> nodes.paragraph:
    """The line that opens the same notebook in the browser edition (Python in the page)."""
    korean = fnmatch(docname, "notebooks/ko/*")
    text = "브라우저에서 실행" if korean else "Run in your browser"
    rest = (
        ": 설치도 서버도 없이 이 브라우저 탭 안의 파이썬(JupyterLite)으로 실행합니다."
        if korean
        else ": the same notebook with Python inside this browser tab (JupyterLite), nothing to"
        " install and no server."
    )
    link = nodes.reference("", text, refuri=lite_url(docname))
    return nodes.paragraph("", "", link, nodes.Text(rest), classes=["launch-lite"])


def launch_link(docname: str) -> nodes.paragraph:
    """The line under a notebook's title: run it yourself on Binder."""
    link = nodes.reference("", "Launch this notebook on Binder", refuri=binder_url(docname))
    return nodes.paragraph(
        "",
        "",
        link,
        nodes.Text(
            " to run it in JupyterLab in your browser: nothing to install (the first start can"
            " take a few minutes)."
        ),
        classes=["launch-binder"],
    )


def widget_note(docname: str) -> nodes.Element:
    """What a static page shows instead of a widget: it needs a kernel, and where to get one."""
    link = nodes.reference("", "Launch this notebook on Binder", refuri=binder_url(docname))
    body = nodes.paragraph(
        "",
        "This output is a widget: a running Python kernel draws it and answers its clicks, so it"
        " cannot work on a static page. ",
        link,
        nodes.Text(" to use it, or run the notebook on your own computer."),
    )
    title = nodes.title("", "Interactive widget")
    return nodes.admonition("", title, body, classes=["note", "widget-note"])


class JupyterLabAnchors(SphinxTransform):
    """Let links into a notebook use JupyterLab's heading anchors as well as GitHub's: the heading
    text with spaces as dashes, as in ``[Going further](#Going-further)``."""

    default_priority = 870  # before MyST resolves the [text](#anchor) links (879)

    def apply(self, **kwargs: object) -> None:
        if self.env.doc2path(self.env.docname).suffix != ".ipynb":
            return
        slugs = getattr(self.document, "myst_slugs", {})  # MyST's: slug -> (line, id, text)
        for line, section_id, text in list(slugs.values()):
            slugs.setdefault(text.replace(" ", "-"), (line, section_id, text))


def notebook_page(app: Sphinx, doctree: nodes.document) -> None:
    """Put :func:`launch_link` under a notebook's title and :func:`widget_note` in place of each
    widget. The notebooks are saved without widget state (our widgets answer clicks by running
    the engine, so a saved state would look alive and do nothing); a notebook saved with one
    gets the note too, and no widget manager is loaded, which would come from a CDN."""
    docname = app.env.docname
    if app.env.doc2path(docname).suffix != ".ipynb":
        return
    title_section = next(doctree.findall(nodes.section), None)
    lines = [launch_link(docname)]
    if any(fnmatch(docname, pattern) for pattern in LITE_PAGES):
        lines.insert(0, lite_link(docname))
    if title_section is None:  # a notebook without a title: the lines come first
        doctree[0:0] = lines
    else:
        title_section[1:1] = lines  # right after the title
    for bundle in list(doctree.findall(nodes.container)):
        if bundle.get("nb_element") == "mime_bundle" and any(
            child.get("mime_type") == WIDGET_VIEW for child in bundle.children
        ):
            bundle.replace_self(widget_note(docname))


KOREAN_PAGES = ("docs/*.ko", "notebooks/ko/*")
"""The pages of the Korean edition (docnames): they are marked ``<html lang="ko">``."""
CHINESE_PAGES = ("docs/*.zh", "notebooks/zh/*")
"""The pages of the Chinese edition: marked ``<html lang="zh-Hans">`` (Simplified Chinese)."""


def page_language(
    app: Sphinx, pagename: str, templatename: str, context: dict, doctree: object
) -> None:
    """Mark the Korean and Chinese pages as such, so that a browser picks a fitting font for them
    and screen readers read them in their language; the rest of the book is English."""
    if any(fnmatch(pagename, pattern) for pattern in KOREAN_PAGES):
        context["language"] = "ko"
    elif any(fnmatch(pagename, pattern) for pattern in CHINESE_PAGES):
        context["language"] = "zh-Hans"


def setup(app: Sphinx) -> dict[str, bool]:
    app.connect("source-read", add_table_of_contents)
    app.connect("html-page-context", page_language)
    app.connect("doctree-read", notebook_page)
    app.add_transform(JupyterLabAnchors)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
