"""The environment under arbitrary call sequences and argument values (issue 28): after every
call of ``reset``, ``step``, ``last``, ``observe``, the spaces, ``render`` and ``close`` (and of the
single-seat wrapper's ``reset`` and ``step``), either the call was accepted and every invariant
holds, or the project's error was raised and nothing changed; never another exception."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

pytest.importorskip("pettingzoo")
from ttr.env import OBSERVATION_HIGH, SingleSeatEnv, TicketToRideEnv  # noqa: E402
from ttr.errors import TTRError  # noqa: E402
from ttr.invariants import violations  # noqa: E402

NUMPY_SCALARS = st.one_of(
    st.integers(-3, 3000).map(np.int64),
    st.integers(0, 255).map(np.uint8),
    st.integers(-128, 127).map(np.int8),
    st.floats(allow_nan=True, allow_infinity=True).map(np.float64),
    st.booleans().map(np.bool_),
)
HOSTILE = st.one_of(
    st.integers(-5, 3000),
    st.integers(min_value=2**62, max_value=2**200),
    st.integers(max_value=-(2**62), min_value=-(2**200)),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=6),
    st.none(),
    NUMPY_SCALARS,
    st.sampled_from(["player_0", "player_1", "player_2", "0", "1070", [], {}, (1,), b"1"]),
)
"""Argument values of every kind a caller might pass."""


def fingerprint(env: TicketToRideEnv) -> bytes:
    """Everything a call could change: the game, whose turn, the rewards and the seeds."""
    parts = [id(env.game), env.game.state, env.game.actions, env._seeds.getstate()]
    for name in ("agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations"):
        parts.append(getattr(env, name, None))
    parts += [getattr(env, "truncations", None), getattr(env, "infos", None)]
    return pickle.dumps(parts)


def acting(env: TicketToRideEnv) -> bool:
    """Whether an agent is to act (after a reset, until every agent has left the game)."""
    return getattr(env, "agent_selection", None) in getattr(env, "agents", ())


class EnvMachine(RuleBasedStateMachine):
    """Drives one two-player environment with arbitrary calls."""

    @initialize()
    def build(self) -> None:
        self.env = TicketToRideEnv("usa", 2)
        # reset(seed=None) takes its deal from this generator (fresh entropy by default, as in
        # Gymnasium): seeded here so that Hypothesis replays an example with the same games.
        self.env._seeds.seed(0)
        self.rng = random.Random(0)

    def attempt(self, call):
        """Make ``call``: accepted, or refused with the project's error and nothing changed."""
        before = fingerprint(self.env)
        try:
            return call()
        except TTRError:
            assert fingerprint(self.env) == before, "a refused call changed the environment"
            return None

    @rule(seed=HOSTILE, options=st.one_of(st.none(), st.just({}), HOSTILE))
    def reset(self, seed, options) -> None:
        self.attempt(lambda: self.env.reset(seed=seed, options=options))

    @rule(action=HOSTILE)
    def step(self, action) -> None:
        self.attempt(lambda: self.env.step(action))

    @precondition(lambda self: acting(self.env))
    @rule(data=st.data())
    def step_legal(self, data) -> None:
        agent = self.env.agent_selection
        mask = self.env.observe(agent)["action_mask"]
        if self.env.terminations[agent]:
            self.env.step(None)
            return
        legal = np.flatnonzero(mask)
        choice = legal[data.draw(st.integers(0, len(legal) - 1))]
        self.env.step(data.draw(st.sampled_from([int(choice), np.int64(choice)])))

    @precondition(lambda self: acting(self.env))
    @rule()
    def play_to_the_end(self) -> None:
        """A random game to its end (so that steps after the end are tried too)."""
        game = self.env.game
        while not game.is_over:
            action = self.rng.choice(game.legal_actions())
            self.env.step(self.env.codec.encode(action))

    @rule(observe=HOSTILE)
    def last(self, observe) -> None:
        result = self.attempt(lambda: self.env.last(observe))
        if result is not None:
            assert len(result) == 5

    @rule(agent=HOSTILE)
    def observe(self, agent) -> None:
        result = self.attempt(lambda: self.env.observe(agent))
        if result is not None:
            vector = result["observation"]
            assert vector.dtype == np.float32 and 0 <= vector.min() <= vector.max()
            assert vector.max() <= OBSERVATION_HIGH

    @rule(agent=HOSTILE)
    def spaces(self, agent) -> None:
        self.attempt(lambda: self.env.action_space(agent))
        self.attempt(lambda: self.env.observation_space(agent))

    @rule()
    def render_and_close(self) -> None:
        self.attempt(self.env.render)
        self.attempt(self.env.close)

    @invariant()
    def holds(self) -> None:
        env = self.env
        assert violations(env.game) == []
        if getattr(env, "agent_selection", None) is None:
            return
        assert env.agent_selection in env.possible_agents
        game = env.game
        if not game.is_over:
            assert env.agent_selection == env.possible_agents[game.current_player]
            mask = env.observe(env.agent_selection)["action_mask"]
            assert mask.sum() == len(game.legal_actions())
            assert not any(env.terminations.values())
        else:
            assert all(env.terminations[agent] for agent in env.agents)


EnvMachine.TestCase.settings = settings(
    max_examples=25,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_environment_under_arbitrary_calls = EnvMachine.TestCase


class SingleSeatMachine(RuleBasedStateMachine):
    """Drives the single-seat wrapper (one random bot) with arbitrary calls."""

    @initialize()
    def build(self) -> None:
        self.env = SingleSeatEnv("usa", ["random"])
        # reset(seed=None) deals from this generator (fresh entropy by default, as in
        # Gymnasium): seeded, so that Hypothesis replays an example with the same games.
        self.env.np_random = np.random.default_rng(0)

    def attempt(self, call):
        before = fingerprint(self.env.env)
        try:
            return call()
        except TTRError:
            assert fingerprint(self.env.env) == before, "a refused call changed the environment"
            return None

    @rule(seed=HOSTILE)
    def reset(self, seed) -> None:
        result = self.attempt(lambda: self.env.reset(seed=seed))
        if result is not None:
            assert self.env.env.agent_selection == self.env.agent or self.env.env.game.is_over

    @rule(action=HOSTILE)
    def step(self, action) -> None:
        self.attempt(lambda: self.env.step(action))

    @precondition(lambda self: bool(self.env.bots) and not self.env.env.game.is_over)
    @rule(data=st.data())
    def step_legal(self, data) -> None:
        legal = np.flatnonzero(self.env.env.observe(self.env.agent)["action_mask"])
        observation, reward, over, truncated, info = self.env.step(
            int(legal[data.draw(st.integers(0, len(legal) - 1))])
        )
        assert reward in (-1.0, 0.0, 1.0) and over == self.env.env.game.is_over

    @invariant()
    def holds(self) -> None:
        game = self.env.env.game
        assert violations(game) == []
        if self.env.bots and not game.is_over:
            assert game.current_player == self.env.seat


SingleSeatMachine.TestCase.settings = settings(
    max_examples=15,
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_the_single_seat_wrapper_under_arbitrary_calls = SingleSeatMachine.TestCase
