"""Every file the project reads or writes goes through here: plain files only, bounded, atomic.

Reading (:func:`read_bytes`): the path must name a plain file (a symlink is followed to its
target); a directory, FIFO, socket or device is refused without blocking (the file is opened
with ``O_NONBLOCK`` and checked with ``fstat`` on the open descriptor, so what is checked is what
is read); the size is checked before reading and enforced while reading, so a file that grows
is stopped at the limit.

Writing (:func:`write_bytes`): through a symlink to its target (the link stays a link); to a
plain file or a new one, never over a directory, FIFO or device; atomically (a temporary file
beside the target, then a rename, so a failed write leaves the old file whole); an existing
file's permission bits are kept, a new file gets the usual ``0o666`` less the umask.

Both raise the error class they are given (a :class:`~ttr.errors.TTRError`), naming the file in
one line.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ttr.errors import TTRError
from ttr.i18n import N_

__all__ = ["read_bytes", "writable_target", "write_bytes"]

_CHUNK = 1 << 16


def _kind(mode: int) -> str:
    """What a file that is not plain is, in a word of the catalogue."""
    if stat.S_ISDIR(mode):
        return N_("a folder")
    if stat.S_ISFIFO(mode):
        return N_("a pipe (FIFO)")
    if stat.S_ISSOCK(mode):
        return N_("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return N_("a device")
    return N_("not a plain file")


def _reason(err: OSError) -> str:
    return err.strerror or str(err)


def read_bytes(path: str | Path, limit: int, error: type[TTRError]) -> bytes:
    """The bytes of the plain file ``path``, at most ``limit`` of them, or ``error``."""
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as err:
        raise error(
            N_("{path}: cannot read the file ({reason:text})"), path=str(path), reason=_reason(err)
        ) from None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode):
            raise error(
                N_("{path}: is {kind:text}, not a plain file"),
                path=str(path),
                kind=_kind(status.st_mode),
            )
        if status.st_size > limit:
            raise error(
                N_("{where}: {size:,} bytes is more than the {most:,} read"),
                where=str(path),
                size=status.st_size,
                most=limit,
            )
        chunks: list[bytes] = []
        total = 0
        while chunk := os.read(descriptor, min(_CHUNK, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise error(
                    N_("{path}: grew past the {most:,} bytes read"), path=str(path), most=limit
                )
    except OSError as err:
        raise error(
            N_("{path}: cannot read the file ({reason:text})"), path=str(path), reason=_reason(err)
        ) from None
    finally:
        os.close(descriptor)
    return b"".join(chunks)


def writable_target(path: str | Path, error: type[TTRError]) -> Path:
    """Where writing ``path`` lands (a symlink's target), checked before any work: the folder
    exists and is writable, and nothing but a plain file is there. Raises ``error``."""
    path = Path(path)
    try:
        target = path.resolve(strict=False) if path.is_symlink() else path
        folder = target.parent
        try:
            mode = os.stat(target).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and not stat.S_ISREG(mode):
            raise error(
                N_("{path}: is {kind:text}, not a plain file"), path=str(path), kind=_kind(mode)
            )
        if not folder.is_dir():
            raise error(N_("{path}: no folder {folder}"), path=str(path), folder=str(folder))
        if not os.access(folder, os.W_OK | os.X_OK):
            raise error(N_("{path}: cannot write in {folder}"), path=str(path), folder=str(folder))
    except OSError as err:
        raise error(
            N_("{path}: cannot write the file ({reason:text})"), path=str(path), reason=_reason(err)
        ) from None
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_bytes(path: str | Path, data: bytes, error: type[TTRError]) -> None:
    """Write ``data`` to ``path`` atomically (see the module's docstring), or raise ``error``
    with the old file untouched."""
    target = writable_target(path, error)
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    except OSError as err:
        raise error(
            N_("{path}: cannot write the file ({reason:text})"), path=str(path), reason=_reason(err)
        ) from None
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
        temporary = None
    except OSError as err:
        raise error(
            N_("{path}: cannot write the file ({reason:text})"), path=str(path), reason=_reason(err)
        ) from None
    finally:
        if temporary is not None:
            Path(temporary).unlink(missing_ok=True)
