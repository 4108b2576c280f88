"""The solver against a brute-force minimax on the Game itself, and against known values."""

from __future__ import annotations

import functools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import random_cell

import tictactoe as ttt
from tictactoe._bitboard import Geometry
from tictactoe.solver import Value, bitboards, solve


def brute_force(game: ttt.Game) -> tuple[int, set[ttt.Cell]]:
    """(score, best moves) by plain minimax through Game.move/undo, memoised on the text.

    The score is as the solver defines it: +(empty cells at the end + 1) for a win of the
    side to move, its negative for a loss, 0 for a draw.
    """

    @functools.cache
    def score(text: str) -> int:
        position = ttt.Game.from_rows(text, k=game.k)
        if position.status is ttt.Status.WON:
            return -(len(position.legal_moves) + 1) if position.legal_moves else -1
        if position.status is ttt.Status.DRAW:
            return 0
        best = -1000
        for cell in sorted(position.legal_moves):
            position.move(*cell)
            if position.status is ttt.Status.WON:
                assert position.rows is not None
                assert position.cols is not None
                empties = position.rows * position.cols - len(position.moves)
                value = empties + 1
            else:
                value = -score(str(position))
            position.undo()
            best = max(best, value)
        return best

    scores = {}
    for cell in sorted(game.legal_moves):
        game.move(*cell)
        if game.status is ttt.Status.WON:
            assert game.rows is not None
            assert game.cols is not None
            scores[cell] = game.rows * game.cols - len(game.moves) + 1
        else:
            scores[cell] = -score(str(game))
        game.undo()
    best = max(scores.values())
    return best, {cell for cell, value in scores.items() if value == best}


@pytest.mark.parametrize(
    ("size", "value", "plies"),
    [
        ((3, 3, 3), Value.DRAW, 9),
        ((3, 3, 2), Value.WIN, 3),
        ((4, 4, 3), Value.WIN, 5),
        ((4, 4, 4), Value.DRAW, 16),
        ((2, 2, 2), Value.WIN, 3),
        ((1, 1, 1), Value.WIN, 1),
        ((1, 2, 2), Value.DRAW, 2),
    ],
)
def test_known_values_from_the_empty_board(
    size: tuple[int, int, int], value: Value, plies: int
) -> None:
    solution = solve(ttt.Game(*size))
    assert solution.value is value
    assert solution.plies == plies
    assert solution.to_move is ttt.Mark.X


def test_every_first_move_of_tic_tac_toe_draws() -> None:
    assert len(solve(ttt.Game()).best_moves) == 9


@settings(max_examples=60)
@given(
    size=st.sampled_from([(3, 3, 3), (3, 3, 2), (3, 4, 3), (4, 3, 3), (2, 4, 2), (4, 4, 4)]),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_the_solver_agrees_with_brute_force(
    size: tuple[int, int, int], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    rows, cols, k = size
    game = ttt.Game(rows, cols, k)
    at_least = max(0, rows * cols - 9)
    plies = data.draw(st.integers(at_least, rows * cols - 1))
    for _ in range(plies):
        if game.is_over:
            break
        game.move(*random_cell(game, rng))
    if game.is_over:
        return
    before = str(game), game.moves
    solution = solve(game)
    assert (str(game), game.moves) == before
    best, moves = brute_force(game)
    expected = Value.WIN if best > 0 else Value.LOSS if best < 0 else Value.DRAW
    assert solution.value is expected
    assert set(solution.best_moves) == moves
    empties = rows * cols - len(game.moves)
    assert solution.plies == (empties if best == 0 else empties - (abs(best) - 1))


def test_a_finished_game_has_no_moves_left() -> None:
    won = ttt.Game.from_rows(["XXX", "OO.", "..."])
    solution = solve(won)
    assert (solution.value, solution.plies, solution.best_moves) == (Value.LOSS, 0, ())
    drawn = ttt.Game.from_rows(["XOX", "XOO", "OXX"])
    assert solve(drawn).value is Value.DRAW


def test_fastest_win_and_longest_resistance() -> None:
    # X can win at once at (0, 2); other wins exist but take longer.
    game = ttt.Game.from_rows(["XX.", "OO.", "..."])
    assert solve(game).best_moves == ((0, 2),)
    assert solve(game).plies == 1
    # X threatens b1 (top row) and a2 (left column): O blocks one and loses to the other.
    lost = ttt.Game.from_rows(["X.X", ".O.", "X.O"], k=3)
    solution = solve(lost)
    assert solution.value is Value.LOSS
    assert solution.plies == 2


def test_json_shape() -> None:
    data = solve(ttt.Game.from_rows("X.O/.X./..O")).to_json()
    assert set(data) == {"value", "to_move", "plies", "best_moves", "nodes", "seconds"}
    assert data["value"] in {"win", "draw", "loss"}
    assert data["to_move"] == "X"
    assert all(isinstance(cell, list) and len(cell) == 2 for cell in data["best_moves"])


def test_games_the_solver_cannot_take() -> None:
    with pytest.raises(ttt.Unsolvable, match="unbounded"):
        solve(ttt.Game.unbounded(3))
    with pytest.raises(ttt.Unsolvable, match="3 players") as caught:
        solve(ttt.Game(3, players=3))
    assert isinstance(caught.value, ValueError)


@given(
    size=st.sampled_from([(3, 3, 3), (4, 4, 3), (5, 6, 4), (6, 5, 4), (7, 7, 5), (2, 5, 2)]),
    seed=st.integers(0, 2**32),
)
def test_the_bitboard_twin_agrees_with_the_game(size: tuple[int, int, int], seed: int) -> None:
    rng = random.Random(seed)
    game = ttt.Game(*size)
    geometry = Geometry(*size)
    while not game.is_over:
        game.move(*random_cell(game, rng))
        _, x_board, o_board = bitboards(game)
        mover = x_board if game.moves[-1].mark is ttt.Mark.X else o_board
        assert geometry.wins(mover, geometry.bit(game.moves[-1].cell)) == (
            game.status is ttt.Status.WON
        )
        assert geometry.has_line(x_board) == (game.winner is ttt.Mark.X)
        assert geometry.has_line(o_board) == (game.winner is ttt.Mark.O)


def test_symmetries_are_permutations_of_the_board() -> None:
    for rows, cols, count in ((3, 3, 8), (3, 4, 4), (5, 5, 8)):
        geometry = Geometry(rows, cols, 3)
        assert len(geometry.symmetries) == count
        for image in geometry.symmetries:
            assert sorted(image) == list(range(rows * cols))
            windows = set(geometry.windows)
            mapped = {
                sum(1 << image[bit] for bit in range(rows * cols) if mask >> bit & 1)
                for mask in windows
            }
            assert mapped == windows
