"""Property tests (hypothesis) of the engine's promises, and of the bots and simulations.

- A rejected action never changes anything (the saved state before and after are equal).
- ``copy()`` and save/load give back the same position, which then plays on identically.
- The same seed gives the same game.
- Bots never play an illegal action and finish games on both boards, under every rule set.
- A simulation gives the same table for the same seed, with or without several processes.
- Payments counted or picked by arithmetic agree with the full list of payments.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from turn_helpers import advance, candidates

from ttr import Game, IllegalAction
from ttr.agents import AGENTS, make_agent, play_game
from ttr.colors import CARD_COLORS, CARD_KINDS, GRAY
from ttr.invariants import violations
from ttr.payment import count_payments, nth_payment, payment_options
from ttr.rules import RULE_SETS
from ttr.tools.simulation import simulate

RULES = sorted(RULE_SETS)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


positions = st.builds(
    lambda rules, players, seed, steps: advance(Game(rules, players, seed=seed), steps, seed),
    st.sampled_from(RULES),
    st.integers(2, 5),
    st.integers(0, 10_000),
    st.integers(0, 250),
)


@SETTINGS
@given(positions, st.data())
def test_a_rejected_action_changes_nothing(game, data):
    before = game.to_dict()
    legal = set(game.legal_actions())
    illegal = [a for a in candidates(game) if a not in legal]
    if not illegal:
        return
    action = data.draw(st.sampled_from(illegal))
    with pytest.raises(IllegalAction):
        game.play(action)
    assert game.to_dict() == before


@SETTINGS
@given(positions, st.integers(0, 10_000))
def test_copy_and_save_load_are_faithful(game, seed):
    key = game.state_key()
    copy = game.copy()
    loaded = Game.from_json(game.to_json())
    assert copy.state_key() == key and loaded.state_key() == key
    for other in (copy, loaded):
        advance(other, 30, seed)
    advance(game, 30, seed)
    assert copy.state_key() == game.state_key() == loaded.state_key()


@SETTINGS
@given(st.sampled_from(RULES), st.integers(2, 5), st.integers(0, 10_000), st.integers(0, 300))
def test_the_same_seed_gives_the_same_game(rules, players, seed, steps):
    first = advance(Game(rules, players, seed=seed), steps, seed)
    second = advance(Game(rules, players, seed=seed), steps, seed)
    assert first.history == second.history and first.state_key() == second.state_key()


@pytest.mark.parametrize("rules", RULES)
@pytest.mark.parametrize("agent", sorted(AGENTS))
def test_bots_finish_games_legally_under_every_rule_set(rules, agent):
    for players in (2, 5):
        game = Game(rules, players, seed=players)
        bots = [make_agent(agent, seat) for seat in range(players)]
        while not game.is_over:
            action = bots[game.current_player].choose(game)
            assert game.is_legal(action)
            game.play(action)
            assert not violations(game)
        assert game.outcome().winners


def test_greedy_bots_use_tunnels_ferries_and_stations_on_europe():
    kinds, stations = set(), 0
    for seed in range(12):
        game = play_game(Game("europe", 4, seed=seed), [make_agent("greedy", i) for i in range(4)])
        kinds |= {
            game.board.routes[r].kind for r, owner in enumerate(game.owner) if owner is not None
        }
        stations += len(game.stations)
    assert kinds == {"normal", "tunnel", "ferry"} and stations > 0


def test_greedy_bots_complete_most_of_their_tickets_and_beat_random():
    result = simulate("usa", 2, 20, "greedy,random", seed=3, progress=False)
    summary = result.summary()
    greedy, rand = summary["seats"]
    assert greedy["ticket_completion"][0] > 0.6
    assert greedy["mean_score"][0] > rand["mean_score"][0]
    assert greedy["win_rate"][0] > 0.8


def test_simulation_is_reproducible_with_or_without_jobs():
    one = simulate("europe", 3, 12, "greedy,random,long", seed=5, progress=False)
    again = simulate("europe", 3, 12, "greedy,random,long", seed=5, progress=False, jobs=2)
    assert one.records == again.records and one.table() == again.table()
    other = simulate("europe", 3, 12, "greedy,random,long", seed=6, progress=False)
    assert other.records != one.records


def test_simulation_table_reports_the_requested_figures():
    table = simulate("usa", 3, 6, "random", seed=1, progress=False).table()
    for words in (
        "mean score (95% CI)",
        "win rate",
        "turns per game",
        "ticket completion",
        "market reset (D6)",
        "loop-guard stop (D9)",
        "empty deck (D7)",
        "a pass (T2)",
    ):
        assert words in table


def test_simulate_command_prints_the_table_and_rejects_bad_agents(tmp_path):
    import json
    import subprocess
    import sys

    out = tmp_path / "run.json"
    command = [
        sys.executable,
        "-m",
        "ttr",
        "simulate",
        "--map",
        "usa",
        "--players",
        "2",
        "--games",
        "4",
        "--agents",
        "greedy,random",
        "--seed",
        "1",
        "--quiet",
        "--json",
        str(out),
    ]
    first = subprocess.run(command, capture_output=True, text=True)
    second = subprocess.run(command, capture_output=True, text=True)
    assert first.returncode == 0 and first.stdout == second.stdout
    assert "mean score" in first.stdout and len(json.loads(out.read_text())["records"]) == 4
    bad_command = ["bogus,random" if part == "greedy,random" else part for part in command]
    bad = subprocess.run(bad_command, capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown agent" in bad.stderr and "Traceback" not in bad.stderr


hands = st.fixed_dictionaries({kind: st.integers(0, 6) for kind in CARD_KINDS})


@SETTINGS
@given(
    hands,
    st.sampled_from([*CARD_COLORS, GRAY]),
    st.integers(1, 8),
    st.integers(0, 3),
)
def test_payments_are_counted_and_indexed_like_the_full_list(hand, color, cost, ferry):
    """The legal-action list counts payments by arithmetic and picks the k-th without building
    the list (C2, C6): both agree with ``payment_options``."""
    ferry = min(ferry, cost)
    options = payment_options(hand, color, cost, ferry)
    assert count_payments(hand, color, cost, ferry) == len(options)
    assert [nth_payment(hand, color, cost, ferry, k) for k in range(len(options))] == options
    with pytest.raises(IndexError):
        nth_payment(hand, color, cost, ferry, len(options))
