"""The play table, the score sheet and every teaching widget in Korean (#18) and Chinese (#31).

In each language (the tests' ids ``[ko]``, ``[zh]``), each widget is created with the language
in force and driven from Python by clicks, as a person would: a seeded game against the greedy
bot played to its end by following the hints (with Why?, a refused click, a take-back and the
stepper at the end), a route clicked between the two cards of a draw, two people passing the
laptop, a tunnel paid and declined, the score sheet's worked example with its warnings and
errors, and a few clicks on each teaching widget. At every step, every text the widget shows
(labels, tooltips, options, prompts, coach notes, status lines, tables, the map's legend and
tooltips: :func:`i18n_views.shown_texts`) must be in the language: no English words are left
once rule ids, city and player names, file names, code and quoted notation (「draw」) are taken
out, and no letters of the other translation. English stays the default: the same widgets
created in English show no Hangul and no Han characters.
"""

from __future__ import annotations

import json
import re

import pytest
from i18n_views import leftover_english, shown_texts
from languages import HAN, HANGUL, LANGUAGES, SCRIPT, WORDS, unquoted
from play_helpers import HINT_STEPS, WORKED_ROUTES, WORKED_TICKETS, TableUI, follow_hints

from ttr import Game, set_language
from ttr.apps import PlayModel, PlayTable, ScoreSheet, ScoreSheetModel
from ttr.i18n import language, render
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
from ttr.views.widgets.claim import route_rules
from ttr.views.widgets.common import bot_game
from ttr.views.widgets.stations import plan_html

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "You")


@pytest.fixture(params=LANGUAGES)
def lang(request):
    """The test runs in each language in turn, and ends in English."""
    set_language(request.param)
    yield request.param
    set_language("en")


def speaks_only(lang: str, widget) -> None:
    """Every text ``widget`` shows is in ``lang`` (see the module's docstring)."""
    texts = shown_texts(widget)
    left = sorted({text for text in texts if leftover_english(unquoted(lang, text), NAMES)})
    assert left == [], left[:5]
    foreign = [SCRIPT[other] for other in LANGUAGES if other != lang]
    mixed = [text for text in texts if any(letters.search(text) for letters in foreign)]
    assert mixed == [], mixed[:5]


class TranslatedTableUI(TableUI):
    """A :class:`TableUI` that reads the end of the game from the model, not the prompt's
    English words."""

    def over(self) -> bool:
        return self.table.model.game.is_over


def staged_table(**fields) -> PlayTable:
    data = {"rules": "europe", "players": ["Ann", "Ben"], "seed": 1, "tickets": {}} | fields
    return PlayTable(PlayModel(stage(data), [("Ann", "you"), ("Ben", "greedy")]))


# ---------------------------------------------------------------------------------------------
# The play table


def test_a_whole_game_at_the_play_table_shows_no_english(lang):
    table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=1))
    table.model.hint_steps = HINT_STEPS
    speaks_only(lang, table)
    assert SCRIPT[lang].search(table.prompt.value)
    assert table.deck_button.description.startswith(WORDS["deck"][lang])
    table.keep_button.click()  # nothing ticked: refused (S5), in the language with its lesson
    assert "S5" in table.coach.value and WORDS["learn it"][lang] in table.coach.value
    speaks_only(lang, table)
    checked = {"hints": 0}

    def now_and_then(ui) -> bool:
        checked["hints"] += 1
        if checked["hints"] % 7 == 0:
            speaks_only(lang, table)
            table.why_button.click()
            assert SCRIPT[lang].search(table.coach.value)
            speaks_only(lang, table)
        return False

    seen = follow_hints(TranslatedTableUI(table), until=now_and_then)
    assert seen["stations"] == 1 and table.model.game.is_over
    speaks_only(lang, table)  # the final score, the winner, each player's breakdown
    assert WORDS["final score"][lang] in table.breakdown.value
    assert WORDS["winner"][lang] in table.breakdown.value
    table.stepper_button.click()
    assert table.stepper_box.children
    speaks_only(lang, table)


def test_refusals_hints_and_take_back_at_the_table(lang):
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
    speaks_only(lang, table)
    table.hint_button.click()
    assert WORDS["hint"][lang] in table.coach.value
    speaks_only(lang, table)
    table.deck_button.click()
    table.deck_button.click()
    table.take_back_button.click()
    assert WORDS["took back"][lang] in table.coach.value
    speaks_only(lang, table)
    table.focus.value = table.focus.options[1][1]  # one ticket and its cheapest path
    speaks_only(lang, table)


def test_a_refused_second_card_says_what_to_do_in_words(lang):
    table = PlayTable(PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=3))
    table.ticket_boxes[0].value = table.ticket_boxes[1].value = True
    table.keep_button.click()
    table.deck_button.click()
    game = table.model.game
    route = next(r for r in game.board.routes if game.route_owner(r.id) is None)
    table.map.click(f"route-{route.id}")  # mid-draw: refused (T3)
    assert "T3" in table.coach.value and "draw" not in table.coach.value
    speaks_only(lang, table)


def test_two_people_pass_the_laptop(lang):
    model = PlayModel.new("usa", [("Ann", "you"), ("Ben", "you")], seed=2)
    table = PlayTable(model)
    for box in table.ticket_boxes[:2]:
        box.value = True
    table.keep_button.click()  # Ann keeps two: Ben must take the laptop
    assert table.reveal_button.description == WORDS["I am Ben"][lang]
    speaks_only(lang, table)
    table.reveal_button.click()
    speaks_only(lang, table)


def test_a_tunnel_at_the_table_pay_or_decline(lang):
    table = staged_table(
        hands={"Ann": {"red": 3, "loco": 1}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue"],
    )
    tunnel = table.model.game.board.route("Barcelona-Pamplona")
    table.map.click(f"route-{tunnel.id}")
    speaks_only(lang, table)  # the ways to pay for it
    table.option_buttons[0].click()
    assert table.model.game.phase == "tunnel"
    speaks_only(lang, table)  # the reveal and its extra cost, "pay" and "decline"
    table.why_button.click()
    speaks_only(lang, table)
    decline = next(b for b in table.option_buttons if b.description == WORDS["decline"][lang])
    decline.click()
    speaks_only(lang, table)


def test_a_ferry_s_and_a_tunnel_s_own_rule_is_in_the_payment_note(lang):
    """A click on a ferry or a tunnel names its own rule (C6; C7 and C8) beside the colours'
    (C2) in every language, whatever brackets the language cites rules in: the Chinese table
    cites them as "（C6）" and once left the ferry and the tunnel out (#31)."""
    model = staged_table(
        hands={"Ann": {"orange": 2, "red": 3, "loco": 1}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue"],
    ).model
    board = model.game.board
    ferry, tunnel = board.route("Essen-København"), board.route("Barcelona-Pamplona")
    note = model.click_route(ferry)
    assert note.rules == ("C2", "C6")
    said = render(
        "A ferry: at least {locos} of the {length} cards must be locomotives (C6).",
        locos=ferry.locomotives,
        length=ferry.length,
    )
    assert said in note.text and SCRIPT[lang].search(said)
    note = model.click_route(tunnel)
    assert note.rules == ("C2", "C7", "C8")
    assert [r.rule for r in route_rules(model.game, tunnel, 0)] == ["C2", "C7", "C1"]
    assert all(r.text in note.text for r in route_rules(model.game, tunnel, 0)[:2])


def test_a_table_s_files_and_new_game_settings(lang):
    table = PlayTable()
    table.save_button.click()
    speaks_only(lang, table)
    table._on_load({"new": [{"name": "bad.json", "content": b"{}"}]})  # as an upload does
    assert "✘" in table.file_message.value and SCRIPT[lang].search(table.file_message.value)
    table.setup.selected_index = 0
    table.seat_kinds[0].value = "greedy"
    table.seat_kinds[1].value = "greedy"
    table.deal_button.click()  # no person at the table: refused
    assert SCRIPT[lang].search(table.setup_message.value)
    speaks_only(lang, table)


# ---------------------------------------------------------------------------------------------
# The score sheet


def test_the_score_sheet_worked_example_by_clicks(lang):
    sheet = ScoreSheet(ScoreSheetModel("usa", ["You", "Ben"]))
    speaks_only(lang, sheet)
    board = sheet.model.board
    for ref in WORKED_ROUTES:
        route = board.route(ref)
        sheet.map.click(f"route-{route.id}")  # a double's route: the click says which (C5)
        speaks_only(lang, sheet)
    for ref in WORKED_TICKETS:
        sheet.search.value = ref.split("-")[0]
        speaks_only(lang, sheet)
        found = sheet.model.search(sheet.search.value)
        sheet.result_buttons[[board.ticket_ref(t) for t in found].index(ref)].click()
    assert sheet.model.outcome().score_of("You").total == 80
    speaks_only(lang, sheet)  # the warnings (the game had not ended), the breakdown
    sheet.remove_button.click()
    sheet.export_button.click()
    speaks_only(lang, sheet)


def test_score_sheet_errors_warnings_and_stations(lang):
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
    assert WORDS["✘ error"][lang] in sheet.problems.value
    assert WORDS["⚠ warning"][lang] in sheet.problems.value
    speaks_only(lang, sheet)
    sheet._on_load({"new": [{"name": "bad.json", "content": b'{"rules": 3}'}]})
    assert SCRIPT[lang].search(sheet.message.value)
    speaks_only(lang, sheet)


# ---------------------------------------------------------------------------------------------
# The teaching widgets


def test_the_game_stepper(lang):
    stepper = GameStepper(bot_game("europe", 3, 2), teacher=True)
    speaks_only(lang, stepper)
    for step in (1, 2, stepper.model.last // 2, stepper.model.last):
        stepper.slider.value = step
        speaks_only(lang, stepper)
    route = next(r for r in stepper.model.game.board.routes if stepper.model.game.owner[r.id])
    stepper.map.click(f"route-{route.id}")
    speaks_only(lang, stepper)
    stepper.map.click("city-Berlin")
    speaks_only(lang, stepper)
    assert SCRIPT[lang].search(stepper.model.view().text())


def test_the_card_draw_explorer(lang):
    explorer = CardDrawExplorer(model=CardDrawModel.from_scenario("face_up_locomotive_refill"))
    explorer.teacher.value = True
    speaks_only(lang, explorer)
    explorer.slot_buttons[0].click()  # refilled with a locomotive (D2)
    speaks_only(lang, explorer)
    explorer.slot_buttons[0].click()  # a face-up locomotive second: refused (D4)
    assert "D4" in explorer.message.value
    speaks_only(lang, explorer)
    explorer.blind_button.click()
    explorer.map.click(f"route-{explorer.model.game.board.routes[0].id}")
    speaks_only(lang, explorer)
    explorer.undo_button.click()
    speaks_only(lang, explorer)


def test_the_route_claimer(lang):
    claimer = RouteClaimer(players=3)
    speaks_only(lang, claimer)  # a double closed at 3 players (C5)
    board = claimer.model.game.board
    claimer.map.click(f"route-{board.route('Amsterdam-London').id}")  # a ferry (C6)
    speaks_only(lang, claimer)
    claimer.route.value = board.route("Bruxelles-Paris (yellow)").id
    claimer.claim_button.click()
    speaks_only(lang, claimer)
    claimer.players.value = 4
    claimer.map.click(f"route-{board.route('Barcelona-Pamplona').id}")  # a tunnel (C7)
    speaks_only(lang, claimer)


def test_the_tunnel_simulator(lang):
    sim = TunnelSimulator(seed=1)
    speaks_only(lang, sim)
    sim.reveal_button.click()
    speaks_only(lang, sim)
    while sim.model.current.extra == 0:
        sim.reveal_button.click()
    speaks_only(lang, sim)
    sim.decline_button.click()
    speaks_only(lang, sim)
    plain = next(r for r in sim.model.game.board.routes if r.kind == "normal")
    sim.map.click(f"route-{plain.id}")
    speaks_only(lang, sim)
    sim.color.value = "locomotives only"  # not legal for a 2-space tunnel with no locomotives
    speaks_only(lang, sim)


def test_the_station_planner(lang):
    planner = StationPlanner()
    speaks_only(lang, planner)
    planner.clear_button.click()
    speaks_only(lang, planner)
    planner.map.click("city-Berlin")
    planner.place_button.click()
    speaks_only(lang, planner)
    planner.place_button.click()  # a second station in the same city: refused (ST1)
    assert "ST1" in planner.message.value
    speaks_only(lang, planner)
    planner.reset_button.click()
    planner.player.value = 1
    speaks_only(lang, planner)


def test_the_station_planner_s_text_is_written_as_each_language_writes_it():
    """The planner's plain text (``StationView.text()``, printed in notebook 05) and its best
    cities for one more station: each ticket line is a whole sentence of the catalogue, so
    Chinese has its full-width brackets and colon (not "Paris-Wien (8): 失败") and Korean
    reads in Korean; English says what it said before."""
    planner = StationPlanner()  # the demo: a station that completes a ticket, and a failed one
    model = planner.model
    tickets = model.view().tickets
    assert any(t.helped_by for t in tickets) and not all(t.with_stations for t in tickets)
    said = {}
    for lang in ("en", *LANGUAGES):
        with language(lang):
            said[lang] = model.view().text().splitlines()
    ticket_lines = {lang: lines[-1 - len(tickets) : -1] for lang, lines in said.items()}
    for line, t in zip(ticket_lines["en"], tickets, strict=True):
        done = f"done thanks to {', '.join(t.helped_by)}" if t.helped_by else "done"
        assert line == f"  {t.ticket} ({t.points}): {done if t.with_stations else 'failed'}"
    zh = "\n".join(said["zh"])
    assert "(" not in zh and ")" not in zh and ":" not in zh, zh
    for line, t in zip(ticket_lines["zh"], tickets, strict=True):
        assert line.startswith(f"  {t.ticket}（{t.points} 分）：") and HAN.search(line), line
    for line, t in zip(ticket_lines["ko"], tickets, strict=True):
        assert line.startswith(f"  {t.ticket} ({t.points}점): ") and HANGUL.search(line), line
        assert not leftover_english(line, NAMES), line
    planner.clear_button.click()  # one station in München: Brindisi and Roma would gain more
    planner.city.value = "Munchen"
    planner.place_button.click()
    gains = model.suggest()
    assert gains
    with language("zh"):
        tips = plan_html(model.view(), gains).rsplit("<div>", 1)[1]
    assert all(f"{city}（{gain:+d} 分）" in tips for city, gain in gains), tips
    assert "(" not in tips and "、" in tips[tips.index("：") :], tips
    with language("zh"):
        planner.render()
        summary = planner.summary.value
    name = model.view().player
    assert f"</span>{name}：" in summary and ": " not in summary and "（" in summary, summary


def test_the_longest_route_explorer(lang):
    game = bot_game("europe", 4, 1)
    explorer = LongestRouteExplorer(game, player=1)
    speaks_only(lang, explorer)
    explorer.toggle_button.click()
    speaks_only(lang, explorer)
    explorer.source.value = 2
    speaks_only(lang, explorer)
    explorer.clear_button.click()
    speaks_only(lang, explorer)


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


def test_the_same_widgets_in_english_show_no_translated_letters():
    set_language("en")
    letters = [SCRIPT[lang] for lang in LANGUAGES]
    for widget in widgets_made():
        texts = shown_texts(widget)
        assert texts, type(widget).__name__
        assert not any(script.search(t) for t in texts for script in letters), type(widget)


def test_a_widget_speaks_the_language_in_force_when_it_is_created(lang):
    with language("en"):
        english = PlayTable()
    translated = PlayTable()
    assert english.why_button.description == "Why?"
    assert translated.why_button.description == WORDS["why?"][lang]
    assert json.dumps(english.model.to_dict()) == json.dumps(translated.model.to_dict())


def test_a_static_map_s_legend_and_tooltips(lang):
    from ttr import load_board
    from ttr.views.svg import board_svg

    for name in ("usa", "europe"):
        svg = board_svg(load_board(name), players=["Ann", "Ben"], highlight_routes=[0])
        legend = svg.split('class="ttr-legend"', 1)[1]
        words = re.findall(r"<text[^>]*>([^<]*)</text>", legend)
        assert WORDS["legend"][lang] <= set(words), words
        titles = re.findall(r"<title>([^<]*)</title>", svg)
        for text in [*words, *titles]:
            assert leftover_english(unquoted(lang, text), NAMES) == "", text
        with language("en"):
            assert not SCRIPT[lang].search(board_svg(load_board(name), players=["Ann", "Ben"]))


def test_the_planner_bot_takes_a_seat_and_is_named_in_the_language(lang):
    from ttr.apps.seats import seat_label
    from ttr.apps.table import seat_choices

    name = {"ko": "계획형 봇", "zh": "规划机器人"}[lang]
    assert seat_label("planner") == name and (name, "planner") in seat_choices()
    game = Game("europe", ["Ann", "Ben"], seed=3)
    table = PlayTable(PlayModel(game, [("Ann", "planner"), ("Ben", "you")]))
    # the table let the planner keep its opening tickets; after Ben's, it plays its first turn
    assert game.current_player == 1 and len(game.tickets_of(0)) >= 2
    game.play(game.legal_actions()[0])
    assert table.model.run_bots() >= 1 and game.current_player == 1 and game.turn >= 1
    speaks_only(lang, table)
