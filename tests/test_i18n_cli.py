"""The command line in Korean (``TTR_LANG=ko``, #18) and Chinese (``TTR_LANG=zh``, #31): the
summaries it prints and the one line it prints for a bad file or a refused action (exit code 2)
are in the language (the tests parametrized over it have the ids ``[ko]``, ``[zh]``); English
stays the default. The errors of saves, scenarios and staged positions are Korean too: every bad
input of the English tests (test_persist, test_staging, test_hostile_input) is refused again
with Korean on.

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
from i18n_views import leftover_english
from languages import HANGUL, LANGUAGES, SCRIPT, WORDS, unquoted
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


PLAYERS = ("Ann", "Ben", "Cat", "Dan", "Eve", "You")


def english_words(line: str, players=("Ann", "Ben", "Cat", "You")) -> str:
    return leftover_english(CODE.sub(" ", SHAPE.sub(" ", NAMES.sub(" ", line))), players)


def ttr(*args: str, lang: str | None = "ko") -> subprocess.CompletedProcess[str]:
    """``python -m ttr ARGS`` with ``TTR_LANG=lang`` (None: English, the default)."""
    env = {k: v for k, v in os.environ.items() if k != "TTR_LANG"}
    if lang is not None:
        env["TTR_LANG"] = lang
    return subprocess.run(
        [sys.executable, "-m", "ttr", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def assert_korean(lines: list[str], players=PLAYERS) -> None:
    for line in lines:
        if line.strip() and not NOTATION.match(line.strip()):
            assert english_words(line, players) == "", line


def assert_no_english(lang: str, lines: list[str]) -> None:
    """No line but the notation keeps an English word (the command line's names, code and field
    shapes count as English here), and no line holds the other translation's letters."""
    foreign = [SCRIPT[other] for other in LANGUAGES if other != lang]
    for line in lines:
        if line.strip() and not NOTATION.match(line.strip()):
            assert leftover_english(unquoted(lang, line), PLAYERS) == "", line
            assert not any(letters.search(line) for letters in foreign), line


def test_a_korean_simulate_summary():
    result = ttr("simulate", "--games", "3", "--players", "3", "--agents", "greedy", "--quiet")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "usa 게임 3판, 플레이어 3명, 시드 0"
    assert all(HANGUL.search(line) for line in lines if not line.strip()[:1].isdigit())
    assert_korean(lines)
    english = ttr(
        "simulate", "--games", "3", "--players", "3", "--agents", "greedy", "--quiet", lang=None
    )
    assert english.stdout.splitlines()[0] == "3 games of usa, 3 players, seed 0"
    assert not HANGUL.search(english.stdout)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_replay_and_score(lang):
    setup, trains, ranked, winner, tie = (
        WORDS[key][lang] for key in ("setup", "trains", "ranking: ", "winner: ", "(F5).")
    )
    replay = ttr("replay", str(SCENARIOS / "nb04_tunnel_locomotives_only.json"), lang=lang)
    assert replay.returncode == 0, replay.stderr
    lines = replay.stdout.splitlines()
    assert lines[0] == setup and any(trains in line for line in lines)
    assert_no_english(lang, lines)
    for position in sorted(POSITIONS.glob("*.json")):
        score = ttr("score", str(position), lang=lang)
        assert score.returncode == 0, score.stderr
        lines = score.stdout.splitlines()
        ranking = [line for line in lines if line.startswith(ranked)]  # a tie's line follows it
        assert len(ranking) == 1 and winner in ranking[0]
        assert lines[-1] == ranking[0] or lines[-1].endswith(tie)
        assert SCRIPT[lang].search(score.stdout)
        assert_no_english(lang, lines)


ILLEGAL = {
    "rules": "usa",
    "players": ["Ann", "Ben"],
    "seed": 1,
    "tickets": {},
    "actions": ["draw deck", "claim Seattle-Portland red"],
}
"""A scenario whose second action is refused (T3: a route between the two cards of a draw)."""
BAD_FILES = {
    "broken.json": "{not json",
    "list.json": "[1, 2]",
    "mars.json": json.dumps({"rules": "mars"}),
    "field.json": json.dumps({"rules": "usa", "players": ["Ann", "Ben"], "hands": 3}),
    "player.json": json.dumps({"rules": "usa", "players": ["Ann", "Ann"]}),
    "illegal.json": json.dumps(ILLEGAL),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", BAD_FILES)
def test_a_bad_file_or_a_refused_action_is_one_line_and_exit_2(tmp_path, name, lang):
    path = tmp_path / name
    path.write_text(BAD_FILES[name], encoding="utf-8")
    prefix = WORDS["error: "][lang]
    for command in ("replay", "score"):
        result = ttr(command, str(path), lang=lang)
        assert result.returncode == 2 and result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(prefix), result.stderr
        assert SCRIPT[lang].search(lines[0][len(prefix) :]) and "Traceback" not in result.stderr
        said = unquoted(lang, lines[0].replace(str(path), " "))
        assert english_words(said, ("Ann",)) == "", lines[0]
        english = ttr(command, str(path), lang=None)
        assert english.returncode == 2 and english.stderr.startswith("error: ")
        assert not any(SCRIPT[other].search(english.stderr) for other in LANGUAGES)


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
