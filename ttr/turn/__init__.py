"""The turn rules, one module per family, each a pair of functions of the state record:
``check_x(setup, state, action)`` raises :class:`ttr.errors.IllegalAction` naming the rule (and
changes nothing); ``play_x(setup, state, action, log)`` applies a checked action.

=========== ===============================================================
``deal``     the deal (S1-S3)
``draw``     drawing train cards (D1-D8)
``claim``    claiming routes, double routes, ferries (C1-C6)
``tunnel``   tunnels: reveal, pay or decline (C7-C9)
``take``     taking a paid route: cards to the discard, trains, points (C3, C5)
``tickets``  the opening choice and drawing tickets (S4-S6, K1-K2, V1-V4)
``stations`` building stations (ST1-ST2)
``end``      the end of a turn, the final round, passing (D7, E1-E2, T2)
=========== ===============================================================

This package ties them together: :data:`ALLOWED` says which actions each phase allows (T1,
T3) and :func:`refusal` says why an action is not allowed in this phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ttr.actions import (
    ACTION_TYPES,
    FIELD_PROBLEMS,
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
)
from ttr.errors import IllegalAction, preview
from ttr.i18n import N_, Message
from ttr.state import (
    FIELDS,
    OPENING,
    OVER,
    PHASES,
    SECOND_CARD,
    TICKETS,
    TUNNEL,
    TURN,
    Recorder,
    Setup,
    State,
    recorder,
)
from ttr.turn.claim import check_claim, play_claim
from ttr.turn.draw import check_draw, play_draw
from ttr.turn.end import check_pass, play_pass
from ttr.turn.stations import check_station, play_station
from ttr.turn.tickets import check_draw_tickets, check_keep, play_draw_tickets, play_keep
from ttr.turn.tunnel import check_decline, check_pay_tunnel, play_decline, play_pay_tunnel

Check = Callable[[Setup, State, Any], None]
Play = Callable[[Setup, State, Any, Any], None]
Problems = Callable[[Any], Message | None] | None
Rules = tuple[Problems, Check, Play, Recorder]

TURN_END = (
    *("rng", "deck", "top", "discard", "market", "counts", "loop_guard"),  # refill (D6-D9)
    *("phase", "current_player", "turn", "final_turns_left", "triggered_by", "passes_in_row"),
)
"""The fields the end of a turn may change (:func:`ttr.turn.end.end_turn`)."""
ROUTE = ("hands", "tunnel", "owner", "open", "barred", "trains", "route_points")
CHANGES: dict[type, tuple[str, ...]] = {
    DrawCard: (*TURN_END, "hands"),
    Claim: (*TURN_END, *ROUTE),
    PayTunnel: (*TURN_END, *ROUTE),
    Decline: (*TURN_END, "hands", "tunnel"),
    DrawTickets: ("ticket_deck", "offer", "phase"),
    KeepTickets: FIELDS,
    BuildStation: (*TURN_END, "hands", "stations", "stations_left"),
    Pass: TURN_END,
}
"""The state fields each kind of action may change: what its undo record keeps
(``tests/test_undo.py`` checks that no action changes any other)."""
RECORDERS: dict[type, Recorder] = {kind: recorder(changed) for kind, changed in CHANGES.items()}
"""The maker of each kind's undo record, derived from :data:`CHANGES`: it keeps exactly those
fields (:func:`ttr.state.recorder`)."""


RULES: dict[type, Rules] = {
    kind: (FIELD_PROBLEMS[kind], check, play, RECORDERS[kind])
    for kind, check, play in (
        (DrawCard, check_draw, play_draw),
        (Claim, check_claim, play_claim),
        (PayTunnel, check_pay_tunnel, play_pay_tunnel),
        (Decline, check_decline, play_decline),
        (DrawTickets, check_draw_tickets, play_draw_tickets),
        (KeepTickets, check_keep, play_keep),
        (BuildStation, check_station, play_station),
        (Pass, check_pass, play_pass),
    )
}
"""For each kind of action: what is wrong with the types of its fields (T1,
:data:`ttr.actions.FIELD_PROBLEMS`), the check of its rule, its effect, the maker of its undo
record."""
SETTLING: dict[str, tuple[type, ...]] = {
    OPENING: (KeepTickets,),
    TICKETS: (KeepTickets,),
    TUNNEL: (PayTunnel, Decline),
    SECOND_CARD: (DrawCard,),
}
"""The actions that settle each pending decision (T3)."""
ANSWERS = (KeepTickets, PayTunnel, Decline)
"""The actions that only answer a pending decision."""
ALLOWED: dict[str, dict[type, Rules]] = {
    phase: {
        kind: rules
        for kind, rules in RULES.items()
        if kind in SETTLING.get(phase, ()) or (phase == TURN and kind not in ANSWERS)
    }
    for phase in PHASES
}
"""The rules of the actions each phase allows: a turn's actions, or what settles the pending
decision (T1, T3); none once the game is over."""


def checked(setup: Setup, state: State, action: object) -> Rules:
    """The rules of ``action`` (its field check, rule check, effect and undo recorder: see
    :data:`RULES`) once it is known to be legal now; raises :class:`IllegalAction` if it is not
    (T1 for a field of the wrong type, then the action's rule). ``Game.play`` and
    ``Game.is_legal`` both ask here: the one place that says what is legal."""
    try:
        rules = ALLOWED[state.phase][type(action)]
    except KeyError:
        raise refusal(setup, state, action) from None
    problems, check, _, _ = rules
    if problems is not None:  # T1: the types of the fields, before any rule reads them
        problem = problems(action)
        if problem is not None:
            raise IllegalAction("T1", problem)
    check(setup, state, action)
    return rules


def refusal(setup: Setup, state: State, action: object) -> IllegalAction:
    """Why ``action`` cannot be played in this phase (T1, T3, E1)."""
    if type(action) not in ACTION_TYPES:
        return IllegalAction("T1", "{value} is not an action", value=preview(action))
    if state.phase == OVER:
        return IllegalAction("E1", "the game is over; no more actions")
    name = setup.players[state.current_player]
    if state.phase != TURN:
        text = {
            SECOND_CARD: N_(
                "{name} is drawing train cards and must take a second card; "
                "only a 'draw' settles it"
            ),
            TUNNEL: N_(
                "{name} must pay the tunnel's extra cost or decline it; "
                "only 'pay' or 'decline' settles it"
            ),
            OPENING: N_(
                "{name} must choose which opening tickets to keep; only a 'keep' settles it"
            ),
            TICKETS: N_("{name} must choose which tickets to keep; only a 'keep' settles it"),
        }[state.phase]
        return IllegalAction("T3", text, name=name)
    word = {KeepTickets: "keep", PayTunnel: "pay", Decline: "decline"}[type(action)]
    return IllegalAction(
        "T3",
        "nothing is pending: '{word}' only answers a ticket offer or a tunnel's extra cost",
        word=word,
    )
