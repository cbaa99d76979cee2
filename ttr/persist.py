"""Saving and loading games as JSON, with every field checked on the way in.

A save holds the position (``"state"``) and, when the game has a history, the position before
its first action (``"start"``) and the actions played since (``"actions"``, in notation)::

    {"format": "ttr-game", "version": 2, "rules": "europe", "players": ["Ann", "Ben"],
     "state": {...}, "start": {...}, "actions": ["keep 1 2", "draw deck", ...]}

Loading checks the format and version, every key, type and range, and every invariant of
:mod:`ttr.invariants`; then it replays the actions from the start (each checked by the rules) and
requires the result to be the saved position. A corrupt save raises :class:`SaveError` naming the
field; nothing of it is used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ttr.colors import CARD_KINDS, COLOR_SET, DECK_SIZE, hand_of
from ttr.errors import SaveError, TTRError, preview
from ttr.i18n import N_, Message
from ttr.invariants import state_violations
from ttr.jsonio import parse_json
from ttr.state import (
    PHASES,
    SAVED,
    UNKEPT,
    RandomState,
    Setup,
    State,
    TicketOffer,
    TunnelAttempt,
    derive,
    empty_state,
    generator_state,
    make_setup,
)

FORMAT, VERSION = "ttr-game", 2
MAX_ACTIONS = 20_000
"""More actions than any game takes (a 5-player game takes about 450)."""
SAVE_KEYS = tuple(name for name in SAVED if name != "top")  # the deck's size is its length
COUNT_NAMES = (
    "market_resets",
    "loop_guard_stops",
    "reshuffles",
    "empty_deck",
    "passes",
    "short_draws",
)


# ---------------------------------------------------------------------------------------------
# Writing


def state_to_dict(setup: Setup, state: State) -> dict[str, Any]:
    """The saved fields of ``state`` as JSON-ready data (decks list their top card first)."""
    assert not isinstance(state.rng, random.Random), "the game is still being set up"
    version, internal, gauss = generator_state(state.rng)
    return {
        "rng": [version, list(internal), gauss],
        "deck": list(reversed(state.deck[: state.top])),
        "discard": list(state.discard),
        "market": list(state.market),
        "out": list(state.out),
        "hands": [
            {k: n for k, n in zip(CARD_KINDS, hand, strict=True) if n} for hand in state.hands
        ],
        "tickets": [list(kept) for kept in state.tickets],
        "owner": list(state.owner),
        "stations": dict(state.stations),
        "ticket_deck": list(reversed(state.ticket_deck)),
        "box": list(state.box),
        "set_aside": list(state.set_aside),
        "opening_queue": [_offer_dict(o) for o in state.opening_queue],
        "offer": _offer_dict(state.offer) if state.offer else None,
        "tunnel": _tunnel_dict(state.tunnel) if state.tunnel else None,
        "phase": state.phase,
        "current_player": state.current_player,
        "turn": state.turn,
        "final_turns_left": state.final_turns_left,
        "triggered_by": state.triggered_by,
        "passes_in_row": state.passes_in_row,
        "loop_guard": state.loop_guard,
        "counts": dict(sorted(state.counts.items())),
    }


def _offer_dict(offer: TicketOffer) -> dict[str, Any]:
    return {
        "player": offer.player,
        "tickets": list(offer.tickets),
        "keep_min": offer.keep_min,
        "keep_max": offer.keep_max,
        "unkept": offer.unkept,
        "rule": offer.rule,
        "long_round": offer.long_round,
    }


def _tunnel_dict(tunnel: TunnelAttempt) -> dict[str, Any]:
    return {
        "route": tunnel.route,
        "color": tunnel.color,
        "locomotives": tunnel.locomotives,
        "revealed": list(tunnel.revealed),
        "extra": tunnel.extra,
    }


def save_dict(
    setup: Setup, state: State, start: State | None = None, actions: Sequence[str] = ()
) -> dict[str, Any]:
    """A save of the position ``state``; with ``start``, also the position before the first
    action and the ``actions`` played since, in notation (see the module docstring)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": setup.rules.name,
        "players": list(setup.players),
        "state": state_to_dict(setup, state),
    }
    if start is not None:
        data["start"] = state_to_dict(setup, start)
        data["actions"] = list(actions)
    return data


# ---------------------------------------------------------------------------------------------
# Reading


class Save(NamedTuple):
    """A save read and checked: the position to build the game from (``start`` when the save
    has a history, else the saved position) and the actions to replay from it."""

    setup: Setup
    start: State
    saved: State
    actions: list[str] | None


def read_json(text: str | bytes) -> Save:
    """:func:`read_save` of a save's JSON text."""
    return read_save(parse_json(text, N_("saved game"), SaveError))


def read_save(data: Any) -> Save:
    """The checked contents of a save (see the module docstring); :class:`SaveError` if bad.
    :meth:`ttr.game.Game.from_dict` builds the game, then :func:`replay` checks the history."""
    if not isinstance(data, dict):
        raise SaveError("a saved game is a JSON object, not {kind}", kind=type(data).__name__)
    fields = {"format", "version", "rules", "players", "state", "start", "actions"}
    _keys(data, fields, "", required=("format", "version", "rules", "players", "state"))
    if data["format"] != FORMAT:
        raise SaveError(
            "field 'format': expected {expected!r}, not {value}",
            expected=FORMAT,
            value=preview(data["format"]),
        )
    if data["version"] != VERSION or type(data["version"]) is not int:
        raise SaveError(
            "field 'version': this engine reads version {version}, not {value}",
            version=VERSION,
            value=preview(data["version"]),
        )
    try:
        setup = make_setup(_text(data["rules"], "rules"), data["players"])
    except TTRError as err:
        raise SaveError("field 'rules'/'players': {reason}", reason=err.message) from None
    has_start = "start" in data
    if has_start != ("actions" in data):
        raise SaveError("fields 'start' and 'actions' come together")
    saved = state_from_dict(setup, data["state"], "state")
    if not has_start:
        return Save(setup, saved, saved, None)
    start = state_from_dict(setup, data["start"], "start")
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise SaveError(
            "field 'actions': expected a list of at most {most} action texts", most=MAX_ACTIONS
        )
    texts = [_text(text, f"actions[{number}]", 300) for number, text in enumerate(actions)]
    return Save(setup, start, saved, texts)


def replay(save: Save, play: Callable[[str], object], reached: Callable[[], State]) -> None:
    """Play the save's actions (``play(text)``, each checked by the rules), then require the
    position ``reached()`` to be the saved one; :class:`SaveError` names the first that fails."""
    for number, text in enumerate(save.actions or ()):
        try:
            play(text)
        except TTRError as err:
            raise SaveError(
                "field 'actions[{number}]' ({value}): {reason}",
                number=number,
                value=preview(text),
                reason=err.message,
            ) from None
    setup = save.setup
    if state_to_dict(setup, reached()) != state_to_dict(setup, save.saved):
        raise SaveError("field 'state': it is not the position that 'start' and 'actions' reach")


def state_from_dict(setup: Setup, data: Any, where: str) -> State:
    """A state from saved data, every field checked (types, ranges, then the invariants)."""
    if not isinstance(data, dict):
        raise SaveError("field {where!r}: expected an object", where=where)
    _keys(data, set(SAVE_KEYS), where + ".", required=SAVE_KEYS)
    f = _Fields(setup, data, where)
    state = empty_state(setup, random.Random(0))
    state.rng = RandomState(f.rng())
    deck = f.cards("deck", DECK_SIZE)
    state.deck, state.top = tuple(reversed(deck)), len(deck)
    state.discard = tuple(f.cards("discard", DECK_SIZE))
    state.market = tuple(f.market())
    state.out = tuple(sorted(f.cards("out", DECK_SIZE)))
    state.hands = tuple(f.hands())
    state.tickets = tuple(tuple(kept) for kept in f.per_player("tickets", f.ticket_list))
    state.owner = tuple(f.owner())
    state.stations = f.stations()
    state.ticket_deck = tuple(reversed(f.ticket_list(data["ticket_deck"], "ticket_deck")))
    state.box = tuple(f.ticket_list(data["box"], "box"))
    state.set_aside = tuple(f.ticket_list(data["set_aside"], "set_aside"))
    queue = f.listed("opening_queue", 2 * setup.num_players)
    state.opening_queue = tuple(f.offer(o, f"opening_queue[{i}]") for i, o in enumerate(queue))
    state.offer = None if data["offer"] is None else f.offer(data["offer"], "offer")
    state.tunnel = None if data["tunnel"] is None else f.tunnel(data["tunnel"])
    state.phase = f.choice("phase", PHASES)
    n = setup.num_players
    state.current_player = f.integer("current_player", 0, n - 1)
    state.turn = f.integer("turn", 0, 10 * MAX_ACTIONS)
    state.final_turns_left = f.integer("final_turns_left", 0, n, optional=True)
    state.triggered_by = f.integer("triggered_by", 0, n - 1, optional=True)
    state.passes_in_row = f.integer("passes_in_row", 0, n)
    state.loop_guard = f.boolean("loop_guard")
    state.counts = f.counts()
    derive(setup, state)
    problems = state_violations(setup, state)
    if problems:
        raise SaveError("field {where!r}: {reason}", where=where, reason=problems[0])
    return state


def _keys(data: dict[str, Any], known: set[str], prefix: str, required: Sequence[str]) -> None:
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise SaveError("unknown field {prefix}{value}", prefix=prefix, value=preview(unknown[0]))
    missing = [k for k in required if k not in data]
    if missing:
        raise SaveError("missing field {prefix}{name!r}", prefix=prefix, name=missing[0])


def _text(value: Any, where: str, limit: int = 40) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise SaveError(
            "field {where!r}: expected a short text, not {value}", where=where, value=preview(value)
        )
    return value


class _Fields:
    """Readers for the fields of one saved state; each names the field when it refuses."""

    def __init__(self, setup: Setup, data: dict[str, Any], where: str):
        self.setup, self.data, self.where = setup, data, where

    def fail(self, field: str, expected: Message, got: Any) -> SaveError:
        return SaveError(
            "field '{where}.{field}': expected {expected}, not {value}",
            where=self.where,
            field=field,
            expected=expected,
            value=preview(got),
        )

    def listed(self, field: str, most: int, value: Any = None) -> list[Any]:
        value = self.data[field] if value is None else value
        if not isinstance(value, list) or len(value) > most:
            raise self.fail(field, Message("a list of at most {most} items", most=most), value)
        return value

    def integer(
        self, field: str, low: int, high: int, optional: bool = False, value: Any = ...
    ) -> Any:
        value = self.data[field] if value is ... else value
        if optional and value is None:
            return None
        if type(value) is not int or not low <= value <= high:
            raise self.fail(
                field, Message("a whole number from {low} to {high}", low=low, high=high), value
            )
        return value

    def boolean(self, field: str) -> bool:
        value = self.data[field]
        if type(value) is not bool:
            raise self.fail(field, Message("true or false"), value)
        return value

    def choice(self, field: str, options: Sequence[str], value: Any = ...) -> str:
        value = self.data[field] if value is ... else value
        if value not in options or not isinstance(value, str):
            raise self.fail(field, Message("one of {options}", options=", ".join(options)), value)
        return value

    def rng(self) -> tuple[Any, ...]:
        value = self.data["rng"]
        ok = (
            isinstance(value, list)
            and len(value) == 3
            and isinstance(value[1], list)
            and len(value[1]) == 625
            and all(type(x) is int and 0 <= x < 2**32 for x in value[1])
            and (value[2] is None or type(value[2]) is float)
        )
        state = (value[0], tuple(value[1]), value[2]) if ok else None
        try:
            random.Random().setstate(state)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise self.fail(
                "rng", Message("a random generator state (random.getstate())"), "..."
            ) from None
        assert state is not None
        return state

    def cards(self, field: str, most: int, value: Any = None) -> list[str]:
        cards = self.listed(field, most, value)
        for i, card in enumerate(cards):
            if card not in CARD_KINDS or not isinstance(card, str):
                raise self.fail(
                    f"{field}[{i}]", Message("a card: {cards}", cards=", ".join(CARD_KINDS)), card
                )
        return cards

    def market(self) -> list[str | None]:
        size = self.setup.rules.market_size
        market = self.data["market"]
        if not isinstance(market, list) or len(market) != size:
            raise self.fail("market", Message("a list of {size} cards or nulls", size=size), market)
        for i, card in enumerate(market):
            if card is not None and (not isinstance(card, str) or card not in CARD_KINDS):
                raise self.fail(f"market[{i}]", Message("a card or null"), card)
        return market

    def per_player(self, field: str, read: Callable[[Any, str], Any]) -> list[Any]:
        values = self.data[field]
        n = self.setup.num_players
        if not isinstance(values, list) or len(values) != n:
            raise self.fail(field, Message("a list with one entry per player ({n})", n=n), values)
        return [read(value, f"{field}[{seat}]") for seat, value in enumerate(values)]

    def hands(self) -> list[tuple[int, ...]]:
        def hand(value: Any, field: str) -> tuple[int, ...]:
            if not isinstance(value, dict):
                raise self.fail(field, Message("an object {shape}", shape="{card: count}"), value)
            for card, n in value.items():
                if card not in CARD_KINDS:
                    raise self.fail(field, Message("card names as keys"), card)
                self.integer(f"{field}.{card}", 0, DECK_SIZE, value=n)
            return hand_of(value)

        return self.per_player("hands", hand)

    def ticket_list(self, value: Any, field: str) -> list[int]:
        size = len(self.setup.ticket_pool)
        tickets = self.listed(field, size, value)
        for i, ticket in enumerate(tickets):
            self.integer(f"{field}[{i}]", 0, size - 1, value=ticket)
        return tickets

    def owner(self) -> list[int | None]:
        routes = len(self.setup.board.routes)
        owner = self.data["owner"]
        if not isinstance(owner, list) or len(owner) != routes:
            raise self.fail(
                "owner",
                Message("a list of {routes} seats or nulls (one per route)", routes=routes),
                owner,
            )
        for i, seat in enumerate(owner):
            self.integer(f"owner[{i}]", 0, self.setup.num_players - 1, optional=True, value=seat)
        return owner

    def stations(self) -> dict[str, int]:
        stations = self.data["stations"]
        if not isinstance(stations, dict):
            raise self.fail(
                "stations", Message("an object {shape}", shape="{city: seat}"), stations
            )
        for city, seat in stations.items():
            if city not in self.setup.board.cities:
                raise self.fail("stations", Message("city names as keys"), city)
            self.integer(f"stations.{city}", 0, self.setup.num_players - 1, value=seat)
        return dict(stations)

    def offer(self, value: Any, field: str) -> TicketOffer:
        if not isinstance(value, dict):
            raise self.fail(field, Message("an object"), value)
        names = ("player", "tickets", "keep_min", "keep_max", "unkept", "rule", "long_round")
        _keys(value, set(names), f"{self.where}.{field}.", required=names)
        tickets = self.ticket_list(value["tickets"], f"{field}.tickets")
        if not 1 <= len(tickets) <= 16:
            raise self.fail(f"{field}.tickets", Message("1 to 16 tickets"), tickets)
        if type(value["long_round"]) is not bool:
            raise self.fail(f"{field}.long_round", Message("true or false"), value["long_round"])
        rule = value["rule"]
        if not isinstance(rule, str) or rule not in ("S4", "S5", "K1", "V1", "V2", "V3", "V4"):
            raise self.fail(f"{field}.rule", Message("a ticket rule id (S4, S5, K1, V1-V4)"), rule)
        keep_min = self.integer(f"{field}.keep_min", 0, len(tickets), value=value["keep_min"])
        return TicketOffer(
            self.integer(f"{field}.player", 0, self.setup.num_players - 1, value=value["player"]),
            tuple(tickets),
            keep_min,
            self.integer(f"{field}.keep_max", max(keep_min, 1), 16, value=value["keep_max"]),
            self.choice(f"{field}.unkept", UNKEPT, value=value["unkept"]),
            rule,
            value["long_round"],
        )

    def tunnel(self, value: Any) -> TunnelAttempt:
        if not isinstance(value, dict):
            raise self.fail("tunnel", Message("an object"), value)
        names = ("route", "color", "locomotives", "revealed", "extra")
        _keys(value, set(names), f"{self.where}.tunnel.", required=names)
        routes = self.setup.board.routes
        route = routes[self.integer("tunnel.route", 0, len(routes) - 1, value=value["route"])]
        if not route.is_tunnel:
            raise self.fail("tunnel.route", Message("the id of a tunnel"), route.id)
        color = value["color"]
        if color is not None and (not isinstance(color, str) or color not in COLOR_SET):
            raise self.fail("tunnel.color", Message("a card colour or null"), color)
        reveal = self.setup.rules.tunnel_reveal
        revealed = self.cards("tunnel.revealed", reveal, value["revealed"])
        return TunnelAttempt(
            route.id,
            color,
            self.integer("tunnel.locomotives", 0, route.length, value=value["locomotives"]),
            tuple(revealed),
            self.integer("tunnel.extra", 1, reveal, value=value["extra"]),
        )

    def counts(self) -> dict[str, int]:
        counts = self.data["counts"]
        if not isinstance(counts, dict):
            raise self.fail("counts", Message("an object {shape}", shape="{name: count}"), counts)
        for name, n in counts.items():
            if name not in COUNT_NAMES:
                raise self.fail(
                    "counts", Message("one of {options}", options=", ".join(COUNT_NAMES)), name
                )
            self.integer(f"counts.{name}", 0, 10**9, value=n)
        return dict(counts)
