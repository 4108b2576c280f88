"""Positions on one line: the board, k, the players, every mark and whose turn it is.

The form is ``CELLS TURN BOARD kK [pP] [x] [misere]``. ``CELLS`` comes in two forms, both
read anywhere:

- *dense*: the rows from the top, separated by ``/``: a mark's letter, ``.`` for one empty
  cell, or a number for a run of empty cells (rows wider than 12 cells are written with
  numbers, narrower ones with dots)::

      X.O/.X./..O X 3x3 k3
      15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 O 15x15 k5
      XO/.X O inf@-1,4 k5 p3

- *sparse*: each mark with its cell, ``;`` between them, in row-major order; its length
  follows the number of marks, whatever their coordinates::

      X0,0;O100000,100000 X inf k5
      X7,7 O 1000x1000 k5

``BOARD`` is ``RxC``, or for the unbounded grid ``inf@ROW,COL`` (dense: the coordinates of the
top-left cell shown) or ``inf`` (sparse, or no marks: ``-`` for the cells). ``pP`` appears for 3
or more players; a last field ``x`` marks the exact rule (only exactly k in a row wins, an
overline does not; see :class:`~tictactoe.game.Game`), ``renju`` or ``caro`` those rules;
after it, ``misere`` marks misère play (whoever makes the line loses)::

      XXXX.X/OOOO../....../....O. X 4x6 k5 x
      X.O/.X./..O X 3x3 k3 misere

:func:`parse` also takes the short rows form ``X.O/.X./..O`` alone.

Reading checks sizes before it builds anything: a board over :data:`~tictactoe.game.MAX_CELLS`
cells, a run of empty cells longer than its row, or numbers of absurd length are refused.
"""

from __future__ import annotations

import re

from tictactoe._checks import check_game
from tictactoe._positions import legal_order, marks_of, parse_rows
from tictactoe._rules import GOMOKU_RULES
from tictactoe.coordinates import bounding_box
from tictactoe.errors import ForbiddenMove, InvalidArgument, InvalidPosition, OffBoard
from tictactoe.game import MAX_CELLS, Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell

__all__ = ["format", "parse"]

_READABLE_UP_TO = 12
"""Rows at most this wide are written with dots; wider ones with numbers for empty runs."""
_DENSE_AREA = 400
"""``format`` writes the dense form while the drawn area is at most this, or 8 cells a mark."""
_RUN = re.compile(r"[0-9]{1,9}|.", re.DOTALL | re.ASCII)
_NUMBER = r"-?[0-9]{1,4300}"
"""Coordinates of up to 4,300 digits: Python's own limit for turning text into an int, so
every coordinate that :func:`format` can write, :func:`parse` reads."""
_BOARD = re.compile(
    rf"(?:([0-9]{{1,7}})x([0-9]{{1,7}})|inf(?:@({_NUMBER}),({_NUMBER}))?)", re.ASCII
)
_SPARSE_MARK = re.compile(rf"([A-Z])({_NUMBER}),({_NUMBER})", re.ASCII)
_DIGITS = frozenset("0123456789")
"""Only ASCII digits count runs: ``'²'`` or ``'١'`` is a letter, and so no mark."""
_COUNT = re.compile(r"[0-9]{1,9}", re.ASCII)
_MISERE = "misere"
"""The last field of a misère position (ASCII, as every other field)."""


def format(game: Game, *, sparse: bool | None = None) -> str:
    """The one-line notation of ``game``'s position.

    Args:
        game: the game whose position to write.
        sparse: force the sparse (True) or the dense (False) form; by default the dense
            form while it stays small (about 8 cells a mark), else the sparse one.

    >>> g = Game()
    >>> g.move(1, 1)
    Status.IN_PROGRESS
    >>> format(g)
    '.../.X./... O 3x3 k3'
    >>> format(g, sparse=True)
    'X1,1 O 3x3 k3'

    Raises:
        WrongType: ``game`` is not a game.
    """
    game = check_game(game).copy()  # one consistent position, though another thread may be playing
    players = "" if len(game.players) == 2 else f" p{len(game.players)}"
    exact = " x" if game.exact else f" {game.rule}" if game.rule in GOMOKU_RULES else ""
    misere = f" {_MISERE}" if game.misere else ""
    rules = f"{game.turn} {{board}} k{game.k}{players}{exact}{misere}"
    rows, cols = game.rows, game.cols
    marks = {move.cell: move.mark for move in game.moves}
    if rows is not None and cols is not None:
        view = (range(rows), range(cols))
        board = f"{rows}x{cols}"
    else:
        if not marks:
            return f"- {rules.format(board='inf')}"
        box = bounding_box(marks)
        assert box is not None
        view = box
        board = f"inf@{box[0].start},{box[1].start}"
    area = (view[0].stop - view[0].start) * (view[1].stop - view[1].start)
    if sparse is None:
        sparse = area > max(_DENSE_AREA, 8 * len(marks))
    elif not sparse and area > MAX_CELLS:
        raise InvalidPosition(f"the marks span more than {MAX_CELLS:,} cells: use sparse=True")
    if sparse:
        cells = ";".join(f"{marks[cell]}{cell[0]},{cell[1]}" for cell in sorted(marks)) or "-"
        return f"{cells} {rules.format(board=board if rows is not None else 'inf')}"
    text = game.rows_text(view)
    dense = "/".join(text if len(text[0]) <= _READABLE_UP_TO else map(_compress, text))
    return f"{dense} {rules.format(board=board)}"


def _compress(row: str) -> str:
    return re.sub(r"\.+", lambda run: str(len(run.group())), row)


def _expand(row: str, width: int) -> str:
    """A dense row with its runs spelled out, refused before expanding if not ``width`` long."""
    parts = _RUN.findall(row)
    length = 0
    for part in parts:
        length += int(part) if part[0] in _DIGITS else 1
        if length > width:
            break
    if length != width:
        raise InvalidPosition(f"the row {_shown(row)} is not {width} cells long")
    return "".join("." * int(part) if part[0] in _DIGITS else part for part in parts)


def _width(row: str) -> int:
    """How many cells a dense row holds, without spelling it out."""
    return sum(int(part) if part[0] in _DIGITS else 1 for part in _RUN.findall(row))


def parse(text: str) -> Game:
    """The game at the position ``text`` describes, reached by a legal order of its marks.

    Raises:
        InvalidPosition: the text is not in the notation, or the position is impossible.

    >>> parse("X.O/.X./..O X 3x3 k3").turn
    Mark.X
    >>> print(parse("2X/3 O 2x3 k2"))
    ..X
    ...
    >>> parse("X0,0;O100000,100000 X inf k5").last_move
    Move(row=100000, col=100000, mark=Mark.O)
    """
    if not isinstance(text, str):
        raise InvalidPosition(f"a position is text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) == 1:
        return Game.from_rows(fields[0])
    misere = len(fields) > 4 and fields[-1] == _MISERE
    if misere:
        fields.pop()
    exact = len(fields) > 4 and fields[-1] == "x"
    rule = fields[-1] if len(fields) > 4 and fields[-1] in GOMOKU_RULES else None
    if exact or rule is not None:
        fields.pop()
    if len(fields) not in (4, 5):
        raise InvalidPosition(
            f"{_shown(text)} is not a position: expected 'CELLS TURN BOARD kK [pP] [x] [misere]', "
            "like 'X.O/.X./..O X 3x3 k3'"
        )
    cells, turn, board, k_field = fields[:4]
    k = _number(k_field, "k")
    players = _number(fields[4], "p") if len(fields) == 5 else 2
    shape = _BOARD.fullmatch(board)
    if shape is None:
        raise InvalidPosition(f"board {_shown(board)} is neither RxC, inf nor inf@ROW,COL")
    rows_text, cols_text, top_text, left_text = shape.groups()
    if rows_text is not None:
        rows, cols = int(rows_text), int(cols_text)
        if rows * cols > MAX_CELLS:
            raise InvalidPosition(f"a {board} board has more than {MAX_CELLS:,} cells")
        game = Game(rows, cols, k, players=players, exact=exact, rule=rule, misere=misere)
    else:
        game = Game.unbounded(k, players=players, exact=exact, rule=rule, misere=misere)
    if "," in cells:
        marks = _sparse(cells, game)
    elif cells == "-":
        marks = {}
    elif rows_text is not None:
        lines = cells.split("/")
        if len(lines) != game.rows:
            raise InvalidPosition(f"the cells do not fill a {board} board: {len(lines)} rows")
        marks = marks_of(parse_rows([_expand(line, int(cols_text)) for line in lines]))
    elif top_text is None:
        raise InvalidPosition("an unbounded position in rows needs inf@ROW,COL")
    else:
        marks = _dense_unbounded(cells.split("/"), int(top_text), int(left_text))
    for row, col in legal_order(marks, game.k, game.players, exact=exact):
        try:
            game.move(row, col)
        except ForbiddenMove as refused:
            raise InvalidPosition(f"no game under renju reaches it: {refused}") from None
    if str(game.turn) != turn:
        raise InvalidPosition(
            f"the turn says {turn if turn.isalnum() else _shown(turn)} but the marks say "
            f"{game.turn} moves next"
        )
    return game


def _sparse(cells: str, game: Game) -> dict[Cell, Mark]:
    """The marks of the sparse form, checked to be on the board, each cell once."""
    marks: dict[Cell, Mark] = {}
    for item in cells.split(";"):
        found = _SPARSE_MARK.fullmatch(item)
        if found is None:
            raise InvalidPosition(f"{_shown(item)} is not a mark and its cell, like X7,7")
        letter, row_text, col_text = found.groups()
        cell = (int(row_text), int(col_text))
        try:
            mark = Mark.from_letter(letter)
        except InvalidArgument as error:
            raise InvalidPosition(str(error)) from None
        try:
            game.cell(*cell)
        except OffBoard as error:
            raise InvalidPosition(str(error)) from None
        if cell in marks:
            raise InvalidPosition(f"the cell {cell} is given twice")
        marks[cell] = mark
    return marks


def _dense_unbounded(lines: list[str], top: int, left: int) -> dict[Cell, Mark]:
    """The marks of dense rows on the unbounded grid, with the top-left cell at (top, left)."""
    width = _width(lines[0])
    if width * len(lines) > MAX_CELLS:
        raise InvalidPosition(f"dense rows of more than {MAX_CELLS:,} cells: use the sparse form")
    marks = marks_of(parse_rows([_expand(line, width) for line in lines]))
    return {(top + row, left + col): mark for (row, col), mark in marks.items()}


def _number(field: str, prefix: str) -> int:
    if not (field.startswith(prefix) and _COUNT.fullmatch(field, 1)):
        raise InvalidPosition(f"{_shown(field)} should be {prefix} and a number, like {prefix}3")
    return int(field[1:])


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut short if long."""
    return repr(text if len(text) <= 40 else text[:40] + "…")
