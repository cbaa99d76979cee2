"""Students' bots in a tournament: each in a worker process of its own, with limits.

A student's bot is a Python file (see ``notebooks/bot_competition.ipynb``) that defines either a
class ``Bot`` (made with the seat's seed) with a method ``choose(observation, legal)``, or a
function ``choose(observation, legal)``; it returns one of ``legal`` (or its index). The
``observation`` is ``game.observation(seat)``, the seat's own view; ``legal`` the legal actions.

The referee (:class:`StudentBot`) runs each bot in its own process
(:mod:`ttr.tools.bot_host`), sends it the observation and the legal actions at each decision,
and takes back an index. The bot's process never holds the game, the other bots or their
hidden cards. A bot loses the game, with the reason recorded, when it

- takes more than its CPU time for one decision (``move_seconds``, measured in its process),
  or does not answer within ``wall_seconds`` (then its process is killed);
- raises, returns something that is not a legal action, or its process dies (for example at
  its memory cap, ``memory_bytes``, set with ``RLIMIT_AS``).

**What this does not do**: it is not a sandbox. A bot's file is Python run with the teacher's
rights: it can read files, open sockets or start programs. Run the tournament as a user who
owns nothing else, in a container or a throwaway virtual machine, and read the bots first.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ttr.checks import finite_number, whole_number
from ttr.errors import TTRError, preview
from ttr.files import read_bytes
from ttr.game import Game
from ttr.tools.bot_host import encode_action

MAX_SOURCE = 1_000_000
"""The largest bot file read (bytes)."""
MAX_BOTS = 200
"""The most bots one folder may hold."""
START_SECONDS = 60.0
"""Wall time a bot's process gets to start and load its file."""


@dataclass(frozen=True)
class Limits:
    """What a student's bot may use: CPU seconds a decision, wall seconds before its process is
    killed (a bot that sleeps or waits), and its memory cap."""

    move_seconds: float = 1.0
    wall_seconds: float = 10.0
    memory_bytes: int = 2 << 30

    def __post_init__(self) -> None:
        for name in ("move_seconds", "wall_seconds"):
            finite_number(getattr(self, name), name, positive=True, high=3600)
        whole_number(self.memory_bytes, "memory_bytes", low=64 << 20, high=64 << 30)


def check_path(path: object, name: str) -> str | os.PathLike:
    """``path`` if it is a file path (text or ``os.PathLike``), else the project's error."""
    if not isinstance(path, str | os.PathLike):
        raise TTRError("{name}: expected a file path, not {value}", name=name, value=preview(path))
    return path


@dataclass(frozen=True)
class BotSource:
    """A student's bot: its name (the file's stem) and its source text."""

    name: str
    source: str


def read_bot(path: str | Path) -> BotSource:
    """The bot in the file ``path``, named by the file's stem."""
    path = Path(check_path(path, "path"))
    data = read_bytes(path, MAX_SOURCE, TTRError)
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError:
        raise TTRError("{path}: not UTF-8 text", path=str(path)) from None
    name = path.stem
    if not name.isidentifier() or not name.isascii():
        raise TTRError(
            "{path}: a bot's file name is a Python name (letters, digits, _)", path=str(path)
        )
    return BotSource(name, source)


def bots_in(folder: str | Path) -> list[BotSource]:
    """Every bot of ``folder``: its ``*.py`` files not starting with ``_``, sorted by name."""
    folder = Path(check_path(folder, "folder"))
    if not folder.is_dir():
        raise TTRError("--bots {folder}: no such folder", folder=str(folder))
    paths = sorted(p for p in folder.glob("*.py") if not p.name.startswith("_"))
    if not paths:
        raise TTRError("--bots {folder}: no bot files (*.py) there", folder=str(folder))
    if len(paths) > MAX_BOTS:
        raise TTRError(
            "--bots {folder}: {count} files, more than the {most} read",
            folder=str(folder),
            count=len(paths),
            most=MAX_BOTS,
        )
    return [read_bot(p) for p in paths]


class Forfeit(Exception):  # noqa: N818 - an outcome of a game, not a fault of the program
    """A student's bot lost its game by a fault of its own; ``reason`` says which."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class StudentBot:
    """A student's bot in its own process, for one game (use it as a context manager)."""

    def __init__(self, bot: BotSource, seed: int, limits: Limits = Limits()):
        if not isinstance(bot, BotSource) or not isinstance(limits, Limits):
            raise TTRError(
                "expected a BotSource and Limits, not {bot} and {limits}",
                bot=preview(bot),
                limits=preview(limits),
            )
        seed = whole_number(seed, "seed", low=None)
        self.bot, self.limits = bot, limits
        self.process = subprocess.Popen(
            [sys.executable, "-m", "ttr.tools.bot_host"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self._buffer = b""
        hello = {
            "name": bot.name,
            "source": bot.source,
            "seed": seed,
            "memory": limits.memory_bytes,
        }
        reply = self._ask(hello, START_SECONDS)
        if "error" in reply:
            self.close()
            raise Forfeit(str(reply["error"]))

    def __enter__(self) -> StudentBot:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        """End the bot's process."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()

    def choose(self, game: Game, seat: int) -> tuple[Any, float]:
        """The bot's action for ``seat`` and its CPU seconds; raises :class:`Forfeit`."""
        legal = list(game.legal_actions())
        request = {
            "observation": game.observation(seat),
            "legal": [encode_action(a) for a in legal],
        }
        reply = self._ask(request, self.limits.wall_seconds)
        cpu = float(reply.get("cpu", 0.0))
        if "error" in reply:
            raise Forfeit(str(reply["error"])[:300])
        if cpu > self.limits.move_seconds:
            raise Forfeit(
                f"took {cpu:.2f} CPU s for one decision (limit {self.limits.move_seconds:g} s)"
            )
        index = reply.get("choice")
        if type(index) is not int or not 0 <= index < len(legal):
            raise Forfeit("answered something that is not one of the legal actions")
        return legal[index], cpu

    def _ask(self, message: dict[str, Any], seconds: float) -> dict[str, Any]:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write((json.dumps(message) + "\n").encode("utf-8"))
            stdin.flush()
        except OSError:
            raise Forfeit("its process has ended (crashed or over its memory cap)") from None
        deadline = time.monotonic() + seconds
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                self.process.kill()
                raise Forfeit(f"did not answer within {seconds:g} s (wall clock); stopped")
            ready, _, _ = select.select([stdout], [], [], left)
            if ready:
                chunk = os.read(stdout.fileno(), 1 << 16)
                if not chunk:
                    raise Forfeit("its process has ended (crashed or over its memory cap)")
                self._buffer += chunk
                if len(self._buffer) > 1 << 20:
                    raise Forfeit("wrote more than a reply")
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line)
        except ValueError:
            raise Forfeit("wrote something that is not a reply") from None
        if not isinstance(reply, dict):
            raise Forfeit("wrote something that is not a reply")
        return reply
