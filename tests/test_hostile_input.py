"""Hostile input costs little and never crashes: files, fields and arguments are checked
against limits before any work is done, messages quote at most a short prefix of the bad input,
and the command line answers every bad input with one line and exit code 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ttr import ScenarioError, load_position, load_scenario
from ttr.cli import main

ROOT = Path(__file__).resolve().parent.parent


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    err = capsys.readouterr().err
    return code, err


def one_line(code: int, err: str, *words: str) -> str:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    assert len(lines[0]) <= 320, len(lines[0])
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def write(tmp_path: Path, data, name: str = "file.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def position(**first) -> dict:
    return {"map": "europe", "players": [{"name": "Ann", **first}, {"name": "Ben"}]}


def scenario(**fields) -> dict:
    return {"rules": "usa", "players": ["Ann", "Ben"], "seed": 1, "tickets": {}, **fields}


# ---------------------------------------------------------------------------------------------
# Limits before work


def test_a_long_route_name_is_refused_unread():
    """3,000 spaces and a letter once took a minute to read (a backtracking pattern)."""
    with pytest.raises(ScenarioError, match="too long"):
        load_position(position(routes=[" " * 3000 + "a"]))


def test_card_words_read_in_one_pass():
    with pytest.raises(ScenarioError, match="too long|cannot read"):
        load_scenario(scenario(actions=["claim " + "red " * 5000]))


def test_counts_are_checked_before_they_are_expanded():
    with pytest.raises(ScenarioError, match="0 to 110"):
        load_scenario(scenario(hands={"Ann": {"red": 300_000_000}}))
    with pytest.raises(ScenarioError, match="0 to 110"):
        load_scenario(scenario(deck={"red": 10**12}))


def test_messages_quote_a_short_prefix(tmp_path, capsys):
    name = "X" * 1_000_000
    path = write(tmp_path, scenario(routes={"Ann": [f"Paris-{name}"]}))
    one_line(*run(capsys, "replay", path))


# ---------------------------------------------------------------------------------------------
# Files that are not what they claim


def test_a_binary_file_is_named(tmp_path, capsys):
    path = tmp_path / "photo.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe")
    one_line(*run(capsys, "replay", str(path)), "photo.json", "UTF-8")


def test_deep_nesting_is_refused(tmp_path, capsys):
    path = write(tmp_path, '{"rules": "usa", "players": ' + "[" * 100_000 + "]" * 100_000 + "}")
    one_line(*run(capsys, "replay", path), "nested")


def test_nan_is_not_json(tmp_path, capsys):
    path = write(tmp_path, '{"rules": "usa", "seed": NaN}')
    one_line(*run(capsys, "replay", path), "NaN")


@pytest.mark.parametrize("variant", [3, ["europe"], {"a": 1}, True])
def test_a_variant_that_is_not_text(tmp_path, capsys, variant):
    path = write(tmp_path, {"map": "europe", "variant": variant, "players": [{"name": "Ann"}]})
    one_line(*run(capsys, "score", path), "variant")


def test_a_folder_instead_of_a_file(tmp_path, capsys):
    one_line(*run(capsys, "score", str(tmp_path)), str(tmp_path))


# ---------------------------------------------------------------------------------------------
# Positions that break the rules


@pytest.mark.parametrize(
    "data,words",
    [
        (scenario(players="Ann,Ben"), ["players"]),
        (scenario(players=["Ann", ""]), ["empty"]),
        (scenario(players=["Ann", "Be\x07n"]), ["control"]),
        (scenario(players=["Ann", "Ann"]), ["differ"]),
        (scenario(market=["loco", "loco", "loco", "red", "blue"]), ["market", "D6"]),
        (scenario(trains={"Ann": 44}), ["trains.Ann"]),
        (scenario(tickets={"Ann": ["Denver-El Paso"], "Ben": ["Denver-El Paso"]}), ["twice"]),
        (
            {
                "rules": "europe",
                "tickets": {},
                "stations": {"Ann": ["Berlin", "Paris", "Roma", "Wien"]},
            },
            ["at most 3"],
        ),
        ({"rules": "usa", "tickets": {}, "stations": {"Ann": ["Denver"]}}, ["no stations"]),
    ],
    ids=[
        "players as a string",
        "an empty name",
        "a control character",
        "the same name twice",
        "a market D6 would reset",
        "trains the routes do not leave",
        "a ticket held twice",
        "four stations",
        "stations in the USA",
    ],
)
def test_scenarios_that_break_the_rules(data, words):
    with pytest.raises(ScenarioError) as info:
        load_scenario(data)
    for word in words:
        assert word in str(info.value), str(info.value)


def test_routes_over_45_trains_are_refused():
    long = [
        "Petrograd-Stockholm",
        "Budapest-Kyiv",
        "Palermo-Smyrna",
        "Athina-Brindisi",
        "Athina-Sarajevo",
        "Barcelona-Marseille",
        "Berlin-Danzig",
        "Berlin-Warszawa (pink)",
        "Brest-Pamplona",
        "Bucuresti-Budapest",
    ]  # 48 trains
    with pytest.raises(ScenarioError, match="45"):
        load_position(position(routes=long))


def test_a_ticket_listed_twice_in_a_position():
    with pytest.raises(ScenarioError, match="twice"):
        load_position(position(tickets=["Paris-Wien", "Wien-Paris"]))


# ---------------------------------------------------------------------------------------------
# simulate loses nothing


@pytest.mark.parametrize(
    "args,words",
    [
        (["--games", "0"], ["--games"]),
        (["--games", "-5"], ["--games"]),
        (["--jobs", "-3"], ["--jobs"]),
        (["--jobs", "1000"], ["--jobs"]),
        (["--players", "9"], ["players"]),
        (["--agents", "random,bogus"], ["bogus"]),
        (["--json", "/no/such/folder/run.json"], ["/no/such/folder"]),
    ],
)
def test_simulate_checks_its_arguments_before_the_first_game(capsys, args, words):
    one_line(*run(capsys, "simulate", "--quiet", *args), *words)


def test_simulate_writes_strict_json_atomically(tmp_path, capsys):
    out = tmp_path / "run.json"
    assert main(["simulate", "--quiet", "--games", "1", "--json", str(out)]) == 0
    text = out.read_text()
    assert "NaN" not in text
    data = json.loads(text)
    assert data["summary"]["seats"][0]["mean_score"][1] is None  # no interval from one game
    assert "null" in data["note"]
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]  # no temporary file left


def test_a_failed_write_keeps_the_old_results(tmp_path, monkeypatch, capsys):
    out = tmp_path / "run.json"
    out.write_text('{"old": true}')

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("ttr.files.os.replace", broken)
    code, err = run(capsys, "simulate", "--quiet", "--games", "2", "--json", str(out))
    one_line(code, err, "disk full")
    assert json.loads(out.read_text()) == {"old": True}
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]


def test_the_command_line_shows_no_traceback_for_a_hostile_file(tmp_path):
    """One real process: nothing but one line on stderr."""
    path = write(tmp_path, '{"rules": "usa", "hands": {"Ann": {"red": 1e400}}}')
    result = subprocess.run(
        [sys.executable, "-m", "ttr", "replay", path],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


# Issue 28: hostile inputs of one helper's own, each of which broke something before its fix
# (the environment, the bots, simulate, the tournament, the students' bot harness).


def refused(call, *words: str) -> str:
    """``call()`` raises the project's error (never another exception) naming ``words``."""
    from ttr.errors import TTRError

    with pytest.raises(TTRError) as caught:
        call()
    text = str(caught.value)
    assert all(word in text for word in words), text
    return text


def test_the_environment_refuses_observe_before_its_first_reset():
    pytest.importorskip("pettingzoo")
    from ttr.env import TicketToRideEnv

    refused(lambda: TicketToRideEnv("usa", 2).observe("player_0"), "reset()", "observe()")


def test_the_action_codec_refuses_what_is_not_an_action_number_or_an_action():
    pytest.importorskip("pettingzoo")
    from ttr.env import TicketToRideEnv

    codec = TicketToRideEnv("usa", 2).codec
    for number in (True, "3", 2.5, -1, len(codec)):
        refused(lambda number=number: codec.decode(number), "action")
    for action in (None, "x", [1]):
        refused(lambda action=action: codec.encode(action), "action")
    refused(lambda: codec.mask(None), "game")


def test_bots_refuse_what_is_not_a_game_and_a_game_that_is_over():
    from ttr import Game
    from ttr.agents import GreedyAgent, LongRouteAgent, MCTSAgent, RandomAgent, play_game

    over = play_game(Game("usa", 2, seed=1), [RandomAgent(1), RandomAgent(2)])
    for agent in (RandomAgent(0), GreedyAgent(0), LongRouteAgent(0), MCTSAgent(iterations=2)):
        refused(lambda agent=agent: agent.choose(None), "Game")
        refused(lambda agent=agent: agent.choose(over), "over")


def test_simulate_checks_the_player_count_before_sizing_anything_by_it(capsys):
    code, err = run(capsys, "simulate", "--quiet", "--games", "1", "--players", "99999999999")
    one_line(code, err, "99999999999")


def test_simulate_answers_a_cluster_address_that_is_not_one_with_one_line(capsys):
    pytest.importorskip("dask.distributed")
    code, err = run(capsys, "simulate", "--quiet", "--games", "1", "--cluster", "nonsense")
    one_line(code, err, "--cluster")


def test_simulate_and_tournament_refuse_seeds_and_agent_lists_of_the_wrong_kind():
    from ttr.tools.ladder import tournament
    from ttr.tools.simulation import simulate

    refused(lambda: simulate(games=1, agents=None, progress=False), "--agents")
    refused(lambda: simulate(games=1, seed="x", progress=False), "--seed")
    refused(lambda: tournament(agents=["random", "greedy"], games=2, seed="x"), "--seed")
    refused(lambda: tournament(agents=[None, "random"], games=2), "--agents")
    refused(lambda: tournament(agents=["random", "greedy"], games=2, bots=5), "--bots")
    refused(lambda: tournament(agents=["random", "greedy"], games=2, bots=[5]), "--bots")


def test_a_tournament_replays_only_the_games_it_holds():
    from ttr.tools.ladder import tournament

    result = tournament(agents=["random", "greedy"], games=2, progress=False)
    for index in (-1, True, "0", 10**9):
        refused(lambda index=index: result.replay(index), "index")
    assert result.replay(0).is_over


def test_a_tournament_replays_a_game_by_a_numpy_index():
    np = pytest.importorskip("numpy")  # not in the compiled build's venv (make test-compiled)
    from ttr.tools.ladder import tournament

    result = tournament(agents=["random", "greedy"], games=2, progress=False)
    assert result.replay(np.int64(0)).is_over


def test_the_students_harness_refuses_arguments_of_the_wrong_kind():
    from ttr.tools.students import BotSource, Limits, StudentBot, bots_in, read_bot

    refused(lambda: read_bot(None), "path")
    refused(lambda: bots_in(5), "folder")
    source = BotSource("ok_bot", "def choose(observation, legal):\n    return 0\n")
    refused(lambda: StudentBot(None, 0), "BotSource")
    refused(lambda: StudentBot(source, 0, None), "Limits")
    refused(lambda: StudentBot(source, "x"), "seed")
    refused(lambda: Limits(move_seconds=float("nan")), "move_seconds")
    refused(lambda: Limits(memory_bytes=2.0**31), "memory_bytes")


def test_the_search_bot_refuses_budgets_and_weights_that_never_end_or_divide_by_zero():
    from ttr.agents import MCTSAgent

    for settings in (
        {"seconds": float("nan")},
        {"seconds": float("inf")},
        {"scale": 0},
        {"z": -1.0},
        {"z": float("nan")},
        {"exploration": float("nan")},
        {"margin": -0.1},
        {"infer": 1e308},
        {"iterations": True},
        {"seed": 1.5},
        {"search": ["tree"]},
    ):
        name = next(iter(settings))
        refused(lambda settings=settings: MCTSAgent(**settings), name)


def test_the_search_bot_takes_numpy_integers():
    np = pytest.importorskip("numpy")  # not in the compiled build's venv (make test-compiled)
    from ttr.agents import MCTSAgent

    assert MCTSAgent(np.int64(3), iterations=np.int64(5)).iterations == 5


def test_the_environment_takes_numpy_integers_and_refuses_coerced_actions_and_seeds():
    pytest.importorskip("pettingzoo")
    import numpy as np  # the environment's extra installs it

    from ttr.env import SingleSeatEnv, TicketToRideEnv

    env = TicketToRideEnv("usa", 2)
    refused(lambda: env.step(1), "reset()")
    env.reset(seed=np.int64(5))
    for seed in (True, 1.0, -1, 2**70, "5"):
        refused(lambda seed=seed: env.reset(seed=seed), "seed")
    for action in (1070.9, "1070", True, np.float32(3), 2**80):
        refused(lambda action=action: env.step(action), "action")
    refused(lambda: env.last(0), "observe")
    refused(lambda: env.observe("player_9"), "agent")
    refused(lambda: TicketToRideEnv("usa", True), "players")
    refused(lambda: SingleSeatEnv("usa", "random"), "opponents")
    refused(lambda: SingleSeatEnv("usa", ["random"], seat=True), "seat")


def test_the_environment_says_the_game_is_over_instead_of_a_key_error():
    pytest.importorskip("pettingzoo")
    from ttr.agents import RandomAgent
    from ttr.env import SingleSeatEnv, TicketToRideEnv

    env, bot = TicketToRideEnv("usa", 2), RandomAgent(3)
    env.reset(seed=3)
    while not env.game.is_over:
        env.step(env.codec.encode(bot.choose(env.game)))
    refused(lambda: env.step(0), "game is over")
    for _ in env.possible_agents:
        env.step(None)
    refused(lambda: env.step(None), "game is over", "reset()")
    refused(lambda: env.last(), "game is over", "reset()")
    single = SingleSeatEnv("usa", ["random"])
    single.reset(seed=1)
    while not single.env.game.is_over:
        single.step(single.env.codec.encode(bot.choose(single.env.game)))
    refused(lambda: single.step(0), "game is over")
