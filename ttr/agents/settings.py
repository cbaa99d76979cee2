"""The search bot's settings checked before it is built: every budget a bounded whole number or
a finite number, every weight finite and in range, every name from its known set (the ranges
are wide: they keep a setting from running without end, dividing by zero or overflowing, not
from being tuned)."""

from __future__ import annotations

import math
import random

from ttr.checks import finite_number, one_of, whole_number
from ttr.errors import TTRError

MAX_ITERATIONS = 1_000_000
"""The most iterations a decision may be given (as ``mcts:N``)."""
MAX_STEPS = 1_000_000_000
"""The most simulated moves a decision may be given."""
MAX_SECONDS = 3600.0
"""The most seconds a decision may be given."""
WHOLE = {
    "iterations": (1, MAX_ITERATIONS),
    "steps": (1, MAX_STEPS),
    "rollout_turns": (0, 10_000),
    "breadth": (1, 10_000),
    "deals": (1, 10_000),
    "samples": (1, 10_000),
    "block": (0, 10_000),
}
"""Each whole-number setting's least and greatest value (``iterations``, ``steps`` and
``rollout_turns`` may also be None)."""
REAL = {
    "scale": (0.01, 1e6),
    "exploration": (0.0, 100.0),
    "widening": (0.01, 1e6),
    "margin": (0.0, 1.0),
    "gap": (0.0, 1e6),
    "infer": (0.0, 100.0),
}
"""Each real setting's least and greatest value (``z`` is checked on its own: from 0, or
``math.inf`` for a search that never overrules the greedy move)."""


def check_seed(seed: object) -> int | random.Random | None:
    """An agent's seed: a whole number (numpy integers too, not a bool), None or a
    :class:`random.Random`, as a game takes it."""
    if seed is None or isinstance(seed, random.Random):
        return seed
    return whole_number(seed, "seed", low=None)


def check_search_settings(
    searches: tuple[str, ...],
    rollouts: tuple[str, ...],
    policies: tuple[str, ...],
    seed: object,
    **settings: object,
) -> None:
    """Refuse a setting of :class:`~ttr.agents.mcts.MCTSAgent` out of range (naming it), before
    the agent is built: ``settings`` are its keyword arguments, ``searches`` and ``rollouts``
    the known names."""
    check_seed(seed)
    budget = [settings.get(name) for name in ("iterations", "steps", "seconds")]
    if all(value is None for value in budget):
        raise TTRError("give the search a budget: iterations, steps, seconds or several")
    for name, (low, high) in WHOLE.items():
        value = settings.get(name)
        if value is not None or name not in ("iterations", "steps", "rollout_turns"):
            whole_number(value, name, low=low, high=high)
    if settings.get("seconds") is not None:
        finite_number(settings["seconds"], "seconds", positive=True, high=MAX_SECONDS)
    if settings.get("z") != math.inf:
        finite_number(settings.get("z"), "z", low=0.0)
    for name, (least, most) in REAL.items():
        finite_number(settings.get(name), name, low=least, high=most)
    one_of(settings.get("search"), "search", searches)
    one_of(settings.get("rollout"), "rollout", rollouts)
    one_of(settings.get("policy"), "policy", policies)
