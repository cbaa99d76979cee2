"""Shared pieces of the widgets: small HTML snippets, the controls and the layout several widgets
use, and a few helpers that play on a game.

Nothing here holds state of a widget. The HTML helpers return plain strings (the models' views
and the tests read them too). Layout: :func:`teaching_layout` puts a widget's panels beside its
map, or below it when there is no room (the CSS classes live in ``widgets.css``, which the map
widget loads).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as widgets

from ttr.actions import Claim, Decline, PayTunnel
from ttr.board import Board, Route
from ttr.colors import CARD_COLORS, CARD_KINDS, LOCOMOTIVE
from ttr.errors import IllegalAction
from ttr.i18n import N_, Np_, gettext, pgettext, prender, render
from ttr.text import sentences
from ttr.views.map_layout import DARK_ROUTE_COLORS, ROUTE_EDGE, ROUTE_FACE, player_color
from ttr.views.widgets.map import MapWidget

if TYPE_CHECKING:
    from ttr.game import Game

__all__ = [
    "Chooser",
    "LOCOS_ONLY",
    "bot_game",
    "button",
    "card_button_style",
    "card_chip",
    "cards_html",
    "chosen_color",
    "esc",
    "hand_html",
    "message_html",
    "narration_html",
    "panel",
    "pay_or_decline",
    "payment_controls",
    "player_columns",
    "player_swatch",
    "route_options",
    "row",
    "show_payment",
    "table_html",
    "teaching_layout",
]

# ---------------------------------------------------------------------------------------------
# HTML snippets

_LOCO_FILL = (
    "linear-gradient(135deg, #d9281f 0%, #f7901e 20%, #f5d000 40%, #2e9e45 60%, "
    "#2b6fd6 80%, #8e44c9 100%)"
)


def esc(text: object) -> str:
    return html.escape(str(text))


MARK_WORDS = (Np_("mark", "taken"), Np_("mark", "new"), Np_("mark", "matches"))
"""The marks a card may carry (its tooltip): taken from the market, new in it, matching a
tunnel's payment."""


def card_chip(card: str | None, count: int | None = None, *, mark: str = "") -> str:
    """One card as a small coloured rectangle with its name (``None`` = an empty slot)."""
    if card is None:
        style = "background:#fafafa;color:#888;border:1px dashed #999;"
        label = render("empty")
    elif card == LOCOMOTIVE:
        style = f"background:{_LOCO_FILL};color:#fff;border:1px solid #222;"
        label = pgettext("colour", "loco")
    else:
        style = (
            f"background:{ROUTE_FACE[card]};"
            f"color:{'#fff' if card in DARK_ROUTE_COLORS else '#111'};"
            f"border:1px solid {ROUTE_EDGE[card]};"
        )
        label = pgettext("colour", card)
    if count is not None:
        label = f"{label} ×{count}"
    outline = "outline:3px solid #ffb000;outline-offset:1px;" if mark else ""
    title = f' title="{esc(pgettext("mark", mark))}"' if mark else ""
    return (
        f'<span class="ttr-card" data-card="{esc(card or "")}"{title} style="{style}{outline}">'
        f"{esc(label)}</span>"
    )


def card_button_style(card: str | None) -> dict[str, str]:
    """The style of a button showing one card: its colour, readable text (None: an empty slot)."""
    if card is None:
        return {"button_color": "#f4f4f4", "text_color": "#666", "font_weight": "normal"}
    if card == LOCOMOTIVE:
        return {"button_color": "#5b3f8c", "text_color": "white", "font_weight": "bold"}
    return {
        "button_color": ROUTE_FACE[card],
        "text_color": "white" if card in DARK_ROUTE_COLORS else "black",
        "font_weight": "bold",
    }


def cards_html(cards: Sequence[str | None], marks: Mapping[int, str] | None = None) -> str:
    """A row of cards (a market, a reveal), optionally marking some positions."""
    marks = marks or {}
    return " ".join(card_chip(c, mark=marks.get(i, "")) for i, c in enumerate(cards))


def hand_html(hand: Mapping[str, int]) -> str:
    """A hand as chips with counts, in the fixed card order; ``(no cards)`` when empty."""
    chips = [card_chip(k, hand[k]) for k in CARD_KINDS if hand.get(k)]
    return " ".join(chips) or '<span style="color:#666">' + render("(no cards)") + "</span>"


def player_columns(stations: bool) -> list[str]:
    """The headings of a table of the players' public state: trains, points, cards, tickets
    (and stations left), in the language in force."""
    header = [
        prender("column", "player"),
        prender("column", "trains"),
        prender("column", "points"),
        prender("column", "cards"),
        prender("column", "tickets"),
    ]
    if stations:
        header.append(prender("column", "stations"))
    return header


def player_swatch(seat: int, name: str) -> str:
    """A player's name after a small square in their colour."""
    return f'<span class="ttr-swatch" style="background:{player_color(seat)}"></span>{esc(name)}'


def table_html(
    header: Sequence[str],
    rows: Iterable[Sequence[str]],
    numeric: Iterable[int] = (),
) -> str:
    """A compact HTML table; cells are HTML already (escape text with :func:`esc`). Columns in
    ``numeric`` are right-aligned. A row of one cell spans the whole table."""
    right = set(numeric)

    def cell(tag: str, i: int, content: str) -> str:
        return (
            f'<{tag} class="ttr-num">{content}</{tag}>'
            if i in right
            else (f"<{tag}>{content}</{tag}>")
        )

    head = "".join(cell("th", i, h) for i, h in enumerate(header))
    body = []
    for row in rows:
        if len(row) == 1:
            body.append(f'<tr><td colspan="{len(header)}">{row[0]}</td></tr>')
        else:
            body.append("<tr>" + "".join(cell("td", i, c) for i, c in enumerate(row)) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def narration_html(lines: Sequence[str], title: str | None = None) -> str:
    """Narrated events as a short list under a title (by default "What happened", in the
    language in force)."""
    title = render("What happened") if title is None else title
    items = "".join(f"<li>{esc(line)}</li>" for line in lines) or (
        "<li>" + render("Nothing yet.") + "</li>"
    )
    return f'<div class="ttr-narration"><b>{esc(title)}</b><ul>{items}</ul></div>'


REFUSED = N_("Not allowed: {reason} ({rule}).")
"""How a widget says the engine refused an action: the reason, then its rule id."""


def refused_text(err: IllegalAction) -> str:
    """``err`` as a widget says it, in the language in force (its rule id once, at the end)."""
    return render(REFUSED, reason=err.reason, rule=err.rule)


def is_refused(text: str) -> bool:
    """Whether ``text`` is a refusal said by :func:`refused_text`."""
    return text.startswith(gettext(REFUSED).split("{reason}")[0])


def message_html(text: str, ok: bool | None) -> str:
    """A verdict line: green when ``ok``, red when not, neutral for None."""
    color = {True: "#1b7f3b", False: "#b3261e", None: "#333"}[ok]
    icon = {True: "✔", False: "✘", None: "•"}[ok]
    return f'<div class="ttr-message" style="color:{color}">{icon} {esc(text)}</div>'


# ---------------------------------------------------------------------------------------------
# Controls and layout

LOCOS_ONLY = "locomotives only"
"""The colour dropdown's value for paying with locomotives alone (its label is translated)."""


def button(text: str, tooltip: str, style: str = "", **kwargs: Any) -> widgets.Button:
    """A button that shows all of its text, with a tooltip saying what it does."""
    return widgets.Button(description=text, tooltip=tooltip, button_style=style, **kwargs)


def panel(value: str = "") -> widgets.HTML:
    """An HTML panel whose text wraps and whose tables fit its width."""
    html_widget = widgets.HTML(value)
    html_widget.add_class("ttr-panel")
    return html_widget


def row(children: Sequence[widgets.Widget]) -> widgets.Box:
    """Controls side by side, wrapping onto another line when there is no room."""
    box = widgets.Box(list(children))
    box.add_class("ttr-row")
    return box


def teaching_layout(
    top: Sequence[widgets.Widget], map_widget: MapWidget, side: Sequence[widgets.Widget]
) -> list[widgets.Widget]:
    """A widget's children: ``top`` (full width), then the map with the ``side`` panels beside
    it; when the page is too narrow for both, the panels wrap below the map."""
    map_box = widgets.Box([map_widget])
    map_box.add_class("ttr-map-box")
    side_box = widgets.VBox(list(side))
    side_box.add_class("ttr-side")
    body = widgets.Box([map_box, side_box])
    body.add_class("ttr-body")
    return [*top, body]


def payment_controls() -> tuple[widgets.Dropdown, widgets.BoundedIntText]:
    """The ``color`` dropdown and the ``locomotives`` count that choose how to pay a route."""
    color = widgets.Dropdown(
        options=[
            *((pgettext("colour", c), c) for c in CARD_COLORS),
            (render("locomotives only"), LOCOS_ONLY),
        ],
        description=prender("control", "colour"),
        tooltip=render("the colour of the cards to pay with"),
        layout={"width": "240px"},
    )
    locomotives = widgets.BoundedIntText(
        value=0,
        min=0,
        max=8,
        description=prender("control", "locos"),
        tooltip=render("how many of the cards are locomotives"),
        layout={"width": "150px"},
    )
    return color, locomotives


class Chooser(Protocol):
    """What :func:`show_payment` reads of a claim chooser (a ``ClaimModel``)."""

    @property
    def route(self) -> Route | None: ...

    @property
    def color(self) -> str | None: ...

    @property
    def action(self) -> Claim | None: ...


def show_payment(
    color: widgets.Dropdown, locomotives: widgets.BoundedIntText, chooser: Chooser
) -> None:
    """Set the payment controls to the route and payment of ``chooser`` (a ``ClaimModel``).

    The changes reach the controls' observers: callers silence them while this runs.
    """
    color.value = LOCOS_ONLY if chooser.color is None else chooser.color
    locomotives.max = chooser.route.length if chooser.route else 8
    locomotives.value = chooser.action.locomotives if chooser.action else 0


def chosen_color(color: widgets.Dropdown) -> str | None:
    """The colour chosen in a :func:`payment_controls` dropdown; None for locomotives only."""
    return None if color.value == LOCOS_ONLY else color.value


def cities_name(board: Board, route: Route) -> str:
    """``"Dieppe-London"``: a route's two cities as its reference names them, without the colour
    that the reference of a double route adds (for a label that says the colour itself)."""
    return f"{board.display(route.a)}-{board.display(route.b)}"


def route_options(
    board: Board, routes: Iterable[Route], label: Callable[[Route], str]
) -> list[tuple[str, int]]:
    """Dropdown options ``(label, route id)``, in the order of ``routes``.

    The two routes of a double that read the same (same colour) are told apart in words:
    ``"(first of the pair)"``, ``"(second of the pair)"``.
    """
    texts = {route.id: label(route) for route in routes}
    options = []
    for route_id, text in texts.items():
        twin = board.twin_id(route_id)
        if twin is not None and texts.get(twin) == text:
            text += (
                render(" (first of the pair)")
                if route_id < twin
                else render(" (second of the pair)")
            )
        options.append((text, route_id))
    return options


# ---------------------------------------------------------------------------------------------
# Playing


def pay_or_decline(game: Game, pay: bool) -> tuple[bool, str]:
    """Settle the tunnel waiting in ``game`` (C7-C8): pay its extra cards with the fewest
    locomotives the engine allows, or decline. Without a legal way to pay, ``pay`` declines.

    Returns whether the extra was paid, and the narration of that step.
    """
    payments = [a for a in game.legal_actions() if isinstance(a, PayTunnel)]
    paid = pay and bool(payments)
    steps = game.actions_played
    game.play(min(payments, key=lambda a: a.locomotives) if paid else Decline())
    return paid, sentences(game.events_of(steps + 1))


def bot_game(rules: str = "europe", players: int = 4, seed: int = 1, agent: str = "greedy") -> Game:
    """A game played to the end by seeded bots (``ttr.agents.make_agent`` names)."""
    from ttr.agents import make_agent, play_game
    from ttr.game import Game

    game = Game(rules, players, seed=seed)
    return play_game(game, [make_agent(agent, seed * 100 + i) for i in range(game.num_players)])
