"""PerfectBot: plays a best move found by the solver, within a time limit per move.

Perfect when it can be, never hangs: positions beyond the solver's reach
(:data:`~tictactoe.solver.MAX_EMPTY` empty cells) and searches that run out of time are
played by :class:`~tictactoe.heuristic.HeuristicBot` instead, in the time left.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from tictactoe._checks import check_callable, check_game, check_seconds, check_seed
from tictactoe.errors import GameOver, OutOfTime
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.outcome import Cell
from tictactoe.solver import MAX_EMPTY, empty_cells, solve

__all__ = ["DEFAULT_SECONDS", "SOLVER_SHARE", "PerfectBot"]

DEFAULT_SECONDS = 5.0
"""The time limit per move unless told otherwise."""
SOLVER_SHARE = 0.75
"""The part of the time limit the solver may use; the fallback has the rest."""
_MOMENT = 1e-3


class PerfectBot:
    """Plays perfectly: the fastest win, else a draw, else the longest resistance.

    Ties among equally good moves are broken at random (repeatably, with ``seed``). Only for
    two-player games on bounded boards. When the position has more than
    :data:`~tictactoe.solver.MAX_EMPTY` empty cells, or the solver does not finish within
    :data:`SOLVER_SHARE` of ``seconds``, the move is :class:`HeuristicBot`'s, chosen in the
    time left: perfect when it can be, never stuck.

    Args:
        seed: breaks ties, repeatably.
        seconds: the time limit per move (a finite number > 0), or None for none.
        name: how the player is shown.
        clock: the time source, in seconds (tests pass a fake one).

    Raises:
        WrongType: ``seed``, ``seconds`` or ``clock`` of the wrong type.
        InvalidArgument: ``seconds`` not a finite number above 0.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = DEFAULT_SECONDS,
        name: str = "perfect",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._seconds = check_seconds(seconds)
        check_callable("clock", clock, "returning seconds")
        self.name = name
        self._rng = random.Random(check_seed(seed))
        self._clock = clock

    def choose_move(self, game: Game) -> Cell:
        """A best move for the side to move, or the heuristic's when out of reach or time.

        Raises:
            Unsolvable: the game is unbounded or has more than two players.
            GameOver: the game is already won or drawn.
            WrongType: ``game`` is not a game.
        """
        if check_game(game).is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        started = self._clock()
        if empty_cells(game) <= MAX_EMPTY:
            share = None if self._seconds is None else self._seconds * SOLVER_SHARE
            try:
                return self._rng.choice(solve(game, seconds=share, clock=self._clock).best_moves)
            except OutOfTime:
                pass
        left = None
        if self._seconds is not None:
            # the solver reads the clock every thousand nodes, so it may overrun its share by
            # a hair: the fallback then still gets a moment, for its wins and blocks
            left = max(self._seconds - (self._clock() - started), _MOMENT)
        fallback = HeuristicBot(self._rng.getrandbits(64), seconds=left, clock=self._clock)
        return fallback.choose_move(game)
