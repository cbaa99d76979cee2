"""Bounded memos: dicts that remember results and start afresh once they are full."""

from __future__ import annotations

from typing import Any, Final

MEMORY: Final = 100_000  # entries a memo may hold before it starts afresh: a bound never reached in
# practice (a thousand 5-player games leave fewer than 5,000 gray counts)


def remember(memo: dict[Any, Any], key: object, value: object, limit: int = MEMORY) -> None:
    """Store ``value`` in ``memo``, emptying it first if it holds ``limit`` entries."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
