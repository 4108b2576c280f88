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


def judge(
    cells: dict[ttt.Cell, ttt.Mark], k: int, last: ttt.Cell | None, *, exact: bool = False
) -> Verdict:
    """Scan every run of equal marks; a run of k or more wins (exactly k with ``exact``).

    In a game that stops at the first win every winning run passes through the last move; the
    reported line is the whole run in the first direction (in STEPS order) that wins.
    """
    runs = [
        (order, mark, run)
        for order, mark, run in maximal_runs(cells)
        if len(run) == k or (len(run) > k and not exact)
    ]
    if not runs:
        return Verdict(None, None)
    winners = {mark for _, mark, _ in runs}
    assert len(winners) == 1, f"two winners on the board: {winners}"
    assert all(last in run for _, _, run in runs), "a winning run misses the last move"
    _, mark, run = min(runs, key=lambda found: found[0])
    return Verdict(mark, tuple(run))


def maximal_runs(
    cells: dict[ttt.Cell, ttt.Mark],
) -> list[tuple[int, ttt.Mark, list[ttt.Cell]]]:
    """Every maximal run of equal marks along a line: (direction's place in STEPS, mark, cells)."""
    runs = []
    for (row, col), mark in cells.items():
        for order, (d_row, d_col) in enumerate(STEPS):
            if cells.get((row - d_row, col - d_col)) is mark:
                continue  # not the start of its run
            run = []
            r, c = row, col
            while cells.get((r, c)) is mark:
                run.append((r, c))
                r, c = r + d_row, c + d_col
            runs.append((order, mark, run))
    return runs


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


def new_game(
    rows: int | None, cols: int | None, k: int, players: int, *, exact: bool = False
) -> ttt.Game:
    """A game of the given shape; rows and cols None for the unbounded grid."""
    if rows is None or cols is None:
        return ttt.Game.unbounded(k, players=players, exact=exact)
    return ttt.Game(rows, cols, k, players=players, exact=exact)


def can_build(cells: frozenset[ttt.Cell], k: int) -> bool:
    """Whether one player's marks can be played in some order never holding exactly k in a row.

    Tries every order (as subsets), so only for a handful of cells.
    """
    known: dict[frozenset[ttt.Cell], bool] = {frozenset(): True}

    def reachable(subset: frozenset[ttt.Cell]) -> bool:
        if subset not in known:
            runs = maximal_runs(dict.fromkeys(subset, ttt.Mark.X))
            known[subset] = all(len(run) != k for _, _, run in runs) and any(
                reachable(subset - {cell}) for cell in subset
            )
        return known[subset]

    return reachable(cells)


def patch_cell(game: ttt.Game, rng: random.Random) -> ttt.Cell:
    """A random free cell in a patch of k+2 squared in the middle, where overlines occur."""
    side = game.k + 2
    top = 0 if game.rows is None else max(0, (game.rows - side) // 2)
    left = 0 if game.cols is None else max(0, (game.cols - side) // 2)
    rows = range(top, top + side if game.rows is None else min(game.rows, top + side))
    cols = range(left, left + side if game.cols is None else min(game.cols, left + side))
    free = [(row, col) for row in rows for col in cols if game.cell(row, col) is None]
    return rng.choice(free) if free else random_cell(game, rng, spread=side)


def random_position(shape: tuple[int | None, int | None, int, int], seed: int) -> ttt.Game:
    """A random unfinished game of ``shape`` (rows, cols, k, players), dense enough to hold
    gapped runs: fewer than 40 marks near the first, none of them a win."""
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = new_game(rows, cols, k, players)
    for _ in range(rng.randrange(1, 40)):
        game.move(*random_cell(game, rng, spread=3))
        if game.is_over:
            game.undo()
            break
    return game


def played(game: ttt.Game, *cells: ttt.Cell) -> ttt.Game:
    """``game`` after the moves at ``cells``, in turn."""
    for cell in cells:
        game.move(*cell)
    return game
