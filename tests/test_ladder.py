"""The strength ladder: paired deals with seats rotated, reproducible results, Bradley-Terry
ratings, strict JSON written atomically, and the command line's handling of bad input."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from ttr import tournament
from ttr.cli import main
from ttr.errors import TTRError
from ttr.tools.ladder import _bradley_terry, check_arguments, write_json

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def small():
    return tournament("usa", 2, "random,greedy,long", games=4, seed=3, progress=False)


def test_every_pairing_plays_the_same_deals_with_seats_swapped(small):
    assert len(small.records) == 3 * 4
    deals = {}
    for record in small.records:
        deals.setdefault(record.pairing, []).append((record.deal, record.rotation, record))
    seeds = set()
    for games in deals.values():
        by_deal = {}
        for deal, rotation, record in games:
            by_deal.setdefault(deal, {})[rotation] = record
        for both in by_deal.values():
            first, second = both[0], both[1]
            assert first.seed == second.seed and first.agents == second.agents[::-1]
        seeds.add(tuple(sorted(r.seed for _, _, r in games)))
    assert len(seeds) == 1  # every pairing played the same deals


def test_the_same_seed_gives_the_same_tournament_with_or_without_jobs(small):
    again = tournament("usa", 2, ["random", "greedy", "long"], 4, seed=3, jobs=2, progress=False)
    assert played(again) == played(small)  # thinking times differ, of course
    assert again.win_rates() == small.win_rates()


def played(result):
    return [(r.pairing, r.deal, r.rotation, r.seed, r.agents, r.scores) for r in result.records]


def test_win_rates_add_up_and_ratings_rank_the_bots(small):
    rates = small.win_rates()
    for a in small.agents:
        for b in small.agents:
            if a != b:
                assert math.isclose(rates[a][b][0] + rates[b][a][0], 1.0)
                low, p, high = rates[a][b][1], rates[a][b][0], rates[a][b][2]
                assert low <= p <= high
    ratings = small.ratings()
    assert list(ratings)[0] == "greedy" and list(ratings)[-1] == "random"
    assert math.isclose(sum(r for r, _, _ in ratings.values()), 0.0, abs_tol=1e-6)
    assert all(low - 0.01 <= rating <= high + 0.01 for rating, low, high in ratings.values())
    table = small.table()
    for words in ("win rate of the row", "Bradley-Terry", "95%", "CPU seconds per decision"):
        assert words in table


def test_bradley_terry_matches_the_closed_form_for_two_bots():
    # 3 wins in 4 games, plus the virtual draw: p_a / (p_a + p_b) = 3.5 / 5
    games = [[(0, 1, 1.0)], [(0, 1, 1.0)], [(0, 1, 1.0)], [(0, 1, 0.0)]]
    a, b = _bradley_terry(2, games)
    assert math.isclose(a - b, 400 * math.log10(3.5 / 1.5), rel_tol=1e-6)
    assert math.isclose(a + b, 0.0, abs_tol=1e-9)


def test_three_player_tournaments_rotate_every_seat():
    result = tournament("europe", 3, "random,long,greedy", games=3, seed=1, progress=False)
    assert len(result.records) == 3
    assert {r.agents for r in result.records} == {
        ("random", "long", "greedy"),
        ("long", "greedy", "random"),
        ("greedy", "random", "long"),
    }
    assert set(result.ratings()) == {"random", "long", "greedy"}


def test_json_is_strict_and_written_atomically(small, tmp_path):
    data = small.to_dict()
    json.dumps(data, allow_nan=False)
    target = tmp_path / "ladder.json"
    write_json(target, data)
    assert json.loads(target.read_text())["summary"]["games"] == 12
    assert [p.name for p in tmp_path.iterdir()] == ["ladder.json"]
    with pytest.raises(ValueError):
        write_json(target, {"bad": math.nan})
    assert json.loads(target.read_text())["summary"]["games"] == 12  # the old file is intact
    assert [p.name for p in tmp_path.iterdir()] == ["ladder.json"]


def ttr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ttr", *args], capture_output=True, text=True, cwd=ROOT, timeout=120
    )


def test_tournament_command_prints_the_ladder_and_writes_json(tmp_path):
    out = tmp_path / "run.json"
    args = ["tournament", "--map", "usa", "--agents", "random,greedy,mcts:1", "--games", "2"]
    result = ttr(*args, "--seed", "2", "--quiet", "--json", str(out))
    assert result.returncode == 0, result.stderr
    assert "Bradley-Terry" in result.stdout and "mcts:1" in result.stdout
    summary = json.loads(out.read_text())["summary"]
    assert summary["games"] == 6 and set(summary["ratings"]) == {"random", "greedy", "mcts:1"}


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["--games", "3"], "--games"),
        (["--games", "0"], "--games"),
        (["--agents", "random,bogus"], "--agents"),
        (["--agents", "random"], "--agents"),
        (["--agents", "random,random"], "--agents"),
        (["--players", "7"], "--players"),
        (["--map", "mars"], "--map"),
        (["--variant", "nope"], "--variant"),
        (["--jobs", "0"], "--jobs"),
        (["--json", "/no/such/folder/x.json"], "--json"),
        (["--games", "many"], "--games"),
    ],
)
def test_tournament_command_rejects_bad_input_in_one_line_before_any_game(args, word, capsys):
    try:
        code = main(["tournament", "--quiet", *args])
    except SystemExit as stop:  # argparse's own refusals
        code = stop.code
    assert code == 2
    out, err = capsys.readouterr()
    lines = err.strip().splitlines()
    assert out == "" and len(lines) == 1 and word in lines[0], err


def test_a_bad_tournament_command_shows_no_traceback():
    result = ttr("tournament", "--agents", "random,bogus")
    assert result.returncode == 2 and result.stdout == ""
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("games", "jobs", "field"),
    [(10**9, 1, "--games"), (4, 10**9, "--jobs"), (4, 0, "--jobs"), (True, 1, "--games")],
)
def test_a_tournament_is_bounded_before_any_game(games, jobs, field):
    with pytest.raises(TTRError, match=field):
        check_arguments("usa", 2, ["random", "greedy"], games, None, jobs)
