"""Reading and writing JSON files safely: limits checked before any work, atomic writes.

Every file the project reads (scenarios, positions, saved games) goes through :func:`read_json`:
its size is checked before it is read, its bytes must be UTF-8, it is parsed by the standard
library's linear-time parser and its nesting depth checked before any other code looks at it,
and ``NaN``/``Infinity`` are refused (they are not JSON).
Errors name the file and say what is wrong in one line. :func:`write_json` writes a temporary
file beside the target and renames it into place, so a failed write never destroys the old file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ttr.errors import TTRError

MAX_BYTES = 2_000_000
"""The largest file read (a saved 5-player game is about 60 kB)."""
MAX_DEPTH = 20
"""The deepest nesting of lists and objects read (our files nest 5 levels at most)."""


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(text: str | bytes, where: str, error: type[TTRError]) -> Any:
    """Parse JSON ``text`` from ``where`` (a file name or a field), within the limits."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_BYTES:
            raise error(f"{where}: {len(text):,} bytes is more than the {MAX_BYTES:,} read")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise error(f"{where}: not UTF-8 text (byte {err.start})") from None
    if not isinstance(text, str):
        raise error(f"{where}: expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise error(f"{where}: {len(text):,} characters is more than the {MAX_BYTES:,} read")
    try:
        data = json.loads(text, parse_constant=_no_constants)
    except json.JSONDecodeError as err:
        raise error(
            f"{where}: bad JSON at line {err.lineno}, column {err.colno}: {err.msg}"
        ) from None
    except RecursionError:
        raise error(f"{where}: nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as err:
        raise error(f"{where}: bad JSON: {str(err)[:80]}") from None
    if too_deep(data):
        raise error(f"{where}: nested more than {MAX_DEPTH} levels deep")
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
    """Read and parse the JSON file ``path`` (see :func:`parse_json`)."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise error(f"{path}: {size:,} bytes is more than the {MAX_BYTES:,} read")
        data = path.read_bytes()
    except OSError as err:
        raise error(f"{path}: cannot read the file ({err.strerror or err})") from None
    return parse_json(data, str(path), error)


def write_json(path: str | Path, data: Any, indent: int | None = 1) -> None:
    """Write ``data`` as strict JSON to ``path`` atomically (a temporary file, then a rename).

    Raises :class:`OSError` if the folder cannot be written; the old file is then untouched.
    """
    path = Path(path)
    text = json.dumps(data, indent=indent, ensure_ascii=False, allow_nan=False)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text + "\n")
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def check_writable(path: str | Path) -> None:
    """Raise :class:`OSError` unless a file can be written at ``path`` (check before long work)."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(f"{path} is a folder")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise FileNotFoundError(f"no folder {folder} for {path}")
    if not os.access(folder, os.W_OK):
        raise PermissionError(f"cannot write in {folder}")
