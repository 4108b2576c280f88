"""PerfectBot: plays a best move found by the solver."""

from __future__ import annotations

import random

from tictactoe.game import Game
from tictactoe.outcome import Cell
from tictactoe.solver import solve

__all__ = ["PerfectBot"]


class PerfectBot:
    """Plays perfectly: the fastest win, else a draw, else the longest resistance.

    Ties among equally good moves are broken at random (repeatably, with ``seed``). Only for
    two-player games on boards the solver can take.
    """

    def __init__(self, seed: int | None = None, *, name: str = "perfect") -> None:
        self.name = name
        self._rng = random.Random(seed)

    def choose_move(self, game: Game) -> Cell:
        """A best move for the side to move.

        Raises:
            Unsolvable: the game is unbounded or has more than two players.
        """
        return self._rng.choice(solve(game).best_moves)
