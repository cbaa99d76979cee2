"""The command line: ``python -m ttr replay FILE [--json]``.

Good files print the narration (or the final state as JSON) and exit 0; bad input exits 2 with
exactly one line on stderr and never a traceback.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "data" / "scenarios"


def ttr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ttr", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        timeout=60,
    )


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def scenario_file(tmp_path: Path, **data) -> str:
    base = {"rules": "usa", "players": ["Ann", "Ben"], "seed": 1, "tickets": {}}
    base.update(data)
    return write(tmp_path, "scenario.json", json.dumps(base))


def assert_one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


# ---------------------------------------------------------------------------------------------
# Good files


def test_replay_prints_the_narration():
    result = ttr("replay", str(SCENARIOS / "usa_first_two_turns.json"))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "1. draw 1" in out
    assert "Ann takes the face-up blue card from slot 1." in out
    assert "9. claim Montréal-New York blue blue blue" in out
    assert "Ann: 42 trains, 4 route points" in out


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.name)
def test_replay_every_scenario(path):
    result = ttr("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "setup" in result.stdout


def test_replay_json_is_valid_json():
    result = ttr("replay", str(SCENARIOS / "usa_final_round.json"), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["phase"] == "over"
    assert data["players"] == ["A", "B", "C", "D"]
    assert data["trains"][1] == 2
    assert len(data["history"]) == 11
    assert any("(E1)" in line for line in data["log"])


def test_replay_json_of_the_tunnel():
    result = ttr("replay", str(SCENARIOS / "europe_tunnel_two_red.json"), "--json")
    data = json.loads(result.stdout)
    assert data["rules"] == "europe"
    assert data["hands"][0]["loco"] == 1


# ---------------------------------------------------------------------------------------------
# Bad input: exit 2, one line, no traceback


def test_missing_file(tmp_path):
    result = ttr("replay", str(tmp_path / "nothing.json"))
    assert_one_line_error(result, "nothing.json", "cannot read")


def test_malformed_json_names_line_and_column(tmp_path):
    path = write(tmp_path, "bad.json", '{"rules": "usa",\n "seed": 1\n "players": 2}')
    line = assert_one_line_error(ttr("replay", path), "bad.json")
    assert "line 3" in line and "column 2" in line


def test_json_that_is_not_an_object(tmp_path):
    path = write(tmp_path, "list.json", "[1, 2]")
    assert_one_line_error(ttr("replay", path), "object")


def test_unknown_field(tmp_path):
    path = scenario_file(tmp_path, colour="red")
    assert_one_line_error(ttr("replay", path), "unknown field", "'colour'")


def test_unknown_city(tmp_path):
    path = scenario_file(tmp_path, routes={"Ann": ["Paris-Nowhere"]})
    assert_one_line_error(ttr("replay", path), "unknown city", "Paris")


def test_unknown_rule_set(tmp_path):
    path = scenario_file(tmp_path, rules="mars")
    assert_one_line_error(ttr("replay", path), "mars")


def test_illegal_action_at_step_k(tmp_path):
    actions = ["draw deck", "draw deck", "claim Atlanta-Miami blue blue blue blue blue"]
    path = scenario_file(tmp_path, hands={"Ann": {}, "Ben": {}}, actions=actions)
    line = assert_one_line_error(ttr("replay", path), "step 3")
    assert "C2:" in line


def test_unreadable_action_at_step_k(tmp_path):
    path = scenario_file(tmp_path, actions=["draw deck", "fly away"])
    assert_one_line_error(ttr("replay", path), "step 2", "fly away")


@pytest.mark.parametrize("text", ["decline", "keep 1", "pay"])
def test_settling_action_with_nothing_pending_is_a_clean_error(tmp_path, text):
    """'decline', 'keep' and 'pay' as the first action: refused at step 1 like any illegal
    action (the engine must raise IllegalAction, not crash)."""
    path = scenario_file(tmp_path, actions=[text])
    assert_one_line_error(ttr("replay", path), "step 1")


def test_no_command_and_no_file():
    result = ttr()
    assert_one_line_error(result, "command")
    result = ttr("replay")
    assert_one_line_error(result, "file")


def test_a_closed_pipe_ends_the_command_quietly():
    """``python -m ttr replay FILE | head -1``: a reader that has gone away ends the program
    quietly, as it ends the shell's tools (here the pipe is closed before anything is written)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "ttr", "replay", "data/scenarios/usa_first_two_turns.json"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    finally:
        os.close(write_end)
    assert result.returncode == -signal.SIGPIPE
    assert result.stderr == ""


@pytest.mark.parametrize(
    "name", ["mcts:²", "mcts:٣", "mcts:0", "mcts:10000001", "mcts:", "greedy:5"]
)
def test_an_agent_name_with_a_bad_budget_is_one_line(name):
    result = subprocess.run(
        [sys.executable, "-m", "ttr", "simulate", "--games", "1", "--agents", name, "--quiet"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr


def test_score_refuses_a_ticket_held_by_two_players(tmp_path):
    """The deck has each ticket once: two players cannot both hold Paris-Wien (issue 28)."""
    players = [
        {"name": "Ann", "tickets": ["Paris-Wien"]},
        {"name": "Ben", "tickets": ["Wien-Paris"]},
    ]
    path = write(tmp_path, "two.json", json.dumps({"map": "europe", "players": players}))
    result = ttr("score", path)
    assert result.returncode == 2 and "held by Ann too" in result.stderr
    assert result.stderr.count("\n") == 1


def test_score_refuses_a_route_owned_by_two_players(tmp_path):
    players = [{"name": name, "routes": ["Paris-Bruxelles (red)"]} for name in ("Ann", "Ben")]
    path = write(tmp_path, "two.json", json.dumps({"map": "europe", "players": players}))
    result = ttr("score", path)
    assert result.returncode == 2 and "owned twice" in result.stderr


def test_kernels_installs_the_translated_notebooks_kernels(tmp_path):
    """``python -m ttr kernels``: what the conda route runs for ttr-ko and ttr-zh (issue 30)."""
    result = subprocess.run(
        [sys.executable, "-m", "ttr", "kernels", "--user"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "HOME": str(tmp_path), "JUPYTER_DATA_DIR": ""},
    )
    assert result.returncode == 0, result.stderr
    for code in ("ko", "zh"):
        spec = json.loads(
            (tmp_path / ".local/share/jupyter/kernels" / f"ttr-{code}" / "kernel.json").read_text()
        )
        assert spec["env"] == {"TTR_LANG": code}


# ---------------------------------------------------------------------------------------------
# score: the score sheet's warnings and the tie-break; legal: what may be played (#33)

EXAMPLE = ROOT / "data" / "positions" / "nb08_worked_example.json"


def test_score_prints_the_score_sheet_s_warnings_on_stderr_and_in_the_json(capsys):
    from ttr.apps.sheet import ScoreSheetModel
    from ttr.cli import main
    from ttr.errors import TTRError

    problems = ScoreSheetModel.from_position(EXAMPLE).problems(on_map=False)
    sheet = [p.line() for p in problems]
    assert main(["score", str(EXAMPLE)]) == 0
    out, err = capsys.readouterr()
    assert "You: 80 points" in out
    assert err.strip().splitlines() == [p.said() for p in problems]  # the sheet's own lines
    assert all(line.startswith("⚠ warning (") for line in err.strip().splitlines())
    assert "no player is down to 2 trains or fewer" in err and "without its colour" in err
    # no map to click at the command line: the advice names the file (the app's names the map)
    assert "give its colour in the file" in err and "on the map" not in err
    sheet_model = ScoreSheetModel.from_position(EXAMPLE)
    on_map = [p.line() for p in sheet_model.problems()]
    assert any("click it on the map" in line for line in on_map)
    for bad in ("no", 0, None):  # a bool or nothing: one clear error
        with pytest.raises(TTRError, match="on_map: expected one of True, False"):
            sheet_model.problems(on_map=bad)
    assert main(["score", "--json", str(EXAMPLE)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [f"{p['item']}: {p['text']}" for p in data["problems"]] == sheet
    assert {p["level"] for p in data["problems"]} == {"warning"}
    assert data["tie"] == {  # the worked example is a tie on points (F5)
        "players": ["Ben", "You"],
        "decided_by": "tickets_completed",
        "counts": {"Ben": 3, "You": 2},
    }


def test_F5_score_names_the_tie_break_that_decided_and_its_counts(tmp_path, capsys):
    from ttr.cli import main

    position = {  # 4 + 2 + 10 against 4 + 2 + 10: Ann's completed ticket decides (F5)
        "rules": "usa",
        "players": [
            {
                "name": "Ann",
                "routes": ["Montreal-Toronto"],
                "tickets": [{"cities": ["Montreal", "Toronto"], "points": 2}],
            },
            {"name": "Ben", "routes": ["Calgary-Vancouver", "Atlanta-Charleston"]},
        ],
    }
    path = write(tmp_path, "tie.json", json.dumps(position))
    assert main(["score", "--json", path]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in data["players"]] == [16, 16] and data["winners"] == ["Ann"]
    assert data["tie"] == {
        "players": ["Ann", "Ben"],
        "decided_by": "tickets_completed",
        "counts": {"Ann": 1, "Ben": 0},
    }
    assert main(["score", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == (
        "Ann and Ben are tied on 16 points: most tickets completed decides (Ann 1, Ben 0) (F5)."
    )


def test_legal_lists_a_staged_tunnel_s_payments(tmp_path, capsys):
    from ttr.cli import main

    data = json.loads((SCENARIOS / "europe_tunnel_two_red.json").read_text(encoding="utf-8"))
    data["actions"] = ["claim Barcelona-Pamplona red red"]  # the reveal asks for one more red
    path = write(tmp_path, "tunnel.json", json.dumps(data))
    assert main(["legal", path]) == 0
    out = capsys.readouterr().out
    listed = out.split("Legal actions (")[1].splitlines()[1:]
    assert [line.strip() for line in listed] == ["pay red", "pay loco", "decline"]
    assert main(["legal", "--json", path]) == 0
    assert json.loads(capsys.readouterr().out)["legal"] == ["pay red", "pay loco", "decline"]
