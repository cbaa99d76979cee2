"""Drawing train cards (D1-D8): a card from the market or the deck, then the second card."""

from __future__ import annotations

from ttr.actions import DrawCard
from ttr.cards import can_draw, draw, take
from ttr.colors import KIND_INDEX, LOCOMOTIVE
from ttr.errors import IllegalAction
from ttr.events import Kind, Log
from ttr.open_routes import with_item
from ttr.state import SECOND_CARD, TURN, Setup, State, bump
from ttr.turn.end import end_turn

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_DRAW = Kind.DRAW
KIND_SHORT_DRAW = Kind.SHORT_DRAW
KIND_WHOLE_DRAW = Kind.WHOLE_DRAW


def check_draw(setup: Setup, state: State, action: DrawCard) -> None:
    """Whether the card draw ``action`` is legal now (D1, D4, D7); its fields' types are
    checked before (T1, :func:`ttr.turn.checked`)."""
    slot = action.slot
    if slot is None:
        if not can_draw(state):
            raise IllegalAction(
                "D7", "the deck and the discard pile are both empty; no card can be drawn blind"
            )
        return
    market = state.market
    if not 0 <= slot < len(market):
        raise IllegalAction(
            "D1",
            "there is no face-up slot {slot} (slots are 1-{last})",
            slot=slot + 1,
            last=len(market),
        )
    card = market[slot]
    if card is None:
        raise IllegalAction("D7", "face-up slot {slot} is empty", slot=slot + 1)
    if card == LOCOMOTIVE and state.phase == SECOND_CARD:
        raise IllegalAction("D4", "a face-up locomotive cannot be the second card")


def play_draw(setup: Setup, state: State, action: DrawCard, log: Log | None) -> None:
    player = state.current_player
    first = state.phase == TURN
    slot = action.slot
    if slot is None:
        card = draw(state, log, player)
        if log:
            log.add(KIND_DRAW, player, slot=None, card=card)
    else:
        card = state.market[slot]
        if log:
            log.add(KIND_DRAW, player, slot=slot, card=card)
        take(setup, state, slot, log, player)
    assert card is not None
    hand = list(state.hands[player])
    hand[KIND_INDEX[card]] += 1
    state.hands = with_item(state.hands, player, tuple(hand))
    if not first:
        end_turn(setup, state, player, log)
    elif card == LOCOMOTIVE and slot is not None:
        if log:
            log.add(KIND_WHOLE_DRAW, player)
        end_turn(setup, state, player, log)
    else:
        state.phase = SECOND_CARD
        if not (state.top or state.discard or any(c and c != LOCOMOTIVE for c in state.market)):
            if log:
                log.add(KIND_SHORT_DRAW, player)
            bump(state, "short_draws")
            end_turn(setup, state, player, log)
