"""Win detection: the policy that says whether a placement completed a line.

A detector is chosen once, from the board and k, when a game is made (:func:`make_detector`),
and is told of every placement and removal. It never rescans the board:

- :class:`FullLineDetector` (k is the whole side of a square board, classic n×n): per-player
  counts for each row, column and diagonal, so a placement or removal costs O(1).
- :class:`RunDetector` (k shorter than a side, rectangular boards, the unbounded grid): walks
  out from the new mark in four directions, at most k-1 steps each way (k under the exact rule,
  to see an overline), so O(k).
- :class:`TorusDetector` (the torus: lines run over the edges and come back on the other
  side): the same walk, its coordinates taken modulo the sides, never past a whole ring.

Under the *exact* rule (standard gomoku) only a run of exactly k wins: an overline of k+1 or
more does not. On an n×n board with k == n no overline fits, so :class:`FullLineDetector`
serves both rules unchanged.

Both can also keep, incrementally, how many of the places a line could be made are *blocked*
(hold marks of two different players). When every such place is blocked no player can ever
complete a line: the draw is certain before the board is full. Under the exact rule the same
count is kept: a win fills a k-cell window with one player's marks, so when every window is
blocked no one can win. It is conservative there: a window that only an overline could fill is
still counted open, so the certain draw may be seen later than it could be, never wrongly.
The counting starts when first asked, or from the first move in a game that ends early draws;
games that never ask pay nothing for it.

The winning line of a placement is the whole run of the mover's marks through it, in the first
of the directions row, column, diagonal (down-right), anti-diagonal (down-left) that wins,
listed from its first cell along that direction.
"""

from __future__ import annotations

import functools
import math
from abc import ABC, abstractmethod
from collections.abc import Sequence

from tictactoe._board import Board
from tictactoe.marks import Mark
from tictactoe.outcome import Cell

__all__ = [
    "DIRECTIONS",
    "FullLineDetector",
    "GridRunDetector",
    "RunDetector",
    "TorusDetector",
    "WinDetector",
    "make_detector",
]

DIRECTIONS: tuple[Cell, ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""The four line directions as (row step, col step), in the order a win is reported."""


class WinDetector(ABC):
    """Tells whether a placement wins, and whether any line can still be completed."""

    __slots__ = ()

    @abstractmethod
    def place(self, row: int, col: int, player: int) -> tuple[Cell, ...] | None:
        """Record ``player``'s mark (by turn-order index) at ``(row, col)``; return its win.

        The mark is already on the board. The result is the winning line, or None.
        """

    @abstractmethod
    def remove(self, row: int, col: int, player: int) -> None:
        """Forget the mark of ``player`` at ``(row, col)``: the exact reverse of its place."""

    @property
    @abstractmethod
    def is_blocked(self) -> bool:
        """True when every place a line could be made holds marks of two players."""

    @abstractmethod
    def copy(self, board: Board) -> WinDetector:
        """An independent detector with the same counts, reading ``board`` (the board's copy)."""


def make_detector(
    board: Board,
    k: int,
    players: Sequence[Mark],
    *,
    track_blocking: bool = False,
    exact: bool = False,
    torus: bool = False,
) -> WinDetector:
    """The cheapest detector that is exact for ``board`` and ``k``.

    ``track_blocking`` asks for :attr:`WinDetector.is_blocked` to be kept from the first move
    (a game that ends early draws needs it after every move). ``exact`` makes only a run of
    exactly k win (an overline does not). ``torus`` wraps the lines of a bounded board over
    its edges (k at most its shorter side).
    """
    rows, cols = board.rows, board.cols
    if torus:
        return TorusDetector(board, k, players, track_blocking=track_blocking, exact=exact)
    if rows == k and rows == cols:
        # k is the whole side: no run can be longer, so the exact rule changes nothing
        return FullLineDetector(k, len(players), track_blocking=track_blocking)
    if rows is not None and cols is not None:
        return GridRunDetector(board, k, players, track_blocking=track_blocking, exact=exact)
    return RunDetector(board, k, players, track_blocking=track_blocking, exact=exact)


class FullLineDetector(WinDetector):
    """Per-player counts for each full line of an n×n board: O(1) per move, O(n) memory.

    Lines are numbered: rows 0..n-1, columns n..2n-1, the diagonal 2n, the anti-diagonal 2n+1.
    """

    __slots__ = ("_anti", "_blocked", "_counts", "_main", "_n", "_present", "_tracking")

    _anti: tuple[tuple[int, ...], ...]
    _blocked: int
    _counts: list[list[int]]
    _main: tuple[tuple[int, ...], ...]
    _present: list[int]
    _tracking: bool

    def __init__(
        self,
        n: int,
        players: int,
        *,
        track_blocking: bool = False,
        source: FullLineDetector | None = None,
    ) -> None:
        """Counts for an empty n×n board, or an independent copy of ``source``'s."""
        self._n = n
        if source is not None:
            self._counts = list(map(list.copy, source._counts))
            self._present = source._present[:]
            self._blocked = source._blocked
            self._tracking = source._tracking
            self._main, self._anti = source._main, source._anti
            return
        lines = 2 * n + 2
        self._counts = [[0] * lines for _ in range(players)]
        self._present = []
        self._blocked = 0
        self._tracking = False
        self._main, self._anti = _diagonal_lines(n)
        if track_blocking:
            self._start_tracking()

    def copy(self, board: Board) -> FullLineDetector:
        return FullLineDetector(self._n, len(self._counts), source=self)

    def _lines_through(self, row: int, col: int) -> tuple[int, ...]:
        """The lines through a cell, in the order a win is reported."""
        if row == col:
            return self._main[row]
        if row + col == self._n - 1:
            return self._anti[row]
        return (row, self._n + col)

    def place(self, row: int, col: int, player: int) -> tuple[Cell, ...] | None:
        n = self._n
        counts = self._counts[player]
        won = -1
        lines = self._lines_through(row, col)
        for line in lines:
            count = counts[line] + 1
            counts[line] = count
            if count == n and won < 0:
                won = line
        if self._tracking:
            present = self._present
            for line in lines:
                if counts[line] == 1:
                    present[line] += 1
                    if present[line] == 2:
                        self._blocked += 1
        return None if won < 0 else self._cells_of(won)

    def remove(self, row: int, col: int, player: int) -> None:
        counts = self._counts[player]
        lines = self._lines_through(row, col)
        for line in lines:
            counts[line] -= 1
        if self._tracking:
            present = self._present
            for line in lines:
                if counts[line] == 0:
                    if present[line] == 2:
                        self._blocked -= 1
                    present[line] -= 1

    @property
    def is_blocked(self) -> bool:
        if not self._tracking:
            self._start_tracking()
        return self._blocked == 2 * self._n + 2

    def _start_tracking(self) -> None:
        """Count, per line, how many players have marks in it; then follow every move."""
        self._present = [
            sum(1 for counts in self._counts if counts[line]) for line in range(2 * self._n + 2)
        ]
        self._blocked = sum(1 for present in self._present if present >= 2)
        self._tracking = True

    def _cells_of(self, line: int) -> tuple[Cell, ...]:
        n = self._n
        span = range(n)
        if line < n:
            return tuple((line, col) for col in span)
        if line < 2 * n:
            return tuple((row, line - n) for row in span)
        if line == 2 * n:
            return tuple((i, i) for i in span)
        return tuple((i, n - 1 - i) for i in span)


@functools.lru_cache(maxsize=64)
def _diagonal_lines(n: int) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """The lines through the diagonal cells (r, r) and the anti-diagonal cells (r, n-1-r).

    Indexed by row r: O(n) numbers, made once and shared by every game of that size.
    """
    centre = (n - 1) / 2
    main = tuple((r, n + r, 2 * n) + ((2 * n + 1,) if r == centre else ()) for r in range(n))
    anti = tuple(
        (r, 2 * n - 1 - r) + ((2 * n,) if r == centre else ()) + (2 * n + 1,) for r in range(n)
    )
    return main, anti


def _start_offsets(position: int, step: int, size: int, k: int) -> range:
    """The offsets i at which ``position`` can be the i-th cell of a k-cell window.

    The window runs along one axis of ``size`` cells in ``step`` direction (-1, 0 or 1) and
    must fit on it.
    """
    if step == 0:
        return range(k)
    if step < 0:
        position = size - 1 - position
    return range(max(0, position - (size - k)), min(k - 1, position) + 1)


class RunDetector(WinDetector):
    """Walks out from each new mark, at most k-1 steps in each of 8 ways: O(k) per move.

    With ``exact`` it walks up to k steps each way, and a placement wins only where the run
    through it has exactly k marks.

    On a bounded board it can also track the k-cell windows that hold marks (a dict, so memory
    grows with the moves), counting those blocked by two players; the draw is certain once all
    windows are blocked. That costs O(k) dict updates per move, so tracking starts only when
    asked for (``track_blocking``, or the first :attr:`is_blocked`), from the marks on the
    board, and then follows every move. On the unbounded grid there is always a free window.
    """

    __slots__ = (
        "_blocked",
        "_board",
        "_exact",
        "_k",
        "_marks",
        "_total",
        "_tracking",
        "_windows",
    )

    _blocked: int
    _total: int
    _tracking: bool
    _windows: dict[int, list[int]]

    def __init__(
        self,
        board: Board,
        k: int,
        players: Sequence[Mark],
        *,
        track_blocking: bool = False,
        exact: bool = False,
        source: RunDetector | None = None,
    ) -> None:
        """A detector for an empty ``board``, or a copy of ``source``'s reading ``board``."""
        self._board = board
        self._k = k
        self._exact = exact
        self._marks = tuple(players)
        if source is not None:
            self._windows = {key: entry[:] for key, entry in source._windows.items()}
            self._blocked = source._blocked
            self._tracking = source._tracking
            self._total = source._total
            return
        self._windows = {}
        self._blocked = 0
        self._tracking = False
        rows, cols = board.rows, board.cols
        if rows is None or cols is None:
            self._total = -1
        else:
            across, down = max(0, cols - k + 1), max(0, rows - k + 1)
            self._total = rows * across + cols * down + 2 * across * down
        if track_blocking:
            self._start_tracking()

    def copy(self, board: Board) -> RunDetector:
        return RunDetector(board, self._k, self._marks, exact=self._exact, source=self)

    def place(self, row: int, col: int, player: int) -> tuple[Cell, ...] | None:
        if self._tracking:
            self._count_windows(row, col, player, 1)
        mark = self._marks[player]
        get = self._board.get
        reach = self._k - 1
        exact = self._exact
        if exact:
            reach += 1  # one step further, to tell a run of k from an overline
        for d_row, d_col in DIRECTIONS:
            back = 0
            while back < reach and get(row - (back + 1) * d_row, col - (back + 1) * d_col) is mark:
                back += 1
            ahead = 0
            while (
                ahead < reach and get(row + (ahead + 1) * d_row, col + (ahead + 1) * d_col) is mark
            ):
                ahead += 1
            if (back + ahead == reach - 1) if exact else (back + ahead >= reach):
                return tuple((row + i * d_row, col + i * d_col) for i in range(-back, ahead + 1))
        return None

    def remove(self, row: int, col: int, player: int) -> None:
        if self._tracking:
            self._count_windows(row, col, player, -1)

    @property
    def is_blocked(self) -> bool:
        if self._total < 0:
            return False
        if not self._tracking:
            self._start_tracking()
        return self._blocked == self._total

    def _start_tracking(self) -> None:
        """Count the windows of the marks already on a bounded board, then follow each move."""
        if self._total < 0 or self._tracking:
            return
        index = {mark: player for player, mark in enumerate(self._marks)}
        for (row, col), mark in self._board.marks():
            self._count_windows(row, col, index[mark], 1)
        self._tracking = True

    def _count_windows(self, row: int, col: int, player: int, delta: int) -> None:
        """Add ``delta`` to ``player``'s count in every k-cell window through the cell."""
        board = self._board
        rows, cols = board.rows, board.cols
        assert rows is not None
        assert cols is not None
        k = self._k
        slot = player + 1
        for direction, (d_row, d_col) in enumerate(DIRECTIONS):
            along_rows = _start_offsets(row, d_row, rows, k)
            along_cols = _start_offsets(col, d_col, cols, k)
            first = max(along_rows.start, along_cols.start)
            last = min(along_rows.stop, along_cols.stop)
            for i in range(first, last):
                key = (((row - i * d_row) * cols + (col - i * d_col)) << 2) | direction
                self._count_window(key, slot, delta)

    def _count_window(self, key: int, slot: int, delta: int) -> None:
        """Add ``delta`` to the count in ``slot`` of the window ``key``; keep the blocked total.

        A window's entry is ``[players present, count of player 0, count of player 1, ...]``.
        """
        windows = self._windows
        entry = windows.get(key)
        if entry is None:
            entry = windows[key] = [0] * (len(self._marks) + 1)
        count = entry[slot] + delta
        entry[slot] = count
        if delta > 0 and count == 1:
            entry[0] += 1
            if entry[0] == 2:
                self._blocked += 1
        elif delta < 0 and count == 0:
            if entry[0] == 2:
                self._blocked -= 1
            entry[0] -= 1
            if entry[0] == 0:
                del windows[key]


class GridRunDetector(RunDetector):
    """The :class:`RunDetector` of a bounded board, walking a padded grid of its own.

    The grid holds each player's number + 1 per cell, row-major, inside a one-cell margin that
    matches no player (255): a walk steps by a fixed stride and stops at the margin, so it never
    checks a bound or calls ``board.get``. A random 15×15 k=5 game's moves cost about a fifth
    less than with :class:`RunDetector` (``bench/peers.py``).
    """

    __slots__ = ("_grid", "_reach", "_strides", "_width")

    _grid: bytearray
    _reach: int
    _strides: tuple[int, ...]
    _width: int

    def __init__(
        self,
        board: Board,
        k: int,
        players: Sequence[Mark],
        *,
        track_blocking: bool = False,
        exact: bool = False,
        source: GridRunDetector | None = None,
    ) -> None:
        """A detector for an empty bounded ``board``, or a copy of ``source``'s, reading it."""
        super().__init__(
            board, k, players, track_blocking=track_blocking, exact=exact, source=source
        )
        if source is not None:
            self._grid = source._grid[:]
            self._reach = source._reach
            self._width = source._width
            self._strides = source._strides
            return
        rows, cols = board.rows, board.cols
        assert rows is not None
        assert cols is not None
        self._reach = k if exact else k - 1  # one step further under the exact rule
        width = self._width = cols + 1  # the margin right of a row is left of the next
        self._strides = tuple(d_row * width + d_col for d_row, d_col in DIRECTIONS)
        grid = self._grid = bytearray(b"\xff") * ((rows + 2) * width)
        for row in range(rows):
            start = (row + 1) * width
            grid[start : start + cols] = bytes(cols)

    def copy(self, board: Board) -> GridRunDetector:
        return GridRunDetector(board, self._k, self._marks, exact=self._exact, source=self)

    def place(self, row: int, col: int, player: int) -> tuple[Cell, ...] | None:
        if self._tracking:
            self._count_windows(row, col, player, 1)
        grid = self._grid
        code = player + 1
        at = (row + 1) * self._width + col
        grid[at] = code
        reach = self._reach
        exact = self._exact
        for direction, stride in enumerate(self._strides):
            back, cell = 0, at - stride
            while back < reach and grid[cell] == code:
                back += 1
                cell -= stride
            ahead, cell = 0, at + stride
            while ahead < reach and grid[cell] == code:
                ahead += 1
                cell += stride
            if (back + ahead == reach - 1) if exact else (back + ahead >= reach):
                d_row, d_col = DIRECTIONS[direction]
                return tuple((row + i * d_row, col + i * d_col) for i in range(-back, ahead + 1))
        return None

    def remove(self, row: int, col: int, player: int) -> None:
        self._grid[(row + 1) * self._width + col] = 0
        if self._tracking:
            self._count_windows(row, col, player, -1)


class TorusDetector(RunDetector):
    """The :class:`RunDetector` of a torus: a line leaving one edge comes back at the other.

    A walk takes its coordinates modulo the sides and never counts a cell twice: a run is
    at most the ring it lies on (the side along a row or a column; along a diagonal, the
    least common multiple of the sides), and k is at most the shorter side, so every ring
    holds k distinct cells. A whole ring of one player's marks is a run of the ring's length,
    so under the exact rule it wins only if that length is k. The winning line is listed
    from its first cell along the direction, each cell taken modulo the sides.

    Every cell starts a k-cell window in each of the four directions, so the blocking count
    has ``4 × rows × cols`` windows, kept as on a bounded board.
    """

    __slots__ = ("_rings",)

    _rings: tuple[int, ...]

    def __init__(
        self,
        board: Board,
        k: int,
        players: Sequence[Mark],
        *,
        track_blocking: bool = False,
        exact: bool = False,
        source: TorusDetector | None = None,
    ) -> None:
        """A detector for an empty bounded ``board``, or a copy of ``source``'s, reading it."""
        rows, cols = board.rows, board.cols
        assert rows is not None
        assert cols is not None
        self._rings = tuple(_ring(d_row, d_col, rows, cols) for d_row, d_col in DIRECTIONS)
        super().__init__(board, k, players, exact=exact, source=source)
        if source is None:
            self._total = 4 * rows * cols
            if track_blocking:
                self._start_tracking()

    def copy(self, board: Board) -> TorusDetector:
        return TorusDetector(board, self._k, self._marks, exact=self._exact, source=self)

    def place(self, row: int, col: int, player: int) -> tuple[Cell, ...] | None:
        if self._tracking:
            self._count_windows(row, col, player, 1)
        mark = self._marks[player]
        board = self._board
        get = board.get
        rows, cols = board.rows, board.cols
        assert rows is not None
        assert cols is not None
        exact = self._exact
        reach = self._k if exact else self._k - 1
        for (d_row, d_col), ring in zip(DIRECTIONS, self._rings, strict=True):
            most = min(reach, ring - 1)
            back = 0
            while (
                back < most
                and get((row - (back + 1) * d_row) % rows, (col - (back + 1) * d_col) % cols)
                is mark
            ):
                back += 1
            most = min(reach, ring - 1 - back)
            ahead = 0
            while (
                ahead < most
                and get((row + (ahead + 1) * d_row) % rows, (col + (ahead + 1) * d_col) % cols)
                is mark
            ):
                ahead += 1
            run = back + ahead + 1
            if run == self._k if exact else run >= self._k:
                return tuple(
                    ((row + i * d_row) % rows, (col + i * d_col) % cols)
                    for i in range(-back, ahead + 1)
                )
        return None

    def _count_windows(self, row: int, col: int, player: int, delta: int) -> None:
        """Add ``delta`` to ``player``'s count in every k-cell window through the cell.

        A window is keyed by its first cell and direction, as on a bounded board.
        """
        board = self._board
        rows, cols = board.rows, board.cols
        assert rows is not None
        assert cols is not None
        slot = player + 1
        for direction, (d_row, d_col) in enumerate(DIRECTIONS):
            for i in range(self._k):
                first = ((row - i * d_row) % rows) * cols + (col - i * d_col) % cols
                key = (first << 2) | direction
                self._count_window(key, slot, delta)


def _ring(d_row: int, d_col: int, rows: int, cols: int) -> int:
    """How many distinct cells a line in direction (d_row, d_col) passes on a torus."""
    if d_row == 0:
        return cols
    if d_col == 0:
        return rows
    return math.lcm(rows, cols)
