"""A lean twin of a bounded game for exhaustive search: positions as ints, one bit a cell.

The solver and the counter visit millions of positions, where the full :class:`Game` (locks,
history, checks) would cost too much. This twin knows only the geometry: cell ``(row, col)``
is bit ``row * cols + col``, and every place a line of k fits is a mask. It holds no rules of
its own beyond "k bits of one player inside one mask" and, under gravity, "a cell is played
once the cell below it is"; the tests check it against the Game.

On the torus every cell starts a window in each direction, its cells taken modulo the sides.
Gravity leaves the windows as they are and narrows the moves (:meth:`Geometry.moves`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

from tictactoe._detectors import DIRECTIONS
from tictactoe._space import SpaceGrid
from tictactoe.outcome import Cell

__all__ = ["Geometry"]


@dataclass(frozen=True)
class Geometry:
    """Masks of a ``rows × cols`` board with k in a row, for bit-parallel play."""

    rows: int
    cols: int
    k: int
    exact: bool = False
    """Only exactly k in a row wins: a full window wins only if no own mark flanks it."""
    gravity: bool = False
    """A mark lands on the lowest free cell of its column (:meth:`moves`)."""
    torus: bool = False
    """Lines run over the edges; k is at most the shorter side."""
    shape: tuple[int, ...] = ()
    """The sides of a board of three or more dimensions (see :meth:`of_space`); empty for
    a plane."""
    windows: tuple[int, ...] = field(init=False, repr=False)
    windows_through: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    flanks: tuple[int, ...] = field(init=False, repr=False)
    """By window, the cells just past its two ends (on the board): under the exact rule a
    mark there would make the line longer than k."""
    flanks_through: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    space: SpaceGrid | None = field(init=False, repr=False, compare=False)
    """The cells and directions of a board of ``shape``; None on a plane."""
    symmetries: tuple[tuple[int, ...], ...] = field(init=False, repr=False)

    @classmethod
    def of_space(cls, shape: tuple[int, ...], k: int, exact: bool = False) -> Geometry:
        """The geometry of a board of ``shape``: bit ``i`` is its i-th cell, row-major.

        Its rows are the cells' leading coordinates taken together, its columns the last.
        """
        return cls(math.prod(shape[:-1]), shape[-1], k, exact, shape=shape)

    def __post_init__(self) -> None:
        rows, cols, k = self.rows, self.cols, self.k
        windows: list[int] = []
        flanks: list[int] = []
        object.__setattr__(self, "space", SpaceGrid(self.shape) if self.shape else None)
        if self.shape:
            windows, flanks = self._space_windows()
        for row in range(rows if not self.shape else 0):
            for col in range(cols):
                for d_row, d_col in DIRECTIONS:
                    cells = self._line(row - d_row, col - d_col, d_row, d_col, k + 2)
                    if cells is None:
                        continue
                    mask = 0
                    for at_row, at_col in cells[1:-1]:
                        mask |= 1 << (at_row * cols + at_col)
                    windows.append(mask)
                    flank = 0
                    for at_row, at_col in (cells[0], cells[-1]):
                        if 0 <= at_row < rows and 0 <= at_col < cols:
                            flank |= 1 << (at_row * cols + at_col)
                    flanks.append(flank & ~mask)  # a ring of k cells has no flank of its own
        if self.torus:  # a ring of k cells is one window from each of its k starts
            unique = dict.fromkeys(zip(windows, flanks, strict=True))
            windows, flanks = [mask for mask, _ in unique], [flank for _, flank in unique]
        through = [
            [index for index, mask in enumerate(windows) if mask >> bit & 1]
            for bit in range(rows * cols)
        ]
        object.__setattr__(self, "windows", tuple(windows))
        object.__setattr__(self, "flanks", tuple(flanks))
        object.__setattr__(
            self, "windows_through", tuple(tuple(windows[i] for i in found) for found in through)
        )
        object.__setattr__(
            self, "flanks_through", tuple(tuple(flanks[i] for i in found) for found in through)
        )
        object.__setattr__(self, "symmetries", self._symmetries())

    def _space_windows(self) -> tuple[list[int], list[int]]:
        """The windows of a board of three or more dimensions, and their flanks."""
        space = self.space
        assert space is not None
        windows: list[int] = []
        flanks: list[int] = []
        for cells in space.windows(self.k):
            mask = 0
            for point in cells:
                mask |= 1 << space.flat(point)
            flank = 0
            if len(cells) < 2:  # k = 1: a single cell, which no line runs through
                windows.append(mask)
                flanks.append(0)
                continue
            step = tuple(b - a for a, b in zip(cells[0], cells[1], strict=True))
            for end, sign in ((cells[0], -1), (cells[-1], 1)):
                near = tuple(at + sign * d for at, d in zip(end, step, strict=True))
                if space.contains(near):
                    flank |= 1 << space.flat(near)
            windows.append(mask)
            flanks.append(flank)
        return windows, flanks

    def bit_of(self, point: tuple[int, ...]) -> int:
        """The bit index of a cell given by its coordinates (two on a plane)."""
        if self.space is None:
            return self.bit((point[0], point[1]))
        return self.space.flat(point)

    def point(self, bit: int) -> tuple[int, ...]:
        """The cell of bit index ``bit``: its d coordinates on a board of ``shape``."""
        return self.cell(bit) if self.space is None else self.space.point(bit)

    def distance(self, bit: int) -> float:
        """How far the cell of ``bit`` lies from the centre, in king steps."""
        sides = self.shape or (self.rows, self.cols)
        point = self.point(bit)
        return max(abs(at - (side - 1) / 2) for at, side in zip(point, sides, strict=True))

    def _line(self, row: int, col: int, d_row: int, d_col: int, length: int) -> list[Cell] | None:
        """``length`` cells from ``(row, col)`` along a direction; None if its middle is off.

        The middle is the window (all but the two ends). On the torus the cells are taken
        modulo the sides and every window fits; elsewhere the end cells may lie off the board
        (they are the flanks, which then hold nothing).
        """
        rows, cols = self.rows, self.cols
        cells = [(row + i * d_row, col + i * d_col) for i in range(length)]
        if self.torus:
            return [(at_row % rows, at_col % cols) for at_row, at_col in cells]
        inner = cells[1:-1]
        if all(0 <= at_row < rows and 0 <= at_col < cols for at_row, at_col in inner):
            return cells
        return None

    def moves(self, taken: int) -> int:
        """The cells the side to move may play, given the cells ``taken``.

        Every free cell; under gravity only those on the bottom row or above a taken cell.
        """
        free = self.full & ~taken
        if not self.gravity:
            return free
        return free & ((taken >> self.cols) | self.bottom)

    @property
    def bottom(self) -> int:
        """The mask of the bottom row: where a column's first mark lands under gravity."""
        return ((1 << self.cols) - 1) << (self.cols * (self.rows - 1))

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    @property
    def full(self) -> int:
        """The mask of every cell."""
        return (1 << self.size) - 1

    def bit(self, cell: Cell) -> int:
        """The bit index of ``cell``."""
        return cell[0] * self.cols + cell[1]

    def cell(self, bit: int) -> Cell:
        """The cell of bit index ``bit``."""
        return divmod(bit, self.cols)

    def wins(self, mine: int, bit: int) -> bool:
        """True if ``mine`` (which holds ``bit``) has k in a row through that bit.

        Under the exact rule, exactly k: a full window with an own mark past an end is part
        of a longer line.
        """
        if not self.exact:
            return any(mine & mask == mask for mask in self.windows_through[bit])
        pairs = zip(self.windows_through[bit], self.flanks_through[bit], strict=True)
        return any(mine & mask == mask and not mine & flank for mask, flank in pairs)

    def has_line(self, mine: int) -> bool:
        """True if ``mine`` holds k in a row anywhere (exactly k under the exact rule)."""
        if not self.exact:
            return any(mine & mask == mask for mask in self.windows)
        pairs = zip(self.windows, self.flanks, strict=True)
        return any(mine & mask == mask and not mine & flank for mask, flank in pairs)

    def _symmetries(self) -> tuple[tuple[int, ...], ...]:
        """Each symmetry of the board as a permutation: bit -> image bit."""
        if self.shape:
            return _space_symmetries(self.shape)
        rows, cols = self.rows, self.cols
        maps: list[Callable[[int, int], Cell]] = [
            lambda r, c: (r, c),
            lambda r, c: (r, cols - 1 - c),
        ]
        if not self.gravity:  # under gravity down stays down: only the mirror left to right
            maps += [
                lambda r, c: (rows - 1 - r, c),
                lambda r, c: (rows - 1 - r, cols - 1 - c),
            ]
        if rows == cols and not self.gravity:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, rows - 1 - r),
                lambda r, c: (cols - 1 - c, r),
                lambda r, c: (cols - 1 - c, rows - 1 - r),
            ]
        return tuple(
            tuple(self.bit(image(*self.cell(bit))) for bit in range(self.size)) for image in maps
        )


_MAX_SPACE_SYMMETRIES = 48
"""Past this many (a cube's 48), a board of many dimensions keeps its mirror images alone."""


def _space_symmetries(shape: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The symmetries of a box of ``shape``, as permutations of its cells.

    Axes of equal sides may be exchanged, and each axis mirrored or not.
    """
    space = SpaceGrid(shape)
    dims = len(shape)
    orders = [
        order
        for order in itertools.permutations(range(dims))
        if all(shape[axis] == shape[order[axis]] for axis in range(dims))
    ]
    flips = list(itertools.product((False, True), repeat=dims))
    if len(orders) * len(flips) > _MAX_SPACE_SYMMETRIES:
        orders = [tuple(range(dims))]
    points = list(space.points())
    found = []
    for order in orders:
        for flip in flips:
            images = []
            for point in points:
                moved = [point[order[axis]] for axis in range(dims)]
                image = tuple(
                    side - 1 - at if mirrored else at
                    for at, side, mirrored in zip(moved, shape, flip, strict=True)
                )
                images.append(space.flat(image))
            found.append(tuple(images))
    return tuple(found)
