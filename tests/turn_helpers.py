"""Small helpers shared by the turn-rule tests (setup, draw, claim, tickets, stations, end).

* :func:`position` stages an exact position with :func:`ttr.scenario.stage` (the opening is
  skipped unless ``tickets`` is given as ``None``).
* :func:`assert_illegal` plays an action that must be refused and checks the three promises of
  ``Game.play``: it raises :class:`ttr.IllegalAction`, the message starts with the rule id, and
  the game is exactly as it was (``state_key()`` and ``to_dict()``).
* :func:`cards_except` lists "all the other train cards", to empty the deck and discard pile.
* :func:`random_game` / :func:`check_invariants` drive the seeded random playouts.

pytest's default import mode puts ``tests/`` on ``sys.path``, so tests do
``from turn_helpers import position, assert_illegal``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from itertools import combinations
from typing import Any

import pytest

from ttr import BuildStation, DrawCard, Game, IllegalAction, KeepTickets
from ttr.actions import DECLINE, DRAW_DECK, DRAW_TICKETS, PASS, Action, Claim, PayTunnel
from ttr.board import load_board
from ttr.cards import full_deck
from ttr.colors import CARD_COLORS
from ttr.invariants import violations
from ttr.rules import rule_set
from ttr.scenario import stage

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve")


def advance(game: Game, steps: int, seed: int) -> Game:
    """``game`` after up to ``steps`` uniform random legal actions drawn with ``seed`` (fewer if
    it ends first)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return game


def position(rules: str = "usa", players: int | Iterable[str] = 2, **fields: Any) -> Game:
    """A staged game (see ``ttr/scenario.py``); by default after the opening, Ann to play.

    ``trains={"Ann": 3}`` gives Ann routes in the far west (see :func:`spent`) so that she has
    3 trains left: trains follow from the routes owned.
    """
    names = list(NAMES[:players]) if isinstance(players, int) else list(players)
    data: dict[str, Any] = {"rules": rules, "players": names, "seed": 1, "tickets": {}}
    data.update(fields)
    if data["tickets"] is None:  # keep the opening
        del data["tickets"]
    if "trains" in data:
        data["routes"] = spent(rules, data.get("routes", {}), data["trains"])
    return stage(data)


def spent(rules: str, routes: dict[str, list[str]], trains: dict[str, int]) -> dict[str, list[str]]:
    """``routes`` plus, for each player in ``trains``, routes far from where the tests play (the
    west of the USA, the east of Europe; one route of a double at most) that leave them that
    many trains."""
    board = load_board(rule_set(rules).map)
    named = {r.id for refs in routes.values() for ref in refs for r in board.find_routes(ref)}
    far = {
        c.name
        for c in board.cities.values()
        if (c.longitude < -90 if board.name == "usa" else c.longitude > 18)
    }
    free = [
        r
        for r in board.routes
        if r.id not in named
        and set(r.cities) <= far
        and not r.is_tunnel
        and (r.double_group is None or board.twin_id(r.id) > r.id)
    ]
    result = {who: list(refs) for who, refs in routes.items()}
    for who, left in trains.items():
        used = sum(board.route(ref).length for ref in result.get(who, []))
        if used + left == 45:
            continue
        chosen = subset(free, 45 - left - used)
        assert chosen is not None, f"no filler routes leave {who} {left} trains"
        free = [r for r in free if r not in chosen]
        result[who] = result.get(who, []) + [board.ref(r) for r in chosen]
    return result


def subset(routes: list, total: int) -> list | None:
    """Routes whose lengths add up to ``total`` exactly (the first found, longest first)."""
    best: dict[int, list] = {0: []}
    for route in sorted(routes, key=lambda r: (-r.length, r.id)):
        for reached, picked in list(best.items()):
            new = reached + route.length
            if new <= total and new not in best:
                best[new] = picked + [route]
    return best.get(total)


def counts(cards: Iterable[str] | Mapping[str, int]) -> Counter[str]:
    if isinstance(cards, Mapping):
        return Counter(dict(cards))
    return Counter(cards)


def cards_except(*placed: Iterable[str] | Mapping[str, int]) -> dict[str, int]:
    """The train cards left once ``placed`` (lists or ``{card: count}``) are taken out."""
    left = Counter(full_deck())
    for group in placed:
        left.subtract(counts(group))
    assert min(left.values()) >= 0, f"more cards placed than exist: {left}"
    return {card: n for card, n in left.items() if n}


def route_id(game: Game, ref: str) -> int:
    """The id of the route a reference names (a colour in parentheses picks one of a double)."""
    return game.board.route(ref).id


def claim(game: Game, ref: str, color: str | None, locomotives: int = 0) -> Claim:
    return Claim(route_id(game, ref), color, locomotives)


def snapshot(game: Game) -> tuple[str, dict[str, Any]]:
    return game.state_key(), game.to_dict()


def assert_illegal(game: Game, action: Action | str, rule: str) -> str:
    """``action`` is refused with an IllegalAction citing ``rule``, and nothing changes."""
    key, data = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.play(action)
    message = str(info.value)
    assert isinstance(info.value, ValueError)
    assert message.startswith(f"{rule}:"), f"expected a {rule} refusal, got {message!r}"
    assert game.state_key() == key, "a refused action changed the position"
    assert game.to_dict() == data, "a refused action changed the saved game"
    if not isinstance(action, str):
        assert not game.is_legal(action)
        assert action not in game.legal_actions()
    return message


def play_all(game: Game, *actions: Action | str) -> Game:
    for action in actions:
        game.play(action)
    return game


def hand(game: Game, player: int | str) -> dict[str, int]:
    """A player's hand without the zero counts."""
    seat = player if isinstance(player, int) else game.players.index(player)
    return {card: n for card, n in game.hands[seat].items() if n}


def deck_top_first(game: Game) -> list[str]:
    return game.to_dict()["state"]["deck"]


def ticket_refs(game: Game, tickets: Iterable[int]) -> list[str]:
    return [game.board.ticket_ref(game.ticket_pool[t]) for t in tickets]


def ticket_deck_top_first(game: Game) -> list[str]:
    return ticket_refs(game, game.to_dict()["state"]["ticket_deck"])


# ---------------------------------------------------------------------------------------------
# Random playouts

Policy = Callable[[Game, list[Action], random.Random], Action]


def uniform(game: Game, actions: list[Action], rng: random.Random) -> Action:
    """Any legal action, each equally likely."""
    return rng.choice(actions)


def random_game(
    rules: str,
    players: int,
    seed: int,
    policy: Policy = uniform,
    after: Callable[[Game], None] | None = None,
    max_actions: int = 5000,
) -> Game:
    """Play a seeded game to its end, calling ``after(game)`` after every action."""
    game = Game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.is_over:
            return game
        game.play(policy(game, game.legal_actions(), rng))
        if after is not None:
            after(game)
    raise AssertionError(f"{rules} seed {seed}: no end after {max_actions} actions")


def check_invariants(game: Game) -> None:
    """What must hold after every action of every game (see :mod:`ttr.invariants`)."""
    broken = violations(game)
    assert not broken, "; ".join(broken)


# ---------------------------------------------------------------------------------------------
# Brute-force action lists (for the move-generator and refusal checks)


def candidates(game: Game) -> list:
    """Every action of the kinds the phase allows, legal or not, built without the engine's
    generator: all slots, all routes x colours x locomotive counts, all cities, all keeps."""
    phase = game.phase
    draws = [DrawCard(slot) for slot in range(6)] + [DRAW_DECK]  # slot 6 never exists
    if phase == "second_card":
        return draws
    if phase in ("opening", "tickets"):
        size = len(game.offer.tickets)
        return [KeepTickets(c) for k in range(size + 1) for c in combinations(range(size), k)]
    if phase == "tunnel":
        return [PayTunnel(k) for k in range(game.tunnel.extra + 2)] + [DECLINE]
    actions = [*draws, DRAW_TICKETS, PASS]
    for route in game.board.routes:
        for color in (*CARD_COLORS, None):
            actions += [Claim(route.id, color, k) for k in range(route.length + 1)]
    for city in game.board.cities:
        for color in (*CARD_COLORS, None):
            actions += [BuildStation(city, color, k) for k in range(4)]
    return actions


def canonical(game: Game, actions) -> set:
    """Claims of the later of two identical free routes of a double count as the earlier one:
    the engine lists only one of them (both are the same move)."""
    board = game.board
    result = set()
    for action in actions:
        if isinstance(action, Claim):
            twin = board.twin(board.routes[action.route])
            route = board.routes[action.route]
            same = twin is not None and (twin.color, twin.kind) == (route.color, route.kind)
            if same and game.owner[twin.id] is None and twin.id < route.id:
                action = Claim(twin.id, action.color, action.locomotives)
        result.add(action)
    return result
