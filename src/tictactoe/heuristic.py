"""HeuristicBot: a real opponent on any board, any k, the unbounded grid included.

Each turn it (0) opens in the centre, (1) takes a win in one if there is one, (2) otherwise
blocks the next opponent who could win in one, (3) otherwise searches: a depth-limited
negamax over the most promising cells near the marks, scored by the k-cell windows through
each cell (how far each player is along the lines still open to them), deepening while its
node or time budget lasts. It searches on a copy of the game, through its ``move``/``undo``.
"""

from __future__ import annotations

import random
import time

from tictactoe._rules import DIRECTIONS
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Status

__all__ = ["HeuristicBot"]

_WIN = 1 << 40
_OFF = object()
"""Stands for a cell off a bounded board while reading a line."""


class _OutOfBudget(Exception):
    """The search spent its nodes or its time; the deepest finished answer stands."""


class HeuristicBot:
    """Never misses a win in one, always blocks a loss in one, then searches threats.

    Args:
        seed: breaks ties between equal moves, repeatably.
        nodes: how many positions the search may score per move.
        seconds: a time limit per move, besides the node budget (None: no time limit).
        depth: the deepest search, in plies.
        width: how many of the best-scored cells are searched at each ply.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        nodes: int = 2000,
        seconds: float | None = None,
        depth: int = 4,
        width: int = 8,
        name: str = "heuristic",
    ) -> None:
        if nodes < 1 or depth < 1 or width < 1:
            raise ValueError("nodes, depth and width must be at least 1")
        self.name = name
        self._rng = random.Random(seed)
        self._nodes = nodes
        self._seconds = seconds
        self._depth = depth
        self._width = width

    def choose_move(self, game: Game) -> Cell:
        """The move to play for the side to move in ``game`` (which is not changed)."""
        if not game.moves:
            rows, cols = game.rows, game.cols
            return (0, 0) if rows is None or cols is None else (rows // 2, cols // 2)
        board = {move.cell: move.mark for move in game.moves}
        reader = _Reader(game, board)
        candidates = game.legal_moves.near(max(1, min(2, game.k - 1)))
        me = game.turn
        winning = [cell for cell in candidates if reader.completes(cell, me)]
        if winning:
            return winning[0]
        order = game.players
        start = order.index(me)
        for step in range(1, len(order)):
            rival = order[(start + step) % len(order)]
            blocks = [cell for cell in candidates if reader.completes(cell, rival)]
            if blocks:
                return max(blocks, key=lambda cell: (reader.score(cell, me), self._rng.random()))
        return _Search(self, game.copy(), board).best(candidates)


class _Reader:
    """Reads lines of the board from a dict of the marks (kept in step with the game)."""

    def __init__(self, game: Game, board: dict[Cell, Mark]) -> None:
        self.board = board
        self.k = game.k
        self.rows = game.rows
        self.cols = game.cols
        self.players = game.players

    def at(self, row: int, col: int) -> object:
        rows, cols = self.rows, self.cols
        if rows is not None and cols is not None and not (0 <= row < rows and 0 <= col < cols):
            return _OFF
        return self.board.get((row, col))

    def completes(self, cell: Cell, mark: Mark) -> bool:
        """True if ``mark`` at the free ``cell`` makes k in a row."""
        row, col = cell
        for d_row, d_col in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                step = 1
                while (
                    run < self.k
                    and self.at(row + sign * step * d_row, col + sign * step * d_col) is mark
                ):
                    run += 1
                    step += 1
            if run >= self.k:
                return True
        return False

    def score(self, cell: Cell, me: Mark) -> int:
        """How good the free ``cell`` is for ``me``: attack along open windows, plus defence.

        Every k-cell window through the cell that holds no other player's marks adds
        ``4 ** (my marks in it)``; one that holds only a single rival's marks adds
        ``3 ** (their marks)``, the value of blocking it.
        """
        k = self.k
        row, col = cell
        total = 0
        for d_row, d_col in DIRECTIONS:
            line = [self.at(row + i * d_row, col + i * d_col) for i in range(1 - k, k)]
            for start in range(k):
                window = line[start : start + k]
                if _OFF in window:
                    continue
                owners = {mark for mark in window if mark is not None}
                if not owners:
                    total += 1
                elif owners == {me}:
                    total += 4 ** window.count(me)
                elif len(owners) == 1 and me not in owners:
                    (rival,) = owners
                    total += 3 ** window.count(rival)
        return total


class _Search:
    """One move's search: negamax on move scores over the widest few cells at each ply."""

    def __init__(self, bot: HeuristicBot, game: Game, board: dict[Cell, Mark]) -> None:
        self.bot = bot
        self.game = game
        self.board = board
        self.reader = _Reader(game, board)
        self.nodes = 0
        self.deadline = None if bot._seconds is None else time.perf_counter() + bot._seconds

    def best(self, candidates: list[Cell]) -> Cell:
        ranked = self._ranked(candidates)
        choice = ranked[0][1]
        for depth in range(1, self.bot._depth + 1):
            try:
                choice = self._root(ranked, depth)
            except _OutOfBudget:
                break
        return choice

    def _ranked(self, candidates: list[Cell]) -> list[tuple[int, Cell]]:
        me = self.game.turn
        rng = self.bot._rng
        scored = [(self.reader.score(cell, me), rng.random(), cell) for cell in candidates]
        scored.sort(reverse=True)
        return [(score, cell) for score, _, cell in scored[: self.bot._width]]

    def _root(self, ranked: list[tuple[int, Cell]], depth: int) -> Cell:
        best_value, best_cell = -_WIN * 2, ranked[0][1]
        for score, cell in ranked:
            value = score - self._after(cell, depth - 1)
            if value > best_value:
                best_value, best_cell = value, cell
        return best_cell

    def _after(self, cell: Cell, depth: int) -> int:
        """Play ``cell``; the value of the position for the next player to move; take it back."""
        self._spend()
        game = self.game
        mark = game.turn
        status = game.move(*cell)
        self.board[cell] = mark
        try:
            if status is Status.WON:
                return -_WIN - depth
            if status is Status.DRAW or depth == 0:
                return 0
            ranked = self._ranked(game.legal_moves.near(2))
            return max(score - self._after(reply, depth - 1) for score, reply in ranked)
        finally:
            game.undo()
            del self.board[cell]

    def _spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.bot._nodes:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _OutOfBudget
