"""The class bot competition (issue 32): students' bots in their own processes with limits, a
tournament of them that is the same on a Dask LocalCluster as with --jobs 1, and a leaderboard
that says who lost by forfeit and why."""

from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from ttr.cli import main
from ttr.errors import TTRError
from ttr.tools import ladder
from ttr.tools.ladder import tournament
from ttr.tools.students import BotSource, Limits, bots_in, read_bot

EXAMPLES = Path(__file__).resolve().parent.parent / "notebooks" / "bots"
FAST = Limits(move_seconds=0.3, wall_seconds=60.0, memory_bytes=1 << 30)

SPY = """
import gc
from ttr.game import Game


class Bot:
    def __init__(self, seed):
        pass

    def choose(self, observation, legal):
        if any(isinstance(o, Game) for o in gc.get_objects()):
            raise RuntimeError("a Game is in my process")
        hidden = {"hands", "deck", "ticket_deck", "discard"} & set(observation)
        if hidden:
            raise RuntimeError(f"I can see {hidden}")
        return legal[0]
"""

SLOW = """
import time


def choose(observation, legal):
    start = time.process_time()
    while time.process_time() - start < 1.0:
        pass
    return legal[0]
"""


def bot(name: str, source: str) -> BotSource:
    return BotSource(name, source)


def solo(source: BotSource, limits: Limits = FAST, games: int = 2) -> ladder.Tournament:
    return tournament(
        "usa", 2, ["greedy"], games, seed=3, bots=[source], limits=limits, progress=False
    )


def test_example_bots_are_read_by_name_and_the_template_is_not_played():
    names = [b.name for b in bots_in(EXAMPLES)]
    assert names == ["claimer", "crasher", "random_walker", "slowpoke", "ticket_planner"]


def test_a_bot_that_raises_loses_that_game_with_the_reason():
    result = solo(read_bot(EXAMPLES / "crasher.py"))
    lost = result.forfeits()["crasher"]
    assert len(lost) == 2 and all("RuntimeError: oops" in why for _, why in lost)
    for record in result.records:
        seat = record.agents.index("crasher")
        assert record.ranking[-1] == seat and record.winners == (1 - seat,)
    assert "games lost by forfeit" in result.table()
    assert result.summary()["forfeits"] == {"greedy": 0, "crasher": 2}


def test_a_bot_over_its_cpu_time_loses_that_game():
    result = solo(bot("slow", SLOW))
    reasons = [why for _, why in result.forfeits()["slow"]]
    assert len(reasons) == 2
    assert all("CPU s for one decision (limit 0.3 s)" in why for why in reasons)


def test_a_bot_that_waits_is_stopped_by_the_wall_clock():
    sleeper = bot("sleeper", "import time\ndef choose(o, legal):\n    time.sleep(30)\n")
    result = solo(sleeper, replace(FAST, wall_seconds=1.0))
    assert all("did not answer within 1 s" in why for _, why in result.forfeits()["sleeper"])


def test_a_bot_over_its_memory_cap_loses():
    hog = bot("hog", "def choose(o, legal):\n    block = bytearray(3 << 30)\n    return legal[0]\n")
    result = solo(hog, replace(FAST, memory_bytes=512 << 20))
    assert all("MemoryError" in why or "ended" in why for _, why in result.forfeits()["hog"])


def test_an_answer_that_is_not_legal_loses():
    liar = bot("liar", "def choose(o, legal):\n    return 'claim everything'\n")
    result = solo(liar)
    assert all("not one of the legal actions" in why for _, why in result.forfeits()["liar"])


def test_a_file_that_does_not_load_loses_every_game():
    broken = bot("broken", "def choose(o, legal)\n")
    result = solo(broken)
    assert all("could not load: SyntaxError" in why for _, why in result.forfeits()["broken"])


def test_a_bot_sees_only_its_own_observation():
    result = solo(bot("spy", SPY))
    assert result.forfeits()["spy"] == []
    assert len(result.records) == 2


def test_a_game_replays_from_its_record():
    result = solo(read_bot(EXAMPLES / "ticket_planner.py"))
    for i, record in enumerate(result.records):
        game = result.replay(i)
        assert game.is_over
        assert tuple(s.total for s in game.outcome().scores) == record.scores


def same_games(result: ladder.Tournament) -> list[tuple]:
    """What must match between two runs: everything but the measured thinking times."""
    return [
        (r.pairing, r.deal, r.rotation, r.agents, r.scores, r.winners, r.forfeits, r.moves)
        for r in result.records
    ]


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_local_dask_cluster_plays_the_same_games_as_one_process():
    pytest.importorskip("dask.distributed")
    bots = [read_bot(EXAMPLES / name) for name in ("claimer.py", "crasher.py")]
    args = ("usa", 2, ["greedy", "random"], 2)
    one = tournament(*args, seed=5, bots=bots, limits=FAST, progress=False)
    dask = tournament(
        *args, seed=5, bots=bots, limits=FAST, progress=False, cluster="local", jobs=2
    )
    assert same_games(dask) == same_games(one)
    assert dask.complete and len(dask.records) == 12
    assert dask.ratings().keys() == one.ratings().keys()


def test_the_command_line_refuses_a_bad_folder_or_a_clashing_name(tmp_path, capsys):
    assert main(["tournament", "--bots", str(tmp_path / "none"), "--quiet"]) == 2
    assert "no such folder" in capsys.readouterr().err
    shutil.copy(EXAMPLES / "claimer.py", tmp_path / "greedy.py")
    code = main(["tournament", "--bots", str(tmp_path), "--agents", "greedy", "--quiet"])
    assert code == 2 and "named as a built-in" in capsys.readouterr().err
    (tmp_path / "greedy.py").unlink()
    (tmp_path / "bad name.py").write_text("def choose(o, l):\n    return l[0]\n")
    assert main(["tournament", "--bots", str(tmp_path), "--quiet"]) == 2
    assert "Python name" in capsys.readouterr().err


@pytest.mark.parametrize(
    "limits",
    [
        {"move_seconds": 0},
        {"move_seconds": float("nan")},
        {"wall_seconds": True},
        {"memory_bytes": 10},
    ],
)
def test_limits_out_of_range_are_refused(limits):
    with pytest.raises(TTRError):
        Limits(**limits)


def test_stopping_keeps_the_games_that_finished(tmp_path, monkeypatch, capsys):
    real = ladder.play_match
    calls = []

    def stopped_at_the_third(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(ladder, "play_match", stopped_at_the_third)
    monkeypatch.setattr(ladder, "SAVE_EVERY", 0.0)
    out = tmp_path / "partial.json"
    code = main(
        [
            "tournament",
            "--map",
            "usa",
            "--agents",
            "random,greedy",
            "--games",
            "4",
            "--quiet",
            "--json",
            str(out),
        ]
    )
    assert code == 2 and "the 2 games that finished" in capsys.readouterr().err
    saved = json.loads(out.read_text())
    assert len(saved["records"]) == 2 and saved["summary"]["complete"] is False
    assert saved["summary"]["planned"] == 4


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_simulate_on_a_local_dask_cluster_gives_the_same_records():
    pytest.importorskip("dask.distributed")
    from ttr.tools.simulation import simulate

    args = ("usa", 2, 12, "greedy,random")
    one = simulate(*args, seed=2, progress=False)
    dask = simulate(*args, seed=2, progress=False, cluster="local", jobs=2)
    assert dask.records == one.records


def test_the_leaderboard_page_escapes_what_bots_say_and_lists_every_game(tmp_path):
    shouter = bot("shouter", "def choose(o, legal):\n    raise ValueError('<script>x</script>')\n")
    result = solo(shouter)
    page = result.to_html()
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert page.count("<details>") == len(result.records) == 2
    assert "shouter" in page and "greedy" in page and "lost by forfeit" in page
    out = tmp_path / "board.html"
    code = main(
        [
            "tournament",
            "--map",
            "usa",
            "--agents",
            "random,greedy",
            "--games",
            "2",
            "--quiet",
            "--html",
            str(out),
        ]
    )
    assert code == 0 and out.read_text().startswith("<!DOCTYPE html>")
