"""Reading and writing files (ttr.files, ttr.jsonio): plain files only, bounded, atomic, links
and permissions kept; what is refused is one clear error and changes nothing (issue 28, point 1)."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading

import pytest

from ttr import files
from ttr.errors import SaveError, TTRError
from ttr.jsonio import check_writable, read_json, write_json


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return path


def test_a_plain_file_reads_back(tmp_path):
    path = tmp_path / "a.json"
    write_json(path, {"a": 1})
    assert read_json(path, SaveError) == {"a": 1}


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_a_device_is_refused_without_reading(device):
    with pytest.raises(SaveError, match="device"):
        files.read_bytes(device, 1000, SaveError)


def test_a_fifo_nobody_writes_is_refused_at_once(fifo):
    done = threading.Event()
    problem: list[BaseException] = []

    def read() -> None:
        try:
            files.read_bytes(fifo, 1000, SaveError)
        except BaseException as err:  # noqa: BLE001 - handed to the test thread
            problem.append(err)
        done.set()

    threading.Thread(target=read, daemon=True).start()
    assert done.wait(10), "reading a FIFO blocked"
    assert isinstance(problem[0], SaveError) and "pipe" in str(problem[0])


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(SaveError, match="folder"):
        files.read_bytes(tmp_path, 1000, SaveError)
    with pytest.raises(TTRError, match="folder"):
        write_json(tmp_path, {"a": 1})


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    with pytest.raises(SaveError, match="more than the 100"):
        files.read_bytes(path, 100, SaveError)
    assert files.read_bytes(path, 101, SaveError) == b"x" * 101


def test_a_file_that_grows_while_read_is_stopped_at_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "growing"
    path.write_bytes(b"x" * 500)
    real_fstat = os.fstat

    class Small:  # what fstat said before the file grew
        def __init__(self, result: os.stat_result) -> None:
            self.st_mode = result.st_mode
            self.st_size = 10

    monkeypatch.setattr(files.os, "fstat", lambda fd: Small(real_fstat(fd)))
    with pytest.raises(SaveError, match="grew past the 100"):
        files.read_bytes(path, 100, SaveError)


def test_the_cli_refuses_dev_zero_in_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "ttr", "score", "/dev/zero"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "device" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_fifo_is_never_replaced_by_a_write(fifo):
    with pytest.raises(TTRError, match="pipe"):
        write_json(fifo, {"a": 1})
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    with pytest.raises(TTRError, match="pipe"):
        check_writable(fifo)


def test_a_device_is_never_replaced_by_a_write():
    with pytest.raises(TTRError, match="device"):
        check_writable("/dev/null")


def test_writing_through_a_symlink_writes_its_target(tmp_path):
    target = tmp_path / "real.json"
    target.write_text("{}")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_json(link, {"saved": True})
    assert link.is_symlink()
    assert json.loads(target.read_text()) == {"saved": True}


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "new.json")
    write_json(link, [1])
    assert link.is_symlink() and json.loads((tmp_path / "new.json").read_text()) == [1]


def test_an_existing_file_keeps_its_permissions(tmp_path):
    path = tmp_path / "shared.json"
    path.write_text("{}")
    path.chmod(0o644)
    write_json(path, {"a": 2})
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o600)
    write_json(path, {"a": 3})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_new_file_gets_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        write_json(tmp_path / "new.json", {})
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


def test_a_failed_write_leaves_the_old_file_and_no_litter(tmp_path):
    path = tmp_path / "keep.json"
    write_json(path, {"old": 1})
    with pytest.raises(ValueError):
        write_json(path, {"bad": float("nan")})
    assert json.loads(path.read_text()) == {"old": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["keep.json"]


def test_a_missing_folder_is_named(tmp_path):
    with pytest.raises(TTRError, match="no folder"):
        write_json(tmp_path / "nowhere" / "x.json", {})
