"""The solver and the counts under the exact rule, where a line longer than k fits.

An overline does not win, so a full window of k with the player's own mark just past an end
is no win: the solver's values are held against a plain minimax over the game
(``support.minimax``), which alone says what wins.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.minimax import minimax
from support.oracle import random_cell

import tictactoe as ttt
from tictactoe.solver import Value, solve


def test_the_cell_that_makes_an_overline_is_no_win() -> None:
    game = ttt.Game.from_rows(["XX.XX", "OO.OO", "....."], k=4, exact=True)
    solution = solve(game)
    assert solution.value is Value.DRAW  # X's (0, 2) makes five, which wins nothing
    assert max(minimax(game).values()) == 0
    freestyle = solve(ttt.Game.from_rows(["XX.XX", "OO.OO", "....."], k=4))
    assert (freestyle.value, freestyle.best_moves) == (Value.WIN, ((0, 2),))


@settings(max_examples=60, deadline=None)
@given(
    size=st.sampled_from([(2, 5, 3), (3, 4, 3), (4, 4, 3), (3, 5, 3), (1, 7, 3)]),
    seed=st.integers(0, 2**32),
)
def test_the_solver_agrees_with_minimax_under_the_exact_rule(
    size: tuple[int, int, int], seed: int
) -> None:
    rng = random.Random(seed)
    rows, cols, k = size
    game = ttt.Game(rows, cols, k, exact=True)
    for _ in range(max(0, rows * cols - 10)):
        if game.is_over:
            return
        game.move(*random_cell(game, rng))
    if game.is_over:
        return
    scores = minimax(game)
    best = max(scores.values())
    solution = solve(game)
    assert solution.value is (Value.WIN if best > 0 else Value.LOSS if best < 0 else Value.DRAW)
    assert set(solution.best_moves) == {cell for cell, score in scores.items() if score == best}
