"""Win detection against the brute-force referee, on every kind of board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.oracle import is_blocked, judge, marks_of, random_cell
from support.snapshots import full_state

import tictactoe as ttt
from tictactoe._board import BoundedBoard
from tictactoe._detectors import FullLineDetector, GridRunDetector, RunDetector, make_detector
from tictactoe.marks import Mark

# (rows, cols, k, players) of bounded boards, and how many random games to play on each.
BOUNDED = [
    ((1, 1, 1, 2), 20),
    ((3, 3, 3, 2), 600),
    ((4, 4, 4, 2), 300),
    ((5, 5, 5, 3), 200),
    ((3, 3, 2, 2), 300),
    ((4, 4, 3, 2), 300),
    ((6, 7, 4, 2), 200),
    ((7, 6, 4, 2), 200),
    ((2, 9, 3, 2), 200),
    ((9, 2, 3, 2), 200),
    ((1, 6, 4, 2), 100),
    ((5, 5, 4, 3), 200),
    ((4, 4, 3, 4), 200),
    ((8, 8, 5, 2), 100),
    ((15, 15, 5, 2), 30),
]
UNBOUNDED = [((3, 2), 300), ((4, 2), 200), ((3, 3), 200), ((5, 2), 100)]


def play_checked(game: ttt.Game, rng: random.Random) -> None:
    """Play random moves to the end, checking every move against the referee."""
    while not game.is_over:
        cell = random_cell(game, rng)
        status = game.move(*cell)
        verdict = judge(marks_of(game), game.k, cell)
        assert game.winner is verdict.winner
        assert game.winning_line == verdict.winning_line
        if verdict.winner is not None:
            assert status is ttt.Status.WON
        elif game.rows is not None and len(game.moves) == game.rows * (game.cols or 0):
            assert status is ttt.Status.DRAW
        else:
            assert status is ttt.Status.IN_PROGRESS
        assert game.status is status


@pytest.mark.parametrize(("shape", "games"), BOUNDED, ids=[str(s) for s, _ in BOUNDED])
def test_bounded_games_agree_with_brute_force(shape: tuple[int, int, int, int], games: int) -> None:
    rows, cols, k, players = shape
    rng = random.Random(f"{shape}")
    for _ in range(games):
        play_checked(ttt.Game(rows, cols, k, players=players), rng)


@pytest.mark.parametrize(("shape", "games"), UNBOUNDED, ids=[str(s) for s, _ in UNBOUNDED])
def test_unbounded_games_agree_with_brute_force(shape: tuple[int, int], games: int) -> None:
    k, players = shape
    rng = random.Random(f"unbounded {shape}")
    for _ in range(games):
        play_checked(ttt.Game.unbounded(k, players=players), rng)


def test_the_detector_matches_the_board() -> None:
    assert isinstance(ttt.Game(3)._detector, FullLineDetector)
    assert isinstance(ttt.Game(1000)._detector, FullLineDetector)
    assert isinstance(ttt.Game(3, k=2)._detector, GridRunDetector)
    assert isinstance(ttt.Game(3, 4, 3)._detector, GridRunDetector)
    assert type(ttt.Game.unbounded(3)._detector) is RunDetector


@given(
    rows=st.integers(1, 9),
    cols=st.integers(1, 9),
    k=st.integers(1, 9),
    exact=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_the_padded_grid_walks_like_the_board_reader(
    rows: int, cols: int, k: int, exact: bool, seed: int
) -> None:
    """Random placements and removals, with copies taken on the way: every answer agrees."""
    rng = random.Random(seed)
    players = Mark.for_players(3)
    board = BoundedBoard(rows, cols)
    grid = GridRunDetector(board, k, players, exact=exact)
    reader = RunDetector(board, k, players, exact=exact)
    placed: list[tuple[int, int, int]] = []
    for step in range(rows * cols * 2):
        free = [(r, c) for r in range(rows) for c in range(cols) if board.get(r, c) is None]
        if placed and (not free or rng.random() < 0.3):
            row, col, player = placed.pop()
            board.pop()
            grid.remove(row, col, player)
            reader.remove(row, col, player)
            continue
        row, col = rng.choice(free)
        player = step % 3
        board.place(row, col, players[player])
        placed.append((row, col, player))
        assert grid.place(row, col, player) == reader.place(row, col, player)
        if rng.random() < 0.1:
            board = board.copy()
            grid, reader = grid.copy(board), reader.copy(board)


@given(n=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_both_detectors_agree_on_full_lines(n: int, seed: int) -> None:
    rng = random.Random(seed)
    players = Mark.for_players(2)
    board = BoundedBoard(n, n)
    full = FullLineDetector(n, 2)
    assert isinstance(make_detector(BoundedBoard(n, n), n, players), FullLineDetector)
    walker = RunDetector(board, n, players)
    cells = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(cells)
    for turn, (row, col) in enumerate(cells):
        player = turn % 2
        board.place(row, col, players[player])
        by_counts = full.place(row, col, player)
        assert by_counts == walker.place(row, col, player)
        assert full.is_blocked == walker.is_blocked
        if by_counts is not None:
            break


@given(
    shape=st.sampled_from([s for s, _ in BOUNDED if s[0] * s[1] <= 64]),
    seed=st.integers(0, 2**32),
)
def test_blocked_lines_agree_with_brute_force(shape: tuple[int, int, int, int], seed: int) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = ttt.Game(rows, cols, k, players=players)
    while not game.is_over:
        if rng.random() < 0.3:
            assert game.is_draw_certain == is_blocked(marks_of(game), rows, cols, k)
        game.move(*random_cell(game, rng))
        if not game.is_over:
            assert game.is_draw_certain == is_blocked(marks_of(game), rows, cols, k)


@given(
    shape=st.sampled_from([s for s, _ in BOUNDED if s[0] * s[1] <= 64]),
    seed=st.integers(0, 2**32),
)
def test_early_draw_ends_the_game_when_no_line_is_left(
    shape: tuple[int, int, int, int], seed: int
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = ttt.Game(rows, cols, k, players=players, early_draw=True)
    while not game.is_over:
        game.move(*random_cell(game, rng))
        blocked = is_blocked(marks_of(game), rows, cols, k)
        if game.winner is None:
            assert (game.status is ttt.Status.DRAW) == (blocked or not game.legal_moves)
            assert game.status is not ttt.Status.DRAW or blocked


@given(
    shape=st.sampled_from(
        [s for s, _ in BOUNDED] + [(None, None, k, p) for (k, p), _ in UNBOUNDED]
    ),
    seed=st.integers(0, 2**32),
    early=st.booleans(),
    misere=st.booleans(),
)
def test_random_moves_and_undos_return_to_identical_states(
    shape: tuple[int | None, int | None, int, int], seed: int, early: bool, misere: bool
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    misere = misere and players == 2  # misère is a two-player rule
    if rows is None or cols is None:
        game = ttt.Game.unbounded(k, players=players, early_draw=early, misere=misere)
    else:
        game = ttt.Game(rows, cols, k, players=players, early_draw=early, misere=misere)
    history = [full_state(game)]
    for _ in range(60):
        if game.moves and (game.is_over or rng.random() < 0.35):
            game.undo()
            history.pop()
            assert full_state(game) == history[-1]
        else:
            game.move(*random_cell(game, rng))
            history.append(full_state(game))
