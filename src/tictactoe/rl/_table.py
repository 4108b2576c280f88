"""A game and numpy copies of what its players see, kept in step with every move.

The turn-based environments (AEC, parallel, single-agent Gymnasium) all play through a
:class:`Table`: ``Game`` decides legality, wins and draws; the numpy side keeps each seat's
observation planes and the legal actions up to date, one cell per move, so an observation is
one array copy. Under gravity an action is a column and the mask holds the open columns.
"""

from __future__ import annotations

import operator

import numpy as np
from numpy.typing import NDArray

from tictactoe.outcome import Cell
from tictactoe.rl._shape import Observation, Shape, end_rewards

__all__ = ["Table"]


class Table:
    """One game of ``shape``, with every seat's planes and the legal actions mirrored in numpy."""

    __slots__ = (
        "_empty_mask",
        "_free",
        "_landing",
        "_planes",
        "game",
        "seat_to_move",
        "shape",
    )

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.game = shape.new_game()
        players = shape.players
        self._planes: NDArray[np.int8] = np.zeros(
            (players, shape.rows, shape.cols, players), dtype=np.int8
        )
        """``_planes[seat]`` is what ``seat`` sees: its marks in plane 0, then the others'."""
        self._free: NDArray[np.int8] = np.ones(shape.actions, dtype=np.int8)
        """1 for each legal action: a free cell, or under gravity an open column."""
        self._empty_mask: NDArray[np.int8] = np.zeros(shape.actions, dtype=np.int8)
        self._landing = [shape.rows - 1] * shape.cols
        """Under gravity, the row each column's next mark lands on (-1 once it is full)."""
        self.seat_to_move = 0
        """The index, in turn order, of the player to move (the next one once over)."""

    def reset(self) -> None:
        """Start a new game."""
        self.game = self.shape.new_game()
        self._planes[:] = 0
        self._free[:] = 1
        self._landing = [self.shape.rows - 1] * self.shape.cols
        self.seat_to_move = 0

    def try_play(self, action: object) -> bool:
        """Play ``action`` for the seat to move if it is legal; say whether it was.

        Legal: an int (numpy ints and 0-d integer arrays too, not a bool) naming a free cell
        (under gravity, an open column) of a game going on.
        """
        if type(action) is int:  # the common case first: a step is a few microseconds
            index = action
        elif isinstance(action, bool | np.bool_):
            return False
        else:
            try:
                index = operator.index(action)  # type: ignore[arg-type]
            except TypeError:  # float, str, None...
                return False
        shape = self.shape
        if not 0 <= index < shape.actions or not self._free[index] or self.game.is_over:
            return False
        if shape.gravity:
            col = index
            row = self._landing[col]
            self._landing[col] = row - 1
            if row == 0:
                self._free[col] = 0
        else:
            row, col = divmod(index, shape.cols)
            self._free[index] = 0
        seat = self.seat_to_move
        self.game.move(row, col)
        players = shape.players
        planes = self._planes
        for observer in range(players):
            planes[observer, row, col, (seat - observer) % players] = 1
        self.seat_to_move = (seat + 1) % players
        return True

    def action_of(self, cell: Cell) -> int:
        """The action that plays ``cell`` now, or -1 if none does (off the board, floating)."""
        row, col = cell
        shape = self.shape
        if not (0 <= row < shape.rows and 0 <= col < shape.cols):
            return -1
        if shape.gravity:
            return col if self._landing[col] == row else -1
        return row * shape.cols + col

    def rewards(self) -> list[float]:
        """Each seat's reward for how the finished game ended.

        Under misère the game's winner is already the rival of the line's maker.
        """
        winner = self.game.winner
        return end_rewards(
            None if winner is None else self.game.players.index(winner), self.shape.players
        )

    def observe(self, seat: int, *, to_act: bool) -> Observation:
        """What ``seat`` sees; its mask holds the legal actions when ``to_act``, else zeros."""
        live = to_act and not self.game.is_over
        mask = self._free if live else self._empty_mask
        return {"observation": self._planes[seat].copy(), "action_mask": mask.copy()}

    def text(self) -> str:
        """The board as rows of letters, ``.`` for empty."""
        return str(self.game)
