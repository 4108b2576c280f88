"""Running the command in-process, with its output captured."""

from __future__ import annotations

import io
import sys

import pytest

from tictactoe.cli import main


def run(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str = "",
) -> tuple[int, str, str]:
    """The exit code, stdout and stderr of ``tictactoe ARGV`` with ``stdin`` typed in."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err
