"""Which action number is which cell: row-major, as OpenSpiel and pgx number them.

Action ``a`` is the cell ``(a // cols, a % cols)``; the cell ``(row, col)`` is action
``row * cols + col``. PettingZoo's ``tictactoe_v3`` numbers its 3×3 cells column-major
(``col * 3 + row``) instead: its action 1 is our action 3.

>>> action_to_cell(7, cols=3)
(2, 1)
>>> cell_to_action((2, 1), cols=3)
7
>>> action_to_cell(112, cols=15)
(7, 7)
"""

from __future__ import annotations

from tictactoe._checks import as_cell, as_int, shown
from tictactoe.errors import InvalidArgument
from tictactoe.outcome import Cell

__all__ = ["action_to_cell", "cell_to_action"]


def action_to_cell(action: int, cols: int) -> Cell:
    """The ``(row, col)`` of ``action`` on a board ``cols`` wide (numpy integers welcome).

    Raises:
        InvalidArgument: a negative action, or ``cols`` below 1.
        WrongType: ``action`` or ``cols`` is not an int.
    """
    action, width = as_int("action", action), _width(cols)
    if action < 0:
        raise InvalidArgument(f"action {shown(action)} is negative; actions count cells from 0")
    row, col = divmod(action, width)
    return row, col


def cell_to_action(cell: Cell, cols: int) -> int:
    """The action number of ``cell`` = ``(row, col)`` on a board ``cols`` wide.

    Raises:
        InvalidArgument: a cell outside the columns ``0 .. cols - 1`` or above row 0, or
            ``cols`` below 1.
        WrongType: ``cell`` is not a pair of ints, or ``cols`` not an int.
    """
    (row, col), width = as_cell(cell), _width(cols)
    if row < 0 or not 0 <= col < width:
        raise InvalidArgument(
            f"cell ({shown(row)}, {shown(col)}) is not on a board {shown(width)} columns wide"
        )
    return row * width + col


def _width(cols: object) -> int:
    width = as_int("cols", cols)
    if width < 1:
        raise InvalidArgument(f"cols={shown(width)}: a board is at least 1 column wide")
    return width
