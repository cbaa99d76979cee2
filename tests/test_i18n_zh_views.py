"""The play table, the score sheet, the teaching widgets and the command line in Chinese (#31).

The Chinese counterpart of tests/test_i18n_views.py and tests/test_i18n_cli.py: with Chinese in
force, a seeded game against the greedy bot is played to its end at the play table by clicks
(following the hints, with Why?, a refused click and the stepper at the end), a tunnel is paid or
declined, the score sheet's worked example is clicked in, and the teaching widgets are clicked;
every text they show is Chinese once rule ids, city and player names, file names, code and
quoted notation (「draw」) are taken out. On the command line (``TTR_LANG=zh``), a replay, the
scores and a bad file are Chinese too.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from i18n_views import leftover_english, shown_texts
from play_helpers import HINT_STEPS, WORKED_ROUTES, WORKED_TICKETS, TableUI, follow_hints

from ttr import set_language
from ttr.apps import PlayModel, PlayTable, ScoreSheet, ScoreSheetModel
from ttr.scenario import stage
from ttr.views.widgets import GameStepper, TunnelSimulator
from ttr.views.widgets.common import bot_game

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "You")
HAN = re.compile("[\u4e00-\u9fff]")
HANGUL = re.compile("[\uac00-\ud7a3]")
QUOTED = re.compile(r"「[^」]*」")


@pytest.fixture(autouse=True)
def chinese():
    set_language("zh")
    yield
    set_language("en")


def english_in(text: str) -> str:
    return leftover_english(QUOTED.sub(" ", text), NAMES)


def chinese_only(widget) -> None:
    """Every text ``widget`` shows is Chinese: no English word left, no Hangul."""
    texts = shown_texts(widget)
    left = sorted({text for text in texts if english_in(text)})
    assert left == [], left[:5]
    assert not [text for text in texts if HANGUL.search(text)]


class ChineseTableUI(TableUI):
    def over(self) -> bool:
        return self.table.model.game.is_over


def test_a_whole_chinese_game_at_the_play_table_by_clicks():
    table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
    table.model.hint_steps = HINT_STEPS
    chinese_only(table)
    assert HAN.search(table.prompt.value) and table.deck_button.description.startswith("牌堆")
    table.keep_button.click()  # nothing ticked: refused (S5), in Chinese with its lesson
    assert "S5" in table.coach.value and "去学习" in table.coach.value
    chinese_only(table)
    checked = {"hints": 0}

    def now_and_then(ui) -> bool:
        checked["hints"] += 1
        if checked["hints"] % 7 == 0:
            chinese_only(table)
            table.why_button.click()
            assert HAN.search(table.coach.value)
            chinese_only(table)
        return False

    seen = follow_hints(ChineseTableUI(table), until=now_and_then)
    assert seen["stations"] == 1 and table.model.game.is_over
    chinese_only(table)
    assert "最终得分" in table.breakdown.value and "获胜" in table.breakdown.value
    table.stepper_button.click()
    assert table.stepper_box.children
    chinese_only(table)


def test_a_refused_second_card_says_what_to_do_in_words():
    table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=3))
    table.ticket_boxes[0].value = table.ticket_boxes[1].value = True
    table.keep_button.click()
    table.deck_button.click()
    game = table.model.game
    route = next(r for r in game.board.routes if game.route_owner(r.id) is None)
    table.map.click(f"route-{route.id}")  # mid-draw: refused (T3)
    assert "T3" in table.coach.value and "draw" not in table.coach.value
    chinese_only(table)


def test_a_tunnel_at_the_chinese_table():
    data = {"rules": "europe", "players": ["Ann", "Ben"], "seed": 1, "tickets": {}}
    data |= {"hands": {"Ann": {"red": 3, "loco": 1}}, "deck": ["red", "green", "blue"]}
    data |= {"market": ["white", "black", "yellow", "orange", "pink"]}
    table = PlayTable(PlayModel(stage(data), [("Ann", "you"), ("Ben", "greedy")]))
    tunnel = table.model.game.board.route("Barcelona-Pamplona")
    table.map.click(f"route-{tunnel.id}")
    chinese_only(table)
    table.option_buttons[0].click()
    assert table.model.game.phase == "tunnel"
    chinese_only(table)
    decline = next(b for b in table.option_buttons if b.description == "放弃")
    decline.click()
    chinese_only(table)


def test_the_chinese_score_sheet_worked_example_by_clicks():
    sheet = ScoreSheet(ScoreSheetModel("usa", ["You", "Ben"]))
    chinese_only(sheet)
    board = sheet.model.board
    for ref in WORKED_ROUTES:
        route = board.route(ref)
        sheet.map.click(f"route-{route.id}")  # a double's route: the click says which (C5)
        chinese_only(sheet)
    for ref in WORKED_TICKETS:
        sheet.search.value = ref.split("-")[0]
        found = sheet.model.search(sheet.search.value)
        sheet.result_buttons[[board.ticket_ref(t) for t in found].index(ref)].click()
    assert sheet.model.outcome().score_of("You").total == 80
    chinese_only(sheet)


def test_the_chinese_stepper_and_tunnel_simulator():
    stepper = GameStepper(bot_game("europe", 3, 2), teacher=True)
    for step in (1, stepper.model.last // 2, stepper.model.last):
        stepper.slider.value = step
        chinese_only(stepper)
    simulator = TunnelSimulator(seed=1)
    simulator.reveal_button.click()
    chinese_only(simulator)


def ttr(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TTR_LANG"} | {"TTR_LANG": "zh"}
    return subprocess.run(
        [sys.executable, "-m", "ttr", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )


def test_a_chinese_replay_and_score_on_the_command_line():
    replay = ttr("replay", str(ROOT / "data" / "scenarios" / "nb04_tunnel_locomotives_only.json"))
    assert replay.returncode == 0, replay.stderr
    lines = [line for line in replay.stdout.splitlines() if not re.match(r"^\d+\. ", line.strip())]
    assert any("车厢" in line for line in lines)
    assert all(not english_in(line) for line in lines), lines
    score = ttr("score", str(ROOT / "data" / "positions" / "nb08_worked_example.json"))
    assert score.returncode == 0, score.stderr
    ranking = [line for line in score.stdout.splitlines() if line.startswith("排名：")]
    assert len(ranking) == 1 and HAN.search(score.stdout)  # a tie's line may follow it


@pytest.mark.parametrize(
    "name, text",
    [
        ("broken.json", "{not json"),
        ("player.json", json.dumps({"rules": "usa", "players": ["Ann", "Ann"]})),
        (
            "illegal.json",
            json.dumps(
                {
                    "rules": "usa",
                    "players": ["Ann", "Ben"],
                    "seed": 1,
                    "tickets": {},
                    "actions": ["draw deck", "claim Seattle-Portland red"],
                }
            ),
        ),
    ],
)
def test_a_refusal_or_bad_file_on_the_command_line_is_one_chinese_line(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = ttr("replay", str(path))
    assert result.returncode == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("错误：") and HAN.search(lines[0][3:]), lines
    assert "Traceback" not in result.stderr
