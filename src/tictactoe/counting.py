"""Counts of a game's tree: every possible game by result, every reachable position.

The m,n,k analogue of a chess engine's perft, used to prove the engine against published
numbers (3×3: 255,168 games, 5,478 positions; 4×4: 15,038,733,958,272 games, OEIS A061526).
It counts through positions, not games: the number of games below a position is computed once
and reused wherever the position recurs, so the work grows with the positions (thousands on
3×3), not with the games.

Under misère (whoever makes the line loses) a game ends at the same move, so the games and the
positions are the very same; only the result of each finished game changes hands: the line's
maker's rival wins it.

Under gravity (Connect Four) the moves are the cells on the bottom row or above a mark, and on
the torus the lines wrap over the edges; both count as the plain game does. Connect Four itself
is far beyond a whole count (4.5 trillion positions), so :func:`count_plies` counts the
positions after each of the first plies, breadth first: for 6×7 they are OEIS A212693 (1, 7,
49, 238, 1120, 4263, 16422, 54859, 184275, ...).

Every position is kept in memory, so the cost is the number of positions, which
:func:`estimate` foretells in a fraction of a second by sampling. :func:`count` refuses at once
a board whose estimate is beyond ``max_positions`` (by default what the reference machine's
memory holds, :data:`MAX_POSITIONS`), saying what it would cost; a count that finds more
positions than that, or runs past ``seconds``, stops cleanly and says how far it got. Ctrl-C
(KeyboardInterrupt) is never caught: it stops the count and reaches the caller.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int, check_callable, check_seconds, shown
from tictactoe._estimates import (
    BYTES_PER_POSITION,
    MAX_BOUND_CELLS,
    SECONDS_PER_POSITION,
    Cost,
    Estimate,
    amount,
    bound_within,
    estimate,
    position_bound,
    positive,
    unchecked_bound,
)
from tictactoe._estimates import estimate_unchecked as _estimate
from tictactoe.errors import InvalidArgument, OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.marks import Mark

__all__ = [
    "BYTES_PER_POSITION",
    "MAX_BOUND_CELLS",
    "MAX_POSITIONS",
    "SECONDS_PER_POSITION",
    "Cost",
    "Counts",
    "Estimate",
    "amount",
    "count",
    "count_plies",
    "estimate",
    "position_bound",
]

MAX_POSITIONS = 16 * 2**30 // BYTES_PER_POSITION
"""The most positions :func:`count` takes on by default: what 16 GiB holds, some 75 million.

The reference machine has 24 GB and no swap, so this is the most it can count beside the
rest of its work, in about a quarter of an hour: 4×4 is well within it, 4×5 and 5×5 are
beyond (measurements: docs/research.md).
"""
_CHECK_EVERY = 0xFFFF
"""The count reports progress and checks its limits once every 65,536 new positions."""


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
    misere: bool = False,
    gravity: bool = False,
    torus: bool = False,
    progress: Callable[[int], None] | None = None,
    max_positions: int | None = MAX_POSITIONS,
    max_cells: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Counts:
    """Count every game and every reachable position of an m,n,k-game from the empty board.

    Args:
        rows: number of rows.
        cols: number of columns; defaults to ``rows``.
        k: marks in a row that win; defaults to the full line of a square board.
        players: how many players take turns.
        misere: whoever makes the line loses (two players): the same games and positions,
            each win credited to the other player.
        gravity: marks drop to the lowest free cell of their column (Connect Four).
        torus: lines run over the edges.
        progress: called with the number of positions found so far, every 65,536 of them.
        max_positions: refuse, at once, a board whose :func:`estimate` is beyond this many
            positions, and stop a count that finds more (None: no limit).
        max_cells: also refuse boards that may hold more positions than this many cells hold
            for two players: the coarser limit of earlier releases (None: none).
        seconds: stop a count still running after this long (None: no limit).
        clock: the time source, in seconds (tests pass a fake one).

    Raises:
        InvalidGame: the board cannot be set up.
        Unsolvable: the board is beyond ``max_positions`` or ``max_cells`` (the message
            says what it would cost), or the count found more than ``max_positions``.
        OutOfTime: the count ran past ``seconds``; the message says how far it got.
        InvalidArgument: ``max_positions`` or ``max_cells`` below 1, ``seconds`` not a
            finite number above 0.
        WrongType: an argument of the wrong type.

    >>> counts = count(3)
    >>> counts.games, counts.wins, counts.draws, counts.positions
    (255168, (131184, 77904), 46080, 5478)
    >>> count(3, misere=True).wins
    (77904, 131184)
    """
    game = Game(
        rows,
        cols,
        k,
        players=as_int("players", players),
        misere=misere,
        gravity=gravity,
        torus=torus,
    )
    assert game.rows is not None
    assert game.cols is not None
    if progress is not None:
        check_callable("progress", progress, "taking the positions found")
    seconds = check_seconds(seconds)
    check_callable("clock", clock, "returning seconds")
    if max_cells is not None:
        _check_cells(game.rows, game.cols, len(game.players), as_int("max_cells", max_cells))
    if max_positions is not None:
        max_positions = positive("max_positions", max_positions)
        _check_positions(game, max_positions)
    geometry = _geometry_of(game)
    counter = _Counter(geometry, len(game.players), progress, max_positions, seconds, clock)
    counts = counter.run(game.players)
    if not game.misere:
        return counts
    # two players: each line was made by the one who lost it, so the results swap sides
    return dataclasses.replace(
        counts, wins=counts.wins[::-1], terminal_wins=counts.terminal_wins[::-1]
    )


def count_plies(
    rows: int = 6,
    cols: int | None = 7,
    k: int | None = 4,
    *,
    plies: int,
    players: int = 2,
    exact: bool = False,
    misere: bool = False,
    gravity: bool = True,
    torus: bool = False,
    max_positions: int | None = MAX_POSITIONS,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[int, ...]:
    """The number of distinct positions after each ply, from 0 to ``plies``.

    Breadth first: the positions of one ply are the children of the unfinished positions of
    the ply before, so a position where the game ended is counted at its ply and goes no
    further. By default the board is Connect Four's (6×7, four in a row, gravity), where the
    numbers are OEIS A212693.

    Args:
        rows: number of rows.
        cols: number of columns; defaults to ``rows``.
        k: marks in a row that win; defaults to the full line of a square board.
        players: how many players take turns.
        exact: only exactly k in a row wins.
        misere: whoever makes the line loses (the same positions).
        gravity: marks drop to the lowest free cell of their column (the default here).
        torus: lines run over the edges.
        plies: the last ply to count, at least 0.
        max_positions: stop, saying how far the count got, once one ply holds more positions
            than this (None: no limit).
        seconds: stop a count still running after this long (None: no limit).
        clock: the time source, in seconds (tests pass a fake one).

    Raises:
        InvalidGame: the game cannot be set up.
        InvalidArgument: ``plies`` below 0 or past the board's cells, or ``max_positions``
            below 1.
        Unsolvable: a ply held more than ``max_positions`` positions.
        OutOfTime: the count ran past ``seconds``.
        WrongType: an argument of the wrong type.

    >>> count_plies(plies=5)
    (1, 7, 49, 238, 1120, 4263)
    """
    game = Game(
        rows,
        cols,
        k,
        players=as_int("players", players),
        exact=exact,
        misere=misere,
        gravity=gravity,
        torus=torus,
    )
    last = as_int("plies", plies)
    cells = (game.rows or 0) * (game.cols or 0)
    if not 0 <= last <= cells:
        raise InvalidArgument(
            f"plies must be between 0 and {cells}, the cells of the board, not {shown(last)}"
        )
    if max_positions is not None:
        max_positions = positive("max_positions", max_positions)
    seconds = check_seconds(seconds)
    check_callable("clock", clock, "returning seconds")
    deadline = None if seconds is None else clock() + seconds
    geometry = _geometry_of(game)
    count_players = len(game.players)
    full = geometry.full
    layer: dict[tuple[int, ...], bool] = {(0,) * count_players: False}
    """The positions of a ply, each with whether the game ended there."""
    found = [1]
    for ply in range(last):
        turn = ply % count_players
        following: dict[tuple[int, ...], bool] = {}
        for boards, ended in layer.items():
            if ended:
                continue
            taken = 0
            for board in boards:
                taken |= board
            moves = geometry.moves(taken)
            while moves:
                low = moves & -moves
                moves ^= low
                mine = boards[turn] | low
                child = (*boards[:turn], mine, *boards[turn + 1 :])
                if child not in following:
                    won = geometry.wins(mine, low.bit_length() - 1)
                    following[child] = won or taken | low == full
            if deadline is not None and clock() > deadline:
                raise OutOfTime(f"not counted within {seconds:g} s: {len(found)} plies counted")
        if max_positions is not None and len(following) > max_positions:
            raise Unsolvable(
                f"ply {ply + 1} holds {len(following):,} positions, past the limit of "
                f"{max_positions:,}: plies up to {ply} counted, {found}"
            )
        layer = following
        found.append(len(layer))
    return tuple(found)


def _geometry_of(game: Game) -> Geometry:
    """The bit-per-cell twin of ``game``'s bounded board and rules."""
    assert game.rows is not None
    assert game.cols is not None
    return Geometry(game.rows, game.cols, game.k, game.exact, game.gravity, game.torus)


def _check_positions(game: Game, limit: int) -> None:
    """Refuse a board whose estimate is beyond ``limit`` positions, with what it would cost."""
    assert game.rows is not None
    assert game.cols is not None
    rows, cols, players = game.rows, game.cols, len(game.players)
    cells = rows * cols
    if bound_within(cells, players, limit):
        return  # even were no game ever won, the board would hold no more
    if game.gravity and sum(players**height for height in range(rows + 1)) ** cols <= limit:
        return  # each column holds one of these stacks, so the board holds no more
    where = f"counting the {rows}×{cols} board, {game.k} in a row,"
    if players != 2:
        where += f" {players} players,"
    if cells > MAX_BOUND_CELLS:
        found = _estimate(rows, cols, game.k, players, limit, sample=False)
        raise Unsolvable(
            f"{where} is beyond reach: {cells:,} cells, {MAX_BOUND_CELLS:,} at most; {found}"
        )
    found = _estimate(rows, cols, game.k, players, limit)
    if found.positions > limit:
        raise Unsolvable(f"{where} is beyond reach: {found}, past the limit of {amount(limit)}")


def _check_cells(rows: int, cols: int, players: int, max_cells: int) -> None:
    """Refuse a board that may hold more positions than ``max_cells`` cells for two players."""
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
    bound = unchecked_bound(cells, players)
    limit = unchecked_bound(max_cells, 2)
    if bound > limit:
        raise Unsolvable(
            f"the {rows}×{cols} board with {players} players is too big to count: up to "
            f"{bound:,} positions, {limit:,} at most ({max_cells} cells with two players)"
        )


class _Counter:
    """Depth-first walk of the positions with a memo of the results below each.

    Every 65,536 new positions it reports progress and checks its limits: ``limit``
    positions, and ``seconds`` on ``clock`` from its start.
    """

    def __init__(
        self,
        geometry: Geometry,
        players: int,
        progress: Callable[[int], None] | None,
        limit: int | None,
        seconds: float | None,
        clock: Callable[[], float],
    ) -> None:
        self.geometry = geometry
        self.players = players
        self.progress = progress
        self.limit = limit
        self.seconds = seconds
        self.clock = clock
        self.deadline = None if seconds is None else clock() + seconds
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
        free = geometry.moves(taken)
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
        if not len(self.below) & _CHECK_EVERY:
            self._checkpoint()
        return found

    def _checkpoint(self) -> None:
        """Report progress; stop, saying how far the count got, past a limit."""
        positions = len(self.below) + len(self.terminal)
        if self.progress is not None:
            self.progress(positions)
        if self.limit is not None and positions > self.limit:
            raise Unsolvable(
                f"the count stopped at {positions:,} positions, past its limit of "
                f"{self.limit:,}: the estimate was short"
            )
        if self.deadline is not None and self.clock() > self.deadline:
            raise OutOfTime(f"not counted within {self.seconds:g} s: {positions:,} positions found")
