"""Games on boards of three or more dimensions: 3×3×3 tic-tac-toe, Qubic (4×4×4), and on.

A :class:`SpaceGame` is the m,n,k-game with a board of any shape of d ≥ 2 sides: a move names
a cell by d coordinates, k in a row along any of the (3^d − 1) / 2 line directions wins. It
keeps the plane's :class:`~tictactoe.game.Game` as it is (``move(row, col)``, cells as
pairs) and stands beside it with the same verbs and the same rules of play: turns, a refused
move that changes nothing, undo, copy, the exact rule, misère, two to eight players, a lock
around each change. The win is found by walking out from the new mark along each direction,
at most k − 1 steps each way, on a padded grid (:mod:`tictactoe._space`): O(k) a direction.

>>> game = SpaceGame((3, 3, 3))
>>> for cell in [(1, 1, 1), (0, 0, 0), (0, 0, 2), (2, 2, 2)]:
...     _ = game.move(*cell)
>>> game.move(2, 2, 0), game.winner, game.winning_line
(Status.WON, Mark.X, ((0, 0, 2), (1, 1, 1), (2, 2, 0)))
>>> print(game)
O.X  ...  ...
...  .X.  ...
...  ...  X.O
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import NamedTuple, SupportsIndex

from tictactoe._checks import as_flag, as_int, shown
from tictactoe._space import MAX_DIMS, SpaceGrid
from tictactoe._space import Point as _Point
from tictactoe.errors import (
    CellTaken,
    GameOver,
    InvalidGame,
    NothingToUndo,
    OffBoard,
    WrongType,
)
from tictactoe.game import MAX_CELLS
from tictactoe.marks import MAX_PLAYERS, Mark
from tictactoe.outcome import Status

__all__ = ["MAX_DIMS", "Point", "SpaceGame", "SpaceMove"]

Point = _Point
"""A cell of a board of d dimensions, as its d coordinates: ``(layer, row, col)`` in three."""

_MARGIN = 0xFF
"""What the padded grid holds outside the board: no player's number."""


class SpaceMove(NamedTuple):
    """One placed mark: ``mark`` at ``cell`` (d coordinates)."""

    cell: Point
    mark: Mark

    def __str__(self) -> str:
        return f"{self.mark}{self.cell}"


class SpaceGame:
    """The m,n,k-game on a board of ``shape`` (d ≥ 2 sides), k in a row wins.

    Args:
        shape: the sides, at least two, each at least 1, at most :data:`MAX_DIMS` (six) of
            them and :data:`~tictactoe.game.MAX_CELLS` cells in all: ``(4, 4, 4)`` is Qubic.
        k: marks in a row that win, from 1 to the longest side; defaults to the shortest.
        players: how many players take turns, 2 to 8.
        exact: only exactly k in a row wins (an overline does not).
        misere: whoever makes the line loses (two players).

    Raises:
        InvalidGame: a shape, k, player count or option out of range.
        WrongType: a side, k or the player count that is not an int.
    """

    __slots__ = (
        "_board",
        "_exact",
        "_grid",
        "_k",
        "_lock",
        "_misere",
        "_moves",
        "_over",
        "_players",
        "_space",
        "_winner",
        "_winning_line",
    )

    def __init__(
        self,
        shape: Sequence[SupportsIndex],
        k: SupportsIndex | None = None,
        *,
        players: SupportsIndex = 2,
        exact: object = False,
        misere: object = False,
    ) -> None:
        sides = _checked_shape(shape)
        run = min(sides) if k is None else as_int("k", k)
        if not 1 <= run <= max(sides):
            raise InvalidGame(
                f"k={shown(run)} must be between 1 and {max(sides)}, the longest side of a "
                f"{_size(sides)} board"
            )
        count = as_int("players", players)
        if not 2 <= count <= MAX_PLAYERS:
            raise InvalidGame(f"players={shown(count)} must be between 2 and {MAX_PLAYERS}")
        losing = as_flag("misere", misere)
        if losing and count != 2:
            raise InvalidGame(f"misère is for two players, not {count}: the line's maker loses")
        self._space = space = SpaceGrid(sides)
        self._k = run
        self._players = Mark.for_players(count)
        self._exact = as_flag("exact", exact)
        self._misere = losing
        self._grid = bytearray([_MARGIN]) * space.padded
        for point in space.points():
            self._grid[space.index(point)] = 0
        self._board: list[Mark | None] = [None] * space.cells
        self._moves: list[SpaceMove] = []
        self._over = False
        self._winner: Mark | None = None
        self._winning_line: tuple[Point, ...] | None = None
        self._lock = threading.Lock()

    def move(self, *cell: SupportsIndex) -> Status:
        """Place the next player's mark at ``cell`` (d coordinates); return the new status.

        Raises:
            GameOver: the game is already won or drawn.
            OffBoard: the cell is not on the board, or has not d coordinates.
            CellTaken: the cell holds a mark.
            WrongType: a coordinate is not an int.

        An illegal move changes nothing at all.
        """
        point = self._point(cell)
        with self._lock:
            if self._over:
                raise GameOver(f"no move at {_at(point)}: the game is over; undo() reopens it")
            space = self._space
            flat = space.flat(point)
            taken = self._board[flat]
            if taken is not None:
                raise CellTaken(f"cell {_at(point)} is taken by {taken}")
            player = len(self._moves) % len(self._players)
            mark = self._players[player]
            self._board[flat] = mark
            self._grid[space.index(point)] = player + 1
            self._moves.append(SpaceMove(point, mark))
            line = self._line_through(point, player + 1)
            if line is not None:
                self._over = True
                self._winner = self._players[1 - player] if self._misere else mark
                self._winning_line = line
                return Status.WON
            if len(self._moves) == space.cells:
                self._over = True
                return Status.DRAW
            return Status.IN_PROGRESS

    def _point(self, cell: tuple[SupportsIndex, ...]) -> Point:
        """``cell`` checked: d int coordinates on the board."""
        point = tuple(as_int("coordinate", at) for at in cell)
        dims = len(self._space.shape)
        if len(point) != dims:
            raise OffBoard(
                f"cell {_at(point)} has {len(point)} coordinates; the {self.describe()} board "
                f"has {dims}"
            )
        if not self._space.contains(point):
            raise OffBoard(f"cell {_at(point)} is off the {self.describe()} board")
        return point

    def _line_through(self, point: Point, code: int) -> tuple[Point, ...] | None:
        """The line ``code``'s mark at ``point`` makes, walked out along each direction."""
        grid = self._grid
        at = self._space.index(point)
        exact = self._exact
        reach = self._k if exact else self._k - 1
        for direction, stride in zip(self._space.directions, self._space.steps, strict=True):
            back, cell = 0, at - stride
            while back < reach and grid[cell] == code:
                back += 1
                cell -= stride
            ahead, cell = 0, at + stride
            while ahead < reach and grid[cell] == code:
                ahead += 1
                cell += stride
            if (back + ahead == reach - 1) if exact else (back + ahead >= reach):
                return tuple(
                    tuple(x + i * step for x, step in zip(point, direction, strict=True))
                    for i in range(-back, ahead + 1)
                )
        return None

    def undo(self) -> SpaceMove:
        """Take back the last move, exactly, and return it; reopens a finished game.

        Raises:
            NothingToUndo: no move has been played.
        """
        with self._lock:
            if not self._moves:
                raise NothingToUndo("no move to undo: none has been played")
            move = self._moves.pop()
            self._board[self._space.flat(move.cell)] = None
            self._grid[self._space.index(move.cell)] = 0
            self._over = False
            self._winner = None
            self._winning_line = None
            return move

    def copy(self) -> SpaceGame:
        """An independent game with the same rules, moves and state."""
        twin = SpaceGame.__new__(SpaceGame)
        with self._lock:
            twin._grid = self._grid[:]
            twin._board = self._board[:]
            twin._moves = self._moves[:]
            twin._over = self._over
            twin._winner = self._winner
            twin._winning_line = self._winning_line
        twin._space = self._space
        twin._k = self._k
        twin._players = self._players
        twin._exact = self._exact
        twin._misere = self._misere
        twin._lock = threading.Lock()
        return twin

    def cell(self, *cell: SupportsIndex) -> Mark | None:
        """The mark at ``cell``, or None if it is empty.

        Raises:
            OffBoard: the cell is not on the board.
            WrongType: a coordinate is not an int.
        """
        return self._board[self._space.flat(self._point(cell))]

    @property
    def legal_moves(self) -> tuple[Point, ...]:
        """The free cells, row-major (none once the game is over)."""
        if self._over:
            return ()
        space = self._space
        return tuple(space.point(flat) for flat, mark in enumerate(self._board) if mark is None)

    @property
    def shape(self) -> tuple[int, ...]:
        """The sides of the board."""
        return self._space.shape

    @property
    def dims(self) -> int:
        """How many dimensions the board has."""
        return len(self._space.shape)

    @property
    def k(self) -> int:
        """Marks in a row that win."""
        return self._k

    @property
    def players(self) -> tuple[Mark, ...]:
        """The marks in turn order."""
        return self._players

    @property
    def exact(self) -> bool:
        """Whether only exactly k in a row wins."""
        return self._exact

    @property
    def misere(self) -> bool:
        """Whether whoever makes the line loses."""
        return self._misere

    @property
    def turn(self) -> Mark:
        """The mark to move next."""
        return self._players[len(self._moves) % len(self._players)]

    @property
    def moves(self) -> tuple[SpaceMove, ...]:
        """The moves played, in order."""
        return tuple(self._moves)

    @property
    def last_move(self) -> SpaceMove | None:
        """The most recent move, or None before the first."""
        return self._moves[-1] if self._moves else None

    @property
    def status(self) -> Status:
        """``Status.IN_PROGRESS``, ``Status.WON`` or ``Status.DRAW``."""
        if not self._over:
            return Status.IN_PROGRESS
        return Status.DRAW if self._winner is None else Status.WON

    @property
    def winner(self) -> Mark | None:
        """The mark that won, or None; under misère, the player who did not make the line."""
        return self._winner

    @property
    def winning_line(self) -> tuple[Point, ...] | None:
        """The cells of the line that ended the game, in order along it, or None."""
        return self._winning_line

    @property
    def is_over(self) -> bool:
        """True once the game is won or drawn."""
        return self._over

    def layers_text(self) -> list[str]:
        """The board as text: the planes of the last two axes side by side, ``'.'`` empty.

        Three dimensions give one band of planes (the first coordinate from left to right);
        each further dimension stacks bands, a blank line between them.
        """
        return _drawn(self._space.shape, (), self._board_at)

    def _board_at(self, point: Point) -> str:
        return str(self._board[self._space.flat(point)] or ".")

    def describe(self) -> str:
        """The board's size, as ``4×4×4``."""
        return _size(self._space.shape)

    def __str__(self) -> str:
        return "\n".join(self.layers_text())

    def __repr__(self) -> str:
        moves = ", ".join(str(move) for move in self.moves)
        options = f", players={len(self._players)}" if len(self._players) != 2 else ""
        options += ", exact=True" if self._exact else ""
        options += ", misere=True" if self._misere else ""
        return f"<SpaceGame {self.describe()} k={self._k}{options} moves=[{moves}]>"


def _checked_shape(shape: object) -> tuple[int, ...]:
    """``shape`` checked: 2 to :data:`MAX_DIMS` sides of at least 1, at most MAX_CELLS cells."""
    if isinstance(shape, str) or not isinstance(shape, Sequence):
        raise WrongType(f"shape must be a sequence of sides, such as (4, 4, 4), not {shown(shape)}")
    sides = tuple(as_int("side", side) for side in shape)
    if not 2 <= len(sides) <= MAX_DIMS:
        raise InvalidGame(f"a board has 2 to {MAX_DIMS} dimensions, not {len(sides)}")
    if min(sides) < 1:
        raise InvalidGame(f"every side must be at least 1, not {shown(min(sides))}")
    cells = 1
    for side in sides:
        cells *= side
        if cells > MAX_CELLS:
            raise InvalidGame(f"a {_size(sides)} board has more than {MAX_CELLS:,} cells")
    return sides


def _at(point: Point) -> str:
    """A cell for a message, whatever the size of its ints."""
    return "(" + ", ".join(shown(at) for at in point) + ")"


def _size(sides: tuple[int, ...]) -> str:
    return "×".join(str(side) for side in sides)


def _drawn(shape: tuple[int, ...], prefix: Point, letter: object) -> list[str]:
    """The text of the planes under ``prefix``: see :meth:`SpaceGame.layers_text`."""
    assert callable(letter)
    rest = shape[len(prefix) :]
    if len(rest) == 2:
        return [
            "".join(letter((*prefix, row, col)) for col in range(rest[1])) for row in range(rest[0])
        ]
    parts = [_drawn(shape, (*prefix, at), letter) for at in range(rest[0])]
    if len(rest) == 3:  # planes side by side
        return ["  ".join(lines) for lines in zip(*parts, strict=True)]
    joined: list[str] = []
    for number, part in enumerate(parts):  # bands one under the other
        joined += [""] * (number > 0) + part
    return joined
