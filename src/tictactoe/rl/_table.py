"""A game and numpy copies of what its players see, kept in step with every move.

The turn-based environments (AEC, parallel, single-agent Gymnasium) all play through a
:class:`Table`: ``Game`` decides legality, wins and draws; the numpy side keeps each seat's
observation planes and the free cells up to date, one cell per move, so an observation is
one array copy.
"""

from __future__ import annotations

import operator

import numpy as np
from numpy.typing import NDArray

from tictactoe.rl._shape import Observation, Shape, end_rewards

__all__ = ["Table"]


class Table:
    """One game of ``shape``, with every seat's planes and the free cells mirrored in numpy."""

    __slots__ = ("_empty_mask", "_free", "_planes", "game", "seat_to_move", "shape")

    def __init__(self, shape: Shape) -> None:
        self.shape = shape
        self.game = shape.new_game()
        players = shape.players
        self._planes: NDArray[np.int8] = np.zeros(
            (players, shape.rows, shape.cols, players), dtype=np.int8
        )
        """``_planes[seat]`` is what ``seat`` sees: its marks in plane 0, then the others'."""
        self._free: NDArray[np.int8] = np.ones(shape.cells, dtype=np.int8)
        self._empty_mask: NDArray[np.int8] = np.zeros(shape.cells, dtype=np.int8)
        self.seat_to_move = 0
        """The index, in turn order, of the player to move (the next one once over)."""

    def reset(self) -> None:
        """Start a new game."""
        self.game = self.shape.new_game()
        self._planes[:] = 0
        self._free[:] = 1
        self.seat_to_move = 0

    def try_play(self, action: object) -> bool:
        """Play ``action`` for the seat to move if it is legal; say whether it was.

        Legal: an int (numpy ints and 0-d integer arrays too, not a bool) naming a free cell
        of a game going on.
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
        if not 0 <= index < shape.cells or not self._free[index] or self.game.is_over:
            return False
        seat = self.seat_to_move
        row, col = divmod(index, shape.cols)
        self.game.move(row, col)
        self._free[index] = 0
        players = shape.players
        planes = self._planes
        for observer in range(players):
            planes[observer, row, col, (seat - observer) % players] = 1
        self.seat_to_move = (seat + 1) % players
        return True

    def rewards(self) -> list[float]:
        """Each seat's reward for how the finished game ended."""
        winner = self.game.winner
        return end_rewards(
            None if winner is None else self.game.players.index(winner), self.shape.players
        )

    def observe(self, seat: int, *, to_act: bool) -> Observation:
        """What ``seat`` sees; its mask holds the free cells when ``to_act``, else zeros."""
        live = to_act and not self.game.is_over
        mask = self._free if live else self._empty_mask
        return {"observation": self._planes[seat].copy(), "action_mask": mask.copy()}

    def text(self) -> str:
        """The board as rows of letters, ``.`` for empty."""
        return str(self.game)
