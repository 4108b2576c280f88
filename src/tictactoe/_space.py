"""The geometry of a board of d dimensions: its cells, its line directions, its windows.

A cell is a d-tuple of coordinates. The board is stored as a flat grid padded by one cell on
every side, as :class:`~tictactoe._detectors.GridRunDetector` pads a plane: each direction is a
fixed stride, so a walk along a line stops at the margin without checking a bound.

The directions of the lines through a cell are the (3^d − 1) / 2 vectors of steps in
{−1, 0, 1} whose first step that is not 0 is +1 (the rest are the same lines walked the other
way). They are ordered as the plane's are: the axes from the last one back (a row before a
column), then the diagonals, so that a two-dimensional board reports its lines as
:class:`~tictactoe.game.Game` does.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

__all__ = ["MAX_DIMS", "Point", "SpaceGrid"]

MAX_DIMS = 6
"""The most dimensions a board may have: 364 directions through each cell."""

Point = tuple[int, ...]
"""A cell of a board of d dimensions, as d coordinates."""


class SpaceGrid:
    """The shape of a board, its padded strides and its line directions."""

    __slots__ = ("cells", "directions", "padded", "shape", "steps", "strides")

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.shape = shape
        self.cells = math.prod(shape)
        self.padded = math.prod(side + 2 for side in shape)
        """Cells in the padded grid, margin included."""
        strides = []
        stride = 1
        for side in reversed(shape):
            strides.append(stride)
            stride *= side + 2
        self.strides = tuple(reversed(strides))
        """How far one step along each axis moves in the padded grid."""
        self.directions = _directions(len(shape))
        self.steps = tuple(
            sum(step * stride for step, stride in zip(direction, self.strides, strict=True))
            for direction in self.directions
        )
        """Each direction as a stride in the padded grid."""

    def index(self, point: Point) -> int:
        """The position of ``point`` (on the board) in the padded grid."""
        return sum((at + 1) * stride for at, stride in zip(point, self.strides, strict=True))

    def flat(self, point: Point) -> int:
        """The position of ``point`` in the row-major order of the board's own cells."""
        position = 0
        for at, side in zip(point, self.shape, strict=True):
            position = position * side + at
        return position

    def point(self, flat: int) -> Point:
        """The cell at row-major position ``flat``."""
        coords = []
        for side in reversed(self.shape):
            flat, at = divmod(flat, side)
            coords.append(at)
        return tuple(reversed(coords))

    def contains(self, point: Point) -> bool:
        """Whether ``point`` lies on the board."""
        return all(0 <= at < side for at, side in zip(point, self.shape, strict=True))

    def points(self) -> Iterator[Point]:
        """Every cell, row-major."""
        return itertools.product(*(range(side) for side in self.shape))

    def windows(self, k: int) -> Iterator[tuple[Point, ...]]:
        """Every place a line of k fits: k cells in a row, from each cell and direction."""
        for start in self.points():
            for direction in self.directions:
                end = tuple(at + (k - 1) * step for at, step in zip(start, direction, strict=True))
                if self.contains(end):
                    yield tuple(
                        tuple(at + i * step for at, step in zip(start, direction, strict=True))
                        for i in range(k)
                    )


def _directions(dims: int) -> tuple[Point, ...]:
    """The line directions of ``dims`` dimensions, in the order lines are reported."""
    found = [
        steps
        for steps in itertools.product((-1, 0, 1), repeat=dims)
        if any(steps) and next(step for step in steps if step) == 1
    ]

    def order(steps: Point) -> tuple[int, int, Point]:
        first = next(axis for axis, step in enumerate(steps) if step)
        return (sum(1 for step in steps if step), -first, tuple(-step for step in steps))

    return tuple(sorted(found, key=order))
