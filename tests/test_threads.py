"""Seeded games are the same on any thread (issue 26; review 2.6): each thread has its own live
generator (:func:`ttr.state.generator`), so games played at once on several threads draw what
they draw alone, one after the other."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ttr import DrawCard, Game
from ttr.state import shuffled


@contextmanager
def switching_often() -> Iterator[None]:
    """Threads switch every few microseconds, so that their shuffles overlap."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def on_threads(jobs: list[Callable[[], object]]) -> list[object]:
    """The results of ``jobs``, each run on a thread of its own, all started together."""
    results: list[object] = [None] * len(jobs)
    start = threading.Barrier(len(jobs))

    def run(index: int) -> None:
        start.wait()
        results[index] = jobs[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    with switching_often():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    return results


def shuffles(seed: int) -> Callable[[], list[list[int]]]:
    """Many shuffles with one seeded game's generator (what a reshuffle or a ticket deal does)."""

    def job() -> list[list[int]]:
        state = Game("usa", 2, seed=seed, record=False).state.copy()
        return [shuffled(state, range(110)) for _ in range(400)]

    return job


def hoarding_game(seed: int) -> Callable[[], str]:
    """A seeded game whose players draw cards whenever they can: many reshuffles."""

    def job() -> str:
        game, rng = Game("usa", 3, seed=seed), random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            draws = [a for a in legal if isinstance(a, DrawCard)]
            game.play(rng.choice(draws or list(legal)))
        return game.to_json()

    return job


def test_shuffles_on_threads_at_once_are_those_of_one_thread():
    alone = [shuffles(seed)() for seed in (1, 2, 3)]
    assert on_threads([shuffles(seed) for seed in (1, 2, 3)]) == alone


def test_seeded_games_on_threads_at_once_are_those_played_one_after_another():
    alone = [hoarding_game(seed)() for seed in (4, 5)]
    assert on_threads([hoarding_game(seed) for seed in (4, 5)]) == alone
