"""A brute-force referee for gravity and the torus, written apart from the engine.

It scans the whole board each time: every column for the gravity's landing cells, every
k-cell window of the torus (each start cell, each direction, coordinates modulo the sides)
for a line. Slow, obvious, and sharing no code with the detectors.
"""

from __future__ import annotations

import tictactoe as ttt

STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def landing_cells(cells: dict[ttt.Cell, ttt.Mark], rows: int, cols: int) -> set[ttt.Cell]:
    """Under gravity, the lowest free cell of each column that has one."""
    found = set()
    for col in range(cols):
        free = [row for row in range(rows) if (row, col) not in cells]
        if free:
            found.add((max(free), col))
    return found


def torus_ring(d_row: int, d_col: int, rows: int, cols: int) -> int:
    """The cells a line passes before it comes back to its start, counted step by step."""
    row, col, steps = 0, 0, 0
    while True:
        row, col, steps = (row + d_row) % rows, (col + d_col) % cols, steps + 1
        if (row, col) == (0, 0):
            return steps


def torus_lines(
    cells: dict[ttt.Cell, ttt.Mark], rows: int, cols: int, k: int, *, exact: bool = False
) -> set[ttt.Mark]:
    """The marks with a line on the torus: a k-cell window of theirs (exactly k: unflanked).

    Under the exact rule a window counts when the cells just before and after it along the
    line are not the same mark, or when it is a whole ring of exactly k cells.
    """
    winners = set()
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in STEPS:
                window = [((row + i * d_row) % rows, (col + i * d_col) % cols) for i in range(k)]
                marks = {cells.get(cell) for cell in window}
                if len(marks) != 1 or None in marks:
                    continue
                mark = marks.pop()
                assert mark is not None
                if exact:
                    ring = torus_ring(d_row, d_col, rows, cols)
                    before = ((row - d_row) % rows, (col - d_col) % cols)
                    after = ((row + k * d_row) % rows, (col + k * d_col) % cols)
                    if ring != k and mark in (cells.get(before), cells.get(after)):
                        continue
                winners.add(mark)
    return winners


def torus_blocked(cells: dict[ttt.Cell, ttt.Mark], rows: int, cols: int, k: int) -> bool:
    """True when every k-cell window of the torus holds marks of two players."""
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in STEPS:
                window = [((row + i * d_row) % rows, (col + i * d_col) % cols) for i in range(k)]
                if len({cells[cell] for cell in window if cell in cells}) < 2:
                    return False
    return True
