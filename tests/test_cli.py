"""The command line, run in-process through main(argv)."""

from __future__ import annotations

import pytest

from tictactoe.cli import main


def test_the_demo_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "result:" in out
    assert out.count("\n\n") >= 5


def test_a_bad_board_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--size", "3", "--k", "7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tictactoe: error: k=7")
    assert "Traceback" not in err
