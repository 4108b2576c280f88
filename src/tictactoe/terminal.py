"""The board for people at a terminal: coordinates, colour, the last move, the winning line.

Columns are letters and rows numbers from 1 at the top, as on a gomoku board: ``b2`` is row 2,
column b, the game's cell ``(1, 1)``. Numbers alone work too, row first: ``2 2`` or ``2,2``.
On the unbounded grid columns are numbered as well, and the picture is a window around the
marks that grows with them.
"""

from __future__ import annotations

import os
import re
from typing import TextIO

from tictactoe.errors import InvalidPosition
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell

__all__ = ["cell_label", "column_label", "parse_cell", "render", "wants_colour", "window"]

_COLOURS = {Mark.X: "31", Mark.O: "34", Mark.Y: "32", Mark.Z: "35"}
_LAST = "7"
_WINNING = "42;30"
_MARGIN = 2
_CELL = re.compile(r"^\s*(?:([a-z]+)\s*(-?\d+)|(-?\d+)\s*[ ,]\s*(-?\d+))\s*$", re.IGNORECASE)


def wants_colour(stream: TextIO) -> bool:
    """Colour on a terminal, none when piped or when ``NO_COLOR`` is set."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def column_label(col: int) -> str:
    """The letters of a column: a..z, then aa, ab, ...

    >>> column_label(0), column_label(25), column_label(26)
    ('a', 'z', 'aa')
    """
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def cell_label(cell: Cell, game: Game) -> str:
    """How a person types ``cell``: ``b2`` on a bounded board, ``2 3`` on the unbounded grid.

    >>> cell_label((1, 1), Game()), cell_label((-1, 2), Game.unbounded(5))
    ('b2', '0 3')
    """
    row, col = cell
    if game.is_unbounded:
        return f"{row + 1} {col + 1}"
    return f"{column_label(col)}{row + 1}"


def _column_number(letters: str) -> int:
    number = 0
    for letter in letters.lower():
        number = number * 26 + ord(letter) - ord("a") + 1
    return number - 1


def parse_cell(text: str, game: Game) -> Cell:
    """The cell a person typed: ``b2``, ``2 2`` or ``2,2`` (row first, counted from 1).

    Raises:
        InvalidPosition: the text is not a cell.

    >>> parse_cell("b3", Game())
    (2, 1)
    >>> parse_cell("3, 2", Game())
    (2, 1)
    """
    found = _CELL.match(text)
    if found is None:
        raise InvalidPosition(f"{text.strip()!r} is not a cell: type it like b2, 2 2 or 2,2")
    letters, row_text, row_first, col_text = found.groups()
    if letters is not None:
        if game.is_unbounded:
            raise InvalidPosition("on the unbounded grid type numbers, row first: 2 3")
        return int(row_text) - 1, _column_number(letters)
    return int(row_first) - 1, int(col_text) - 1


def window(game: Game) -> tuple[range, range]:
    """The rows and columns to show: the board, or a margin around the marks if unbounded."""
    if game.rows is not None and game.cols is not None:
        return range(game.rows), range(game.cols)
    cells = [move.cell for move in game.moves] or [(0, 0)]
    rows = [row for row, _ in cells]
    cols = [col for _, col in cells]
    return (
        range(min(rows) - _MARGIN, max(rows) + _MARGIN + 1),
        range(min(cols) - _MARGIN, max(cols) + _MARGIN + 1),
    )


def render(game: Game, *, colour: bool = False) -> str:
    """The board with coordinates; the last move in brackets, the winning line in stars.

    >>> g = Game()
    >>> _ = g.move(1, 1)
    >>> print(render(g))
        a  b  c
     1  .  .  .
     2  . [X] .
     3  .  .  .
    """
    rows, cols = window(game)
    labels = [str(col + 1) if game.is_unbounded else column_label(col) for col in cols]
    width = max(len(label) for label in labels) + 2
    side = max(len(str(row + 1)) for row in rows) + 2
    last = game.last_move.cell if game.last_move else None
    winning = set(game.winning_line or ())
    lines = [" " * side + "".join(label.center(width) for label in labels).rstrip()]
    for row in rows:
        parts = []
        for col in cols:
            mark = game.cell(row, col)
            text = "." if mark is None else str(mark)
            if (row, col) in winning:
                cell = f"*{text}*".center(width)
            elif (row, col) == last:
                cell = f"[{text}]".center(width)
            else:
                cell = text.center(width)
            if colour and mark is not None:
                codes = [_COLOURS.get(mark, "1")]
                if (row, col) in winning:
                    codes.append(_WINNING)
                elif (row, col) == last:
                    codes.append(_LAST)
                cell = f"\x1b[{';'.join(codes)}m{cell}\x1b[0m"
            parts.append(cell)
        lines.append(str(row + 1).rjust(side - 1) + " " + "".join(parts).rstrip())
    return "\n".join(lines)
