"""How a board or a game shows itself in a notebook, without the engine importing a view.

:class:`ttr.board.Board` and :class:`ttr.game.Game` have ``_repr_svg_`` and ``_repr_html_``
(python-chess's pattern: an object that draws itself). They ask this module for a picture of a
kind (``"board"``, ``"game"``); a view registers the function that draws each kind
(:func:`register`). :data:`VIEWS` names the module that registers the default pictures
(:mod:`ttr.views.svg`): it is imported by name the first time a picture is asked for, the way
matplotlib loads its backend, so the engine depends on no view's code (and ``import ttr`` loads
no drawing code), only on a view being installed when something is drawn.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

VIEWS = "ttr.views.svg"
"""The module whose import registers the default pictures of a board and a game."""

_PICTURES: dict[str, Callable[[Any], Any]] = {}


def register(kind: str, draw: Callable[[Any], Any]) -> None:
    """Draw pictures of ``kind`` (``"board"``, ``"game"``) with ``draw(thing)`` from now on."""
    _PICTURES[kind] = draw


def picture(kind: str, thing: object) -> Any:
    """The picture of ``thing`` (a value with ``_repr_svg_`` and ``_repr_html_``)."""
    draw = _PICTURES.get(kind)
    if draw is None:
        importlib.import_module(VIEWS)
        draw = _PICTURES[kind]
    return draw(thing)
