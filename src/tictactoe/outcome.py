"""Value objects that describe play: a cell, a move, the status and the outcome of a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from tictactoe._enums import WordEnum
from tictactoe.marks import Mark

__all__ = ["Cell", "Move", "Outcome", "Status"]

Cell = tuple[int, int]
"""A cell as ``(row, col)``; rows count down from 0 at the top, columns right from 0."""


class Status(WordEnum):
    """Where a game stands. The value is the human (and JSON) wording."""

    IN_PROGRESS = "in progress"
    WON = "won"
    DRAW = "draw"


class Move(NamedTuple):
    """One placed mark: ``mark`` at ``(row, col)``.

    An immutable value; a named tuple rather than a frozen dataclass because the game makes
    one per move and a tuple is made three times faster.

    >>> Move(1, 2, Mark.X)
    Move(row=1, col=2, mark=Mark.X)
    >>> str(Move(1, 2, Mark.X))
    'X(1, 2)'
    """

    row: int
    col: int
    mark: Mark

    @property
    def cell(self) -> Cell:
        """The ``(row, col)`` of the move."""
        return (self.row, self.col)

    def __str__(self) -> str:
        return f"{self.mark}({self.row}, {self.col})"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game stands, from one place: status, winner and the winning line.

    ``winner`` and ``winning_line`` are set exactly when ``status`` is ``Status.WON``.
    ``winning_line`` is the line that ended the game, made by the last move: the winner's,
    or under misère (where its maker loses) the loser's, ``winner`` being the other player.
    """

    status: Status
    winner: Mark | None = None
    winning_line: tuple[Cell, ...] | None = None

    @property
    def is_over(self) -> bool:
        """True once the game is won or drawn."""
        return self.status is not Status.IN_PROGRESS


IN_PROGRESS = Outcome(Status.IN_PROGRESS)
DRAWN = Outcome(Status.DRAW)
