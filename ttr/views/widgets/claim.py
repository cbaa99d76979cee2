"""Claim a route by hand: :class:`ClaimModel` and :class:`RouteClaimer` (C1-C8).

Pick a route and the cards to pay; the model asks the engine whether the claim is legal (on a
copy of the game, so nothing changes) and explains the route's rules either way: colour and
gray routes and locomotives (C2), double routes at 2-3 against 4-5 players (C5), ferries (C6),
tunnels (C7), and the trains needed (C1). A refusal starts with the engine's rule id.

>>> from ttr.views.widgets.claim import ClaimModel
>>> model = ClaimModel.demo(players=3)
>>> model.select("Bruxelles-Paris (yellow)")
>>> model.pay("yellow", 0)
>>> print(model.check().message)  # doctest: +ELLIPSIS
Not allowed: C5: in a game of 3 players only one route of a double can be used, ...
>>> model = ClaimModel.demo(players=4)
>>> model.select("Bruxelles-Paris (yellow)")
>>> model.check().message
'Legal: Ann may pay yellow yellow.'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ttr.actions import Claim, IllegalAction
from ttr.board import Route
from ttr.colors import CARD_COLORS, GRAY, LOCOMOTIVE
from ttr.game import DEFAULT_NAMES, TUNNEL, TURN, Game
from ttr.i18n import prender, render
from ttr.payment import payment_options
from ttr.scenario import stage
from ttr.text import listed_long, sentences
from ttr.views.widgets.common import (
    button,
    cards_html,
    chosen_color,
    cities_name,
    esc,
    hand_html,
    is_refused,
    message_html,
    panel,
    pay_or_decline,
    payment_controls,
    refused_text,
    route_options,
    row,
    show_payment,
    teaching_layout,
)
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["ClaimModel", "RouteClaimer", "Verdict"]


@dataclass(frozen=True)
class Verdict:
    """Whether the chosen claim is legal now, the engine's message, and the route's rules."""

    legal: bool
    message: str
    rule: str | None
    reasons: tuple[str, ...]


def demo_position(players: int = 3, seed: int = 3) -> dict:
    """A staged Europe position for exploring claims (2-5 players).

    Ann holds red, yellow, green, blue and two locomotives and owns Frankfurt-Paris (orange);
    Ben owns Bruxelles-Paris (red) and Berlin-Frankfurt (black). So Bruxelles-Paris (yellow) is
    closed to everyone at 2-3 players but open to Ann at 4-5 (C5), and Frankfurt-Paris (white)
    is closed to Ann at any count (one player never owns both routes of a double).
    """
    names = list(DEFAULT_NAMES[:players])
    return {
        "rules": "europe",
        "players": names,
        "seed": seed,
        "tickets": {},
        "hands": {
            "Ann": {"red": 3, "yellow": 2, "green": 4, "blue": 1, "loco": 2},
            "Ben": {"black": 4, "loco": 1},
        },
        "routes": {
            "Ann": ["Frankfurt-Paris (orange)"],
            "Ben": ["Bruxelles-Paris (red)", "Berlin-Frankfurt (black)"],
        },
        "turn": "Ann",
    }


def with_turn(game: Game, seat: int) -> Game:
    """The position of ``game`` (between turns) with ``seat`` to play, staged afresh: the same
    hands, market, piles, tickets, routes and stations (tickets out of play stay out)."""
    seats = range(game.num_players)
    return Game.staged(
        game.rules,
        list(game.players),
        hands={s: dict(game.hands[s]) for s in seats},
        market=list(game.cards.market),
        deck=game.cards.deck[::-1],  # top first
        discard=game.cards.discard,
        rest="out",
        tickets={s: list(game.tickets[s]) for s in seats},
        ticket_deck=game.ticket_deck[::-1],
        routes={s: [r.id for r in game.routes_of(s)] for s in seats},
        stations={s: game.stations_of(s) for s in seats},
        turn=seat,
    )


def route_label(game: Game, route: Route) -> str:
    """``"Amsterdam-London · 2 gray · ferry (2 loco)"``, plus the owner once claimed: the two
    cities, then the colour (once: not also in a double route's reference)."""
    kind = ""
    if route.is_ferry:
        kind = render(" · ferry ({n} loco)", n=route.locomotives)
    elif route.is_tunnel:
        kind = render(" · tunnel")
    owner = game.owner[route.id]
    taken = " · " + render("{name}'s", name=game.players[owner]) if owner is not None else ""
    label = render(
        "{ref:route} · {length} {color:colour}",
        ref=cities_name(game.board, route),
        length=route.length,
        color=route.color,
    )
    return label + kind + taken


@dataclass(frozen=True)
class RouteRule:
    """A rule that applies to claiming a route: its id, as data, and its plain words (which
    cite it in the language's own brackets, with maybe the rule it leads to)."""

    rule: str
    text: str


def route_rules(game: Game, route: Route, player: int) -> list[RouteRule]:
    """The rules that apply to claiming ``route``, each with its id: the colours (C2) first,
    then a ferry's (C6) or a tunnel's (C7), a double route's (C5) and the trains needed (C1)."""
    board, rules = game.board, game.rules
    name, n = game.players[player], game.num_players
    out: list[RouteRule] = []

    def add(rule: str, text: str) -> None:
        out.append(RouteRule(rule, text))

    if route.color == GRAY:
        add(
            "C2",
            render(
                "A gray route of {length}: any ONE colour pays for it, never a mix; "
                "locomotives stand in for any card (C2).",
                length=route.length,
            ),
        )
    else:
        add(
            "C2",
            render(
                "A {color:colour} route of {length}: {color:colour} cards, with locomotives "
                "standing in for any of them; locomotives alone also pay (C2).",
                color=route.color,
                length=route.length,
            ),
        )
    if route.is_ferry:
        add(
            "C6",
            render(
                "A ferry: at least {locos} of the {length} cards must be locomotives (C6).",
                locos=route.locomotives,
                length=route.length,
            ),
        )
    if route.is_tunnel:
        add(
            "C7",
            render(
                "A tunnel: after paying, {reveal} cards are turned up from the deck; each one of "
                "the colour paid, or a locomotive, costs one more card (C7). The player may then "
                "pay or give up (C8).",
                reveal=rules.tunnel_reveal,
            ),
        )
    twin = board.twin(route)
    if twin is not None:
        twin_owner = game.owner[twin.id]
        lock = n <= rules.double_lock_max_players
        if twin_owner == player:
            add(
                "C5",
                render(
                    "{name} owns the other route of this double; nobody may own both (C5).",
                    name=name,
                ),
            )
        elif twin_owner is not None:
            who = game.players[twin_owner]
            add(
                "C5",
                render(
                    "{who} owns the other route of this double: with {n} players it is closed "
                    "(at 2-3 players only one route of a double is used) (C5).",
                    who=who,
                    n=n,
                )
                if lock
                else render(
                    "{who} owns the other route of this double; with {n} players the second "
                    "route stays open to everyone else (C5).",
                    who=who,
                    n=n,
                ),
            )
        else:
            add(
                "C5",
                render(
                    "One route of a double: with {n} players, claiming it closes the other to "
                    "everyone (C5).",
                    n=n,
                )
                if lock
                else render(
                    "One route of a double: with {n} players, the other stays open to the "
                    "other players (C5).",
                    n=n,
                ),
            )
    trains = game.trains[player]
    add(
        "C1",
        render(
            "It needs {length:#train}; {name} has {trains} (C1). It scores {points:#point} (C3).",
            length=route.length,
            name=name,
            trains=trains,
            points=rules.route_points[route.length],
        ),
    )
    return out


def route_reasons(game: Game, route: Route, player: int) -> list[str]:
    """The rules that apply to claiming ``route``, in plain words with their ids."""
    return [reason.text for reason in route_rules(game, route, player)]


class ClaimModel:
    """Try claims for the player to play in ``game``; :meth:`claim` plays the chosen one."""

    def __init__(self, game: Game):
        self.game = game
        self.route: Route | None = None
        self.color: str | None = None
        self.locomotives = 0
        self.log: list[str] = []

    @classmethod
    def demo(cls, players: int = 3, seed: int = 3) -> ClaimModel:
        """The model on :func:`demo_position`."""
        return cls(stage(demo_position(players, seed)))

    # choices -------------------------------------------------------------------------------

    @property
    def player(self) -> int:
        return self.game.current_player

    @player.setter
    def player(self, seat: int) -> None:
        """Let another player try (a teaching sandbox: only between turns): the model moves to
        the same position with ``seat`` to play."""
        if self.game.phase != TURN:
            raise ValueError("finish the pending decision first (T3)")
        self.game = with_turn(self.game, int(seat))

    @property
    def hand(self) -> dict[str, int]:
        return dict(self.game.hands[self.player])

    def select(self, route: Route | int | str) -> None:
        """Choose the route (a Route, its id or a reference such as "Paris-Wien"); the payment
        becomes the first legal way to pay it, if there is one."""
        if isinstance(route, str):
            route = self.game.board.route(route)
        elif isinstance(route, int):
            route = self.game.board.routes[route]
        self.route = route
        options = self.options()
        if options:  # the cheapest way: fewest locomotives, locomotives only last
            self.color, self.locomotives = min(options, key=lambda o: (o[0] is None, o[1]))
        else:  # no legal way: show the closest try (the most cards of one colour)
            hand = self.hand
            color = max(CARD_COLORS, key=hand.__getitem__) if route.color == GRAY else route.color
            self.color = color
            self.locomotives = max(route.locomotives, min(hand[LOCOMOTIVE], route.length - 1))

    def pay(self, color: str | None, locomotives: int = 0) -> None:
        """Choose the payment: ``locomotives`` locomotives and the rest in ``color`` (None:
        locomotives only)."""
        if color is not None and color not in CARD_COLORS:
            raise ValueError(f"{color!r} is not a card colour")
        self.color, self.locomotives = color, int(locomotives)

    def options(self) -> list[tuple[str | None, int]]:
        """Every way the hand can pay for the route (C2, C6), fewest locomotives first."""
        route = self.route
        if route is None:
            return []
        return payment_options(self.hand, route.color, route.length, route.locomotives)

    @property
    def action(self) -> Claim | None:
        if self.route is None:
            return None
        length = self.route.length
        if self.color is None or self.locomotives >= length:  # all locomotives: no colour
            return Claim(self.route.id, None, length)
        return Claim(self.route.id, self.color, self.locomotives)

    def payment_text(self) -> str:
        if self.route is None:
            return ""
        action = self.action
        assert action is not None
        return render(
            "{paid:payment}",
            paid=(action.color, self.route.length - action.locomotives, action.locomotives),
        )

    def check(self) -> Verdict:
        """Is the chosen claim legal now? Asked of the engine on a copy of the game."""
        if self.route is None:
            return Verdict(False, render("Choose a route."), None, ())
        reasons = tuple(route_reasons(self.game, self.route, self.player))
        action = self.action
        assert action is not None
        probe = self.game.copy()
        try:
            probe.play(action)
        except IllegalAction as err:
            return Verdict(False, refused_text(err), err.rule, reasons)
        text = render(
            "Legal: {name} may pay {cards}.",
            name=self.game.players[self.player],
            cards=self.payment_text(),
        )
        return Verdict(True, text, None, reasons)

    # playing -------------------------------------------------------------------------------

    def claim(self) -> str:
        """Play the chosen claim on the game; returns the narration (or the refusal)."""
        action = self.action
        if action is None:
            return render("Choose a route.")
        steps = self.game.actions_played
        try:
            self.game.play(action)
        except IllegalAction as err:
            return refused_text(err)
        text = sentences(self.game.events_of(steps + 1))
        self.log.append(text)
        return text

    @property
    def tunnel_pending(self) -> bool:
        return self.game.phase == TUNNEL

    def pending_tunnel(self) -> dict | None:
        """The tunnel waiting for its extra cards: ``route``, ``revealed``, ``extra``."""
        return self.game.observation(self.player).get("tunnel")

    def settle_tunnel(self, pay: bool) -> str:
        """Pay a pending tunnel's extra with the fewest locomotives, or decline it (C7-C8)."""
        if self.pending_tunnel() is None:
            return render("No tunnel is waiting.")
        paid, text = pay_or_decline(self.game, pay)
        if pay and not paid:
            text = render("The extra cost cannot be paid, so the tunnel is declined (C8).") + (
                " " + text
            )
        self.log.append(text)
        return text


def verdict_html(verdict: Verdict) -> str:
    items = "".join(f"<li>{esc(r)}</li>" for r in verdict.reasons)
    reasons = f'<ul class="ttr-reasons">{items}</ul>' if items else ""
    return message_html(verdict.message, verdict.legal if verdict.reasons else None) + reasons


class RouteClaimer(widgets.VBox):
    """Pick a route and the cards to pay; see at once whether the claim is legal, and why.

    Controls: ``players`` (2-5, rebuilds the demo position; only for the demo), ``player``
    (who claims), ``route`` (dropdown; a click on a route on the map picks it too), ``color``
    and ``locomotives`` (the payment), ``claim_button``, and ``pay_button``/``decline_button``
    for a tunnel waiting for its extra. Output: ``verdict`` (HTML), ``hand``, ``options``,
    ``narration``, ``map`` (the chosen route glows).
    """

    def __init__(self, game: Game | None = None, *, players: int = 3):
        self.players = widgets.ToggleButtons(
            options=[2, 3, 4, 5],
            value=players,
            description=prender("control", "players"),
            tooltips=[render("A demo game of {n} players", n=n) for n in (2, 3, 4, 5)],
            style={"button_width": "40px"},
            layout={"display": "none" if game is not None else ""},
        )
        self.player = widgets.Dropdown(
            description=prender("control", "claimer"), layout={"width": "220px"}
        )
        self.route = widgets.Dropdown(
            description=prender("control", "route"), layout={"width": "460px"}
        )
        self.color, self.locomotives = payment_controls()
        self.claim_button = button(
            prender("button", "Claim"), render("Claim the route with these cards"), "success"
        )
        self.pay_button = button(
            render("Pay the extra"),
            render("Pay the tunnel's extra cards (fewest locomotives)"),
            "warning",
        )
        self.decline_button = button(
            prender("button", "Decline"), render("Give the tunnel up: the cards go back"), "danger"
        )
        self.verdict = panel()
        self.hand = panel()
        self.options = panel()
        self.narration = panel()
        self._quiet = False
        self.model = ClaimModel(game) if game is not None else ClaimModel.demo(players)
        self.map = MapWidget.of_game(self.model.game)
        self.players.observe(self._on_players, names="value")
        self.player.observe(self._on_player, names="value")
        self.route.observe(self._on_route, names="value")
        self.color.observe(self._on_payment, names="value")
        self.locomotives.observe(self._on_payment, names="value")
        self.claim_button.on_click(lambda _: self._after(self.model.claim()))
        self.pay_button.on_click(lambda _: self._after(self.model.settle_tunnel(True)))
        self.decline_button.on_click(lambda _: self._after(self.model.settle_tunnel(False)))
        self.map.on_click(self._on_map)
        self._tunnel_row = row([self.pay_button, self.decline_button])
        super().__init__(
            teaching_layout(
                [row([self.players, self.player])],
                self.map,
                [
                    self.route,
                    row([self.color, self.locomotives, self.claim_button]),
                    self._tunnel_row,
                    self.verdict,
                    self.hand,
                    self.options,
                    self.narration,
                ],
            )
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-route-claimer")
        self._load()

    def __repr__(self) -> str:
        route = self.model.route
        ref = self.model.game.board.ref(route) if route is not None else None
        return f"RouteClaimer(route={ref!r}, players={self.model.game.num_players})"

    # syncing controls and model ----------------------------------------------------------------

    def _load(self, route_id: int | None = None) -> None:
        """Fill the dropdowns from the model's game and redraw."""
        game = self.model.game
        self._quiet = True
        try:
            self.player.options = [(name, seat) for seat, name in enumerate(game.players)]
            self.player.value = game.current_player
            labels = route_options(
                game.board, game.board.routes, lambda route: route_label(game, route)
            )
            current = route_id if route_id is not None else self.route.value
            self.route.options = labels
            if current is None:
                current = (
                    game.board.route("Bruxelles-Paris (yellow)").id
                    if (game.rules.map == "europe")
                    else 0
                )
            self.route.value = current
            self.model.select(current)
            show_payment(self.color, self.locomotives, self.model)
        finally:
            self._quiet = False
        self.render()

    def _on_players(self, change: dict[str, Any]) -> None:
        route = self.route.value
        self.model = ClaimModel.demo(int(change["new"]))
        self.map.set_players(self.model.game.players, self.model.game.rules.has_stations)
        self._load(route)

    def _on_player(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        if self.model.game.phase == TURN:
            self.model.player = change["new"]
        self.render()

    def _on_route(self, change: dict[str, Any]) -> None:
        if self._quiet or change["new"] is None:
            return
        self.model.select(change["new"])
        self._quiet = True
        try:
            show_payment(self.color, self.locomotives, self.model)
        finally:
            self._quiet = False
        self.render()

    def _on_map(self, click: MapClick) -> None:
        if click.route is not None:
            self.route.value = click.route.id

    def _on_payment(self, _change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self.model.pay(chosen_color(self.color), self.locomotives.value)
        self.render()

    def _after(self, text: str) -> None:
        refused = is_refused(text)
        self.narration.value = message_html(text, False if refused else None)
        self._load(self.route.value)

    def render(self) -> None:
        model = self.model
        verdict = model.check()
        self.verdict.value = verdict_html(verdict)
        name = model.game.players[model.player]
        self.hand.value = render(
            "{name}'s hand: {hand}", name=esc(name), hand=hand_html(model.hand)
        )
        length = model.route.length if model.route else 0
        ways = [render("{paid:payment}", paid=(c, length - n, n)) for c, n in model.options()]
        shown = listed_long(ways[:8])
        if len(ways) > 8:
            shown += render(" … and {n} more", n=len(ways) - 8)
        self.options.value = render(
            "Ways to pay ({n}): {ways}", n=len(ways), ways=esc(shown or render("none"))
        )
        tunnel = model.pending_tunnel()
        self._tunnel_row.layout.display = "" if tunnel else "none"
        self.claim_button.disabled = not verdict.legal or tunnel is not None
        if tunnel is not None:
            self.verdict.value = message_html(
                render(
                    "Tunnel waiting: {extra:#extra card} to pay, or decline (C7-C8). Revealed:",
                    extra=tunnel["extra"],
                ),
                None,
            ) + cards_html(tunnel["revealed"])
        self.map.show_game(
            model.game,
            highlight_routes=[model.route] if model.route else (),
            highlight_cities=model.route.cities if model.route else (),
        )
