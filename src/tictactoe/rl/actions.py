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

import operator

from tictactoe.outcome import Cell

__all__ = ["action_to_cell", "cell_to_action"]


def action_to_cell(action: int, cols: int) -> Cell:
    """The ``(row, col)`` of ``action`` on a board ``cols`` wide (numpy integers welcome).

    Raises:
        ValueError: a negative action.
    """
    action = operator.index(action)
    if action < 0:
        raise ValueError(f"action {action} is negative; actions count cells from 0")
    row, col = divmod(action, cols)
    return row, col


def cell_to_action(cell: Cell, cols: int) -> int:
    """The action number of ``cell`` = ``(row, col)`` on a board ``cols`` wide.

    Raises:
        ValueError: a cell outside the columns ``0 .. cols - 1`` or above row 0.
    """
    row, col = operator.index(cell[0]), operator.index(cell[1])
    if row < 0 or not 0 <= col < cols:
        raise ValueError(f"cell ({row}, {col}) is not on a board {cols} columns wide")
    return row * cols + col
