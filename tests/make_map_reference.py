"""Writes tests/data/map_reference.json.gz: the map geometry, label slots and SVG pictures,
which tests/test_svg.py compares with today's drawing. The committed file was made by the numpy
drawing (ce79202, before #27), from an export of that tree:
``git archive ce79202 ttr | tar -x -C /tmp/ref``, then
``PYTHONPATH=/tmp/ref python tests/make_map_reference.py``.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from ttr import Game, load_board
from ttr.agents import make_agent, play_game
from ttr.views import map_layout, svg

OUT = Path(__file__).parent / "data" / "map_reference.json.gz"


def _plain(value: object) -> object:
    """Arrays and tuples as nested lists of floats rounded to 1e-6."""
    if hasattr(value, "tolist"):
        value = value.tolist()  # type: ignore[union-attr]
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, float):
        return round(value, 6)
    return value


def reference() -> dict[str, object]:
    """Every board and layout's geometry, label slots and a few pictures."""
    out: dict[str, object] = {}
    for name in ("usa", "europe"):
        board = load_board(name)
        for layout in map_layout.LAYOUTS:
            geo = map_layout.geometry(board, layout)
            out[f"{name}/{layout}"] = {
                "pos": {k: _plain(v) for k, v in geo.pos.items()},
                "xy": _plain(geo.xy),
                "spaces": _plain(geo.spaces),
                "space_route": _plain(geo.space_route),
                "route_line": _plain(list(geo.route_line)),
                "segments": _plain(geo.segments),
                "loco_xy": _plain(geo.loco_xy),
                "bends": {str(k): round(v, 6) for k, v in geo.bends.items()},
                "xlim": _plain(geo.xlim),
                "ylim": _plain(geo.ylim),
                "slots": map_layout.label_slots(
                    board, layout, svg._LABEL_SCALE, svg.LABEL_SIZE, svg.text_width
                ),
                "board_svg": str(svg.board_svg(board, layout=layout)),
            }
    game = play_game(
        Game("europe", players=["Ann", "Ben", "Cat"], seed=4),
        [make_agent("greedy", seed=seat) for seat in range(3)],
    )
    out["pictures"] = {
        "game_svg_europe": str(
            svg.game_svg(
                game, title="A game", highlight_routes="Paris-Bruxelles", highlight_cities=["Wien"]
            )
        ),
        "live_svg_usa": str(svg.live_svg(load_board("usa"), ["Ann", "Ben"], "board")),
    }
    return out


if __name__ == "__main__":
    OUT.parent.mkdir(exist_ok=True)
    with gzip.open(OUT, "wt", encoding="utf-8") as f:
        json.dump(reference(), f, sort_keys=True, separators=(",", ":"))
    print(OUT, OUT.stat().st_size)
