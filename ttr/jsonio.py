"""Reading and writing JSON files safely: limits checked before any work, atomic writes.

Every file the project reads (scenarios, positions, saved games) goes through :func:`read_json`:
its size is checked before it is read, its bytes must be UTF-8, it is parsed by the standard
library's linear-time parser and its nesting depth checked before any other code looks at it,
and ``NaN``/``Infinity`` are refused (they are not JSON).
Errors name the file and say what is wrong in one line. Files are read and written through
:mod:`ttr.files` (plain files only, bounded reads, atomic writes that keep links and permissions).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ttr.errors import TTRError
from ttr.files import read_bytes, writable_target, write_bytes
from ttr.i18n import N_, Message, render

MAX_BYTES = 2_000_000
"""The largest file read (a saved 5-player game is about 60 kB)."""
MAX_DEPTH = 20
"""The deepest nesting of lists and objects read (our files nest 5 levels at most)."""
SAID_BY_OTHERS = (
    N_("Expecting value"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Expecting ',' delimiter"),
    N_("Expecting ':' delimiter"),
    N_("Extra data"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("No such file or directory"),
    N_("Permission denied"),
    N_("Is a directory"),
)
"""What :mod:`json` and the operating system say most often, translated when an error quotes
it (anything else is quoted as it is)."""


def _no_constants(name: str) -> Any:
    raise ValueError(render("{name} is not a JSON number", name=name))


def parse_json(text: str | bytes, where: str, error: type[TTRError]) -> Any:
    """Parse JSON ``text`` from ``where`` (a file name, or what the text is: a message marked
    with :func:`~ttr.i18n.N_`, such as ``"saved game"``), within the limits."""
    said = Message("{where:text}", where=where)
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise error(
                N_("{where}: {size:,} bytes is more than the {most:,} read"),
                where=said,
                size=len(text),
                most=MAX_BYTES,
            )
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(
                N_("{where}: not UTF-8 text (byte {byte})"), where=said, byte=err.start
            ) from None
    if not isinstance(text, str):
        raise error(
            N_("{where}: expected JSON text, not {kind}"), where=said, kind=type(text).__name__
        )
    if len(text) > MAX_BYTES:
        raise error(
            N_("{where}: {size:,} characters is more than the {most:,} read"),
            where=said,
            size=len(text),
            most=MAX_BYTES,
        )
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as err:
        raise error(
            N_("{where}: bad JSON at line {line}, column {column}: {reason:text}"),
            where=said,
            line=err.lineno,
            column=err.colno,
            reason=err.msg,
        ) from None
    except RecursionError:
        raise error(
            N_("{where}: nested more than {most} levels deep"), where=said, most=MAX_DEPTH
        ) from None
    except ValueError as err:
        raise error(N_("{where}: bad JSON: {reason}"), where=said, reason=str(err)[:80]) from None
    if too_deep(data):
        raise error(N_("{where}: nested more than {most} levels deep"), where=said, most=MAX_DEPTH)
    return data


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists and dicts in ``data`` nest more than ``limit`` levels (an iterative walk)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children = value.values() if isinstance(value, dict) else value
        if isinstance(value, dict | list):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def read_json(path: str | Path, error: type[TTRError]) -> Any:
    """Read and parse the JSON file ``path``: a plain file of at most :data:`MAX_BYTES`, read
    through :func:`ttr.files.read_bytes` (see :func:`parse_json`)."""
    return parse_json(read_bytes(path, MAX_BYTES, error), str(path), error)


def write_json(
    path: str | Path, data: Any, indent: int | None = 1, *, error: type[TTRError] = TTRError
) -> None:
    """Write ``data`` as strict JSON to ``path`` atomically, through
    :func:`ttr.files.write_bytes` (a symlink's target, an existing file's permissions kept).

    Raises :class:`ValueError` if ``data`` holds NaN or infinities (before anything is
    written), and ``error`` if the file cannot be written; the old file is then untouched.
    """
    text = json.dumps(data, indent=indent, ensure_ascii=False, allow_nan=False)
    write_bytes(path, (text + "\n").encode("utf-8"), error)


def check_writable(path: str | Path, error: type[TTRError] = TTRError) -> None:
    """Raise ``error`` unless :func:`write_json` could write ``path`` (check before long work)."""
    writable_target(path, error)
