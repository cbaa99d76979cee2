"""The train cards on the table: the deck, the discard pile and the face-up market (S2-S3, D1-D10).

These functions change a :class:`ttr.state.State` and know nothing of turns: take the top card,
refill a taken slot at once (D2), reset the market when it shows 3 or more locomotives (D6,
guarded by D9), shuffle the discard pile into a new deck when the deck runs out (D7), reveal cards
for a tunnel (C7, C9). They tell what happened through the events log, when there is one.
"""

from __future__ import annotations

from ttr.colors import CARD_COLORS, CARDS_PER_COLOR, LOCOMOTIVE, LOCOMOTIVES_IN_DECK
from ttr.events import Kind, Log
from ttr.state import Setup, State, bump, shuffled

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_LOOP_GUARD = Kind.LOOP_GUARD
KIND_MARKET_RESET = Kind.MARKET_RESET
KIND_REFILLED = Kind.REFILLED
KIND_RESHUFFLE = Kind.RESHUFFLE
KIND_SLOT_EMPTY = Kind.SLOT_EMPTY
KIND_TURNED_UP = Kind.TURNED_UP


def full_deck() -> list[str]:
    """The 110 train cards in a fixed order: 12 of each colour, then 14 locomotives."""
    deck = [color for color in CARD_COLORS for _ in range(CARDS_PER_COLOR)]
    return deck + [LOCOMOTIVE] * LOCOMOTIVES_IN_DECK


def can_draw(state: State) -> bool:
    """Whether a card can come off the deck, reshuffling the discard pile if needed (D7)."""
    return bool(state.top or state.discard)


def deck_cards(state: State) -> tuple[str, ...]:
    """The cards in the deck, the top card last."""
    return state.deck[: state.top]


def draw(state: State, log: Log | None, player: int | None, rule: str = "D7") -> str | None:
    """The top card of the deck; an empty deck is first rebuilt from the discard pile (D7)."""
    if not state.top:
        if not state.discard:
            bump(state, "empty_deck")
            return None
        reshuffle(state, log, player, rule)
    top = state.top - 1
    state.top = top
    return state.deck[top]


def reshuffle(state: State, log: Log | None, player: int | None, rule: str = "D7") -> None:
    """Shuffle the discard pile into a new deck (D7; C9 during a tunnel's reveal)."""
    deck = shuffled(state, state.discard)
    state.deck, state.top, state.discard = tuple(deck), len(deck), ()
    bump(state, "reshuffles")
    if log:
        log.add(KIND_RESHUFFLE, player, size=len(deck), rule=rule)


def take(setup: Setup, state: State, slot: int, log: Log | None, player: int) -> str:
    """Take the face-up card in ``slot`` and refill the slot from the deck at once (D2, D6)."""
    market = list(state.market)
    card = market[slot]
    assert card is not None
    new = draw(state, log, player)
    market[slot] = new
    state.market = tuple(market)
    if log:
        if new is None:
            log.add(KIND_SLOT_EMPTY, player, slot=slot)
        else:
            log.add(KIND_TURNED_UP, player, slot=slot, card=new)
    if new == LOCOMOTIVE or state.loop_guard:  # otherwise fewer than 3 locomotives show
        check_locomotives(setup, state, log, player)
    return card


def refill(state: State, log: Log | None, player: int | None) -> bool:
    """Fill every empty slot from the deck (the end-of-turn refill of D7); whether any was."""
    filled: dict[int, str] = {}
    market = list(state.market)
    for slot, card in enumerate(market):
        if card is None:
            new = draw(state, log, player)
            market[slot] = new
            if new is not None:
                filled[slot] = new
    state.market = tuple(market)
    if filled and log:
        log.add(KIND_REFILLED, player, cards=filled)
    return bool(filled)


def check_locomotives(
    setup: Setup,
    state: State,
    log: Log | None,
    player: int | None,
    rule: str = "D6",
    recheck: bool = False,
) -> None:
    """Reset the market while it shows too many locomotives (D6), within the D9 guard.

    ``rule`` is the rule id the narration cites (S3 for the market of the deal). When the guard
    stops the resets it sets ``state.loop_guard``; the market is checked again at the end of
    every turn (:func:`ttr.turn.end.end_turn`, ``recheck``), so a reset happens as soon as one
    can help. A recheck that changes nothing is not told again.
    """
    limit = setup.rules.market_locomotive_limit
    redeals = 0
    while state.market.count(LOCOMOTIVE) >= limit:
        market = state.market
        deck, discard = deck_cards(state), state.discard
        others = len(market) - market.count(None) - market.count(LOCOMOTIVE)
        others += len(deck) - deck.count(LOCOMOTIVE) + len(discard) - discard.count(LOCOMOTIVE)
        told = redeals > 0 or not (recheck and state.loop_guard)
        if others < len(market) - limit + 1:
            _guard(state, log, player, told, locomotives=market.count(LOCOMOTIVE), others=others)
            return
        if redeals == setup.rules.redeal_limit:
            _guard(state, log, player, told, resets=redeals)
            return
        redeal(state, log, player, rule)
        redeals += 1
    state.loop_guard = False


def _guard(state: State, log: Log | None, player: int | None, told: bool, **data: int) -> None:
    """The D9 guard leaves the market as it is; ``told`` (and counted) unless nothing changed."""
    if told:
        bump(state, "loop_guard_stops")
        if log:
            log.add(KIND_LOOP_GUARD, player, **data)
    state.loop_guard = True


def redeal(state: State, log: Log | None, player: int | None, rule: str = "D6") -> None:
    """Discard the whole market and turn up new cards (D6)."""
    old = state.market
    state.discard = state.discard + tuple(card for card in old if card is not None)
    state.market = (None,) * len(old)
    new = tuple(draw(state, log, player) for _ in old)
    state.market = new
    bump(state, "market_resets")
    if log:
        discarded = [card for card in old if card is not None]
        log.add(
            KIND_MARKET_RESET,
            player,
            discarded=discarded,
            market=list(new),
            locomotives=old.count(LOCOMOTIVE),
            rule=rule,
        )


def reveal(state: State, count: int, log: Log | None, player: int) -> tuple[str, ...]:
    """Turn up to ``count`` cards off the deck for a tunnel (C7, C9); the caller holds them."""
    cards: list[str] = []
    for _ in range(count):
        card = draw(state, log, player, rule="C9")
        if card is None:
            break
        cards.append(card)
    return tuple(cards)
