"""The game: one object that knows everything about a position, in the manner of python-chess.

A :class:`Game` is dealt from a rule set and a seed, then moves forward one action at a time:

>>> game = Game("usa", players=["Ann", "Ben"], seed=1)
>>> game.phase, game.current_player
('opening', 0)
>>> game.play(game.parse("keep 1 2"))      # Ann keeps two of her three opening tickets (S4)

``legal_actions()`` lists every legal action in a fixed order, ``play`` checks an action and
raises :class:`IllegalAction` (naming the rule) without changing anything when it is not allowed,
``undo`` takes the last action back, ``copy`` clones, ``observation(player)`` shows what one
player may know, ``events`` narrates each step in plain English, and ``to_json``/``from_json``
round-trip exactly. A turn may take several actions: the pending decision (the second card of a
draw, a tunnel's extra cost, the tickets to keep) is in ``phase``.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ttr.actions import (
    DECLINE,
    DRAW_DECK,
    DRAW_TICKETS,
    PASS,
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    IllegalAction,
    KeepTickets,
    Pass,
    PayTunnel,
    format_cards,
)
from ttr.board import Board, Route, Ticket, load_board
from ttr.cards import TrainCards, full_deck
from ttr.colors import CARD_COLORS, CARD_KINDS, GRAY, LOCOMOTIVE
from ttr.legal import (
    Family,
    LegalActions,
    OpenRoutes,
    gray_payment_count,
    ready_part,
    station_part,
)
from ttr.payment import payment_problem, tunnel_extra_options
from ttr.rules import OpeningDeal, RuleSet, rule_set
from ttr.scoring.breakdown import Holdings, Outcome, score_holdings
from ttr.text import count

OPENING, TURN, SECOND_CARD, TUNNEL, TICKETS, OVER = (
    "opening",
    "turn",
    "second_card",
    "tunnel",
    "tickets",
    "over",
)
PHASES = (OPENING, TURN, SECOND_CARD, TUNNEL, TICKETS, OVER)
DEFAULT_NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")
ORDINALS = ("first", "second", "third", "fourth", "fifth")
DRAW_CARDS = tuple(DrawCard(slot) for slot in range(8))
FULL_DRAWS = tuple((*DRAW_CARDS[:size], DRAW_DECK) for size in range(9))
"""The draws of a full market of each size, with the deck: the usual start of a turn's list."""
FULL_DRAW_PARTS = tuple(ready_part(draws) for draws in FULL_DRAWS)
DRAW_TICKETS_PART, PASS_PART = ready_part((DRAW_TICKETS,)), ready_part((PASS,))
SETTLING: dict[str, tuple[type, ...]] = {
    OPENING: (KeepTickets,),
    TICKETS: (KeepTickets,),
    TUNNEL: (PayTunnel, Decline),
    SECOND_CARD: (DrawCard,),
}
"""The actions that settle each pending decision (T3)."""
ANSWERS = (KeepTickets, PayTunnel, Decline)
"""The actions that only answer a pending decision."""


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the narration: what happened at ``step`` (0 = the deal, k = the k-th action)."""

    step: int
    player: int | None
    text: str


@dataclass
class TunnelAttempt:
    """A tunnel being claimed (C7): the cards played, the cards revealed, the extra cost."""

    route: int
    color: str | None
    locomotives: int
    revealed: list[str]
    extra: int


@dataclass
class TicketOffer:
    """Tickets on offer to one player, and how many of them may be kept."""

    player: int
    tickets: list[int]
    keep_min: int
    keep_max: int
    unkept: str  # "bottom", "bottom_shuffled" or "box"
    rule: str
    long_round: bool = False


def _empty_hand() -> dict[str, int]:
    return dict.fromkeys(CARD_KINDS, 0)


class Game:
    """A game of Ticket to Ride under one rule set, from the deal to the last turn."""

    def __init__(
        self,
        rules: str | RuleSet = "usa",
        players: int | list[str] | tuple[str, ...] = 2,
        seed: int | random.Random | None = 0,
        *,
        variant: str | None = None,
        deal: bool = True,
        record: bool = True,
    ):
        self.rules = rule_set(rules, variant)
        self.board: Board = load_board(self.rules.map)
        names = DEFAULT_NAMES[:players] if isinstance(players, int) else tuple(players)
        if isinstance(players, int) and not 0 < players <= len(DEFAULT_NAMES):
            names = tuple(f"Player {i + 1}" for i in range(players))
        if not self.rules.min_players <= len(names) <= self.rules.max_players:
            raise ValueError(
                f"{self.rules.title} is for {self.rules.min_players} to "
                f"{self.rules.max_players} players, not {len(names)}"
            )
        if len(set(names)) != len(names):
            raise ValueError(f"player names must differ: {', '.join(names)}")
        missing = {r.length for r in self.board.routes} - set(self.rules.route_points)
        if missing:
            raise ValueError(f"the rule set scores no route of length {sorted(missing)}")
        self.players: tuple[str, ...] = tuple(names)
        self.num_players = len(names)
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.ticket_pool: tuple[Ticket, ...] = tuple(
            t for name in self.rules.tickets for t in self.board.ticket_sets[name]
        )
        self.cards = TrainCards(
            self.rng,
            self.rules.market_size,
            self.rules.market_locomotive_limit,
            self.rules.redeal_limit,
        )
        n = self.num_players
        self.hands: list[dict[str, int]] = [_empty_hand() for _ in range(n)]
        self.trains = [self.rules.trains] * n
        self.stations_left = [self.rules.stations] * n
        self.route_points = [0] * n
        self.tickets: list[list[int]] = [[] for _ in range(n)]
        self.owner: list[int | None] = [None] * len(self.board.routes)
        self.stations: dict[str, int] = {}
        self.ticket_deck: list[int] = []  # the top ticket is the last one
        self.box: list[int] = []  # tickets out of the game
        self.set_aside: list[int] = []  # opening tickets returned, to shuffle under the deck
        self.opening_queue: list[TicketOffer] = []
        self.offer: TicketOffer | None = None
        self.tunnel: TunnelAttempt | None = None
        self.phase = OPENING
        self.current_player = 0
        self.turn = 0  # completed turns
        self.final_turns_left: int | None = None
        self.triggered_by: int | None = None
        self.passes_in_row = 0
        self.counts: Counter[str] = self.cards.counts
        self.record = record  # keep the history and the narration (undo needs them)
        self.history: list[str] = []
        self.events: list[Event] = []
        self.actions_played = 0
        self._step = 0
        self._start: dict[str, Any] | None = None  # the position after the deal, for undo
        self._seed = seed if isinstance(seed, int) else None
        self._open_routes: OpenRoutes | None = None
        self._free_cities_cache: tuple[int, list[str]] = (-1, [])
        if deal:
            self._deal()
            if self._seed is None:  # a shared generator: keep a snapshot of the deal
                self._start = self.snapshot()

    # -----------------------------------------------------------------------------------------
    # Setup (S1-S6)

    def _deal(self) -> None:
        """Shuffle, deal hands and the market (S2-S3), then the opening tickets (S4-S5, V1-V4)."""
        cards = self.cards
        cards.deck = full_deck()
        self.rng.shuffle(cards.deck)
        for hand in self.hands:
            for _ in range(self.rules.hand_size):
                hand[cards.deck.pop()] += 1
        cards.market = [cards.draw() for _ in cards.market]
        self._say(
            None,
            f"{self.rules.title}, {self.num_players} players: "
            f"{', '.join(self.players)}. Each gets {self.rules.trains} trains"
            + (f", {self.rules.stations} stations" if self.rules.stations else "")
            + f" and {self.rules.hand_size} train cards (S1-S2).",
        )
        cards.check_locomotives(rule="S3")
        self._flush_notes(None)
        self._deal_tickets()

    def _deal_tickets(self) -> None:
        pool = range(len(self.ticket_pool))
        longs = [i for i in pool if self.ticket_pool[i].long]
        regulars = [i for i in pool if not self.ticket_pool[i].long]
        self.rng.shuffle(longs)
        self.rng.shuffle(regulars)
        for rnd, deal in enumerate(self.rules.opening):
            for player in range(self.num_players):
                dealt = [longs.pop() for _ in range(deal.long)]
                dealt += [regulars.pop() for _ in range(deal.regular)]
                self.opening_queue.append(self._opening_offer(player, dealt, deal, rnd))
        self.box.extend(longs)  # long tickets not dealt go back to the box unseen (S5, V2)
        self.ticket_deck = regulars
        self.ticket_deck.reverse()  # popping from the end deals in shuffled order
        self._say(
            None, f"Each player is dealt {self._describe_opening()} ({self.rules.opening_rule})."
        )
        self._next_opening_offer()

    def _describe_opening(self) -> str:
        parts = []
        for deal in self.rules.opening:
            kinds = [
                f"{deal.long} long" if deal.long else "",
                f"{deal.regular}" if deal.regular else "",
            ]
            text = " + ".join(k for k in kinds if k) + " tickets"
            keep = f"keep at least {deal.keep_min}"
            if deal.keep_min_after_long is not None:
                keep += f", or {deal.keep_min_after_long} after keeping a long one"
            if deal.keep_max is not None:
                keep = f"keep at most {deal.keep_max}" if not deal.keep_min else keep
            parts.append(f"{text} ({keep})")
        return ", then ".join(parts)

    def _opening_offer(
        self, player: int, dealt: list[int], deal: OpeningDeal, rnd: int
    ) -> TicketOffer:
        keep_max = len(dealt) if deal.keep_max is None else deal.keep_max
        return TicketOffer(
            player,
            dealt,
            deal.keep_min,
            keep_max,
            deal.unkept,
            self.rules.opening_rule,
            long_round=rnd == 0 and deal.regular == 0,
        )

    def _next_opening_offer(self) -> None:
        if not self.opening_queue:
            if self.set_aside:  # tickets returned in the opening, shuffled together (V2, V4)
                self.rng.shuffle(self.set_aside)
                self.ticket_deck[:0] = self.set_aside
                self._say(
                    None,
                    f"The {count(len(self.set_aside), 'returned ticket')} are shuffled together "
                    f"and go under the ticket deck ({self.rules.opening_rule}).",
                )
                self.set_aside = []
            self.offer = None
            self.phase = TURN
            self.current_player = 0
            self._say(None, f"The opening choices are made; {self.players[0]} plays first (S6).")
            return
        offer = self.opening_queue.pop(0)
        deal_index = 1 if not offer.long_round and len(self.rules.opening) > 1 else None
        if deal_index is not None:
            kept_long = any(self.ticket_pool[t].long for t in self.tickets[offer.player])
            after_long = self.rules.opening[deal_index].keep_min_after_long
            if kept_long and after_long is not None:
                offer.keep_min = after_long
        self.offer = offer
        self.current_player = offer.player
        self.phase = OPENING

    # -----------------------------------------------------------------------------------------
    # Legal actions

    def legal_actions(self) -> Sequence[Action]:
        """Every legal action now, in a fixed order (T1, T3): the perft-style contract.

        A sequence (``len``, index, iterate, ``in``), valid until the next action is played.
        """
        phase = self.phase
        if phase == TURN:
            return self._turn_actions()
        if phase == SECOND_CARD:  # any card but a face-up locomotive (D4)
            market = self.cards.market
            can_draw = self.cards.can_draw()
            if can_draw and None not in market and LOCOMOTIVE not in market:
                return list(FULL_DRAWS[len(market)])
            actions: list[Action] = [
                DRAW_CARDS[slot]
                for slot, card in enumerate(market)
                if card is not None and card != LOCOMOTIVE
            ]
            if can_draw:
                actions.append(DRAW_DECK)
            return actions
        if phase in (OPENING, TICKETS):
            offer = self.offer
            assert offer is not None
            return list(_keep_choices(len(offer.tickets), offer.keep_min, offer.keep_max))
        if phase == TUNNEL:
            tunnel = self.tunnel
            assert tunnel is not None
            hand = self.hands[self.current_player]
            options = tunnel_extra_options(hand, tunnel.color, tunnel.extra)
            return [*(PayTunnel(k) for k in options), DECLINE]
        return []

    def _turn_actions(self) -> LegalActions:
        player = self.current_player
        hand = dict(self.hands[player])
        cards = self.cards
        market = cards.market
        can_draw = cards.deck or cards.discard
        if can_draw and None not in market:
            parts = [FULL_DRAW_PARTS[len(market)]]
        else:
            draws: list[Action] = [DRAW_CARDS[slot] for slot, card in enumerate(market) if card]
            if can_draw:
                draws.append(DRAW_DECK)
            parts = [ready_part(draws)] if draws else []
        colors = tuple(sorted(filter(None, map(hand.__getitem__, CARD_COLORS))))
        families: list[Family] = []
        claims = self.open_routes.claims(player, hand, colors, self.trains[player], families)
        if claims:
            parts.append((claims, None, families))
        if self.ticket_deck:
            parts.append(DRAW_TICKETS_PART)
        if self.stations_left[player]:
            cost = self._station_cost(player)
            each = gray_payment_count(colors, hand[LOCOMOTIVE], cost, 0)
            if each:
                parts.append(station_part(self._free_cities(), cost, each))
        return LegalActions(hand, parts or [PASS_PART])

    @property
    def open_routes(self) -> OpenRoutes:
        """The routes open to each player, by payment class (kept up to date by claims)."""
        if self._open_routes is None:
            unclaimed = all(owner is None for owner in self.owner)
            self._open_routes = OpenRoutes(self.board, self.num_players, self.is_open, unclaimed)
        return self._open_routes

    def _free_cities(self) -> list[str]:
        if self._free_cities_cache[0] != len(self.stations):
            free = [city for city in self.board.cities if city not in self.stations]
            self._free_cities_cache = (len(self.stations), free)
        return self._free_cities_cache[1]

    def is_open(self, route: Route, player: int) -> bool:
        """Whether ``route`` is open to ``player``: free, and its double not barring it (C5).

        Of two identical routes of a double (same colour and kind) that are both open, only the
        first is listed, since claiming either is the same move.
        """
        if self.owner[route.id] is not None:
            return False
        twin = self.board.twin_id(route.id)
        if twin is None:
            return True
        if self.owner[twin] is None:
            return not (twin < route.id and self.board.alike_twin(route.id))
        return self.double_bar(route, player) is None

    def double_bar(self, route: Route, player: int) -> str | None:
        """How the other route of ``route``'s double bars ``player`` (C5), if it does.

        ``"own both"`` when the player owns it (one player never owns both routes of a double),
        ``"lock"`` when someone does in a game of 2-3 players (a double is then one route),
        otherwise None.
        """
        twin = self.board.twin_id(route.id)
        owner = None if twin is None else self.owner[twin]
        if owner is None:
            return None
        if owner == player:
            return "own both"
        return "lock" if self.num_players <= self.rules.double_lock_max_players else None

    def _station_cost(self, player: int) -> int:
        built = self.rules.stations - self.stations_left[player]
        return self.rules.station_costs[built]

    def is_legal(self, action: Action) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    # -----------------------------------------------------------------------------------------
    # Checking an action (nothing changes here)

    def _check(self, action: Action) -> None:
        """Raise :class:`IllegalAction` naming the rule if ``action`` is not legal now."""
        check = _ALLOWED[self.phase].get(type(action))
        if check is None:
            raise IllegalAction(self._not_now(action))
        check(self, action)

    def _not_now(self, action: Action) -> str:
        """Why an action of this kind cannot be played in this phase (E1, T1, T3)."""
        if self.phase == OVER:
            return "E1: the game is over; no more actions"
        if self.phase != TURN:
            return f"T3: {self._pending_text()}; only {self._pending_moves()} settles it"
        if type(action) in ANSWERS:
            return (
                f"T3: nothing is pending: '{self.notation(action).split()[0]}' only answers "
                "a ticket offer or a tunnel's extra cost"
            )
        return f"T1: {action!r} is not an action"

    def _check_pay_tunnel(self, action: PayTunnel) -> None:
        tunnel = self.tunnel
        assert tunnel is not None
        hand = self.hands[self.current_player]
        if action.locomotives not in tunnel_extra_options(hand, tunnel.color, tunnel.extra):
            raise IllegalAction(f"C7: {self._tunnel_pay_problem(action.locomotives)}")

    def _check_pass(self, action: Pass) -> None:
        if list(self._turn_actions()) != [PASS]:
            raise IllegalAction("T2: a player may pass only when no other action is legal")

    def _check_draw_tickets(self, action: DrawTickets) -> None:
        if not self.ticket_deck:
            raise IllegalAction("K2: the ticket deck is empty; tickets cannot be drawn")

    def _check_decline(self, action: Decline) -> None:
        """Declining a tunnel's extra cost is always allowed while it is pending (C8)."""

    def _check_draw(self, action: DrawCard) -> None:
        slot, cards = action.slot, self.cards
        if slot is None:
            if not cards.can_draw():
                raise IllegalAction(
                    "D7: the deck and the discard pile are both empty; no card can be drawn blind"
                )
            return
        if not 0 <= slot < len(cards.market):
            raise IllegalAction(
                f"D1: there is no face-up slot {slot + 1} (slots are 1-{len(cards.market)})"
            )
        card = cards.market[slot]
        if card is None:
            raise IllegalAction(f"D7: face-up slot {slot + 1} is empty")
        if card == LOCOMOTIVE and self.phase == SECOND_CARD:
            raise IllegalAction("D4: a face-up locomotive cannot be the second card")

    def _check_claim(self, action: Claim) -> None:
        player = self.current_player
        if not 0 <= action.route < len(self.board.routes):
            raise IllegalAction(f"C1: there is no route {action.route}")
        route = self.board.routes[action.route]
        ref = self.board.ref(route)
        owner = self.owner[route.id]
        if owner is not None:
            raise IllegalAction(f"C1: {ref} is already claimed by {self.players[owner]}")
        twin = self.board.twin_id(route.id)
        if twin is not None:
            self._check_double(route, twin, player, ref)
        if route.length > self.trains[player]:
            raise IllegalAction(
                f"C1: {ref} needs {route.length} trains; {self.players[player]} has "
                f"{self.trains[player]} left"
            )
        problem = payment_problem(
            self.hands[player],
            route.color,
            route.length,
            (action.color, action.locomotives),
            route.locomotives,
        )
        if problem is not None:
            rule = "C6" if route.is_ferry and action.locomotives < route.locomotives else "C2"
            raise IllegalAction(f"{rule}: cannot claim {ref} that way: {problem}")

    def _check_double(self, route: Route, twin: int, player: int, ref: str) -> None:
        """The rules of a double route (C5) for claiming ``route``, whose twin is ``twin``."""
        if self.owner[twin] is None:
            if twin < route.id and self.board.alike_twin(twin):
                raise IllegalAction(
                    f"C5: the two routes {ref} are alike; while the first is free, claim that "
                    "one (it is the same move)"
                )
            return
        bar = self.double_bar(route, player)
        if bar == "own both":
            raise IllegalAction(
                f"C5: {self.players[player]} owns the other route of the double {ref}; "
                "one player may never own both"
            )
        if bar == "lock":
            raise IllegalAction(
                f"C5: in a game of {self.num_players} players only one route of a double "
                f"can be used, and the other route of {ref} is claimed"
            )

    def _check_keep(self, action: KeepTickets) -> None:
        offer = self.offer
        assert offer is not None
        size = len(offer.tickets)
        if action in _keep_choice_set(size, offer.keep_min, offer.keep_max):
            return
        kept = action.keep
        if (
            len(set(kept)) != len(kept)
            or any(not 0 <= i < size for i in kept)
            or list(kept) != sorted(kept)
        ):
            raise IllegalAction(
                f"{offer.rule}: keep lists ticket numbers from 1 to {size}, each once, in order"
            )
        if len(kept) < min(offer.keep_min, size):
            raise IllegalAction(
                f"{offer.rule}: keep at least {min(offer.keep_min, size)} of the {size} tickets "
                f"on offer, not {len(kept)}"
            )
        if len(kept) > offer.keep_max:
            kind = "long " if offer.long_round else ""
            raise IllegalAction(
                f"{offer.rule}: keep at most {count(offer.keep_max, kind + 'ticket')}, "
                f"not {len(kept)}"
            )

    def _check_station(self, action: BuildStation) -> None:
        player = self.current_player
        if not self.rules.has_stations:
            raise IllegalAction(f"ST1: there are no stations in {self.rules.title}")
        if action.city not in self.board.cities:
            raise IllegalAction(f"ST1: there is no city {action.city!r} on the board")
        if not self.stations_left[player]:
            raise IllegalAction(
                f"ST1: {self.players[player]} has built all {self.rules.stations} stations"
            )
        if action.city in self.stations:
            raise IllegalAction(
                f"ST1: {self.board.display(action.city)} already has a station "
                f"({self.players[self.stations[action.city]]}'s)"
            )
        cost = self._station_cost(player)
        problem = payment_problem(
            self.hands[player], GRAY, cost, (action.color, action.locomotives)
        )
        if problem is not None:
            nth = ORDINALS[self.rules.stations - self.stations_left[player]]
            raise IllegalAction(
                f"ST2: the {nth} station costs {count(cost, 'card')} of one colour: {problem}"
            )

    def _tunnel_pay_problem(self, locomotives: int) -> str:
        tunnel = self.tunnel
        assert tunnel is not None
        hand = self.hands[self.current_player]
        if tunnel.color is None:
            return (
                f"the tunnel was paid with locomotives only, so its {tunnel.extra} extra "
                f"extra cards must be locomotives; the hand has {hand[LOCOMOTIVE]}"
            )
        return (
            f"the extra cost is {count(tunnel.extra, 'card')}, each {tunnel.color} or a "
            f"locomotive; {count(locomotives, 'locomotive')} and "
            f"{tunnel.extra - locomotives} {tunnel.color} "
            f"is not in the hand (it has {hand[tunnel.color]} {tunnel.color} and "
            f"{count(hand[LOCOMOTIVE], 'locomotive')})"
        )

    def _pending_text(self) -> str:
        name = self.players[self.current_player]
        if self.phase == SECOND_CARD:
            return f"{name} is drawing train cards and must take a second card"
        if self.phase == TUNNEL:
            return f"{name} must pay the tunnel's extra cost or decline it"
        if self.phase == OPENING:
            return f"{name} must choose which opening tickets to keep"
        return f"{name} must choose which tickets to keep"

    def _pending_moves(self) -> str:
        return {SECOND_CARD: "a 'draw'", TUNNEL: "'pay' or 'decline'"}.get(self.phase, "a 'keep'")

    # -----------------------------------------------------------------------------------------
    # Playing an action

    def play(self, action: Action | str) -> None:
        """Play ``action`` (or its notation) for the current player.

        Raises :class:`IllegalAction` naming the rule, leaving the game exactly as it was.
        """
        if isinstance(action, str):
            action = self.parse(action)
        self._check(action)
        self.actions_played += 1
        if self.record:
            self.history.append(self.notation(action))
            self._step = len(self.history)
        _PLAYS[type(action)](self, action, self.current_player)

    def _play_pass(self, action: Pass, player: int) -> None:
        self.passes_in_row += 1
        self.counts["passes"] += 1
        self._say(player, f"{self.players[player]} has no legal action and passes (T2).")
        self._end_turn(player, passed=True)

    def _play_draw(self, action: DrawCard, player: int) -> None:
        cards, hand = self.cards, self.hands[player]
        first = self.phase == TURN
        if action.slot is None:
            card = cards.draw()
            assert card is not None
            if self.record:
                name = self.players[player]
                self._say(player, f"{name} draws a card from the deck ({_card_name(card)}).")
        else:
            card = cards.take(action.slot)
            if self.record:
                name = self.players[player]
                self._say(
                    player,
                    f"{name} takes the face-up {_card_name(card)} from slot {action.slot + 1}.",
                )
        hand[card] += 1
        if cards.notes:
            self._flush_notes(player)
        if not first:
            self._end_turn(player)
        elif card == LOCOMOTIVE and action.slot is not None:
            self._say(player, "A face-up locomotive taken first is the whole draw (D3).")
            self._end_turn(player)
        else:
            self.phase = SECOND_CARD
            if not (cards.can_draw() or any(c and c != LOCOMOTIVE for c in cards.market)):
                self._say(
                    player, "No second card can be taken, so the draw ends with one card (D8)."
                )
                self.counts["short_draws"] += 1
                self._end_turn(player)

    def _pay(self, player: int, color: str | None, colored: int, locomotives: int) -> list[str]:
        hand = self.hands[player]
        if color is not None:
            hand[color] -= colored
        hand[LOCOMOTIVE] -= locomotives
        return (
            [color] * colored + [LOCOMOTIVE] * locomotives if color else [LOCOMOTIVE] * locomotives
        )

    def _play_claim(self, action: Claim, player: int) -> None:
        route = self.board.routes[action.route]
        colored = route.length - action.locomotives
        paid = self._pay(player, action.color, colored, action.locomotives)
        if self.record:
            cards_text = format_cards(action.color, colored, action.locomotives)
            name, ref = self.players[player], self.board.ref(route)
            what = f"the tunnel {ref} (C7)" if route.is_tunnel else ref
            verb = "plays" if route.is_tunnel else "pays"
            self._say(player, f"{name} {verb} {cards_text} for {what}.")
        if not route.is_tunnel:
            self.cards.discard.extend(paid)
            self._take_route(route, player)
            return
        revealed = self.cards.reveal(self.rules.tunnel_reveal)
        self._flush_notes(player)
        if action.color is None:
            extra = revealed.count(LOCOMOTIVE)
        else:
            extra = sum(1 for card in revealed if card in (action.color, LOCOMOTIVE))
        if self.record:
            self._say_revealed(player, revealed, extra)
        if extra == 0:
            self.cards.discard.extend(paid + revealed)
            self._take_route(route, player)
            return
        self.tunnel = TunnelAttempt(route.id, action.color, action.locomotives, revealed, extra)
        self.phase = TUNNEL
        if self.record:
            self._say_tunnel_cost(player, action.color, extra)

    def _say_revealed(self, player: int, revealed: list[str], extra: int) -> None:
        if not revealed:
            self._say(
                player, "There is no card left to reveal: the tunnel costs nothing extra (C9)."
            )
            return
        self._say(player, f"The deck reveals {', '.join(_card_name(c) for c in revealed)}.")
        if extra == 0:
            self._say(player, "No revealed card matches: the tunnel costs nothing extra.")

    def _say_tunnel_cost(self, player: int, color: str | None, extra: int) -> None:
        if color is None:
            more = f"{count(extra, 'more locomotive')}, since it was paid with locomotives only"
        else:
            more = f"{count(extra, 'more card')}, each {color} or a locomotive"
        name = self.players[player]
        can = "" if len(self.legal_actions()) > 1 else f" {name} cannot pay, so must decline (C8)."
        matches = "1 revealed card matches" if extra == 1 else f"{extra} revealed cards match"
        self._say(player, f"{matches}: the tunnel costs {more}.{can}")

    def _play_pay_tunnel(self, action: PayTunnel, player: int) -> None:
        tunnel = self.tunnel
        assert tunnel is not None
        route = self.board.routes[tunnel.route]
        extra_colored = tunnel.extra - action.locomotives
        extra = self._pay(player, tunnel.color, extra_colored, action.locomotives)
        colored = route.length - tunnel.locomotives
        paid = [tunnel.color] * colored if tunnel.color else []
        paid += [LOCOMOTIVE] * tunnel.locomotives
        self.cards.discard.extend(paid + extra + tunnel.revealed)
        self.tunnel = None
        if self.record:
            self._say(
                player,
                f"{self.players[player]} pays the extra "
                f"{format_cards(tunnel.color, extra_colored, action.locomotives)} (C7).",
            )
        self._take_route(route, player)

    def _play_decline(self, action: Decline, player: int) -> None:
        tunnel = self.tunnel
        assert tunnel is not None
        route = self.board.routes[tunnel.route]
        hand = self.hands[player]
        if tunnel.color is not None:
            hand[tunnel.color] += route.length - tunnel.locomotives
        hand[LOCOMOTIVE] += tunnel.locomotives
        self.cards.discard.extend(tunnel.revealed)
        self.tunnel = None
        if self.record:
            self._say(
                player,
                f"{self.players[player]} declines the tunnel {self.board.ref(route)}: "
                "the cards played go back to the hand and the turn ends (C8).",
            )
        self._end_turn(player)

    def _take_route(self, route: Route, player: int) -> None:
        self.owner[route.id] = player
        self.open_routes.claimed(route, self.board.twin(route))
        self.trains[player] -= route.length
        points = self.rules.route_points[route.length]
        self.route_points[player] += points
        if self.record:
            self._say(
                player,
                f"{self.players[player]} claims {self.board.ref(route)} "
                f"({count(route.length, 'train')}, +{count(points, 'point')}); "
                f"{count(self.trains[player], 'train')} left.",
            )
            twin = self.board.twin_id(route.id)
            if twin is not None and self.num_players <= self.rules.double_lock_max_players:
                self._say(
                    player,
                    f"With {self.num_players} players the other route of this double "
                    "is now closed (C5).",
                )
        self._end_turn(player)

    def _play_draw_tickets(self, action: DrawTickets, player: int) -> None:
        number = min(self.rules.ticket_draw, len(self.ticket_deck))
        drawn = [self.ticket_deck.pop() for _ in range(number)]
        self.offer = TicketOffer(
            player, drawn, self.rules.ticket_keep_min, number, "bottom", self.rules.ticket_rule
        )
        self.phase = TICKETS
        if self.record:
            self._say(
                player, f"{self.players[player]} draws {count(number, 'destination ticket')} (K1)."
            )

    def _play_keep(self, action: KeepTickets, player: int) -> None:
        offer = self.offer
        assert offer is not None
        kept = [offer.tickets[i] for i in action.keep]
        returned = [t for i, t in enumerate(offer.tickets) if i not in action.keep]
        self.tickets[player].extend(kept)
        if offer.unkept == "box":
            self.box.extend(returned)
        elif offer.unkept == "bottom_shuffled":  # shuffled with the others' at the end
            self.set_aside.extend(returned)
        else:
            self.ticket_deck[:0] = reversed(returned)
        if self.record:
            self._say_kept(player, offer, len(kept), len(returned))
        if self.phase == OPENING:
            self._next_opening_offer()
        else:
            self.offer = None
            self._end_turn(player)

    def _say_kept(self, player: int, offer: TicketOffer, kept: int, returned: int) -> None:
        if offer.unkept == "box":
            where = f"{'leaves' if returned == 1 else 'leave'} the game ({offer.rule})"
        elif offer.unkept == "bottom_shuffled":
            where = "is set aside" if returned == 1 else "are set aside"
        else:
            where = "goes under the ticket deck" if returned == 1 else "go under the ticket deck"
        text = f"{self.players[player]} keeps {count(kept, 'ticket')}"
        self._say(player, text + (f"; {returned} {where}." if returned else "."))

    def _play_station(self, action: BuildStation, player: int) -> None:
        cost = self._station_cost(player)
        paid = self._pay(player, action.color, cost - action.locomotives, action.locomotives)
        self.cards.discard.extend(paid)
        self.stations[action.city] = player
        self.stations_left[player] -= 1
        if self.record:
            nth = ORDINALS[self.rules.stations - self.stations_left[player] - 1]
            self._say(
                player,
                f"{self.players[player]} builds a station in "
                f"{self.board.display(action.city)}, the {nth}, paying "
                f"{format_cards(action.color, cost - action.locomotives, action.locomotives)} "
                "(ST1-ST2).",
            )
        self._end_turn(player)

    def _end_turn(self, player: int, passed: bool = False) -> None:
        """Finish the turn: refill the market (D7), check the end of the game (E1-E2, T2)."""
        cards = self.cards
        if None in cards.market:
            cards.refill()
        if cards.notes:
            self._flush_notes(player)
        self.phase = TURN
        if not passed:
            self.passes_in_row = 0
        self.turn += 1
        if self.final_turns_left is not None:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                name = self.players[player]
                self._game_over(f"{name} played the last turn of the final round (E1).")
                return
        elif self.trains[player] <= self.rules.end_trigger_trains:
            self.final_turns_left = self.num_players
            self.triggered_by = player
            name = self.players[player]
            self._say(
                player,
                f"{name} has {count(self.trains[player], 'train')} left: the final round "
                f"begins. Everyone, {name} included, plays one more turn (E1).",
            )
        if self.passes_in_row >= self.num_players:
            self._game_over("Every player passed in a row, so the game ends (T2).")
            return
        self.current_player = (player + 1) % self.num_players

    def _game_over(self, why: str) -> None:
        self.phase = OVER
        self._say(None, f"{why} The game is over.")

    # -----------------------------------------------------------------------------------------
    # Narration

    def _say(self, player: int | None, text: str) -> None:
        if self.record:
            self.events.append(Event(self._step, player, text))

    def _flush_notes(self, player: int | None) -> None:
        notes = self.cards.notes
        if notes:
            if self.record:
                for note in notes:
                    self._say(player, note[0].upper() + note[1:] + ".")
            notes.clear()

    def events_of(self, step: int) -> list[str]:
        """The narration of one step (0 = the deal, k = the k-th action)."""
        return [e.text for e in self.events if e.step == step]

    # -----------------------------------------------------------------------------------------
    # Queries

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def route_owner(self, route_id: int) -> int | None:
        return self.owner[route_id]

    def routes_of(self, player: int) -> list[Route]:
        """The routes ``player`` owns, by id."""
        return [r for r in self.board.routes if self.owner[r.id] == player]

    def tickets_of(self, player: int) -> list[Ticket]:
        return [self.ticket_pool[t] for t in self.tickets[player]]

    def card_count(self) -> int:
        """All train cards: hands, deck, discard, market and cards held aside by a tunnel."""
        total = sum(sum(hand.values()) for hand in self.hands) + len(self.cards.all_cards())
        if self.tunnel is not None:
            route = self.board.routes[self.tunnel.route]
            total += route.length + len(self.tunnel.revealed)
        return total

    def ticket_count(self) -> int:
        """All tickets: kept, in the deck, on offer or waiting in the opening, set aside, boxed."""
        offered = len(self.offer.tickets) if self.offer else 0
        waiting = sum(len(o.tickets) for o in self.opening_queue)
        placed = len(self.ticket_deck) + len(self.box) + len(self.set_aside)
        return sum(map(len, self.tickets)) + placed + offered + waiting

    def holdings(self) -> list[Holdings]:
        """What each player owns now: routes, kept tickets, stations (the input of scoring)."""
        return [
            Holdings(
                name,
                tuple(self.routes_of(seat)),
                tuple(self.tickets_of(seat)),
                tuple(city for city, owner in self.stations.items() if owner == seat),
            )
            for seat, name in enumerate(self.players)
        ]

    def outcome(self) -> Outcome:
        """Every player's final score and the ranking (F1-F5), as the position stands now."""
        return score_holdings(self.holdings(), self.rules)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may know: everything public, plus their own hand, tickets and offer."""
        public = {
            "rules": self.rules.name,
            "players": list(self.players),
            "you": player,
            "phase": self.phase,
            "current_player": self.current_player,
            "turn": self.turn,
            "trains": list(self.trains),
            "stations_left": list(self.stations_left),
            "route_points": list(self.route_points),
            "hand_sizes": [sum(h.values()) for h in self.hands],
            "ticket_counts": [len(t) for t in self.tickets],
            "owners": list(self.owner),
            "stations": dict(self.stations),
            "market": list(self.cards.market),
            "deck_size": len(self.cards.deck),
            "discard_size": len(self.cards.discard),
            "ticket_deck_size": len(self.ticket_deck),
            "final_turns_left": self.final_turns_left,
            "hand": dict(self.hands[player]),
            "tickets": [self.board.ticket_ref(t) for t in self.tickets_of(player)],
        }
        if self.offer is not None and self.offer.player == player:
            public["offer"] = [
                self.board.ticket_ref(self.ticket_pool[t]) for t in self.offer.tickets
            ]
        if self.tunnel is not None:
            public["tunnel"] = {
                "route": self.tunnel.route,
                "revealed": list(self.tunnel.revealed),
                "extra": self.tunnel.extra,
            }
        return public

    # -----------------------------------------------------------------------------------------
    # Notation

    def notation(self, action: Action) -> str:
        """The text of ``action`` in this position; :meth:`parse` reads it back."""
        from ttr.notation import format_action

        return format_action(self, action)

    def parse(self, text: str) -> Action:
        """The action that ``text`` names in this position (see :mod:`ttr.actions`)."""
        from ttr.notation import parse_action

        return parse_action(self, text)

    # -----------------------------------------------------------------------------------------
    # Undo, copy, save and load

    def undo(self) -> None:
        """Take back the last action (the game is replayed from the deal, which is exact)."""
        if not self.record:
            raise ValueError("undo needs the history: make the game with record=True")
        if not self.history:
            raise IndexError("undo: no action has been played")
        history = self.history[:-1]
        replay = Game.from_dict(self.start_state())
        for text in history:
            replay.play(text)
        self.__dict__.update(replay.__dict__)
        self._open_routes = None

    def start_state(self) -> dict[str, Any]:
        """The position before the first action, as :meth:`to_dict` data (no history)."""
        if self._start is None:  # dealt from an integer seed: deal again, it is the same
            self._start = Game(self.rules, self.players, self._seed).snapshot()
        return self._start

    def copy(self) -> Game:
        """An independent copy, with its own random generator in the same state."""
        other = Game.__new__(Game)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.cards = self.cards.copy(other.rng)
        other.counts = other.cards.counts
        other.hands = [dict(h) for h in self.hands]
        for name in (
            "trains",
            "stations_left",
            "route_points",
            "owner",
            "ticket_deck",
            "box",
            "set_aside",
            "history",
            "events",
        ):
            setattr(other, name, list(getattr(self, name)))
        other.tickets = [list(t) for t in self.tickets]
        other.stations = dict(self.stations)
        other._open_routes = None  # rebuilt on demand for the copy's own owners
        other.opening_queue = [_copy_offer(o) for o in self.opening_queue]
        other.offer = _copy_offer(self.offer) if self.offer else None
        if self.tunnel is not None:
            other.tunnel = TunnelAttempt(
                **{**self.tunnel.__dict__, "revealed": list(self.tunnel.revealed)}
            )
        return other

    def to_dict(self, include_history: bool = True) -> dict[str, Any]:
        """The whole state as JSON-ready data (the deck lists its top card first)."""
        version, internal, gauss = self.rng.getstate()
        data: dict[str, Any] = {
            "format": "ttr-game",
            "version": 1,
            "rules": self.rules.name,
            "players": list(self.players),
            "rng": [version, list(internal), gauss],
            "deck": self.cards.deck[::-1],
            "discard": list(self.cards.discard),
            "market": list(self.cards.market),
            "hands": [dict(h) for h in self.hands],
            "trains": list(self.trains),
            "stations_left": list(self.stations_left),
            "route_points": list(self.route_points),
            "tickets": [list(t) for t in self.tickets],
            "owner": list(self.owner),
            "stations": dict(self.stations),
            "ticket_deck": self.ticket_deck[::-1],
            "box": list(self.box),
            "set_aside": list(self.set_aside),
            "opening_queue": [o.__dict__.copy() for o in self.opening_queue],
            "offer": self.offer.__dict__.copy() if self.offer else None,
            "tunnel": self.tunnel.__dict__.copy() if self.tunnel else None,
            "phase": self.phase,
            "current_player": self.current_player,
            "turn": self.turn,
            "final_turns_left": self.final_turns_left,
            "triggered_by": self.triggered_by,
            "passes_in_row": self.passes_in_row,
            "counts": dict(self.counts),
        }
        if include_history:
            data["start"] = self.start_state()
            data["history"] = list(self.history)
            data["events"] = [[e.step, e.player, e.text] for e in self.events]
        return json.loads(json.dumps(data))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        """Rebuild a game saved by :meth:`to_dict`."""
        game = cls(data["rules"], data["players"], seed=0, deal=False)
        version, internal, gauss = data["rng"]
        game.rng.setstate((version, tuple(internal), gauss))
        cards = game.cards
        cards.deck = list(reversed(data["deck"]))
        cards.discard = list(data["discard"])
        cards.market = list(data["market"])
        cards.counts.update(data.get("counts", {}))
        game.hands = [{**_empty_hand(), **h} for h in data["hands"]]
        for name in ("trains", "stations_left", "route_points", "owner", "box"):
            setattr(game, name, list(data[name]))
        game.set_aside = list(data.get("set_aside", []))
        game.tickets = [list(t) for t in data["tickets"]]
        game.stations = dict(data["stations"])
        game.ticket_deck = list(reversed(data["ticket_deck"]))
        game.opening_queue = [_offer(o) for o in data["opening_queue"]]
        game.offer = _offer(data["offer"]) if data["offer"] else None
        game.tunnel = TunnelAttempt(**data["tunnel"]) if data["tunnel"] else None
        for name in (
            "phase",
            "current_player",
            "turn",
            "final_turns_left",
            "triggered_by",
            "passes_in_row",
        ):
            setattr(game, name, data[name])
        game.history = list(data.get("history", []))
        game.events = [Event(*e) for e in data.get("events", [])]
        game._step = len(game.history)
        game._start = data.get("start") or game.snapshot()
        return game

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Game:
        return cls.from_dict(json.loads(text))

    def snapshot(self) -> dict[str, Any]:
        """The position with its narration so far but no history: where an undo replays from."""
        data = self.to_dict(include_history=False)
        data["events"] = [[e.step, e.player, e.text] for e in self.events]
        return data

    def state_key(self) -> str:
        """The position as canonical text (no history), to compare two positions exactly."""
        return json.dumps(self.to_dict(include_history=False), sort_keys=True)

    def __repr__(self) -> str:
        if self.phase == OVER:
            return (
                f"<Game {self.rules.name} {', '.join(self.players)}: over after turn {self.turn}>"
            )
        return (
            f"<Game {self.rules.name} {', '.join(self.players)}: turn {self.turn}, "
            f"{self.phase}, {self.players[self.current_player]} to play>"
        )

    def _repr_svg_(self) -> str:
        """Draw the game in a notebook (the engine itself never imports drawing code)."""
        from ttr.svg import game_svg

        return game_svg(self)

    def _repr_html_(self) -> str:
        """The same picture as an ``<img>`` (shown in notebooks that are not trusted yet)."""
        from ttr.svg import game_svg

        return game_svg(self)._repr_html_()


_CHECKS: dict[type, Any] = {
    DrawCard: Game._check_draw,
    Claim: Game._check_claim,
    PayTunnel: Game._check_pay_tunnel,
    Decline: Game._check_decline,
    DrawTickets: Game._check_draw_tickets,
    KeepTickets: Game._check_keep,
    BuildStation: Game._check_station,
    Pass: Game._check_pass,
}
"""The rule checks of each kind of action (nothing changes in them)."""
_PLAYS: dict[type, Any] = {
    DrawCard: Game._play_draw,
    Claim: Game._play_claim,
    PayTunnel: Game._play_pay_tunnel,
    Decline: Game._play_decline,
    DrawTickets: Game._play_draw_tickets,
    KeepTickets: Game._play_keep,
    BuildStation: Game._play_station,
    Pass: Game._play_pass,
}
"""What each kind of action does, once checked."""
_ALLOWED: dict[str, dict[type, Any]] = {
    phase: {
        kind: check
        for kind, check in _CHECKS.items()
        if kind in SETTLING.get(phase, ()) or (phase == TURN and kind not in ANSWERS)
    }
    for phase in PHASES
}
"""The checks of the actions each phase allows: a turn's actions, or what settles the pending
decision (T1, T3); none once the game is over."""


@functools.cache
def _keep_choices(offered: int, keep_min: int, keep_max: int) -> tuple[KeepTickets, ...]:
    """Every way to keep between ``keep_min`` and ``keep_max`` of ``offered`` tickets, in order."""
    return tuple(
        KeepTickets(kept)
        for size in range(keep_min, min(keep_max, offered) + 1)
        for kept in itertools.combinations(range(offered), size)
    )


@functools.cache
def _keep_choice_set(offered: int, keep_min: int, keep_max: int) -> frozenset[KeepTickets]:
    return frozenset(_keep_choices(offered, keep_min, keep_max))


def _offer(data: dict[str, Any]) -> TicketOffer:
    return TicketOffer(**{**data, "tickets": list(data["tickets"])})


def _copy_offer(offer: TicketOffer) -> TicketOffer:
    return TicketOffer(**{**offer.__dict__, "tickets": list(offer.tickets)})


def _card_name(card: str) -> str:
    return "locomotive" if card == LOCOMOTIVE else f"{card} card"
