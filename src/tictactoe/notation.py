"""Positions on one line: the board, k, the players, every cell and whose turn it is.

The form is ``CELLS TURN BOARD kK [pP]``, for example::

    X.O/.X./..O X 3x3 k3
    15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 O 15x15 k5
    XO/.X O inf@-1,4 k5 p3

``CELLS`` holds the rows from the top, separated by ``/``: a mark's letter, ``.`` for one
empty cell, or a number for a run of empty cells (boards wider than 12 columns are written
with numbers, narrower ones with dots; both are read anywhere). ``BOARD`` is ``RxC`` or, for
the unbounded grid, ``inf@ROW,COL`` with the coordinates of the top-left cell shown (``-``
for the cells and plain ``inf`` when there are no marks). ``pP`` appears for 3 or more
players. :func:`parse` also takes the short rows form ``X.O/.X./..O`` alone.
"""

from __future__ import annotations

import re

from tictactoe.errors import InvalidPosition
from tictactoe.game import Game
from tictactoe.positions import legal_order, parse_rows

__all__ = ["format", "parse"]

_READABLE_UP_TO = 12
"""Rows at most this wide are written with dots; wider ones with numbers for empty runs."""
_RUN = re.compile(r"\d+|.", re.DOTALL)
_BOARD = re.compile(r"^(?:(\d+)x(\d+)|inf(?:@(-?\d+),(-?\d+))?)$")


def format(game: Game) -> str:
    """The one-line notation of ``game``'s position.

    >>> g = Game()
    >>> g.move(1, 1)
    Status.IN_PROGRESS
    >>> format(g)
    '.../.X./... O 3x3 k3'
    """
    players = "" if len(game.players) == 2 else f" p{len(game.players)}"
    if game.rows is not None and game.cols is not None:
        rows = game.rows_text()
        board = f"{game.rows}x{game.cols}"
    elif not game.moves:
        return f"- {game.turn} inf k{game.k}{players}"
    else:
        top = min(move.row for move in game.moves)
        left = min(move.col for move in game.moves)
        rows = game.rows_text()
        board = f"inf@{top},{left}"
    cells = "/".join(rows if len(rows[0]) <= _READABLE_UP_TO else map(_compress, rows))
    return f"{cells} {game.turn} {board} k{game.k}{players}"


def _compress(row: str) -> str:
    return re.sub(r"\.+", lambda run: str(len(run.group())), row)


def _expand(row: str) -> str:
    return "".join("." * int(part) if part.isdigit() else part for part in _RUN.findall(row))


def parse(text: str) -> Game:
    """The game at the position ``text`` describes, reached by a legal order of its marks.

    Raises:
        InvalidPosition: the text is not in the notation, or the position is impossible.

    >>> parse("X.O/.X./..O X 3x3 k3").turn
    Mark.X
    >>> print(parse("2X/3 O 2x3 k2"))
    ..X
    ...
    """
    fields = text.split()
    if len(fields) == 1:
        return Game.from_rows(fields[0])
    if len(fields) not in (4, 5):
        raise InvalidPosition(
            f"{text!r} is not a position: expected 'CELLS TURN BOARD kK [pP]', "
            "like 'X.O/.X./..O X 3x3 k3'"
        )
    cells, turn, board, k_field = fields[:4]
    k = _number(k_field, "k")
    players = _number(fields[4], "p") if len(fields) == 5 else 2
    shape = _BOARD.match(board)
    if shape is None:
        raise InvalidPosition(f"board {board!r} is neither RxC nor inf@ROW,COL")
    rows_text, cols_text, top_text, left_text = shape.groups()
    if rows_text is not None:
        rows = [_expand(row) for row in cells.split("/")]
        if len(rows) != int(rows_text) or any(len(row) != int(cols_text) for row in rows):
            raise InvalidPosition(f"the cells {cells!r} do not fill a {board} board")
        game = Game.from_rows(rows, k=k, players=players)
    else:
        game = Game.unbounded(k, players=players)
        if cells != "-":
            if top_text is None:
                raise InvalidPosition("an unbounded position with marks needs inf@ROW,COL")
            grid = parse_rows([_expand(row) for row in cells.split("/")])
            top, left = int(top_text), int(left_text)
            for row, col in legal_order(grid, k, game.players):
                game.move(top + row, left + col)
    if str(game.turn) != turn:
        raise InvalidPosition(f"the turn says {turn} but the marks say {game.turn} moves next")
    return game


def _number(field: str, prefix: str) -> int:
    if not (field.startswith(prefix) and field[1:].isdigit()):
        raise InvalidPosition(f"{field!r} should be {prefix} and a number, like {prefix}3")
    return int(field[1:])
