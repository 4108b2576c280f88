"""``match --openings``: the file is read as records are, and a bad file is a failure (exit 1)."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
from support.commandline import run

from tictactoe.errors import RecordError
from tictactoe.game import Game
from tictactoe.openings import read_openings

MATCH = ["match", "--player", "a=random", "--player", "b=random", "--size", "7", "--k", "5"]


def refusal(openings: str, capsys: pytest.CaptureFixture[str], mp: pytest.MonkeyPatch) -> str:
    """The one line of error the match prints for ``--openings openings``, after exit 1."""
    code, out, err = run([*MATCH, "--openings", openings, "--games", "1"], capsys, mp)
    assert code == 1, err
    assert out == ""
    (line,) = err.splitlines()
    return line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7,7 rubbish\n", "line 1: '7,7 rubbish' is not x,y pairs"),
        ("# fine\n3,3\n9,9\n", "line 3: '9,9': cell (9, 9) is off the 7×7 board"),
        ("3,3 3,3\n", "line 1: '3,3 3,3': cell (3, 3) is taken"),
    ],
)
def test_a_bad_line_is_a_bad_file_and_named(
    text: str,
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = tmp_path / "openings.txt"
    path.write_text(text)
    assert message in refusal(str(path), capsys, monkeypatch)


def test_a_file_over_the_cap_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "openings.txt"
    path.write_bytes(b"7,7\n" * 300_000)  # 1.2 MB of good openings
    assert "too big to be an openings file (over 1,048,576 bytes)" in refusal(
        str(path), capsys, monkeypatch
    )


def test_a_device_a_folder_and_a_missing_file_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    if os.path.exists(os.devnull) and os.name == "posix":
        assert "not a regular file" in refusal(os.devnull, capsys, monkeypatch)
    assert "not a regular file (a folder)" in refusal(str(tmp_path), capsys, monkeypatch)
    assert "cannot read" in refusal(str(tmp_path / "missing.txt"), capsys, monkeypatch)


def test_text_that_is_not_utf8_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "openings.txt"
    path.write_bytes(b"7,7\n\xff\xfe\n")
    assert "byte 4 is not UTF-8 text" in refusal(str(path), capsys, monkeypatch)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "openings.fifo"
    os.mkfifo(fifo)
    found: list[BaseException] = []

    def read() -> None:
        try:
            read_openings(str(fifo))
        except RecordError as error:
            found.append(error)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    reader.join(5.0)
    if reader.is_alive():  # it waits for a writer: be one, so that the thread can end
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5.0)
        pytest.fail("reading a named pipe waited for a writer")
    assert "not a regular file" in str(found[0])


def test_more_openings_than_the_limit_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("7,7\n" * 10_001)
    with pytest.raises(RecordError, match="more than 10,000 openings"):
        read_openings(str(path))
    path.write_text("# many\n" + "7,7\n" * 10_000)
    assert len(read_openings(str(path), Game(15, 15, k=5))) == 10_000
