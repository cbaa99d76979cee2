"""The process a student's bot runs in: ``python -m ttr.tools.bot_host`` (started by
:class:`ttr.tools.students.StudentBot`, never by hand).

It reads one JSON message a line on stdin and answers one a line on stdout:

- first ``{"name", "source", "seed", "memory"}``: it caps its own memory (``RLIMIT_AS``, bytes),
  runs the bot's source as a module of its own and answers ``{"ready": true}``;
- then, for each decision, ``{"observation", "legal"}`` (the seat's observation, and the legal
  actions encoded by :func:`encode_action`): it calls the bot and answers ``{"choice": index,
  "cpu": seconds}``, the index into ``legal`` and the CPU time the bot took.

Anything the bot does wrong is answered ``{"error": "..."}`` in one line. The process holds no
game: only what the referee sends, which is the seat's own observation.
"""

from __future__ import annotations

import json
import random
import sys
import time
import types
from typing import Any

from ttr import actions as action_types
from ttr.actions import Action

MAX_LINE = 4_000_000
"""The longest message read (an observation is a few kB)."""


def encode_action(action: Action) -> list[Any]:
    """An action as JSON: its class name, then its fields in order."""
    fields = getattr(action, "__slots__", ())
    return [
        type(action).__name__,
        *(list(v) if isinstance(v, tuple) else v for v in (getattr(action, f) for f in fields)),
    ]


def decode_action(data: list[Any]) -> Action:
    """The action :func:`encode_action` wrote."""
    name, *values = data
    kind = {cls.__name__: cls for cls in action_types.ACTION_TYPES}[name]
    return kind(*(tuple(v) if isinstance(v, list) else v for v in values))


def load_bot(name: str, source: str, seed: int) -> Any:
    """The bot of ``source``: an instance of its class ``Bot`` (given ``seed`` if it takes an
    argument), or the module itself when it defines a function ``choose``."""
    module = types.ModuleType(f"student_{name}")
    module.__file__ = f"<bot {name}>"
    exec(compile(source, f"{name}.py", "exec"), module.__dict__)  # noqa: S102 - the bot's code
    bot_class = getattr(module, "Bot", None)
    if isinstance(bot_class, type):
        try:
            return bot_class(seed)
        except TypeError:
            return bot_class()
    if callable(getattr(module, "choose", None)):
        random.seed(seed)
        return module
    raise TypeError("the file defines neither a class Bot nor a function choose")


def _choice(bot: Any, observation: dict[str, Any], legal: list[Action]) -> int:
    picked = bot.choose(observation, list(legal))
    if type(picked) is int:
        if not 0 <= picked < len(legal):
            raise ValueError(f"returned index {picked} of {len(legal)} legal actions")
        return picked
    for index, action in enumerate(legal):
        if picked == action:
            return index
    raise ValueError(f"returned {str(picked)[:80]}, which is not one of the legal actions")


def _answer(message: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def _limit_memory(size: int) -> None:
    try:
        import resource  # noqa: PLC0415 - POSIX only
    except ImportError:  # pragma: no cover - not POSIX: no cap
        return
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def main() -> None:
    """Serve one bot until stdin closes."""
    stdin = sys.stdin.buffer
    stdout_real = sys.stdout
    sys.stdout = sys.stderr  # what the bot prints goes to stderr, never into the protocol
    try:
        start = json.loads(stdin.readline(MAX_LINE))
        _limit_memory(int(start["memory"]))
        bot = load_bot(str(start["name"]), str(start["source"]), int(start["seed"]))
    except BaseException as err:  # noqa: BLE001 - reported, then the process ends
        sys.stdout = stdout_real
        _answer({"error": f"could not load: {type(err).__name__}: {str(err)[:200]}"})
        return
    sys.stdout = stdout_real
    _answer({"ready": True})
    while line := stdin.readline(MAX_LINE):
        request = json.loads(line)
        legal = [decode_action(a) for a in request["legal"]]
        sys.stdout = sys.stderr
        began = time.process_time()
        try:
            index = _choice(bot, request["observation"], legal)
            reply: dict[str, Any] = {"choice": index}
        except BaseException as err:  # noqa: BLE001 - a bot's fault loses its game, that is all
            reply = {"error": f"{type(err).__name__}: {str(err)[:200]}"}
        reply["cpu"] = round(time.process_time() - began, 4)
        sys.stdout = stdout_real
        _answer(reply)


if __name__ == "__main__":
    main()
