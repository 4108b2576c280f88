"""Where things are: cell labels for people, bounding boxes and the windows that views show.

Columns are letters and rows numbers from 1 at the top, as on a gomoku board: ``b2`` is row 2,
column b, the game's cell ``(1, 1)``. Numbers alone work too, row first: ``2 2`` or ``2,2``.
On the unbounded grid both are numbers.

Every view of a board (the text of ``str(game)``, the terminal, the SVG picture) shows a
*window*: the whole board when it is small enough, otherwise at most ``size`` rows and columns
around the marks and the last move. Its cost follows the number of marks and the window's
size, never a coordinate's value: marks at (0, 0) and (10**18, 10**18) are shown at once.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from tictactoe._checks import as_cell, as_int, check_game, shown
from tictactoe.errors import InvalidArgument, InvalidPosition, WrongType
from tictactoe.outcome import Cell

if TYPE_CHECKING:
    from tictactoe.game import Game

__all__ = [
    "VIEW_SIZE",
    "Window",
    "bounding_box",
    "cell_label",
    "column_label",
    "column_number",
    "parse_cell",
    "window",
]

VIEW_SIZE = 64
"""The most rows and columns a view shows by default."""
MAX_CELL_TEXT = 40
"""Typed cells longer than this are refused before they are parsed."""

Window = tuple[range, range]
"""The rows and the columns a view shows, as ranges of coordinates."""

_CELL = re.compile(
    r"\s*(?:([a-z]{1,5})\s*([0-9]{1,9})|(-?[0-9]{1,12})(?:\s*,\s*|\s+)(-?[0-9]{1,12}))\s*",
    re.IGNORECASE | re.ASCII,
)


def column_label(col: int) -> str:
    """The letters of a column: a..z, then aa, ab, ...

    >>> column_label(0), column_label(25), column_label(26)
    ('a', 'z', 'aa')

    Raises:
        InvalidArgument: ``col`` is negative: no letters name it.
        WrongType: ``col`` is not an int.
    """
    col = as_int("col", col)
    if col < 0:
        raise InvalidArgument(f"column {shown(col)} has no letters: columns count from 0")
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters


def cell_label(cell: Cell, game: Game) -> str:
    """How a person types ``cell``: ``b2`` on a bounded board, ``2 3`` on the unbounded grid.

    A cell above or left of a bounded board (as a person may type one) is shown in numbers.

    >>> from tictactoe import Game
    >>> cell_label((1, 1), Game()), cell_label((-1, 2), Game.unbounded(5))
    ('b2', '0 3')
    >>> cell_label((-5, -5), Game())
    '-4 -4'

    Raises:
        WrongType: ``cell`` is not a pair of ints, or ``game`` not a game.
    """
    row, col = as_cell(cell)
    if check_game(game).is_unbounded or row < 0 or col < 0:
        return f"{row + 1} {col + 1}"
    return f"{column_label(col)}{row + 1}"


def column_number(letters: str) -> int:
    """The column of ``letters`` (``a`` is 0, ``aa`` is 26): the reverse of :func:`column_label`.

    >>> column_number("d"), column_number("aa")
    (3, 26)

    Raises:
        WrongType: ``letters`` is not a str.
        InvalidArgument: it is not one to forty letters a to z.
    """
    if not isinstance(letters, str):
        raise WrongType(f"a column is typed as letters, not {type(letters).__name__}")
    if not (0 < len(letters) <= MAX_CELL_TEXT and letters.isascii() and letters.isalpha()):
        raise InvalidArgument(f"{shown(letters)} is not a column: type it as letters, like d")
    number = 0
    for letter in letters.lower():
        number = number * 26 + ord(letter) - ord("a") + 1
    return number - 1


def parse_cell(text: str, game: Game) -> Cell:
    """The cell a person typed: ``b2``, ``2 2`` or ``2,2`` (row first, counted from 1).

    Only the form is checked here; whether the cell is on the board and free is the game's
    business.

    Raises:
        InvalidPosition: the text is not a cell.
        WrongType: ``text`` is not a str, or ``game`` not a game.

    >>> from tictactoe import Game
    >>> parse_cell("b3", Game())
    (2, 1)
    >>> parse_cell("3, 2", Game())
    (2, 1)
    """
    check_game(game)
    if not isinstance(text, str):
        raise WrongType(f"a cell is typed as text, not {type(text).__name__}")
    found = _CELL.fullmatch(text) if len(text) <= MAX_CELL_TEXT else None
    if found is None:
        typed = text.strip()
        typed = typed if len(typed) <= MAX_CELL_TEXT else typed[:MAX_CELL_TEXT] + "…"
        raise InvalidPosition(f"{typed!r} is not a cell: type it like b2, 2 2 or 2,2")
    letters, row_text, row_first, col_text = found.groups()
    if letters is not None:
        if game.is_unbounded:
            raise InvalidPosition("on the unbounded grid type numbers, row first: 2 3")
        return int(row_text) - 1, column_number(letters)
    return int(row_first) - 1, int(col_text) - 1


def bounding_box(cells: Iterable[Cell]) -> Window | None:
    """The rows and columns that just hold ``cells``, or None when there are none.

    >>> bounding_box([(0, 5), (-2, 7)])
    (range(-2, 1), range(5, 8))

    Raises:
        WrongType: ``cells`` is not an iterable of pairs of ints.
    """
    if not isinstance(cells, Iterable):
        raise WrongType(f"cells must be an iterable of cells, not {type(cells).__name__}")
    return _box(map(as_cell, cells))


def _box(cells: Iterable[Cell]) -> Window | None:
    """:func:`bounding_box` of cells known to be pairs of ints (a game's): five times faster."""
    iterator = iter(cells)
    first = next(iterator, None)
    if first is None:
        return None
    top = bottom = first[0]
    left = right = first[1]
    for row, col in iterator:
        if row < top:
            top = row
        elif row > bottom:
            bottom = row
        if col < left:
            left = col
        elif col > right:
            right = col
    return range(top, bottom + 1), range(left, right + 1)


def window(game: Game, *, size: int = VIEW_SIZE, margin: int = 0) -> Window:
    """The rows and columns a view of ``game`` shows: at most ``size`` of each.

    A bounded board that fits is shown whole. Otherwise the window holds the marks' bounding
    box grown by ``margin`` on each side (on the unbounded grid), and where that is more than
    ``size`` cells along an axis, the ``size`` cells around the last move on it.

    >>> from tictactoe import Game
    >>> g = Game.unbounded(k=5)
    >>> g.move(0, 0)
    Status.IN_PROGRESS
    >>> g.move(10**18, 10**18)
    Status.IN_PROGRESS
    >>> window(g, size=3)
    (range(999999999999999999, 1000000000000000002), range(999999999999999999, 1000000000000000002))

    Raises:
        WrongType: ``game`` is not a game, or ``size`` or ``margin`` not an int.
        InvalidArgument: ``size`` is below 1 or ``margin`` below 0.
    """
    game = check_game(game)
    size, margin = as_int("size", size), as_int("margin", margin)
    if size < 1 or margin < 0:
        raise InvalidArgument(
            f"size={shown(size)} must be at least 1 and margin={shown(margin)} at least 0"
        )
    last = game.last_move
    rows, cols = game.rows, game.cols
    if rows is not None and cols is not None:
        focus = last.cell if last is not None else (rows // 2, cols // 2)
        return (
            _span(range(rows), focus[0], size, range(rows)),
            _span(range(cols), focus[1], size, range(cols)),
        )
    box = _box(move.cell for move in game.moves) or (range(0, 1), range(0, 1))
    focus = last.cell if last is not None else (0, 0)
    box_rows = range(box[0].start - margin, box[0].stop + margin)
    box_cols = range(box[1].start - margin, box[1].stop + margin)
    return _span(box_rows, focus[0], size, None), _span(box_cols, focus[1], size, None)


def _span(wanted: range, focus: int, size: int, limits: range | None) -> range:
    """``wanted`` if it has at most ``size`` cells, else ``size`` cells centred on ``focus``.

    The window is kept inside ``limits`` (a bounded board's side) when there are any.
    """
    if wanted.stop - wanted.start <= size:  # len() of a range overflows past 2**63
        return wanted
    start = focus - size // 2
    if limits is not None:
        start = max(limits.start, min(start, limits.stop - size))
    return range(start, start + size)
