"""The reinforcement-learning environment: PettingZoo's own API and seed tests, the fixed action
numbering, the masks, observation discipline, and the Gymnasium single-seat wrapper."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from agent_helpers import positions, rearrange_hidden  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from ttr import IllegalAction  # noqa: E402
from ttr.env import SingleSeatEnv, TicketToRideEnv  # noqa: E402

SETUPS = [("usa", 2), ("europe", 3), ("mega_europe", 4), ("big_cities", 5), ("europa_1912", 2)]


@pytest.mark.parametrize(("rules", "players"), SETUPS)
def test_pettingzoo_api_and_seed_tests_pass(rules, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice about dict observations, as for masked envs
        api_test(TicketToRideEnv(rules, players), num_cycles=60)
        seed_test(lambda: TicketToRideEnv(rules, players), num_cycles=60)


@pytest.mark.parametrize(("rules", "players"), SETUPS[:3])
def test_every_legal_action_has_a_number_and_the_mask_lists_exactly_them(rules, players):
    env = TicketToRideEnv(rules, players)
    codec = env.codec
    assert len(TicketToRideEnv(rules, players).codec) == len(codec)
    for game in positions(rules, players, seed=2, every=5):
        env.game = game
        legal = list(game.legal_actions())
        mask = codec.mask(game)
        assert mask.dtype == np.int8 and mask.sum() == len(legal)
        for action in legal:
            assert codec.decode(codec.encode(action)) == action and mask[codec.encode(action)]


def test_observations_hold_only_what_the_player_may_know():
    env = TicketToRideEnv("europe", 3)
    for game in positions("europe", 3, seed=4, every=9):
        seat = game.current_player
        vector = env.observer.vector(game.observation(seat))
        other = rearrange_hidden(game, seat, seed=1)
        assert np.array_equal(vector, env.observer.vector(other.observation(seat)))
        hand = vector[env.layout["hand"]]
        assert hand.sum() == sum(game.hands[seat].values())


def test_a_masked_random_game_ends_with_plus_one_for_winners_and_minus_one_for_the_others():
    env = TicketToRideEnv("europe", 2)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    assert sorted(totals.values()) in ([-1.0, 1.0], [1.0, 1.0])


def test_an_illegal_action_is_refused():
    env = TicketToRideEnv("usa", 2)
    env.reset(seed=1)
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction):
        env.step(illegal)


def test_single_seat_wrapper_plays_against_bots_reproducibly():
    env = SingleSeatEnv("usa", ["greedy"], seat=1)
    first, _ = env.reset(seed=9)
    again, _ = SingleSeatEnv("usa", ["greedy"], seat=1).reset(seed=9)
    assert np.array_equal(first["observation"], again["observation"])
    assert env.observation_space.contains(first)
    rng = random.Random(0)
    rewards = []
    for episode in range(2):
        observation, _ = env.reset(seed=episode)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, _ = env.step(int(rng.choice(legal)))
            assert not truncated
        rewards.append(reward)
    assert set(rewards) <= {-1.0, 1.0}
    with pytest.raises(ValueError, match="seat"):
        SingleSeatEnv("usa", ["random"], seat=2)
    with pytest.raises(ValueError, match="agent"):
        SingleSeatEnv("usa", ["bogus"])
