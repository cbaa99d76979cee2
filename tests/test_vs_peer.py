"""benchmarks/vs_peer.py without the peer: its argument checks and our side of the comparison."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from script_helpers import BENCHMARKS, load_script

import ttr.tools.bench

SCRIPT = BENCHMARKS / "vs_peer.py"


@pytest.mark.parametrize(
    "args, says",
    [
        ([], "--peer"),
        (["--peer", "{empty}"], "no ticket_to_ride/engine"),
        (["--peer", "{empty}", "--players", "2,9"], "--players must be between 2 and 5"),
        (["--peer", "{empty}", "--loops", "fast"], "unknown loop 'fast'"),
        (["--peer", "{empty}", "--games", "0"], "--games must be"),
        (["--peer", "{peer}", "--ours", "{empty}"], "no ttr package there"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(tmp_path, args, says):
    peer = tmp_path / "peer"
    (peer / "ticket_to_ride" / "engine").mkdir(parents=True)
    args = [arg.replace("{empty}", str(tmp_path)).replace("{peer}", str(peer)) for arg in args]
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1
    assert says in run.stderr and "Traceback" not in run.stderr


def test_our_two_loops_play_the_same_games_and_are_timed_side_by_side():
    """The lazy list and the materialised one list the same actions in the same order, so with
    the same seed both loops play the same game; the timing code reports both sides."""
    script = load_script("vs_peer")
    loops = script.our_playouts(ttr.tools.bench, 2)
    lengths = [loops["native"](seed) for seed in range(3)]
    assert lengths == [loops["generic"](seed) for seed in range(3)]
    assert min(lengths) > 50
    row = script.compare(loops["native"], loops["generic"], games=2, repeats=1)
    assert row["actions_game"] == [sum(lengths[:2]) / 2] * 2
    assert all(value > 0 for value in (*row["games_s"], *row["us_action"], row["ratio"]))


def test_the_output_names_the_build_of_ours_that_ran():
    import ttr.state

    build = load_script("vs_peer").build_of(ttr.tools.bench)
    pure = str(ttr.state.__file__).endswith(".py")
    assert build.startswith("pure Python, " if pure else "compiled (mypyc), ")
    assert build.endswith(str(Path(ttr.tools.bench.__file__).parent))
