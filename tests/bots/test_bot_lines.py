"""The heuristic bot's twin board against the Game and a brute-force referee."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support.oracle import judge, marks_of, new_game, random_cell, random_position

import tictactoe as ttt
from tictactoe._lines import Lines

SHAPES = [
    (3, 3, 3, 2),
    (4, 5, 3, 2),
    (7, 7, 4, 2),
    (15, 15, 5, 2),
    (6, 9, 4, 3),
    (5, 5, 2, 2),
    (1, 9, 4, 2),
    (None, None, 4, 2),
    (None, None, 5, 3),
    (None, None, 3, 2),
]


def free_cells_near_marks(game: ttt.Game) -> set[ttt.Cell]:
    """Every free cell a king step from a mark: where any win in one must be (k >= 2)."""
    cells = marks_of(game)
    around = {(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    return {cell for cell in around if cell in game.legal_moves}


def around(game: ttt.Game, cell: ttt.Cell, reach: int) -> set[ttt.Cell]:
    """The free cells on the four lines through ``cell``, up to ``reach`` steps away."""
    row, col = cell
    spots = {
        (row + i * d_row, col + i * d_col)
        for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1))
        for i in range(-reach, reach + 1)
    }
    return {spot for spot in spots if spot in game.legal_moves}


def unfinished(shape: tuple[int | None, int | None, int, int], seed: int) -> tuple[ttt.Game, Lines]:
    """A random game still in progress (hypothesis skips finished ones) and its twin."""
    game = random_position(shape, seed)
    assume(not game.is_over)
    return game, Lines.from_game(game)


@settings(max_examples=80)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_the_scan_finds_exactly_the_wins_in_one(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    game, lines = unfinished(shape, seed)
    lines.scan()
    cells = marks_of(game)
    mover = game.players.index(game.turn)
    for cell in free_cells_near_marks(game):
        trial = game.copy()
        assert (trial.move(*cell) is ttt.Status.WON) == (cell in lines.wins[mover]), cell
        for player, mark in enumerate(game.players):
            wins = judge({**cells, cell: mark}, game.k, cell).winner is mark
            assert wins == (cell in lines.wins[player]), (cell, mark)
    for player in range(len(game.players)):
        assert lines.wins[player] <= free_cells_near_marks(game)


@settings(max_examples=50)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_the_twin_agrees_with_the_game_move_by_move(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    rng = random.Random(seed)
    rows, cols, k, players = shape
    game = new_game(rows, cols, k, players)
    lines = Lines(k, rows, cols, players)
    lines.scan()
    while not game.is_over and len(game.moves) < 60:  # the grid's 81 cells never fill
        cell = random_cell(game, rng)
        player = game.players.index(game.turn)
        won = lines.play(cell, player)
        assert won == (game.move(*cell) is ttt.Status.WON)
        if won:
            break
        assert lines.is_full == (game.status is ttt.Status.DRAW)
        kept = [set(cells) for cells in lines.wins]
        fresh = Lines.from_game(game)
        fresh.scan()
        assert kept == fresh.wins
        spots = sorted(around(game, cell, lines.span + 1))
        for spot in rng.sample(spots, min(6, len(spots))):  # kept scores are never stale
            for number in range(players):
                assert lines.score(spot, number) == fresh.score(spot, number)
        if rng.random() < 0.3:
            lines.take_back()
            game.undo()
            fresh = Lines.from_game(game)
            fresh.scan()
            assert lines.wins == fresh.wins
            assert lines.marks == fresh.marks
            spots = sorted(around(game, cell, lines.span + 1))
            for spot in rng.sample(spots, min(6, len(spots))):
                assert lines.score(spot, player) == fresh.score(spot, player)


def naive_score(lines: Lines, cell: ttt.Cell, me: int) -> int:
    """The score's rule read window by window, cell by cell: O(span²) per line."""
    total = 0
    row, col = cell
    span = lines.span
    for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for start in range(1 - span, 1):
            window = [(row + (start + i) * d_row, col + (start + i) * d_col) for i in range(span)]
            rows, cols = lines.rows, lines.cols
            if (
                rows is not None
                and cols is not None
                and not all(0 <= r < rows and 0 <= c < cols for r, c in window)
            ):
                continue
            held = [lines.marks[spot] for spot in window if spot in lines.marks]
            if not held:
                total += 1
            elif set(held) == {me}:
                total += 4 ** len(held)
            elif len(set(held)) == 1:
                total += 3 ** len(held)
    return total


@settings(max_examples=30)
@given(
    shape=st.sampled_from([*SHAPES, (40, 40, 30, 2), (None, None, 10**6, 3)]),
    seed=st.integers(0, 2**32),
)
def test_the_sliding_score_counts_every_window(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    game, lines = unfinished(shape, seed)
    for cell in free_cells_near_marks(game):
        for player in range(len(game.players)):
            assert lines.score(cell, player) == naive_score(lines, cell, player)


def test_a_huge_k_reads_a_bounded_span() -> None:
    lines = Lines(10**6, None, None, 2)
    assert lines.span == ttt.heuristic.SCORE_SPAN
