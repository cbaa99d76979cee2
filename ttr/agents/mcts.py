"""The search bot: Monte-Carlo search over determinisations of what it cannot see.

Each *iteration* of :class:`MCTSAgent`'s search deals a *determinisation*: a whole game
consistent with what the bot's seat can see, with the other players' hands and tickets and the
deck order sampled (:mod:`ttr.agents.determinise`; with ``infer``, the others' tickets drawn
by how well they explain the routes those players claimed); it plays a move there and then a
*rollout* (the greedy bot for every seat, the searching seat's own turns by its ``policy``, or
uniform random moves) to the end of the game or for a few turns, and scores the position: the
final scores if the game is over, else an estimate (route points, tickets done, open tickets
weighed by the trains their cheapest path still needs, unbuilt stations). A player's value is
a logistic of their lead over the best other player.

Two searches use these iterations (``search=``):

``"halving"`` (the ladder's ``mcts``, with the settings :data:`PAIRED`): a paired comparison of
the candidate moves at the root. Every candidate still in the race is played in the *same*
sampled deals, followed by the same deterministic greedy rollout, so two moves differ only by
the move (common random numbers), and the noise of the unknown tickets and deck cancels out of
their difference. The budget is split by *sequential halving* (Karnin, Koren and Somekh, 2013):
in each round every candidate left gets its share of deals, then the worse half (by mean gain
over the greedy move in the same deals) drops out, until one challenger is left. The bot plays
the challenger if its mean gain over the greedy move exceeds ``z`` standard errors of the paired
differences (a normal quantile, widened to Student's t for the number of deals) and ``gap``,
else the greedy move: with few deals the standard error is itself a guess, and a tiny gain
within the model (greedy rollouts, random tickets for the others) says nothing of the game.
A budget of ``steps`` (simulated moves, in the rollouts and the moves searched) becomes a
number of iterations from the length of the first rollout (the greedy move's, in the first
deal), and each round also stops before a deal that would overrun its share: the opening,
whose rollouts are the longest, gets the fewest deals.

``"tree"`` (the class's default, 200 iterations of 4-turn rollouts): single-observer
information-set MCTS (ISMCTS). One tree is shared by all determinisations; at each node the
player to move picks a child by UCB1 among the moves *available in this determinisation* (each
child's exploration term counting how often it was available); one node is added per iteration,
its rollout scored and each player's value backed up the path. The bot plays the most visited
move if its mean value beats the greedy move's by ``margin``, else the greedy move.

Measured (``docs/bots.md``): against the greedy bot the tree (200 iterations, 4-turn rollouts)
won about two games in three, about as often on each board, because the values of moves differ
by hundredths and unpaired samples of a few hundred futures cannot tell them apart; the paired
search with rollouts to the end won about three in four with the greedy bot's plan, and with
the planner's (:data:`PAIRED`) 82.5% on Europe and 92.0% on the USA.

Moves are grouped so that the search does not drown in payments: one claim per route (the
legal payment with the fewest locomotives), one draw per face-up card kind, and a station only
where the greedy bot would build one. Candidates come in this order: the greedy bot's move,
the claims it plans, with ``block`` (and ``infer``) up to that many claims on the likeliest
paths of the others (:func:`blocking`), the draws, the other claims (longest first) and
tickets, or, when tickets are offered, the choices of them to keep in the legal order (fewest
tickets first); the paired search takes the first ``breadth``; the tree opens them one at a
time (progressive widening: a node visited ``n`` times may have ``widening * sqrt(n)``
children). The second card of a draw and a tunnel's extra cost follow the greedy bot.

Wherever this says "the greedy move" or "the greedy bot's plan", the seat's ``policy`` is meant:
the greedy bot by default, the planner (:mod:`ttr.agents.planner`) in :data:`PAIRED`.

The same seed and budget (iterations and steps: not ``seconds``, which depends on the machine)
give the same move. :meth:`MCTSAgent.explain` returns the
visits and values of the best moves as data.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
import time
from collections.abc import Hashable, Iterable, Iterator, Sequence
from typing import Any

from ttr.actions import DRAW_TICKETS, Action, BuildStation, Claim, DrawCard
from ttr.agents.base import (
    Agent,
    Choice,
    card_draws,
    cheapest_claim,
    cheapest_claims,
    cheapest_station,
    check_seat,
)
from ttr.agents.determinise import Weights, determinise, ticket_weights
from ttr.agents.endgame import last_turn_move, quick_last_turn
from ttr.agents.greedy import GreedyAgent, Paths
from ttr.agents.planner import PlannerAgent
from ttr.agents.settings import check_search_settings
from ttr.game import OPENING, SECOND_CARD, TICKETS, TUNNEL, TURN, Game

ITERATIONS = 200
"""The class's default budget (the tree search, as lesson 21 uses it): iterations a move."""
PAIRED: dict[str, Any] = {
    "search": "halving",
    "iterations": 150,
    "steps": 6000,
    "deals": 3,
    "rollout_turns": None,
    "infer": 6.0,
    "samples": 16,
    "block": 1,
    "endgame": True,
    "policy": "planner",
}
"""The search bot of the ladder and the README's figures (``make_agent("mcts")``): the paired
search with a budget of 6,000 simulated moves a decision (each iteration plays a move in one
sampled deal, then a greedy rollout to the end of the game) and at most 150 iterations, and as
many candidates as get 3 deals each in every round of halving. The first decisions of a game,
whose rollouts are the longest (about 150 moves), get about 36-40 iterations (3 or 4
candidates), the last ones 150 (see the README for the CPU time it costs: the budget was
raised from 5,500 in proportion to the cheaper simulated move of commit 9ef537e). The others'
tickets are inferred from their claims (``infer`` = 6, one of 16 ticket deals drawn by
weight, see :func:`ttr.agents.determinise.ticket_weights`), and the claim that most blocks
their likeliest paths is a candidate (``block`` = 1). It overrules the greedy move only by a
gain of ``z`` = 2 standard errors, taken from Student's t for the deals played. Its last
turn is worked out exactly, and nearly so in the sampled games (``endgame``, see
:mod:`ttr.agents.endgame`: the move adding most to its final score). Its default move and its
own moves in the rollouts are the planner's (``policy``, :mod:`ttr.agents.planner`), the
others' the greedy bot's."""
SEARCHES = ("halving", "tree")
POLICIES: dict[str, type[GreedyAgent]] = {"greedy": GreedyAgent, "planner": PlannerAgent}
"""The bots whose moves the searching seat may take as its default move and play in its own
turns of the rollouts (``policy``); the others always play the greedy bot's."""
DEFAULT_MOVES = {"greedy": "the greedy move", "planner": "the planner's move"}
"""What the reasons call the default move of each policy."""
ROLLOUTS = ("greedy", "random")
FOLLOW_UPS = (SECOND_CARD, TUNNEL)
"""Decisions that follow from the turn's choice, left to the greedy bot: the second card of a
draw (the colour the plan needs) and a tunnel's extra cost (paid when it can be)."""


class Node:
    """A node of the search tree: the statistics of the move that leads to it."""

    __slots__ = ("avail", "children", "mover", "plan", "prior", "total", "visits")

    def __init__(self, mover: int = -1):
        self.mover = mover  # the player who made the move into this node
        self.prior: Hashable | None = None  # the greedy bot's move here, found on the first visit
        self.plan: list[int] = []  # and the routes it plans to claim
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # sum of the mover's values over the visits
        self.children: dict[Hashable, Node] = {}


class MCTSAgent(Agent):
    """Monte-Carlo search over sampled deals: a budget of ``iterations``, ``steps`` (simulated
    moves) and/or ``seconds`` a decision, whichever ends first, spent by ``search``
    (``"halving"`` or ``"tree"``, see the module docstring).

    ``rollout`` is ``"greedy"`` or ``"random"``; ``rollout_turns`` turns are played before the
    position is scored (None: play to the end). ``scale`` is the score lead (points) worth a
    value of 0.73. The paired search compares the first ``breadth`` candidate moves (fewer
    when the budget cannot give each of them ``deals`` deals in every round) and overrules the
    greedy move only by a gain of ``z`` standard errors (Student's t for the deals played) and
    at least ``gap``. The tree search's ``exploration`` is UCB1's constant, ``widening`` the
    progressive-widening factor, and it overrules the greedy move only by a mean value
    ``margin`` higher: the values of a few hundred sampled futures are noisy, and a coin flip
    between two moves that look alike is worse than the plan. ``infer`` (0: off) is how sharply
    the sampled deals favour the others' tickets that explain their claims: each of ``samples``
    ticket deals weighs ``exp(infer * progress)`` for each of their tickets (see
    :func:`ttr.agents.determinise.ticket_weights`); with it, ``block`` claims on the others'
    likeliest paths join the candidates after the greedy bot's plan. With ``endgame``, its last
    turn (the final round, E1) is not searched but worked out exactly
    (:func:`ttr.agents.endgame.last_turn_move`), and the searching seat's last turn in every
    rollout nearly so (:func:`ttr.agents.endgame.quick_last_turn`: route and ticket points,
    without the longest-route bonus and stations): the rollouts then play its end as it will
    be played.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | random.Random | None = 0,
        *,
        iterations: int | None = ITERATIONS,
        steps: int | None = None,
        seconds: float | None = None,
        search: str = "tree",
        rollout: str = "greedy",
        rollout_turns: int | None = 4,
        scale: float = 15.0,
        breadth: int = 6,
        deals: int = 1,
        z: float = 2.0,
        exploration: float = 0.05,
        widening: float = 1.0,
        margin: float = 0.02,
        gap: float = 0.0,
        infer: float = 0.0,
        samples: int = 8,
        block: int = 0,
        endgame: bool = False,
        policy: str = "greedy",
    ):
        settings = {
            key: value for key, value in locals().items() if key not in ("self", "__class__")
        }
        check_search_settings(SEARCHES, ROLLOUTS, tuple(POLICIES), **settings)
        super().__init__(seed)
        self.iterations = iterations
        self.steps = steps
        self.seconds = seconds
        self.search = search
        self.rollout = rollout
        self.rollout_turns = rollout_turns
        self.scale = scale
        self.breadth = breadth
        self.deals = deals
        self.z = z
        self.exploration = exploration
        self.widening = widening
        self.margin = margin
        self.gap = gap
        self.infer = infer
        self.samples = samples
        self.block = block
        self.endgame = endgame
        self.policy = policy
        self.greedy = GreedyAgent(self.rng)
        self.own = POLICIES[policy](self.rng)
        self.default = DEFAULT_MOVES[policy]

    def __repr__(self) -> str:
        budget = ", ".join(
            f"{name}={value}"
            for name, value in [
                ("iterations", self.iterations),
                ("steps", self.steps),
                ("seconds", self.seconds),
            ]
            if value
        )
        return f"MCTSAgent({budget}, search={self.search!r}, rollout={self.rollout!r})"

    def choose(self, game: Game) -> Action:
        return self.explain(game).action

    def explain(self, game: Game, seat: int | None = None) -> Choice:
        """Search, then return the chosen move with the statistics of the best moves:
        ``reason["options"]`` lists ``{"move", "visits", "value"}``, most visited first (and,
        for the paired search, ``"gain"``: the mean gain over the greedy move in the same
        deals)."""
        check_seat(game, seat)
        if game.phase in FOLLOW_UPS:
            choice = self.own.explain(game)
            return Choice(
                choice.action, {"kind": "follow-up", "greedy": choice.reason}, choice.text
            )
        if self.endgame and game.phase == TURN and game.final_turns_left is not None:
            action, option = last_turn_move(game)
            gain = 0.0 if option is None else round(option.gain, 2)
            return Choice(
                action,
                {"kind": "last turn", "gain": gain},
                f"{game.notation(action)}: the last turn, worked out exactly (+{gain:g}).",
            )
        first = self.own.choose(game)
        moves = candidates(game, first)
        if len(moves) == 1:
            return Choice(first, {"kind": "forced"}, f"{game.notation(first)}: the only move.")
        prior = key(game, first)
        plan = self.own.plan(game) if game.phase == TURN else []
        weights = self._weights(game, game.current_player)
        block = blocking(game, weights, self.block) if weights and game.phase == TURN else []
        root_options = list(move_options(game, None, prior, plan, block))
        if self.search == "halving":
            return self._halving(game, root_options, weights)
        return self._tree(game, first, moves, root_options, plan, weights)

    # the paired search -------------------------------------------------------------------------

    def _halving(
        self,
        game: Game,
        root_options: list[tuple[Hashable, Action]],
        weights: Weights | None,
    ) -> Choice:
        seat = game.current_player
        greedy_key, greedy = root_options[0]
        most = self.iterations  # the most iterations the budget could give (a rollout >= 1 move)
        if self.steps is not None:
            most = min(most or self.steps, self.steps)
        if most is not None and most < 2 * self.deals:  # no budget for a second candidate
            move = game.notation(greedy)
            option = {"move": move, "visits": 0, "value": 0.5, "gain": 0.0}
            reason = _search_reason(0, 0, 0.0, [option], move, overruled=False)
            reason.update(gain=0.0, error=math.inf)
            return Choice(
                greedy, reason, f"{move}: {self.default}, the only one searched (0 searches)."
            )
        start = time.perf_counter()
        # the greedy move in the first deal measures the rollouts here: a budget of steps
        # is a budget of that many iterations
        first_deal = determinise(game, seat, self.rng, weights, self.samples)
        probe = first_deal.copy()
        probe.play(greedy)
        length = 1 + self._playout(probe, seat)
        probe_value = self._values(probe, seat)[seat]
        budget = self.iterations
        if self.steps is not None:
            budget = min(budget or self.steps, max(1, self.steps // length))
        breadth = min(self.breadth, len(root_options))
        if budget is not None:  # a small budget: fewer moves, each in ``deals`` deals a round
            need = self.deals
            while breadth > 1 and budget < _halving_rounds(breadth - 1) * breadth * need:
                breadth -= 1
        moves = dict(root_options[:breadth])
        challengers = list(moves)[1:]
        rounds = _halving_rounds(len(challengers))
        values: dict[Hashable, list[float]] = {k: [] for k in moves}
        gains: dict[Hashable, list[float]] = {k: [] for k in challengers}
        done = steps = 0
        first: Game | None = first_deal
        for number in range(rounds):
            alive = [greedy_key, *challengers]
            quota = None if budget is None else max(1, budget // rounds // len(alive))
            until = None
            if self.seconds is not None:
                until = start + self.seconds * (number + 1) / rounds
            deals = spent = 0  # deals and simulated moves this round
            while quota is None or deals < quota:
                # the rounds' share of the step budget so far: stop before a deal that would
                # overrun it (judged by the mean deal of the round), but play at least one
                if self.steps is not None and deals:
                    if spent + spent / deals > self.steps * (number + 1) / rounds - steps:
                        break
                if first is not None:  # the probe's deal is the first one
                    deal, first = first, None
                else:
                    deal = determinise(game, seat, self.rng, weights, self.samples)
                for k in alive:
                    if k == greedy_key and number == deals == 0:
                        value, played = probe_value, length
                    else:
                        world = deal.copy()
                        world.play(moves[k])
                        played = 1 + self._playout(world, seat)
                        value = self._values(world, seat)[seat]
                    spent += played
                    values[k].append(value)
                    if k != greedy_key:
                        gains[k].append(value - values[greedy_key][-1])
                done += len(alive)
                deals += 1
                if until is not None and time.perf_counter() >= until:
                    break
            steps += spent
            if len(challengers) > 1:
                challengers.sort(key=lambda k: -statistics.fmean(gains[k]))
                challengers = challengers[: (len(challengers) + 1) // 2]
        elapsed = time.perf_counter() - start
        best = challengers[0] if challengers else greedy_key
        finalist = gains.get(best, [])
        gain, error = _mean_and_error(finalist)
        bar = _student(self.z, len(finalist) - 1) * error
        overruled = best != greedy_key and gain > max(bar, self.gap)
        action = moves[best] if overruled else greedy
        ranked = sorted(moves, key=lambda k: (-len(values[k]), -statistics.fmean(values[k])))
        options = [
            {
                "move": game.notation(moves[k]),
                "visits": len(values[k]),
                "value": round(statistics.fmean(values[k]), 3),
                "gain": round(_mean_and_error(gains[k])[0], 4) if k in gains else 0.0,
            }
            for k in ranked[:5]
        ]
        reason = _search_reason(done, steps, elapsed, options, game.notation(greedy), overruled)
        reason.update(gain=round(gain, 4), error=round(error, 4))
        move, rival = game.notation(action), game.notation(moves[best])
        deals = len(gains.get(best, []))
        if overruled:
            text = (
                f"{move}: played out in the same {deals} sampled deals, it beat {self.default} "
                f"{reason['greedy']} by {gain:.3f} in value (0 = sure loss, 1 = sure win), more "
                f"than {self.z:g} standard errors ({error:.3f}); {done} searches in all."
            )
        elif best != greedy_key:
            text = (
                f"{move}: {self.default}; the best other move of the {done} searches, {rival}, "
                f"gained {gain:+.3f} in value in the same {deals} deals, not {self.z:g} "
                f"standard errors ({error:.3f})."
            )
        else:
            text = f"{move}: {self.default}, the only one searched ({done} searches)."
        return Choice(action, reason, text)

    # the tree search ---------------------------------------------------------------------------

    def _tree(
        self,
        game: Game,
        first: Action,
        moves: list[Action],
        root_options: list[tuple[Hashable, Action]],
        plan: list[int],
        weights: Weights | None,
    ) -> Choice:
        seat = game.current_player
        root = Node()
        root.prior = key(game, first)
        root.plan = plan
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        done = steps = 0
        while self.iterations is None or done < self.iterations:
            if self.steps is not None and steps >= self.steps:
                break
            world = determinise(game, seat, self.rng, weights, self.samples)
            steps += self._iterate(root, world, seat, root_options)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - start
        by_key = {key(game, move): move for move in moves}
        ranked = sorted(
            (item for item in root.children.items() if item[0] in by_key),
            key=lambda item: (-item[1].visits, -item[1].total),
        )
        chosen, greedy = ranked[0], root.children.get(root.prior)
        if chosen[0] != root.prior and greedy is not None and greedy.visits:
            if _mean(chosen[1]) - _mean(greedy) < self.margin:
                chosen = (root.prior, greedy)
        action = by_key[chosen[0]]
        overruled = chosen[0] != root.prior
        options = [
            {
                "move": game.notation(by_key[k]),
                "visits": node.visits,
                "value": round(node.total / node.visits, 3),
            }
            for k, node in ranked[:5]
        ]
        reason = _search_reason(done, steps, elapsed, options, game.notation(first), overruled)
        move, value = game.notation(action), _mean(chosen[1])
        if overruled:
            text = (
                f"{move}: its expected value, {value:.2f} (0 = sure loss, 1 = sure win) over "
                f"{chosen[1].visits} of {done} searches, beats {self.default} "
                f"{reason['greedy']} by at least {self.margin}."
            )
        else:
            text = (
                f"{move}: {self.default} (expected value {value:.2f}, 0 = sure loss, 1 = sure "
                f"win); no move of the {done} searches beat it by {self.margin}."
            )
        return Choice(action, reason, text)

    def _weights(self, game: Game, seat: int) -> Weights | None:
        """The weights of the others' tickets for this decision (None: no inference, or no
        claim of theirs yet to tell their tickets apart)."""
        if not self.infer or self.samples <= 1:
            return None
        if all(owner is None or owner == seat for owner in game.owner):
            return None  # no claim of theirs yet: every weight would be 0
        weights = ticket_weights(game, seat, self.infer)
        return weights if any(any(table.values()) for table in weights) else None

    # one iteration -----------------------------------------------------------------------------

    def _iterate(
        self,
        root: Node,
        world: Game,
        seat: int,
        root_options: list[tuple[Hashable, Action]] | None = None,
    ) -> int:
        """One iteration in ``world``; ``root_options`` are the root's candidates (the same in
        every determinisation: they depend only on what the searching seat sees). Returns the
        number of moves played (in the tree and the rollout)."""
        node, path = root, [root]
        while not world.is_over:
            if node.prior is None:
                bot = self._bot_of(world, seat)
                first: Action | None = bot.choose(world)
                node.prior = key(world, first)  # type: ignore[arg-type]
                if world.phase == TURN:
                    node.plan = bot.plan(world)
            else:
                first = None
            room = max(1, int(self.widening * math.sqrt(node.visits + 1)))
            if node is root and root_options is not None:
                allowed = root_options[:room]
            else:
                allowed = list(
                    itertools.islice(move_options(world, first, node.prior, node.plan), room)
                )
            new = next(((k, m) for k, m in allowed if k not in node.children), None)
            if new is not None:
                for k, _ in allowed:
                    if k in node.children:
                        node.children[k].avail += 1
                child = node.children[new[0]] = Node(world.current_player)
                child.avail = 1
                world.play(new[1])
                path.append(child)
                break
            mover_move, node = self._select(node, allowed)
            world.play(mover_move)
            path.append(node)
        played = len(path) - 1 + self._playout(world, seat)
        values = self._values(world, seat)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += values[visited.mover]
        return played

    def _select(self, node: Node, allowed: list[tuple[Hashable, Action]]) -> tuple[Action, Node]:
        best, best_score = allowed[0], -math.inf
        for k, move in allowed:
            child = node.children[k]
            child.avail += 1
            score = child.total / child.visits + self.exploration * math.sqrt(
                math.log(child.avail) / child.visits
            )
            if score > best_score:
                best, best_score = (k, move), score
        return best[1], node.children[best[0]]

    def _playout(self, world: Game, seat: int | None = None) -> int:
        """Play the rollout in ``world``; return the number of moves played. With ``endgame``,
        ``seat`` (the searching one) plays its last turn exactly (:mod:`ttr.agents.endgame`)."""
        end = None if self.rollout_turns is None else world.turn + self.rollout_turns
        rng = self.rng
        played = 0
        exact = seat if self.endgame else None
        while not world.is_over and (end is None or world.turn < end):
            if (
                world.current_player == exact
                and world.final_turns_left is not None
                and world.phase == TURN
            ):
                world.play(quick_last_turn(world))
            elif self.rollout == "greedy":
                world.play(self._bot_of(world, seat).choose(world))
            else:
                actions = world.legal_actions()
                world.play(actions[rng.randrange(len(actions))])
            played += 1
        return played

    def _bot_of(self, world: Game, seat: int | None) -> GreedyAgent:
        """Who plays the turn to move in a sampled game: the searching ``seat`` by its
        ``policy``, every other seat by the greedy bot."""
        return self.own if world.current_player == seat else self.greedy

    def _values(self, world: Game, seat: int) -> list[float]:
        """Each player's value: a logistic of their lead over the best other player. The
        searching ``seat`` measures its lead against the others' scores *without* their
        tickets, which it cannot know: a baseline common to all its moves, so it changes no
        comparison between them but takes away most of the noise of the sampled tickets."""
        scores, tickets = estimate(world)
        blind = [score - ticket for score, ticket in zip(scores, tickets, strict=True)]
        values = []
        for player, score in enumerate(scores):
            others = blind if player == seat else scores
            lead = score - max(s for other, s in enumerate(others) if other != player)
            values.append(1.0 / (1.0 + math.exp(-lead / self.scale)))
        return values


def _search_reason(
    iterations: int,
    steps: int,
    elapsed: float,
    options: list[dict[str, Any]],
    greedy: str,
    overruled: bool,
) -> dict[str, Any]:
    """The ``reason`` of a searched move, as both searches report it: the budget spent, the
    best options, the greedy move (in notation) and whether the search overruled it."""
    return {
        "kind": "search",
        "iterations": iterations,
        "steps": steps,
        "seconds": round(elapsed, 3),
        "options": options,
        "greedy": greedy,
        "overruled": overruled,
    }


def _mean(node: Node) -> float:
    return node.total / node.visits


def _halving_rounds(challengers: int) -> int:
    """Rounds of sequential halving until one of ``challengers`` is left, plus the last."""
    rounds = 1
    while challengers > 1:
        challengers = (challengers + 1) // 2
        rounds += 1
    return rounds


def _student(z: float, df: int) -> float:
    """The quantile of Student's t distribution with ``df`` degrees of freedom at the
    probability of the standard normal quantile ``z`` (Cornish-Fisher expansion: within 1% for
    ``df >= 3``, up to a quarter below for fewer, still twice ``z``): the mean of a few paired
    differences over their standard error must clear more than ``z``."""
    if df < 1 or math.isinf(z):
        return math.inf if df < 1 else z
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
    )
    return z + sum(term / df**power for power, term in enumerate(terms, 1))


def _mean_and_error(samples: Sequence[float]) -> tuple[float, float]:
    """The mean of ``samples`` and its standard error (infinite for fewer than two)."""
    if len(samples) < 2:
        return (statistics.fmean(samples) if samples else 0.0), math.inf
    return statistics.fmean(samples), statistics.stdev(samples) / math.sqrt(len(samples))


def candidates(
    game: Game,
    first: Action | None,
    prior: Hashable | None = None,
    plan: Sequence[int] = (),
    block: Sequence[int] = (),
) -> list[Action]:
    """The moves the search considers, in the order progressive widening opens them: ``first``
    (the greedy bot's move), or else the move whose key is ``prior``; then the claims of the
    routes in ``plan`` (the greedy bot's), the deck, one draw per kind of face-up card, the
    other claims (one per route, fewest locomotives, longest first) and tickets. Every choice
    of tickets to keep, and every move when there are few."""
    return [move for _, move in move_options(game, first, prior, plan, block)]


def move_options(
    game: Game,
    first: Action | None,
    prior: Hashable | None = None,
    plan: Sequence[int] = (),
    block: Sequence[int] = (),
) -> Iterator[tuple[Hashable, Action]]:
    """:func:`candidates` with their keys, one per key, worked out only as far as they are
    asked for (a node the search has visited ``n`` times opens about ``sqrt(n)``)."""
    seen: set[Hashable] = set()

    def fresh(moves: Iterable[Action | None]) -> Iterator[tuple[Hashable, Action]]:
        for move in moves:
            if move is not None:
                k = key(game, move)
                if k not in seen:
                    seen.add(k)
                    yield k, move

    actions = game.legal_actions()
    if game.phase != TURN or len(actions) <= 8:
        if game.phase in (OPENING, TICKETS) or len(actions) <= 8:
            moves: list[Action] = list(actions)
        else:
            moves = _draw_order(card_draws(actions))
        if first is None:
            first = next((m for m in moves if key(game, m) == prior), None)
        yield from fresh([first, *moves])
        return
    player = game.current_player
    draws = _draw_order(card_draws(actions))
    if first is None:
        first = _find(game, prior, draws)
    yield from fresh([first])
    yield from fresh(cheapest_claim(game, player, route) for route in plan)
    yield from fresh(cheapest_claim(game, player, route) for route in block)
    yield from fresh(draws)
    routes = game.board.routes
    claims = cheapest_claims(game, player).values()
    longest_first: list[Claim] = sorted(claims, key=lambda c: -routes[c.route].length)
    yield from fresh(longest_first)
    if game.ticket_deck:
        yield from fresh([DRAW_TICKETS])
    if isinstance(prior, tuple) and prior[0] == "station":
        yield from fresh([cheapest_station(game, player, prior[1])])


def blocking(game: Game, weights: Weights, count: int, likely: int = 3) -> list[int]:
    """Up to ``count`` open routes the player to move can claim now that lie on the cheapest
    paths of the ``likely`` most likely tickets of each other player (by ``weights``, public
    facts only), the route on the paths of the likeliest tickets first."""
    if count < 1:
        return []
    player, paths, pool = game.current_player, Paths(game), game.ticket_pool
    owner, hand = game.owner, game.hands[player]
    score: dict[int, float] = {}
    for other, table in enumerate(weights):
        if other == player or not table:
            continue
        for ticket in sorted(table, key=lambda t: (-table[t], t))[:likely]:
            if table[ticket] <= 0:
                break
            path = paths.cheapest(other, pool[ticket].a, pool[ticket].b)
            for route in path[1] if path else []:
                if owner[route] is None:
                    score[route] = score.get(route, 0.0) + math.exp(table[ticket])
    ranked = sorted(score, key=lambda r: (-score[r], r))
    found = [r for r in ranked if cheapest_claim(game, player, r, hand) is not None]
    return found[:count]


def _draw_order(draws: Sequence[DrawCard]) -> list[Action]:
    """The deck first, then the face-up cards."""
    return [*(d for d in draws if d.slot is None), *(d for d in draws if d.slot is not None)]


def _find(game: Game, prior: Hashable | None, draws: Sequence[Action]) -> Action | None:
    """The move of a turn whose key is ``prior``, if it is legal here."""
    if isinstance(prior, tuple) and prior[0] == "claim":
        return cheapest_claim(game, game.current_player, prior[1])
    if isinstance(prior, tuple) and prior[0] == "station":
        return cheapest_station(game, game.current_player, prior[1])
    if prior == DRAW_TICKETS:
        return DRAW_TICKETS if game.ticket_deck else None
    return next((d for d in draws if key(game, d) == prior), None)


def key(game: Game, action: Action) -> Hashable:
    """What a move is, the same in every determinisation: a draw is the card kind taken (or the
    deck), a claim its route, a station its city; any other move is itself."""
    if isinstance(action, DrawCard):
        return ("draw", None if action.slot is None else game.cards.market[action.slot])
    if isinstance(action, Claim):
        return ("claim", action.route)
    if isinstance(action, BuildStation):
        return ("station", action.city)
    return action


TRAINS_PER_TURN = 0.9
"""Trains a greedy bot places per turn on average (2-player games on both boards)."""
POINTS_PER_TRAIN = 1.0
"""Route points a train left will still bring, roughly: less than a 3-4 route scores per
train (C3), since not every train left gets placed."""
RISK_PER_ROUTE = 0.15
"""The chance that one more route a ticket still needs goes wrong (taken by a rival, no cards
for it in time): an open ticket's chance shrinks by this factor for each of its missing routes,
so each claim along the way is worth something, not only the last one."""
CARD_VALUE = 0.3
"""What a train card in hand is worth (the greedy bot turns cards into routes)."""


def estimate(game: Game) -> tuple[list[float], list[float]]:
    """Each player's final score, or an estimate of it while the game goes on, and the part of
    it that comes from tickets.

    The estimate adds the route points so far, unbuilt stations (ST6), the cards in hand at
    :data:`CARD_VALUE`, tickets done, minus tickets out of reach, and the trains the player can
    still place before the end (at the pace of :data:`TRAINS_PER_TURN`) at
    :data:`POINTS_PER_TRAIN`. Each open ticket counts ``points * (2 * chance - 1)``: its chance
    falls by :data:`RISK_PER_ROUTE` for each route its cheapest path still lacks, and as the
    trains that the paths of all open tickets need outgrow the trains the player can place.
    """
    if game.is_over:
        final = game.outcome().scores
        return [float(s.total) for s in final], [float(s.ticket_points) for s in final]
    paths = Paths(game)
    if game.final_turns_left is not None:
        turns = game.final_turns_left / game.num_players
    else:
        turns = max(1.0, (min(game.trains) - game.rules.end_trigger_trains) / TRAINS_PER_TURN)
    scores, tickets = [], []
    routes, owner = game.board.routes, game.owner
    hand_sizes = [sum(hand.values()) for hand in game.hands]
    for player in range(game.num_players):
        trains = game.trains[player]
        can_place = min(trains, TRAINS_PER_TURN * turns)
        planned: set[int] = set()
        open_tickets = []  # (points, missing routes)
        value = 0.0
        for ticket in game.tickets_of(player):
            path = paths.cheapest(player, ticket.a, ticket.b)
            if path is None or path[0] > trains:
                value -= ticket.points
            elif path[0] == 0:
                value += ticket.points
            else:
                missing = [r for r in path[1] if owner[r] is None]
                open_tickets.append((ticket.points, len(missing)))
                planned.update(missing)
        if open_tickets:
            need = sum(routes[r].length for r in planned)
            enough = min(1.0, can_place / need) ** 2
            for points, lacking in open_tickets:
                chance = 0.9 * enough * (1 - RISK_PER_ROUTE) ** lacking
                value += points * (2 * chance - 1)
        base = float(game.route_points[player] + 4 * game.stations_left[player])
        base += CARD_VALUE * hand_sizes[player]
        scores.append(base + POINTS_PER_TRAIN * can_place + value)
        tickets.append(value)
    return scores, tickets
