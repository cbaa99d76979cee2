"""Reading and writing actions as text, in the context of a position (see :mod:`ttr.actions`).

``parse_action(setup, state, format_action(setup, state, a)) == a`` for every legal action ``a``.
Parsing is linear in the length of the text (no backtracking patterns), and refuses text longer
than :data:`MAX_TEXT` before reading it.
"""

from __future__ import annotations

from ttr.actions import (
    DECLINE,
    DRAW_DECK,
    DRAW_TICKETS,
    PASS,
    Action,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    format_cards,
)
from ttr.colors import LOCOMOTIVE, card_kind
from ttr.errors import IllegalAction, NotationError, UnknownReference, preview
from ttr.i18n import N_, Message
from ttr.open_routes import is_open
from ttr.payment import payment_problem, station_cost, tunnel_extra_options
from ttr.state import Setup, State

MAX_TEXT = 300
"""The longest action text read (a claim of the longest route names fewer than 100 characters)."""
_DRAW_TEXT: dict[int | None, str] = {None: "draw deck", **{s: f"draw {s + 1}" for s in range(8)}}
Cards = list[tuple[str, int | None]]


def format_action(setup: Setup, state: State, action: Action) -> str:
    """The notation of ``action`` in the position ``state``."""
    if isinstance(action, DrawCard):
        text = _DRAW_TEXT.get(action.slot)
        return text if text is not None else f"draw {action.slot + 1}"  # type: ignore[operator]
    if isinstance(action, Claim):
        route = setup.board.routes[action.route]
        cards = format_cards(action.color, route.length - action.locomotives, action.locomotives)
        return f"claim {setup.board.ref(route)} {cards}"
    if isinstance(action, BuildStation):
        player = state.current_player
        cost = (
            station_cost(setup.rules, state.stations_left[player])
            if state.stations_left[player]
            else 1
        )
        cards = format_cards(action.color, cost - action.locomotives, action.locomotives)
        return f"station {setup.board.display(action.city)} {cards}"
    if isinstance(action, PayTunnel):
        tunnel = state.tunnel
        if tunnel is None:
            return f"pay {action.locomotives} loco"
        return "pay " + format_cards(
            tunnel.color, tunnel.extra - action.locomotives, action.locomotives
        )
    if isinstance(action, KeepTickets):
        return "keep " + (" ".join(str(i + 1) for i in action.keep) or "none")
    if isinstance(action, DrawTickets):
        return "tickets"
    if isinstance(action, Decline):
        return "decline"
    if isinstance(action, Pass):
        return "pass"
    raise TypeError(f"not an action: {preview(action)}")


def parse_action(setup: Setup, state: State, text: str) -> Action:
    """The action ``text`` names in the position ``state``.

    Raises :class:`NotationError` for text that does not read, :class:`UnknownReference` for an
    unknown city, route or ticket, and :class:`IllegalAction` for a payment with the wrong number
    of cards.
    """
    if not isinstance(text, str):
        raise NotationError("an action's notation is text, not {text}", text=preview(text))
    if len(text) > MAX_TEXT:
        raise NotationError(
            "an action of {size} characters is too long: {text}", size=len(text), text=preview(text)
        )
    words = text.strip().split(maxsplit=1)
    if not words:
        raise NotationError("empty action: expected e.g. 'draw deck', 'claim A-B red', 'keep 1 2'")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if verb == "draw":
        rest = rest.strip().lower()
        if rest in ("deck", "blind", "d"):
            return DRAW_DECK
        if rest.isdigit() and rest.isascii() and len(rest) < 4:
            return DrawCard(int(rest) - 1)
        raise NotationError(
            "cannot read {text}: expected 'draw deck' or 'draw 1' to 'draw 5'", text=preview(text)
        )
    if verb in ("tickets", "pass", "decline"):
        if rest.strip():
            raise NotationError(
                "cannot read {text}: {verb!r} takes nothing after it", text=preview(text), verb=verb
            )
        plain: dict[str, Action] = {"tickets": DRAW_TICKETS, "pass": PASS, "decline": DECLINE}
        return plain[verb]
    if verb == "keep":
        return _parse_keep(setup, state, rest, text)
    if verb == "claim":
        return _parse_claim(setup, state, rest, text)
    if verb == "station":
        return _parse_station(setup, state, rest, text)
    if verb == "pay":
        return _parse_pay(state, rest)
    raise NotationError(
        "cannot read {text}: actions start with draw, claim, tickets, keep, station, "
        "pay, decline or pass",
        text=preview(text),
    )


def read_cards(text: str) -> Cards:
    """Read ``"red red loco"``, ``"2 red 1 loco"`` or ``"2red"`` into ``[(kind, count), ...]``.

    ``count`` is None for a word without a number.
    """
    cards: Cards = []
    number: int | None = None
    for token in text.split():
        digits = len(token) - len(token.lstrip("0123456789"))
        if digits:
            if number is not None or digits > 3:
                raise NotationError(
                    "cannot read the cards {text}: a number of cards too many", text=preview(text)
                )
            number, token = int(token[:digits]), token[digits:]
            if not token:
                continue
        kind = card_kind(token)
        if kind is None:
            raise NotationError(
                "unknown card {card}: expected a colour or 'loco'", card=preview(token)
            )
        cards.append((kind, number))
        number = None
    if number is not None:
        raise NotationError(
            "cannot read the cards {text}: a number needs a card after it", text=preview(text)
        )
    return cards


def _is_card_token(token: str) -> bool:
    word = token.lstrip("0123456789")
    return not word or card_kind(word) is not None


def split_cards(rest: str, text: str, what: Message) -> tuple[str, Cards]:
    """Split ``"Paris-Bruxelles (yellow) yellow yellow"`` into the name and the cards at its end."""
    tokens = rest.split()
    end = len(tokens)
    while end > 0 and _is_card_token(tokens[end - 1]):
        end -= 1
    head = " ".join(tokens[:end])
    if not head:
        raise NotationError("cannot read {text}: expected {what}", text=preview(text), what=what)
    cards = read_cards(" ".join(tokens[end:]))
    if not cards:
        raise NotationError(
            "cannot read {text}: list the cards to pay, e.g. 'red red loco'", text=preview(text)
        )
    return head, cards


def _payment(cards: Cards, cost: int, rule: str, what: Message) -> tuple[str | None, int]:
    """``(color, locomotives)`` from listed cards; one bare colour word means all ``cost`` cards."""
    if len(cards) == 1 and cards[0][1] is None:
        return (None, cost) if cards[0][0] == LOCOMOTIVE else (cards[0][0], 0)
    colors = {kind for kind, _ in cards if kind != LOCOMOTIVE}
    if len(colors) > 1:
        raise IllegalAction(
            rule,
            "{what} is paid in one colour (plus locomotives), not {colors:colours}",
            what=what,
            colors=sorted(colors),
        )
    locos = sum(n or 1 for kind, n in cards if kind == LOCOMOTIVE)
    total = sum(n or 1 for _, n in cards)
    if total != cost:
        raise IllegalAction(
            rule, "{what} takes {cost:#card}; {total} listed", what=what, cost=cost, total=total
        )
    color = colors.pop() if colors else None
    return color, locos


def _parse_claim(setup: Setup, state: State, rest: str, text: str) -> Claim:
    head, cards = split_cards(
        rest, text, Message("a route, e.g. 'claim Paris-Bruxelles (yellow) yellow yellow'")
    )
    board = setup.board
    candidates = board.find_routes(head)
    player = state.current_player
    payments = [
        _payment(cards, r.length, "C2", Message("{ref:route}", ref=board.ref(r)))
        for r in candidates
    ]

    def preference(index: int) -> tuple[bool, bool, bool]:
        """Open to the player first, then payable with the listed cards, then free."""
        route, paid = candidates[index], payments[index]
        problem = payment_problem(
            state.hands[player], route.color, route.length, paid, route.locomotives
        )
        open_ = is_open(board, state.owner, route.id, player, setup.double_lock)
        return (open_, problem is None, state.owner[route.id] is None)

    best = max(range(len(candidates)), key=preference)  # the first of equals wins
    color, locos = payments[best]
    return Claim(candidates[best].id, color, locos)


def _parse_station(setup: Setup, state: State, rest: str, text: str) -> BuildStation:
    head, cards = split_cards(rest, text, Message("a city, e.g. 'station Berlin red'"))
    city = setup.board.city(head)
    player = state.current_player
    has = setup.rules.has_stations and state.stations_left[player]
    cost = station_cost(setup.rules, state.stations_left[player]) if has else 1
    color, locos = _payment(cards, cost, "ST2", Message("this station"))
    return BuildStation(city, color, locos)


def _parse_pay(state: State, rest: str) -> PayTunnel:
    tunnel = state.tunnel
    if not rest.strip():
        if tunnel is None:
            return PayTunnel(0)
        hand = state.hands[state.current_player]
        options = tunnel_extra_options(hand, tunnel.color, tunnel.extra)
        return PayTunnel(options[0] if options else 0)
    cards = read_cards(rest)
    if tunnel is None:
        return PayTunnel(sum(n or 1 for kind, n in cards if kind == LOCOMOTIVE))
    color, locos = _payment(cards, tunnel.extra, "C7", Message("the tunnel's extra cost"))
    if color is not None and color != tunnel.color:
        text = N_("the extra cost is paid in {paid:colour}, not {color:colour}")
        if tunnel.color is None:
            text = N_("the extra cost is paid in locomotives, not {color:colour}")
        raise IllegalAction("C7", text, paid=tunnel.color, color=color)
    return PayTunnel(locos)


def _parse_keep(setup: Setup, state: State, rest: str, text: str) -> KeepTickets:
    """``keep 1 3``, ``keep none`` or ``keep Seattle-Los Angeles, Duluth-Houston``."""
    rest = rest.strip()
    if rest.lower() in ("", "none"):
        return KeepTickets(())
    numbers = rest.replace(",", " ").split()
    if all(n.isdigit() and n.isascii() and len(n) < 4 for n in numbers):
        return KeepTickets(tuple(sorted(int(n) - 1 for n in numbers)))
    offer = state.offer
    if offer is None:
        raise NotationError(
            "cannot read {text}: expected ticket numbers ('keep 1 3') or, while "
            "tickets are on offer, their names ('keep Seattle-Los Angeles')",
            text=preview(text),
        )
    positions = []
    for name in rest.split(","):
        position = _offered(setup, offer.tickets, name.strip(), text)
        if position in positions:
            raise NotationError("cannot read {text}: a ticket is named twice", text=preview(text))
        positions.append(position)
    return KeepTickets(tuple(sorted(positions)))


def _offered(setup: Setup, offered: tuple[int, ...], name: str, text: str) -> int:
    """The position in the offer of the ticket ``name`` (``"Seattle-Los Angeles"``)."""
    board = setup.board
    try:
        parts = board.ticket_cities(name)
    except UnknownReference as err:
        raise NotationError(
            "cannot read {text}: {problem}", text=preview(text), problem=err.message
        ) from None
    for position, index in enumerate(offered):
        if {setup.ticket_pool[index].a, setup.ticket_pool[index].b} == parts:
            return position
    on_offer = ", ".join(board.ticket_ref(setup.ticket_pool[i]) for i in offered)
    raise NotationError(
        "cannot read {text}: {name} is not on offer ({on_offer})",
        text=preview(text),
        name=preview(name),
        on_offer=on_offer,
    )
