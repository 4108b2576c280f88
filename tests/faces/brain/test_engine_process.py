"""The engine client's processes: a group of their own, ended whole, started afresh."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from support import FAKE_BRAIN
from support.brains import fake_brain as fake

from tictactoe.engine import Engine, EngineError, Limit
from tictactoe.game import Game

QUICK = Limit(seconds=0.2)

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="process groups and sh are POSIX")


def pids_of_fakes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """The file where every fake brain started from now on writes its process id."""
    pids = tmp_path / "pids"
    monkeypatch.setenv("FAKE_BRAIN_PIDS", str(pids))
    return pids


def started(pids: Path) -> list[int]:
    return [int(line) for line in pids.read_text().split()]


def is_running(pid: int) -> bool:
    """Whether the process ``pid`` still runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the system, which counts a zombie as running
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return state != "Z"


def ends_soon(pid: int) -> bool:
    deadline = time.monotonic() + 3.0
    while is_running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def wrapped(tmp_path: Path, mode: str) -> Path:
    """A launcher script, as ``wine`` and venvs have: a shell that runs the brain as its child."""
    script = tmp_path / "pbrain-wrapped"
    script.write_text(f'#!/bin/sh\n"{sys.executable}" "{FAKE_BRAIN}" {mode}\n')
    script.chmod(0o755)
    return script


@posix_only
def test_a_brain_behind_a_wrapper_is_ended_with_it_after_a_timeout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = pids_of_fakes(monkeypatch, tmp_path)
    engine = Engine.popen([str(wrapped(tmp_path, "sleep"))], limit=QUICK)
    (brain,) = started(pids)  # the real brain: the wrapper's child
    game = Game(15, 15, k=5)
    game.move(7, 7)
    with pytest.raises(EngineError) as caught:
        engine.choose_move(game)
    assert caught.value.reason == "timeout"
    try:
        assert ends_soon(brain), "the wrapped brain outlived the timeout"
        assert not engine._brain.reader.is_alive()
        assert engine._brain.process.stdin is not None
        assert engine._brain.process.stdin.closed
        assert engine._brain.process.stdout is not None
        assert engine._brain.process.stdout.closed
    finally:
        engine.close()
        if is_running(brain):
            os.kill(brain, 9)


@posix_only
def test_a_brain_behind_a_wrapper_is_ended_with_it_on_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = pids_of_fakes(monkeypatch, tmp_path)
    with Engine.popen([str(wrapped(tmp_path, "first"))], limit=QUICK) as engine:
        assert engine.choose_move(Game(7, 7, k=5)) == (0, 0)
    assert ends_soon(started(pids)[0])
    assert engine._brain.process.poll() is not None


@posix_only
def test_a_brain_has_a_process_group_of_its_own() -> None:
    # So the terminal's Ctrl-C, sent to the command's group, does not kill it mid-game.
    with Engine.popen(fake("first"), limit=QUICK) as engine:
        pid = engine._brain.process.pid
        assert os.getpgid(pid) == pid
        assert os.getpgid(pid) != os.getpgid(0)


@pytest.mark.parametrize(
    ("mode", "reason"), [("sleep", "timeout"), ("garbage", "garbage"), ("crash", "crash")]
)
def test_a_killed_brain_starts_afresh_for_the_next_game(
    mode: str, reason: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pids = pids_of_fakes(monkeypatch, tmp_path)
    log = tmp_path / "log"
    with Engine.popen(fake(f"once-{mode}", log), limit=QUICK) as engine:
        first = engine._brain.process
        with pytest.raises(EngineError) as caught:
            engine.choose_move(Game(7, 7, k=5))
        assert caught.value.reason == reason
        assert first.poll() is not None
        with pytest.raises(EngineError, match=f"dead \\({reason}\\)"):
            engine.choose_move(Game(7, 7, k=5))  # the same game: still dead
        engine.new_game()
        assert engine.choose_move(Game(7, 7, k=5)) == (0, 0)
        assert engine._brain.process is not first
        assert engine.name == f"fake-{mode}"  # the name given at the first start stays
    assert len(started(pids)) == 2
    assert log.read_text().splitlines().count("ABOUT") == 2


@posix_only
def test_a_brain_that_will_not_start_again_loses_that_move_only(tmp_path: Path) -> None:
    script = wrapped(tmp_path, f"once-garbage {tmp_path / 'log'}")
    with Engine.popen([str(script)], limit=QUICK) as engine:
        with pytest.raises(EngineError):
            engine.choose_move(Game(7, 7, k=5))
        hidden = script.rename(tmp_path / "elsewhere")  # the program went away meanwhile
        engine.new_game()
        with pytest.raises(EngineError) as caught:
            engine.choose_move(Game(7, 7, k=5))
        assert caught.value.reason == "refused"
        assert "move 1: refused: would not start again" in str(caught.value)
        hidden.rename(script)
        engine.new_game()
        assert engine.choose_move(Game(7, 7, k=5)) == (0, 0)


def test_an_illegal_move_keeps_the_same_process(tmp_path: Path) -> None:
    with Engine.popen(fake("taken"), limit=QUICK) as engine:
        first = engine._brain.process
        game = Game(7, 7, k=5)
        game.move(3, 3)
        with pytest.raises(EngineError):
            engine.choose_move(game)
        engine.new_game()
        assert engine._brain.process is first
        assert first.poll() is None
