"""Fuzzing the two app models (#28): Hypothesis drives the play table's model and the score
sheet's model with arbitrary call sequences and arbitrary argument values (ints, floats, bools,
strings, None, huge numbers, numpy scalars, the models' own values). After every call, either
the call was accepted and every invariant holds, or the project's error (a ``TTRError``) was
raised and the model is exactly as it was; never another exception.

The hostile cases found on the way are kept below as named tests.
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from ttr.apps import PlayModel, ScoreSheetModel
from ttr.board import Ticket
from ttr.errors import TTRError
from ttr.invariants import violations

ANY = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=60),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.sampled_from(["0", "1", "Berlin", "Wien", "Paris-Wien", "tickets", "trail:0", "instant"]),
    st.builds(np.int64, st.integers(min_value=-5, max_value=60)),
    st.builds(np.float64, st.floats(allow_nan=True)),
    st.lists(st.integers(0, 3), max_size=2),
)
"""An argument of any kind a caller might pass."""

FUZZ = settings(
    max_examples=20,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def table_state(model: PlayModel) -> tuple:
    """Everything a refused call must leave as it was (the coach's last words may change)."""
    return (
        model.to_dict(),
        frozenset(model.ticked),
        model.selection,
        model.focus,
        model.viewer,
        model.revealed,
        model.paused,
        model.hint_action,
    )


def sheet_state(sheet: ScoreSheetModel) -> tuple:
    return (
        sheet.to_position(),
        dict(sheet.owner),
        [list(t) for t in sheet.tickets],
        dict(sheet.stations),
        frozenset(sheet.unsaid),
        sheet.current,
        sheet.focus,
    )


class Hostile(RuleBasedStateMachine):
    """A model, and calls of any method with any argument."""

    state = staticmethod(table_state)

    def call(self, method: str, *args) -> None:
        before = self.state(self.model)
        try:
            getattr(self.model, method)(*args)
        except TTRError:
            assert self.state(self.model) == before, f"{method}{args!r} changed the model"


class PlayTableFuzz(Hostile):
    def __init__(self):
        super().__init__()
        self.model = PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=3)

    @rule(method=st.sampled_from(["take_card", "tick", "choose", "click_route", "click_city"]))
    def a_click_with_a_value_of_its_own_kind(self, method):
        board = self.model.game.board
        value = {
            "take_card": 2,
            "tick": 1,
            "choose": 0,
            "click_route": 7,
            "click_city": sorted(board.cities)[3],
        }[method]
        self.call(method, value)

    @rule(
        method=st.sampled_from(
            [
                "take_card",
                "tick",
                "choose",
                "click_route",
                "click_city",
                "set_focus",
                "set_speed",
                "set_teacher",
                "ticket_lines",
                "bot_choice",
            ]
        ),
        value=ANY,
    )
    def a_call_with_any_value(self, method, value):
        self.call(method, value)

    @rule(value=ANY, on=ANY)
    def tick_with_any_switch(self, value, on):
        self.call("tick", value, on)

    @rule(
        method=st.sampled_from(
            [
                "draw_deck",
                "draw_tickets",
                "pass_turn",
                "keep",
                "cancel",
                "decline",
                "why",
                "hint",
                "reveal",
                "bot_turn",
                "take_back",
            ]
        )
    )
    def a_call_without_arguments(self, method):
        self.call(method)

    @invariant()
    def the_game_and_the_view_hold(self):
        assert violations(self.model.game) == []
        view = self.model.view()
        assert view.seq == self.model.seq
        assert self.model.speed in ("instant", "one at a time", "autoplay")
        assert type(self.model.teacher) is bool
        assert all(type(i) is int for i in self.model.ticked)
        assert PlayModel.from_dict(self.model.to_dict()).to_dict() == self.model.to_dict()


class ScoreSheetFuzz(Hostile):
    state = staticmethod(sheet_state)

    def __init__(self):
        super().__init__()
        self.model = ScoreSheetModel("europe", ["Ann", "Ben", "Cat"])

    @rule(
        method=st.sampled_from(
            [
                "select_player",
                "click_route",
                "click_city",
                "add_ticket",
                "remove_ticket",
                "set_focus",
                "search",
                "routes_of",
                "trains_used",
            ]
        ),
        value=ANY,
    )
    def a_call_with_any_value(self, method, value):
        self.call(method, value)

    @rule(route=st.integers(0, 100))
    def a_route(self, route):
        self.call("click_route", route)

    @rule(seat=st.integers(0, 2))
    def a_player(self, seat):
        self.call("select_player", seat)

    @rule(points=ANY, a=st.sampled_from(["Berlin", "Wien", "Atlantis", ""]))
    def a_made_up_ticket(self, points, a):
        self.call("add_ticket", Ticket(a, "Roma", points))

    @rule(ticket=st.sampled_from(["Berlin-Roma", "Athina-Angora", "Paris-Wien", "Nowhere-Roma"]))
    def a_ticket(self, ticket):
        self.call("add_ticket", ticket)

    @invariant()
    def the_sheet_scores_exports_and_reads_back(self):
        sheet = self.model
        outcome = sheet.outcome()
        assert len(outcome.scores) == 3
        sheet.problems()
        assert all(isinstance(t, Ticket) for tickets in sheet.tickets for t in tickets)
        back = ScoreSheetModel.from_json(sheet.to_json())  # alike twins may swap: same score
        assert [s.total for s in back.outcome().scores] == [s.total for s in outcome.scores]


TestPlayTableFuzz = PlayTableFuzz.TestCase
TestPlayTableFuzz.settings = FUZZ
TestScoreSheetFuzz = ScoreSheetFuzz.TestCase
TestScoreSheetFuzz.settings = FUZZ


# ---------------------------------------------------------------------------------------------
# Hostile cases, kept by name


@pytest.fixture
def table():
    return PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=3)


def refused_unchanged(model, call, state=table_state, match: str = ""):
    before = state(model)
    with pytest.raises(TTRError, match=match):
        call()
    assert state(model) == before


def test_add_ticket_42_or_none_is_refused_and_the_sheet_still_scores():
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    for bad in (42, None, Ticket("Atlantis", "Roma", 5), Ticket("Berlin", "Roma", 0)):
        refused_unchanged(sheet, lambda bad=bad: sheet.add_ticket(bad), sheet_state, "ticket")
    assert sheet.outcome().scores[0].tickets == ()
    sheet.to_json()


def test_choose_true_is_not_option_1_and_choose_a_string_is_refused(table):
    for bad in (True, "0", 1.0, None):
        refused_unchanged(table, lambda bad=bad: table.choose(bad), match="option")


def test_a_made_up_ticket_s_numpy_points_are_kept_as_an_int():
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    sheet.add_ticket(Ticket("Berlin", "Roma", np.int64(7)))
    assert type(sheet.tickets[0][0].points) is int
    assert ScoreSheetModel.from_json(sheet.to_json()).tickets[0][0].points == 7


def test_numpy_integers_are_integers(table):
    assert table.take_card(np.int64(2)).kind in ("done", "refusal", "info")
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    sheet.select_player(np.int32(1))
    assert sheet.current == 1 and type(sheet.current) is int


def test_tick_with_no_offer_or_beyond_it_changes_nothing(table):
    table.tick(0)
    table.tick(1)
    table.keep()  # the opening offer is settled: no offer in front of Ann now
    before = table_state(table)
    assert "no tickets on offer" in table.tick(0).text
    assert table_state(table) == before
    refused_unchanged(table, lambda: table.tick(0, "yes"), match="on")
    refused_unchanged(table, lambda: table.tick(True), match="ticket")


def test_tick_during_a_bot_s_turn_changes_nothing():
    model = PlayModel.new(
        "europe", [("Ann", "you"), ("Ben", "greedy")], seed=3, speed="one at a time"
    )
    model.tick(0)
    model.tick(1)
    model.keep()
    assert model.bot_to_play
    before = table_state(model)
    assert model.tick(0) is not None and table_state(model) == before


def test_a_seed_new_takes_is_one_load_takes_back():
    for bad in (-5, 2**70, True, 1.5, "7"):
        with pytest.raises(TTRError, match="seed"):
            PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=bad)
    model = PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], seed=2**63 - 1)
    assert PlayModel.from_json(model.to_json()).seed == 2**63 - 1


@pytest.mark.parametrize("who", ["mcts:²", "mcts:0", "mcts:10000000", "mcts:-1", "mcts:", "chess"])
def test_a_search_bot_budget_that_is_not_ascii_digits_in_range_is_refused(who):
    with pytest.raises(TTRError, match="seat"):
        PlayModel.new("europe", [("Ann", "you"), ("Ben", who)], seed=1)


def test_a_route_or_city_of_another_board_is_refused(table):
    usa = ScoreSheetModel("usa", ["Ann", "Ben"])
    refused_unchanged(table, lambda: table.click_route(usa.board.routes[0]), match="route")
    refused_unchanged(table, lambda: table.click_city("Denver"), match="Denver")
    refused_unchanged(table, lambda: table.click_city(["Berlin"]), match="city")
    sheet = ScoreSheetModel("europe", ["Ann", "Ben"])
    refused_unchanged(sheet, lambda: sheet.click_city({}), sheet_state, "city")
    refused_unchanged(sheet, lambda: sheet.set_focus(None), sheet_state, "None")
    refused_unchanged(sheet, lambda: sheet.search(None), sheet_state, "text")
    refused_unchanged(sheet, lambda: sheet.search("Ber", 10**9), sheet_state, "limit")


def test_speed_and_teacher_take_only_their_values(table):
    for bad in ("fast", None, 1):
        refused_unchanged(table, lambda bad=bad: table.set_speed(bad), match="speed")
    for bad in (1, "yes", None):
        refused_unchanged(table, lambda bad=bad: table.set_teacher(bad), match="teacher")
    with pytest.raises(TTRError, match="speed"):
        PlayModel.new("europe", [("Ann", "you"), ("Ben", "greedy")], speed="warp")


def test_loading_a_device_a_fifo_or_a_folder_is_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes it: reading it would block for ever
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        with pytest.raises(TTRError, match="not a plain file"):
            PlayModel.load(path)
        with pytest.raises(TTRError, match="not a plain file"):
            ScoreSheetModel.from_position(path)


def test_saving_through_a_symlink_writes_its_target_and_keeps_its_mode(tmp_path, table):
    target = tmp_path / "game.json"
    target.write_text("{}")
    target.chmod(0o644)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    table.save(link)
    assert link.is_symlink() and (target.stat().st_mode & 0o777) == 0o644
    assert PlayModel.load(target).to_dict() == table.to_dict()
