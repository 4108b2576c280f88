"""Foretelling a count: how many positions a board holds, and what counting them costs.

:func:`estimate` samples random placements to tell, in a fraction of a second, how many
positions :func:`tictactoe.counting.count` will find, and :class:`Cost` turns that into time and
memory as measured on the reference machine; the count refuses a board out of reach by them.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int, shown
from tictactoe.errors import InvalidArgument
from tictactoe.game import Game
from tictactoe.marks import Mark

__all__ = [
    "BYTES_PER_POSITION",
    "MAX_BOUND_CELLS",
    "SECONDS_PER_POSITION",
    "Cost",
    "Estimate",
    "amount",
    "bound_within",
    "estimate",
    "estimate_unchecked",
    "position_bound",
    "positive",
    "unchecked_bound",
]

SECONDS_PER_POSITION = 12e-6
"""The time one position costs the count, on one core (CPython 3.11, measured from 3×4 to 4×4:
7 to 11 microseconds; more where k is longer, since each win check reads more cells)."""
BYTES_PER_POSITION = 230
"""The memory one position costs the count, measured from 3×4 to 4×4 (180 to 225 bytes)."""
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
        limit = positive("limit", limit)
    return estimate_unchecked(game.rows, game.cols, game.k, len(game.players), limit)


def positive(name: str, value: object) -> int:
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
    return unchecked_bound(size, count)


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


def unchecked_bound(cells: int, players: int) -> int:
    """:func:`position_bound`, unchecked."""
    total = 0
    for moves in range(cells + 1):
        rounds, extra = divmod(moves, players)
        ways = math.factorial(cells) // math.factorial(cells - moves)
        for player in range(players):
            ways //= math.factorial(rounds + (player < extra))
        total += ways
    return total


def estimate_unchecked(
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


def bound_within(cells: int, players: int, limit: int) -> bool:
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
