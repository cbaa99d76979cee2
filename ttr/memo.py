"""Bounded memos: dicts that remember results and start afresh once they are full."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

MEMORY: Final = 100_000  # entries a memo may hold before it starts afresh: a bound never reached in
# practice (a thousand 5-player games leave fewer than 5,000 gray counts)


def remember(memo: dict[Any, Any], key: object, value: object, limit: int = MEMORY) -> None:
    """Store ``value`` in ``memo``, emptying it first if it holds ``limit`` entries."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value


class Memo(dict[Any, Any]):
    """``memo[key]`` is ``compute(key)``: worked out on first use, then remembered (a lookup
    costs what a plain dict's does); it starts afresh once it holds ``limit`` entries."""

    __slots__ = ("compute", "limit")

    def __init__(self, compute: Callable[[Any], Any], limit: int = MEMORY) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: Any) -> Any:
        value = self.compute(key)
        remember(self, key, value, self.limit)
        return value
