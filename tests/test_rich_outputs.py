"""The notebooks' rich outputs are compared by content (the root ``conftest.py``): a drawing
change passes, a change of what a picture or a table holds fails."""

from __future__ import annotations

import base64
import importlib.util
from pathlib import Path

from ttr import Game

spec = importlib.util.spec_from_file_location(
    "root_conftest", Path(__file__).parents[1] / "conftest.py"
)
assert spec is not None and spec.loader is not None
root = importlib.util.module_from_spec(spec)
spec.loader.exec_module(root)


def test_a_map_is_its_route_and_city_ids_and_labels():
    game = Game("usa", 2, seed=1)
    svg = str(game._repr_svg_())
    seen = root.svg_content(svg)
    assert "route-0" in seen and "city-New_York" in seen and "Atlanta" in seen
    moved = svg.replace('cx="', 'cx="1').replace("stroke-width:", "stroke-width:9")
    assert root.svg_content(moved) == seen  # geometry and styles do not count
    assert root.svg_content(svg.replace('id="route-7"', 'id="route-700"')) != seen


def test_the_picture_in_an_img_is_read_as_svg():
    svg = str(Game("europe", 3, seed=2)._repr_svg_())
    data = base64.b64encode(svg.encode()).decode()
    shown = f'<img alt="a map" src="data:image/svg+xml;base64,{data}">'
    assert root.html_content(shown) == root.svg_content(svg)


def test_a_table_is_its_rows():
    table = (
        '<div class="x"><b>Odds</b><table><tr><th>extra</th><th class="n">%</th></tr>'
        '<tr><td style="color:red">0</td><td>48.7%</td></tr></table></div>'
    )
    assert root.html_content(table) == "Odds\nextra | %\n0 | 48.7%"
    restyled = table.replace('style="color:red"', 'style="color:blue"').replace(
        'class="x"', 'class="y"'
    )
    assert root.html_content(restyled) == root.html_content(table)
    assert root.html_content(table.replace("48.7", "48.8")) != root.html_content(table)


def test_outputs_keep_their_plain_text_and_other_fields():
    output = {
        "output_type": "display_data",
        "data": {"text/plain": "<Game>", "text/html": "<p>a</p>"},
    }
    (changed,) = root.content([output])
    assert changed["data"] == {"text/plain": "<Game>", "text/html": "a"}
    assert output["data"]["text/html"] == "<p>a</p>"  # the notebook's own output is untouched
