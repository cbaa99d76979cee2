"""Apps: whole games on the clickable map, built on the teaching widgets (:mod:`ttr.views.widgets`).

==================================  ===================================  ========================
app (module)                        model                                what it is for
==================================  ===================================  ========================
``PlayTable`` (table)               ``PlayModel`` (play)                 play against bots, with
                                                                         a rules coach (coach)
``ScoreSheet`` (score_sheet)        ``ScoreSheetModel`` (score_sheet)    score a real game night
==================================  ===================================  ========================

The models import no ipywidgets; tests drive them from Python, and the widgets from Python
too (``table.deck_button.click()``, ``table.map.click("route-7")``). The notebooks
``notebooks/play.ipynb`` and ``notebooks/score_sheet.ipynb`` show them, and ``make play`` and
``make scoresheet`` serve those as Voila apps. The engine never imports this package.
"""

from ttr.apps.play import PlayModel
from ttr.apps.score_sheet import ScoreSheet, ScoreSheetModel
from ttr.apps.table import PlayTable

__all__ = ["PlayModel", "PlayTable", "ScoreSheet", "ScoreSheetModel"]
