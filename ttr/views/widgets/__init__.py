"""Teaching widgets (ipywidgets 8): each is a thin view over a plain model object.

==========================  =================  ======================================
widget (module)             model              what it teaches
==========================  =================  ======================================
``GameStepper`` (stepper)   ``StepperModel``   a whole game, step by step
``CardDrawExplorer``        ``CardDrawModel``  drawing train cards (D1-D9)
``RouteClaimer`` (claim)    ``ClaimModel``     claiming routes (C1-C6)
``TunnelSimulator``         ``TunnelModel``    tunnels and their exact odds (C7-C9)
``StationPlanner``          ``StationModel``   stations and borrowed routes (ST1-ST6)
``LongestRouteExplorer``    ``LongestModel``   the longest trail (F3)
==========================  =================  ======================================

The models import no ipywidgets.

Every widget is an ``ipywidgets.VBox`` with its controls as attributes (``next_button``,
``slider``...), its model as ``.model`` and its map as ``.map``: a
:class:`~ttr.views.widgets.map.MapWidget` (the SVG of :mod:`ttr.views.svg`, drawn once, restyled
by element id, reporting clicks on routes and cities). Tests and notebooks drive them from Python:
``widget.next_button.click()``, ``widget.slider.value = 10``, ``widget.map.click("route-7")``.
The map scales with the page and the panels wrap below it when there is no room beside it
(``widgets.css``). The engine never imports this package.
"""

from ttr.views.widgets.card_draw import CardDrawExplorer, CardDrawModel
from ttr.views.widgets.claim import ClaimModel, RouteClaimer
from ttr.views.widgets.longest import LongestModel, LongestRouteExplorer
from ttr.views.widgets.map import MapClick, MapWidget
from ttr.views.widgets.stations import StationModel, StationPlanner
from ttr.views.widgets.stepper import GameStepper, StepperModel
from ttr.views.widgets.tunnel import TunnelModel, TunnelSimulator

__all__ = [
    "CardDrawExplorer",
    "CardDrawModel",
    "ClaimModel",
    "GameStepper",
    "LongestModel",
    "LongestRouteExplorer",
    "MapClick",
    "MapWidget",
    "RouteClaimer",
    "StationModel",
    "StationPlanner",
    "StepperModel",
    "TunnelModel",
    "TunnelSimulator",
]
