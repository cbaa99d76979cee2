"""The score sheet (#15) from Python: ``ScoreSheetModel`` entered click by click, its warnings
and errors, and the position files ``python -m ttr score`` reads; the ``ScoreSheet`` widget
driven by its buttons and map clicks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from play_helpers import WORKED_ROUTES, WORKED_TICKETS

from ttr.apps.score_sheet import ScoreSheet, ScoreSheetModel
from ttr.cli import main
from ttr.errors import ScenarioError, TTRError, UnknownReference

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "positions" / "nb08_worked_example.json"


def enter_routes(sheet: ScoreSheetModel, refs) -> None:
    """Click each route; a double with two colours is answered with the colour named."""
    for ref in refs:
        route = sheet.board.route(ref)
        sheet.click_route(route)


def test_F1_F5_the_worked_example_entered_by_clicks_scores_80():
    sheet = ScoreSheetModel("usa", ["You", "Ben"])
    enter_routes(sheet, WORKED_ROUTES)
    for ref in WORKED_TICKETS:
        found = sheet.search(ref.split("-")[0].lower())
        sheet.add_ticket(next(t for t in found if sheet.board.ticket_ref(t) == ref))
    score = sheet.outcome().score_of("You")
    assert (score.route_points, score.longest_route_bonus, score.total) == (62, 10, 80)
    assert [t.completed for t in score.tickets] == [True, True, False]  # computed (K4)
    assert sheet.trains_used(0) == 34


@pytest.mark.parametrize(
    ("rules", "ref"),
    [
        ("usa", "Los Angeles-San Francisco (yellow)"),
        ("europe", "Edinburgh-London (orange)"),
        ("europe", "Frankfurt-Paris (white)"),
        ("europe", "Budapest-Wien (red)"),
    ],
)
def test_C5_a_click_on_a_route_of_a_double_names_that_route(rules, ref):
    sheet = ScoreSheetModel(rules, ["Ann", "Ben"])
    route = sheet.board.route(ref)
    assert sheet.click_route(route).endswith("(C3).")  # no question: the click said which
    assert sheet.owner == {route.id: 0}
    sheet.click_route(route)  # a second click takes it off
    assert sheet.owner == {}


def test_C5_a_click_says_which_route_of_a_double_a_file_left_unsaid():
    sheet = ScoreSheetModel.from_position(EXAMPLE)
    sheet.select_player(1)
    red, yellow = (sheet.board.route(f"Boston-New York ({c})") for c in ("red", "yellow"))
    held = red if red.id in sheet.owner else yellow
    other = yellow if held is red else red
    assert held.id in sheet.unsaid
    sheet.click_route(other)  # it was the other one
    assert sheet.owner.get(other.id) == 1 and held.id not in sheet.owner
    assert other.id not in sheet.unsaid


def test_a_gray_double_needs_no_question():
    sheet = ScoreSheetModel("usa", ["Ann", "Ben", "Cat", "Dan"])
    route = sheet.board.route("Portland-Seattle")
    sheet.click_route(route)
    sheet.select_player(1)
    sheet.click_route(route)  # the other gray route of the pair, for Ben (4 players)
    assert sorted(sheet.owner.values()) == [0, 1]
    assert not [p for p in sheet.problems() if p.level == "error"]


def test_warnings_of_an_unfinished_game_or_a_slip():
    sheet = ScoreSheetModel.from_position(EXAMPLE)
    lines = [(p.level, p.line()) for p in sheet.problems()]
    assert (
        "warning",
        "the game: no player is down to 2 trains or fewer, so the game had not ended yet (E1)",
    ) in lines
    unsaid = [line for level, line in lines if "without its colour" in line]
    assert len(unsaid) == 2 and all(line.startswith("Ben's routes") for line in unsaid)
    sheet.select_player(1)
    sheet.add_ticket("Boston-Miami")
    assert any(
        "Boston-Miami is listed twice" in line
        for _, line in [(p.level, p.line()) for p in sheet.problems()]
    )
    route = sheet.board.route("Boston-New York (red)")
    sheet.click_route(route)  # Ben's own: a click says which it was (it stays his)
    assert sum("without its colour" in p.text for p in sheet.problems()) == 1


def test_more_than_45_trains_is_a_warning_and_the_end_warning_goes():
    sheet = ScoreSheetModel("usa", ["Ann", "Ben"])
    for route in sorted(sheet.board.routes, key=lambda r: -r.length):
        if sheet.board.twin(route) is None and sheet.trains_used(0) < 47:
            sheet.click_route(route)
    problems = sheet.problems()
    assert any(p.level == "warning" and "they use" in p.text and "(S1)" in p.text for p in problems)
    assert not any("(E1)" in p.text for p in problems)


def test_errors_name_the_item_and_the_rule():
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    for city in ("Berlin", "Paris", "Roma", "Wien"):
        sheet.click_city(city)
    data = sheet.to_position()
    data["players"][1]["routes"] = ["Paris-Bruxelles (yellow)"]
    data["players"][0]["routes"] = ["Paris-Bruxelles (red)"]
    two = ScoreSheetModel.from_position(data)
    errors = [p.line() for p in two.problems() if p.level == "error"]
    assert any(line.startswith("Ann's stations: 4 stations") and "(ST1)" in line for line in errors)
    assert any("both routes of the double" in line and "(C5)" in line for line in errors)
    assert two.problems()[0].level == "error"  # errors first


def test_ST1_one_station_per_city_and_none_in_usa():
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    sheet.click_city("Berlin")
    sheet.select_player(1)
    assert "one per city (ST1)" in sheet.click_city("Berlin")
    assert sheet.stations == {"Berlin": 0}
    usa = ScoreSheetModel("usa", ["Ann", "Ben"])
    assert "no stations" in usa.click_city("Denver") and not usa.stations


def test_search_ignores_accents_and_case():
    sheet = ScoreSheetModel("usa", ["Ann", "Ben"])
    refs = [sheet.board.ticket_ref(t) for t in sheet.search("montreal")]
    assert refs and all("Montréal" in ref for ref in refs)
    with pytest.raises(UnknownReference):
        sheet.add_ticket("Montréal-Atlantis")


def test_export_is_what_python_m_ttr_score_reads(tmp_path, capsys):
    sheet = ScoreSheetModel.from_position(EXAMPLE)
    path = tmp_path / "position.json"
    sheet.save(path)
    assert main(["score", str(path), "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in scored["players"]} == {"You": 80, "Ben": 80}
    again = ScoreSheetModel.from_position(path)
    assert again.holdings() == sheet.holdings() and again.unsaid == sheet.unsaid
    assert again.to_position() == sheet.to_position()


def test_a_bad_position_names_its_field():
    for text, field in (
        ("[]", "top"),
        ('{"map": "usa", "players": []}', "'players'"),
        ('{"map": "usa", "oops": 1, "players": [{"name": "A"}, {"name": "B"}]}', "'oops'"),
    ):
        with pytest.raises(ScenarioError, match=field):
            ScoreSheetModel.from_json(text)


@pytest.mark.parametrize(
    ("ben", "field"),
    [
        ({"routes": ["Nowhere-Else"]}, "players[1].routes[0]"),
        ({"tickets": [7]}, "players[1].tickets[0]"),
        ({"stations": ["Denver"]}, "players[1].stations[0]"),
        ({"score": 3}, "players[1]"),
    ],
)
def test_a_bad_player_entry_names_its_field(ben, field):
    data = {"map": "usa", "players": [{"name": "Ann"}, {"name": "Ben", **ben}]}
    with pytest.raises(ScenarioError, match=re.escape(f"'{field}'")):
        ScoreSheetModel.from_json(json.dumps(data))


def test_the_widget_by_clicks_scores_the_worked_example():
    sheet = ScoreSheet()
    sheet.names.value = "You, Ben"
    sheet.new_button.click()
    board = sheet.model.board
    for ref in WORKED_ROUTES:
        route = board.route(ref)
        sheet.map.click(f"route-{route.id}")
    for ref in WORKED_TICKETS:
        sheet.search.value = ref.replace("-", " ")
        labels = [b.description for b in sheet.result_buttons if b.layout.display != "none"]
        sheet.result_buttons[[label.split(" (")[0] for label in labels].index(f"+ {ref}")].click()
    assert sheet.search.value == ""  # cleared after each pick
    assert sheet.remove_choice.label == "Duluth-Houston (8)"  # the latest, ready to take off
    assert "<b>80</b>" in sheet.score.value
    assert "Winner: <b>You</b>" in sheet.score.value
    trail = [r.id for r in sheet.model.outcome().scores[0].longest_trail.routes]
    assert sorted(sheet.map.highlight_routes) == sorted(trail)
    name, text = sheet.export_button.click()  # one click: the file itself
    assert name == "position.json" and json.loads(text) == sheet.model.to_position()
    assert "python -m ttr score" in sheet.file_view.value
    upload = {"name": "bad.json", "content": b'{"map": "usa"}'}
    before = sheet.model
    sheet._on_load({"new": [upload]})  # what the upload button does with a file
    assert sheet.model is before and "✘ bad.json" in sheet.message.value


def test_the_ticket_search_suggests_a_city_of_the_board_in_play():
    sheet = ScoreSheet()
    assert sheet.search.placeholder == "type a city, e.g. Denver"
    sheet.rules_choice.value = "europe"
    sheet.new_button.click()
    city = sheet.model.example_city()
    assert city in sheet.model.board.cities and sheet.search.placeholder.endswith(city)


def test_bad_arguments_raise_a_clear_error_and_change_nothing():
    sheet = ScoreSheetModel.from_position(EXAMPLE)
    before = sheet.to_position()
    for call, field in (
        (lambda: sheet.select_player(2), "player"),
        (lambda: sheet.click_route(-1), "route"),
        (lambda: sheet.click_city("Atlantis"), "Atlantis"),
        (lambda: sheet.remove_ticket(3), "ticket"),
        (lambda: sheet.set_focus("trail:9"), "trail:9"),
    ):
        with pytest.raises(TTRError, match=field):
            call()
    assert sheet.to_position() == before and sheet.current == 0


def test_ST3_a_ticket_failed_for_now_says_which_unentered_route_a_station_would_borrow():
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    board = sheet.board
    sheet.click_route(board.route("Athina-Smyrna"))
    sheet.click_city("Smyrna")
    sheet.add_ticket("Athina-Angora")
    assert not sheet.outcome().scores[0].tickets[0].completed
    why = [p.line() for p in sheet.problems() if "fails with the routes entered so far" in p.text]
    assert why == [
        "Ann's tickets: Athina-Angora fails with the routes entered so far; the station in Smyrna "
        "would join it by borrowing Angora-Smyrna, which nobody has yet: enter the other "
        "players' routes (ST3)"
    ]
    sheet.select_player(1)
    sheet.click_route(board.route("Angora-Smyrna"))  # Ben's route: the station borrows it
    assert sheet.outcome().scores[0].tickets[0].completed
    assert not [p for p in sheet.problems() if "fails with the routes" in p.text]


def test_F5_the_breakdown_names_the_tie_break_that_decided():
    sheet = ScoreSheet(ScoreSheetModel.from_position(EXAMPLE))  # You and Ben: 80 points each
    assert (
        "Ben and You are tied on 80 points: most tickets completed decides (Ben 3, You 2) (F5)."
        in sheet.score.value
    )


def test_a_ticket_held_by_two_players_is_an_error_on_the_sheet():
    """The deck has each ticket once (issue 28): the sheet says so, as ``score`` refuses it."""
    sheet = ScoreSheetModel.from_position(
        {
            "map": "europe",
            "players": [
                {"name": "Ann", "tickets": ["Paris-Wien"]},
                {"name": "Ben", "tickets": ["Wien-Paris"]},
            ],
        }
    )
    errors = [p for p in sheet.problems() if p.level == "error"]
    assert [(p.item, p.text) for p in errors] == [
        ("Ben's tickets", "Paris-Wien is held by Ann too: the deck has each ticket once")
    ]
