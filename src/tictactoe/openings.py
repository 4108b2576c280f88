"""Openings files: the first moves each game of a match starts from, one opening a line.

A line holds moves as ``x,y`` pairs, 0-based, x the column (the Gomocup convention, as
c-gomoku-cli and Piskvork write them); blank lines and ``#`` comments are skipped.
``tictactoe match --openings`` reads them, and so do the tools that measure the bots.
"""

from __future__ import annotations

import os
import re

from tictactoe import _checks
from tictactoe._fileio import read_regular, shown_name
from tictactoe.errors import RecordError, TicTacToeError, WrongType
from tictactoe.game import Game
from tictactoe.outcome import Cell

__all__ = ["MAX_OPENINGS", "read_openings"]

_PAIR = re.compile(r"(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})", re.ASCII)
MAX_OPENINGS = 10_000
"""The most openings a file may hold."""
_MAX_OPENINGS_BYTES = 1 << 20
"""The largest openings file read: 1 MiB holds 10,000 openings of a dozen moves."""


def read_openings(path: str | os.PathLike[str], board: Game | None = None) -> list[list[Cell]]:
    """The openings in a file: one a line, moves as ``x,y`` pairs (0-based, x the column).

    Blank lines and lines starting with ``#`` are skipped. The file is read as records are:
    a regular file of at most 1 MiB (a pipe or a device is refused unread), then line by line.
    With ``board``, each opening is played on a copy of it, so one that does not fit is
    refused with its line.

    Raises:
        RecordError: the file cannot be read, is too big or not UTF-8, a line holds no
            ``x,y`` pair or an opening ``board`` refuses, or it has over 10,000 openings.
        WrongType: ``path`` is not a str or a path, or ``board`` not a game or None.
    """
    if isinstance(path, os.PathLike):
        path = os.fspath(path)
    if not isinstance(path, str):
        raise WrongType(f"path must be a str or a path, not {_checks.shown(path)}")
    if board is not None:
        board = _checks.check_game(board)
    shown = shown_name(path)
    data = read_regular(path, _MAX_OPENINGS_BYTES, what="an openings file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{shown}: byte {error.start} is not UTF-8 text") from None
    openings: list[list[Cell]] = []
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(openings) == MAX_OPENINGS:
            raise RecordError(f"{shown}: more than {MAX_OPENINGS:,} openings")
        openings.append(_opening(stripped, board, f"{shown}: line {number}"))
    return openings


def _opening(text: str, board: Game | None, where: str) -> list[Cell]:
    """The opening a line holds, played on a copy of ``board`` if given to check it fits.

    Raises:
        RecordError: the line is not ``x,y`` pairs, or ``board`` refuses a move; the message
            starts with ``where``.
    """
    pairs = _PAIR.findall(text)
    if not pairs or _PAIR.sub("", text).strip(" ;\t"):
        raise RecordError(f"{where}: {text[:40]!r} is not x,y pairs")
    opening = [(int(y), int(x)) for x, y in pairs]
    if board is not None:
        trial = board.copy()
        try:
            for cell in opening:
                trial.move(*cell)
        except TicTacToeError as error:
            raise RecordError(f"{where}: {text[:40]!r}: {error}") from None
    return opening
