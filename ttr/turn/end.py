"""The end of a turn: refill the market (D7), the final round (E1-E2), passing (T2)."""

from __future__ import annotations

from ttr.actions import PASS, Pass
from ttr.cards import check_locomotives, refill
from ttr.errors import IllegalAction
from ttr.events import Kind, Log
from ttr.legal import legal_actions
from ttr.state import OVER, TURN, Setup, State, bump

# the kinds of event written here, read once: a member read through its class is slow on
# CPython 3.11 (see ttr.events.Kind)
KIND_FINAL_ROUND = Kind.FINAL_ROUND
KIND_GAME_OVER = Kind.GAME_OVER
KIND_PASS = Kind.PASS


def end_turn(
    setup: Setup, state: State, player: int, log: Log | None, passed: bool = False
) -> None:
    """Finish ``player``'s turn: refill the market (D7, then D6), check the end (E1-E2, T2).

    A market that the D9 guard left with 3 or more locomotives is checked again here, at the end
    of every turn, so it is reset as soon as a reset can help (for example once the cards paid
    for a claim have reached the discard pile).
    """
    refilled = None in state.market and refill(state, log, player)
    if refilled or state.loop_guard:  # else no refill, so fewer than 3 locomotives show
        check_locomotives(setup, state, log, player, recheck=not refilled)
    state.phase = TURN
    if not passed:
        state.passes_in_row = 0
    state.turn += 1
    n = setup.num_players
    if state.final_turns_left is not None:
        state.final_turns_left -= 1
        if state.final_turns_left == 0:
            game_over(state, log, player, "final_round")
            return
    elif state.trains[player] <= setup.rules.end_trigger_trains:
        state.final_turns_left = n
        state.triggered_by = player
        if log:
            log.add(KIND_FINAL_ROUND, player, trains=state.trains[player])
    if state.passes_in_row >= n:
        game_over(state, log, None, "all_passed")
        return
    state.current_player = (player + 1) % n


def game_over(state: State, log: Log | None, player: int | None, reason: str) -> None:
    state.phase = OVER
    if log:
        log.add(KIND_GAME_OVER, player, reason=reason)


def check_pass(setup: Setup, state: State, action: Pass) -> None:
    """A pass is legal only when no other action is (T2)."""
    if list(legal_actions(setup, state)) != [PASS]:
        raise IllegalAction("T2", "a player may pass only when no other action is legal")


def play_pass(setup: Setup, state: State, action: Pass, log: Log | None) -> None:
    player = state.current_player
    state.passes_in_row += 1
    bump(state, "passes")
    if log:
        log.add(KIND_PASS, player)
    end_turn(setup, state, player, log, passed=True)
