"""Draw train cards by hand: :class:`CardDrawModel` and :class:`CardDrawExplorer` (D1-D9).

The model plays draws on a real :class:`~ttr.game.Game`, so the engine enforces every drawing
rule; an illegal choice comes back as a message that starts with the rule id (``"D4: a face-up
locomotive cannot be the second card"``) and changes nothing. A legal choice comes back with the
narration and with the market as it was at each moment of the draw ("frames"): before, after the
taken slot was refilled (D2), after each reset for 3 face-up locomotives (D6), and now.

Slots are numbered 1-5, as on the table and in the notation (``draw 3``). The map shows what the
cards are for: the routes the hand could pay for glow, and :meth:`CardDrawModel.route_need`
says what a route still needs.

>>> from ttr.views.widgets.card_draw import CardDrawModel
>>> model = CardDrawModel.from_scenario("face_up_locomotive_refill")
>>> model.take(1).split(".")[0]
'Ann takes the face-up red card from slot 1'
>>> model.take(1)
'Not allowed: D4: a face-up locomotive cannot be the second card'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ttr.actions import DrawCard, IllegalAction
from ttr.board import Route
from ttr.colors import GRAY, LOCOMOTIVE
from ttr.game import SECOND_CARD, TURN, Game
from ttr.i18n import N_, pgettext, prender, render
from ttr.payment import payment_options
from ttr.scenario import load_scenario, stage
from ttr.text import sentences
from ttr.views.svg import route_title
from ttr.views.widgets.common import (
    button,
    card_button_style,
    cards_html,
    esc,
    hand_html,
    message_html,
    narration_html,
    panel,
    refused_text,
    row,
    teaching_layout,
)
from ttr.views.widgets.map import MapClick, MapWidget

__all__ = ["CardDrawExplorer", "CardDrawModel", "DrawResult", "Frame"]

SCENARIOS = Path(__file__).resolve().parents[3] / "data" / "scenarios"


@dataclass(frozen=True)
class Frame:
    """The market at one moment of a draw; ``marks`` notes slots (0-based) worth a look."""

    label: str
    market: tuple[str | None, ...]
    marks: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DrawResult:
    """What one choice did: ``ok`` (legal or not), the message, the rule id of a refusal;
    ``opens_turn`` when it was the first card of a turn."""

    ok: bool
    message: str
    rule: str | None
    player: str
    card: str | None = None
    frames: tuple[Frame, ...] = ()
    events: tuple[str, ...] = ()
    opens_turn: bool = False


def market_moments(
    game: Game, step: int, before: tuple[str | None, ...], slot: int | None
) -> list[tuple[str, tuple[str | None, ...]]]:
    """The market after each refill and reset of ``step``, read from the game's events:
    ``[("refill" or "reset", market)]`` (D2, D6, D7)."""
    market = list(before)
    if slot is not None:
        market[slot] = None
    moments: list[tuple[str, tuple[str | None, ...]]] = []
    for event in game.events:
        if event.step != step:
            continue
        if event.kind in ("turned_up", "slot_empty"):
            market[event.data["slot"]] = event.data.get("card")
            moments.append(("refill", tuple(market)))
        elif event.kind == "refilled":
            for filled, card in event.data["cards"].items():
                market[filled] = card
            moments.append(("refill", tuple(market)))
        elif event.kind == "market_reset":
            market = list(event.data["market"])
            moments.append(("reset", tuple(market)))
    return moments


class CardDrawModel:
    """Draw cards for the player to play in ``game`` (any position; a turn must be open)."""

    def __init__(self, game: Game):
        self.game = game
        self.results: list[DrawResult] = []

    @classmethod
    def new(cls, rules: str = "europe", players: int = 4, seed: int = 1) -> CardDrawModel:
        """A fresh deal with the ticket choice skipped, so the first player can draw at once."""
        return cls(stage({"rules": rules, "players": players, "seed": seed, "tickets": {}}))

    @classmethod
    def from_scenario(cls, source: str | Path | dict[str, Any]) -> CardDrawModel:
        """A staged position (a ``data/scenarios`` name or any scenario), before its actions."""
        if isinstance(source, str) and not source.endswith(".json") and "/" not in source:
            source = SCENARIOS / f"{source}.json"
        return cls(load_scenario(source, play=False))

    # state ---------------------------------------------------------------------------------

    @property
    def player(self) -> str:
        return self.game.players[self.game.current_player]

    @property
    def hand(self) -> dict[str, int]:
        return dict(self.game.hands[self.game.current_player])

    @property
    def market(self) -> tuple[str | None, ...]:
        return tuple(self.game.cards.market)

    @property
    def last(self) -> DrawResult | None:
        return self.results[-1] if self.results else None

    @property
    def last_draw(self) -> DrawResult | None:
        """The last legal draw (refusals change nothing, so they are skipped)."""
        return next((r for r in reversed(self.results) if r.ok), None)

    def turn_narration(self) -> list[str]:
        """The narration of every card drawn in the turn of the last legal draw."""
        lines: list[str] = []
        for result in self.results:
            if result.ok:
                lines = list(result.events) if result.opens_turn else lines + list(result.events)
        return lines

    def prompt(self) -> str:
        """Which card of the draw comes next, and for whom."""
        game = self.game
        if game.phase == TURN:
            return render(
                "{name} to play: take a face-up card or draw blind (first card, D1).",
                name=self.player,
            )
        if game.phase == SECOND_CARD:
            return render(
                "{name} takes a second card: face-up (not a locomotive, D4) or blind.",
                name=self.player,
            )
        return render(
            "{name} must settle something else first (phase '{phase}', T3).",
            name=self.player,
            phase=game.phase,
        )

    def deck_top(self, count: int = 3) -> list[str]:
        """The next cards of the deck, top first (teacher view: the player cannot see them)."""
        return self.game.cards.deck[::-1][:count]

    # what the cards are for ----------------------------------------------------------------

    def payable_routes(self) -> list[Route]:
        """The unclaimed routes the hand could pay for (cards and trains; C1, C2, C6)."""
        game, hand = self.game, self.hand
        trains = game.trains[game.current_player]
        return [
            r
            for r in game.board.routes
            if game.owner[r.id] is None
            and r.length <= trains
            and payment_options(hand, r.color, r.length, r.locomotives)
        ]

    def route_need(self, route: Route) -> str:
        """Whether the hand could pay for ``route``, or what it lacks (C2, C6)."""
        hand, name = self.hand, self.player
        title = route_title(self.game.board, route)
        ways = payment_options(hand, route.color, route.length, route.locomotives)
        if self.game.owner[route.id] is not None:
            return render("{title}: already claimed.", title=title)
        if ways:
            return render(
                "{title}: {name}'s hand could pay for it ({ways:#way}).",
                title=title,
                name=name,
                ways=len(ways),
            )
        cards = (
            render("cards of one colour")
            if route.color == GRAY
            else render("{color:colour} cards", color=route.color)
        )
        need = render(
            "{n:#card}: {cards}, locomotives standing in for any", n=route.length, cards=cards
        )
        if route.locomotives:
            need += render(", at least {n:#locomotive}", n=route.locomotives)
        best = (
            max(hand[c] for c in hand if c != LOCOMOTIVE)
            if route.color == GRAY
            else (hand[route.color])
        )
        held = render(
            "{name} holds {best} of the colour and {locos:#locomotive}",
            name=name,
            best=best,
            locos=hand[LOCOMOTIVE],
        )
        return render("{title}: it needs {need}; {held}.", title=title, need=need, held=held)

    # choices -------------------------------------------------------------------------------

    def take(self, slot: int) -> str:
        """Take the face-up card in ``slot`` (1-5); returns the message."""
        return self._draw(DrawCard(int(slot) - 1)).message

    def draw_blind(self) -> str:
        """Draw the top card of the deck, unseen; returns the message."""
        return self._draw(DrawCard(None)).message

    def undo(self) -> str:
        """Take back the last card drawn (or any last action of the game)."""
        if not self.game.history:
            return render("Nothing to undo.")
        text = self.game.history[-1]
        self.game.undo()
        while self.results and not self.results.pop().ok:
            pass  # drop the refusals after the last draw, then that draw
        return render("Took back '{text}'.", text=text)

    def _draw(self, action: DrawCard) -> DrawResult:
        game = self.game
        player, opens_turn = self.player, game.phase == TURN
        before = self.market
        hand_before = self.hand
        steps = game.actions_played
        try:
            game.play(action)
        except IllegalAction as err:
            refusal = Frame(prender("frame", "Market"), before)
            said = refused_text(err)
            result = DrawResult(False, said, err.rule, player, frames=(refusal,))
            self.results.append(result)
            return result
        recorded = market_moments(game, steps + 1, before, action.slot)
        events = tuple(game.events_of(steps + 1))
        seat = game.players.index(player)
        card = next((k for k, n in game.hands[seat].items() if n > hand_before[k]), None)
        notes = []
        if action.slot is not None:
            refilled = recorded[0][1] if recorded else self.market
            shown = refilled[action.slot]
            notes.append(
                render(_refilled(shown), slot=action.slot + 1, color=shown)
                if shown
                else render(
                    "Slot {slot} could not be refilled: no cards are left (D7).",
                    slot=action.slot + 1,
                )
            )
        turned_up = render(
            "A locomotive was turned up in slot {slot}.", slot=(action.slot or 0) + 1
        )  # the narration's line, told in the note above
        notes += [e for e in events[1:] if e != turned_up]
        if action.slot is None and card == LOCOMOTIVE:
            notes.append(
                render("A locomotive drawn blind is an ordinary draw: the draw goes on (D5).")
            )
        if game.current_player != seat or game.phase == TURN:
            notes.append(
                render("{name}'s turn is over; {next} is next.", name=player, next=self.player)
            )
        elif game.phase == SECOND_CARD:
            notes.append(render("{name} takes one more card (D1).", name=player))
        frames = [
            Frame(
                prender("frame", "Before"),
                before,
                {action.slot: "taken"} if action.slot is not None else {},
            )
        ]
        for kind, market in recorded:
            if kind == "refill":
                label = (
                    prender("frame", "Refilled (D2)")
                    if action.slot is not None
                    else prender("frame", "Refilled (D7)")
                )
                changed = {
                    i: "new"
                    for i, (a, b) in enumerate(zip(frames[-1].market, market, strict=True))
                    if a != b
                }
                if market != frames[-1].market:
                    frames.append(Frame(label, market, changed))
            else:
                frames.append(
                    Frame(prender("frame", "Reset: 3 locomotives, dealt again (D6)"), market)
                )
        if self.market != frames[-1].market:
            frames.append(Frame(prender("frame", "Now"), self.market))
        lines = (*events[:1], *notes)
        result = DrawResult(
            True, sentences(lines), None, player, card, tuple(frames), lines, opens_turn
        )
        self.results.append(result)
        return result


def _refilled(card: str) -> str:
    """The note of a slot refilled with ``card`` (the article agrees with it)."""
    if card == LOCOMOTIVE:
        return N_("Slot {slot} was refilled at once from the deck (D2) with a locomotive.")
    if card[0] in "aeiou":
        return N_(
            "Slot {slot} was refilled at once from the deck (D2) with an {color:colour} card."
        )
    return N_("Slot {slot} was refilled at once from the deck (D2) with a {color:colour} card.")


def frames_html(frames: tuple[Frame, ...]) -> str:
    """The market moment by moment, one row per frame."""
    rows = "".join(
        f'<div class="ttr-frame"><span style="display:inline-block;min-width:11em;'
        f'color:#444">{esc(f.label)}</span> {cards_html(f.market, f.marks)}</div>'
        for f in frames
    )
    return f'<div class="ttr-frames">{rows}</div>'


class CardDrawExplorer(widgets.VBox):
    """Take face-up cards or draw blind, and watch the market refill and reset (D1-D9).

    Controls: ``slot_buttons`` (five, one per face-up card), ``blind_button``, ``undo_button``,
    ``teacher`` (show the deck's top cards); output: ``message`` (the verdict, with the rule id
    of a refusal), ``frames`` (the market moment by moment), ``status``, ``narration`` (every
    card of the turn so far), ``map`` (the routes the hand could pay for glow, counted in
    ``payable``; a click on a route tells what it needs, in ``route_info``).
    ``CardDrawExplorer(game)``, or ``CardDrawExplorer(model=CardDrawModel.new())``.
    """

    def __init__(self, game: Game | None = None, *, model: CardDrawModel | None = None):
        self.model = model or (CardDrawModel(game) if game is not None else CardDrawModel.new())
        self.slot_buttons = [
            button("", render("Take the face-up card in slot {n}", n=i + 1))
            for i in range(len(self.model.market))
        ]
        for i, slot_button in enumerate(self.slot_buttons):
            slot_button.on_click(lambda _, slot=i + 1: self._act(self.model.take(slot)))
        self.blind_button = button(
            render("Draw blind"), render("Take the top card of the deck, unseen")
        )
        self.blind_button.on_click(lambda _: self._act(self.model.draw_blind()))
        self.undo_button = button(
            prender("button", "Undo"), render("Take back the last card drawn")
        )
        self.undo_button.on_click(lambda _: self._act(self.model.undo(), neutral=True))
        self.teacher = widgets.Checkbox(
            value=False, description=render("teacher view: the deck's next cards"), indent=False
        )
        self.teacher.observe(lambda _: self.render(), names="value")
        self.status = panel()
        self.message = panel(message_html(render("Choose a card."), None))
        self.frames = panel()
        self.narration = panel()
        self.payable = panel()
        self.route_info = panel(
            "<i>" + render("Click a route on the map: can this hand pay for it?") + "</i>"
        )
        self.map = MapWidget.of_game(self.model.game)
        self.map.on_click(self._on_map)
        market_row = row([*self.slot_buttons, self.blind_button, self.undo_button])
        super().__init__(
            teaching_layout(
                [self.status, market_row, row([self.teacher])],
                self.map,
                [self.message, self.frames, self.narration, self.payable, self.route_info],
            )
        )
        self.add_class("ttr-widget")
        self.add_class("ttr-card-draw")
        self.render()

    def __repr__(self) -> str:
        return f"CardDrawExplorer(player={self.model.player!r}, phase={self.model.game.phase!r})"

    def _act(self, text: str, neutral: bool = False) -> None:
        last = self.model.last
        ok = None if neutral or last is None else last.ok
        self.message.value = message_html(text, ok)
        self.render()

    def _on_map(self, click: MapClick) -> None:
        if click.route is not None:
            self.route_info.value = render(
                "<b>On the map:</b> {picked}", picked=esc(self.model.route_need(click.route))
            )

    def render(self) -> None:
        model = self.model
        for i, (slot_button, card) in enumerate(zip(self.slot_buttons, model.market, strict=True)):
            slot_button.description = render(
                "{n}: {card}", n=i + 1, card=pgettext("colour", card) if card else render("empty")
            )
            for key, value in card_button_style(card).items():
                setattr(slot_button.style, key, value)
        top = ""
        if self.teacher.value:
            top = (
                "<div>"
                + render(
                    "Deck top (hidden from players): {cards}", cards=cards_html(model.deck_top())
                )
                + "</div>"
            )
        game = model.game
        hand = render("{name}'s hand: {hand}", name=esc(model.player), hand=hand_html(model.hand))
        decks = render(
            "Deck: {deck} cards · discard: {discard}",
            deck=len(game.cards.deck),
            discard=len(game.cards.discard),
        )
        self.status.value = (
            f'<div class="ttr-status"><b>{esc(model.prompt())}</b>'
            f"<div>{hand}</div><div>{decks}</div>{top}</div>"
        )
        draw = model.last_draw
        market = (Frame(prender("frame", "Market"), model.market),)
        self.frames.value = frames_html(draw.frames if draw else market)
        self.narration.value = narration_html(
            model.turn_narration(), render("Narration of this turn")
        )
        payable = model.payable_routes()
        self.map.show_game(game, highlight_routes=payable)
        self.payable.value = render(
            "Glowing on the map: the {routes:#route} {name}'s hand could pay for now.",
            routes=len(payable),
            name=esc(model.player),
        )
