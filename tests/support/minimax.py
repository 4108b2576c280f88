"""A plain minimax over :class:`~tictactoe.Game`, the referee for the solver's values.

It shares nothing with the solver: every move is played and taken back on the game, whose
status alone says whether it won, lost (misère) or drew. Small boards only.
"""

from __future__ import annotations

import tictactoe as ttt

_MEMO: dict[tuple[object, ...], dict[tuple[ttt.Mark | None, ...], int]] = {}
"""Minimax scores of positions, by board shape and rule."""


def minimax(game: ttt.Game) -> dict[ttt.Cell, int]:
    """The score of every move of the side to move, by plain minimax through move and undo.

    The scores are the solver's: +(empty cells at the end + 1) for a win of the mover, its
    negative for a loss, 0 for a draw. Whether a move wins or loses is the game's say alone.
    """
    assert game.rows is not None
    assert game.cols is not None
    size = game.rows * game.cols
    shape = (game.rows, game.cols, game.k, game.misere, game.exact, game.gravity, game.torus)
    memo = _MEMO.setdefault(shape, {})
    found = {}
    mover = game.turn
    for cell in sorted(game.legal_moves):
        status = game.move(*cell)
        if status is ttt.Status.WON:
            end = size - len(game.moves) + 1
            found[cell] = end if game.winner is mover else -end
        elif status is ttt.Status.DRAW:
            found[cell] = 0
        else:
            key = tuple(game.cell(row, col) for row in range(game.rows) for col in range(game.cols))
            if key not in memo:
                memo[key] = max(minimax(game).values())
            found[cell] = -memo[key]
        game.undo()
    return found
