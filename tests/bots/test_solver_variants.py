"""Perfect play under gravity and on the torus: the solver against a plain minimax.

The minimax (``support.minimax``) plays every legal move through :class:`~tictactoe.Game`
and shares nothing with the solver's bit masks, so it checks the solver's gravity (only the
landing cells are moves, only they count as wins to take or block) and its wrapped lines.
Published values: Connect Four on 4×4, 4×5 and 5×4 is a draw (Allis 1988, Tromp's table);
OpenSpiel's solver agrees that 3×3 tic-tac-toe on the torus is a first-player win.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.minimax import minimax

import tictactoe as ttt
from tictactoe.solver import Value, solve


def expected_value(score: int) -> Value:
    return Value.WIN if score > 0 else Value.LOSS if score < 0 else Value.DRAW


def agrees_with_minimax(game: ttt.Game) -> None:
    """The solver's value, best moves and length are the minimax's."""
    solution = solve(game, max_empty=None)
    scores = minimax(game)
    best = max(scores.values())
    assert solution.value is expected_value(best)
    assert set(solution.best_moves) == {cell for cell, score in scores.items() if score == best}
    empties = game.rows * game.cols - len(game.moves)  # type: ignore[operator]
    assert solution.plies == (empties if best == 0 else empties - (abs(best) - 1))


@pytest.mark.parametrize(
    ("rows", "cols", "k", "misere"),
    [(3, 3, 3, False), (3, 4, 3, False), (4, 3, 3, False), (2, 5, 2, False), (3, 3, 3, True)],
)
def test_gravity_values_from_the_empty_board_agree_with_minimax(
    rows: int, cols: int, k: int, misere: bool
) -> None:
    agrees_with_minimax(ttt.Game(rows, cols, k, gravity=True, misere=misere))


@pytest.mark.parametrize(("rows", "cols", "k"), [(3, 3, 3), (3, 3, 2), (2, 4, 2), (3, 4, 3)])
def test_torus_values_from_the_empty_board_agree_with_minimax(rows: int, cols: int, k: int) -> None:
    agrees_with_minimax(ttt.Game(rows, cols, k, torus=True))


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(
        [
            # rows, cols, k, and the options
            (4, 4, 3, {"gravity": True}),
            (4, 4, 4, {"gravity": True}),
            (4, 5, 4, {"gravity": True, "misere": True}),
            (5, 4, 3, {"gravity": True, "exact": True}),
            (4, 4, 3, {"torus": True}),
            (4, 4, 4, {"torus": True, "exact": True}),
            (4, 4, 3, {"torus": True, "misere": True}),
        ]
    ),
    seed=st.integers(0, 2**32),
)
def test_positions_agree_with_minimax(
    shape: tuple[int, int, int, dict[str, bool]], seed: int
) -> None:
    rows, cols, k, options = shape
    rng = random.Random(seed)
    game = ttt.Game(rows, cols, k, **options)
    while len(game.moves) < rows * cols - 9:
        game.move(*rng.choice(sorted(game.legal_moves)))
        if game.is_over:
            game.undo()
            break
    agrees_with_minimax(game)


@pytest.mark.parametrize(("rows", "cols"), [(4, 4), (4, 5), (5, 4)])
def test_small_connect_four_boards_are_draws(rows: int, cols: int) -> None:
    solution = solve(ttt.Game(rows, cols, 4, gravity=True), max_empty=None)
    assert solution.value is Value.DRAW
    assert solution.plies == rows * cols


def test_the_torus_three_by_three_is_won_from_any_cell() -> None:
    solution = solve(ttt.Game(3, torus=True))
    assert solution.value is Value.WIN
    assert len(solution.best_moves) == 9  # every cell is alike on the torus


@pytest.mark.parametrize(("k", "first", "result"), [(3, True, "win"), (4, False, "draw")])
def test_the_perfect_bot_plays_landing_cells_and_holds_the_value(
    k: int, first: bool, result: str
) -> None:
    # 4x4 with three in a row under gravity is a first-player win, with four a draw
    rng = random.Random(k)
    for game_number in range(6):
        game = ttt.Game(4, 4, k, gravity=True)
        bot = ttt.PerfectBot(seed=game_number)
        while not game.is_over:
            if (len(game.moves) % 2 == 0) == first:
                cell = bot.choose_move(game)
                assert cell in game.legal_moves
                game.move(*cell)
            else:
                game.move(*rng.choice(sorted(game.legal_moves)))
        bot_mark = game.players[0 if first else 1]
        if result == "win":
            assert game.winner is bot_mark
        else:
            assert game.winner in (None, bot_mark)
