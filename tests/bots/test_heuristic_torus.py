"""The heuristic bot on the torus: it reads the lines over the edges (two players, small
boards), so it takes a win and blocks a loss that run over an edge."""

from __future__ import annotations

import random

import tictactoe as ttt
from tictactoe.heuristic import TORUS_CELLS, HeuristicBot


def bot() -> HeuristicBot:
    return HeuristicBot(0, limit=ttt.Limit(nodes=2000))


def test_a_win_over_the_edge_is_taken() -> None:
    game = ttt.Game.from_rows(
        ["XXO..X", "......", "......", "......", "...O..", "....O."], k=4, torus=True
    )
    assert game.turn is ttt.Mark.X
    assert bot().choose_move(game) == (0, 4)  # the row wraps: columns 4, 5, 0 and 1


def test_a_loss_over_the_edge_is_blocked() -> None:
    game = ttt.Game.from_rows(
        ["O.....", "O...X.", "X.....", "...X..", "......", "O....."], k=4, torus=True
    )
    assert game.turn is ttt.Mark.X
    assert bot().choose_move(game) == (4, 0)  # O's column wraps: rows 4, 5, 0 and 1


def test_misere_on_the_torus_plays_legal_moves_to_the_end() -> None:
    rng = random.Random(3)
    game = ttt.Game(4, 4, 3, torus=True, misere=True)
    while not game.is_over:
        cell = (
            bot().choose_move(game) if rng.random() < 0.5 else rng.choice(sorted(game.legal_moves))
        )
        assert cell in game.legal_moves
        game.move(*cell)
    assert (game.rows or 0) * (game.cols or 0) <= TORUS_CELLS  # the search that reads the wrap
