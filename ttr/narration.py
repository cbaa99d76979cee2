"""The English narration of a game, rendered from its structured events (:mod:`ttr.events`).

One function per event kind turns the event's data into sentences that cite the rule (one line of
narration each). Silent events (a card turned up to refill a slot) have no line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ttr.actions import format_cards
from ttr.colors import LOCOMOTIVE
from ttr.events import Event
from ttr.state import Setup
from ttr.text import count

ORDINALS = ("first", "second", "third", "fourth", "fifth")


def lines(event: Event) -> list[str]:
    """The lines of narration that tell ``event`` (none for a silent event)."""
    text = _RENDER[event.kind](event.setup, event.player, event.data)
    return [line for line in text.split("\n") if line]


def card_name(card: str) -> str:
    """``"red"`` -> ``"red card"``; ``"loco"`` -> ``"locomotive"``."""
    return "locomotive" if card == LOCOMOTIVE else f"{card} card"


def describe_opening(setup: Setup) -> str:
    """How the opening tickets are dealt and kept, e.g. ``"3 tickets (keep at least 2)"``."""
    parts = []
    for deal in setup.rules.opening:
        kinds = [
            f"{deal.long} long" if deal.long else "",
            f"{deal.regular}" if deal.regular else "",
        ]
        text = " + ".join(k for k in kinds if k) + " tickets"
        keep = f"keep at least {deal.keep_min}"
        if deal.keep_min_after_long is not None:
            keep += f", or {deal.keep_min_after_long} after keeping a long one"
        if deal.keep_max is not None:
            keep = f"keep at most {deal.keep_max}" if not deal.keep_min else keep
        parts.append(f"{text} ({keep})")
    return ", then ".join(parts)


def _name(setup: Setup, player: int | None) -> str:
    return setup.players[player] if player is not None else "The table"


def _ref(setup: Setup, route: int) -> str:
    return setup.board.ref(setup.board.routes[route])


def _setup(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    rules = setup.rules
    return (
        f"{rules.title}, {setup.num_players} players: {', '.join(setup.players)}. "
        f"Each gets {rules.trains} trains"
        + (f", {rules.stations} stations" if rules.stations else "")
        + f" and {rules.hand_size} train cards (S1-S2)."
    )


def _deal_tickets(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return f"Each player is dealt {describe_opening(setup)} ({setup.rules.opening_rule})."


def _reshuffle(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return (
        "The deck ran out: the discard pile was shuffled into a new deck "
        f"of {data['size']} ({data['rule']})."
    )


def _turned_up(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if data["card"] == LOCOMOTIVE:
        return f"A locomotive was turned up in slot {data['slot'] + 1}."
    return ""


def _slot_empty(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return f"Slot {data['slot'] + 1} stays empty: no cards are left to refill it (D7)."


def _refilled(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return "The empty face-up slots were refilled (D7)."


def _market_reset(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return (
        f"{data['locomotives']} face-up locomotives: the market was discarded and dealt again "
        f"({data['rule']})."
    )


def _loop_guard(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if "resets" in data:
        return f"The market was reset {data['resets']} times in a row; it stays as it is (D9)."
    others = data["others"]
    exist = f"{count(others, 'other card')} {'exists' if others == 1 else 'exist'}"
    return (
        f"The market shows {data['locomotives']} locomotives, but only {exist}: "
        "no reset could help, so it stays (D9)."
    )


def _draw(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    name, card = _name(setup, player), card_name(data["card"])
    if data["slot"] is None:
        return f"{name} draws a card from the deck ({card})."
    return f"{name} takes the face-up {card} from slot {data['slot'] + 1}."


def _whole_draw(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return "A face-up locomotive taken first is the whole draw (D3)."


def _short_draw(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return "No second card can be taken, so the draw ends with one card (D8)."


def _claim(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    cards = format_cards(data["color"], data["colored"], data["locomotives"])
    ref = _ref(setup, data["route"])
    if data["tunnel"]:
        return f"{_name(setup, player)} plays {cards} for the tunnel {ref} (C7)."
    return f"{_name(setup, player)} pays {cards} for {ref}."


def _tunnel_reveal(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    cards, extra = data["cards"], data["extra"]
    if not cards:
        return "There is no card left to reveal: the tunnel costs nothing extra (C9)."
    lines: list[str] = []
    if len(cards) < data["wanted"]:
        lines.append(f"Only {len(cards)} of {data['wanted']} cards could be revealed (C9).")
    lines.append(f"The deck reveals {', '.join(card_name(c) for c in cards)}.")
    if extra == 0:
        lines.append("No revealed card matches: the tunnel costs nothing extra.")
        return "\n".join(lines)
    if data["color"] is None:
        more = f"{count(extra, 'more locomotive')}, since it was paid with locomotives only"
    else:
        more = f"{count(extra, 'more card')}, each {data['color']} or a locomotive"
    matches = "1 revealed card matches" if extra == 1 else f"{extra} revealed cards match"
    lines.append(f"{matches}: the tunnel costs {more}.")
    if not data["can_pay"]:
        lines[-1] += f" {_name(setup, player)} cannot pay, so must decline (C8)."
    return "\n".join(lines)


def _pay_tunnel(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    cards = format_cards(data["color"], data["colored"], data["locomotives"])
    return f"{_name(setup, player)} pays the extra {cards} (C7)."


def _decline(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return (
        f"{_name(setup, player)} declines the tunnel {_ref(setup, data['route'])}: "
        "the cards played go back to the hand and the turn ends (C8)."
    )


def _route(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    route = setup.board.routes[data["route"]]
    text = (
        f"{_name(setup, player)} claims {setup.board.ref(route)} "
        f"({count(route.length, 'train')}, +{count(data['points'], 'point')}); "
        f"{count(data['trains_left'], 'train')} left."
    )
    if data["double_closed"]:
        text += (
            f"\nWith {setup.num_players} players the other route of this double is now closed (C5)."
        )
    return text


def _draw_tickets(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return f"{_name(setup, player)} draws {count(len(data['tickets']), 'destination ticket')} (K1)."


def _keep(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    kept, returned, where = len(data["kept"]), len(data["returned"]), data["where"]
    one = returned == 1
    if where == "box":
        went = f"{'leaves' if one else 'leave'} the game ({data['rule']})"
    elif where == "bottom_shuffled":
        went = "is set aside" if one else "are set aside"
    else:
        went = "goes under the ticket deck" if one else "go under the ticket deck"
    text = f"{_name(setup, player)} keeps {count(kept, 'ticket')}"
    return text + (f"; {returned} {went}." if returned else ".")


def _returned_shuffled(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if data["count"] == 1:
        return f"The returned ticket goes under the ticket deck ({data['rule']})."
    return (
        f"The {data['count']} returned tickets are shuffled together and go under the ticket "
        f"deck ({data['rule']})."
    )


def _opening_done(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return f"The opening choices are made; {setup.players[data['first']]} plays first (S6)."


def _station(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    cards = format_cards(data["color"], data["colored"], data["locomotives"])
    return (
        f"{_name(setup, player)} builds a station in {setup.board.display(data['city'])}, "
        f"the {ORDINALS[data['nth']]}, paying {cards} (ST1-ST2)."
    )


def _pass(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return f"{_name(setup, player)} has no legal action and passes (T2)."


def _final_round(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    name = _name(setup, player)
    return (
        f"{name} has {count(data['trains'], 'train')} left: the final round begins. "
        f"Everyone, {name} included, plays one more turn (E1)."
    )


def _game_over(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    if data["reason"] == "all_passed":
        return "Every player passed in a row, so the game ends (T2). The game is over."
    return f"{_name(setup, player)} played the last turn of the final round (E1). The game is over."


def _staged(setup: Setup, player: int | None, data: dict[str, Any]) -> str:
    return f"The scenario is set up; {setup.players[data['to_play']]} is to play."


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
