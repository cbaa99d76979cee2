"""Try a tunnel: :class:`TunnelModel` and :class:`TunnelSimulator` (C7-C9).

Choose a tunnel and a payment, then reveal: the model copies the game, shuffles the copy's deck
with a seed (so each reveal is reproducible and the next one differs), plays the claim and
reports the revealed cards, the extra cost, and whether the hand can pay it. Pay or decline to
see the outcome (C7-C8). Beside it, the exact probability of each extra cost for the current
deck (:func:`ttr.probability.tunnel_extra_distribution`), and the tally of the reveals so far.

>>> from ttr.views.widgets.tunnel import TunnelModel
>>> model = TunnelModel.demo()
>>> model.select("Barcelona-Pamplona"); model.pay("red", 0)
>>> round(float(model.distribution()[0]), 3)        # no extra card: 3 misses in a row
0.487
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ttr.actions import PayTunnel
from ttr.board import Route
from ttr.colors import LOCOMOTIVE
from ttr.game import TUNNEL, Game
from ttr.i18n import prender, render
from ttr.payment import tunnel_extra_options
from ttr.probability import tunnel_extra_distribution
from ttr.scenario import stage
from ttr.text import sentences
from ttr.views.widgets.claim import ClaimModel, Verdict
from ttr.views.widgets.common import (
    button,
    cards_html,
    chosen_color,
    cities_name,
    esc,
    hand_html,
    message_html,
    panel,
    pay_or_decline,
    payment_controls,
    row,
    show_payment,
    table_html,
    teaching_layout,
)
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["Reveal", "TunnelModel", "TunnelSimulator", "distribution_html"]


@dataclass(frozen=True)
class Reveal:
    """One reveal: the cards turned up, the extra cost and the ways to pay it (C7)."""

    seed: int
    route: int
    revealed: tuple[str, ...]
    matches: tuple[bool, ...]
    extra: int
    pay_options: tuple[int, ...]  # locomotives among the extra cards, for each legal payment
    message: str
    claimed: bool  # claimed at once (nothing matched)

    @property
    def can_pay(self) -> bool:
        return self.extra == 0 or bool(self.pay_options)


def demo_position(seed: int = 5) -> dict:
    """A Europe position for tunnels: Ann holds red, blue, green and locomotives."""
    return {
        "rules": "europe",
        "players": ["Ann", "Ben"],
        "seed": seed,
        "tickets": {},
        "hands": {"Ann": {"red": 4, "blue": 3, "green": 2, "loco": 2}},
        "turn": "Ann",
    }


class TunnelModel:
    """Reveals for tunnels in ``game``, for the player to play; the game itself never changes."""

    def __init__(self, game: Game, seed: int = 0):
        self.game = game
        self.chooser = ClaimModel(game)
        self.seed = seed
        self.current: Reveal | None = None
        self.outcome: str | None = None
        self.outcome_ok: bool | None = None  # claimed: True, refused or declined: False
        self.tally: Counter[int] = Counter()
        self._probe: Game | None = None
        self._verdict: Verdict | None = None
        self._distribution: dict[int, Fraction] | None = None

    @classmethod
    def demo(cls, seed: int = 0) -> TunnelModel:
        return cls(stage(demo_position()), seed=seed)

    # choices -------------------------------------------------------------------------------

    @property
    def tunnels(self) -> list[Route]:
        """The tunnels still unclaimed."""
        return [r for r in self.game.board.routes if r.is_tunnel and self.game.owner[r.id] is None]

    @property
    def route(self) -> Route | None:
        return self.chooser.route

    def select(self, route: Route | int | str) -> None:
        self.chooser.select(route)
        if self.route is not None and not self.route.is_tunnel:
            raise ValueError(f"{self.game.board.ref(self.route)} is not a tunnel")
        self._forget()

    def pay(self, color: str | None, locomotives: int = 0) -> None:
        self.chooser.pay(color, locomotives)
        self._forget()

    def _forget(self) -> None:
        self.current, self.outcome, self.outcome_ok, self._probe = None, None, None, None
        self._verdict, self._distribution = None, None
        self.tally.clear()

    def verdict(self) -> Verdict:
        """Whether the chosen claim is legal (asked of the engine once per choice: the game
        never changes)."""
        if self._verdict is None:
            self._verdict = self.chooser.check()
        return self._verdict

    @property
    def locomotives_only(self) -> bool:
        return self.chooser.color is None

    def distribution(self) -> dict[int, Fraction]:
        """Exact P(extra cost = k) for the deck now and the chosen payment (C7, C9)."""
        if self._distribution is None:
            cards = self.game.cards
            self._distribution = tunnel_extra_distribution(
                Counter(cards.deck),
                self.chooser.color,
                self.locomotives_only,
                self.game.rules.tunnel_reveal,
                discard_counts=Counter(cards.discard),
            )
        return self._distribution

    def success_probability(self) -> Fraction | None:
        """P(the hand can pay whatever the reveal asks), after paying the tunnel itself; None
        when the chosen payment is not legal (then nothing is revealed at all)."""
        action = self.chooser.action
        route = self.route
        if action is None or route is None or not self.verdict().legal:
            return None
        hand = Counter(self.chooser.hand)
        if action.color is not None:
            hand[action.color] -= route.length - action.locomotives
        hand[LOCOMOTIVE] -= action.locomotives
        return sum(
            (
                p
                for k, p in self.distribution().items()
                if k == 0 or tunnel_extra_options(hand, action.color, k)
            ),
            Fraction(0),
        )

    # reveal, pay, decline --------------------------------------------------------------------

    def reveal(self) -> Reveal | str:
        """Shuffle a copy's deck with the next seed and play the claim; a refusal is a string."""
        verdict = self.verdict()
        action = self.chooser.action
        if not verdict.legal or action is None:
            self.current, self._probe = None, None
            self.outcome, self.outcome_ok = verdict.message, False
            return verdict.message
        seed = self.seed
        self.seed += 1
        probe = self.game.shuffled_deck(seed)
        probe.record = True
        steps = probe.actions_played
        probe.play(action)
        reveal = next(e for e in probe.events if e.step == steps + 1 and e.kind == "tunnel_reveal")
        revealed = tuple(reveal.data["cards"])
        tunnel = probe.observation(probe.current_player).get("tunnel")
        extra = tunnel["extra"] if tunnel is not None else 0
        payments = [a.locomotives for a in probe.legal_actions() if isinstance(a, PayTunnel)]
        match = {LOCOMOTIVE} if action.color is None else {LOCOMOTIVE, action.color}
        result = Reveal(
            seed=seed,
            route=action.route,
            revealed=revealed,
            matches=tuple(card in match for card in revealed),
            extra=extra,
            pay_options=tuple(sorted(payments)),
            message=sentences(probe.events_of(steps + 1)),
            claimed=tunnel is None,
        )
        self.tally[extra] += 1
        self.current, self._probe = result, probe
        self.outcome, self.outcome_ok = result.message, (True if result.claimed else None)
        return result

    @property
    def waiting(self) -> bool:
        """Whether the last reveal left a tunnel waiting for its extra cards."""
        return self._probe is not None and self._probe.phase == TUNNEL

    def resolve(self, pay: bool) -> str:
        """Pay the extra (fewest locomotives) or decline (C7-C8), on the reveal's copy."""
        probe, current = self._probe, self.current
        if probe is None or current is None or not self.waiting:
            return render("Reveal first: no tunnel is waiting for its extra cost.")
        paid, text = pay_or_decline(probe, pay)
        if pay and not paid:
            text = render(
                "The hand cannot pay {extra} more, so the tunnel is declined (C8).",
                extra=current.extra,
            ) + (" " + text)
        self.outcome = text
        self.outcome_ok = probe.owner[current.route] is not None
        return text


def distribution_html(
    dist: dict[int, Fraction], tally: Counter | None = None, current: int | None = None
) -> str:
    """Exact probabilities as a table with bars; observed counts beside them."""
    tally = tally or Counter()
    total = sum(tally.values())
    rows = []
    for k in range(max([*dist, *tally, 0]) + 1):
        p = dist.get(k, Fraction(0))
        bar = (
            f'<span style="display:inline-block;height:11px;width:{round(100 * p)}px;'
            f'background:{"#ffb000" if k == current else "#4a78b5"}"></span>'
        )
        seen = render("{n} of {total}", n=tally[k], total=total) if total else ""
        mark = " ◀" if k == current else ""
        rows.append(
            [
                f"<b>{k}</b>{mark}",
                f"{p.numerator}/{p.denominator}" if p else "0",
                f"{float(p):.1%}",
                bar,
                seen,
            ]
        )
    header = [
        prender("column", "extra"),
        prender("column", "exact"),
        "%",
        "",
        prender("column", "your reveals"),
    ]
    return (
        '<div class="ttr-distribution"><b>'
        + render("Exact chance of each extra cost for this deck")
        + "</b>"
        + table_html(header, rows, numeric=(1, 2))
        + "</div>"
    )


class TunnelSimulator(widgets.VBox):
    """Choose a tunnel and a payment, reveal 3 cards from a seeded deck, pay or decline.

    Controls: ``tunnel`` (dropdown; a click on a tunnel on the map picks it too), ``color``,
    ``locomotives``, ``seed`` (the next reveal's seed), ``reveal_button``, ``pay_button``,
    ``decline_button``. Output: ``hand``, ``revealed``, ``choice`` (which of pay and decline
    is possible now), ``outcome``, ``probabilities`` (HTML) and ``map`` (the tunnel glows).
    """

    def __init__(self, game: Game | None = None, *, seed: int = 0):
        self.model = TunnelModel(game, seed) if game is not None else TunnelModel.demo(seed)
        tunnels = self.model.tunnels
        if not tunnels:
            raise ValueError("this board has no unclaimed tunnel")
        board = self.model.game.board
        start = next((r for r in tunnels if board.ref(r) == "Barcelona-Pamplona"), tunnels[0])
        self.tunnel = widgets.Dropdown(
            options=[
                (
                    render(
                        "{ref:route} · {length} {color:colour}",
                        ref=cities_name(board, r),
                        length=r.length,
                        color=r.color,
                    ),
                    r.id,
                )
                for r in tunnels
            ],
            value=start.id,
            description=prender("control", "tunnel"),
            layout={"width": "380px"},
        )
        self.color, self.locomotives = payment_controls()
        self.seed = widgets.IntText(
            value=self.model.seed,
            description=prender("control", "seed"),
            tooltip=render("the seed that shuffles the deck for the next reveal"),
            layout={"width": "170px"},
        )
        self.reveal_button = button(
            render("Reveal 3 cards"),
            render("Pay for the tunnel and turn up the deck's top 3 cards"),
            "primary",
        )
        self.pay_button = button(
            render("Pay the extra"),
            render("Pay the extra cards the reveal asks for"),
            "warning",
            disabled=True,
        )
        self.decline_button = button(
            prender("button", "Decline"),
            render("Give the tunnel up: the cards paid go back to the hand"),
            "danger",
            disabled=True,
        )
        self.hand = panel()
        self.revealed = panel()
        self.choice = panel()
        self.outcome = panel()
        self.probabilities = panel()
        self.map = MapWidget.of_game(self.model.game)
        self._quiet = False
        self.tunnel.observe(self._on_tunnel, names="value")
        self.color.observe(self._on_payment, names="value")
        self.locomotives.observe(self._on_payment, names="value")
        self.seed.observe(self._on_seed, names="value")
        self.reveal_button.on_click(lambda _: self._reveal())
        self.pay_button.on_click(lambda _: self._resolve(True))
        self.decline_button.on_click(lambda _: self._resolve(False))
        self.map.on_click(self._on_map)
        super().__init__(
            teaching_layout(
                [],
                self.map,
                [
                    self.tunnel,
                    row([self.color, self.locomotives]),
                    row([self.seed, self.reveal_button]),
                    self.hand,
                    self.revealed,
                    row([self.pay_button, self.decline_button]),
                    self.choice,
                    self.outcome,
                    self.probabilities,
                ],
            )
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-tunnel-simulator")
        self._on_tunnel({"new": start.id})

    def __repr__(self) -> str:
        route = self.model.route
        ref = self.model.game.board.ref(route) if route is not None else None
        return f"TunnelSimulator(tunnel={ref!r}, seed={self.model.seed})"

    def _on_tunnel(self, change: dict[str, Any]) -> None:
        self.model.select(change["new"])
        self._quiet = True
        try:
            show_payment(self.color, self.locomotives, self.model.chooser)
        finally:
            self._quiet = False
        self.render()

    def _on_payment(self, _change: dict[str, Any]) -> None:
        if self._quiet:
            return
        self.model.pay(chosen_color(self.color), self.locomotives.value)
        self.render()

    def _on_seed(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.model.seed = int(change["new"])

    def _on_map(self, click: MapClick) -> None:
        route = click.route
        if route is not None and route.id in dict(self.tunnel.options).values():
            self.tunnel.value = route.id
        elif route is not None:
            ref = self.model.game.board.ref(route)
            self.outcome.value = message_html(
                render("{ref:route} is not an unclaimed tunnel.", ref=ref), None
            )

    def _reveal(self) -> None:
        self.model.reveal()
        self._quiet = True
        self.seed.value = self.model.seed
        self._quiet = False
        self.render()

    def _resolve(self, pay: bool) -> None:
        self.model.resolve(pay)
        self.render()

    def render(self) -> None:
        model = self.model
        chooser = model.chooser
        verdict = model.verdict()
        public = model.game.observation(chooser.player)
        self.hand.value = (
            render(
                "{name}'s hand: {hand}",
                name=esc(model.game.players[chooser.player]),
                hand=hand_html(chooser.hand),
            )
            + "<br>"
            + render(
                "Paying: <b>{cards}</b> · deck: {deck} cards, discard {discard}",
                cards=esc(chooser.payment_text()),
                deck=public["deck_size"],
                discard=public["discard_size"],
            )
        )
        current = model.current
        if current is None:
            self.revealed.value = ""
        else:
            marks = {i: "matches" for i, m in enumerate(current.matches) if m}
            self.revealed.value = (
                '<div class="ttr-revealed">'
                + render(
                    "Revealed (seed {seed}): {cards}<br>Extra cost: <b>{extra:#card}</b>",
                    seed=current.seed,
                    cards=cards_html(current.revealed, marks),
                    extra=current.extra,
                )
                + "</div>"
            )
        waiting = model.waiting
        can_pay = waiting and current is not None and bool(current.pay_options)
        self.pay_button.disabled = not can_pay
        self.decline_button.disabled = not waiting
        self.choice.value = _choice_text(waiting, can_pay, current)
        if model.outcome:
            self.outcome.value = message_html(model.outcome, model.outcome_ok)
        else:
            self.outcome.value = message_html(
                render("Press Reveal to turn up 3 cards.") if verdict.legal else verdict.message,
                None if verdict.legal else False,
            )
        shown = current.extra if current is not None else None
        success = model.success_probability()
        if success is None:
            chance = render(
                "Chance the hand can pay whatever is revealed: none to give, since this "
                "payment is not legal (nothing would be revealed)."
            )
        else:
            chance = render(
                "Chance the hand can pay whatever is revealed: <b>{percent}</b> ({fraction})",
                percent=f"{float(success):.1%}",
                fraction=f"{success.numerator}/{success.denominator}",
            )
        self.probabilities.value = (
            distribution_html(model.distribution(), model.tally, shown) + f"<div>{chance}</div>"
        )
        route = model.route
        self.map.show_game(
            model.game,
            highlight_routes=[route] if route else (),
            highlight_cities=route.cities if route else (),
        )


def _choice_text(waiting: bool, can_pay: bool, current: Reveal | None) -> str:
    """Which of the two buttons may be pressed now, and why (C7-C8)."""
    if not waiting or current is None:
        return (
            "<i>"
            + render("Pay the extra and Decline open up when a reveal asks for more cards.")
            + "</i>"
        )
    if can_pay:
        return render(
            "<b>Your choice:</b> pay {extra:#more card} (Pay the extra) or give the tunnel up "
            "(Decline).",
            extra=current.extra,
        )
    return render(
        "<b>Only Decline is possible:</b> the hand cannot pay {extra:#more card} (C8).",
        extra=current.extra,
    )
