"""The planner: the greedy bot with tickets weighed together, no face-up locomotive as a turn's
card, and new tickets while more than 18 trains are left (``ttr.agents.planner``)."""

from __future__ import annotations

import itertools

import pytest

from ttr import Game
from ttr.actions import DRAW_TICKETS, DrawCard, KeepTickets
from ttr.agents import GreedyAgent, PlannerAgent, make_agent, play_game
from ttr.agents.greedy import Paths
from ttr.agents.planner import FREE_SHARE
from ttr.colors import LOCOMOTIVE
from ttr.game import OPENING, TICKETS, TURN


def joint_trains(game: Game, player: int, tickets, plan) -> float:
    """The trains of the open routes on the tickets' cheapest paths, each once, those of
    ``plan`` not counted: worked out here from the paths alone."""
    paths, used = Paths(game), set()
    for ticket in tickets:
        path = paths.cheapest(player, ticket.a, ticket.b)
        if path is None:
            return float("inf")
        used |= {r for r in path[1] if game.owner[r] is None} - set(plan)
    return float(sum(game.board.routes[r].length for r in used))


def planner_games(rules: str, seeds):
    """Every position where the planner is to move, along planner-against-greedy games."""
    for seed in seeds:
        game = Game(rules, 2, seed=seed, record=False)
        bots = [PlannerAgent(seed), GreedyAgent(seed)]
        while not game.is_over:
            if game.current_player == 0:
                yield game
            game.play(bots[game.current_player].choose(game))


@pytest.mark.parametrize("rules", ["europe", "usa"])
def test_planner_keeps_the_offer_with_most_points_less_trains_that_fits(rules):
    checked, later = 0, 0
    for game in planner_games(rules, range(12)):
        if game.phase not in (OPENING, TICKETS):
            continue
        player, planner = game.current_player, PlannerAgent()
        choice = planner.explain(game)
        offered = [game.ticket_pool[t] for t in game.offer.tickets]
        plan = planner.plan(game) if game.phase == TICKETS else []
        free = game.trains[player] - sum(game.board.routes[r].length for r in plan)
        # brute force over every legal choice: the trains of the paths together, each route once
        options = {}
        for action in game.legal_actions():
            assert isinstance(action, KeepTickets)
            kept = [offered[i] for i in action.keep]
            options[action] = (sum(t.points for t in kept), joint_trains(game, player, kept, plan))
        points, trains = options[choice.action]
        assert choice.reason["trains_needed"] == trains
        assert choice.reason["trains_free"] == free
        fitting = [(p - t, -len(a.keep)) for a, (p, t) in options.items() if t <= FREE_SHARE * free]
        if fitting:
            assert (points - trains, -len(choice.action.keep)) == max(fitting)
        else:  # nothing fits: the choice needing fewest trains
            assert trains == min(t for _, t in options.values())
        checked += 1
        later += game.phase == TICKETS
    assert checked >= 12 and later >= 1  # the opening's offers and later ones


def test_planner_counts_a_route_shared_by_two_tickets_once():
    # the greedy bot adds each ticket's path; the planner counts the routes they share once
    shared = 0
    for seed in range(40):
        game = Game("europe", 2, seed=seed, record=False)
        offered = [game.ticket_pool[t] for t in game.offer.tickets]
        for pair in itertools.combinations(offered, 2):
            apart = sum(joint_trains(game, 0, [t], []) for t in pair)
            together = joint_trains(game, 0, pair, [])
            assert together <= apart
            shared += together < apart
        planner, greedy = PlannerAgent().explain(game), GreedyAgent().explain(game)
        if planner.action == greedy.action:
            kept = [offered[i] for i in planner.action.keep]
            assert planner.reason["trains_needed"] == joint_trains(game, 0, kept, [])
            apart = sum(joint_trains(game, 0, [t], []) for t in kept)
            assert greedy.reason["trains_needed"] == apart
    assert shared > 0


@pytest.mark.parametrize("rules", ["europe", "usa"])
def test_planner_draws_no_face_up_locomotive_and_takes_tickets_only_above_18_trains(rules):
    draws = tickets = 0
    for game in planner_games(rules, range(8)):
        if game.phase != TURN:
            continue
        action = PlannerAgent().choose(game)
        if action == DRAW_TICKETS:
            assert game.trains[game.current_player] > 18
            tickets += 1
        elif isinstance(action, DrawCard) and action.slot is not None:
            if game.cards.market[action.slot] == LOCOMOTIVE:  # only with no card in the deck
                assert not game.cards.deck
            draws += 1
    assert draws and tickets  # both kinds of move were seen


def test_planner_beats_the_greedy_bot_more_often_than_not():
    # a small sample of what docs/bots.md measures on thousands of games: each deal twice
    wins = 0.0
    for seed in range(20):
        for seat in (0, 1):
            bots = [make_agent("greedy", seed), make_agent("greedy", seed)]
            bots[seat] = make_agent("planner", seed)
            game = play_game(Game("europe", 2, seed=seed, record=False), bots)
            winners = game.outcome().winners
            wins += 1.0 if winners == (seat,) else 0.5 if seat in winners else 0.0
    assert wins > 20
