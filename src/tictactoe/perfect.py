"""PerfectBot: plays a best move found by the solver, within a time limit per move.

Perfect when it can be, never hangs: positions beyond the solver's reach
(:data:`~tictactoe.solver.MAX_EMPTY` empty cells) and searches that run out of time are
played by :class:`~tictactoe.heuristic.HeuristicBot` instead, in the time left.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import overload

from tictactoe._checks import check_callable, check_game, check_seed
from tictactoe.errors import GameOver, OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.limits import (
    DEFAULT,
    UNSET,
    GameTime,
    Limit,
    Unset,
    check_limit,
    old_constant,
    with_old,
)
from tictactoe.outcome import Cell
from tictactoe.solver import MAX_EMPTY, empty_cells, solve
from tictactoe.space import Point, SpaceGame

__all__ = ["SOLVER_SHARE", "PerfectBot"]

SOLVER_SHARE = 0.75
"""The part of the time limit the solver may use; the fallback has the rest."""
_MOMENT = 1e-3

__getattr__ = old_constant(__name__, "DEFAULT_SECONDS", 5.0)


class PerfectBot:
    """Plays perfectly: the fastest win, else a draw, else the longest resistance.

    Ties among equally good moves are broken at random (repeatably, with ``seed``). Only for
    two-player games on bounded boards. When the position has more than
    :data:`~tictactoe.solver.MAX_EMPTY` empty cells, or the solver does not finish within
    :data:`SOLVER_SHARE` of ``seconds``, the move is :class:`HeuristicBot`'s, chosen in the
    time left: perfect when it can be, never stuck.

    Args:
        seed: breaks ties, repeatably.
        limit: how long a move may think; its ``nodes`` bound the fallback's search (the
            solver is bounded by time alone: a node limit would cut a proof short).
        name: how the player is shown.
        clock: the time source, in seconds (tests pass a fake one).
        seconds: the old way to give the limit, deprecated.

    Raises:
        WrongType: ``seed``, ``limit`` or ``clock`` of the wrong type.
        InvalidArgument: ``seconds`` not a finite number above 0.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        limit: Limit = DEFAULT,
        name: str = "perfect",
        clock: Callable[[], float] = time.perf_counter,
        seconds: float | Unset | None = UNSET,
    ) -> None:
        self._limit = with_old(check_limit(limit), "PerfectBot", seconds=seconds)
        check_callable("clock", clock, "returning seconds")
        self.name = name
        self._rng = random.Random(check_seed(seed))
        self._clock = clock
        self._game_time = GameTime()

    @property
    def limit(self) -> Limit:
        """How long a move may think."""
        return self._limit

    @overload
    def choose_move(self, game: Game) -> Cell: ...

    @overload
    def choose_move(self, game: SpaceGame) -> Point: ...

    def choose_move(self, game: Game | SpaceGame) -> Cell | Point:
        """A best move for the side to move, or the heuristic's when out of reach or time.

        A :class:`~tictactoe.space.SpaceGame` is solved the same way (3×3×3 is in reach).

        Raises:
            Unsolvable: the game is unbounded or has more than two players.
            GameOver: the game is already won or drawn.
            WrongType: ``game`` is not a game.
        """
        if isinstance(game, SpaceGame):
            return self._space_choose(game)
        if check_game(game).is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        started = self._clock()
        limit = self._limit
        cell = self._choose(game, self._game_time.seconds(limit, game), started)
        if limit.game_seconds is not None:
            self._game_time.spend(limit, game, cell, self._clock() - started)
        return cell

    def _space_choose(self, game: SpaceGame) -> Point:
        """The move in a board of three or more dimensions: solved, else the heuristic's."""
        if game.is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        if len(game.players) != 2:
            raise Unsolvable(f"perfect play is for two players, not {len(game.players)}")
        started = self._clock()
        seconds = self._limit.seconds
        if len(game.legal_moves) <= MAX_EMPTY:
            share = None if seconds is None else seconds * SOLVER_SHARE
            try:
                return self._rng.choice(solve(game, seconds=share, clock=self._clock).best_moves)
            except OutOfTime:
                pass
        left = None if seconds is None else max(seconds - (self._clock() - started), _MOMENT)
        fallback = HeuristicBot(
            self._rng.getrandbits(64),
            limit=Limit(seconds=left, nodes=self._limit.nodes),
            clock=self._clock,
        )
        return fallback.choose_move(game)

    def _choose(self, game: Game, seconds: float | None, started: float) -> Cell:
        """The move, thinking at most ``seconds`` from ``started``."""
        if empty_cells(game) <= MAX_EMPTY:
            share = None if seconds is None else seconds * SOLVER_SHARE
            try:
                return self._rng.choice(solve(game, seconds=share, clock=self._clock).best_moves)
            except OutOfTime:
                pass
        left = None
        if seconds is not None:
            # the solver reads the clock every thousand nodes, so it may overrun its share by
            # a hair: the fallback then still gets a moment, for its wins and blocks
            left = max(seconds - (self._clock() - started), _MOMENT)
        limit = Limit(seconds=left, nodes=self._limit.nodes)
        fallback = HeuristicBot(self._rng.getrandbits(64), limit=limit, clock=self._clock)
        return fallback.choose_move(game)
