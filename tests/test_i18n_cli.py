"""The command line in Korean (``TTR_LANG=ko``, issue #18): the summaries it prints and the one
line it prints for a bad file (exit code 2) are Korean; English stays the default.

The notation of the actions (``1. draw 3`` in a replay) is the game's notation, not English
prose: it is read back by ``Game.parse`` and stays as it is in both languages.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from i18n_views import HANGUL, leftover_english

from ttr.agents import AGENTS, SEARCH_AGENTS
from ttr.rules import RULE_SETS

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "data" / "scenarios"
POSITIONS = ROOT / "data" / "positions"
NOTATION = re.compile(r"^\d+\. ")
"""A replay's line naming the action played (its notation)."""
IDS = sorted({*RULE_SETS, *AGENTS, *SEARCH_AGENTS}, key=len, reverse=True)
NAMES = re.compile(r"(?<![A-Za-z_])(?:" + "|".join(IDS) + r")(?![A-Za-z_])")
SHAPE = re.compile(r"\{[^{}]*\}")
"""What the command line keeps in Latin letters: the names it takes (rule sets such as ``usa``,
bots such as ``greedy``) and the shape of a JSON field it expects (``{player: ...}``)."""


def english_words(line: str, players=("Ann", "Ben", "Cat", "You")) -> str:
    return leftover_english(SHAPE.sub(" ", NAMES.sub(" ", line)), players)


def ttr(*args: str, korean: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TTR_LANG"}
    if korean:
        env["TTR_LANG"] = "ko"
    return subprocess.run(
        [sys.executable, "-m", "ttr", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def assert_korean(lines: list[str], players=("Ann", "Ben", "Cat", "Dan", "Eve", "You")) -> None:
    for line in lines:
        if line.strip() and not NOTATION.match(line.strip()):
            assert english_words(line, players) == "", line


def test_a_korean_simulate_summary():
    result = ttr("simulate", "--games", "3", "--players", "3", "--agents", "greedy", "--quiet")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "usa 게임 3판, 플레이어 3명, 시드 0"
    assert all(HANGUL.search(line) for line in lines if not line.strip()[:1].isdigit())
    assert_korean(lines)
    english = ttr(
        "simulate", "--games", "3", "--players", "3", "--agents", "greedy", "--quiet", korean=False
    )
    assert english.stdout.splitlines()[0] == "3 games of usa, 3 players, seed 0"
    assert not HANGUL.search(english.stdout)


def test_a_korean_replay_and_score():
    replay = ttr("replay", str(SCENARIOS / "nb04_tunnel_locomotives_only.json"))
    assert replay.returncode == 0, replay.stderr
    lines = replay.stdout.splitlines()
    assert lines[0] == "게임 준비" and any("기차 말" in line for line in lines)
    assert_korean(lines)
    for position in sorted(POSITIONS.glob("*.json")):
        score = ttr("score", str(position))
        assert score.returncode == 0, score.stderr
        lines = score.stdout.splitlines()
        assert lines[-1].startswith("순위: ") and "승자: " in lines[-1]
        assert_korean(lines)


@pytest.mark.parametrize(
    "name, text",
    [
        ("broken.json", "{not json"),
        ("list.json", "[1, 2]"),
        ("mars.json", json.dumps({"rules": "mars"})),
        ("field.json", json.dumps({"rules": "usa", "players": ["Ann", "Ben"], "hands": 3})),
        ("player.json", json.dumps({"rules": "usa", "players": ["Ann", "Ann"]})),
    ],
)
def test_a_bad_file_is_one_korean_line_and_exit_2(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    for command in ("replay", "score"):
        result = ttr(command, str(path))
        assert result.returncode == 2 and result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("오류: "), result.stderr
        assert HANGUL.search(lines[0][4:]) and "Traceback" not in result.stderr
        assert english_words(lines[0].replace(str(path), " "), ("Ann",)) == "", lines[0]
        english = ttr(command, str(path), korean=False)
        assert english.returncode == 2 and english.stderr.startswith("error: ")
        assert not HANGUL.search(english.stderr)


def test_a_missing_file_and_bad_arguments_in_korean(tmp_path):
    missing = ttr("replay", str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and missing.stderr.startswith("오류: ")
    assert "그런 파일이나 폴더가 없습니다" in missing.stderr
    games = ttr("simulate", "--games", "0", "--quiet")
    assert games.returncode == 2 and games.stderr.startswith("오류: --games: ")
    assert HANGUL.search(games.stderr)
    folder = ttr("simulate", "--games", "1", "--quiet", "--json", str(tmp_path))
    assert folder.returncode == 2 and "폴더입니다" in folder.stderr
