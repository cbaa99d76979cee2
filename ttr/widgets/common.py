"""Shared pieces of the widgets: map rendering with a cache, small HTML snippets, the controls
and layout several widgets use, and settling a tunnel.

Nothing here holds state of a widget. The HTML helpers return plain strings (the models' views
and the tests read them too); :class:`MapPainter` turns a position into PNG bytes through
:mod:`ttr.plot`, remembering the last few drawings so that stepping back and forth, or an action
that does not change the map (a card draw), costs no redraw.
"""

from __future__ import annotations

import gc
import html
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

import ipywidgets as widgets

from ttr.actions import Decline, PayTunnel
from ttr.board import Board, Route
from ttr.colors import CARD_COLORS, CARD_KINDS, LOCOMOTIVE
from ttr.plot import PLAYER_COLORS, ROUTE_EDGE, ROUTE_FACE, figure_png, game_figure

__all__ = [
    "LOCOS_ONLY",
    "MapPainter",
    "beside_map",
    "bot_game",
    "Position",
    "card_chip",
    "cards_html",
    "chosen_color",
    "esc",
    "hand_html",
    "message_html",
    "narration_html",
    "pay_or_decline",
    "payment_controls",
    "player_swatch",
    "route_options",
    "rule_of",
    "show_payment",
    "table_html",
]

MAP_LAYOUT = {"width": "100%", "max_width": "900px", "height": "auto"}
"""ipywidgets layout keywords of the map images (the PNG is 800 pixels wide, shown at most
900 pixels wide: an 8-inch figure keeps the city names readable when the map is shown beside
the controls at 550-700 pixels)."""

PANEL_CSS = "font-family: sans-serif; font-size: 13px; line-height: 1.35;"


# ---------------------------------------------------------------------------------------------
# Positions and map drawing


@dataclass(frozen=True)
class Position:
    """What :func:`ttr.plot.draw_game` reads from a game, without a game.

    Widgets draw hypothetical positions (stations a teacher is trying, routes toggled on and off)
    through this small value: ``owners`` maps route id to seat, ``stations`` city to seat.
    """

    board: Board
    players: tuple[str, ...]
    owners: Mapping[int, int] = field(default_factory=dict)
    stations: Mapping[str, int] = field(default_factory=dict)

    @classmethod
    def of(cls, game) -> Position:
        owners = {i: seat for i, seat in enumerate(game.owner) if seat is not None}
        return cls(game.board, tuple(game.players), owners, dict(game.stations))

    @property
    def owner(self) -> list[int | None]:
        """Route id -> seat or None, as ``Game.owner``."""
        return [self.owners.get(route.id) for route in self.board.routes]

    def key(self) -> tuple:
        return (
            self.board.name,
            self.players,
            tuple(sorted(self.owners.items())),
            tuple(sorted(self.stations.items())),
        )


def _route_ids(board: Board, routes: Iterable) -> tuple[int, ...]:
    ids = []
    for item in routes:
        if isinstance(item, Route):
            ids.append(item.id)
        elif isinstance(item, int):
            ids.append(item)
        else:
            ids.append(board.route(str(item)).id)
    return tuple(sorted(set(ids)))


class MapPainter:
    """PNG bytes of positions, drawn by :func:`ttr.plot.game_figure`, with a small LRU cache.

    The same position, highlight and title always give the same bytes (the plot module is
    deterministic), so caching is safe; ``draws`` counts real drawings (for tests).
    """

    def __init__(self, size: int = 48, width: float = 8.0):
        self.size = size
        self.width = width
        self.draws = 0
        self._cache: OrderedDict[tuple, bytes] = OrderedDict()

    def png(
        self,
        position,
        highlight: Iterable = (),
        highlight_cities: Iterable[str] = (),
        title: str | None = None,
        highlight_color: str | None = None,
    ) -> bytes:
        if not isinstance(position, Position):
            position = Position.of(position)
        lit = _route_ids(position.board, highlight)
        cities = tuple(sorted(set(highlight_cities)))
        key = (position.key(), lit, cities, title, highlight_color)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        kw = {"highlight": lit, "highlight_cities": cities, "title": title}
        if highlight_color:
            kw["highlight_color"] = highlight_color
        data = figure_png(game_figure(position, width=self.width, **kw))
        # A matplotlib figure is a web of reference cycles, so it is freed only by the cyclic
        # garbage collector. Collecting the young generations now (about 1 ms: the figure is
        # all there is) keeps thousands of dead artists from being promoted to the oldest
        # generation, whose full collections would otherwise cost 50-100 ms every few draws.
        gc.collect(1)
        self.draws += 1
        self._cache[key] = data
        if len(self._cache) > self.size:
            self._cache.popitem(last=False)
        return data

    def route_png(self, position, route: Route | None) -> bytes:
        """:meth:`png` with ``route`` and its two cities glowing (nothing glows for None)."""
        if route is None:
            return self.png(position)
        return self.png(position, highlight=[route.id], highlight_cities=route.cities)

    def clear(self) -> None:
        self._cache.clear()


# ---------------------------------------------------------------------------------------------
# HTML snippets

CARD_LABEL = {LOCOMOTIVE: "loco"}
_LOCO_FILL = (
    "linear-gradient(135deg, #d9281f 0%, #f7901e 20%, #f5d000 40%, #2e9e45 60%, "
    "#2b6fd6 80%, #8e44c9 100%)"
)


def esc(text: object) -> str:
    return html.escape(str(text))


def card_chip(card: str | None, count: int | None = None, *, mark: str = "") -> str:
    """One card as a small coloured rectangle with its name (``None`` = an empty slot)."""
    if card is None:
        style = "background:#fafafa;color:#888;border:1px dashed #999;"
        label = "empty"
    elif card == LOCOMOTIVE:
        style = f"background:{_LOCO_FILL};color:#fff;border:1px solid #222;"
        label = "loco"
    else:
        dark = card in ("blue", "black", "red", "green")
        style = (
            f"background:{ROUTE_FACE[card]};color:{'#fff' if dark else '#111'};"
            f"border:1px solid {ROUTE_EDGE[card]};"
        )
        label = card
    if count is not None:
        label = f"{label} ×{count}"
    outline = "outline:3px solid #ffb000;outline-offset:1px;" if mark else ""
    title = f' title="{esc(mark)}"' if mark else ""
    return (
        f'<span class="ttr-card" data-card="{esc(card or "")}"{title} style="display:inline-block;'
        f"min-width:44px;padding:3px 6px;margin:2px;border-radius:4px;text-align:center;"
        f'font-weight:600;text-shadow:0 0 2px rgba(0,0,0,.25);{style}{outline}">'
        f"{esc(label)}</span>"
    )


def cards_html(cards: Sequence[str | None], marks: Mapping[int, str] | None = None) -> str:
    """A row of cards (a market, a reveal), optionally marking some positions."""
    marks = marks or {}
    return "".join(card_chip(c, mark=marks.get(i, "")) for i, c in enumerate(cards))


def hand_html(hand: Mapping[str, int]) -> str:
    """A hand as chips with counts, in the fixed card order; ``(no cards)`` when empty."""
    chips = [card_chip(k, hand[k]) for k in CARD_KINDS if hand.get(k)]
    return "".join(chips) or '<span style="color:#888">(no cards)</span>'


def player_swatch(seat: int, name: str) -> str:
    color = PLAYER_COLORS[seat % len(PLAYER_COLORS)]
    return (
        f'<span style="display:inline-block;width:11px;height:11px;border-radius:2px;'
        f'background:{color};border:1px solid #000;margin-right:5px;vertical-align:-1px">'
        f"</span>{esc(name)}"
    )


def table_html(header: Sequence[str], rows: Iterable[Sequence[str]], css_class: str = "") -> str:
    """A compact HTML table; cells are HTML already (escape text with :func:`esc`)."""
    head = "".join(
        f'<th style="text-align:left;padding:2px 8px;border-bottom:1px solid #999">{h}</th>'
        for h in header
    )
    body = "".join(
        "<tr>"
        + "".join(f'<td style="padding:2px 8px;vertical-align:top">{cell}</td>' for cell in row)
        + "</tr>"
        for row in rows
    )
    return (
        f'<table class="{css_class}" style="border-collapse:collapse;margin:4px 0">'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def narration_html(lines: Sequence[str], title: str = "What happened") -> str:
    """The narrated events of a step as a short list."""
    items = "".join(f"<li>{esc(line)}</li>" for line in lines) or "<li>(nothing)</li>"
    return (
        f'<div class="ttr-narration" style="{PANEL_CSS}"><b>{esc(title)}</b>'
        f'<ul style="margin:4px 0 0 0;padding-left:20px">{items}</ul></div>'
    )


def message_html(text: str, ok: bool | None) -> str:
    """A verdict line: green when ``ok``, red when not, neutral for None."""
    color = {True: "#1b7f3b", False: "#b3261e", None: "#333"}[ok]
    icon = {True: "✔", False: "✘", None: "•"}[ok]
    return (
        f'<div class="ttr-message" style="{PANEL_CSS}color:{color};font-weight:600">'
        f"{icon} {esc(text)}</div>"
    )


def rule_of(message: str) -> str | None:
    """The rule id an :class:`~ttr.actions.IllegalAction` message starts with (``"D4: ..."``)."""
    head, sep, _ = message.partition(":")
    return head.strip() if sep and head.strip()[:1].isalpha() and len(head) <= 4 else None


# ---------------------------------------------------------------------------------------------
# Controls and layout

LOCOS_ONLY = "locomotives only"
"""The colour dropdown's choice for paying with locomotives alone."""


def payment_controls() -> tuple[widgets.Dropdown, widgets.BoundedIntText]:
    """The ``color`` dropdown and the ``locomotives`` count that choose how to pay a route."""
    color = widgets.Dropdown(
        options=[*CARD_COLORS, LOCOS_ONLY], description="colour", layout={"width": "220px"}
    )
    locomotives = widgets.BoundedIntText(
        value=0, min=0, max=8, description="locos", layout={"width": "150px"}
    )
    return color, locomotives


def show_payment(color: widgets.Dropdown, locomotives: widgets.BoundedIntText, chooser) -> None:
    """Set the payment controls to the route and payment of ``chooser`` (a ``ClaimModel``).

    The changes reach the controls' observers: callers silence them while this runs.
    """
    color.value = LOCOS_ONLY if chooser.color is None else chooser.color
    locomotives.max = chooser.route.length if chooser.route else 8
    locomotives.value = chooser.action.locomotives if chooser.action else 0


def chosen_color(color: widgets.Dropdown) -> str | None:
    """The colour chosen in a :func:`payment_controls` dropdown; None for locomotives only."""
    return None if color.value == LOCOS_ONLY else color.value


def route_options(routes: Iterable[Route], label: Callable[[Route], str]) -> list[tuple[str, int]]:
    """Dropdown options ``(label, route id)``, in the order of ``routes``.

    A label seen before (the two routes of a double can read the same) gets `` #id`` added.
    """
    options, seen = [], set()
    for route in routes:
        text = label(route)
        if text in seen:
            text += f" #{route.id}"
        seen.add(text)
        options.append((text, route.id))
    return options


def beside_map(
    controls: Sequence[widgets.Widget],
    map_image: widgets.Image,
    *,
    flex: str = "1 1 440px",
    min_width: str = "400px",
) -> widgets.HBox:
    """A column of ``controls`` (sized by ``flex`` and ``min_width``) with the map to its
    right; on a narrow page the map wraps below."""
    side = widgets.VBox(list(controls), layout={"flex": flex, "min_width": min_width})
    return widgets.HBox(
        [side, widgets.Box([map_image], layout={"flex": "2 1 480px", "min_width": "420px"})],
        layout={"flex_flow": "row wrap", "align_items": "flex-start"},
    )


# ---------------------------------------------------------------------------------------------
# Playing


def pay_or_decline(game, options: Sequence[int], pay: bool) -> str:
    """Settle the tunnel waiting in ``game`` and return the narration of that step (C7-C8).

    With ``pay`` and a way to pay, pay the first of ``options`` (the locomotives among the
    extra cards, fewest first); otherwise decline. An illegal choice raises
    :class:`~ttr.actions.IllegalAction`, as ``Game.play`` does.
    """
    steps = len(game.history)
    game.play(PayTunnel(options[0]) if pay and options else Decline())
    return " ".join(game.events_of(steps + 1))


def bot_game(rules: str = "europe", players: int = 4, seed: int = 1, agent: str = "greedy"):
    """A game played to the end by seeded bots (``ttr.agents.make_agent`` names)."""
    from ttr.agents import make_agent, play_game
    from ttr.game import Game

    game = Game(rules, players, seed=seed)
    return play_game(game, [make_agent(agent, seed * 100 + i) for i in range(game.num_players)])
