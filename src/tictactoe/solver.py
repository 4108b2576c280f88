"""Perfect play for two-player games on bounded boards.

:func:`solve` finds the value of a position for the side to move (win, draw or loss), how
many plies the game lasts under best play (a win as fast as possible, a loss as late as
possible), and every move that achieves it. The search is negamax with alpha-beta, a
transposition table keyed by incremental Zobrist hashes (one per symmetry of the board, the
key being their minimum, so mirrored and rotated positions share an entry), immediate wins,
forced blocks and double threats read off the line masks, threat-making moves searched first,
and a draw declared as soon as every line holds both players' marks.

The search runs on :class:`~tictactoe._bitboard.Geometry`, a lean bit-per-cell twin of the
board; the tests check that twin against :class:`~tictactoe.game.Game`.

The work grows steeply with the empty cells, so positions beyond :data:`MAX_EMPTY` of them are
refused at once rather than searched for minutes or hours; a time limit (``seconds``) stops
any search cleanly with :class:`~tictactoe.errors.OutOfTime`. Ctrl-C (KeyboardInterrupt) is
never caught: it stops the search and reaches the caller.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from operator import xor
from typing import Any

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int, check_callable, check_game, check_seconds, shown
from tictactoe._enums import WordEnum
from tictactoe.errors import InvalidArgument, OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Status

__all__ = [
    "MAX_EMPTY",
    "Solution",
    "Value",
    "empty_cells",
    "solve",
]

MAX_EMPTY = 20
"""The most empty cells :func:`solve` takes on by default.

Measured once each (CPython 3.11, one core, another job running beside it): from the empty
board, 4×4 k=4 (16 empty) 0.3 s, 4×5 k=4 (20) 5 s, 3×7 k=4 (21) 5 s, 5×5 k=4 (25) 31 s;
positions with 20 empty cells after random moves, 0 to 40 s (5×5 k=5 18 to 27 s, 6×6 k=5 2 to
40 s). Each further cell multiplies the work, so 21 and more are refused at once;
``max_empty=None`` lifts the limit for those who will wait, and ``seconds`` caps any search.
"""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_CLOCK_EVERY = 0x3FF
"""The search reads the clock once every 1,024 nodes (a few milliseconds of work)."""


class Value(WordEnum):
    """The result of best play for the side to move."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True, slots=True)
class Solution:
    """What :func:`solve` found: value, length of the game and the best moves."""

    value: Value
    to_move: Mark
    plies: int
    best_moves: tuple[Cell, ...]
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The solution as the ``solve --json`` command prints it."""
        return {
            "value": self.value.value,
            "to_move": str(self.to_move),
            "plies": self.plies,
            "best_moves": [list(cell) for cell in self.best_moves],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
        }


def empty_cells(game: Game) -> int:
    """How many cells of ``game``'s board are empty: the depth of a search from here.

    Counted without building anything, so that a board out of reach is refused at once.

    Raises:
        Unsolvable: the game is on the unbounded grid or has more than two players.
        WrongType: ``game`` is not a game.
    """
    game = check_game(game)
    if game.rows is None or game.cols is None:
        raise Unsolvable("the solver needs a bounded board, not the unbounded grid")
    if len(game.players) != 2:
        raise Unsolvable(f"the solver plays two-player games, not {len(game.players)} players")
    return game.rows * game.cols - len(game.moves)


def bitboards(game: Game) -> tuple[Geometry, int, int]:
    """The game's geometry and the X and O bitboards, read through the public API.

    Raises:
        Unsolvable: the game is on the unbounded grid or has more than two players.
    """
    empty_cells(game)
    assert game.rows is not None
    assert game.cols is not None
    geometry = _geometry(game.rows, game.cols, game.k)
    boards = [0, 0]
    for move in game.moves:
        boards[game.players.index(move.mark)] |= 1 << geometry.bit(move.cell)
    return geometry, boards[0], boards[1]


_GEOMETRIES: dict[tuple[int, int, int], Geometry] = {}


def _geometry(rows: int, cols: int, k: int) -> Geometry:
    key = (rows, cols, k)
    if key not in _GEOMETRIES:
        _GEOMETRIES[key] = Geometry(rows, cols, k)
    return _GEOMETRIES[key]


class _Search:
    """One solver run: the transposition table, the Zobrist keys and the node count."""

    def __init__(
        self,
        geometry: Geometry,
        seconds: float | None,
        started: float,
        clock: Callable[[], float],
    ) -> None:
        self.geometry = geometry
        self.seconds = seconds
        self.deadline = None if seconds is None else started + seconds
        self.clock = clock
        self.windows = geometry.windows
        self.k = geometry.k
        self.full = geometry.full
        self.size = geometry.size
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        rng = random.Random(0x7AC70E)
        base = [[rng.getrandbits(64) for _ in range(self.size)] for _ in range(2)]
        self.keys = [
            [
                tuple(base[player][image[bit]] for image in geometry.symmetries)
                for bit in range(self.size)
            ]
            for player in range(2)
        ]
        centre_row, centre_col = (geometry.rows - 1) / 2, (geometry.cols - 1) / 2
        self.order = sorted(
            range(self.size),
            key=lambda bit: (
                max(abs(bit // geometry.cols - centre_row), abs(bit % geometry.cols - centre_col)),
                -len(geometry.windows_through[bit]),
                bit,
            ),
        )

    def hashes(self, boards: tuple[int, int]) -> tuple[int, ...]:
        """The Zobrist hash of a position under every symmetry."""
        hashes = tuple(0 for _ in self.geometry.symmetries)
        for player, board in enumerate(boards):
            for bit in range(self.size):
                if board >> bit & 1:
                    hashes = tuple(map(xor, hashes, self.keys[player][bit]))
        return hashes

    def value(
        self, me: int, opp: int, empties: int, alpha: int, beta: int, hashes: tuple[int, ...]
    ) -> int:
        """Negamax score of a position for the side to move (``me``).

        A win scores the number of empty cells left at the end plus one (sooner is better), a
        loss its negative, a draw 0. ``hashes`` are the position's Zobrist hashes.
        """
        self.nodes += 1
        if not self.nodes & _CLOCK_EVERY and self.deadline is not None:
            self._check_time()
        k1, k2 = self.k - 1, self.k - 2
        my_wins = their_wins = threats = 0
        live = False
        for window in self.windows:
            mine = me & window
            theirs = opp & window
            if mine:
                if theirs:
                    continue
                count = mine.bit_count()
                if count == k1:
                    my_wins |= window ^ mine
                elif count == k2:
                    threats |= window ^ mine
            elif theirs:
                count = theirs.bit_count()
                if count == k1:
                    their_wins |= window ^ theirs
                elif count == k2:
                    threats |= window ^ theirs
            elif k1 == 0:
                my_wins |= window
            live = True
        if my_wins:
            return empties
        if not live:
            return 0
        if their_wins & (their_wins - 1):
            return 1 - empties
        key = min(hashes)
        entry = self.table.get(key)
        if entry is not None:
            flag, stored = entry
            if flag == _EXACT:
                return stored
            if flag == _LOWER:
                alpha = max(alpha, stored)
            else:
                beta = min(beta, stored)
            if alpha >= beta:
                return stored
        start_alpha = alpha
        free = self.full & ~(me | opp)
        if their_wins:
            bits = [their_wins.bit_length() - 1]
        else:
            threats &= free
            bits = [bit for bit in self.order if threats >> bit & 1]
            bits += [bit for bit in self.order if (free & ~threats) >> bit & 1]
        player = (self.size - empties) & 1
        keys = self.keys[player]
        best = -self.size - 2
        for bit in bits:
            score = -self.value(
                opp, me | 1 << bit, empties - 1, -beta, -alpha, tuple(map(xor, hashes, keys[bit]))
            )
            if score > best:
                best = score
                if best > alpha:
                    alpha = best
                    if alpha >= beta:
                        break
        flag = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = (flag, best)
        return best

    def _check_time(self) -> None:
        """Raise OutOfTime once the clock is past the deadline."""
        assert self.deadline is not None
        if self.clock() > self.deadline:
            raise OutOfTime(
                f"the solver ran out of time: past its {self.seconds:g} s limit after "
                f"{self.nodes:,} nodes"
            )


def solve(
    game: Game,
    *,
    max_empty: int | None = MAX_EMPTY,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Solution:
    """Solve the position of ``game`` for the side to move; the game is not changed.

    Args:
        game: the position to solve.
        max_empty: refuse, at once, positions with more empty cells than this (None: no
            limit, for those who will wait: see :data:`MAX_EMPTY` for what it costs).
        seconds: a time limit, None for none; the clock is read every 1,024 nodes.
        clock: the time source, in seconds (tests pass a fake one).

    Raises:
        Unsolvable: the game is on the unbounded grid, has more than two players, or has more
            than ``max_empty`` empty cells.
        OutOfTime: the search ran past ``seconds``.
        WrongType: ``game`` not a game, or ``max_empty``, ``seconds`` or ``clock`` of the
            wrong type.
        InvalidArgument: ``max_empty`` below 0, or ``seconds`` not a finite number above 0.

    >>> solve(Game()).value
    Value.DRAW
    >>> solve(Game.from_rows(["XX.", "OO.", "..."])).best_moves
    ((0, 2),)
    """
    if max_empty is not None:
        max_empty = as_int("max_empty", max_empty)
        if max_empty < 0:
            raise InvalidArgument(f"max_empty must be at least 0, not {shown(max_empty)}")
    seconds = check_seconds(seconds)
    check_callable("clock", clock, "returning seconds")
    started = clock()
    empties = empty_cells(game)
    to_move = game.turn
    if game.is_over:
        value = Value.LOSS if game.status is Status.WON else Value.DRAW
        return Solution(value, to_move, 0, (), 0, clock() - started)
    if max_empty is not None and empties > max_empty:
        raise Unsolvable(
            f"{empties} empty cells are beyond the solver's reach ({max_empty} at most): "
            "each further cell multiplies the time the search takes"
        )
    geometry, x_board, o_board = bitboards(game)
    me, opp = (x_board, o_board) if to_move is game.players[0] else (o_board, x_board)
    search = _Search(geometry, seconds, started, clock)
    root_hashes = search.hashes((x_board, o_board))
    player = len(game.moves) & 1
    scores: dict[int, int] = {}
    best = -geometry.size - 2
    for bit in search.order:
        if (me | opp) >> bit & 1:
            continue
        if geometry.wins(me | 1 << bit, bit):
            score = empties
        else:
            child = tuple(map(xor, root_hashes, search.keys[player][bit]))
            low = best - 1 if best > -geometry.size - 2 else -geometry.size - 2
            score = -search.value(
                opp, me | 1 << bit, empties - 1, -(geometry.size + 2), -low, child
            )
        scores[bit] = score
        best = max(best, score)
    best_moves = tuple(
        geometry.cell(bit) for bit in sorted(b for b, s in scores.items() if s == best)
    )
    if best > 0:
        value, plies = Value.WIN, empties - (best - 1)
    elif best < 0:
        value, plies = Value.LOSS, empties - (-best - 1)
    else:
        value, plies = Value.DRAW, empties
    return Solution(value, to_move, plies, best_moves, search.nodes, clock() - started)
