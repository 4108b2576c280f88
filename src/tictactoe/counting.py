"""Counts of a game's tree: every possible game by result, every reachable position.

The m,n,k analogue of a chess engine's perft, used to prove the engine against published
numbers (3×3: 255,168 games, 5,478 positions). It counts through positions, not games: the
number of games below a position is computed once and reused wherever the position recurs,
so the work grows with the positions (thousands on 3×3), not with the games.

The positions still grow about threefold with every cell, and each one is kept in memory, so
boards beyond reach are refused at once (see :data:`MAX_CELLS`) rather than counted for hours
or until memory runs out. Ctrl-C (KeyboardInterrupt) is never caught: it stops the count and
reaches the caller.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int, check_callable, shown
from tictactoe.errors import InvalidArgument, Unsolvable
from tictactoe.game import Game
from tictactoe.marks import Mark

__all__ = ["MAX_BOUND_CELLS", "MAX_CELLS", "Counts", "count", "position_bound"]

MAX_CELLS = 15
"""The biggest board :func:`count` takes by default, in cells, for two players.

Measured once each (CPython 3.11, one core, with another job on the machine), positions and
time: 3×4 k=3 112 thousand, 0.8 s; 2×7 k=3 1.0 million, 14 s; 3×5 k=3 2.3 million, 24 s;
3×5 k=4 3.4 million, 65 s; 4×4 k=3 6.0 million, 82 s; 2×8 k=3 8.0 million, 91 s; 4×4 k=4
9.7 million, 190 s and gigabytes of memory. So 16 cells is minutes, 15 about a minute at
worst. More players make more positions from fewer cells (3×4 with three players: 1.2
million, 25 s), so the limit is really on :func:`position_bound`: a board is taken when it
can hold no more positions than ``max_cells`` cells hold for two players (3.5 million for 15).
"""

MAX_BOUND_CELLS = 1_000
"""The biggest board :func:`position_bound` takes, in cells: a tenth of a second's sum."""


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
    max_cells: int | None = MAX_CELLS,
) -> Counts:
    """Count every game and every reachable position of an m,n,k-game from the empty board.

    Args:
        rows: number of rows.
        cols: number of columns; defaults to ``rows``.
        k: marks in a row that win; defaults to the full line of a square board.
        players: how many players take turns.
        progress: called with the number of positions found so far, every 65,536 of them.
        max_cells: refuse, at once, boards that may hold more positions than this many cells
            hold for two players (None: no limit, for those who will wait hours; see
            :data:`MAX_CELLS` for what it costs).

    Raises:
        InvalidGame: the board cannot be set up.
        Unsolvable: the board is beyond ``max_cells``: too big to count in reasonable time.
        InvalidArgument: ``max_cells`` is below 1.
        WrongType: an argument of the wrong type.

    >>> counts = count(3)
    >>> counts.games, counts.wins, counts.draws, counts.positions
    (255168, (131184, 77904), 46080, 5478)
    """
    game = Game(rows, cols, k, players=as_int("players", players))
    assert game.rows is not None
    assert game.cols is not None
    if progress is not None:
        check_callable("progress", progress, "taking the positions found")
    if max_cells is not None:
        _check_reach(game.rows, game.cols, len(game.players), as_int("max_cells", max_cells))
    geometry = Geometry(game.rows, game.cols, game.k)
    return _Counter(geometry, len(game.players), progress).run(game.players)


def position_bound(cells: int, players: int = 2) -> int:
    """How many positions a board of ``cells`` cells can hold, ignoring wins: an upper bound.

    A position is the marks of the first t moves, whatever t; the players' counts follow
    from t (they take turns), so each t adds a multinomial number of placements.

    >>> position_bound(9)
    6046

    Raises:
        InvalidArgument: ``cells`` is not from 0 to :data:`MAX_BOUND_CELLS`, or ``players``
            not from 1 to the number of marks.
        WrongType: an argument that is not an int.
    """
    size, count = as_int("cells", cells), as_int("players", players)
    if not 0 <= size <= MAX_BOUND_CELLS:
        raise InvalidArgument(f"cells={shown(size)} must be between 0 and {MAX_BOUND_CELLS:,}")
    if not 1 <= count <= len(Mark):
        raise InvalidArgument(f"players={shown(count)} must be between 1 and {len(Mark)}")
    return _bound(size, count)


def _bound(cells: int, players: int) -> int:
    """:func:`position_bound`, unchecked."""
    total = 0
    for moves in range(cells + 1):
        rounds, extra = divmod(moves, players)
        ways = math.factorial(cells) // math.factorial(cells - moves)
        for player in range(players):
            ways //= math.factorial(rounds + (player < extra))
        total += ways
    return total


def _check_reach(rows: int, cols: int, players: int, max_cells: int) -> None:
    """Refuse a board beyond reach, saying why."""
    if max_cells < 1:
        raise InvalidArgument(f"max_cells must be at least 1, not {shown(max_cells)}")
    cells = rows * cols
    if cells > max_cells:  # more players only make more positions
        raise Unsolvable(
            f"the {rows}×{cols} board is too big to count: {cells} cells, {max_cells} at most "
            "(each further cell about triples the time and the memory)"
        )
    # A board of cells * players cells holds more two-player positions (they grow as 3 **
    # cells) than this one holds of these players (at most (players + 1) ** cells): so the
    # board is taken, and the bound of a huge max_cells is never computed.
    if players == 2 or max_cells >= cells * players:
        return
    bound = _bound(cells, players)
    limit = _bound(max_cells, 2)
    if bound > limit:
        raise Unsolvable(
            f"the {rows}×{cols} board with {players} players is too big to count: up to "
            f"{bound:,} positions, {limit:,} at most ({max_cells} cells with two players)"
        )


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
