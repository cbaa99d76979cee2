"""What must hold after every action of every game: the conservation laws of the engine.

Used by the random-play and perft tests and by the soak run (``benchmarks/soak.py``). Each check
returns a list of violations in plain words (empty when all is well), so a long run can report
them without stopping at the first.
"""

from __future__ import annotations

from collections import Counter

from ttr.cards import full_deck
from ttr.colors import LOCOMOTIVE
from ttr.game import OVER, Game

FULL_DECK = Counter(full_deck())


def card_multiset(game: Game) -> Counter[str]:
    """Every train card by kind: hands, deck, discard, market and a tunnel's cards held aside."""
    cards = Counter(game.cards.deck)
    cards.update(game.cards.discard)
    cards.update(c for c in game.cards.market if c is not None)
    for seat_hand in game.hands:
        cards.update(seat_hand)
    if game.tunnel is not None:
        route = game.board.routes[game.tunnel.route]
        colored = route.length - game.tunnel.locomotives
        if game.tunnel.color is not None:
            cards[game.tunnel.color] += colored
        cards[LOCOMOTIVE] += game.tunnel.locomotives
        cards.update(game.tunnel.revealed)
    return +cards


def legal_list_problems(game: Game) -> list[str]:
    """The lazy legal-action list agrees with itself (length, indexing, iteration, no repeats)
    and with the rule checks of ``play``, which accept every action on it."""
    legal = game.legal_actions()
    listed = list(legal)
    problems = []
    if len(listed) != len(legal) or [legal[i] for i in range(len(legal))] != listed:
        problems.append("the legal-action list's length, indexing and iteration disagree")
    if len(set(listed)) != len(listed):
        problems.append("the legal-action list repeats an action")
    refused = [action for action in listed if not game.is_legal(action)]
    if refused:
        problems.append(f"listed as legal but refused by play: {refused[0]!r}")
    return problems


def ticket_indices(game: Game) -> list[int]:
    """Every ticket of the pool wherever it is: kept, deck, box, on offer, waiting to be dealt."""
    found = [t for kept in game.tickets for t in kept]
    found += game.ticket_deck + game.box + game.set_aside
    if game.offer is not None:
        found += game.offer.tickets
    for waiting in game.opening_queue:
        found += waiting.tickets
    return found


def violations(game: Game) -> list[str]:
    """Every broken invariant of ``game``'s position, in plain words."""
    rules = game.rules
    found = []
    if card_multiset(game) != FULL_DECK:
        found.append(
            f"the train cards are not 12 of each colour + 14 locomotives "
            f"({game.card_count()} in all)"
        )
    if sorted(ticket_indices(game)) != list(range(len(game.ticket_pool))):
        found.append("a ticket was lost or duplicated")
    for seat in range(game.num_players):
        if game.trains[seat] < 0:
            found.append(f"seat {seat} has {game.trains[seat]} trains")
        if not 0 <= game.stations_left[seat] <= rules.stations:
            found.append(f"seat {seat} has {game.stations_left[seat]} stations left")
        if min(game.hands[seat].values()) < 0:
            found.append(f"seat {seat} holds a negative number of cards")
    built = Counter(game.stations.values())
    for seat in range(game.num_players):
        if built[seat] + game.stations_left[seat] != rules.stations:
            found.append(f"seat {seat}: stations built and left do not add up")
    lengths = [0] * game.num_players
    points = [0] * game.num_players
    lock = game.num_players <= rules.double_lock_max_players
    for route in game.board.routes:
        owner = game.owner[route.id]
        if owner is None:
            continue
        lengths[owner] += route.length
        points[owner] += rules.route_points[route.length]
        twin = game.board.twin_id(route.id)
        if twin is not None and game.owner[twin] is not None:
            if game.owner[twin] == owner:
                found.append(f"seat {owner} owns both routes of a double (C5)")
            elif lock:
                found.append("both routes of a double are used in a 2-3 player game (C5)")
    # A route has one owner slot, so "owned twice" shows as trains or points counted twice.
    if [rules.trains - n for n in lengths] != game.trains:
        found.append("trains left do not match the routes owned")
    if points != game.route_points:
        found.append("route points do not match the routes owned")
    market = game.cards.market
    if len(market) != rules.market_size:
        found.append(f"the market has {len(market)} slots")
    if (
        market.count(LOCOMOTIVE) >= rules.market_locomotive_limit
        and not game.counts["loop_guard_stops"]
    ):
        found.append("3 or more face-up locomotives without the D9 guard (D6)")
    low = [
        seat for seat in range(game.num_players) if game.trains[seat] <= rules.end_trigger_trains
    ]
    if low and game.final_turns_left is None and game.phase != OVER:
        found.append("a player has 2 or fewer trains but the final round has not begun (E1)")
    if game.final_turns_left is not None and not 0 < game.final_turns_left <= game.num_players:
        if game.phase != OVER:
            found.append(f"{game.final_turns_left} final turns left (E1)")
    return found
