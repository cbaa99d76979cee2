"""benchmarks/ab_playouts.py: its argument checks, its interval, and a tiny run of one tree
against itself."""

from __future__ import annotations

import subprocess
import sys

import pytest
from script_helpers import BENCHMARKS, load_script

ROOT = BENCHMARKS.parent
SCRIPT = BENCHMARKS / "ab_playouts.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "args, says",
    [
        (["--old", "{root}"], "--new"),
        (["--old", "{empty}", "--new", "{root}"], "--old"),
        (["--old", "{root}", "--new", "{root}", "--rounds", "2"], "--rounds must be"),
        (["--old", "{root}", "--new", "{root}", "--chunk", "0"], "--chunk must be"),
        (["--old", "{root}", "--new", "{root}", "--restart", "300"], "--restart must be"),
        (["--old", "{root}", "--new", "{root}", "--only", "usa:23"], "is not BOARD:PLAYERS"),
        (["--old", "{root}", "--new", "{root}", "--only", "usa:2:loud"], "'on' or 'off'"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(tmp_path, args, says):
    args = [arg.replace("{empty}", str(tmp_path)).replace("{root}", str(ROOT)) for arg in args]
    result = run(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert says in result.stderr and "Traceback" not in result.stderr


def test_the_interval_of_the_median_holds_the_middle_order_statistics():
    script = load_script("ab_playouts")
    low, high = script.median_interval([float(v) for v in range(100)])
    assert (low, high) == (40.0, 59.0)  # n = 100: the 41st and the 60th of the ordered values
    assert script.median_interval([1.0, 2.0, 3.0]) == (1.0, 3.0)


def test_one_tree_against_itself_plays_the_same_games():
    result = run(
        "--old", str(ROOT), "--new", str(ROOT), "--rounds", "6", "--chunk", "1", "--restart", "3",
        "--only", "usa:2,europe:3:on",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines() if line.startswith(("usa", "eu"))]
    assert [row[:3] for row in rows] == [["usa", "2", "off"], ["europe", "3", "on"]]
    for row in rows:
        old, new = row[-3], row[-1]
        assert old == new and int(old) > 50  # the same seeds give the same games on both sides
        assert float(row[5]) > 0
