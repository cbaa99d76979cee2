"""The play table (#15) from Python: ``PlayModel`` driven method by method, and ``PlayTable``
driven by clicking its buttons and its map as a person does (``button.click()``,
``map.click("route-7")``). Whole seeded games are played to the end both ways."""

from __future__ import annotations

import inspect
import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest
from agent_helpers import rearrange_hidden
from play_helpers import HINT_STEPS, STATION_CITY, TableUI, follow_hints
from rule_ids import RULE_IDS
from turn_helpers import spent

from ttr import Game
from ttr.actions import BuildStation, Claim, DrawCard, KeepTickets, PayTunnel
from ttr.agents import make_agent
from ttr.apps import PlayModel, PlayTable, coach, saves, seats, session, sheet, view
from ttr.apps.coach import LESSONS, Note, lesson, note_html, refusal, served_alone
from ttr.apps.view import public_lines
from ttr.errors import IllegalAction, SaveError, TTRError
from ttr.game import OPENING, SECOND_CARD, TUNNEL, TURN
from ttr.invariants import violations
from ttr.scenario import stage
from ttr.views.widgets.common import bot_game, esc

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ANN_VS_BEN = [("Ann", "you"), ("Ben", "greedy")]


def staged_table(speed: str = "instant", **fields) -> PlayModel:
    """A Europe table in a staged position, Ann (a person) to play against Ben (greedy)."""
    data = {"rules": "europe", "players": ["Ann", "Ben"], "seed": 1, "tickets": {}}
    data.update(fields)
    if "trains" in data:
        data["routes"] = spent("europe", data.get("routes", {}), data["trains"])
    return PlayModel(stage(data), ANN_VS_BEN, speed=speed)


def red_tunnel_ahead(speed: str = "instant") -> PlayModel:
    """Ann holds 3 red and a locomotive; the deck's top three cards are red, green, blue: the
    gray tunnel Barcelona-Pamplona (2) paid in red costs one more red (C7)."""
    return staged_table(
        speed,
        hands={"Ann": {"red": 3, "loco": 1}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue"],
    )


# ---------------------------------------------------------------------------------------------
# A whole game by clicks


def test_a_whole_europe_game_against_the_greedy_bot_by_clicks():
    table = PlayTable(PlayModel.new("europe", ANN_VS_BEN, seed=1))
    table.model.hint_steps = HINT_STEPS
    seen = follow_hints(TableUI(table))
    game = table.model.game
    assert game.is_over and "Not allowed" not in table.coach.value
    assert seen["tunnels"] >= 1 and seen["stations"] == 1
    assert game.stations_of(0) == [STATION_CITY]
    outcome = game.outcome()
    for score in outcome.scores:
        assert f"<b>{score.total}</b>" in table.breakdown.value
    assert "Winner" in table.breakdown.value and "The game is over" in table.prompt.value
    joined = [t.completed for t in outcome.scores[0].tickets]
    lines = table.model.view().tickets
    assert [line.text().endswith("joined ✔") for line in lines] == joined
    assert all(line.text().endswith("not joined ✘ (K4)") for line in lines if not line.connected)
    assert table.stepper_button.layout.display == ""
    table.stepper_button.click()
    assert table.stepper_box.children  # the finished game opens in the GameStepper
    # at the end the map draws a player's longest trail, then their stations' borrowed routes
    keys = dict(table.focus.options).values()
    assert "trail:0" in keys and "stations:0" in keys
    table.focus.value = "trail:0"
    trail = [r.id for r in outcome.scores[0].longest_trail.routes]
    assert sorted(trail) == sorted(table.map.highlight_routes)


@pytest.mark.parametrize("seed", [2, 3])
def test_whole_games_through_the_model_follow_the_hints(seed):
    model = PlayModel.new("europe", ANN_VS_BEN, seed=seed)
    model.hint_steps = HINT_STEPS
    steps = 0
    while not model.game.is_over:
        steps += 1
        assert steps < 1000
        model.hint()
        action = model.hint_action
        if isinstance(action, KeepTickets):
            for i in action.keep:
                model.tick(i)
            note = model.keep()
        elif isinstance(action, Claim):
            model.click_route(action.route)
            hinted = model.view().hinted  # the hinted payment among the options
            note = model.choose(int(hinted[0].removeprefix("option:")) if hinted else 0)
        elif isinstance(action, BuildStation):
            model.click_city(action.city)
            note = model.choose(0)
        elif isinstance(action, DrawCard):
            note = model.draw_deck() if action.slot is None else model.take_card(action.slot)
        elif model.game.phase == TUNNEL:
            note = model.choose(0)
        else:
            note = model.draw_tickets()
        assert note.kind == "done", note.text
    assert model.outcome() == model.game.outcome()
    # the bots played their turns from the same game: every action has its seat
    assert len(model.actors) == model.game.actions_played
    assert set(model.actors) == {0, 1}


# ---------------------------------------------------------------------------------------------
# What the seat sees


def test_the_view_is_the_seat_s_observation_only():
    model = PlayModel.new("europe", ANN_VS_BEN, seed=4)
    model.tick(0)
    model.tick(1)
    model.keep()
    for _ in range(6):
        model.draw_deck()
    assert model.game.current_player == 0 and model.game.phase == TURN
    other = rearrange_hidden(model.game, 0, seed=5)
    twin = PlayModel(other, ANN_VS_BEN)
    assert twin.view() == replace(model.view(), seq=0, notes=())  # Ben's cards, the deck: unseen
    assert twin.hint().text == model.hint().text  # so is the hint (the bots' tests: all bots)
    assert model.view().hand == model.game.observation(0)["hand"]


def test_K3_K4_every_ticket_of_the_seat_is_marked_on_the_map_joined_or_open():
    model = staged_table(
        hands={"Ann": {"pink": 3}},
        routes={"Ann": ["Sarajevo-Sofia"]},
        tickets={
            "Ann": ["Budapest-Sofia", "Sofia-Smyrna", "Paris-Wien"],
            "Ben": ["Edinburgh-Paris"],
        },
    )
    table = PlayTable(model)
    picture = table.map.svg
    view = model.view()
    assert all(line.trains_needed for line in view.tickets)  # nothing joined yet
    assert set(view.ticket_marks.values()) == {"open"}
    model.click_route(model.game.board.route("Budapest-Sarajevo"))
    model.choose(0)  # Ann's claim joins Budapest-Sofia
    table.render()
    view = model.view()
    assert [(line.ref, line.connected) for line in view.tickets] == [
        ("Budapest-Sofia", True),
        ("Sofia-Smyrna", False),
        ("Paris-Wien", False),
    ]
    # Sofia is in a joined ticket and in an open one: open, so that it reads "still to do"
    assert view.ticket_marks == {
        "Budapest": "joined",
        "Sofia": "open",
        "Smyrna": "open",
        "Paris": "open",
        "Wien": "open",
    }
    wien = view.tickets[2]
    assert view.ticket_notes["Budapest"] == "your ticket Budapest-Sofia (5): joined ✔"
    assert view.ticket_notes["Wien"] == f"your ticket {wien.text()}"
    assert f"needs {wien.trains_needed} trains" in wien.text()
    assert view.ticket_notes["Sofia"].count("your ticket") == 2
    assert "Edinburgh" not in view.ticket_marks  # Ben's ticket stays his secret (K3)
    # the table's map carries them by element id, on the picture sent once
    assert table.map.marks == {
        "city-Budapest": "ttr-ticket-joined",
        "city-Paris": "ttr-ticket-open",
        "city-Smyrna": "ttr-ticket-open",
        "city-Sofia": "ttr-ticket-open",
        "city-Wien": "ttr-ticket-open",
    }
    assert table.map.notes["city-Wien"] == view.ticket_notes["Wien"]
    assert table.map.svg is picture
    assert "a joined ticket's city" in table.tickets.value
    assert esc(wien.text()) in table.tickets.value


def test_the_tickets_on_the_map_are_hidden_while_the_laptop_passes():
    model = PlayModel.new("usa", [("Ann", "you"), ("Cat", "you")], seed=2)
    table = PlayTable(model)
    for box in table.ticket_boxes[:2]:
        box.value = True
    table.keep_button.click()
    assert model.view().viewer is None and table.map.marks == {} and table.map.notes == {}
    table.reveal_button.click()
    cat = {city for t in model.game.tickets_of(1) for city in t.cities}
    assert {m.removeprefix("city-").replace("_", " ") for m in table.map.marks} == cat


def test_the_hint_is_the_coach_s_move_and_reason():
    """Hint shows exactly what ``make_agent("coach")`` plays in the same position (#33)."""
    model = PlayModel.new("europe", ANN_VS_BEN, seed=1)
    note = model.hint()
    coach = make_agent("coach")
    action = coach.choose(model.game)
    assert note.kind == "hint" and model.hint_action == action
    assert model.game.notation(action).split()[0] in note.text  # the move, said in words
    assert model.view().hinted == (*(f"ticket:{i}" for i in action.keep), "keep")
    assert model.game.actions_played == 0  # a hint moves nothing


def test_D10_another_player_s_blind_draws_are_told_without_the_card():
    game = bot_game("europe", 2, 1)
    blind = [e for e in game.events if e.kind == "draw" and e.data["slot"] is None]
    assert {e.player for e in blind} == {0, 1}
    lines = public_lines(game, 0, last=10**6)
    assert sum(line == "Ben draws a card from the deck." for line in lines) == sum(
        e.player == 1 for e in blind
    )
    assert all(not line.startswith("Ben draws a card from the deck (") for line in lines)
    assert any(line.startswith("Ann draws a card from the deck (") for line in lines)


def test_several_people_pass_the_laptop():
    model = PlayModel.new("usa", [("Ann", "you"), ("Cat", "you")], seed=2)
    assert model.view().hand is not None  # Ann's cards: she plays first
    model.tick(0)
    model.tick(1)
    model.keep()
    view = model.view()
    assert view.viewer is None and view.hand is None and view.offer == ()
    assert "Pass the laptop to Cat" in view.prompt
    assert model.keep().kind == "info"  # nothing happens until Cat says she has it
    model.reveal()
    assert model.view().viewer == 1 and model.view().hand == model.game.observation(1)["hand"]


# ---------------------------------------------------------------------------------------------
# The coach


def test_coach_knows_where_every_rule_is_taught():
    assert sorted(LESSONS) == sorted(RULE_IDS)


@pytest.mark.parametrize("rule", RULE_IDS)
def test_every_coach_link_points_at_a_heading_of_its_notebook(rule):
    where = lesson(rule)
    cells = json.loads((NOTEBOOKS / f"{where.notebook}.ipynb").read_text())["cells"]
    headings = {
        line.lstrip("#").strip()
        for cell in cells
        if cell["cell_type"] == "markdown"
        for line in "".join(cell["source"]).splitlines()
        if line.startswith("#")
    }
    assert where.heading in headings


def test_S5_refusal_names_the_rule_and_links_its_lesson():
    model = PlayModel.new("europe", ANN_VS_BEN, seed=1)
    note = model.keep()
    assert note.kind == "refusal" and note.rules == ("S5",)
    assert note.text.startswith("Not allowed: keep at least 2 of the 4 tickets on offer")
    assert model.game.actions_played == 0
    shown = note_html(note)
    assert 'href="01_setup.ipynb#The-opening-tickets-on-the-Europe-board-(S5)"' in shown
    assert "01 · Setup, “<a " in shown  # the notebook named beside the link to its section


def test_lesson_links_only_where_notebooks_open(monkeypatch):
    note = refusal(IllegalAction("D4", "a face-up locomotive cannot be the second card"))
    assert "<a href" in note_html(note) and "<a href" not in note_html(note, links=None)
    assert "02 · Drawing train cards, “Never a face-up locomotive second (D4)”" in note_html(
        note, links=None
    )
    monkeypatch.delenv("TTR_LESSON_LINKS", raising=False)
    monkeypatch.setenv("SERVER_SOFTWARE", "voila/0.5.13")
    monkeypatch.setenv("SCRIPT_NAME", "/")  # voila play.ipynb: this notebook alone
    assert served_alone() and not PlayTable().lesson_links
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/play.ipynb")  # a folder: links open
    assert not served_alone() and PlayTable().lesson_links
    monkeypatch.setenv("SCRIPT_NAME", "/")
    monkeypatch.setenv(
        "TTR_LESSON_LINKS", "https://example.org/lab/index.html?path={notebook}.ipynb"
    )
    assert PlayTable().lesson_links == "https://example.org/lab/index.html?path={notebook}.ipynb"


def test_lesson_links_follow_a_template_for_the_book_and_the_browser_edition():
    note = refusal(IllegalAction("D4", "a face-up locomotive cannot be the second card"))
    lite = "lab/index.html?path={notebook}.ipynb"
    assert 'href="lab/index.html?path=02_drawing_cards.ipynb"' in note_html(note, lite)
    book = note_html(note, "{notebook}.html#{anchor}")
    assert 'href="02_drawing_cards.html#Never-a-face-up-locomotive-second-(D4)"' in book
    assert 'target="_blank"' in book


def test_a_station_s_lesson_is_named_once():
    note = Note("done", "Ann builds a station in Wien, the first, paying pink (ST1-ST2).")
    assert note.rules == ("ST1", "ST2")
    assert note_html(note).count("Building a station (ST1, ST2)") == 2  # the link and its title
    assert note_html(note, None).count("Building a station") == 1


def test_D4_and_T3_refusals_during_a_draw():
    model = staged_table(market=["loco", "red", "green", "blue", "white"])
    assert model.take_card(1).kind == "done" and model.game.phase == SECOND_CARD
    assert model.take_card(0).rules == ("D4",)
    barcelona = model.game.board.route("Barcelona-Pamplona")
    note = model.click_route(barcelona)
    assert note.rules == ("T3",) and model.view().options == ()
    assert model.game.phase == SECOND_CARD and model.game.actions_played == 1


def test_C2_refusal_when_the_hand_cannot_pay():
    model = staged_table(hands={"Ann": {"red": 1}})
    note = model.click_route(model.game.board.route("Edinburgh-London (black)"))
    assert note.kind == "refusal" and "C2" in note.rules
    assert model.selection is None and model.view().options == ()


def test_C6_refusal_when_a_ferry_lacks_locomotives():
    """A ferry of only locomotives (Amsterdam-London, 2 of 2) with one locomotive in hand: the
    refusal names the ferry's rule, not a payment the learner never asked for (C2's "names no
    colour")."""
    model = staged_table(hands={"Ann": {"red": 2, "loco": 1}})
    note = model.click_route(model.game.board.route("Amsterdam-London"))
    assert note.kind == "refusal" and note.rules[0] == "C6", note.text
    assert "names no colour" not in note.text
    assert model.selection is None and model.view().options == ()


def test_why_names_the_rules_in_play():
    model = PlayModel.new("europe", ANN_VS_BEN, seed=1)
    texts = [note.text for note in model.why()]
    assert any("(S5)" in text for text in texts) and any("(K3)" in text for text in texts)


def test_every_refusal_of_the_engine_reads_as_a_note():
    err = IllegalAction("C1", "you have 2 trains left, and the route needs 3")
    note = refusal(err)
    assert note.rules == ("C1",) and note.text.startswith("Not allowed: you have 2 trains")


# ---------------------------------------------------------------------------------------------
# Routes, stations, tunnels


def test_a_route_click_offers_its_payments_then_claims():
    model = staged_table(hands={"Ann": {"black": 3, "loco": 1}})
    route = model.game.board.route("Edinburgh-London (black)")
    note = model.click_route(route)
    assert note.kind == "info" and model.view().options == ("3 black + 1 loco",)
    assert route.id in model.view().highlight_routes
    assert model.choose(0).kind == "done"
    assert model.game.owner[route.id] == 0 and model.game.hands[0]["black"] == 0


def test_C6_a_ferry_s_payment_note_cites_its_rule_and_names_its_colour_once():
    model = staged_table(hands={"Ann": {"orange": 2, "loco": 1}})
    route = model.game.board.route("Essen-København")
    note = model.click_route(route)
    assert note.rules == ("C2", "C6")
    assert model.view().choosing == "Essen-København (3 gray, ferry of 1 locomotive)"
    assert "(gray) (" not in note.text


def test_C7_a_tunnel_s_payment_note_cites_the_reveal():
    model = red_tunnel_ahead()
    note = model.click_route(model.game.board.route("Barcelona-Pamplona"))
    assert note.rules == ("C2", "C7", "C8")


def test_a_payment_choice_can_be_cancelled():
    model = staged_table(hands={"Ann": {"black": 3, "loco": 1}})
    route = model.game.board.route("Edinburgh-London (black)")
    model.click_route(route)
    before = model.game.to_dict()
    note = model.cancel()
    assert note.kind == "info" and "cancelled" in note.text
    assert model.selection is None and model.view().options == () and model.view().choosing == ""
    assert model.game.to_dict() == before
    assert model.cancel().text == "There is no payment choice to cancel."
    table = PlayTable(staged_table(hands={"Ann": {"black": 3, "loco": 1}}))
    assert table.cancel_button.layout.display == "none"
    table.map.click(f"route-{route.id}")
    assert table.cancel_button.layout.display == ""
    table.cancel_button.click()
    assert table.cancel_button.layout.display == "none" and table.model.selection is None


def test_C7_C8_tunnel_reveal_pay_or_decline():
    model = red_tunnel_ahead()
    route = model.game.board.route("Barcelona-Pamplona")
    model.click_route(route)
    assert model.view().options[0] == "2 red"
    before = model.game.hands[0]
    model.choose(0)
    view = model.view()
    assert view.phase == TUNNEL and view.tunnel == (
        "Barcelona-Pamplona",
        ("red", "green", "blue"),
        1,
    )
    assert view.options == ("Pay 1 red", "Pay 1 loco", "Decline")
    assert "pay or decline (C7, C8)" in view.prompt
    assert model.choose(2).kind == "done"  # decline: the cards go back, the turn ends (C8)
    assert model.game.owner[route.id] is None and model.game.hands[0] == before
    model.take_back()  # Ann's decline and Ben's turn after it
    assert model.game.phase == TUNNEL
    model.choose(0)
    assert model.game.owner[route.id] == 0


def test_ST1_ST2_station_by_a_city_click():
    model = staged_table(hands={"Ann": {"red": 1, "blue": 2}})
    note = model.click_city("Berlin")
    assert "first station costs 1 card" in note.text
    assert model.view().options == ("1 blue", "1 red")
    model.choose(0)
    assert model.game.stations_of(0) == ["Berlin"]
    assert model.view().stations == {"Berlin": 0}


# ---------------------------------------------------------------------------------------------
# Bots' speed, take back


def test_bots_one_at_a_time_and_autoplay():
    model = PlayModel.new("usa", ANN_VS_BEN, seed=3, speed="one at a time")
    model.tick(0)
    model.tick(1)
    model.keep()
    assert model.bot_to_play and "press “Next bot turn”" in model.view().prompt
    assert model.draw_deck().kind == "info"  # not Ann's turn
    assert model.bot_turn() and not model.bot_to_play
    model.draw_deck()
    model.draw_deck()
    model.speed = "autoplay"
    assert model.autoplay_step() is False  # Ben played his turn; Ann is next
    assert model.game.current_player == 0


def test_take_back_undoes_the_person_s_action_and_the_bot_s_reply():
    model = PlayModel.new("europe", ANN_VS_BEN, seed=1)
    model.tick(0)
    model.tick(1)
    model.keep()
    start = model.game.to_dict()
    model.draw_deck()
    model.draw_deck()  # and Ben plays at once
    assert model.game.current_player == 0
    model.take_back()
    assert model.game.phase == SECOND_CARD and model.game.current_player == 0
    model.take_back()
    assert model.game.to_dict() == start
    model.teacher = True
    model.take_back()  # a teacher takes back Ben's opening keep too
    assert model.game.phase == OPENING and model.game.current_player == 1
    assert model.paused and model.view().bot_to_play


# ---------------------------------------------------------------------------------------------
# Saving and loading


def test_save_and_load_round_trip(tmp_path):
    model = PlayModel.new("europe", ANN_VS_BEN, seed=1, teacher=True)
    model.tick(0)
    model.tick(2)
    model.keep()
    model.draw_deck()
    path = tmp_path / "game.json"
    model.save(path)
    again = PlayModel.load(path)
    assert again.game.to_dict() == model.game.to_dict()
    assert replace(again.view(), narration=()) == replace(
        model.view(), seq=0, notes=(), narration=()
    )
    assert again.view().narration[-3:] == model.view().narration[-3:]
    assert again.teacher and again.seats == model.seats
    assert again.draw_deck().kind == "done"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.update(format="x"), "format"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(speed="fast"), "speed"),
        (lambda d: d.update(teacher=1), "teacher"),
        (lambda d: d["seats"][1].update(who="ghost"), "seats[1].who"),
        (lambda d: d["seats"][0].update(name="Zed"), "seats[0].name"),
        (lambda d: d["seats"].pop(), "seats"),
        (lambda d: d.update(extra=1), "extra"),
    ],
)
def test_a_bad_save_names_its_field(change, field):
    data = PlayModel.new("europe", ANN_VS_BEN, seed=1).to_dict()
    change(data)
    with pytest.raises(SaveError, match=re.escape(field)):
        PlayModel.from_dict(data)


def test_a_bad_upload_changes_nothing():
    table = PlayTable(PlayModel.new("europe", ANN_VS_BEN, seed=1))
    before = table.model
    table._on_load({"new": [{"name": "x.json", "content": b"{not json"}]})
    assert table.model is before and "✘" in table.file_message.value
    name, text = table.save_button.click()  # one click: the file itself
    assert name == "ttr-europe-seed1-turn0.json" and PlayModel.from_json(text).to_dict() == (
        table.model.to_dict()
    )


def test_no_table_without_a_person():
    with pytest.raises(TTRError, match="person"):
        PlayModel(Game("usa", ["Ann", "Ben"], seed=1), [("Ann", "greedy"), ("Ben", "random")])
    with pytest.raises(TTRError, match="unknown seat"):
        PlayModel.new("usa", [("Ann", "you"), ("Ben", "chess")])


@pytest.mark.parametrize("module", [coach, saves, seats, session, sheet, view])
def test_the_models_import_no_ipywidgets(module):
    assert "ipywidgets" not in inspect.getsource(module)


def test_pay_tunnel_options_are_the_engine_s():
    model = red_tunnel_ahead()
    model.click_route(model.game.board.route("Barcelona-Pamplona"))
    model.choose(0)
    offered = [o.action for o in model.options()]
    legal = [a for a in model.game.legal_actions() if isinstance(a, PayTunnel)]
    assert offered[:-1] == legal


def test_make_play_and_scoresheet_serve_the_apps():
    root = NOTEBOOKS.parent
    makefile = (root / "Makefile").read_text()
    readme = (root / "README.md").read_text()
    for target, notebook in (("play", "play.ipynb"), ("scoresheet", "score_sheet.ipynb")):
        assert f"{target}: venv\n\t$(call open_app,{notebook}," in makefile
        assert "$(VOILA_URL)/$(1)" in makefile  # the app's address, printed first
        assert "\t$(BIN)/voila --no-browser $(PORT_FLAG) notebooks/\n" in makefile  # the folder
        assert f"make {target} " in readme and (NOTEBOOKS / notebook).is_file()


@pytest.mark.parametrize(
    ("rules", "seats"),
    [
        ("europe", [("Ann", "you"), ("Ben", "random"), ("Cat", "long")]),
        ("usa", [("Ann", "you"), ("Ben", "you"), ("Cat", "greedy")]),
        ("big_cities", [("Ann", "you"), ("Ben", "greedy")]),
    ],
)
def test_any_click_in_any_order_is_answered_and_keeps_the_game_sound(rules, seats):
    """Random clicks (refused ones too) never raise and never break an invariant."""
    rng = random.Random(7)
    model = PlayModel.new(rules, seats, seed=5, teacher=True)
    model.hint_steps = HINT_STEPS  # the clicks are under test here, not the advice
    board = model.game.board
    cities = sorted(board.cities)
    clicks = [
        lambda: model.take_card(rng.randrange(5)),
        model.draw_deck,
        model.draw_tickets,
        lambda: model.click_route(rng.randrange(len(board.routes))),
        lambda: model.click_city(rng.choice(cities)),
        lambda: model.choose(rng.randrange(4)),
        lambda: model.tick(rng.randrange(5)),
        model.keep,
        model.why,
        model.hint,
        model.reveal,
        model.bot_turn,
        lambda: model.take_back() if rng.random() < 0.1 else None,
    ]
    kinds = set()
    for _ in range(600):
        answer = rng.choice(clicks)()
        if hasattr(answer, "kind"):
            kinds.add(answer.kind)
        assert violations(model.game) == []
        model.view()
        if model.game.is_over:
            break
    assert {"done", "refusal", "info"} <= kinds


def test_bad_arguments_raise_a_clear_error_and_change_nothing():
    model = PlayModel.new("europe", ANN_VS_BEN, seed=1)
    before = (model.game.to_dict(), set(model.ticked), model.focus)
    for call, field in (
        (lambda: model.take_card("x"), "slot"),
        (lambda: model.take_card(True), "slot"),
        (lambda: model.click_route(999), "route"),
        (lambda: model.tick(99), "ticket"),
        (lambda: model.set_focus("trail:x"), "trail:x"),
    ):
        with pytest.raises(TTRError, match=re.escape(field)):
            call()
    assert (model.game.to_dict(), set(model.ticked), model.focus) == before


def test_the_table_s_speed_controls():
    table = PlayTable(PlayModel.new("usa", ANN_VS_BEN, seed=3))
    table.speed.value = "one at a time"
    for box in table.ticket_boxes[:2]:
        box.value = True
    table.keep_button.click()
    assert table.model.bot_to_play and table.next_bot_button.layout.display == ""
    table.next_bot_button.click()  # Ben keeps his tickets
    assert not table.model.bot_to_play and table.next_bot_button.layout.display == "none"
    table.deck_button.click()
    table.deck_button.click()
    table.speed.value = "autoplay"
    assert table.model.bot_to_play and table._timer.playing  # the page's timer runs
    table._timer.value += 1  # one tick of the timer: Ben's turn
    assert not table.model.bot_to_play and not table._timer.playing
    table.speed.value = "instant"
    table.take_back_button.click()  # Ann's second card and Ben's turn after it
    game = table.model.game
    assert (game.phase, game.current_player) == (SECOND_CARD, 0)
    assert "Take your second card" in table.prompt.value


def test_a_hint_for_something_else_puts_an_unfinished_payment_away():
    """A city clicked for a station, then Hint for another move: the city is no longer selected
    (lit beside the hinted route, it was a trap on the page)."""
    model = PlayModel.new("europe", ANN_VS_BEN, seed=4)
    model.hint_steps = HINT_STEPS
    model.tick(0)
    model.tick(1)
    model.keep()
    model.selection = "Palermo"
    model.hint()
    action = model.hint_action
    assert model.selection is None or (
        isinstance(action, BuildStation) and action.city == "Palermo"
    )
