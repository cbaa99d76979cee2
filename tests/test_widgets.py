"""The teaching widgets and their models, driven from Python (``.value``, ``.click()``).

Every widget keeps its logic in a plain model (no ipywidgets inside); these tests check the
models' state and messages (a refusal starts with the rule id), that the views follow the
models (HTML text, PNG bytes that change after a step), and that the tunnel odds are exact
(against a brute-force enumeration of every order of the deck, and against the engine).
Output widgets are never inspected: their contents are synced by a frontend.
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
from ttr.widgets import (
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
from ttr.widgets.common import MapPainter, bot_game, rule_of

PNG = b"\x89PNG\r\n\x1a\n"


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
    return staged(market=list(market), deck=list(deck), discard=list(discard),
                  hands={"Ann": ann, "Ben": rest_of(market, deck, discard, ann)})


# ---------------------------------------------------------------------------------------------
# Layering: the engine never imports widgets or plotting; models import no ipywidgets


def test_engine_imports_no_widgets_or_plotting():
    code = (
        "import sys, ttr, ttr.game, ttr.agents, ttr.scenario, ttr.scoring, ttr.probability\n"
        "bad = [m for m in sys.modules if m.startswith(('ttr.widgets', 'ttr.plot', 'ttr.svg', "
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


def brute_force(deck: list[str], color: str | None, locos_only: bool, reveal: int = 3,
                discard: list[str] = ()) -> dict[int, Fraction]:
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
    assert tunnel_extra_distribution({"red": 1}, "red", False, discard_counts={"loco": 1}) == {
        2: 1
    }
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
        game = staged("europe", deck=list(order), market=market,
                      hands={"Ann": ann, "Ben": rest_of(deck, ann, market)})
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
    first_png, first_text = stepper.map.value, stepper.narration.value
    assert bytes(first_png).startswith(PNG)
    stepper.next_button.click()
    assert stepper.slider.value == 1 and stepper.model.step == 1
    assert stepper.map.value != first_png
    assert stepper.narration.value != first_text
    assert text(stepper.narration.value).endswith(" ".join(europe4.events_of(1)))
    stepper.back_button.click()
    assert stepper.slider.value == 0 and stepper.map.value == first_png
    stepper.slider.value = 40
    assert stepper.model.step == 40 and europe4.history[39] in text(stepper.headline.value)
    stepper.play.value = 41  # autoplay moves the slider (linked)
    assert stepper.slider.value == 41 and stepper.model.step == 41
    stepper.last_button.click()
    assert stepper.model.step == stepper.model.last and stepper.next_button.disabled
    stepper.first_button.click()
    assert stepper.model.step == 0 and stepper.first_button.disabled
    assert repr(stepper) == f"GameStepper(step=0, last={len(europe4.history)})"


def test_game_stepper_teacher_view_shows_hands(europe4):
    stepper = GameStepper(europe4)
    stepper.slider.value = 12
    assert "teacher view" not in stepper.info.value
    stepper.teacher.value = True
    assert "hand (teacher view)" in stepper.info.value
    hand = stepper.model.game.hands[0]
    shown = next(k for k in CARD_KINDS if hand[k])
    assert f'data-card="{shown}"' in stepper.info.value


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
    assert message.startswith("Not allowed: D4:") and model.last.rule == "D4"
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
    model = CardDrawModel(staged(market=["loco", "red", "blue", "green", "white"],
                                 deck=["loco", "loco", "pink"]))
    assert model.take(6).startswith("Not allowed: D1:")
    assert "D3" in model.take(1) and model.player == "Ben"  # a face-up loco ends the draw
    message = model.draw_blind()  # Ben draws the blind locomotive...
    assert "D5" in message and model.game.phase == SECOND_CARD  # ...and draws on
    assert model.undo().startswith("Took back") and model.game.phase == TURN


def test_D7_reshuffle_D8_short_draw_D9_guard():
    # D7: an empty deck is rebuilt from the discard pile
    model = CardDrawModel(dry(["red", "blue", "green", "white", "yellow"], deck=[],
                              discard=["pink", "pink", "black"]))
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
    assert bytes(explorer.map.value).startswith(PNG)


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
    gray = next(r for r in model.game.board.routes if r.color == "gray" and r.kind == "normal"
                and 2 <= r.length <= 4 and model.game.owner[r.id] is None)
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
    game = staged("europe", hands={"Ann": {"red": 3, "loco": 1}},
                  market=["white", "black", "yellow", "orange", "pink"],
                  deck=["red", "green", "blue"])
    model = ClaimModel(game)
    model.select("Barcelona-Pamplona")
    model.pay("red", 0)
    assert "reveals" in model.claim() and model.tunnel_pending
    assert "C7" in model.settle_tunnel(True) and game.owner[model.route.id] == 0


def test_route_claimer_widget():
    claimer = RouteClaimer(players=3)
    assert "C5" in text(claimer.verdict.value) and claimer.claim_button.disabled
    png = claimer.map.value
    claimer.players.value = 4
    assert "Legal" in text(claimer.verdict.value) and not claimer.claim_button.disabled
    board = claimer.model.game.board
    claimer.route.value = board.route("Amsterdam-London").id
    assert claimer.map.value != png and "C6" in text(claimer.verdict.value)
    assert claimer.color.value == "locomotives only"
    claimer.route.value = board.route("Bruxelles-Paris (yellow)").id
    claimer.claim_button.click()
    assert "claims" in text(claimer.narration.value)
    assert claimer.model.game.current_player == 1 and claimer.player.value == 1
    assert "C1: Bruxelles-Paris (yellow) is already claimed" in text(claimer.verdict.value)


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
    png = sim.map.value
    sim.tunnel.value = sim.model.game.board.route("Paris-Zürich").id
    assert sim.map.value != png and sim.model.tally == Counter()


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
    choice = best_station_routes(model.own_routes, model.stations, model.opponent_routes,
                                 model.tickets)
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
    png = planner.map.value
    city = planner.model.suggest(1)[0][0] if planner.model.suggest(1) else "Berlin"
    planner.city.value = planner.model.game.board.city(city)
    planner.place_button.click()
    assert "Station placed" in text(planner.message.value)
    assert "borrows" in text(planner.plan.value)
    assert planner.map.value != png
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
    png = explorer.map.value
    trail = explorer.model.trail
    explorer.route.value = trail.routes[0].id  # switch off a route of the trail
    explorer.toggle_button.click()
    assert explorer.model.length <= trail.length and "switched off" in text(explorer.message.value)
    assert explorer.map.value != png
    explorer.source.value = 2
    assert explorer.model.on == {r.id for r in europe4.routes_of(2)}
    explorer.clear_button.click()
    assert explorer.model.length == 0


# ---------------------------------------------------------------------------------------------
# Shared pieces


def test_map_painter_caches_and_is_deterministic(europe4):
    painter = MapPainter()
    one = painter.png(europe4, highlight=[3])
    assert painter.png(europe4, highlight=[3]) == one and painter.draws == 1
    assert MapPainter().png(europe4, highlight=[3]) == one
    assert painter.png(europe4) != one and painter.draws == 2


def test_rule_of():
    assert rule_of("D4: a face-up locomotive cannot be the second card") == "D4"
    assert rule_of("ST1: at most 3 stations") == "ST1"
    assert rule_of("Took back 'draw 1'.") is None
