"""Counts of a game's tree: every possible game by result, every reachable position.

The m,n,k analogue of a chess engine's perft, used to prove the engine against published
numbers (3×3: 255,168 games, 5,478 positions; 4×4: 15,038,733,958,272 games, OEIS A061526).
It counts through positions, not games: the number of games below a position is computed once
and reused wherever the position recurs, so the work grows with the positions (thousands on
3×3), not with the games.

Every position is kept in memory, so the cost is the number of positions, which
:func:`estimate` foretells in a fraction of a second by sampling. :func:`count` refuses at once
a board whose estimate is beyond ``max_positions`` (by default what the reference machine's
memory holds, :data:`MAX_POSITIONS`), saying what it would cost; a count that finds more
positions than that, or runs past ``seconds``, stops cleanly and says how far it got. Ctrl-C
(KeyboardInterrupt) is never caught: it stops the count and reaches the caller.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int, check_callable, check_seconds, shown
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
    "count",
    "estimate",
    "position_bound",
]

SECONDS_PER_POSITION = 12e-6
"""The time one position costs the count, on one core (CPython 3.11, measured from 3×4 to 4×4:
7 to 11 microseconds; more where k is longer, since each win check reads more cells)."""
BYTES_PER_POSITION = 230
"""The memory one position costs the count, measured from 3×4 to 4×4 (180 to 225 bytes)."""
MAX_POSITIONS = 16 * 2**30 // BYTES_PER_POSITION
"""The most positions :func:`count` takes on by default: what 16 GiB holds, some 75 million.

The reference machine has 24 GB and no swap, so this is the most it can count beside the
rest of its work, in about a quarter of an hour: 4×4 (9.7 million positions, 2.1 GB, two
minutes), 3×6 k=3 (46 million) and 2×9 k=3 (65 million) are within it; 3×6 k=4 (83 million,
19 GB), 4×5 (320 million and more) and 5×5 (10**11) are not.
"""
MAX_BOUND_CELLS = 1_000
"""The biggest board :func:`position_bound` and :func:`estimate` take, in cells."""
_SAMPLES = 1_000
"""Random positions drawn per number of moves by :func:`estimate`: within 1% on 3×3 to 4×4."""
_SEED = 0x5EED
_FEWER = 20
"""Past its limit an estimate draws 20 times fewer samples: the answer is no by then."""
_FAR = 10_000
"""An estimate stops at 10,000 times its limit: far enough to say how far out of reach."""
_OUT_OF_REACH = 10**15
"""Where :func:`estimate` stops: a count of 10**15 positions would take 230 petabytes."""
_UNIVERSE = 4.35e17
"""The age of the universe in seconds: a time past it is said so, not in years."""
_CHECK_EVERY = 0xFFFF
"""The count reports progress and checks its limits once every 65,536 new positions."""


@dataclass(frozen=True, slots=True)
class Cost:
    """What a computation is expected to take: seconds on one core, and bytes of memory."""

    seconds: float
    memory: int

    def __str__(self) -> str:
        return f"{_duration(self.seconds)} and {_size(self.memory)} of memory"


@dataclass(frozen=True, slots=True)
class Estimate:
    """How many positions a count will find, about, and what that costs.

    ``at_least`` marks an estimate that stopped early, once past a limit: the true number is
    higher.
    """

    positions: int
    at_least: bool = False

    @property
    def cost(self) -> Cost:
        """The time and memory of counting that many positions, as measured."""
        return Cost(self.positions * SECONDS_PER_POSITION, self.positions * BYTES_PER_POSITION)

    def __str__(self) -> str:
        about = "more than" if self.at_least else "about"
        return f"{about} {amount(self.positions)} positions ({self.cost})"


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
    """
    game = Game(rows, cols, k, players=as_int("players", players))
    assert game.rows is not None
    assert game.cols is not None
    if progress is not None:
        check_callable("progress", progress, "taking the positions found")
    seconds = check_seconds(seconds)
    check_callable("clock", clock, "returning seconds")
    if max_cells is not None:
        _check_cells(game.rows, game.cols, len(game.players), as_int("max_cells", max_cells))
    if max_positions is not None:
        max_positions = _positive("max_positions", max_positions)
        _check_positions(game, max_positions)
    geometry = Geometry(game.rows, game.cols, game.k)
    counter = _Counter(geometry, len(game.players), progress, max_positions, seconds, clock)
    return counter.run(game.players)


def estimate(
    rows: int = 3,
    cols: int | None = None,
    k: int | None = None,
    *,
    players: int = 2,
    limit: int | None = None,
) -> Estimate:
    """About how many positions :func:`count` will find: a fraction of a second up to 5×5.

    Where only the last mover can hold a line every placement is a position, counted exactly;
    past that, a thousand random placements per number of moves tell what share of them a game
    reaches (only the last mover may hold lines, and one of their marks lies on all of them).
    Within 1% from 3×3 to 4×4; the same answer every time. Past a ``limit`` it samples less,
    and stops at 10,000 times the limit with an at-least estimate: by then the only question
    is how far beyond the limit a board is.

    >>> estimate(4).positions  # counted: 9,722,011
    9746751

    Raises:
        InvalidGame: the board cannot be set up.
        InvalidArgument: a board of more than :data:`MAX_BOUND_CELLS` cells, a ``limit``
            below 1.
        WrongType: an argument of the wrong type.
    """
    game = Game(rows, cols, k, players=as_int("players", players))
    assert game.rows is not None
    assert game.cols is not None
    if game.rows * game.cols > MAX_BOUND_CELLS:
        raise InvalidArgument(
            f"{game.rows}×{game.cols} is {game.rows * game.cols:,} cells: "
            f"estimate takes {MAX_BOUND_CELLS:,} at most"
        )
    if limit is not None:
        limit = _positive("limit", limit)
    return _estimate(game.rows, game.cols, game.k, len(game.players), limit)


def _positive(name: str, value: object) -> int:
    """``value`` checked as a limit: an int of at least 1."""
    number = as_int(name, value)
    if number < 1:
        raise InvalidArgument(f"{name} must be at least 1, not {shown(number)}")
    return number


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


def amount(number: int) -> str:
    """A count for people: ``9,722,011`` as ``9.7 million``, ``10**20`` as ``1.0e+20``.

    >>> amount(5478), amount(9_722_011), amount(158_834_921_014), amount(10**20)
    ('5,478', '9.7 million', '160 billion', '1.0e+20')

    Raises:
        WrongType: ``number`` is not an int.
    """
    number = as_int("number", number)
    sign, size = "-" if number < 0 else "", abs(number)
    if size < 10**6:
        return f"{number:,}"
    if size < 995_000_000_000:  # what rounds to 1,000 billion is written as 1.0e+12
        unit, word = (10**9, "billion") if size >= 995_000_000 else (10**6, "million")
        return f"{sign}{_digits(size / unit)} {word}"
    exponent = int((size.bit_length() - 1) * math.log10(2))  # right, or one short
    mantissa = size / 10**exponent
    if round(mantissa, 1) >= 10:
        mantissa, exponent = mantissa / 10, exponent + 1
    return f"{sign}{mantissa:.1f}e+{exponent:02d}"


def _digits(value: float) -> str:
    """Two significant digits: 9.7, 46, 160, 3,100."""
    if value < 10:
        return f"{value:.1f}"
    return f"{round(value, 2 - len(str(int(value)))):,.0f}"


def _duration(seconds: float) -> str:
    """A time for people, to two digits: ``40 seconds``, ``2.5 hours``, ``1.2e+06 years``."""
    if seconds >= _UNIVERSE:
        return "more time than the universe has had"
    for size, unit in ((31_557_600, "years"), (86_400, "days"), (3_600, "hours"), (60, "minutes")):
        if seconds >= 1.5 * size:
            value = seconds / size
            return f"{value:.1e} {unit}" if value >= 10_000 else f"{_digits(value)} {unit}"
    return "under a second" if seconds < 1 else f"{_digits(seconds)} seconds"


def _size(memory: int) -> str:
    """Bytes for people, to two digits: ``500 MB``, ``2.2 GB``, ``37 TB``."""
    for size, unit in ((10**12, "TB"), (10**9, "GB")):
        if memory >= size:
            value = memory / size
            return f"{value:.1e} {unit}" if value >= 10_000 else f"{_digits(value)} {unit}"
    return "under 1 MB" if memory < 10**6 else f"{_digits(memory / 10**6)} MB"


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


def _estimate(
    rows: int, cols: int, k: int, players: int, limit: int | None, *, sample: bool = True
) -> Estimate:
    """:func:`estimate`, unchecked: an at-least estimate where it stopped early.

    Past ``limit`` it samples less, and it stops at :data:`_FAR` times the limit, or where it
    would need to sample, unless ``sample``.
    """
    cells = rows * cols
    stop = _OUT_OF_REACH if limit is None else limit * _FAR
    total = ways = 1
    marks = [0] * players
    windows: tuple[int, ...] = ()
    rng = random.Random(_SEED)
    for moves in range(1, cells + 1):
        mover = (moves - 1) % players  # one more mark for them: the multinomial grows so
        ways = ways * (cells - moves + 1) // (marks[mover] + 1)
        marks[mover] += 1
        if marks[mover] <= k and max(marks[:mover] + marks[mover + 1 :], default=0) < k:
            # only the last mover can hold a line, and it would be all their marks: any of
            # them can have come last, so every placement is a position
            total += ways
        elif not sample:
            return Estimate(total, at_least=True)
        else:
            if not windows:
                windows = Geometry(rows, cols, k).windows
            samples = _SAMPLES if limit is None or total <= limit else _SAMPLES // _FEWER
            hits = sum(
                _reachable(_placement(rng, cells, moves, players), mover, windows)
                for _ in range(samples)
            )
            total += ways * hits // samples
        if total > stop:
            return Estimate(total, at_least=True)
    return Estimate(total)


def _placement(rng: random.Random, cells: int, moves: int, players: int) -> list[int]:
    """The boards of ``moves`` marks dealt at random, in turn, to ``players`` players."""
    boards = [0] * players
    for turn, bit in enumerate(rng.sample(range(cells), moves)):
        boards[turn % players] |= 1 << bit
    return boards


def _reachable(boards: list[int], last: int, windows: tuple[int, ...]) -> bool:
    """Whether a game reaches these boards: only the last mover holds lines, through one cell.

    That cell was the last move; without it no one held a line, and marks that hold none can
    be played in any order.
    """
    common = -1
    for window in windows:
        for player, board in enumerate(boards):
            if board & window == window:
                if player != last:
                    return False
                common &= window
    return common != 0


def _check_positions(game: Game, limit: int) -> None:
    """Refuse a board whose estimate is beyond ``limit`` positions, with what it would cost."""
    assert game.rows is not None
    assert game.cols is not None
    rows, cols, players = game.rows, game.cols, len(game.players)
    cells = rows * cols
    if _bound_within(cells, players, limit):
        return  # even were no game ever won, the board would hold no more
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


def _bound_within(cells: int, players: int, limit: int) -> bool:
    """Whether :func:`position_bound` is at most ``limit``, found without going far past it."""
    total = ways = 1
    marks = [0] * players
    for moves in range(1, cells + 1):
        mover = (moves - 1) % players
        ways = ways * (cells - moves + 1) // (marks[mover] + 1)
        marks[mover] += 1
        total += ways
        if total > limit:
            return False
    return True


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
    bound = _bound(cells, players)
    limit = _bound(max_cells, 2)
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
