"""Seeded games and hostile calls, written down in full, to compare two builds of the engine.

``transcripts()`` plays seeded random games on both boards and their variants, at several player
counts, narration on, and writes down every step: the legal-action count, the action's notation,
the refusals of a fixed set of illegal and ill-typed actions (rule and message), undo and replay,
a save and load half way, the narration, the final save and the scores. Then it calls the public
API with bad arguments and writes down each error's class and message.

``python tests/compiled_games.py`` prints them as JSON, with the files the engine's modules were
loaded from; tests/test_compiled.py runs it with the checkout's pure-Python ``ttr`` and compares
with the compiled build's, which must be identical.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from typing import Any

from ttr import (
    BuildStation,
    Claim,
    Decline,
    DrawCard,
    DrawTickets,
    Game,
    KeepTickets,
    Pass,
    PayTunnel,
    TTRError,
    load_board,
    rule_set,
)

GAMES = (
    ("usa", 2, 1, None),
    ("usa", 3, 2, None),
    ("usa", 5, 3, None),
    ("europe", 2, 4, None),
    ("europe", 4, 5, None),
    ("europe", 5, 6, None),
    ("europe", 3, 7, "big_cities"),
    ("europe", 4, 8, "europa_1912"),
    ("europe", 5, 9, "mega_europe"),
)
"""(rules, players, seed, variant) of each game."""

PROBES: tuple[object, ...] = (
    DrawCard(7),
    DrawCard(0.0),
    DrawCard(True),
    Claim(9999, "red", 0),
    Claim(0, "red", 99),
    Claim(0, None, 0),
    Claim(0.0, "red", 0),
    Claim(0, 3, 0),
    Claim(None, None, None),
    KeepTickets((0, 1)),
    KeepTickets((0.0,)),
    KeepTickets([0, 1]),
    BuildStation("Nowhere", "red", 0),
    BuildStation(["Berlin"], "red", 0),
    PayTunnel(1),
    PayTunnel(1.5),
    Decline(),
    DrawTickets(),
    Pass(),
    "draw 9",
    "claim Nowhere-Elsewhere",
    "keep 7",
    42,
    None,
)
"""Actions tried before some steps: refused with their rule and message (or legal by chance)."""


def outcome_of(call: Callable[[], object]) -> str:
    """What ``call`` does: ``ok`` and the result's repr, or the error's class and message."""
    try:
        return f"ok {call()!r}"
    except (TTRError, TypeError, ValueError, IndexError, KeyError) as error:
        return f"{type(error).__name__}: {error}"


def probe(game: Game, action: object) -> str:
    """Whether ``action`` is legal now; if not, what playing it raises (nothing changes)."""
    if game.is_legal(action):  # probes may be ill-typed on purpose
        return "legal"
    return outcome_of(lambda: game.play(action))


def transcript(rules: str, players: int, seed: int, variant: str | None) -> list[str]:
    """Every step of one seeded random game, and its end."""
    game = Game(rules, players, seed=seed, variant=variant)
    rng = random.Random(seed)
    lines = [f"{rules} {players} {seed} {variant}"]
    step = 0
    while not game.is_over:
        legal = list(game.legal_actions())
        lines.append(f"{step} {len(legal)} {len(game.legal_actions())}")
        if step % 7 == 0:
            before = game.state_key()
            lines.extend(probe(game, action) for action in PROBES)
            assert game.state_key() == before
        action = legal[rng.randrange(len(legal))]
        lines.append(game.notation(action))
        game.play(action)
        if step % 11 == 5:  # take it back and play it again
            game.undo()
            lines.append(game.state_key())
            game.play(game.parse(lines[-2]))
        if step == 60:  # save and go on with the loaded game
            saved = game.to_json()
            game = Game.from_json(saved)
            lines.append(saved)
        step += 1
    lines.extend(game.history)
    lines.extend(event.text for event in game.events)
    lines.append(game.to_json())
    lines.append(repr(game.outcome()))
    lines.append(json.dumps(game.observation(0), sort_keys=True))
    lines.append(repr(dict(game.counts)))
    lines.append(outcome_of(game.undo))
    lines.append(game.state_key())
    return lines


def hostile_calls() -> list[str]:
    """The public API called with bad arguments (ill-typed on purpose): each error's class and
    message."""
    game = Game("europe", 3, seed=1)
    calls: list[Callable[[], object]] = [
        lambda: Game("usa", seed=1.5),
        lambda: Game(3),
        lambda: Game(None),
        lambda: Game("usa", variant=5),
        lambda: Game("usa", variant="nope"),
        lambda: Game("usa", 2.5),
        lambda: Game("usa", 9),
        lambda: Game("usa", "ab"),
        lambda: Game("usa", ["Ann", 3]),
        lambda: Game("usa", ["Ann", "Ann"]),
        lambda: Game("atlantis"),
        lambda: game.play(3),
        lambda: game.play(None),
        lambda: game.play("fly to the moon"),
        lambda: game.is_legal(object()),
        lambda: game.observation(7),
        lambda: game.observation("x"),
        lambda: game.parse(5),
        lambda: Game.from_json("{}"),
        lambda: Game.from_json('{"format": "ttr-game"}'),
        lambda: Game.staged("usa", 2, 1, hands={0: {"red": 1.5}}),
        lambda: Game.staged("usa", 2, 1, routes={0: [9999]}),
        lambda: Game.staged("europe", 2, 1, stations={0: ["Nowhere"]}),
        lambda: Game.staged("usa", 2, 1, market=["red"] * 9),
        lambda: load_board(5),
        lambda: rule_set(3),
        lambda: game.board.route(5),
        lambda: Game("usa", 2, seed=1).undo(),
    ]
    return [outcome_of(call) for call in calls]


def transcripts() -> dict[str, Any]:
    """Every game's transcript and the hostile calls' outcomes."""
    return {
        "games": [transcript(*game) for game in GAMES],
        "hostile": hostile_calls(),
    }


def engine_files() -> dict[str, str]:
    """The file each loaded ``ttr`` module came from (``.py``, or ``.so`` when compiled)."""
    return {
        name: str(getattr(module, "__file__", ""))
        for name, module in sorted(sys.modules.items())
        if name == "ttr" or name.startswith("ttr.")
    }


if __name__ == "__main__":
    result = transcripts()
    json.dump({**result, "files": engine_files()}, sys.stdout)
