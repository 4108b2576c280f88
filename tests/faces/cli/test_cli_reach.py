"""How far count and solve go: refusals with their cost, clean stops, progress on a terminal."""

from __future__ import annotations

import io
import re
import sys

import pytest
from support.commandline import run

from tictactoe.cli import _commands


class Terminal(io.StringIO):
    """A stderr that is a terminal, so that the progress line shows."""

    def isatty(self) -> bool:
        return True


def test_count_refuses_a_board_beyond_reach_saying_what_it_would_cost(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["count", "--size", "5", "--k", "4"], capsys, monkeypatch)
    assert (code, out) == (1, "")
    assert err.startswith("tictactoe: error: counting the 5×5 board, 4 in a row, is beyond ")
    assert "billion positions (" in err
    assert "TB of memory), past the limit of 75 million" in err
    assert err.rstrip().endswith("--max-positions N takes it on")


def test_count_takes_a_limit_of_its_user(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(["count", "--max-positions", "5000"], capsys, monkeypatch)
    assert code == 1
    assert re.search(r"about 5,\d{3} positions \(under a second and 1.3 MB of memory\)", err)
    code, out, _ = run(["count", "--max-positions", "6000"], capsys, monkeypatch)
    assert code == 0
    assert "5,478 positions" in out


@pytest.mark.slow
def test_count_stops_cleanly_after_its_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["count", "--rows", "3", "--cols", "4", "--k", "3", "--time", "0.001"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert (code, out) == (1, "")
    assert err == (
        "tictactoe: error: not counted within 0.001 s: 94,190 positions found; "
        "give it longer with --time SECONDS\n"
    )


@pytest.mark.slow
def test_count_shows_a_bar_and_the_time_left_on_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = run(["count", "--rows", "3", "--cols", "4", "--k", "3"], capsys, monkeypatch)
    assert code == 0
    assert "111,973 positions" in out
    shown = terminal.getvalue()
    assert "counting about 110,696 positions (1.3 seconds and 25 MB of memory)…" in shown
    assert "[#########################.....] 85% of about 110,696 positions, 0:00 left" in shown
    assert shown.endswith("\r\x1b[K")  # cleared at the end


def test_the_time_left_scales_the_time_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stderr", Terminal())
    ticks = iter([100.0, 110.0, 200.0])
    progress = _commands._count_progress(4_000_000, now=lambda: next(ticks))
    progress(1_000_000)  # a quarter in 10 s: 30 s to go
    assert sys.stderr.getvalue().endswith("25% of about 4.0 million positions, 0:30 left")
    progress(4_100_000)  # the estimate was a little short
    assert sys.stderr.getvalue().endswith("100% of about 4.0 million positions, nearly done")


def test_solve_tries_any_size_within_its_time_and_says_how_far_it_got(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = run(["solve", "--size", "5", "--k", "4", "--time", "0.3"], capsys, monkeypatch)
    assert (code, out) == (1, "")
    error = terminal.getvalue().split("\r\x1b[K")[-1]
    assert error.startswith("tictactoe: error: not solved within 0.3 s: ")
    assert "of 25 first moves settled; a hard search of 25 empty cells may take 1.6 min" in error
    assert "solving…" in terminal.getvalue()
