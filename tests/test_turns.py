"""A turn: rules T1-T3 (docs/rules.md): one action per turn, passing, pending decisions."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rule_ids import RULE_IDS
from turn_helpers import assert_illegal, candidates, cards_except, position, snapshot, subset

from ttr import (
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    Game,
    IllegalAction,
    KeepTickets,
)
from ttr.actions import DECLINE, DRAW_DECK, DRAW_TICKETS, PASS, PayTunnel
from ttr.board import load_board

SETTLING = (KeepTickets, PayTunnel, Decline)


def kinds(actions):
    return {type(a).__name__ for a in actions}


def split_42(short: list, longer: list, seats: int) -> list[list] | None:
    """Give each seat all of ``short`` between them, plus routes of ``longer``, so that every
    seat owns exactly 42 trains (a search over the first seat's share of ``short``)."""
    if seats == 1:
        extra = subset(longer, 42 - sum(r.length for r in short))
        return None if extra is None else [short + extra]
    for share in range(min(42, sum(r.length for r in short)), -1, -1):
        picked, extra = subset(short, share), subset(longer, 42 - share)
        if picked is None or extra is None:
            continue
        rest = split_42(
            [r for r in short if r not in picked], [r for r in longer if r not in extra], seats - 1
        )
        if rest is not None:
            return [picked + extra, *rest]
    return None


def stuck_position(free: tuple[str, ...] = ()) -> Game:
    """A 3-player USA game where nobody can act: every route of length 1-3 is owned (one route
    of each double, as C5 wants at 3 players), longer routes make up 42 trains for everybody,
    so each has 3 trains left, Ann holds all 110 train cards, and the ticket deck is empty.
    Routes named in ``free`` are left unclaimed."""
    board = load_board("usa")
    keep_free = {r.id for ref in free for r in board.find_routes(ref)}
    short, groups = [], set()
    for route in board.routes:
        if route.length > 3 or route.id in keep_free or route.double_group in groups:
            continue
        if route.double_group is not None:
            groups.add(route.double_group)
        short.append(route)
    longer = [r for r in board.routes if r.length > 3 and r.double_group is None]
    owned = split_42(short, longer, 3)
    assert owned is not None
    refs = [[board.ref(r) for r in routes] for routes in owned]
    return position(
        "usa",
        3,
        market=[],
        hands={"Ann": cards_except(), "Ben": {}, "Cat": {}},
        routes={"Ann": refs[0], "Ben": refs[1], "Cat": refs[2]},
        trains={"Ann": 3, "Ben": 3, "Cat": 3},
        ticket_deck=[],
    )


# ---------------------------------------------------------------------------------------------
# T1: one action per turn


def test_T1_usa_turn_offers_draw_claim_or_tickets():
    game = position("usa", hands={"Ann": {"red": 2, "blue": 3}})
    assert kinds(game.legal_actions()) == {"DrawCard", "Claim", "DrawTickets"}


def test_T1_europe_turn_adds_stations():
    game = position("europe", hands={"Ann": {"red": 2, "blue": 3}})
    assert kinds(game.legal_actions()) == {"DrawCard", "Claim", "DrawTickets", "BuildStation"}


def test_T1_one_action_then_the_next_player():
    game = position("europe", 3, hands={"Ann": {"red": 3, "blue": 3}})
    game.play("claim Bruxelles-Paris (red) red red")
    assert (game.current_player, game.turn, game.phase) == (1, 1, "turn")
    game.play("draw deck")
    game.play("draw deck")
    assert (game.current_player, game.turn) == (2, 2)
    game.play("station Berlin blue" if game.hands[2]["blue"] else "tickets")
    if game.phase == "tickets":
        game.play("keep 1")
    assert (game.current_player, game.turn) == (0, 3)


def test_T1_no_station_in_usa():
    game = position("usa", hands={"Ann": {"red": 2}})
    assert_illegal(game, BuildStation("Atlanta", "red", 0), "ST1")


def test_T1_something_that_is_not_an_action():
    game = position("usa")
    assert_illegal(game, 42, "T1")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# T2: pass only when nothing is legal; all pass: the game ends


def test_T2_pass_refused_while_something_is_legal():
    game = position("usa")
    message = assert_illegal(game, PASS, "T2")
    assert "only when no other action" in message
    assert_illegal(game, "pass", "T2")


def test_T2_stuck_player_passes_and_all_passes_end_the_game():
    game = stuck_position()
    for seat in range(3):
        assert game.current_player == seat
        assert list(game.legal_actions()) == [PASS]
        game.play("pass")
        assert game.turn == seat + 1
    assert game.is_over
    assert game.legal_actions() == []
    assert any("(T2)" in text for text in game.events_of(3))
    assert game.counts["passes"] == 3
    assert game.card_count() == 110


def test_T2_a_pass_counts_as_a_final_round_turn():
    """Ann claims the only free route and drops to 2 trains (E1). The card she paid refills the
    market, so Ben takes it (the draw stops there, D8); Cat and then Ann can only pass, and
    Ann's pass is the last turn of the final round."""
    game = stuck_position(free=("Atlanta-Nashville",))
    assert PASS not in game.legal_actions()
    game.play("claim Atlanta-Nashville red")
    assert game.trains[0] == 2 and game.final_turns_left == 3
    assert game.cards.market == ["red", None, None, None, None]
    assert list(game.legal_actions()) == [DrawCard(0)]
    game.play("draw 1")
    for seat in (2, 0):
        assert game.current_player == seat and not game.is_over
        assert list(game.legal_actions()) == [PASS]
        game.play("pass")
    assert game.is_over
    assert game.history == ["claim Atlanta-Nashville red", "draw 1", "pass", "pass"]


def test_T2_a_move_between_passes_resets_the_count():
    game = stuck_position(free=("Atlanta-Nashville",))
    game.play("claim Atlanta-Nashville red")
    assert game.passes_in_row == 0
    game.play("draw 1")
    game.play("pass")
    assert game.passes_in_row == 1
    assert game.is_over is False


# ---------------------------------------------------------------------------------------------
# T3: a pending decision takes only the actions that settle it


def test_T3_second_card_pending():
    game = position("europe", hands={"Ann": {"red": 4, "loco": 2}})
    game.play("draw deck")
    for action in (
        Claim(game.board.route("Bruxelles-Paris (red)").id, "red", 0),
        DRAW_TICKETS,
        BuildStation("Berlin", "red", 0),
        PASS,
        DECLINE,
        KeepTickets((0,)),
    ):
        message = assert_illegal(game, action, "T3")
        assert "second card" in message
    assert kinds(game.legal_actions()) == {"DrawCard"}


def test_T3_tunnel_pending():
    game = position(
        "europe",
        hands={"Ann": {"red": 4, "loco": 2}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue"],
    )
    game.play("claim Barcelona-Pamplona red red")
    assert game.phase == "tunnel"
    for action in (DRAW_DECK, DrawCard(0), DRAW_TICKETS, PASS, KeepTickets((0,))):
        message = assert_illegal(game, action, "T3")
        assert "pay" in message and "decline" in message
    assert kinds(game.legal_actions()) == {"PayTunnel", "Decline"}


def test_T3_tickets_pending():
    game = position("usa", ticket_deck=["Denver-El Paso", "Kansas City-Houston", "Boston-Miami"])
    game.play("tickets")
    for action in (DRAW_DECK, DRAW_TICKETS, PASS, DECLINE, PayTunnel(0)):
        assert_illegal(game, action, "T3")
    assert kinds(game.legal_actions()) == {"KeepTickets"}


def test_T3_opening_pending():
    game = Game("europe", 2, seed=4)
    for action in (DRAW_DECK, DRAW_TICKETS, PASS, BuildStation("Berlin", "red", 0)):
        assert_illegal(game, action, "T3")
    assert kinds(game.legal_actions()) == {"KeepTickets"}


@pytest.mark.parametrize(
    "action", [KeepTickets((0,)), KeepTickets(()), PayTunnel(0), DECLINE], ids=repr
)
def test_T3_settling_actions_refused_when_nothing_is_pending(action):
    """'keep', 'pay' and 'decline' answer a pending decision; with none pending they must be
    refused like any illegal action (IllegalAction citing T1 or T3, nothing changed)."""
    game = position("europe", hands={"Ann": {"red": 4, "loco": 2}})
    key, data = snapshot(game)
    with pytest.raises(IllegalAction) as info:
        game.play(action)
    assert str(info.value).split(":")[0] in ("T1", "T3"), str(info.value)
    assert game.state_key() == key
    assert game.to_dict() == data
    assert not game.is_legal(action)


@pytest.mark.parametrize("text", ["keep 1", "pay", "pay red", "decline"])
def test_T3_settling_notation_refused_when_nothing_is_pending(text):
    game = position("europe", hands={"Ann": {"red": 4, "loco": 2}})
    key, data = snapshot(game)
    with pytest.raises(ValueError) as info:
        game.play(text)
    assert isinstance(info.value, IllegalAction), repr(info.value)
    assert game.state_key() == key
    assert game.to_dict() == data


def test_T3_draw_tickets_is_not_pending_mid_draw():
    game = position("usa")
    game.play("draw deck")
    assert DrawTickets() not in game.legal_actions()


# ---------------------------------------------------------------------------------------------
# Every refusal names a rule and changes nothing


@pytest.mark.parametrize("rules, players", [("usa", 2), ("usa", 4), ("europe", 3), ("europe", 5)])
def test_T1_refused_actions_name_a_rule_and_change_nothing(rules, players):
    """At sampled positions of random games, try illegal candidates of every kind (draws,
    claims, tickets, stations, keeps, tunnel payments, pass): each is refused with an
    IllegalAction whose message starts with a rule id of docs/rules.md, and the position and
    the saved game are unchanged. ('keep', 'pay' and 'decline' with nothing pending are left
    to test_T3_settling_actions_refused_when_nothing_is_pending.)"""
    rng = random.Random(players)
    tried = Counter()
    for seed in range(2):
        game = Game(rules, players, seed=seed)
        while not game.is_over:
            if rng.random() < 0.1:
                illegal = [a for a in candidates(game) if not game.is_legal(a)]
                if game.phase == "turn":
                    illegal = [a for a in illegal if not isinstance(a, SETTLING)]
                else:  # actions of a turn, tried while a decision is pending
                    illegal += [DRAW_TICKETS, PASS, Claim(0, "red", 0)]
                key, data = snapshot(game)
                for action in rng.sample(illegal, min(12, len(illegal))):
                    with pytest.raises(IllegalAction) as info:
                        game.play(action)
                    rule = str(info.value).split(":")[0]
                    assert rule in RULE_IDS, str(info.value)
                    tried[rule] += 1
                assert game.state_key() == key
                assert game.to_dict() == data
            game.play(rng.choice(game.legal_actions()))
    assert {"D1", "C1", "C2", "T3"} <= set(tried)
