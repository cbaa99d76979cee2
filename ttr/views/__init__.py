"""The views: what draws the engine's positions, outside the engine.

- :mod:`ttr.views.svg`: the board and a game as SVG text (``Board``/``Game`` show themselves
  through it in a notebook);
- :mod:`ttr.views.map_layout`: where each city, route and train space is drawn;
- :mod:`ttr.views.plot`: charts and PNG maps (matplotlib);
- :mod:`ttr.views.widgets`: the interactive teaching widgets (ipywidgets, anywidget).

The engine imports none of them.
"""
