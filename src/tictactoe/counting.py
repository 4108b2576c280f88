"""Counts of a game's tree: every possible game by result, every reachable position.

The m,n,k analogue of a chess engine's perft, used to prove the engine against published
numbers (3×3: 255,168 games, 5,478 positions). It counts through positions, not games: the
number of games below a position is computed once and reused wherever the position recurs,
so the work grows with the positions (thousands on 3×3), not with the games.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int
from tictactoe.errors import InvalidGame
from tictactoe.game import Game
from tictactoe.marks import Mark

__all__ = ["Counts", "count"]


@dataclass(frozen=True, slots=True)
class Counts:
    """Games by result and positions, from the empty board."""

    players: tuple[Mark, ...]
    wins: tuple[int, ...]
    draws: int
    positions: int
    terminal_wins: tuple[int, ...]
    terminal_draws: int

    @property
    def games(self) -> int:
        """Every possible game: all the wins plus the draws."""
        return sum(self.wins) + self.draws

    @property
    def terminal_positions(self) -> int:
        """Reachable positions where the game is over."""
        return sum(self.terminal_wins) + self.terminal_draws

    def to_json(self) -> dict[str, Any]:
        """The counts as the ``count --json`` command prints them."""
        return {
            "games": self.games,
            "wins": {str(mark): n for mark, n in zip(self.players, self.wins, strict=True)},
            "draws": self.draws,
            "positions": self.positions,
            "terminal_positions": self.terminal_positions,
            "terminal_wins": {
                str(mark): n for mark, n in zip(self.players, self.terminal_wins, strict=True)
            },
            "terminal_draws": self.terminal_draws,
        }


def count(
    rows: int = 3,
    cols: int | None = None,
    k: int | None = None,
    *,
    players: int = 2,
    progress: Callable[[int], None] | None = None,
) -> Counts:
    """Count every game and every reachable position of an m,n,k-game from the empty board.

    Args:
        rows: number of rows.
        cols: number of columns; defaults to ``rows``.
        k: marks in a row that win; defaults to the full line of a square board.
        players: how many players take turns.
        progress: called with the number of positions found so far, every 65,536 of them.

    Raises:
        InvalidGame: the board cannot be set up, or it is too big to count (over 64 cells).

    >>> counts = count(3)
    >>> counts.games, counts.wins, counts.draws, counts.positions
    (255168, (131184, 77904), 46080, 5478)
    """
    game = Game(rows, cols, k, players=as_int("players", players))
    assert game.rows is not None
    assert game.cols is not None
    if game.rows * game.cols > 64:
        raise InvalidGame(f"a {game.rows}×{game.cols} board is too big to count (64 cells at most)")
    geometry = Geometry(game.rows, game.cols, game.k)
    return _Counter(geometry, len(game.players), progress).run(game.players)


class _Counter:
    """Depth-first walk of the positions with a memo of the results below each."""

    def __init__(
        self, geometry: Geometry, players: int, progress: Callable[[int], None] | None
    ) -> None:
        self.geometry = geometry
        self.players = players
        self.progress = progress
        self.below: dict[tuple[int, ...], tuple[int, ...]] = {}
        self.terminal: dict[tuple[int, ...], int] = {}

    def run(self, marks: tuple[Mark, ...]) -> Counts:
        empty = (0,) * self.players
        results = self._games_below(empty, 0)
        terminal = [0] * (self.players + 1)
        for result in self.terminal.values():
            terminal[result] += 1
        return Counts(
            players=marks,
            wins=results[: self.players],
            draws=results[self.players],
            positions=len(self.below) + len(self.terminal),
            terminal_wins=tuple(terminal[: self.players]),
            terminal_draws=terminal[self.players],
        )

    def _games_below(self, boards: tuple[int, ...], turn: int) -> tuple[int, ...]:
        """Games from this (unfinished) position, by result: wins per player, then draws."""
        found = self.below.get(boards)
        if found is not None:
            return found
        geometry = self.geometry
        players = self.players
        taken = 0
        for board in boards:
            taken |= board
        free = geometry.full & ~taken
        totals = [0] * (players + 1)
        following = (turn + 1) % players
        while free:
            low = free & -free
            free ^= low
            mine = boards[turn] | low
            child = (*boards[:turn], mine, *boards[turn + 1 :])
            if geometry.wins(mine, low.bit_length() - 1):
                self.terminal[child] = turn
                totals[turn] += 1
            elif taken | low == geometry.full:
                self.terminal[child] = players
                totals[players] += 1
            else:
                for result, games in enumerate(self._games_below(child, following)):
                    totals[result] += games
        found = tuple(totals)
        self.below[boards] = found
        if self.progress is not None and not len(self.below) & 0xFFFF:
            self.progress(len(self.below) + len(self.terminal))
        return found
