"""The command line in Korean (``TTR_LANG=ko``, issue #18): the summaries it prints and the one
line it prints for a bad file (exit code 2) are Korean; English stays the default. The errors of
saves, scenarios and staged positions are Korean too: every bad input of the English tests
(test_persist, test_staging, test_hostile_input) is refused again with Korean on.

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
from test_hostile_input import test_scenarios_that_break_the_rules
from test_persist import CASES, corrupt, test_text_that_is_no_save_is_refused
from test_staging import test_stage_refuses_what_it_cannot_place

from ttr import Game, SaveError, TTRError, load_scenario
from ttr.agents import AGENTS, SEARCH_AGENTS
from ttr.colors import CARD_KINDS
from ttr.i18n import language
from ttr.persist import SAVE_KEYS
from ttr.rules import RULE_SETS
from ttr.scenario import KNOWN_KEYS
from ttr.staging import RESTS
from ttr.state import PHASES

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "data" / "scenarios"
POSITIONS = ROOT / "data" / "positions"
NOTATION = re.compile(r"^\d+\. ")
"""A replay's line naming the action played (its notation)."""
IDS = sorted(
    {*RULE_SETS, *AGENTS, *SEARCH_AGENTS, *CARD_KINDS, *KNOWN_KEYS, *SAVE_KEYS, *RESTS},
    key=len,
    reverse=True,
)
NAMES = re.compile(r"(?<![A-Za-z_])(?:" + "|".join(IDS) + r")(?![A-Za-z_])")
SHAPE = re.compile(r"\{[^{}]*\}")
CODE = re.compile(
    r"(?<![A-Za-z_])(?:null|true|false|NaN|UTF-8|str|list|dict|int|NoneType|[\w.]+\(\)|"
    r"[a-z_]+\.(?=')|" + "|".join(sorted(PHASES, key=len, reverse=True)) + r")(?![A-Za-z_])"
)
"""What the command line and the file errors keep in Latin letters: the names they take (rule
sets such as ``usa``, bots such as ``greedy``, phases such as ``second_card``, a file's fields
and values such as ``players`` and ``loco``), JSON's and Python's words (``null``, ``NaN``,
``str``), code (``random.getstate()``), a field's path (``state.'market'``) and the shape of a
JSON field (``{player: ...}``)."""


def english_words(line: str, players=("Ann", "Ben", "Cat", "You")) -> str:
    return leftover_english(CODE.sub(" ", SHAPE.sub(" ", NAMES.sub(" ", line))), players)


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
        ranking = [line for line in lines if line.startswith("순위: ")]  # a tie's line follows it
        assert len(ranking) == 1 and "승자: " in ranking[0]
        assert lines[-1] == ranking[0] or lines[-1].endswith("(F5).")
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


# ---------------------------------------------------------------------------------------------
# The errors of saves, scenarios and staged positions, in Korean


def marked_cases(test) -> list:
    """The cases of a test's ``parametrize`` mark (the English tests' own bad inputs)."""
    (mark,) = [m for m in test.pytestmark if m.name == "parametrize"]
    return list(mark.args[1])


def korean_error(make) -> str:
    with language("ko"):
        with pytest.raises(TTRError) as caught:
            make()
        return str(caught.value)


@pytest.mark.parametrize("name, change, field", CASES, ids=[c[0] for c in CASES])
def test_a_corrupt_save_is_refused_in_korean(name, change, field):
    data = corrupt(change)
    text = korean_error(lambda: Game.from_dict(data))
    assert HANGUL.search(text) and english_words(text, ("Solo",)) == "", text
    with pytest.raises(SaveError) as english:
        Game.from_dict(data)
    assert not HANGUL.search(str(english.value))


@pytest.mark.parametrize("text", marked_cases(test_text_that_is_no_save_is_refused))
def test_text_that_is_no_save_is_refused_in_korean(text):
    said = korean_error(lambda: Game.from_json(text))
    assert said.startswith("저장한 게임") and english_words(said) == "", said


@pytest.mark.parametrize("fields, words", marked_cases(test_stage_refuses_what_it_cannot_place))
def test_a_position_that_cannot_be_staged_is_refused_in_korean(fields, words):
    fields = {"tickets": {}, **fields}
    said = korean_error(lambda: Game.staged("usa", 2, 1, **fields))
    assert HANGUL.search(said) and english_words(said) == "", said


@pytest.mark.parametrize("data, words", marked_cases(test_scenarios_that_break_the_rules))
def test_a_scenario_that_breaks_the_rules_is_refused_in_korean(data, words):
    said = korean_error(lambda: load_scenario(data))
    assert HANGUL.search(said) and english_words(said) == "", said
