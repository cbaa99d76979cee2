"""Draw train cards by hand: :class:`CardDrawModel` and :class:`CardDrawExplorer` (D1-D9).

The model plays draws on a real :class:`~ttr.game.Game`, so the engine enforces every drawing
rule; an illegal choice comes back as a message that starts with the rule id (``"D4: a face-up
locomotive cannot be the second card"``) and changes nothing. A legal choice comes back with the
narration and with the market as it was at each moment of the draw ("frames"): before, after the
taken slot was refilled (D2), after each reset for 3 face-up locomotives (D6), and now.

Slots are numbered 1-5, as on the table and in the notation (``draw 3``).

>>> from ttr.widgets.card_draw import CardDrawModel
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
from ttr.colors import LOCOMOTIVE
from ttr.game import SECOND_CARD, TURN, Game
from ttr.plot import ROUTE_FACE
from ttr.scenario import load_scenario, stage
from ttr.widgets.common import (
    MAP_LAYOUT,
    PANEL_CSS,
    MapPainter,
    beside_map,
    cards_html,
    esc,
    hand_html,
    message_html,
    narration_html,
)

__all__ = ["CardDrawExplorer", "CardDrawModel", "DrawResult", "Frame"]

SCENARIOS = Path(__file__).resolve().parents[2] / "data" / "scenarios"


@dataclass(frozen=True)
class Frame:
    """The market at one moment of a draw; ``marks`` notes slots (0-based) worth a look."""

    label: str
    market: tuple[str | None, ...]
    marks: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DrawResult:
    """What one choice did: ``ok`` (legal or not), the message, the rule id of a refusal."""

    ok: bool
    message: str
    rule: str | None
    player: str
    card: str | None = None
    frames: tuple[Frame, ...] = ()
    events: tuple[str, ...] = ()


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

    def prompt(self) -> str:
        """Which card of the draw comes next, and for whom."""
        game = self.game
        if game.phase == TURN:
            return f"{self.player} to play: take a face-up card or draw blind (first card, D1)."
        if game.phase == SECOND_CARD:
            return f"{self.player} takes a second card: face-up (not a locomotive, D4) or blind."
        return f"{self.player} must settle something else first (phase '{game.phase}', T3)."

    def deck_top(self, count: int = 3) -> list[str]:
        """The next cards of the deck, top first (teacher view: the player cannot see them)."""
        return self.game.cards.deck[::-1][:count]

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
            return "Nothing to undo."
        text = self.game.history[-1]
        self.game.undo()
        if self.results:
            self.results.pop()
        return f"Took back '{text}'."

    def _draw(self, action: DrawCard) -> DrawResult:
        game, cards = self.game, self.game.cards
        player = self.player
        before = tuple(cards.market)
        hand_before = dict(game.hands[game.current_player])
        steps = game.actions_played
        try:
            game.play(action)
        except IllegalAction as err:
            result = DrawResult(
                False,
                f"Not allowed: {err}",
                err.rule,
                player,
                frames=(Frame("Market", before),),
            )
            self.results.append(result)
            return result
        recorded = market_moments(game, steps + 1, before, action.slot)
        events = tuple(game.events_of(steps + 1))
        seat = _seat(game, player)
        card = next((k for k, n in game.hands[seat].items() if n > hand_before[k]), None)
        notes = []
        if action.slot is not None:
            refilled = recorded[0][1] if recorded else tuple(cards.market)
            shown = refilled[action.slot]
            what = _a(shown) if shown else None
            notes.append(
                f"Slot {action.slot + 1} was refilled at once from the deck (D2) with {what}."
                if what
                else f"Slot {action.slot + 1} could not be refilled: no cards are left (D7)."
            )
        turned_up = f"A locomotive was turned up in slot {(action.slot or 0) + 1}."
        notes += [e for e in events[1:] if e != turned_up]
        if action.slot is None and card == LOCOMOTIVE:
            notes.append("A locomotive drawn blind is an ordinary draw: the draw goes on (D5).")
        if game.current_player != seat or game.phase == TURN:
            nxt = game.players[game.current_player]
            notes.append(f"{player}'s turn is over; {nxt} is next.")
        elif game.phase == SECOND_CARD:
            notes.append(f"{player} takes one more card (D1).")
        taken = {action.slot: "taken"} if action.slot is not None else {}
        frames = [Frame("Before", before, taken)]
        for kind, market in recorded:
            if kind == "refill":
                label = "Refilled (D2)" if action.slot is not None else "Refilled (D7)"
                changed = {
                    i: "new"
                    for i, (a, b) in enumerate(zip(frames[-1].market, market, strict=True))
                    if a != b
                }
                if market != frames[-1].market:
                    frames.append(Frame(label, market, changed))
            else:
                frames.append(Frame("Reset: 3 locomotives, dealt again (D6)", market))
        if tuple(cards.market) != frames[-1].market:
            frames.append(Frame("Now", tuple(cards.market)))
        message = " ".join([*events[:1], *notes])
        result = DrawResult(True, message, None, player, card, tuple(frames), (*events[:1], *notes))
        self.results.append(result)
        return result


def market_moments(
    game: Game, step: int, before: tuple[str | None, ...], slot: int | None
) -> list[tuple[str, tuple[str | None, ...]]]:
    """The market after each refill and reset of ``step``, read from the game's events."""
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


def _seat(game: Game, name: str) -> int:
    return game.players.index(name)


def _a(card: str) -> str:
    if card == LOCOMOTIVE:
        return "a locomotive"
    return f"{'an' if card[0] in 'aeiou' else 'a'} {card} card"


def frames_html(frames: tuple[Frame, ...]) -> str:
    """The market moment by moment, one row per frame."""
    rows = "".join(
        f'<div class="ttr-frame" style="margin:2px 0"><span style="display:inline-block;'
        f'width:190px;color:#444">{esc(f.label)}</span>{cards_html(f.market, f.marks)}</div>'
        for f in frames
    )
    return f'<div class="ttr-frames" style="{PANEL_CSS}">{rows}</div>'


def _button_style(card: str | None) -> dict[str, str]:
    if card is None:
        return {"button_color": "#f4f4f4", "text_color": "#888"}
    if card == LOCOMOTIVE:
        return {"button_color": "#5b3f8c", "text_color": "white", "font_weight": "bold"}
    dark = card in ("blue", "black", "red", "green")
    return {
        "button_color": ROUTE_FACE[card],
        "text_color": "white" if dark else "black",
        "font_weight": "bold",
    }


class CardDrawExplorer(widgets.VBox):
    """Take face-up cards or draw blind, and watch the market refill and reset (D1-D9).

    Controls: ``slot_buttons`` (five, one per face-up card), ``blind_button``, ``undo_button``,
    ``teacher`` (show the deck's top cards); output: ``message`` (the verdict, with the rule id
    of a refusal), ``frames`` (the market moment by moment), ``status``, ``narration`` and
    ``map``. ``CardDrawExplorer(game)``, or ``CardDrawExplorer(model=CardDrawModel.new())``.
    """

    def __init__(
        self,
        game: Game | None = None,
        *,
        model: CardDrawModel | None = None,
        painter: MapPainter | None = None,
    ):
        self.model = model or (CardDrawModel(game) if game is not None else CardDrawModel.new())
        self.painter = painter or MapPainter(size=4)
        self.slot_buttons = [
            widgets.Button(layout={"width": "92px", "height": "40px"}) for _ in self.model.market
        ]
        for i, button in enumerate(self.slot_buttons):
            button.on_click(lambda _, slot=i + 1: self._act(self.model.take(slot)))
        self.blind_button = widgets.Button(
            description="Draw blind", icon="question", layout={"width": "120px", "height": "40px"}
        )
        self.blind_button.on_click(lambda _: self._act(self.model.draw_blind()))
        self.undo_button = widgets.Button(
            description="Undo", icon="undo", layout={"width": "90px", "height": "40px"}
        )
        self.undo_button.on_click(lambda _: self._act(self.model.undo(), neutral=True))
        self.teacher = widgets.Checkbox(
            value=False, description="teacher view (deck top)", indent=False
        )
        self.teacher.observe(lambda _: self.render(), names="value")
        self.status = widgets.HTML()
        self.message = widgets.HTML(message_html("Choose a card.", None))
        self.frames = widgets.HTML()
        self.narration = widgets.HTML()
        self.map = widgets.Image(format="png", layout=MAP_LAYOUT)
        market_row = widgets.HBox(
            [*self.slot_buttons, self.blind_button, self.undo_button],
            layout={"flex_flow": "row wrap"},
        )
        body = beside_map(
            [self.status, market_row, self.teacher, self.message, self.frames, self.narration],
            self.map,
            flex="1 1 420px",
            min_width="380px",
        )
        super().__init__([body])
        self.add_class("ttr-card-draw")
        self.render()

    def __repr__(self) -> str:
        return f"CardDrawExplorer(player={self.model.player!r}, phase={self.model.game.phase!r})"

    def _act(self, text: str, neutral: bool = False) -> None:
        last = self.model.last
        ok = None if neutral or last is None else last.ok
        self.message.value = message_html(text, ok)
        self.render()

    def render(self) -> None:
        model = self.model
        for i, (button, card) in enumerate(zip(self.slot_buttons, model.market, strict=True)):
            button.description = f"{i + 1}: {card or 'empty'}"
            for key, value in _button_style(card).items():
                setattr(button.style, key, value)
        top = ""
        if self.teacher.value:
            top = f"<div>Deck top (hidden from players): {cards_html(model.deck_top())}</div>"
        game = model.game
        self.status.value = (
            f'<div class="ttr-status" style="{PANEL_CSS}"><b>{esc(model.prompt())}</b>'
            f"<div>{esc(model.player)}'s hand: {hand_html(model.hand)}</div>"
            f"<div>Deck: {len(game.cards.deck)} cards · discard: {len(game.cards.discard)}"
            f"</div>{top}</div>"
        )
        last = model.last
        self.frames.value = (
            frames_html(last.frames)
            if last and last.ok
            else frames_html((Frame("Market", model.market),))
        )
        self.narration.value = narration_html(last.events if last and last.ok else (), "Narration")
        self.map.value = self.painter.png(game)
