"""Cells only: which mark is where. A board knows nothing of turns, rules or winners.

Two kinds share one interface: :class:`BoundedBoard` (``rows × cols``, a flat list) and
:class:`UnboundedBoard` (a dict of the placed marks, any int coordinates, negative too).
Marks are taken off in the reverse order they were put on (:meth:`Board.pop`), which lets a
bounded board keep its free cells in a list with O(1) add, remove and random pick, and
restore that list exactly on every pop.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterator, MutableSequence

from tictactoe.marks import Mark
from tictactoe.outcome import Cell

__all__ = ["Board", "BoundedBoard", "UnboundedBoard"]

_BY_CODE: tuple[Mark | None, ...] = (None, *Mark)
"""A bounded board stores each cell as a code: 0 for empty, else 1 + the mark's position."""
_MARKS = tuple(Mark)
_CODE = {mark: code for code, mark in enumerate(_BY_CODE) if mark is not None}


class Board(ABC):
    """The grid of cells. Callers check legality first; a board only stores."""

    __slots__ = ()

    rows: int | None
    cols: int | None

    @abstractmethod
    def is_on_board(self, row: int, col: int) -> bool:
        """True if ``(row, col)`` is a cell of this board."""

    @abstractmethod
    def get(self, row: int, col: int) -> Mark | None:
        """The mark at ``(row, col)``, or None for an empty cell or one off the board."""

    @abstractmethod
    def occupant(self, row: int, col: int) -> Mark | None:
        """The mark at ``(row, col)``, or None if empty; ``IndexError`` if off the board."""

    @abstractmethod
    def place(self, row: int, col: int, mark: Mark) -> None:
        """Put ``mark`` on the free, on-board cell ``(row, col)``."""

    @abstractmethod
    def pop(self) -> Cell:
        """Take off the most recently placed mark and return its cell."""

    @abstractmethod
    def marks(self) -> Iterator[tuple[Cell, Mark]]:
        """Every placed mark with its cell, in row-major order."""

    @property
    @abstractmethod
    def filled(self) -> int:
        """How many cells hold a mark."""

    @property
    @abstractmethod
    def is_full(self) -> bool:
        """True when no cell is free (never, on an unbounded board)."""


class BoundedBoard(Board):
    """A ``rows × cols`` board stored as a flat row-major list.

    The free cells live in an array, with each cell's slot in it, so that a cell is removed in
    O(1) (the last free cell moves into its slot) and a pop puts both back where they were.
    Cells are a bytearray of mark codes: compact, and invisible to the garbage collector.
    """

    __slots__ = ("_cells", "_history", "_slot", "cols", "free_indices", "rows")

    rows: int
    cols: int

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        size = rows * cols
        self._cells = bytearray(size)
        self.free_indices = _index_list(size)
        """The free cells as flat indices ``row * cols + col``, in no particular order.

        Changed in place, never replaced, so a view may hold on to it; only the board writes it.
        """
        self._slot = self.free_indices[:]
        self._history: list[tuple[int, int]] = []

    def is_on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self.rows and 0 <= col < self.cols

    def get(self, row: int, col: int) -> Mark | None:
        cols = self.cols
        if 0 <= row < self.rows and 0 <= col < cols:
            return _BY_CODE[self._cells[row * cols + col]]
        return None

    def occupant(self, row: int, col: int) -> Mark | None:
        cols = self.cols
        if 0 <= row < self.rows and 0 <= col < cols:
            return _BY_CODE[self._cells[row * cols + col]]
        raise IndexError(f"({row}, {col}) is off the board")

    def place(self, row: int, col: int, mark: Mark) -> None:
        index = row * self.cols + col
        self._cells[index] = _CODE[mark]
        free, slot = self.free_indices, self._slot
        hole = slot[index]
        last = free.pop()
        if last != index:
            free[hole] = last
            slot[last] = hole
        slot[index] = -1
        self._history.append((index, hole))

    def pop(self) -> Cell:
        index, hole = self._history.pop()
        self._cells[index] = 0
        free, slot = self.free_indices, self._slot
        end = len(free)
        if hole == end:
            free.append(index)
        else:
            moved = free[hole]
            free.append(moved)
            slot[moved] = end
            free[hole] = index
        slot[index] = hole
        return divmod(index, self.cols)

    def marks(self) -> Iterator[tuple[Cell, Mark]]:
        cols = self.cols
        for index, code in enumerate(self._cells):
            if code:
                yield divmod(index, cols), _MARKS[code - 1]

    @property
    def filled(self) -> int:
        return len(self._history)

    @property
    def is_full(self) -> bool:
        return not self.free_indices


_COMPACT_FROM = 4096
"""Boards of this many cells or more keep their index lists as machine-int arrays."""


def _index_list(size: int) -> MutableSequence[int]:
    """``0 .. size-1`` as a list on small boards (made faster) or an array on big ones.

    An array is compact and the garbage collector never walks it; a list of a million ints
    would be walked on every full collection, slowing every move of a big game.
    """
    if size < _COMPACT_FROM:
        return list(range(size))
    return array("q", range(size))


class UnboundedBoard(Board):
    """An unbounded grid: a dict of the placed marks, so memory grows with the moves only."""

    __slots__ = ("_cells", "_history", "cols", "rows")

    rows: None
    cols: None

    def __init__(self) -> None:
        self.rows = None
        self.cols = None
        self._cells: dict[Cell, Mark] = {}
        self._history: list[Cell] = []

    def is_on_board(self, row: int, col: int) -> bool:
        return True

    def get(self, row: int, col: int) -> Mark | None:
        return self._cells.get((row, col))

    def occupant(self, row: int, col: int) -> Mark | None:
        return self._cells.get((row, col))

    def place(self, row: int, col: int, mark: Mark) -> None:
        cell = (row, col)
        self._cells[cell] = mark
        self._history.append(cell)

    def pop(self) -> Cell:
        cell = self._history.pop()
        del self._cells[cell]
        return cell

    def marks(self) -> Iterator[tuple[Cell, Mark]]:
        for cell in sorted(self._cells):
            yield cell, self._cells[cell]

    @property
    def filled(self) -> int:
        return len(self._history)

    @property
    def is_full(self) -> bool:
        return False
