"""Apps: whole games on the clickable map, built on the teaching widgets (:mod:`ttr.views.widgets`).

==================================  ===================================  ========================
app (module)                        model                                what it is for
==================================  ===================================  ========================
``PlayTable`` (table)               ``PlayModel`` (session)              play against bots, with
                                                                         a rules coach (coach)
``ScoreSheet`` (score_sheet)        ``ScoreSheetModel`` (sheet)          score a real game night
==================================  ===================================  ========================

Each module has one job: ``session`` the game at the table, its seats, clicks and bots;
``seats`` who sits where; ``view`` what the person's seat sees, as plain data; ``coach`` the
rules coach's words (refusals, the rules in play, hints, the lessons that teach each rule);
``saves`` the play table's file; ``sheet`` the score sheet's model and its position files;
``breakdown`` the final score as HTML; ``download`` a one-click download button; ``table`` and
``score_sheet`` the widgets.

The models import no ipywidgets (and this package loads each app when it is first named); tests
drive them from Python, and the widgets from Python too (``table.deck_button.click()``,
``table.map.click("route-7")``). The notebooks ``notebooks/play.ipynb`` and
``notebooks/score_sheet.ipynb`` show them, and ``make play`` and ``make scoresheet`` serve those as
Voila apps. The engine never imports this package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ttr.apps.score_sheet import ScoreSheet
    from ttr.apps.session import PlayModel
    from ttr.apps.sheet import ScoreSheetModel
    from ttr.apps.table import PlayTable

__all__ = ["PlayModel", "PlayTable", "ScoreSheet", "ScoreSheetModel"]

_HOMES = {
    "PlayModel": "session",
    "PlayTable": "table",
    "ScoreSheet": "score_sheet",
    "ScoreSheetModel": "sheet",
}


def __getattr__(name: str) -> Any:
    """The four names, imported when first used: the models (and ``python -m ttr score``,
    which reads the score sheet's warnings) never load ipywidgets."""
    if name not in _HOMES:
        raise AttributeError(f"module 'ttr.apps' has no attribute {name!r}")
    return getattr(importlib.import_module(f"ttr.apps.{_HOMES[name]}"), name)
