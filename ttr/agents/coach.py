"""The coach: a bot that plays well to the end of the game and says why, as data.

:func:`advise` gives the coach's move for the seat to play as an :class:`Advice`: the action and
its reasons as data (which ticket, which path, what it scores, why now), for the play table's
Hint to say in words through its own translatable templates; :class:`CoachAgent`
(``make_agent("coach")``) plays exactly that move. How it decides:

- **The last turn** (the final round, E1: every turn of it is its player's last) is worked out
  exactly (:mod:`ttr.agents.endgame`): the claim, or the station, that adds most to the final
  score (route points, tickets finished, the longest-route bonus; a tunnel weighed by the chance
  to pay its extra cards), or, when nothing adds a point, a draw: never tickets.
- **Every other turn** is the search bot's (:class:`ttr.agents.mcts.MCTSAgent` with
  :data:`ttr.agents.mcts.PAIRED` and the greedy bot as its plan, :data:`COACH`: the candidate
  moves played out in the same sampled deals of what the seat cannot see, to the end of the
  game), whose own last turns in those games are played by the same exact rule. Its generator
  is seeded from ``seed`` and what the seat sees, so the move depends on the position, not on
  the moves the bot has thought about before: the Hint in a position is the bot's move there.
- **Tickets are weighed against the trains and turns left**: new tickets only when an offer is
  expected to pay (:func:`ticket_outlook`: each unseen ticket counts its points if its cheapest
  path fits in the trains the player can still place, after its plan, and minus them if not; at
  least one must be kept, K1); otherwise the best move that is not tickets.

Everything is read from what the seat may know (its hand and tickets, the public table), as
``game.observation(seat)`` gives it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any

from ttr.actions import (
    DRAW_TICKETS,
    Action,
    BuildStation,
    Claim,
    DrawCard,
    DrawTickets,
    KeepTickets,
    PayTunnel,
)
from ttr.agents.base import Agent, Choice, card_draws, cheapest_claims, check_seat
from ttr.agents.endgame import LastTurnOption, last_turn_move, last_turn_options
from ttr.agents.greedy import GreedyAgent, Paths
from ttr.agents.mcts import PAIRED, MCTSAgent, blocking
from ttr.board import Ticket
from ttr.colors import GRAY, LOCOMOTIVE, hand_dict
from ttr.errors import TTRError, preview
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL, TURN, Game

__all__ = ["COACH", "WHY", "Advice", "CoachAgent", "advise", "ticket_outlook"]

COACH: dict[str, Any] = {**PAIRED, "steps": 9000, "policy": "greedy"}
"""The search behind the coach's turns: the ladder's paired search (:data:`PAIRED`), whose own
last turns in the sampled games are played by the exact rule of :mod:`ttr.agents.endgame`,
with the greedy bot's plan as its default move (``policy``: the plan its reasons explain, and
the one these figures were measured with) and a budget of 9,000 simulated moves a decision:
at most 0.54 CPU s a hint over 400 Europe games on the Intel Xeon machine of ``docs/coach.md``
(a hint must take at most 1), where it won 75.5% of them against the greedy bot (5,000 moves
won 70.8%)."""

WHY = {
    "last turn": "the final round: this move adds most to the final score (E1)",
    "last turn, nothing to add": "the final round: no claim or station adds a point; draw",
    "completes": "the claim finishes a ticket",
    "ticket path": "the claim is on the cheapest path of a ticket",
    "block": "the claim lies on a rival's likeliest path",
    "points": "no ticket needs a route it can claim; the route scores its points",
    "station": "a station lets a blocked ticket borrow a rival's route (ST3)",
    "draw needed": "a face-up card of a colour the plan needs",
    "draw card": "a face-up card the search found worth more than the deck",
    "draw locomotive": "a face-up locomotive (D3)",
    "draw blind": "no face-up card is one the plan needs: the deck",
    "tickets": "every ticket is done and an offer is expected to pay",
    "keep": "the tickets kept, for the trains they need",
    "pay": "pay a tunnel's extra cards (C7)",
    "decline": "the tunnel's extra cost cannot be paid (C8)",
    "forced": "the only legal move",
}
"""The codes of :attr:`Advice.why`, each with what it means (documentation only: the apps say
them in words through their own translatable templates)."""

END_NEAR = 8
"""A rival with at most this many trains can end the game within a few turns: advice then says
``end_near`` (why now)."""
CONTESTED = 3
"""The open routes on the rivals' likeliest paths that advice calls contested."""
PLAN_SHOWN = 3
"""The planned routes a draw's advice names."""
TICKET_MARGIN = 0.8
"""The share of the trains a player can still place that new tickets may plan to use: the
rest is the risk that the game ends first, or that a path is cut."""
TICKET_SAMPLES = 200
"""Ticket offers sampled by :func:`ticket_outlook` (from a generator seeded by the position)."""
TICKET_GAIN = 3.0
"""The expected points an offer must bring for the coach to draw tickets (a turn spent on
tickets is not spent on two cards)."""


@dataclass(frozen=True)
class Advice:
    """The coach's move for one seat, with its reasons as data.

    - ``action``: the move (one of ``game.legal_actions()``); ``move``: its notation.
    - ``kind``: the first word of ``move``: ``"claim"``, ``"station"``, ``"draw"``, ``"keep"``,
      ``"tickets"``, ``"pay"``, ``"decline"`` or ``"pass"``.
    - ``why``: the reason, one of the codes of :data:`WHY` (``"last turn"``, ``"last turn,
      nothing to add"``, ``"completes"``, ``"ticket path"``, ``"block"``, ``"points"``,
      ``"station"``, ``"draw needed"``, ``"draw card"``, ``"draw locomotive"``, ``"draw
      blind"``, ``"tickets"``, ``"keep"``, ``"pay"``, ``"decline"``, ``"forced"``).
    - ``route``: the route claimed (its ref, e.g. ``"Berlin-Warszawa (pink)"``) or None;
      ``city``: the station's city or None; ``card``: the card kind drawn (None: the deck).
    - ``ticket``: the ticket the move serves (its ref, e.g. ``"Berlin-Roma"``) or None, and
      ``ticket_points``: its points; ``path``: the routes its cheapest path still lacks (refs,
      this move's route first), ``path_trains``: the trains they take.
    - ``points``: what the move scores: a claim's route points (C3); on the last turn, the
      expected rise in the final score. ``completes``: the tickets the move finishes.
    - ``tickets``: the tickets kept (refs), with ``points`` their points and ``path_trains``
      the trains their paths need; for ``"tickets"``, ``expected`` is the points an offer is
      expected to bring.
    - ``trains``: the seat's trains left; ``final_round``: whether the final round is on (E1);
      ``turns_left``: the turns left in it (None before it); ``end_near``: a rival (or the seat)
      has at most :data:`END_NEAR` trains; ``contested``: the route claimed lies on the cheapest
      path of a ticket a rival likely holds (judged from the routes they claimed: claim it before
      they do).
    - ``needed``: for a draw, how many planned routes need that colour; ``held``: how many
      cards of it the hand holds; ``plan``: the next routes of the plan the cards are for
      (refs, the routes serving the most ticket points first, at most :data:`PLAN_SHOWN`).
    - ``search``: when the search chose the move: ``{"overruled": whether it beat the plain
      plan's move, "gain": its mean gain in value (0-1) over it, "deals": the sampled deals it
      was compared in, "plan": the plain plan's move}``; empty otherwise.
    """

    action: Action
    move: str
    kind: str
    why: str
    route: str | None = None
    city: str | None = None
    card: str | None = None
    ticket: str | None = None
    ticket_points: int = 0
    path: tuple[str, ...] = ()
    path_trains: int = 0
    points: float = 0
    completes: tuple[str, ...] = ()
    tickets: tuple[str, ...] = ()
    expected: float = 0.0
    trains: int = 0
    final_round: bool = False
    turns_left: int | None = None
    end_near: bool = False
    contested: bool = False
    needed: int = 0
    held: int = 0
    plan: tuple[str, ...] = ()
    search: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The advice as JSON-ready data (the action as its notation, ``move``)."""
        data = asdict(self)
        del data["action"]
        data["path"], data["completes"] = list(self.path), list(self.completes)
        data["tickets"], data["plan"] = list(self.tickets), list(self.plan)
        return data


def advise(game: Game, seat: int, *, seed: int = 0, steps: int | None = None) -> Advice:
    """The coach's move for ``seat`` (the seat to play) and why: the same move as
    ``make_agent("coach", seed)`` plays in this position. ``steps``: the search's budget of
    simulated moves (default :data:`COACH`'s)."""
    check_seat(game, seat)
    _check_seed(seed)
    if steps is not None:
        _check_steps(steps)
    return _Coach(game, seat, seed, COACH["steps"] if steps is None else steps).advice()


class CoachAgent(Agent):
    """The coach as a bot: it plays :func:`advise`'s move with its own ``seed`` (an int; a
    :class:`random.Random` gives it one) and budget of ``steps`` simulated moves a search."""

    name = "coach"

    def __init__(self, seed: int | random.Random | None = 0, *, steps: int | None = None):
        if isinstance(seed, random.Random):
            seed = seed.getrandbits(32)
        seed = 0 if seed is None else seed
        _check_seed(seed)
        if steps is not None:
            _check_steps(steps)
        super().__init__(seed)
        self.seed = seed
        self.steps = COACH["steps"] if steps is None else steps

    def __repr__(self) -> str:
        return f"CoachAgent({self.seed}, steps={self.steps})"

    def advise(self, game: Game, seat: int | None = None) -> Advice:
        """:func:`advise` for the seat to play, with this bot's seed and budget."""
        seat = game.current_player if seat is None else seat
        return advise(game, seat, seed=self.seed, steps=self.steps)

    def choose(self, game: Game) -> Action:
        return self.advise(game).action

    def explain(self, game: Game, seat: int | None = None) -> Choice:
        """The move, with the :class:`Advice` as ``reason`` (its fields, ``kind`` the advice's
        kind) and the move's notation as ``text``."""
        advice = self.advise(game, seat)
        return Choice(advice.action, advice.as_dict(), advice.move)


def _check_seed(seed: object) -> None:
    if type(seed) is not int:
        raise TTRError(
            "seed must be an int, None or a random.Random, not {seed}", seed=preview(seed)
        )


def _check_steps(steps: object) -> None:
    if type(steps) is not int:
        raise TTRError(
            "field {field!r}: expected a whole number, got {value}",
            field="steps",
            value=preview(steps),
        )
    if steps < 1:
        raise TTRError(
            "{name} must be at least {least}, not {value}", name="steps", least=1, value=steps
        )


class _Coach:
    """One decision: the position, the seat, and what the advice says about it."""

    def __init__(self, game: Game, seat: int, seed: int, steps: int):
        self.game, self.seat, self.seed, self.steps = game, seat, seed, steps
        self.paths = Paths(game)
        self.key = _position_key(game, seat, seed)
        self.rng = random.Random(self.key)
        self.outlook = 0.0  # what an offer of tickets is expected to bring, once weighed

    def advice(self) -> Advice:
        game = self.game
        actions = game.legal_actions()
        if len(actions) == 1:
            return self._say(actions[0], "forced")
        phase = game.phase
        if phase == TUNNEL:
            action = actions[0]  # the fewest locomotives, if it can be paid at all (C7-C8)
            return self._say(action, "pay" if isinstance(action, PayTunnel) else "decline")
        if phase == SECOND_CARD:  # in the final round, the second card of a last turn
            last = "last turn, nothing to add" if game.final_turns_left is not None else None
            return self._draw(GreedyAgent(0).choose(game), why=last)
        if phase == TURN and game.final_turns_left is not None:
            options = last_turn_options(game, self.seat)
            action, option = last_turn_move(game, options)
            return self._last_turn(action, option)
        search = MCTSAgent(self.rng, **{**COACH, "steps": self.steps})
        choice = search.explain(game)
        action, reason = choice.action, choice.reason
        if action == DRAW_TICKETS:
            self.outlook = ticket_outlook(game, self.seat, random.Random(self.key))
            if self.outlook < TICKET_GAIN:
                action = self._instead_of_tickets()
                reason = {**reason, "overruled": False}
        found = {
            "overruled": bool(reason.get("overruled")),
            "gain": reason.get("gain", 0.0),
            "deals": max((o["visits"] for o in reason.get("options", [])), default=0),
            "plan": reason.get("greedy", ""),
        }
        if phase in (OPENING, TICKETS):
            return self._keep(action, found)
        return self._turn(action, found)

    # the parts of the advice -------------------------------------------------------------------

    def _common(self) -> dict[str, Any]:
        game, seat = self.game, self.seat
        left = game.final_turns_left
        return {
            "trains": game.trains[seat],
            "final_round": left is not None,
            "turns_left": left,
            "end_near": min(game.trains) <= END_NEAR,
        }

    def _say(self, action: Action, why: str, **data: Any) -> Advice:
        move = self.game.notation(action)
        kind = move.split(" ", 1)[0]  # the notation's verb names the kind of action
        return Advice(action, move, kind, why, **{**self._common(), **data})

    def _last_turn(self, action: Action, option: LastTurnOption | None) -> Advice:
        if option is None:
            return self._draw(action, why="last turn, nothing to add")
        data: dict[str, Any] = {"points": round(option.gain, 2), "completes": option.completes}
        if isinstance(action, Claim):
            data["route"] = self.game.board.ref(self.game.board.routes[action.route])
        elif isinstance(action, BuildStation):
            data["city"] = action.city
        return self._say(action, "last turn", **data)

    def _turn(self, action: Action, search: dict[str, Any]) -> Advice:
        if isinstance(action, Claim):
            return self._claim(action, search)
        if isinstance(action, BuildStation):
            ticket = self._ticket_through_station(action.city)
            return self._say(action, "station", city=action.city, search=search, **ticket)
        if isinstance(action, DrawTickets):
            return self._say(action, "tickets", expected=round(self.outlook, 2), search=search)
        if isinstance(action, DrawCard):
            return self._draw(action, search=search)
        return self._say(action, "forced", search=search)

    def _claim(self, action: Claim, search: dict[str, Any]) -> Advice:
        game, seat = self.game, self.seat
        board = game.board
        route = board.routes[action.route]
        points = game.rules.route_points[route.length]
        best: tuple[Ticket, list[int]] | None = None
        owner = game.owner
        for ticket in game.tickets_of(seat):
            path = self.paths.cheapest(seat, ticket.a, ticket.b)
            if path is None or action.route not in path[1]:
                continue
            if best is None or ticket.points > best[0].points:
                best = (ticket, [r for r in path[1] if owner[r] is None])
        rivals = blocking(game, _no_weights(game), CONTESTED)
        data: dict[str, Any] = {
            "route": board.ref(route),
            "points": points,
            "search": search,
            "contested": action.route in rivals,
        }
        if best is not None:
            ticket, missing = best
            missing.sort(key=lambda r: r != action.route)
            why = "completes" if missing == [action.route] else "ticket path"
            return self._say(
                action,
                why,
                ticket=board.ticket_ref(ticket),
                ticket_points=ticket.points,
                path=tuple(board.ref(board.routes[r]) for r in missing),
                path_trains=sum(board.routes[r].length for r in missing),
                completes=(board.ticket_ref(ticket),) if why == "completes" else (),
                **data,
            )
        return self._say(action, "block" if data["contested"] else "points", **data)

    def _draw(self, action: Action, why: str | None = None, **data: Any) -> Advice:
        game, seat = self.game, self.seat
        if not isinstance(action, DrawCard):
            return self._say(action, why or "forced", **data)
        card = None if action.slot is None else game.cards.market[action.slot]
        plan = GreedyAgent(0).plan(game, seat) if game.phase == TURN else []
        routes = game.board.routes
        needed = sum(routes[r].color == card for r in plan) if card != LOCOMOTIVE else 0
        held = 0 if card is None else hand_dict(game.state.hands[seat])[card]
        data.setdefault("plan", tuple(game.board.ref(routes[r]) for r in plan[:PLAN_SHOWN]))
        if why is None:
            if card is None:
                why = "draw blind"
            elif card == LOCOMOTIVE:
                why = "draw locomotive"
            else:
                why = "draw needed" if needed else "draw card"
        return self._say(action, why, card=card, needed=needed, held=held, **data)

    def _keep(self, action: Action, search: dict[str, Any]) -> Advice:
        game = self.game
        if not isinstance(action, KeepTickets):
            return self._say(action, "forced", search=search)
        offer = game.offer
        assert offer is not None
        board, pool = game.board, game.ticket_pool
        kept = [pool[offer.tickets[i]] for i in action.keep]
        trains = 0
        for ticket in kept:
            path = self.paths.cheapest(self.seat, ticket.a, ticket.b)
            trains += 0 if path is None else path[0]
        return self._say(
            action,
            "keep",
            tickets=tuple(board.ticket_ref(t) for t in kept),
            points=sum(t.points for t in kept),
            path_trains=trains,
            search=search,
        )

    def _ticket_through_station(self, city: str) -> dict[str, Any]:
        game, seat = self.game, self.seat
        for ticket in game.tickets_of(seat):
            if self.paths.cheapest(seat, ticket.a, ticket.b) is not None:
                continue
            path = self.paths.cheapest(seat, ticket.a, ticket.b, borrow=True)
            if path and any(city in game.board.routes[r].cities for r in path[1]):
                return {"ticket": game.board.ticket_ref(ticket), "ticket_points": ticket.points}
        return {}

    def _instead_of_tickets(self) -> Action:
        """The best move that is not tickets: a claim the plan needs, else the longest claim,
        else a draw of what the plan needs."""
        game, seat = self.game, self.seat
        greedy = GreedyAgent(0)
        plan = greedy.plan(game, seat)
        claims = cheapest_claims(game, seat)
        for route in plan:
            if route in claims:
                return claims[route]
        if claims:
            routes = game.board.routes
            return max(claims.values(), key=lambda c: (routes[c.route].length, -c.route))
        draws = card_draws(game.legal_actions())
        needed = {game.board.routes[r].color for r in plan} - {GRAY}
        for draw in draws:
            if draw.slot is not None and game.cards.market[draw.slot] in needed:
                return draw
        blind = [d for d in draws if d.slot is None]
        if blind or draws:
            return (blind or draws)[0]
        return next(a for a in game.legal_actions() if a != DRAW_TICKETS)


def ticket_outlook(game: Game, seat: int, rng: random.Random) -> float:
    """The points an offer of new tickets is expected to bring ``seat`` by the end (K1): for
    :data:`TICKET_SAMPLES` offers drawn from the tickets it has not seen, the most it can make of
    one (the tickets whose cheapest paths fit together in the trains it can still place, at
    :data:`TICKET_MARGIN`, after the routes its plan still needs, each counting its points; if
    none fits, the cheapest to fail, counting minus its points). The trains it can still place:
    its own, and no more than the fewest any player holds less the end trigger (E1: the game
    may end when that player runs out)."""
    if game.final_turns_left is not None or not game.ticket_deck:
        return -1.0
    board, rules, pool = game.board, game.rules, game.ticket_pool
    paths = Paths(game)
    plan = GreedyAgent(0).plan(game, seat)
    need = sum(board.routes[r].length for r in plan)
    others = [t for p, t in enumerate(game.trains) if p != seat]
    placeable = min(game.trains[seat], min(others, default=game.trains[seat]))
    budget = TICKET_MARGIN * (placeable - rules.end_trigger_trains) - need
    if budget <= 0:
        return -float(min(t.points for t in pool))
    mine = set(game.tickets[seat])
    unseen = [i for i, t in enumerate(pool) if i not in mine and not t.long]
    cost: dict[int, float] = {}
    for index in unseen:
        ticket = pool[index]
        path = paths.cheapest(seat, ticket.a, ticket.b)
        cost[index] = float("inf") if path is None else path[0]
    size = min(rules.ticket_draw, len(game.ticket_deck), len(unseen))
    if size == 0:
        return -1.0
    total = 0.0
    for _ in range(TICKET_SAMPLES):
        offer = rng.sample(unseen, size)
        total += _best_keep(offer, cost, pool, budget, rules.ticket_keep_min)
    return total / TICKET_SAMPLES


def _best_keep(
    offer: list[int], cost: dict[int, float], pool: Sequence[Ticket], budget: float, least: int
) -> float:
    """The most an offer can bring: the best choice of at least ``least`` tickets, each counting
    its points if the cheapest paths of those that fit do (their costs added: a bound on
    shared paths), minus its points if not."""
    best = -float("inf")
    for size in range(max(1, least), len(offer) + 1):
        for keep in combinations(offer, size):
            spent, value = 0.0, 0.0
            for index in sorted(keep, key=lambda i: cost[i]):
                if spent + cost[index] <= budget:
                    spent += cost[index]
                    value += pool[index].points
                else:
                    value -= pool[index].points
            best = max(best, value)
    return best


def _no_weights(game: Game) -> list[dict[int, float]]:
    """Equal weights for every ticket the others may hold (public facts only)."""
    from ttr.agents.determinise import ticket_weights

    return ticket_weights(game, game.current_player, 1.0)


def _position_key(game: Game, seat: int, seed: int) -> str:
    """What the seat sees of the position, with the seed: the search's generator is seeded by
    it (a string seeds :class:`random.Random` the same way in every process)."""
    state = game.state
    offer = state.offer
    return repr(
        (
            "coach",
            seed,
            seat,
            game.rules.name,
            state.phase,
            state.turn,
            tuple(state.owner),
            tuple(state.market),
            tuple(state.hands[seat]),
            tuple(state.tickets[seat]),
            tuple(offer.tickets) if offer is not None and offer.player == seat else (),
            tuple(sorted(state.stations.items())),
            state.top,
            len(state.discard),
            len(state.ticket_deck),
        )
    )
