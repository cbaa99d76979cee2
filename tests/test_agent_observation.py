"""Bots decide from what their seat may know (issue 26): a bot handed a game that looks the same
from its seat, with everything hidden from it dealt afresh (:func:`ttr.agents.determinise`: the
others' hands and tickets, the decks' order and contents), makes the same move as in the real
game. A bot that peeked at a hidden card or ticket would, sooner or later, choose differently."""

from __future__ import annotations

import random

import pytest

from ttr import Game
from ttr.agents import AGENTS, make_agent
from ttr.agents.determinise import determinise

BOTS = sorted(AGENTS)


def positions(rules: str, players: int, seed: int, every: int):
    """Every ``every``-th position of a seeded game the greedy bots play to the end."""
    game = Game(rules, players, seed=seed, record=False)
    agents = [make_agent("greedy", seed + seat) for seat in range(players)]
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        game.play(agents[game.current_player].choose(game))
        step += 1


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize(("rules", "players", "seed"), [("usa", 3, 11), ("europe", 4, 12)])
def test_a_bot_makes_the_same_move_in_a_world_it_cannot_tell_apart(bot, rules, players, seed):
    checked = 0
    for game in positions(rules, players, seed, every=7):
        seat = game.current_player
        world = determinise(game, seat, random.Random(checked))
        assert world.hand_of(seat) == game.hand_of(seat)
        assert world.state.hands != game.state.hands or world.state.deck != game.state.deck
        real = make_agent(bot, 5).choose(game)
        seen = make_agent(bot, 5).choose(world)
        assert seen == real, f"{bot} at turn {game.turn}: {real} in the game, {seen} in the world"
        checked += 1
    assert checked > 10
