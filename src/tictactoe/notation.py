"""Positions on one line: the board, k, the players, every mark and whose turn it is.

The form is ``CELLS TURN BOARD kK [pP] [x|RULE] [misere] [gravity] [torus]``. ``CELLS`` comes
in two forms, both read anywhere:

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
after it, ``misere`` marks misère play (whoever makes the line loses), then ``gravity``
(marks drop to the lowest free cell of their column, as in Connect Four) and ``torus`` (lines
run over the edges), both for bounded boards, each field in this order::

      XXXX.X/OOOO../....../....O. X 4x6 k5 x
      X.O/.X./..O X 3x3 k3 misere
      ......./......./......./......./...O.../..XX... O 6x7 k4 gravity

:func:`parse` also takes the short rows form ``X.O/.X./..O`` alone.

A board of three or more dimensions (a :class:`~tictactoe.space.SpaceGame`) has ``BOARD``
``4x4x4``, its sides in order, and takes ``pP``, ``x`` and ``misere``. Its dense cells are the
planes of the last two axes in the plane's rows form, ``|`` between the planes; a fourth
dimension puts ``||`` between the bands of planes, a fifth ``|||``, and so on. Its sparse
cells give a mark's d coordinates::

      .../.../...|.../.X./...|.../.../... O 3x3x3 k3
      X1,1,1;O0,0,0 X 4x4x4 k4

Reading checks sizes before it builds anything: a board over :data:`~tictactoe.game.MAX_CELLS`
cells, a run of empty cells longer than its row, or numbers of absurd length are refused.
"""

from __future__ import annotations

import math
import re

from tictactoe._checks import check_game
from tictactoe._positions import legal_order, marks_of, parse_rows, play_in_order
from tictactoe._rules import GOMOKU_RULES
from tictactoe.coordinates import bounding_box
from tictactoe.errors import (
    ForbiddenMove,
    InvalidArgument,
    InvalidGame,
    InvalidPosition,
    OffBoard,
    TicTacToeError,
)
from tictactoe.game import MAX_CELLS, Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Status
from tictactoe.space import Point, SpaceGame

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
_VARIANTS = ("misere", "gravity", "torus")
"""The last fields, each a rule a game plays under or not, in the order they are written."""
_FORM = "'CELLS TURN BOARD kK [pP] [x|RULE] [misere] [gravity] [torus]'"
_SPACE_BOARD = re.compile(r"[0-9]{1,7}(?:x[0-9]{1,7}){2,}", re.ASCII)
"""The board of three or more dimensions: its sides, ``x`` between them."""
_SPACE_FORM = "'CELLS TURN AxBxC kK [pP] [x] [misere]'"
_SPACE_MARK = re.compile(r"([A-Z])((?:[0-9]{1,9},)+[0-9]{1,9})", re.ASCII)


def format(game: Game | SpaceGame, *, sparse: bool | None = None) -> str:
    """The one-line notation of ``game``'s position.

    Args:
        game: the game whose position to write, on a plane or a board of more dimensions
            (a two-dimensional :class:`~tictactoe.space.SpaceGame` is written as a plane).
        sparse: force the sparse (True) or the dense (False) form; by default the dense
            form while it stays small (about 8 cells a mark), else the sparse one.

    >>> g = Game()
    >>> g.move(1, 1)
    Status.IN_PROGRESS
    >>> format(g)
    '.../.X./... O 3x3 k3'
    >>> format(g, sparse=True)
    'X1,1 O 3x3 k3'
    >>> space = SpaceGame((2, 2, 2), 2)
    >>> space.move(1, 0, 1)
    Status.IN_PROGRESS
    >>> format(space), format(space, sparse=True)
    ('../..|.X/.. O 2x2x2 k2', 'X1,0,1 O 2x2x2 k2')

    Raises:
        WrongType: ``game`` is not a game.
    """
    if isinstance(game, SpaceGame):
        return _format_space(game.copy(), sparse)
    game = check_game(game).copy()  # one consistent position, though another thread may be playing
    players = "" if len(game.players) == 2 else f" p{len(game.players)}"
    exact = " x" if game.exact else f" {game.rule}" if game.rule in GOMOKU_RULES else ""
    variants = "".join(f" {name}" for name, on in _variants_of(game).items() if on)
    rules = f"{game.turn} {{board}} k{game.k}{players}{exact}{variants}"
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


def _format_space(game: SpaceGame, sparse: bool | None) -> str:
    """:func:`format` for a board of any number of dimensions."""
    players = "" if len(game.players) == 2 else f" p{len(game.players)}"
    rules = f"{game.turn} {'x'.join(map(str, game.shape))} k{game.k}{players}"
    rules += " x" * game.exact + " misere" * game.misere
    marks = {move.cell: move.mark for move in game.moves}
    if sparse is None:
        sparse = math.prod(game.shape) > max(_DENSE_AREA, 8 * len(marks))
    if sparse:
        cells = ";".join(f"{marks[cell]}{','.join(map(str, cell))}" for cell in sorted(marks))
        return f"{cells or '-'} {rules}"
    return f"{_planes(game.shape, marks, ())} {rules}"


def _planes(shape: tuple[int, ...], marks: dict[Point, Mark], prefix: Point) -> str:
    """The dense cells of the planes under ``prefix``: rows by ``/``, planes by ``|``..."""
    rest = shape[len(prefix) :]
    if len(rest) > 2:
        parts = (_planes(shape, marks, (*prefix, at)) for at in range(rest[0]))
        return ("|" * (len(rest) - 2)).join(parts)
    rows = [
        "".join(str(marks.get((*prefix, row, col), ".")) for col in range(rest[1]))
        for row in range(rest[0])
    ]
    return "/".join(rows if rest[1] <= _READABLE_UP_TO else map(_compress, rows))


def _variants_of(game: Game) -> dict[str, bool]:
    """Whether ``game`` plays each rule of :data:`_VARIANTS`, by the rule's name."""
    return {"misere": game.misere, "gravity": game.gravity, "torus": game.torus}


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


def parse(text: str) -> Game | SpaceGame:
    """The game at the position ``text`` describes, reached by a legal order of its marks.

    A board of three or more sides (``3x3x3``) gives a :class:`~tictactoe.space.SpaceGame`,
    any other a :class:`~tictactoe.game.Game`.

    Raises:
        InvalidPosition: the text is not in the notation, or the position is impossible.
        InvalidGame: rules that no game has, such as misère for three players or gravity on
            the unbounded grid.

    >>> parse("X.O/.X./..O X 3x3 k3").turn
    Mark.X
    >>> g = parse("X5,3 O 6x7 k4 gravity")
    >>> g.gravity, (4, 3) in g.legal_moves, (3, 3) in g.legal_moves
    (True, True, False)
    >>> print(parse("2X/3 O 2x3 k2"))
    ..X
    ...
    >>> parse("X0,0;O100000,100000 X inf k5").last_move
    Move(row=100000, col=100000, mark=Mark.O)
    >>> parse("X1,1,1;O0,0,0 X 3x3x3 k3").moves
    (SpaceMove(cell=(1, 1, 1), mark=Mark.X), SpaceMove(cell=(0, 0, 0), mark=Mark.O))
    """
    if not isinstance(text, str):
        raise InvalidPosition(f"a position is text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) == 1:
        return Game.from_rows(fields[0])
    if len(fields) > 2 and _SPACE_BOARD.fullmatch(fields[2]):
        return _parse_space(text, fields)
    variants = _read_variants(fields)
    exact = len(fields) > 4 and fields[-1] == "x"
    rule = fields[-1] if len(fields) > 4 and fields[-1] in GOMOKU_RULES else None
    if exact or rule is not None:
        fields.pop()
    for field in fields[4:]:
        if field in _VARIANTS or field in GOMOKU_RULES or field == "x":
            raise InvalidPosition(f"{_shown(field)} is out of place: expected {_FORM}")
    if len(fields) not in (4, 5):
        raise InvalidPosition(
            f"{_shown(text)} is not a position: expected {_FORM}, like 'X.O/.X./..O X 3x3 k3'"
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
        game = Game(rows, cols, k, players=players, exact=exact, rule=rule, **variants)
    else:
        for name in ("gravity", "torus"):
            if variants.pop(name):
                raise InvalidGame(f"{name} is for a bounded board, not the unbounded grid")
        game = Game.unbounded(k, players=players, exact=exact, rule=rule, **variants)
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
    if game.gravity or game.torus:
        game = _reached(game, marks)
    else:
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


def _parse_space(text: str, fields: list[str]) -> SpaceGame:
    """:func:`parse` for a board of three or more dimensions: ``fields`` are ``text``'s."""
    cells, turn, board = fields[:3]
    misere = len(fields) > 4 and fields[-1] == "misere"
    fields = fields[: len(fields) - misere]
    exact = len(fields) > 4 and fields[-1] == "x"
    fields = fields[: len(fields) - exact]
    for field in fields[4:]:
        if field in ("x", "misere"):
            raise InvalidPosition(f"{_shown(field)} is out of place: expected {_SPACE_FORM}")
        if field in _VARIANTS or field in GOMOKU_RULES:
            raise InvalidPosition(f"{_shown(field)} is for a plane board, not {board}")
    if len(fields) not in (4, 5):
        raise InvalidPosition(f"{_shown(text)} is not a position: expected {_SPACE_FORM}")
    k = _number(fields[3], "k")
    players = _number(fields[4], "p") if len(fields) == 5 else 2
    shape = tuple(int(side) for side in board.split("x"))
    if math.prod(shape) > MAX_CELLS:
        raise InvalidPosition(f"a {board} board has more than {MAX_CELLS:,} cells")
    game = SpaceGame(shape, k, players=players, exact=exact, misere=misere)
    if cells == "-":
        marks: dict[Point, Mark] = {}
    elif "," in cells:
        marks = _sparse_space(cells, game)
    else:
        marks = _dense_space(cells, shape, ())
    _reach(game, marks)
    if str(game.turn) != turn:
        raise InvalidPosition(
            f"the turn says {turn if turn.isalnum() else _shown(turn)} but the marks say "
            f"{game.turn} moves next"
        )
    return game


def _sparse_space(cells: str, game: SpaceGame) -> dict[Point, Mark]:
    """The marks of the sparse form on a board of d dimensions, each on it, each once."""
    marks: dict[Point, Mark] = {}
    for item in cells.split(";"):
        found = _SPACE_MARK.fullmatch(item)
        if found is None:
            raise InvalidPosition(f"{_shown(item)} is not a mark and its cell, like X1,2,0")
        point = tuple(int(at) for at in found.group(2).split(","))
        try:
            mark = Mark.from_letter(found.group(1))
            game.cell(*point)
        except TicTacToeError as error:
            raise InvalidPosition(str(error)) from None
        if point in marks:
            raise InvalidPosition(f"the cell {point} is given twice")
        marks[point] = mark
    return marks


def _dense_space(cells: str, shape: tuple[int, ...], prefix: Point) -> dict[Point, Mark]:
    """The marks of the dense planes under ``prefix``, checked to fill the board."""
    rest = shape[len(prefix) :]
    separator = "|" * (len(rest) - 2) or "/"
    parts = cells.split(separator)
    if len(parts) != rest[0]:
        what = "rows" if separator == "/" else "planes" if len(rest) == 3 else "bands"
        where = f" at {prefix}" if prefix else ""
        raise InvalidPosition(
            f"the cells do not fill a {'x'.join(map(str, shape))} board: {len(parts)} of "
            f"{rest[0]} {what}{where}"
        )
    if separator != "/":
        marks: dict[Point, Mark] = {}
        for at, part in enumerate(parts):
            marks |= _dense_space(part, shape, (*prefix, at))
        return marks
    grid = parse_rows([_expand(line, rest[1]) for line in parts])
    return {(*prefix, row, col): mark for (row, col), mark in marks_of(grid).items()}


def _reach(game: SpaceGame, marks: dict[Point, Mark]) -> None:
    """Play ``marks`` on the empty ``game`` in an order a legal game plays them.

    :func:`~tictactoe._positions.play_in_order` searches on the game itself, so every rule it
    plays (the exact rule, misère) is known; it takes cells as pairs, so each point goes as
    ``(0, its row-major number)``, which keeps the row-major order.
    """
    for point, mark in sorted(marks.items()):
        if mark not in game.players:
            raise InvalidPosition(
                f"mark {mark} at {point} is not in a {len(game.players)}-player game"
            )
    strides = [math.prod(game.shape[axis + 1 :]) for axis in range(game.dims)]

    def point_of(cell: Cell) -> Point:
        return tuple(
            cell[1] // stride % side for stride, side in zip(strides, game.shape, strict=True)
        )

    def play(cell: Cell) -> bool | None:
        try:
            return game.move(*point_of(cell)) is not Status.IN_PROGRESS
        except TicTacToeError:
            return None

    numbered = {
        (0, sum(at * stride for at, stride in zip(point, strides, strict=True))): mark
        for point, mark in marks.items()
    }
    play_in_order(numbered, game.players, play, game.undo)


def _read_variants(fields: list[str]) -> dict[str, bool]:
    """Take the trailing rule words off ``fields``: whether each of :data:`_VARIANTS` is set.

    Read from the end in reverse order, so only the words in their written order are taken.
    """
    found = dict.fromkeys(_VARIANTS, False)
    for name in reversed(_VARIANTS):
        if len(fields) > 4 and fields[-1] == name:
            fields.pop()
            found[name] = True
    return found


def _reached(game: Game, marks: dict[Cell, Mark]) -> Game:
    """``game`` (empty, bounded, under gravity or on the torus) with ``marks`` played.

    :meth:`Game.from_rows` finds the order by a search on the game itself, the one that knows
    these rules, and names what no legal game reaches (a mark above an empty cell).
    """
    assert game.rows is not None
    assert game.cols is not None
    drawn = [["."] * game.cols for _ in range(game.rows)]
    for (row, col), mark in marks.items():
        drawn[row][col] = str(mark)
    return Game.from_rows(
        ["".join(line) for line in drawn],
        k=game.k,
        players=len(game.players),
        rule=game.rule,
        misere=game.misere,
        gravity=game.gravity,
        torus=game.torus,
    )


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
