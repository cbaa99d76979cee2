"""The play table without traps (#33 point 3), as a person meets it: Voila serving the notebooks'
folder, as ``make play`` does, in headless Chromium.

* The route the Hint lights takes a click anywhere on its glow: the click begins the claim (the
  ways to pay appear), even off the train spaces, where the glow used to swallow it.
* A city's hit area is at least 24 px across.
* On both boards, every route takes a click on its middle train space and every city a click on
  its dot, whatever is drawn near them (a city's name lying over a route used to take the
  route's clicks: Warszawa's over Danzig-Warszawa); a click on a city's name not over a route
  is a click on the city.
* A "Learn it" link opens the lesson's notebook, in a new tab, at its section's heading.
* At 1280 x 800 and 1024 x 768 the map, the hand, the market and the action buttons are all in
  the viewport at once, without scrolling; the move log scrolls inside its own box.

Screenshots of each viewport go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import shutil

import nbformat
import pytest
from browser_support import BIN, free_port, serve

pytestmark = pytest.mark.browser

PLAY = "play.ipynb"
HINTED = "hinted_claim.ipynb"
USA = "usa_table.ipynb"
USA_TABLE = """\
from ttr.apps import PlayModel, PlayTable

PlayTable(PlayModel.new("usa", [("Ann", "you"), ("Ben", "greedy")], seed=1))
"""
TARGETS = """(root) => {
    // Where each route's middle train space, each city's dot and each city's name are, and what
    // a click there reaches (the rule of ttr/views/widgets/map.js: a lit glow is its route, a hit
    // disc or name box its city, else the route or city group under the pointer).
    const svg = root.querySelector('.ttr-map-view svg');
    const reached = (x, y) => {
        const node = document.elementFromPoint(x, y);
        if (!node) return null;
        const glow = node.closest('path[id^="glow-"]');
        if (glow) return 'route-' + glow.id.slice(5);
        const hit = node.closest('.ttr-hit');
        if (hit) return hit.dataset.city;
        const target = node.closest('g[id^="route-"], g[id^="city-"]');
        return target ? target.id : null;
    };
    const onScreen = (x, y) => {
        const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
        return [p.x, p.y];
    };
    const out = [];
    for (const route of svg.querySelectorAll('g[id^="route-"]')) {
        const spaces = route.querySelector('.ttr-sp').getAttribute('d').split('Z').filter(Boolean);
        const c = spaces[Math.floor(spaces.length / 2)].match(/-?[0-9.]+/g).map(Number);
        const [x, y] = onScreen((c[0] + c[2] + c[4] + c[6]) / 4, (c[1] + c[3] + c[5] + c[7]) / 4);
        out.push(['space', route.id, reached(x, y)]);
    }
    for (const city of svg.querySelectorAll('g[id^="city-"]')) {
        const dot = city.querySelector('.ttr-dot');
        const [dx, dy] = [dot.cx.baseVal.value, dot.cy.baseVal.value];
        out.push(['dot', city.id, reached(...onScreen(dx, dy))]);
        const b = city.querySelector('.ttr-label').getBBox();
        out.push(['name', city.id, reached(...onScreen(b.x + b.width / 2, b.y + b.height / 2))]);
    }
    return out;
}"""
TABLE = ".ttr-play-table"
PROMPT = f"{TABLE} .ttr-prompt"
HINTED_TABLE = """\
from ttr.apps import PlayModel, PlayTable
from ttr.scenario import stage

hand = dict.fromkeys(["red", "green", "blue", "yellow", "black", "white", "orange", "pink"], 4)
position = {"rules": "europe", "players": ["Ann", "Ben"], "seed": 1,
            "tickets": {"Ann": ["Berlin-Roma"]}, "hands": {"Ann": hand}}
PlayTable(PlayModel(stage(position), [("Ann", "you"), ("Ben", "greedy")]))
"""
ON_THE_GLOW = """([root, route]) => {
    // a point of the glow of route `route`, near its middle, where the page's topmost element
    // is the glow itself (off the train spaces): where a click used to be swallowed
    const glow = root.querySelector(`#glow-${route}`);
    const length = glow.getTotalLength();
    const matrix = glow.getScreenCTM();
    const width = parseFloat(getComputedStyle(glow).strokeWidth) * matrix.a;
    for (const share of [0.5, 0.45, 0.55, 0.4, 0.6, 0.35, 0.65, 0.3, 0.7]) {
        const a = glow.getPointAtLength(length * share);
        const b = glow.getPointAtLength(Math.min(length, length * share + 1));
        const [dx, dy] = [b.x - a.x, b.y - a.y];
        const norm = Math.hypot(dx, dy) || 1;
        for (const side of [1, -1]) {
            const off = side * width * 0.4 / matrix.a;
            const x = (a.x - dy / norm * off) * matrix.a + matrix.e;
            const y = (a.y + dx / norm * off) * matrix.d + matrix.f;
            if (document.elementFromPoint(x, y) === glow) return [x, y];
        }
    }
    return null;
}"""
SEQ_CHANGED = """([selector, seq]) => {
    const prompt = document.querySelector(selector);
    return prompt !== null && prompt.dataset.seq !== seq;
}"""


@pytest.fixture(scope="module")
def folder(served, repo_root):
    """The served folder: the play table, two lessons its links lead to, and a table whose Hint
    is a claim."""
    work = served / "work"
    for name in (PLAY, "01_setup.ipynb", "03_claiming_routes.ipynb"):
        shutil.copy(repo_root / "notebooks" / name, work / name)
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(HINTED_TABLE)]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(notebook, work / HINTED)
    notebook.cells = [nbformat.v4.new_code_cell(USA_TABLE)]
    nbformat.write(notebook, work / USA)
    return served


@pytest.fixture(scope="module")
def url(folder, artifacts_dir):
    """The address of one Voila for the module, serving the folder as ``make play`` serves
    notebooks/ (each page it renders has a kernel of its own)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [
        str(BIN / "voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--token=",
        str(folder / "work"),
    ]
    with serve(command, url, folder, folder / "work", artifacts_dir, "voila-folder") as server:
        server.wait_ready("/voila/static/")
        yield url


def answered(page, act) -> None:
    seq = page.locator(PROMPT).get_attribute("data-seq")
    act()
    page.wait_for_function(SEQ_CHANGED, arg=[PROMPT, seq], timeout=30_000)


def open_app(page, url: str, notebook: str):
    page.goto(f"{url}/voila/render/{notebook}")
    page.wait_for_selector(PROMPT, timeout=120_000)
    page.wait_for_selector(f"{TABLE} .ttr-map-view svg .ttr-hit")
    return page.locator(TABLE).first


def test_a_click_on_the_hinted_route_s_glow_begins_the_claim(page, url, artifacts_dir):
    root = open_app(page, url, HINTED)
    answered(page, root.get_by_role("button", name="Hint", exact=True).click)
    lit = root.locator(".ttr-map-view g.ttr-route.ttr-lit").evaluate_all(
        "els => els.map(e => e.id)"
    )
    assert len(lit) == 1, lit  # Berlin-Frankfurt (black), on Ann's ticket's path
    route = lit[0].removeprefix("route-")
    root.locator(f"#{lit[0]}").scroll_into_view_if_needed()
    spot = page.evaluate(ON_THE_GLOW, [root.element_handle(), route])
    assert spot is not None, "no point of the glow off the train spaces"
    root.screenshot(path=str(artifacts_dir / "play-hinted-glow.png"))
    answered(page, lambda: page.mouse.click(*spot))
    assert "choose how to pay" in page.locator(PROMPT).inner_text()
    assert root.locator("button[title='Pay with these cards']:visible").count() >= 1
    answered(page, root.get_by_role("button", name="Cancel", exact=True).click)
    assert root.locator("button[title='Pay with these cards']:visible").count() == 0


def test_cities_are_easy_targets(page, url, artifacts_dir):
    root = open_app(page, url, PLAY)
    for width, height in ((1280, 800), (1024, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)
        sizes = root.locator(".ttr-map-view circle.ttr-hit").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().width)"
        )
        assert len(sizes) > 40 and min(sizes) >= 24, (width, min(sizes))


@pytest.mark.parametrize("notebook", [PLAY, USA])
def test_every_route_and_city_takes_its_own_click(page, url, artifacts_dir, notebook):
    page.set_viewport_size({"width": 1280, "height": 2400})  # the whole map on screen
    root = open_app(page, url, notebook)
    page.wait_for_timeout(500)
    targets = root.evaluate(TARGETS)
    assert len(targets) >= 172, len(targets)  # routes, then dots and names (USA: 100, 36)
    wrong = [
        (kind, element, reached)
        for kind, element, reached in targets
        if reached != element and not (kind == "name" and str(reached).startswith("route-"))
    ]
    assert not wrong, wrong


def test_a_learn_it_link_opens_the_lesson_at_its_section(page, url, artifacts_dir):
    root = open_app(page, url, PLAY)
    answered(page, root.get_by_role("button", name="Keep 0", exact=True).click)
    link = root.locator(".ttr-note-refusal .ttr-learn a").first
    assert link.get_attribute("target") == "_blank"
    with page.context.expect_page() as opened:
        link.click()
    lesson = opened.value
    lesson.wait_for_load_state()
    assert "/voila/render/01_setup.ipynb#The-opening-tickets" in lesson.url
    heading = lesson.get_by_role("heading", name="The opening tickets on the Europe board")
    heading.first.wait_for(timeout=120_000)
    lesson.screenshot(path=str(artifacts_dir / "play-learn-it-lesson.png"))
    lesson.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (1024, 768)])
def test_map_hand_market_and_buttons_fit_one_screen(page, url, artifacts_dir, width, height):
    page.set_viewport_size({"width": width, "height": height})
    root = open_app(page, url, PLAY)
    offer = root.locator(".widget-checkbox", has_text=re.compile(r"\(\d+\)$"))
    for i in (0, 1):  # two opening tickets kept: the turn's controls are showing
        answered(page, offer.nth(i).locator("input").click)
    answered(page, root.get_by_role("button", name="Keep 2", exact=True).click)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(500)
    parts = {
        "map": root.locator(".ttr-map-view > svg"),
        "hand": root.locator(".ttr-hand"),
        "market": root.locator("button[title^='Take the face-up card']").first,
        "deck": root.get_by_role("button", name="Deck", exact=False).first,
        "hint": root.get_by_role("button", name="Hint", exact=True),
        "why": root.get_by_role("button", name="Why?", exact=True),
    }
    outside = []
    for name, part in parts.items():
        box = part.bounding_box()
        if box is None or box["y"] < 0 or box["y"] + box["height"] > height + 1:
            outside.append(f"{name}: {box}")
        elif box["x"] < 0 or box["x"] + box["width"] > width + 1:
            outside.append(f"{name}: {box}")
    page.screenshot(path=str(artifacts_dir / f"play-{width}x{height}.png"))
    assert not outside, f"{width}x{height}: outside the viewport: {outside}"
    log = root.locator(".ttr-log")
    assert log.evaluate("e => getComputedStyle(e).overflowY") == "auto"
