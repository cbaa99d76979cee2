"""The coach (``ttr.agents.coach``): the Hint of the play table as a bot.

Its end-game rules are checked on every final-round hint of 50 games against the greedy bot
(a final-round hint never draws tickets; on a seat's last turn, when a claim can be paid, the
hint claims the route that adds most to the final score, as the engine itself scores it), and it
decides from its observation alone, the same way for a seed, and refuses bad arguments.
"""

from __future__ import annotations

import random

import pytest
from agent_helpers import positions, rearrange_hidden

from ttr import Game
from ttr.actions import BuildStation, Claim, DrawCard, DrawTickets, KeepTickets
from ttr.agents import CoachAgent, advise, make_agent
from ttr.agents.coach import TICKET_GAIN, WHY, Advice, ticket_outlook
from ttr.agents.endgame import last_turn_options, tunnel_odds
from ttr.errors import TTRError
from ttr.game import TICKETS, TURN

GAMES = 50
"""Coach-vs-greedy games whose final-round hints are checked (half on each board)."""
BUDGET = 1
"""The coach's search budget in these games (simulated moves): the last turn does not search,
so the end-game rules hold whatever the budget, and a small one keeps the games quick."""


@pytest.fixture(scope="module")
def final_round_hints():
    """Every hint the coach gave in the final round of ``GAMES`` games against the greedy bot,
    each with the position it was given in (a copy), on both boards, from both seats."""
    hints = []
    for index in range(GAMES):
        rules, seed, seat = ("usa", "europe")[index % 2], 700 + index // 2, (index // 2) % 2
        game = Game(rules, 2, seed=seed, record=False)
        bots = [make_agent("greedy", seed), make_agent("greedy", seed)]
        bots[seat] = make_agent(f"coach:{BUDGET}", seed)
        while not game.is_over:
            player = game.current_player
            if player == seat and game.final_turns_left is not None:
                advice = advise(game, seat, seed=seed, steps=BUDGET)
                hints.append((game.copy(), advice))
                action = advice.action
                assert action == bots[seat].choose(game)  # the bot plays the hint
            else:
                action = bots[player].choose(game)
            game.play(action)
    return hints


def _engine_gain(game: Game, claim: Claim) -> int:
    """What a (non-tunnel) claim adds to the seat's final score, by the engine: play it on a
    copy and score."""
    seat = game.current_player
    before = game.outcome().scores[seat].total
    after = game.copy()
    after.play(claim)
    return after.outcome().scores[seat].total - before


def test_final_round_hints_never_draw_tickets(final_round_hints):
    assert len(final_round_hints) >= GAMES  # at least one last turn a game
    for game, advice in final_round_hints:
        assert not isinstance(advice.action, (DrawTickets, KeepTickets)), advice
        assert advice.final_round and advice.turns_left == game.final_turns_left


def test_E1_on_the_last_turn_the_hint_claims_the_route_adding_most_to_the_final_score(
    final_round_hints,
):
    claimed = 0
    for game, advice in final_round_hints:
        if game.phase != TURN:
            continue
        seat = game.current_player
        legal = game.legal_actions()
        claims = [a for a in legal if isinstance(a, Claim)]
        plain = [c for c in claims if not game.board.routes[c.route].is_tunnel]
        best = max((_engine_gain(game, c) for c in plain), default=0)
        tunnels = [
            tunnel_odds(game, seat, c) * _engine_gain_tunnel(game, c)
            for c in claims
            if game.board.routes[c.route].is_tunnel
        ]
        best = max([best, *tunnels])
        if best > 0:  # a claim adds points: the hint takes the one that adds most
            assert isinstance(advice.action, (Claim, BuildStation)), advice
            assert advice.why == "last turn"
            assert advice.points >= best - 1e-9
            if isinstance(advice.action, Claim):
                route = game.board.routes[advice.action.route]
                if not route.is_tunnel:
                    assert _engine_gain(game, advice.action) == advice.points == best
                claimed += 1
        else:  # nothing adds a point: nothing wasted, a card drawn (never tickets)
            assert advice.why == "last turn, nothing to add"
            assert isinstance(advice.action, DrawCard) or len(legal) == 1, advice
    assert claimed >= GAMES // 2


def _engine_gain_tunnel(game: Game, claim: Claim) -> int:
    """A tunnel's gain if it is claimed: the route scored as if it were no tunnel."""
    seat = game.current_player
    route = game.board.routes[claim.route]
    before = game.outcome()
    holdings = game.holdings()
    from ttr.scoring.breakdown import Holdings, score_holdings

    mine = holdings[seat]
    holdings[seat] = Holdings(mine.name, (*mine.routes, route), mine.tickets, mine.stations)
    return score_holdings(holdings, game.rules).scores[seat].total - before.scores[seat].total


def test_last_turn_options_agree_with_the_engines_scoring(final_round_hints):
    checked = 0
    for game, _ in final_round_hints[:20]:
        if game.phase != TURN:
            continue
        for option in last_turn_options(game):
            if isinstance(option.action, Claim):
                route = game.board.routes[option.action.route]
                if not route.is_tunnel:
                    assert option.points == _engine_gain(game, option.action)
                    assert option.chance == 1.0
                    checked += 1
                else:
                    assert 0.0 <= option.chance <= 1.0
    assert checked > 20


def test_tunnel_odds_match_counting_the_reveals():
    # brute force: every ordered draw of three of the unseen cards, equally likely
    from itertools import permutations

    from ttr.agents.determinise import unseen_cards
    from ttr.colors import LOCOMOTIVE

    rng = random.Random(3)
    checked = 0
    for game in positions("europe", 2, 5, every=3):
        if game.phase != TURN or checked >= 6:
            continue
        seat = game.current_player
        for action in game.legal_actions():
            if not isinstance(action, Claim) or not game.board.routes[action.route].is_tunnel:
                continue
            unseen = unseen_cards(game, seat)
            cards = [c for c, n in unseen.items() for _ in range(n)]
            sample = rng.sample(cards, 14)  # a small pool, counted exactly
            hand = game.hands[seat]
            route = game.board.routes[action.route]
            locos = hand[LOCOMOTIVE] - action.locomotives
            if action.color is None:
                spare, match = locos, {LOCOMOTIVE}
            else:
                spare = hand[action.color] - (route.length - action.locomotives) + locos
                match = {action.color, LOCOMOTIVE}
            draws = list(permutations(range(len(sample)), 3))
            fine = sum(sum(sample[i] in match for i in d) <= spare for d in draws)
            small = game.copy()
            small.state.out = tuple(cards_outside(unseen, sample))
            odds = tunnel_odds(small, seat, action)
            assert odds == pytest.approx(fine / len(draws))
            checked += 1
            break
    assert checked >= 3


def cards_outside(unseen, sample):
    """The unseen cards not in ``sample``: set aside (out of the game) so that ``sample`` is all
    the seat cannot see."""
    from collections import Counter

    rest = Counter(unseen)
    rest.subtract(Counter(sample))
    return [card for card, n in rest.items() for _ in range(max(0, n))]


def test_E1_the_learners_last_turn_claims_berlin_warszawa_for_7_points():
    # the learner's report: last turn of the final round, 4 pink cards, 6 trains, Berlin-
    # Warszawa (pink, 4) open; the old hint said "draw deck", 7 points thrown away
    mine = [86, 35, 81, 7, 8, 12, 22, 1]  # 39 trains of single routes far from both cities
    theirs = [30, 32, 33, 42, 52, 60, 61, 71, 72, 73, 5]  # 43: they triggered the end
    game = Game.staged(
        "europe",
        2,
        seed=1,
        hands={0: {"pink": 4}},
        routes={0: mine, 1: theirs},
        tickets={0: [1], 1: [2]},
        turn=0,
    )
    assert game.trains == [6, 2] and game.final_turns_left == 2
    advice = advise(game, 0)
    assert advice.move == "claim Berlin-Warszawa (pink) pink pink pink pink"
    assert (advice.why, advice.points, advice.final_round) == ("last turn", 7.0, True)


# ---------------------------------------------------------------------------------------------
# The Hint is the bot's move, from the observation alone, the same for a seed


def _some_positions(rules: str, every: int = 23):
    yield from positions(rules, 2, 9, every=every)


@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_the_hint_is_the_coach_bots_move_in_the_same_position(rules):
    bot = make_agent("coach:40", seed=5)  # one bot through many positions
    seen = set()
    for game in _some_positions(rules):
        advice = advise(game, game.current_player, seed=5, steps=40)
        assert bot.choose(game) == advice.action
        assert advice.action in game.legal_actions()
        assert advice.why in WHY
        seen.add(game.phase)
    assert TURN in seen


@pytest.mark.parametrize("rules", ["usa", "europe"])
def test_the_coach_decides_from_its_observation_alone(rules):
    for game in _some_positions(rules, every=31):
        seat = game.current_player
        other = rearrange_hidden(game, seat, seed=len(game.cards.deck))
        one = advise(game, seat, seed=2, steps=60)
        two = advise(other, seat, seed=2, steps=60)
        assert one == two


def test_the_coach_is_the_same_for_a_seed_and_may_differ_for_another():
    game = next(g for g in _some_positions("europe") if g.phase == TURN and g.turn > 10)
    seat = game.current_player
    first = advise(game, seat, seed=1, steps=300)
    assert advise(game, seat, seed=1, steps=300) == first
    assert CoachAgent(1, steps=300).explain(game).action == first.action
    assert CoachAgent(1, steps=300).explain(game).reason == first.as_dict()


def test_advice_says_which_ticket_which_path_and_what_it_scores():
    kinds = set()
    for game in _some_positions("usa", every=5):
        if game.phase not in (TURN, TICKETS) or game.turn < 4:
            continue
        advice = advise(game, game.current_player, seed=0, steps=30)
        kinds.add(advice.why)
        assert isinstance(advice, Advice)
        assert advice.move == game.notation(advice.action)
        assert advice.trains == game.trains[game.current_player]
        if advice.why in ("completes", "ticket path"):
            assert advice.route == advice.path[0]
            assert advice.ticket in [game.board.ticket_ref(t) for t in game.tickets_of(0)] + [
                game.board.ticket_ref(t) for t in game.tickets_of(1)
            ]
            route = game.board.routes[advice.action.route]
            assert advice.points == game.rules.route_points[route.length]
            assert advice.path_trains >= route.length
        if advice.why == "completes":
            assert advice.completes == (advice.ticket,) and advice.path == (advice.route,)
        if advice.why == "keep":
            assert advice.tickets and advice.points > 0
        if advice.kind == "draw":
            assert advice.why.startswith("draw")
            plan = make_agent("greedy").plan(game)
            assert list(advice.plan) == [game.board.ref(game.board.routes[r]) for r in plan[:3]]
            if advice.why == "draw needed":
                assert advice.needed > 0 and advice.card is not None
    assert {"ticket path", "draw blind"} <= kinds or {"ticket path", "draw needed"} <= kinds


def test_the_coach_draws_tickets_only_when_an_offer_is_expected_to_pay():
    asked = weighed = 0
    for seed in range(6):
        game = Game("usa", 2, seed=seed, record=False)
        bots = [make_agent("coach:1", seed), make_agent("greedy", seed)]
        while not game.is_over:
            player = game.current_player
            if player == 0 and game.phase == TURN:
                advice = advise(game, 0, seed=seed, steps=1)
                if isinstance(advice.action, DrawTickets):
                    asked += 1
                    assert advice.why == "tickets" and not advice.final_round
                    assert advice.expected >= TICKET_GAIN
                elif make_agent("greedy").explain(game).reason["kind"] == "tickets":
                    weighed += 1  # the plain plan would have drawn tickets here
                action = advice.action
            else:
                action = bots[player].choose(game)
            game.play(action)
    assert asked + weighed > 0


def test_ticket_outlook_is_poor_in_the_final_round_and_with_few_trains():
    game = Game("usa", 2, seed=4, record=False)
    bots = [make_agent("greedy", 0), make_agent("greedy", 1)]
    checked = 0
    while not game.is_over:
        seat = game.current_player
        if game.phase == TURN and game.trains[seat] <= 4:
            outlook = ticket_outlook(game, seat, random.Random(0))
            assert outlook < TICKET_GAIN or _joined_unseen_ticket(game, seat)
            if game.final_turns_left is not None:
                assert outlook < 0
            checked += 1
        game.play(bots[seat].choose(game))
    assert checked


def _joined_unseen_ticket(game: Game, seat: int) -> bool:
    """Whether some ticket the seat has not kept joins cities its routes already join."""
    from ttr.scoring.tickets import CityGroups

    groups = CityGroups(game.routes_of(seat))
    mine = set(game.tickets[seat])
    return any(groups.joined(t.a, t.b) for i, t in enumerate(game.ticket_pool) if i not in mine)


# ---------------------------------------------------------------------------------------------
# Bad arguments


def test_bad_arguments_name_themselves():
    with pytest.raises(TTRError, match="seed"):
        CoachAgent("lucky")
    with pytest.raises(TTRError, match="steps"):
        CoachAgent(1, steps=0)
    with pytest.raises(TTRError, match="steps"):
        CoachAgent(1, steps=2.5)
    with pytest.raises(TTRError, match="agent"):
        make_agent("coach:0")
    with pytest.raises(TTRError, match="agent"):
        make_agent("coach:many")
    game = Game("usa", 2, seed=1)
    with pytest.raises(TTRError, match="seat 1"):
        advise(game, 1)
    with pytest.raises(TTRError, match="seed"):
        advise(game, 0, seed=1.5)
    with pytest.raises(TTRError, match="steps"):
        advise(game, 0, steps=-3)
    assert isinstance(make_agent("coach"), CoachAgent) and make_agent("coach:50").steps == 50
    assert isinstance(CoachAgent(random.Random(3)).seed, int)


def test_the_coach_page_examples_run_as_written():
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "coach.md"
    result = doctest.testfile(str(page), module_relative=False, verbose=False)
    assert result.failed == 0 and result.attempted >= 4
