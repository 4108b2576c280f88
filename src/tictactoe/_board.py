"""Cells only: which mark is where. A board knows nothing of turns, rules or winners.

Two kinds share one interface: :class:`BoundedBoard` (``rows × cols``, a flat list) and
:class:`UnboundedBoard` (a dict of the placed marks, any int coordinates, negative too).
Marks are taken off in the reverse order they were put on (:meth:`Board.pop`), which lets a
bounded board keep its free cells in a list with O(1) add, remove and random pick, and
restore that list exactly on every pop.
"""

from __future__ import annotations

import functools
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

    @property
    @abstractmethod
    def rows(self) -> int | None:
        """Number of rows, None on the unbounded grid."""

    @property
    @abstractmethod
    def cols(self) -> int | None:
        """Number of columns, None on the unbounded grid."""

    @abstractmethod
    def is_on_board(self, row: int, col: int) -> bool:
        """True if ``(row, col)`` is a cell of this board."""

    @abstractmethod
    def get(self, row: int, col: int) -> Mark | None:
        """The mark at ``(row, col)``, or None for an empty cell or one off the board."""

    @abstractmethod
    def claim(self, row: int, col: int, mark: Mark) -> Mark | None:
        """Put ``mark`` on ``(row, col)`` if it is free (None), else return its occupant.

        One call both checks and places, so the game's hot path asks the board once.

        Raises:
            IndexError: the cell is off the board; nothing changes.
        """

    @abstractmethod
    def place(self, row: int, col: int, mark: Mark) -> None:
        """Put ``mark`` on the free, on-board cell ``(row, col)``."""

    @abstractmethod
    def copy(self) -> Board:
        """An independent board with the same marks, placed in the same order."""

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

    __slots__ = (
        "_cells",
        "_cols",
        "_history",
        "_rows",
        "_slot",
        "cell_of",
        "free_cells",
        "free_indices",
    )

    _cells: bytearray
    _history: list[int]
    _slot: MutableSequence[int]
    cell_of: tuple[Cell, ...] | None
    free_cells: list[Cell] | None
    free_indices: MutableSequence[int]

    def __init__(self, rows: int, cols: int, source: BoundedBoard | None = None) -> None:
        """An empty ``rows × cols`` board, or an independent copy of ``source`` (its size)."""
        self._rows = rows
        self._cols = cols
        if source is not None:
            self.cell_of = source.cell_of
            self._cells = source._cells[:]
            self.free_indices = source.free_indices[:]
            self._slot = source._slot[:]
            self._history = source._history[:]
            self.free_cells = None if source.free_cells is None else source.free_cells[:]
            return
        self.cell_of = cell_table(rows, cols)
        """Flat index to ``(row, col)``, shared by every board of this size; None on big ones."""
        size = rows * cols
        self._cells = bytearray(size)
        indices = _index_list(size)
        self.free_indices = indices[:]
        """The free cells as flat indices ``row * cols + col``, in no particular order.

        Changed in place, never replaced, so a view may hold on to it; only the board writes it.
        """
        self._slot = indices[:]
        self._history = []
        """Each placement as two entries: the cell's index and the free-list slot it left."""
        self.free_cells = None if self.cell_of is None else list(self.cell_of)
        """The free cells as ``(row, col)``, in the order of :attr:`free_indices` (None on big
        boards): ``list(game.legal_moves)`` is then a plain list copy, 5× faster on 15×15."""

    @property
    def rows(self) -> int:
        return self._rows

    @property
    def cols(self) -> int:
        return self._cols

    def is_on_board(self, row: int, col: int) -> bool:
        return 0 <= row < self._rows and 0 <= col < self._cols

    def get(self, row: int, col: int) -> Mark | None:
        cols = self._cols
        if 0 <= row < self._rows and 0 <= col < cols:
            return _BY_CODE[self._cells[row * cols + col]]
        return None

    def claim(self, row: int, col: int, mark: Mark) -> Mark | None:
        cols = self._cols
        if not (0 <= row < self._rows and 0 <= col < cols):
            raise IndexError(f"({row}, {col}) is off the board")
        index = row * cols + col
        cells = self._cells
        code = cells[index]
        if code:
            return _BY_CODE[code]
        cells[index] = _CODE[mark]
        free, slot = self.free_indices, self._slot
        hole = slot[index]
        last = free.pop()
        if last != index:
            free[hole] = last
            slot[last] = hole
        slot[index] = -1
        free_cells = self.free_cells
        if free_cells is not None:
            moved = free_cells.pop()
            if last != index:
                free_cells[hole] = moved
        history = self._history
        history.append(index)
        history.append(hole)
        return None

    def place(self, row: int, col: int, mark: Mark) -> None:
        self.claim(row, col, mark)

    def copy(self) -> BoundedBoard:
        return BoundedBoard(self._rows, self._cols, self)

    def pop(self) -> Cell:
        history = self._history
        hole = history.pop()
        index = history.pop()
        self._cells[index] = 0
        free, slot, free_cells, cell_of = (
            self.free_indices,
            self._slot,
            self.free_cells,
            self.cell_of,
        )
        end = len(free)
        cell = divmod(index, self._cols) if cell_of is None else cell_of[index]
        if hole == end:
            free.append(index)
            if free_cells is not None:
                free_cells.append(cell)
        else:
            moved = free[hole]
            free.append(moved)
            slot[moved] = end
            free[hole] = index
            if free_cells is not None:
                free_cells.append(free_cells[hole])
                free_cells[hole] = cell
        slot[index] = hole
        return cell

    def marks(self) -> Iterator[tuple[Cell, Mark]]:
        cols, cells = self._cols, self._cells
        for index in range(len(cells)):  # not enumerate: mypyc cannot enumerate a bytearray
            code = cells[index]
            if code:
                yield divmod(index, cols), _MARKS[code - 1]

    @property
    def filled(self) -> int:
        return len(self._history) // 2

    @property
    def is_full(self) -> bool:
        return not self.free_indices


_COMPACT_FROM = 4096
"""Boards of this many cells or more keep their index lists as machine-int arrays."""


@functools.lru_cache(maxsize=32)
def cell_table(rows: int, cols: int) -> tuple[Cell, ...] | None:
    """Every cell of a ``rows × cols`` board as ``(row, col)``, by flat index; made once a size.

    Iterating the legal moves and undoing a move then look cells up instead of computing them.
    Boards of :data:`_COMPACT_FROM` cells or more get none: their table would cost megabytes.
    """
    if rows * cols >= _COMPACT_FROM:
        return None
    return tuple(divmod(index, cols) for index in range(rows * cols))


@functools.lru_cache(maxsize=32)
def _index_list(size: int) -> MutableSequence[int]:
    """``0 .. size-1`` as a list on small boards (made faster) or an array on big ones.

    An array is compact and the garbage collector never walks it; a list of a million ints
    would be walked on every full collection, slowing every move of a big game. Made once a
    size and copied by each board: a copy is cheaper than counting again.
    """
    if size < _COMPACT_FROM:
        return list(range(size))
    return array("q", range(size))


class UnboundedBoard(Board):
    """An unbounded grid: a dict of the placed marks, so memory grows with the moves only."""

    __slots__ = ("_cells", "_history")

    def __init__(self) -> None:
        self._cells: dict[Cell, Mark] = {}
        self._history: list[Cell] = []

    @property
    def rows(self) -> None:
        return None

    @property
    def cols(self) -> None:
        return None

    def is_on_board(self, row: int, col: int) -> bool:
        return True

    def get(self, row: int, col: int) -> Mark | None:
        return self._cells.get((row, col))

    def claim(self, row: int, col: int, mark: Mark) -> Mark | None:
        cell = (row, col)
        cells = self._cells
        taken = cells.get(cell)
        if taken is None:
            cells[cell] = mark
            self._history.append(cell)
        return taken

    def place(self, row: int, col: int, mark: Mark) -> None:
        self.claim(row, col, mark)

    def copy(self) -> UnboundedBoard:
        twin = UnboundedBoard()
        twin._cells = dict(self._cells)
        twin._history = self._history[:]
        return twin

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
