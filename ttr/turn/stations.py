"""Stations (Europe, ST1-ST2): build one on a free city, paying 1, 2 or 3 cards."""

from __future__ import annotations

from ttr.actions import BuildStation
from ttr.colors import GRAY
from ttr.errors import IllegalAction, preview
from ttr.events import Kind, Log
from ttr.narration import ORDINALS
from ttr.open_routes import with_item
from ttr.payment import payment_problem, station_cost
from ttr.state import Setup, State
from ttr.turn.end import end_turn
from ttr.turn.take import pay

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_STATION = Kind.STATION


def check_station(setup: Setup, state: State, action: BuildStation) -> None:
    player = state.current_player
    rules, board = setup.rules, setup.board
    if not rules.has_stations:
        raise IllegalAction("ST1", "there are no stations in {title:text}", title=rules.title)
    if action.city not in board.cities:
        raise IllegalAction(
            "ST1", "there is no city {city} on the board", city=preview(action.city)
        )
    if not state.stations_left[player]:
        raise IllegalAction(
            "ST1",
            "{player} has built all {stations} stations",
            player=setup.players[player],
            stations=rules.stations,
        )
    holder = state.stations.get(action.city)
    if holder is not None:
        raise IllegalAction(
            "ST1",
            "{city} already has a station ({holder}'s)",
            city=board.display(action.city),
            holder=setup.players[holder],
        )
    cost = station_cost(setup.rules, state.stations_left[player])
    problem = payment_problem(state.hands[player], GRAY, cost, (action.color, action.locomotives))
    if problem is not None:
        nth = ORDINALS[rules.stations - state.stations_left[player]]
        raise IllegalAction(
            "ST2",
            "the {nth:ordinal} station costs {cost:#card} of one colour: {problem}",
            nth=nth,
            cost=cost,
            problem=problem,
        )


def play_station(setup: Setup, state: State, action: BuildStation, log: Log | None) -> None:
    player = state.current_player
    cost = station_cost(setup.rules, state.stations_left[player])
    colored = cost - action.locomotives
    paid = pay(state, player, action.color, colored, action.locomotives)
    state.discard = state.discard + paid
    state.stations = {**state.stations, action.city: player}
    left = state.stations_left[player] - 1
    state.stations_left = with_item(state.stations_left, player, left)
    if log:
        log.add(
            KIND_STATION,
            player,
            city=action.city,
            nth=setup.rules.stations - left - 1,
            color=action.color,
            colored=colored,
            locomotives=action.locomotives,
        )
    end_turn(setup, state, player, log)
