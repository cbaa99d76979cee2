"""The play table, the score sheet and every teaching widget in Korean (issue #18).

Each widget is created with Korean in force and driven from Python by clicks, as a person
would: a seeded game against the greedy bot played to its end by following the hints (with
Why?, a refused click, a take-back and the stepper at the end), two people passing the laptop,
a tunnel paid and declined, the score sheet's worked example with its warnings and errors, and
a few clicks on each teaching widget. At every step, every text the widget shows (labels,
tooltips, options, prompts, coach notes, status lines, tables, the map's legend and tooltips:
:func:`i18n_views.shown_texts`) must be Korean: no English words are left once rule ids, city
and player names, file names and code are taken out. English stays the default: the same
widgets created in English show no Hangul.
"""

from __future__ import annotations

import json
import re

import pytest
from i18n_views import HANGUL, english_left, leftover_english, shown_texts
from play_helpers import HINT_STEPS, WORKED_ROUTES, WORKED_TICKETS, TableUI, follow_hints

from ttr import Game, set_language
from ttr.apps import PlayModel, PlayTable, ScoreSheet, ScoreSheetModel
from ttr.i18n import language
from ttr.scenario import stage
from ttr.views.widgets import (
    CardDrawExplorer,
    CardDrawModel,
    GameStepper,
    LongestRouteExplorer,
    RouteClaimer,
    StationPlanner,
    TunnelSimulator,
)
from ttr.views.widgets.common import bot_game

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "You")


@pytest.fixture(autouse=True)
def korean():
    """Each test runs in Korean and ends in English."""
    set_language("ko")
    yield
    set_language("en")


def korean_only(widget) -> None:
    """Every text ``widget`` shows is Korean (see the module's docstring)."""
    left = english_left(widget, NAMES)
    assert left == [], left[:5]


class KoreanTableUI(TableUI):
    """A :class:`TableUI` that reads the end of the game from the model, not the prompt's
    English words."""

    def over(self) -> bool:
        return self.table.model.game.is_over


def staged_table(**fields) -> PlayTable:
    data = {"rules": "europe", "players": ["Ann", "Ben"], "seed": 1, "tickets": {}} | fields
    return PlayTable(PlayModel(stage(data), [("Ann", "you"), ("Ben", "greedy")]))


# ---------------------------------------------------------------------------------------------
# The play table


def test_a_whole_korean_game_at_the_play_table_shows_no_english():
    table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
    table.model.hint_steps = HINT_STEPS
    korean_only(table)
    assert HANGUL.search(table.prompt.value) and table.deck_button.description.startswith("카드")
    table.keep_button.click()  # nothing ticked: refused (S5), in Korean with its lesson
    assert "S5" in table.coach.value and "배우러 가기" in table.coach.value
    korean_only(table)
    checked = {"hints": 0}

    def now_and_then(ui) -> bool:
        checked["hints"] += 1
        if checked["hints"] % 7 == 0:
            korean_only(table)
            table.why_button.click()
            assert HANGUL.search(table.coach.value)
            korean_only(table)
        return False

    seen = follow_hints(KoreanTableUI(table), until=now_and_then)
    assert seen["stations"] == 1 and table.model.game.is_over
    korean_only(table)  # the final score, the winner, each player's breakdown
    assert "최종 점수" in table.breakdown.value and "승자" in table.breakdown.value
    table.stepper_button.click()
    assert table.stepper_box.children
    korean_only(table)


def test_korean_refusals_hints_and_take_back_at_the_table():
    table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=3))
    table.ticket_boxes[0].value = table.ticket_boxes[1].value = True
    table.keep_button.click()
    hand = table.model.game.hands[0]
    unpayable = next(
        r
        for r in table.model.game.board.routes
        if r.color != "gray" and hand[r.color] + hand["loco"] < r.length
    )
    table.map.click(f"route-{unpayable.id}")  # a route the hand cannot pay for: refused (C2)
    assert "C2" in table.coach.value
    korean_only(table)
    table.hint_button.click()
    assert "힌트" in table.coach.value
    korean_only(table)
    table.deck_button.click()
    table.deck_button.click()
    table.take_back_button.click()
    assert "되돌렸습니다" in table.coach.value
    korean_only(table)
    table.focus.value = table.focus.options[1][1]  # one ticket and its cheapest path
    korean_only(table)


def test_two_people_pass_the_laptop_in_korean():
    model = PlayModel.new("usa", [("Ann", "you"), ("Ben", "you")], seed=2)
    table = PlayTable(model)
    for box in table.ticket_boxes[:2]:
        box.value = True
    table.keep_button.click()  # Ann keeps two: Ben must take the laptop
    assert table.reveal_button.description == "제가 Ben입니다"
    korean_only(table)
    table.reveal_button.click()
    korean_only(table)


def test_a_tunnel_at_the_korean_table_pay_or_decline():
    table = staged_table(
        hands={"Ann": {"red": 3, "loco": 1}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue"],
    )
    tunnel = table.model.game.board.route("Barcelona-Pamplona")
    table.map.click(f"route-{tunnel.id}")
    korean_only(table)  # the ways to pay for it
    table.option_buttons[0].click()
    assert table.model.game.phase == "tunnel"
    korean_only(table)  # the reveal and its extra cost, "pay" and "decline"
    table.why_button.click()
    korean_only(table)
    decline = next(b for b in table.option_buttons if b.description == "포기")
    decline.click()
    korean_only(table)


def test_a_korean_table_s_files_and_new_game_settings():
    table = PlayTable()
    table.save_button.click()
    korean_only(table)
    table._on_load({"new": [{"name": "bad.json", "content": b"{}"}]})  # as an upload does
    assert "✘" in table.file_message.value and HANGUL.search(table.file_message.value)
    table.setup.selected_index = 0
    table.seat_kinds[0].value = "greedy"
    table.seat_kinds[1].value = "greedy"
    table.deal_button.click()  # no person at the table: refused
    assert HANGUL.search(table.setup_message.value)
    korean_only(table)


# ---------------------------------------------------------------------------------------------
# The score sheet


def test_the_korean_score_sheet_worked_example_by_clicks():
    sheet = ScoreSheet(ScoreSheetModel("usa", ["You", "Ben"]))
    korean_only(sheet)
    board = sheet.model.board
    for ref in WORKED_ROUTES:
        route = board.route(ref)
        sheet.map.click(f"route-{route.id}")  # a double's route: the click says which (C5)
        korean_only(sheet)
    for ref in WORKED_TICKETS:
        sheet.search.value = ref.split("-")[0]
        korean_only(sheet)
        found = sheet.model.search(sheet.search.value)
        sheet.result_buttons[[board.ticket_ref(t) for t in found].index(ref)].click()
    assert sheet.model.outcome().score_of("You").total == 80
    korean_only(sheet)  # the warnings (the game had not ended), the breakdown
    sheet.remove_button.click()
    sheet.export_button.click()
    korean_only(sheet)


def test_korean_score_sheet_errors_warnings_and_stations():
    sheet = ScoreSheet(ScoreSheetModel("europe", ["Ann", "Ben", "Cat"]))
    board = sheet.model.board
    for seat in (0, 1):  # both routes of a double, at 3 players (C5)
        sheet.player.value = seat
        for route in board.find_routes("Paris-Bruxelles"):
            if route.id not in sheet.model.owner:
                sheet.model.click_route(route)
                break
    sheet.player.value = 2
    for city in ("Berlin", "Wien", "Roma", "Madrid"):  # a fourth station is an error (ST1)
        sheet.model.stations[board.city(city)] = 2
    sheet.map.click("city-Paris")
    sheet.render()
    assert "✘ 오류" in sheet.problems.value and "⚠ 경고" in sheet.problems.value
    korean_only(sheet)
    sheet._on_load({"new": [{"name": "bad.json", "content": b'{"rules": 3}'}]})
    assert HANGUL.search(sheet.message.value)
    korean_only(sheet)


# ---------------------------------------------------------------------------------------------
# The teaching widgets


def test_the_korean_game_stepper():
    stepper = GameStepper(bot_game("europe", 3, 2), teacher=True)
    korean_only(stepper)
    for step in (1, 2, stepper.model.last // 2, stepper.model.last):
        stepper.slider.value = step
        korean_only(stepper)
    route = next(r for r in stepper.model.game.board.routes if stepper.model.game.owner[r.id])
    stepper.map.click(f"route-{route.id}")
    korean_only(stepper)
    stepper.map.click("city-Berlin")
    korean_only(stepper)
    assert HANGUL.search(stepper.model.view().text())


def test_the_korean_card_draw_explorer():
    explorer = CardDrawExplorer(model=CardDrawModel.from_scenario("face_up_locomotive_refill"))
    explorer.teacher.value = True
    korean_only(explorer)
    explorer.slot_buttons[0].click()  # refilled with a locomotive (D2)
    korean_only(explorer)
    explorer.slot_buttons[0].click()  # a face-up locomotive second: refused (D4)
    assert "D4" in explorer.message.value
    korean_only(explorer)
    explorer.blind_button.click()
    explorer.map.click(f"route-{explorer.model.game.board.routes[0].id}")
    korean_only(explorer)
    explorer.undo_button.click()
    korean_only(explorer)


def test_the_korean_route_claimer():
    claimer = RouteClaimer(players=3)
    korean_only(claimer)  # a double closed at 3 players (C5)
    board = claimer.model.game.board
    claimer.map.click(f"route-{board.route('Amsterdam-London').id}")  # a ferry (C6)
    korean_only(claimer)
    claimer.route.value = board.route("Bruxelles-Paris (yellow)").id
    claimer.claim_button.click()
    korean_only(claimer)
    claimer.players.value = 4
    claimer.map.click(f"route-{board.route('Barcelona-Pamplona').id}")  # a tunnel (C7)
    korean_only(claimer)


def test_the_korean_tunnel_simulator():
    sim = TunnelSimulator(seed=1)
    korean_only(sim)
    sim.reveal_button.click()
    korean_only(sim)
    while sim.model.current.extra == 0:
        sim.reveal_button.click()
    korean_only(sim)
    sim.decline_button.click()
    korean_only(sim)
    plain = next(r for r in sim.model.game.board.routes if r.kind == "normal")
    sim.map.click(f"route-{plain.id}")
    korean_only(sim)
    sim.color.value = "locomotives only"  # not legal for a 2-space tunnel with no locomotives
    korean_only(sim)


def test_the_korean_station_planner():
    planner = StationPlanner()
    korean_only(planner)
    planner.clear_button.click()
    korean_only(planner)
    planner.map.click("city-Berlin")
    planner.place_button.click()
    korean_only(planner)
    planner.place_button.click()  # a second station in the same city: refused (ST1)
    assert "ST1" in planner.message.value
    korean_only(planner)
    planner.reset_button.click()
    planner.player.value = 1
    korean_only(planner)


def test_the_korean_longest_route_explorer():
    game = bot_game("europe", 4, 1)
    explorer = LongestRouteExplorer(game, player=1)
    korean_only(explorer)
    explorer.toggle_button.click()
    korean_only(explorer)
    explorer.source.value = 2
    korean_only(explorer)
    explorer.clear_button.click()
    korean_only(explorer)


# ---------------------------------------------------------------------------------------------
# English stays the default, and each widget speaks the language in force when created


def widgets_made() -> list:
    game = Game("europe", 2, seed=4)
    return [
        PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1)),
        ScoreSheet(),
        GameStepper(game),
        CardDrawExplorer(),
        RouteClaimer(),
        TunnelSimulator(),
        StationPlanner(),
        LongestRouteExplorer(),
    ]


def test_the_same_widgets_in_english_show_no_hangul():
    set_language("en")
    for widget in widgets_made():
        texts = shown_texts(widget)
        assert texts and not any(HANGUL.search(t) for t in texts), type(widget).__name__


def test_a_widget_speaks_the_language_in_force_when_it_is_created():
    with language("en"):
        english = PlayTable()
    korean = PlayTable()
    assert english.why_button.description == "Why?" and korean.why_button.description == "왜?"
    assert json.dumps(english.model.to_dict()) == json.dumps(korean.model.to_dict())


def test_a_static_map_s_legend_and_tooltips_in_korean():
    from ttr import load_board
    from ttr.views.svg import board_svg

    for name in ("usa", "europe"):
        svg = board_svg(load_board(name), players=["Ann", "Ben"], highlight_routes=[0])
        legend = svg.split('class="ttr-legend"', 1)[1]
        words = re.findall(r"<text[^>]*>([^<]*)</text>", legend)
        assert {"노선", "플레이어", "도시", "강조 표시"} <= set(words), words
        titles = re.findall(r"<title>([^<]*)</title>", svg)
        for text in [*words, *titles]:
            assert leftover_english(text, NAMES) == "", text
        with language("en"):
            assert not HANGUL.search(board_svg(load_board(name), players=["Ann", "Ben"]))
