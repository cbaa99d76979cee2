"""The narration of a game, rendered from its structured events (:mod:`ttr.events`).

One function per event kind turns the event's data into sentences that cite the rule (one line of
narration each), in the language in force (:mod:`ttr.i18n`; English by default). Silent events
(a card turned up to refill a slot) have no line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ttr.colors import LOCOMOTIVE
from ttr.i18n import N_, ORDINAL_WORDS, Nn_, fill, ngettext, render
from ttr.state import Setup
from ttr.text import listed

ORDINALS = ORDINAL_WORDS


class Told(Protocol):
    """What narration reads of an event (:class:`ttr.events.Event`, which imports this module
    to tell itself: narration needs only these four fields)."""

    @property
    def kind(self) -> str: ...
    @property
    def player(self) -> int | None: ...
    @property
    def data(self) -> dict[str, Any]: ...
    @property
    def setup(self) -> Setup: ...


def lines(event: Told) -> list[str]:
    """The lines of narration that tell ``event`` (none for a silent event)."""
    text = _RENDER[event.kind](event.setup, event.player, event.data)
    return [line for line in text.split("\n") if line]


def describe_opening(setup: Setup) -> str:
    """How the opening tickets are dealt and kept, e.g. ``"3 tickets (keep at least 2)"``."""
    parts = []
    for deal in setup.rules.opening:
        if deal.long and deal.regular:
            text = render("{long} long + {regular} tickets", long=deal.long, regular=deal.regular)
        elif deal.long:
            text = render("{long} long tickets", long=deal.long)
        else:
            text = render("{regular} tickets", regular=deal.regular)
        keep = render("keep at least {least}", least=deal.keep_min)
        if deal.keep_min_after_long is not None:
            keep = render(
                "keep at least {least}, or {after} after keeping a long one",
                least=deal.keep_min,
                after=deal.keep_min_after_long,
            )
        if deal.keep_max is not None and not deal.keep_min:
            keep = render("keep at most {most}", most=deal.keep_max)
        parts.append(render("{tickets} ({keep})", tickets=text, keep=keep))
    return render(", then ").join(parts)


def _name(setup: Setup, player: int | None) -> str:
    return setup.players[player] if player is not None else render("The table")


def _setup(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    rules = setup.rules
    fields = {
        "title": rules.title,
        "count": setup.num_players,
        "players": listed(setup.players),
        "trains": rules.trains,
        "stations": rules.stations,
        "cards": rules.hand_size,
    }
    if rules.stations:
        return render(
            "{title:text}, {count} players: {players}. Each gets {trains} trains, "
            "{stations} stations and {cards} train cards (S1-S2).",
            **fields,
        )
    return render(
        "{title:text}, {count} players: {players}. Each gets {trains} trains "
        "and {cards} train cards (S1-S2).",
        **fields,
    )


def _deal_tickets(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "Each player is dealt {opening} ({rule}).",
        opening=describe_opening(setup),
        rule=setup.rules.opening_rule,
    )


def _reshuffle(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "The deck ran out: the discard pile was shuffled into a new deck of {size} ({rule}).",
        size=data["size"],
        rule=data["rule"],
    )


def _turned_up(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if data["card"] == LOCOMOTIVE:
        return render("A locomotive was turned up in slot {slot}.", slot=data["slot"] + 1)
    return ""


def _slot_empty(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "Slot {slot} stays empty: no cards are left to refill it (D7).", slot=data["slot"] + 1
    )


def _refilled(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render("The empty face-up slots were refilled (D7).")


def _market_reset(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "{locomotives} face-up locomotives: the market was discarded and dealt again ({rule}).",
        locomotives=data["locomotives"],
        rule=data["rule"],
    )


def _loop_guard(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if "resets" in data:
        return render(
            "The market was reset {resets} times in a row; it stays as it is (D9).",
            resets=data["resets"],
        )
    others = data["others"]
    text = N_(
        "The market shows {locomotives} locomotives, but only {others:#other card} exist: "
        "no reset could help, so it stays (D9)."
    )
    if others == 1:
        text = N_(
            "The market shows {locomotives} locomotives, but only {others:#other card} exists: "
            "no reset could help, so it stays (D9)."
        )
    return render(text, locomotives=data["locomotives"], others=others)


def _draw(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    name, card = _name(setup, player), data["card"]
    if data["slot"] is None:
        if card is None:  # another seat's blind draw (ttr.events.SECRET)
            if player is None:
                return render("The table draws a card from the deck.")
            return render("{name} draws a card from the deck.", name=name)
        return render("{name} draws a card from the deck ({card:card}).", name=name, card=card)
    return render(
        "{name} takes the face-up {card:card} from slot {slot}.",
        name=name,
        card=card,
        slot=data["slot"] + 1,
    )


def _whole_draw(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render("A face-up locomotive taken first is the whole draw (D3).")


def _short_draw(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render("No second card can be taken, so the draw ends with one card (D8).")


def _paid(data: dict[str, Any]) -> tuple[str | None, int, int]:
    return data["color"], data["colored"], data["locomotives"]


def _claim(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    text = N_("{name} pays {cards:payment} for {ref:route}.")
    if data["tunnel"]:
        text = N_("{name} plays {cards:payment} for the tunnel {ref:route} (C7).")
    return render(
        text,
        name=_name(setup, player),
        cards=_paid(data),
        ref=setup.board.ref(setup.board.routes[data["route"]]),
    )


def _tunnel_reveal(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    cards, extra = data["cards"], data["extra"]
    if not cards:
        return render("There is no card left to reveal: the tunnel costs nothing extra (C9).")
    lines: list[str] = []
    if len(cards) < data["wanted"]:
        lines.append(
            render(
                "Only {shown} of {wanted} cards could be revealed (C9).",
                shown=len(cards),
                wanted=data["wanted"],
            )
        )
    lines.append(render("The deck reveals {cards:cards}.", cards=cards))
    if extra == 0:
        lines.append(render("No revealed card matches: the tunnel costs nothing extra."))
        return "\n".join(lines)
    if data["color"] is None:
        more = render(
            "{extra:#more locomotive}, since it was paid with locomotives only", extra=extra
        )
    else:
        more = render(
            "{extra:#more card}, each {color:colour} or a locomotive",
            extra=extra,
            color=data["color"],
        )
    matches = ngettext(
        "{extra} revealed card matches: the tunnel costs {more}.",
        "{extra} revealed cards match: the tunnel costs {more}.",
        extra,
    )
    lines.append(fill(matches, extra=extra, more=more))
    if not data["can_pay"]:
        lines[-1] += render(" {name} cannot pay, so must decline (C8).", name=_name(setup, player))
    return "\n".join(lines)


def _pay_tunnel(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "{name} pays the extra {cards:payment} (C7).",
        name=_name(setup, player),
        cards=_paid(data),
    )


def _decline(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "{name} declines the tunnel {ref:route}: "
        "the cards played go back to the hand and the turn ends (C8).",
        name=_name(setup, player),
        ref=setup.board.ref(setup.board.routes[data["route"]]),
    )


def _route(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    route = setup.board.routes[data["route"]]
    text = render(
        "{name} claims {ref:route} ({length:#train}, +{points:#point}); {left:#train} left.",
        name=_name(setup, player),
        ref=setup.board.ref(route),
        length=route.length,
        points=data["points"],
        left=data["trains_left"],
    )
    if data["double_closed"]:
        text += "\n" + render(
            "With {players} players the other route of this double is now closed (C5).",
            players=setup.num_players,
        )
    return text


def _draw_tickets(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "{name} draws {tickets:#destination ticket} (K1).",
        name=_name(setup, player),
        tickets=len(data["tickets"]),
    )


_WENT = {
    "box": Nn_("{returned} leaves the game ({rule})", "{returned} leave the game ({rule})"),
    "bottom_shuffled": Nn_("{returned} is set aside", "{returned} are set aside"),
    "bottom": Nn_("{returned} goes under the ticket deck", "{returned} go under the ticket deck"),
}
"""Where the tickets a player returns go, after ``"{name} keeps N tickets; "``."""


def _keep(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    kept, returned = len(data["kept"]), len(data["returned"])
    fields = {"name": _name(setup, player), "kept": kept, "returned": returned}
    if not returned:
        return render("{name} keeps {kept:#ticket}.", **fields)
    went = ngettext(*_WENT.get(data["where"], _WENT["bottom"]), returned)
    template = (
        N_("{name} keeps {kept:#ticket}; {went}.")
        if kept
        else N_("{name} keeps 0 tickets; {went}.")  # a language may say "none" its own way
    )
    return render(template, went=fill(went, returned=returned, rule=data["rule"]), **fields)


def _returned_shuffled(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if data["count"] == 1:
        return render("The returned ticket goes under the ticket deck ({rule}).", rule=data["rule"])
    return render(
        "The {count} returned tickets are shuffled together and go under the ticket deck ({rule}).",
        count=data["count"],
        rule=data["rule"],
    )


def _opening_done(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "The opening choices are made; {first} plays first (S6).",
        first=setup.players[data["first"]],
    )


def _station(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "{name} builds a station in {city}, the {nth:ordinal}, paying {cards:payment} (ST1-ST2).",
        name=_name(setup, player),
        city=setup.board.display(data["city"]),
        nth=ORDINALS[data["nth"]],
        cards=_paid(data),
    )


def _pass(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render("{name} has no legal action and passes (T2).", name=_name(setup, player))


def _final_round(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "{name} has {trains:#train} left: the final round begins. "
        "Everyone, {name} included, plays one more turn (E1).",
        name=_name(setup, player),
        trains=data["trains"],
    )


def _game_over(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if data["reason"] == "all_passed":
        return render("Every player passed in a row, so the game ends (T2). The game is over.")
    return render(
        "{name} played the last turn of the final round (E1). The game is over.",
        name=_name(setup, player),
    )


def _staged(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return render(
        "The scenario is set up; {player} is to play.", player=setup.players[data["to_play"]]
    )


_RENDER: dict[str, Callable[[Setup, int | None, dict[str, Any]], str]] = {
    "setup": _setup,
    "deal_tickets": _deal_tickets,
    "reshuffle": _reshuffle,
    "turned_up": _turned_up,
    "slot_empty": _slot_empty,
    "refilled": _refilled,
    "market_reset": _market_reset,
    "loop_guard": _loop_guard,
    "draw": _draw,
    "whole_draw": _whole_draw,
    "short_draw": _short_draw,
    "claim": _claim,
    "tunnel_reveal": _tunnel_reveal,
    "pay_tunnel": _pay_tunnel,
    "decline": _decline,
    "route": _route,
    "draw_tickets": _draw_tickets,
    "keep": _keep,
    "returned_shuffled": _returned_shuffled,
    "opening_done": _opening_done,
    "station": _station,
    "pass": _pass,
    "final_round": _final_round,
    "game_over": _game_over,
    "staged": _staged,
}
