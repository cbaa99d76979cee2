"""The book (``make book``) in headless Chromium: the static site of every notebook and the docs.

Module fixtures build the site as ``make book`` does, into a temporary folder, serve it on a
free loopback port, and open every page once at 1,280 px with every request that leaves the
site blocked (the site must work offline: no CDN). The tests then check what the pages showed:
no console errors, every internal link and anchor resolves, every image and SVG loads, the
table of contents lists every notebook of ``notebooks/`` in order, each notebook page launches
that notebook on Binder in JupyterLab, widgets give way to a note, SVG maps stay SVG, and the
search box finds "tunnel". Screenshots of a few pages go to ``test-artifacts/`` for review.
Two more tests need no browser: ``make book`` runs the build these tests run, and the Python
examples of the docs pages run as written.
"""

from __future__ import annotations

import doctest
import functools
import json
import runpy
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from browser_support import CHROMIUM_ARGS, FALLBACK_TEXTS

pytestmark = pytest.mark.book  # `make test-book`, after the main suite (docs/testing.md)

SPHINX_OPTIONS = ["-E", "-W", "--keep-going", "-b", "html"]
"""The options of ``make book``: a fresh build in which every warning is an error."""
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NOT_PAGES = ("_static/", "_sources/", "_downloads/", "_images/")
SCREENSHOTS = {
    "notebooks/04_tunnels_and_ferries.html": ".widget-note",  # a rule notebook: map and widget
    "notebooks/11_shortest_paths.html": ".cell_output img",  # a lesson
    "docs/rules.html": None,
}
"""Pages saved as ``test-artifacts/book-NAME.png``, scrolled to the first match of a selector."""
PAGE_FACTS = """() => {
    const all = (selector, map = x => x) => Array.from(document.querySelectorAll(selector), map);
    const href = a => a.href;
    const empty = svg => {
        const box = svg.getBoundingClientRect();
        return !(box.width && box.height);
    };
    return {
        links: all('a[href]', href),
        ids: all('[id]', element => element.id),
        brokenImages: Array.from(document.images)
            .filter(img => !(img.complete && img.naturalWidth > 0)).map(img => img.src),
        emptySvgs: all('.cell_output svg:not(svg svg)', svg => empty(svg) && svg.outerHTML)
            .filter(Boolean).map(html => html.slice(0, 80)),
        outputSvgs: all([
            ".cell_output img[src$='.svg']",
            ".cell_output img[src^='data:image/svg+xml']",
            ".cell_output svg:not(svg svg)",
        ].join(", ")).length,
        toc: all('nav.bd-docs-nav a.reference', href),
        launch: all('p.launch-binder a', href),
        binder: all("a[href*='mybinder.org']", href),
        widgetNotes: all('.widget-note', note => note.innerText),
        widgetNoteLinks: all('.widget-note a', href),
        widgetViews: all("script[type='application/vnd.jupyter.widget-view+json']").length,
        text: document.querySelector('article')?.innerText ?? '',
    };
}"""
"""What the tests need from a page, gathered in one pass."""


class Site:
    """The built book, served on 127.0.0.1: its folder, its URL and its configuration."""

    def __init__(self, html: Path, url: str, conf: dict):
        self.html = html
        self.url = url
        self.conf = conf

    def pages(self) -> list[str]:
        """Every HTML page of the site, as a path relative to its root."""
        paths = (path.relative_to(self.html).as_posix() for path in self.html.rglob("*.html"))
        return sorted(path for path in paths if not path.startswith(NOT_PAGES))

    def path_of(self, url: str) -> str:
        """The site path of ``url`` (query and fragment dropped)."""
        return urlsplit(url).path.removeprefix("/") or "index.html"


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass


def notebooks(repo_root: Path) -> list[Path]:
    """Every notebook in notebooks/, in the order the table of contents must give: the folder
    itself in file-name order, then each subfolder (the Korean edition) in the same order."""
    found = (repo_root / "notebooks").rglob("*.ipynb")
    kept = [path for path in found if ".ipynb_checkpoints" not in path.parts]
    return sorted(kept, key=lambda path: (len(path.parts), path.as_posix()))


def page_of(notebook: Path, repo_root: Path) -> str:
    return notebook.relative_to(repo_root).with_suffix(".html").as_posix()


def outputs(notebook: Path) -> list[dict]:
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return [output for cell in cells for output in cell.get("outputs", [])]


def is_svg(output: dict) -> bool:
    data = output.get("data", {})
    return "image/svg+xml" in data or "<svg" in "".join(data.get("text/html", ""))


@pytest.fixture(scope="module")
def site(repo_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    build = tmp_path_factory.mktemp("book")
    html = build / "html"
    command = [sys.executable, "-m", "sphinx", "-q", *SPHINX_OPTIONS]
    command += ["-d", str(build / "doctrees"), "-c", "docs", ".", str(html)]
    done = subprocess.run(command, cwd=repo_root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, (
        f"the book does not build (`make venv` installs its tools):\n{done.stdout}{done.stderr}"
    )
    handler = functools.partial(QuietHandler, directory=html)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        conf = runpy.run_path(str(repo_root / "docs" / "conf.py"))
        yield Site(html, f"http://127.0.0.1:{server.server_address[1]}", conf)
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="module")
def open_page(site: Site, playwright, chromium_path: str) -> Iterator[Callable]:
    """``open_page(path)`` opens a page of the site at 1,280 px in a fresh browser context and
    returns it with the list of what goes wrong there: console errors, page errors, failed
    requests and requests outside the site (blocked)."""
    browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
    contexts = []

    def go(path: str):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        problems: list[str] = []

        def outside(route):
            problems.append(f"request outside the site: {route.request.url}")
            route.abort()

        context.route(lambda url: not url.startswith(site.url), outside)
        page = context.new_page()
        page.set_default_timeout(20_000)
        page.on("console", lambda msg: msg.type == "error" and problems.append(msg.text))
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on(
            "response",
            lambda answer: (
                answer.status >= 400 and problems.append(f"HTTP {answer.status}: {answer.url}")
            ),
        )
        page.goto(f"{site.url}/{path}")
        return page, problems

    try:
        yield go
    finally:
        for context in contexts:
            context.close()
        browser.close()


@pytest.fixture(scope="module")
def pages(site: Site, open_page, artifacts_dir: Path) -> dict[str, dict]:
    """Every page of the site, opened once: its :data:`PAGE_FACTS` and its ``problems``."""
    facts = {}
    for path in site.pages():
        if path == "index.html":
            continue  # it only forwards to the home page: test_the_site_root_opens_the_home_page
        page, problems = open_page(path)  # loaded: images included
        facts[path] = page.evaluate(PAGE_FACTS) | {"problems": problems}
        if path in SCREENSHOTS:
            if SCREENSHOTS[path]:
                page.locator(SCREENSHOTS[path]).first.scroll_into_view_if_needed()
            page.screenshot(path=str(artifacts_dir / f"book-{Path(path).stem}.png"))
        page.context.close()
    return facts


def binder_url(site: Site, notebook: str) -> str:
    repository = site.conf["REPOSITORY_URL"].removeprefix("https://github.com/")
    branch = site.conf["BRANCH"]
    return f"https://mybinder.org/v2/gh/{repository}/{branch}?urlpath=lab/tree/{notebook}"


def test_make_book_builds_as_the_test_does(repo_root: Path):
    recipe = f"-m sphinx {' '.join(SPHINX_OPTIONS)} -d _build/doctrees -c docs . _build/html"
    assert recipe in (repo_root / "Makefile").read_text()


def test_docs_pages_examples_run(repo_root: Path):
    attempted = 0
    for page in sorted((repo_root / "docs").glob("*.md")):
        result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, page.name
        attempted += result.attempted
    assert attempted >= 6  # docs/notebooks.md: the digests of the exercises


@pytest.mark.browser
def test_every_page_loads_without_errors(pages: dict[str, dict]):
    assert len(pages) > 20
    found = {
        path: facts["problems"]
        + [f"image did not load: {src}" for src in facts["brokenImages"]]
        + [f"empty SVG: {svg}" for svg in facts["emptySvgs"]]
        for path, facts in pages.items()
    }
    assert not {path: problems for path, problems in found.items() if problems}


@pytest.mark.browser
def test_every_internal_link_resolves(site: Site, pages: dict[str, dict]):
    broken = []
    for path, facts in pages.items():
        for link in sorted(set(facts["links"])):
            target, anchor = urldefrag(link)
            if not target.startswith(site.url):
                continue
            target_path = site.path_of(target)
            if not (site.html / target_path).is_file():
                broken.append(f"{path}: {link} (no such file)")
            elif anchor and anchor not in pages.get(target_path, {}).get("ids", []):
                broken.append(f"{path}: {link} (no such anchor)")
    assert not broken, "\n".join(broken)


@pytest.mark.browser
def test_the_site_root_opens_the_home_page(site: Site, open_page):
    page, problems = open_page("")
    page.wait_for_url(f"{site.url}/docs/index.html")
    assert page.title().startswith(site.conf["project"])
    assert not problems


@pytest.mark.browser
def test_table_of_contents_lists_every_notebook_in_order(
    site: Site, pages: dict[str, dict], repo_root: Path
):
    def sidebar(path: str) -> list[str]:
        return [site.path_of(href) for href in pages[path]["toc"]]

    listed = sidebar("docs/index.html")
    expected = [page_of(notebook, repo_root) for notebook in notebooks(repo_root)]
    assert len(expected) >= 17
    assert [path for path in listed if path.startswith("notebooks/")] == expected
    docs = ["README.html", "docs/rules.html", "docs/notebooks.html"]
    docs += ["docs/glossary.html"] if (repo_root / "docs" / "glossary.md").exists() else []
    assert set(docs) <= set(listed)
    for path in expected:  # the same sidebar on every page
        assert sidebar(path) == listed, path


@pytest.mark.browser
def test_each_notebook_page_launches_it_on_binder_in_jupyterlab(
    site: Site, pages: dict[str, dict], repo_root: Path
):
    for notebook in notebooks(repo_root):
        facts = pages[page_of(notebook, repo_root)]
        binder = binder_url(site, notebook.relative_to(repo_root).as_posix())
        assert facts["launch"] == [binder], notebook.name
        # the theme's launch button and the widget notes open the same notebook
        assert set(facts["binder"]) == {binder}, notebook.name
    assert not pages["docs/rules.html"]["binder"]  # a docs page is not a notebook


@pytest.mark.browser
def test_widgets_give_way_to_a_note_with_a_launch_link(
    site: Site, pages: dict[str, dict], repo_root: Path
):
    with_widgets = 0
    for notebook in notebooks(repo_root):
        facts = pages[page_of(notebook, repo_root)]
        widgets = sum(WIDGET_VIEW in output.get("data", {}) for output in outputs(notebook))
        with_widgets += widgets > 0
        assert len(facts["widgetNotes"]) == widgets, notebook.name
        binder = binder_url(site, notebook.relative_to(repo_root).as_posix())
        assert facts["widgetNoteLinks"] == [binder] * widgets, notebook.name
        assert all("a running Python kernel" in note for note in facts["widgetNotes"])
        assert facts["widgetViews"] == 0, notebook.name
        assert not [text for text in FALLBACK_TEXTS if text in facts["text"]], notebook.name
    assert with_widgets >= 10


@pytest.mark.browser
def test_maps_stay_svg_where_the_notebook_has_svg(pages: dict[str, dict], repo_root: Path):
    for notebook in notebooks(repo_root):
        svgs = sum(is_svg(output) for output in outputs(notebook))
        shown = pages[page_of(notebook, repo_root)]["outputSvgs"]
        assert shown >= svgs, f"{notebook.name}: {svgs} SVG outputs, {shown} shown as SVG"


@pytest.mark.browser
def test_search_box_finds_tunnel(site: Site, open_page, artifacts_dir: Path):
    page, problems = open_page("docs/index.html")
    page.locator(".bd-sidebar-primary .search-button-field").click()
    page.locator("#pst-search-dialog input[name='q']").fill("tunnel")
    page.keyboard.press("Enter")
    page.wait_for_url("**/search.html?q=tunnel*")
    page.wait_for_function(
        "() => document.querySelectorAll('#search-results p.context').length > 2"
    )
    found = page.eval_on_selector_all("#search-results ul.search li > a", "a => a.map(x => x.href)")
    assert "notebooks/04_tunnels_and_ferries.html" in [site.path_of(href) for href in found]
    quoted = " ".join(page.locator("#search-results p.context").all_inner_texts())
    assert "tunnel" in quoted.lower()
    for not_page_text in ("Launch this notebook", "Light Dark", "Contents"):  # search-summaries.js
        assert not_page_text not in quoted
    page.screenshot(path=str(artifacts_dir / "book-search.png"))
    assert not problems
