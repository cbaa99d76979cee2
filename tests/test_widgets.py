"""The teaching widgets and their models, driven from Python (``.value``, ``.click()``).

Every widget keeps its logic in a plain model (no ipywidgets inside); these tests check the
models' state and messages (a refusal starts with the rule id), that the views follow the
models (HTML text, and the map's marks, which change after a step while its picture is sent
only once), that clicks on the map do what the widget says, and that the tunnel odds are exact
(against a brute-force enumeration of every order of the deck, and against the engine). The
browser tests (tests/browser) prove that the widgets render, fit the page and answer real clicks.
"""

from __future__ import annotations

import inspect
import itertools
import random
import re
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from turn_helpers import spent

from ttr import Game
from ttr.cards import full_deck
from ttr.colors import CARD_COLORS, CARD_KINDS, LOCOMOTIVE
from ttr.game import SECOND_CARD, TUNNEL, TURN
from ttr.probability import hypergeometric, tunnel_extra_distribution
from ttr.scenario import stage
from ttr.scoring import best_station_routes, longest_trail
from ttr.views.widgets import (
    CardDrawExplorer,
    CardDrawModel,
    ClaimModel,
    GameStepper,
    LongestModel,
    LongestRouteExplorer,
    RouteClaimer,
    StationModel,
    StationPlanner,
    StepperModel,
    TunnelModel,
    TunnelSimulator,
)
from ttr.views.widgets.claim import route_reasons
from ttr.views.widgets.common import bot_game
from ttr.views.widgets.map import MapWidget


def text(html: str) -> str:
    """The visible text of an HTML snippet."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


@pytest.fixture(scope="module")
def europe4() -> Game:
    return bot_game("europe", 4, 1)


@pytest.fixture(scope="module")
def usa_game() -> Game:
    return bot_game("usa", 2, 3)


def staged(rules="usa", players=("Ann", "Ben"), **fields) -> Game:
    data = {"rules": rules, "players": list(players), "seed": 1, "tickets": {}}
    data.update(fields)
    if "trains" in data:  # trains follow from routes owned (see turn_helpers.spent)
        data["routes"] = spent(rules, data.get("routes", {}), data["trains"])
    return stage(data)


def red_tunnel_ahead() -> Game:
    """Europe, Ann to play with 3 red cards and a locomotive; the deck holds a red, a green and a
    blue card, so claiming the gray tunnel Barcelona-Pamplona in red costs one extra card (C7)."""
    return staged(
        "europe",
        hands={"Ann": {"red": 3, "loco": 1}},
        market=["white", "black", "yellow", "orange", "pink"],
        deck=["red", "green", "blue"],
    )


def rest_of(*placed) -> dict[str, int]:
    """Every train card not in ``placed`` (lists or count dicts), as a hand."""
    left = Counter(full_deck())
    for group in placed:
        left.subtract(group if isinstance(group, dict) else Counter(c for c in group if c))
    assert min(left.values()) >= 0
    return {k: n for k, n in left.items() if n}


def dry(market, deck=(), discard=(), ann=None) -> Game:
    """A USA position whose deck and discard hold only the given cards (Ben holds the rest)."""
    ann = ann or {}
    return staged(
        market=list(market),
        deck=list(deck),
        discard=list(discard),
        hands={"Ann": ann, "Ben": rest_of(market, deck, discard, ann)},
    )


# ---------------------------------------------------------------------------------------------
# Layering: the engine never imports widgets or plotting; models import no ipywidgets


def test_engine_imports_no_widgets_or_plotting():
    code = (
        "import sys, ttr, ttr.game, ttr.agents, ttr.scenario, ttr.scoring, ttr.probability\n"
        "bad = [m for m in sys.modules if m.startswith(('ttr.views', "
        "'ipywidgets', 'matplotlib'))]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    "model", [StepperModel, CardDrawModel, ClaimModel, TunnelModel, StationModel, LongestModel]
)
def test_models_use_no_ipywidgets(model):
    assert "widgets." not in inspect.getsource(model)


# ---------------------------------------------------------------------------------------------
# Exact tunnel odds (C7, C9)


def brute_force(
    deck: list[str], color: str | None, locos_only: bool, reveal: int = 3, discard: list[str] = ()
) -> dict[int, Fraction]:
    """Every order of the physical cards, equally likely: count the extra cost of each."""
    match = {LOCOMOTIVE} if locos_only else {LOCOMOTIVE, color}
    counts: Counter[int] = Counter()
    if len(deck) >= reveal:
        for shown in itertools.permutations(range(len(deck)), reveal):
            counts[sum(deck[i] in match for i in shown)] += 1
    else:  # C9: the whole deck, then the reshuffled discard pile
        sure = sum(card in match for card in deck)
        more = min(reveal - len(deck), len(discard))
        for shown in itertools.permutations(range(len(discard)), more):
            counts[sure + sum(discard[i] in match for i in shown)] += 1
    total = sum(counts.values())
    return {k: Fraction(n, total) for k, n in counts.items()}


@pytest.mark.parametrize("seed", range(12))
def test_C7_tunnel_distribution_matches_brute_force(seed):
    rng = random.Random(seed)
    deck = [rng.choice(CARD_KINDS) for _ in range(rng.randint(3, 9))]
    color = rng.choice(CARD_COLORS)
    for locos_only in (False, True):
        exact = tunnel_extra_distribution(Counter(deck), color, locos_only)
        assert exact == brute_force(deck, color, locos_only)
        assert sum(exact.values()) == 1
        assert all(isinstance(p, Fraction) and p > 0 for p in exact.values())


def test_C9_short_deck_reveals_the_deck_then_the_reshuffled_discard():
    deck, discard = ["red", "blue"], ["red", "loco", "green", "green"]
    exact = tunnel_extra_distribution(Counter(deck), "red", False, discard_counts=Counter(discard))
    assert exact == brute_force(deck, "red", False, discard=discard)
    assert exact == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    # not even 3 cards in deck and discard: reveal what there is; nothing at all costs nothing
    assert tunnel_extra_distribution({"red": 1}, "red", False, discard_counts={"loco": 1}) == {2: 1}
    assert tunnel_extra_distribution({}, "red", False) == {0: 1}


def test_hypergeometric_is_exact():
    assert hypergeometric(90, 20, 3) == {
        k: Fraction(comb(20, k) * comb(70, 3 - k), comb(90, 3)) for k in range(4)
    }
    assert hypergeometric(5, 0, 3) == {0: 1}
    with pytest.raises(ValueError):
        hypergeometric(3, 5, 1)


def test_C7_distribution_matches_the_engine_over_every_deck_order():
    """Play the same tunnel claim on every order of a 5-card deck: the engine's extra costs
    are distributed exactly as the formula says."""
    deck = ["red", "loco", "blue", "red", "green"]
    ann = {"red": 3, "loco": 1}
    market = ["white"] * 5
    counts: Counter[int] = Counter()
    for order in itertools.permutations(deck):  # 120 orders of 5 physical cards
        game = staged(
            "europe",
            deck=list(order),
            market=market,
            hands={"Ann": ann, "Ben": rest_of(deck, ann, market)},
        )
        assert len(game.cards.deck) == 5
        game.play("claim Barcelona-Pamplona red red")
        counts[game.tunnel.extra if game.phase == TUNNEL else 0] += 1
    engine = {k: Fraction(n, 120) for k, n in counts.items()}
    assert engine == tunnel_extra_distribution(Counter(deck), "red", False)


# ---------------------------------------------------------------------------------------------
# GameStepper


def test_stepper_model_navigation_and_view(europe4):
    model = StepperModel(europe4)
    assert model.last == len(europe4.history) and model.step == 0
    assert model.back() == 0 and model.go(10_000) == model.last and model.forward() == model.last
    model.go(0)
    view = model.view()
    assert view.action is None and view.headline.startswith("Step 0 of")
    assert view.events == tuple(europe4.events_of(0))
    assert all(row.hand is None for row in view.players)  # hands are hidden by default
    model.forward()
    view = model.view()
    assert view.action == europe4.history[0] and view.events == tuple(europe4.events_of(1))
    # the first claim of the game: its route is highlighted, the claimer's points grow
    k = next(i for i, h in enumerate(europe4.history, 1) if h.startswith("claim"))
    model.go(k)
    view = model.view()
    assert len(view.new_routes) == 1
    assert model.game.owner[view.new_routes[0]] is not None
    model.teacher = True
    assert model.view().players[0].hand == dict(model.game.hands[0])
    assert "Market:" in model.view().text()


def test_stepper_positions_replay_the_game(usa_game):
    model = StepperModel(usa_game)
    assert model.positions[-1].state_key() == usa_game.state_key()
    for k in (0, 5, 17):
        replay = Game.from_dict(usa_game.start_state())
        for action in usa_game.history[:k]:
            replay.play(action)
        assert model.positions[k].state_key() == replay.state_key()


def test_stepper_model_from_dict_and_from_history(usa_game):
    from_dict = StepperModel(usa_game.to_dict())
    from_list = StepperModel(usa_game.history[:20], start=usa_game)
    assert from_dict.last == usa_game.history.__len__() and from_list.last == 20
    assert from_dict.positions[20].state_key() == from_list.positions[20].state_key()
    assert from_dict.events(3) == usa_game.events_of(3)
    with pytest.raises(TypeError):
        StepperModel(["draw 1"])


def test_game_stepper_widget_steps(europe4):
    stepper = GameStepper(europe4)
    assert stepper.back_button.disabled and not stepper.next_button.disabled
    picture, first_text = stepper.map.svg, stepper.narration.value
    assert picture.startswith("<svg") and stepper.map.owners == [-1] * 101
    stepper.next_button.click()
    assert stepper.slider.value == 1 and stepper.model.step == 1
    assert stepper.narration.value != first_text
    assert text(stepper.narration.value).endswith(" ".join(europe4.events_of(1)))
    stepper.back_button.click()
    assert stepper.slider.value == 0 and stepper.narration.value == first_text
    claim = next(i for i, h in enumerate(europe4.history, 1) if h.startswith("claim"))
    stepper.slider.value = claim
    assert stepper.model.step == claim and europe4.history[claim - 1] in text(
        stepper.headline.value
    )
    assert f"Notation: <code>{europe4.history[claim - 1]}</code>" in stepper.headline.value
    new = stepper.model.view().new_routes
    assert stepper.map.highlight_routes == list(new)
    assert stepper.map.owners == [-1 if o is None else o for o in stepper.model.game.owner]
    assert stepper.map.svg is picture  # the picture is never sent again, only the marks
    stepper.last_button.click()
    assert stepper.model.step == stepper.model.last and stepper.next_button.disabled
    assert "final score" in stepper.info.value
    stepper.first_button.click()
    assert stepper.model.step == 0 and stepper.first_button.disabled
    assert repr(stepper) == f"GameStepper(step=0, last={len(europe4.history)})"


def test_game_stepper_teacher_view_shows_hands(europe4):
    stepper = GameStepper(europe4)
    stepper.slider.value = 12
    assert "'s hand:" not in stepper.info.value
    stepper.teacher.value = True
    hand = stepper.model.game.hands[0]
    shown = next(k for k in CARD_KINDS if hand[k])
    assert f'data-card="{shown}"' in stepper.info.value
    # each hand sits on a row of its own below its player, spanning the table
    assert stepper.info.value.count('colspan="') == len(europe4.players)
    for seat, name in enumerate(europe4.players):
        tickets = stepper.model.game.tickets_of(seat)
        assert f"{name}'s hand:" in text(stepper.info.value)
        assert all(europe4.board.ticket_ref(t) in text(stepper.info.value) for t in tickets)


def test_game_stepper_autoplay_is_a_labelled_toggle(europe4):
    stepper = GameStepper(europe4, interval=500)
    assert stepper.autoplay.description == "▶ Play" and "0.5 s" in stepper.autoplay.tooltip
    assert stepper._timer.layout.display == "none"  # the browser's timer, never shown
    stepper.autoplay.value = True
    assert stepper._timer.playing and stepper.autoplay.description == "❚❚ Pause"
    stepper._timer.value = 7  # the timer moves the slider (linked), the slider the model
    assert stepper.model.step == 7
    stepper._timer.playing = False  # the timer stops by itself at the end
    assert not stepper.autoplay.value and stepper.autoplay.description == "▶ Play"
    stepper.last_button.click()
    stepper.autoplay.value = True  # at the end, Play starts again from the deal
    assert stepper.model.step == 0


def test_game_stepper_map_clicks_tell_who_took_what(europe4):
    stepper = GameStepper(europe4)
    board = europe4.board
    route = next(r for r in board.routes if europe4.owner[r.id] is not None)
    stepper.map.click(f"route-{route.id}")
    assert "not claimed yet" in text(stepper.picked.value)  # step 0: nothing claimed
    assert route.id in stepper.map.highlight_routes
    stepper.last_button.click()
    owner = europe4.players[europe4.owner[route.id]]
    said = text(stepper.picked.value)
    assert f"claimed by {owner} at step" in said
    step = int(said.rsplit("step ", 1)[1].rstrip("."))
    assert stepper.model.positions[step].owner[route.id] is not None
    assert stepper.model.positions[step - 1].owner[route.id] is None
    stepper.map.click("city-Paris")
    assert text(stepper.picked.value) == "On the map: Paris: no station yet."
    assert "Paris" in stepper.map.highlight_cities


def test_game_stepper_tells_when_a_station_was_built():
    game = bot_game("europe", 3, 4)  # Cat builds stations in Berlin and Wien
    stepper = GameStepper(game)
    stepper.last_button.click()
    stepper.map.click("city-Berlin")
    said = text(stepper.picked.value)
    assert "Berlin: Cat's station, built at step" in said
    step = int(said.rsplit("step ", 1)[1].rstrip("."))
    assert "Berlin" in stepper.model.positions[step].stations
    assert "Berlin" not in stepper.model.positions[step - 1].stations


def test_stepper_shows_market_and_decks(europe4):
    stepper = GameStepper(europe4)
    stepper.slider.value = 30
    game = stepper.model.game
    info = text(stepper.info.value)
    assert f"Deck: {len(game.cards.deck)} cards" in info
    assert f"ticket deck: {len(game.ticket_deck)}" in info
    for name in game.players:
        assert name in info


# ---------------------------------------------------------------------------------------------
# CardDrawExplorer (D1-D9)


def test_D2_D4_refill_then_locomotive_refused_as_second_card():
    model = CardDrawModel.from_scenario("face_up_locomotive_refill")
    message = model.take(1)
    assert "D2" in message and model.game.phase == SECOND_CARD
    assert model.last.frames[1].market[0] == LOCOMOTIVE  # the refill, shown as a frame
    before = model.game.state_key()
    message = model.take(1)
    assert message.startswith("Not allowed: a face-up locomotive") and message.endswith("(D4).")
    assert model.last.rule == "D4"
    assert model.game.state_key() == before  # a refusal changes nothing
    model.take(2)
    assert model.game.phase == TURN and model.player == "Ben"


def test_D6_reset_is_shown_frame_by_frame():
    model = CardDrawModel.from_scenario("locomotive_reset")
    message = model.take(3)
    assert "D6" in message
    labels = [f.label for f in model.last.frames]
    assert labels[0] == "Before" and any("D6" in label for label in labels)
    refilled = model.last.frames[1].market
    assert refilled.count(LOCOMOTIVE) == 3
    assert model.market.count(LOCOMOTIVE) < 3


def test_D1_D3_D5_first_cards():
    model = CardDrawModel(
        staged(market=["loco", "red", "blue", "green", "white"], deck=["loco", "loco", "pink"])
    )
    refused = model.take(6)
    assert refused.startswith("Not allowed: there is no face-up slot") and refused.endswith("(D1).")
    assert "D3" in model.take(1) and model.player == "Ben"  # a face-up loco ends the draw
    message = model.draw_blind()  # Ben draws the blind locomotive...
    assert "D5" in message and model.game.phase == SECOND_CARD  # ...and draws on
    assert model.undo().startswith("Took back") and model.game.phase == TURN


def test_D7_reshuffle_D8_short_draw_D9_guard():
    # D7: an empty deck is rebuilt from the discard pile
    model = CardDrawModel(
        dry(["red", "blue", "green", "white", "yellow"], deck=[], discard=["pink", "pink", "black"])
    )
    assert "D7" in model.draw_blind()
    # D8: after the first card no second card exists
    model = CardDrawModel(dry(["red", "loco", "loco", None, None]))
    message = model.take(1)
    assert "D8" in message and model.player == "Ben"
    # D9: three locomotives showing but too few other cards exist: no endless reset
    model = CardDrawModel(dry(["red", "loco", "loco", "loco", "blue"]))
    assert "D9" in model.take(1)


def test_card_draw_explorer_buttons():
    explorer = CardDrawExplorer(model=CardDrawModel.from_scenario("face_up_locomotive_refill"))
    assert explorer.slot_buttons[0].description == "1: red"
    explorer.slot_buttons[0].click()
    assert explorer.slot_buttons[0].description == "1: loco"
    assert "D2" in text(explorer.message.value) and "✔" in explorer.message.value
    assert "Refilled (D2)" in text(explorer.frames.value)
    explorer.slot_buttons[0].click()
    assert "D4" in text(explorer.message.value) and "✘" in explorer.message.value
    explorer.teacher.value = True
    assert "Deck top" in text(explorer.status.value)
    explorer.blind_button.click()
    assert explorer.model.player == "Ben" and "Ben to play" in text(explorer.status.value)
    explorer.undo_button.click()
    assert explorer.model.player == "Ann"


def test_card_draw_narration_keeps_the_turn_after_a_refusal():
    model = CardDrawModel(
        staged(market=["loco", "red", "blue", "green", "white"], deck=["pink", "black", "yellow"])
    )
    model.draw_blind()
    drawn = model.turn_narration()
    assert drawn and "draws" in drawn[0]
    assert model.take(1).endswith("(D4).")  # a refusal...
    assert model.turn_narration() == drawn  # ...keeps the blind draw in the narration
    assert model.last_draw.frames[0].label == "Before"
    model.take(2)
    assert len(model.turn_narration()) > len(drawn) and model.player == "Ben"
    model.draw_blind()  # Ben's turn: his narration starts afresh
    assert "Ben" in model.turn_narration()[0]
    model.take(1)  # refused again, then undo takes back Ben's draw (not the refusal)
    assert model.undo().startswith("Took back") and model.player == "Ben"
    assert model.game.phase == TURN and "Ann" in model.turn_narration()[0]
    explorer = CardDrawExplorer(model=model)
    assert "Narration of this turn" in text(explorer.narration.value)
    assert "Nothing yet" not in text(explorer.narration.value)


def test_card_draw_map_shows_what_the_hand_could_pay_for():
    explorer = CardDrawExplorer(model=CardDrawModel.from_scenario("face_up_locomotive_refill"))
    model = explorer.model
    payable = model.payable_routes()
    assert explorer.map.highlight_routes == [r.id for r in payable]
    assert f"the {len(payable)} route" in text(explorer.payable.value)
    route = payable[0] if payable else model.game.board.routes[0]
    explorer.map.click(f"route-{route.id}")
    assert "could pay for it" in text(explorer.route_info.value)
    board = model.game.board
    longest = next(r for r in board.routes if r.length == 6 and r.color != "gray")
    assert longest not in payable
    explorer.map.click(f"route-{longest.id}")
    assert f"it needs 6 cards: {longest.color} cards" in text(explorer.route_info.value)


# ---------------------------------------------------------------------------------------------
# RouteClaimer (C1-C6)


def test_C5_double_route_closed_at_3_players_open_at_4():
    three = ClaimModel.demo(players=3)
    three.select("Bruxelles-Paris (yellow)")
    three.pay("yellow", 0)
    verdict = three.check()
    assert not verdict.legal and verdict.rule == "C5"
    assert any("closed" in r for r in verdict.reasons)
    four = ClaimModel.demo(players=4)
    four.select("Bruxelles-Paris (yellow)")
    verdict = four.check()
    assert verdict.legal and any("stays open" in r for r in verdict.reasons)
    # one player never owns both routes of a double, whatever the count
    four.select("Frankfurt-Paris (white)")
    assert four.check().rule == "C5"


def test_C2_C6_gray_routes_colours_locomotives_and_ferries():
    model = ClaimModel.demo(players=4)
    model.select("Bruxelles-Paris (yellow)")
    model.pay("red", 0)  # a yellow route does not take red
    assert model.check().rule == "C2"
    model.pay(None)  # locomotives only
    assert model.check().legal and model.payment_text() == "loco loco"
    model.select("Amsterdam-London")  # a ferry with 2 locomotive symbols
    assert any("C6" in r for r in model.check().reasons)
    model.pay("red", 1)
    assert model.check().rule == "C6"
    gray = next(
        r
        for r in model.game.board.routes
        if r.color == "gray"
        and r.kind == "normal"
        and 2 <= r.length <= 4
        and model.game.owner[r.id] is None
    )
    model.select(gray)
    assert any("any ONE colour" in r for r in model.check().reasons)
    model.pay("green", 0)
    assert model.check().legal
    model.pay("blue", 0)  # one blue card only
    assert model.check().rule == "C2"


def test_C1_trains_needed():
    game = staged("europe", hands={"Ann": {"red": 6}}, trains={"Ann": 2})
    model = ClaimModel(game)
    model.select(next(r for r in game.board.routes if r.color == "red" and r.length == 3))
    verdict = model.check()
    assert verdict.rule == "C1" and "needs 3 trains" in verdict.message


def test_claim_model_plays_claims_and_tunnels():
    model = ClaimModel.demo(players=4)
    model.select("Bruxelles-Paris (yellow)")
    before = model.hand
    assert "claims" in model.claim()
    assert model.game.owner[model.route.id] == 0 and model.hand["yellow"] == before["yellow"] - 2
    game = red_tunnel_ahead()
    model = ClaimModel(game)
    model.select("Barcelona-Pamplona")
    model.pay("red", 0)
    assert "reveals" in model.claim() and model.tunnel_pending
    assert "C7" in model.settle_tunnel(True) and game.owner[model.route.id] == 0


def test_route_claimer_widget():
    claimer = RouteClaimer(players=3)
    assert "C5" in text(claimer.verdict.value) and claimer.claim_button.disabled
    picture = claimer.map.svg
    claimer.players.value = 4
    assert "Legal" in text(claimer.verdict.value) and not claimer.claim_button.disabled
    assert claimer.map.players == ["Ann", "Ben", "Cat", "Dan"]  # a new legend
    board = claimer.model.game.board
    ferry = board.route("Amsterdam-London")
    claimer.map.click(f"route-{ferry.id}")  # a click on the map picks the route
    assert claimer.route.value == ferry.id and claimer.map.highlight_routes == [ferry.id]
    assert "C6" in text(claimer.verdict.value) and claimer.map.svg is picture
    assert ">Dan<" in claimer.map.legend
    assert claimer.color.value == "locomotives only"
    claimer.route.value = board.route("Bruxelles-Paris (yellow)").id
    claimer.claim_button.click()
    assert "claims" in text(claimer.narration.value)
    assert claimer.map.owners[claimer.route.value] == 0
    assert claimer.model.game.current_player == 1 and claimer.player.value == 1
    assert "Bruxelles-Paris (yellow) is already claimed by Ann (C1)" in text(claimer.verdict.value)


def test_the_route_lists_name_a_routes_colour_once():
    """A double route's reference names its colour ("Dieppe-London (gray)"); the dropdowns of
    the route claimer and the tunnel simulator say the colour after the cities, once."""
    labels = [label for label, _ in RouteClaimer().route.options]
    assert "Dieppe-London · 2 gray · ferry (1 loco) (first of the pair)" in labels
    assert "Madrid-Pamplona · 3 black · tunnel" in labels
    assert not any(re.search(r"\([a-z]+\) ·", label) for label in labels)
    tunnels = [label for label, _ in TunnelSimulator().tunnel.options]
    assert "Madrid-Pamplona · 3 white" in tunnels and "Barcelona-Pamplona · 2 gray" in tunnels


def test_route_reasons_count_in_words():
    game = staged("europe")
    short = next(r for r in game.board.routes if r.length == 1)
    reasons = " ".join(route_reasons(game, short, 0))
    assert "It needs 1 train;" in reasons and "It scores 1 point (C3)" in reasons
    long = next(r for r in game.board.routes if r.length == 4)
    assert "It needs 4 trains;" in " ".join(route_reasons(game, long, 0))


def test_route_claimer_settles_a_waiting_tunnel():
    game = red_tunnel_ahead()
    claimer = RouteClaimer(game)
    claimer.route.value = game.board.route("Barcelona-Pamplona").id
    claimer.color.value = "red"
    claimer.locomotives.value = 0
    claimer.claim_button.click()
    assert claimer._tunnel_row.layout.display == "" and claimer.claim_button.disabled
    assert "Tunnel waiting: 1 extra card to pay" in text(claimer.verdict.value)
    assert claimer.pay_button.button_style and claimer.decline_button.button_style
    claimer.pay_button.click()
    assert "C7" in text(claimer.narration.value) and claimer._tunnel_row.layout.display == "none"


# ---------------------------------------------------------------------------------------------
# TunnelSimulator (C7-C9)


def test_tunnel_model_distribution_is_the_deck_s():
    model = TunnelModel.demo()
    model.select("Barcelona-Pamplona")
    model.pay("red", 0)
    deck = Counter(model.game.cards.deck)
    assert model.distribution() == tunnel_extra_distribution(deck, "red", False)
    assert sum(model.distribution().values()) == 1
    assert 0 < model.success_probability() <= 1
    model.pay(None)
    assert model.distribution() == tunnel_extra_distribution(deck, None, True)


def test_tunnel_reveal_is_seeded_and_never_changes_the_game():
    a, b = TunnelModel.demo(seed=4), TunnelModel.demo(seed=4)
    for model in (a, b):
        model.select("Barcelona-Pamplona")
        model.pay("red", 0)
    key = a.game.state_key()
    first, second = a.reveal(), b.reveal()
    assert first == second and a.seed == 5
    assert first.extra == sum(first.matches) and len(first.revealed) == 3
    assert a.game.state_key() == key
    results = [a.reveal() for _ in range(30)]
    assert sum(a.tally.values()) == 31 and len({r.revealed for r in results}) > 1
    a.seed = next(r.seed for r in results if r.extra and r.pay_options)
    reveal = a.reveal()
    assert "C7" in a.resolve(True) and a.outcome_ok
    assert a._probe.owner[reveal.route] == 0 and a.game.owner[reveal.route] is None


def test_tunnel_simulator_widget():
    sim = TunnelSimulator(seed=1)
    assert sim.pay_button.disabled and sim.decline_button.disabled
    assert "Exact chance" in text(sim.probabilities.value)
    sim.reveal_button.click()
    assert "Revealed (seed 1)" in text(sim.revealed.value) and sim.seed.value == 2
    assert "1 of 1" in text(sim.probabilities.value)
    while sim.model.current.extra == 0:  # find a reveal that asks for more
        sim.reveal_button.click()
    assert not sim.decline_button.disabled
    sim.decline_button.click()
    assert "C8" in text(sim.outcome.value)
    picture = sim.map.svg
    zurich = sim.model.game.board.route("Paris-Zürich")
    sim.map.click(f"route-{zurich.id}")  # a click on a tunnel picks it
    assert sim.tunnel.value == zurich.id and sim.model.tally == Counter()
    assert sim.map.highlight_routes == [zurich.id] and sim.map.svg is picture
    plain = next(r for r in sim.model.game.board.routes if r.kind == "normal")
    sim.map.click(f"route-{plain.id}")
    assert "is not an unclaimed tunnel" in text(sim.outcome.value)


def test_tunnel_simulator_says_which_button_may_be_pressed():
    sim = TunnelSimulator(seed=0)
    # Pay and Decline look different from each other and from a disabled button
    assert {sim.pay_button.button_style, sim.decline_button.button_style} == {"warning", "danger"}
    assert "open up when a reveal asks" in text(sim.choice.value)
    # Ann holds just the two red cards she pays: she can never pay an extra (C8)
    sim = TunnelSimulator(staged("europe", hands={"Ann": {"red": 2}}), seed=0)
    sim.tunnel.value = sim.model.game.board.route("Barcelona-Pamplona").id
    sim.color.value = "red"
    while True:
        sim.reveal_button.click()
        if sim.model.current.extra:
            break
    assert sim.pay_button.disabled and not sim.decline_button.disabled
    assert "Only Decline is possible" in text(sim.choice.value) and "(C8)" in sim.choice.value


def test_tunnel_odds_are_not_given_for_an_illegal_payment():
    model = TunnelModel.demo()
    model.select("Barcelona-Pamplona")
    model.pay("yellow", 0)  # Ann holds no yellow card: not legal (C2)
    assert not model.chooser.check().legal and model.success_probability() is None
    sim = TunnelSimulator(seed=0)
    sim.color.value = "yellow"
    assert "this payment is not legal" in text(sim.probabilities.value)
    assert "%" not in text(sim.probabilities.value).split("Chance the hand")[1]


# ---------------------------------------------------------------------------------------------
# StationPlanner (ST1-ST6)


def test_ST1_station_limits():
    model = StationModel.demo()
    model.clear()
    assert model.place("Nowhere").startswith("ST1")
    for city in ("Berlin", "Paris", "Roma"):
        assert model.place(city).startswith("Station placed")
    assert model.place("Madrid") == "ST1: at most 3 stations per player"
    assert model.place("Berlin").startswith("ST1")
    other = next(((c, s) for c, s in model.game.stations.items() if s != model.player), None)
    if other is not None:
        model.clear()
        assert model.place(other[0]).startswith("ST1")


def test_ST3_ST4_best_borrowed_routes(europe4):
    model = StationModel(europe4, 0)
    model.clear()
    for city, _gain in model.suggest(3):
        model.place(city)
    view = model.view()
    choice = best_station_routes(
        model.own_routes, model.stations, model.opponent_routes, model.tickets
    )
    assert view.ticket_points_with == choice.ticket_points >= view.ticket_points_without
    for city, route in model.choice().borrowed.items():
        if route is not None:
            assert city in route.cities and europe4.owner[route.id] not in (None, 0)
    assert view.station_points == 4 * (3 - len(model.stations))


def test_station_planner_widget():
    planner = StationPlanner()
    assert planner.model.stations  # the demo places the most useful station
    assert "borrows" in text(planner.plan.value)
    planner.clear_button.click()
    city = planner.model.suggest(1)[0][0] if planner.model.suggest(1) else "Berlin"
    key = planner.model.game.board.city(city)
    planner.map.click(f"city-{key.replace(' ', '_')}")  # a click on the map picks the city
    assert planner.city.value == key and "chosen" in text(planner.message.value)
    planner.place_button.click()
    assert "Station placed" in text(planner.message.value)
    assert "borrows" in text(planner.plan.value)
    assert planner.map.stations[key] == planner.model.player
    planner.player.value = (planner.model.player + 1) % 4
    assert planner.model.stations == sorted(
        c for c, s in planner.model.game.stations.items() if s == planner.player.value
    )


# ---------------------------------------------------------------------------------------------
# LongestRouteExplorer (F3)


def test_F3_longest_trail_follows_the_toggles():
    model = LongestModel.from_refs("usa", ["Denver-Kansas City", "Kansas City-Saint Louis"])
    assert model.length == 6
    assert model.toggle("Kansas City-Oklahoma City") and model.length == 6  # a branch
    assert model.toggle("Saint Louis-Chicago") and model.length == 8
    assert not model.toggle("Saint Louis-Chicago") and model.length == 6
    model.clear()
    assert model.length == 0 and "0 trains" in model.describe()


def test_longest_route_explorer_widget(europe4):
    explorer = LongestRouteExplorer(europe4, player=1)
    own = europe4.routes_of(1)
    assert explorer.model.length == longest_trail(own).length
    assert f"<b>{explorer.model.length}</b>" in explorer.length.value
    assert set(explorer.map.owners) == {-1, 1}
    trail = explorer.model.trail
    explorer.route.value = trail.routes[0].id  # switch off a route of the trail
    explorer.toggle_button.click()
    assert explorer.model.length <= trail.length and "switched off" in text(explorer.message.value)
    assert explorer.map.owners[trail.routes[0].id] == -1
    route = trail.routes[0]
    explorer.map.click(f"route-{route.id}")  # a click picks the route and switches it on
    assert explorer.route.value == route.id and route.id in explorer.model.on
    explorer.source.value = 2
    assert explorer.model.on == {r.id for r in europe4.routes_of(2)}
    explorer.clear_button.click()
    assert explorer.model.length == 0


def test_longest_route_texts_agree(europe4):
    model = LongestModel(europe4.board, [r.id for r in europe4.routes_of(0)])
    trail = model.trail
    said = model.describe()
    assert said.startswith(f"Longest trail: {trail.length} trains, using {len(trail.routes)} of")
    assert f"the {len(model.on)} routes switched on ({model.total} trains in all)" in said
    explorer = LongestRouteExplorer(europe4, player=0)
    labels = [label for label, _ in explorer.route.options]
    assert not any(re.search(r"#\d", label) for label in labels)
    assert len(set(labels)) == len(labels)
    assert any(label.endswith("(first of the pair)") for label in labels)


# ---------------------------------------------------------------------------------------------
# Shared pieces


def test_map_widget_reports_clicks_and_changes_marks_by_id(europe4):
    view = MapWidget.of_game(europe4)
    picture = view.svg
    assert 'class="ttr-map ttr-game ttr-live"' in picture
    clicks = []
    view.on_click(clicks.append)
    view.click("route-3")
    view.click("route-3")  # the same element twice is two clicks
    view.click("city-Paris")
    assert [c.element for c in clicks] == ["route-3", "route-3", "city-Paris"]
    assert clicks[0].route == europe4.board.routes[3] and clicks[2].city == "Paris"
    assert view.clicked == "city-Paris" and view.clicks == 3
    view.on_click(clicks.append, remove=True)
    view.click("route-4")
    assert len(clicks) == 3
    with pytest.raises(ValueError, match="no route or city"):
        view.click("route-999")
    view.show(
        owners={5: 1},
        stations={"wien": 0},
        highlight_routes="Paris-Bruxelles",
        highlight_cities=["Paris"],
    )
    assert view.owners[5] == 1 and view.owners.count(-1) == 100
    assert view.stations == {"Wien": 0} and view.highlight_cities == ["Paris"]
    assert len(view.highlight_routes) == 2 and view.svg is picture
    with pytest.raises(ValueError, match="seat"):
        view.show(owners={5: 9})
    assert view.owners[5] == 1  # a refused change changes nothing
    view.show(marks={"city-Paris": "my-mark"}, notes={"city-Paris": "a ticket"})
    assert view.marks == {"city-Paris": "my-mark"} and view.notes == {"city-Paris": "a ticket"}
    assert view.owners.count(-1) == 101 and view.svg is picture
    for marks in ({"city-Atlantis": "my-mark"}, {"city-Paris": "x;} svg {display:none"}):
        with pytest.raises(ValueError, match="marks"):
            view.show(marks=marks)
    assert view.marks == {"city-Paris": "my-mark"}


def test_route_claimer_lets_another_player_try():
    claimer = RouteClaimer(players=4)
    before = claimer.model.game
    claimer.player.value = 1  # Ben tries, in the same position
    after = claimer.model.game
    assert claimer.model.player == after.current_player == 1
    assert "Ben's hand" in text(claimer.hand.value)
    assert (after.hands, after.owner, after.stations) == (
        before.hands,
        before.owner,
        before.stations,
    )
    assert (after.cards.market, after.cards.deck, after.cards.discard) == (
        before.cards.market,
        before.cards.deck,
        before.cards.discard,
    )
    assert (after.tickets, after.ticket_deck, after.trains) == (
        before.tickets,
        before.ticket_deck,
        before.trains,
    )
    claimer.route.value = after.board.route("Bruxelles-Paris (yellow)").id
    assert claimer.model.check().rule == "C5"  # Ben owns the red route of this double
