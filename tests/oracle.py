"""A brute-force referee, written apart from the engine, for the tests to check it against.

It looks at the whole board every time: slow, obvious, and sharing no code with rules.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import tictactoe as ttt

STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row, column, diagonal, anti-diagonal


@dataclass(frozen=True)
class Verdict:
    winner: ttt.Mark | None
    winning_line: tuple[ttt.Cell, ...] | None


def marks_of(game: ttt.Game) -> dict[ttt.Cell, ttt.Mark]:
    """Every mark on the board, read through the public API (history replayed)."""
    return {(move.row, move.col): move.mark for move in game.moves}


def judge(cells: dict[ttt.Cell, ttt.Mark], k: int, last: ttt.Cell | None) -> Verdict:
    """Scan every run of equal marks; a run of k or more wins.

    In a game that stops at the first win every winning run passes through the last move; the
    reported line is the whole run in the first direction (in STEPS order) that wins.
    """
    runs: list[tuple[int, ttt.Mark, list[ttt.Cell]]] = []
    for (row, col), mark in cells.items():
        for order, (d_row, d_col) in enumerate(STEPS):
            if cells.get((row - d_row, col - d_col)) is mark:
                continue  # not the start of its run
            run = []
            r, c = row, col
            while cells.get((r, c)) is mark:
                run.append((r, c))
                r, c = r + d_row, c + d_col
            if len(run) >= k:
                runs.append((order, mark, run))
    if not runs:
        return Verdict(None, None)
    winners = {mark for _, mark, _ in runs}
    assert len(winners) == 1, f"two winners on the board: {winners}"
    assert all(last in run for _, _, run in runs), "a winning run misses the last move"
    _, mark, run = min(runs, key=lambda found: found[0])
    return Verdict(mark, tuple(run))


def is_blocked(cells: dict[ttt.Cell, ttt.Mark], rows: int, cols: int, k: int) -> bool:
    """True when every k-cell window of the board holds marks of two different players."""
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in STEPS:
                window = [(row + i * d_row, col + i * d_col) for i in range(k)]
                if not all(0 <= r < rows and 0 <= c < cols for r, c in window):
                    continue
                if len({cells[cell] for cell in window if cell in cells}) < 2:
                    return False
    return True


def random_cell(game: ttt.Game, rng: random.Random, spread: int = 4) -> ttt.Cell:
    """A random free cell: any on a bounded board, one near the origin on the unbounded grid."""
    if game.is_unbounded:
        while True:
            cell = (rng.randint(-spread, spread), rng.randint(-spread, spread))
            if game.cell(*cell) is None:
                return cell
    assert game.rows is not None
    assert game.cols is not None
    free = [
        (row, col)
        for row in range(game.rows)
        for col in range(game.cols)
        if game.cell(row, col) is None
    ]
    return rng.choice(free)


def new_game(rows: int | None, cols: int | None, k: int, players: int) -> ttt.Game:
    """A game of the given shape; rows and cols None for the unbounded grid."""
    if rows is None or cols is None:
        return ttt.Game.unbounded(k, players=players)
    return ttt.Game(rows, cols, k, players=players)
