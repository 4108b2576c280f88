"""Perfect play for two-player games on bounded boards.

:func:`solve` finds the value of a position for the side to move (win, draw or loss), how
many plies the game lasts under best play (a win as fast as possible, a loss as late as
possible), and every move that achieves it. The search is negamax with alpha-beta, a
transposition table keyed by incremental Zobrist hashes (one per symmetry of the board, the
key being their minimum, so mirrored and rotated positions share an entry), immediate wins,
forced blocks and double threats read off the line masks, threat-making moves searched first,
and a draw declared as soon as every line holds both players' marks.

Under gravity the moves are the cells on the bottom row or above a mark, and only those count
as wins to take or to block; the board's symmetry is then the mirror left to right alone. On
the torus the line masks wrap over the edges, and nothing else changes.

Under misère (whoever makes the line loses) the same search reads the masks the other way:
a cell that completes the mover's line is a move never worth playing while another is free
(it loses at once), a mover left with only such cells loses, and the cells that would
complete the rival's line are left to the rival, searched last.

The search runs on :class:`~tictactoe._bitboard.Geometry`, a lean bit-per-cell twin of the
board; the tests check that twin against :class:`~tictactoe.game.Game`.

The work depends on more than the board's size: 7×7 with 3 in a row is solved in seconds,
5×6 with 4 in a row is not in four minutes, so no size tells in advance what is out of reach.
By default :func:`solve` takes positions of at most :data:`MAX_EMPTY` empty cells, where a
search takes seconds, and says what more may cost (:func:`hard_cost`); ``max_empty=None``
takes any position, and a time limit (``seconds``) then stops the search cleanly with
:class:`~tictactoe.errors.OutOfTime`, saying how far it got. The transposition table is
emptied when it holds :data:`MAX_TABLE` positions, so a long search never runs out of memory.
Ctrl-C (KeyboardInterrupt) is never caught: it stops the search and reaches the caller.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from operator import xor
from typing import Any, overload

from tictactoe._bitboard import Geometry
from tictactoe._checks import as_int, check_callable, check_game, check_seconds, shown
from tictactoe._enums import WordEnum
from tictactoe._rules import LINE_RULES
from tictactoe.counting import Cost
from tictactoe.errors import InvalidArgument, OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Status
from tictactoe.space import Point, SpaceGame

__all__ = [
    "MAX_CELLS",
    "MAX_EMPTY",
    "MAX_TABLE",
    "Solution",
    "SpaceSolution",
    "Value",
    "empty_cells",
    "hard_cost",
    "solve",
]

MAX_EMPTY = 20
"""The most empty cells :func:`solve` takes on by default: where a search takes seconds.

The perfect bot and the web page's analysis solve within it on their own, move after move:
from the empty board, 4×5 with 4 in a row (20 empty) takes seconds, and each further empty
cell about doubles a hard search; where wins come quickly the size says little
(measurements: docs/research.md).
"""
MAX_CELLS = 1_000
"""The biggest board :func:`solve` sets up a search for, in cells, whatever ``max_empty``."""
_BYTES_PER_ENTRY = 200
"""The memory one transposition-table entry takes, as measured (docs/research.md)."""
MAX_TABLE = 16 * 2**30 // _BYTES_PER_ENTRY
"""The most positions the transposition table holds, some 86 million (16 GiB): it is emptied
when full, so a search that runs for hours slows down instead of running out of memory."""
_HARD_EMPTY, _HARD_SECONDS, _HARD_MEMORY = 25, 98.0, 1_300_000_000
"""The hardest search measured to its end: 5×5 k=5 from the empty board (docs/research.md)."""
_HARD_GROWTH = 2.0
"""How much each further empty cell multiplies a hard search: 2.0 from 16 to 25 cells."""
_EXACT, _LOWER, _UPPER = 0, 1, 2
_CLOCK_EVERY = 0x3FF
"""The search reads the clock once every 1,024 nodes (a few milliseconds of work)."""
_PROGRESS_EVERY = 0xFFFF
"""The search reports progress once every 65,536 nodes (about half a second)."""


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
        return _solution_json(self)


def _solution_json(solution: Solution | SpaceSolution) -> dict[str, Any]:
    """A solution as the ``solve --json`` command prints it, cells as lists of coordinates."""
    return {
        "value": solution.value.value,
        "to_move": str(solution.to_move),
        "plies": solution.plies,
        "best_moves": [list(cell) for cell in solution.best_moves],
        "nodes": solution.nodes,
        "seconds": round(solution.seconds, 6),
    }


def hard_cost(empties: int) -> Cost:
    """What a hard search (a draw to prove) from ``empties`` empty cells may cost here.

    Extrapolated from the hardest search measured to its end (5×5 with 5 in a row, 25 empty
    cells) at twice the work per further cell: a guide to what is out of reach, not a promise;
    a quick win costs far less. The memory stops growing at the table's :data:`MAX_TABLE`.

    >>> print(hard_cost(25))
    1.6 minutes and 1.3 GB of memory

    Raises:
        WrongType: ``empties`` is not an int.
        InvalidArgument: ``empties`` is negative.
    """
    empties = as_int("empties", empties)
    if empties < 0:
        raise InvalidArgument(f"empties must be at least 0, not {shown(empties)}")
    factor = _HARD_GROWTH ** min(empties - _HARD_EMPTY, 1_000)  # beyond, only "years" grows
    memory = min(_HARD_MEMORY * factor, MAX_TABLE * _BYTES_PER_ENTRY)
    return Cost(_HARD_SECONDS * factor, int(memory))


def empty_cells(game: Game) -> int:
    """How many cells of ``game``'s board are empty: the depth of a search from here.

    Counted without building anything, so that a board out of reach is refused at once.

    Raises:
        Unsolvable: the game is on the unbounded grid, has more than two players, or is
            played under renju or caro.
        WrongType: ``game`` is not a game.
    """
    game = check_game(game)
    if game.rows is None or game.cols is None:
        raise Unsolvable("the solver needs a bounded board, not the unbounded grid")
    if len(game.players) != 2:
        raise Unsolvable(f"the solver plays two-player games, not {len(game.players)} players")
    if game.rule not in LINE_RULES:
        raise Unsolvable(f"the solver plays the freestyle and standard rules, not {game.rule}")
    return game.rows * game.cols - len(game.moves)


def bitboards(game: Game) -> tuple[Geometry, int, int]:
    """The game's geometry and the X and O bitboards, read through the public API.

    Raises:
        Unsolvable: the game is on the unbounded grid or has more than two players.
    """
    empty_cells(game)
    assert game.rows is not None
    assert game.cols is not None
    geometry = _geometry(game.rows, game.cols, game.k, game.exact, game.gravity, game.torus)
    boards = [0, 0]
    for move in game.moves:
        boards[game.players.index(move.mark)] |= 1 << geometry.bit(move.cell)
    return geometry, boards[0], boards[1]


_GEOMETRIES: dict[tuple[int, int, int, bool, bool, bool], Geometry] = {}


def _geometry(rows: int, cols: int, k: int, exact: bool, gravity: bool, torus: bool) -> Geometry:
    key = (rows, cols, k, exact, gravity, torus)
    if key not in _GEOMETRIES:
        _GEOMETRIES[key] = Geometry(rows, cols, k, exact, gravity, torus)
    return _GEOMETRIES[key]


class _Search:
    """One solver run: the transposition table, the Zobrist keys and the node count."""

    def __init__(
        self,
        geometry: Geometry,
        seconds: float | None,
        started: float,
        clock: Callable[[], float],
        progress: Callable[[int], None] | None,
        misere: bool = False,
    ) -> None:
        self.geometry = geometry
        self.misere = misere
        self.started = started
        self.seconds = seconds
        self.deadline = None if seconds is None else started + seconds
        self.clock = clock
        self.progress = progress
        self.settled = self.first_moves = 0
        self.lines = tuple(zip(geometry.windows, geometry.flanks, strict=True))
        """Each window of k with its flank cells, which end a line under the exact rule."""
        self.exact = geometry.exact
        self.gravity = geometry.gravity
        self.cols = geometry.cols
        self.bottom = geometry.bottom
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
        self.order = sorted(
            range(self.size),
            key=lambda bit: (geometry.distance(bit), -len(geometry.windows_through[bit]), bit),
        )

    @classmethod
    def starter(
        cls,
        seconds: float | None,
        started: float,
        clock: Callable[[], float],
        progress: Callable[[int], None] | None,
    ) -> Callable[[Geometry, bool], _Search]:
        """A maker of the search of a geometry (misère or not) with these limits."""
        return lambda geometry, misere: cls(geometry, seconds, started, clock, progress, misere)

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
        if not self.nodes & _CLOCK_EVERY:
            self._checkpoint()
        k1, k2 = self.k - 1, self.k - 2
        my_wins = their_wins = threats = 0
        live = False
        exact = self.exact
        for window, flank in self.lines:
            mine = me & window
            theirs = opp & window
            if mine:
                if theirs:
                    continue
                count = mine.bit_count()
                if count > k1:  # part of an overline under the exact rule: no line to make
                    continue
                if count == k1:
                    if not (exact and me & flank):  # else the line would pass k
                        my_wins |= window ^ mine
                elif count == k2:
                    threats |= window ^ mine
            elif theirs:
                count = theirs.bit_count()
                if count > k1:
                    continue
                if count == k1:
                    if not (exact and opp & flank):
                        their_wins |= window ^ theirs
                elif count == k2:
                    threats |= window ^ theirs
            elif k1 == 0 and not (exact and me & flank):
                my_wins |= window
            live = True
        if not live:  # no line can be made: a draw, misère or not
            return 0
        misere = self.misere
        free = self.full & ~(me | opp)
        if self.gravity:  # only the cells on the bottom row or above a mark can be played
            free &= ((me | opp) >> self.cols) | self.bottom
            my_wins &= free
            their_wins &= free
        if misere:
            safe = free & ~my_wins  # a cell of my_wins makes my line: a loss now
            if not safe:
                return -empties
        elif my_wins:
            return empties
        elif their_wins & (their_wins - 1):
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
        if misere:
            spare = safe & ~their_wins  # the rival's losing cells: left to the rival, last
            bits = [bit for bit in self.order if spare >> bit & 1]
            bits += [bit for bit in self.order if (safe & their_wins) >> bit & 1]
        elif their_wins:
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

    def _checkpoint(self) -> None:
        """Every 1,024 nodes: keep the table within bounds, report, stop past the deadline."""
        if len(self.table) >= MAX_TABLE:
            self.table.clear()  # the search stays right, only slower
        if self.progress is not None and not self.nodes & _PROGRESS_EVERY:
            self.progress(self.nodes)
        if self.deadline is not None and self.clock() > self.deadline:
            raise OutOfTime(
                f"not solved within {self.seconds:g} s: {self.nodes:,} nodes searched, "
                f"{self.settled} of {self.first_moves} first moves settled"
            )


@dataclass(frozen=True, slots=True)
class SpaceSolution:
    """What :func:`solve` found for a :class:`~tictactoe.space.SpaceGame`.

    As :class:`Solution`, its best moves being cells of d coordinates.
    """

    value: Value
    to_move: Mark
    plies: int
    best_moves: tuple[Point, ...]
    nodes: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        """The solution as the ``solve --json`` command prints it."""
        return _solution_json(self)


@overload
def solve(
    game: Game,
    *,
    max_empty: int | None = MAX_EMPTY,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    progress: Callable[[int], None] | None = None,
) -> Solution: ...


@overload
def solve(
    game: SpaceGame,
    *,
    max_empty: int | None = MAX_EMPTY,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    progress: Callable[[int], None] | None = None,
) -> SpaceSolution: ...


def solve(
    game: Game | SpaceGame,
    *,
    max_empty: int | None = MAX_EMPTY,
    seconds: float | None = None,
    clock: Callable[[], float] = time.perf_counter,
    progress: Callable[[int], None] | None = None,
) -> Solution | SpaceSolution:
    """Solve the position of ``game`` for the side to move; the game is not changed.

    Args:
        game: the position to solve: a :class:`Game`, or a
            :class:`~tictactoe.space.SpaceGame` (its answer a :class:`SpaceSolution`).
        max_empty: refuse, at once, positions with more empty cells than this (None: no
            limit, for those who will wait: see :data:`MAX_EMPTY` and :func:`hard_cost`).
        seconds: a time limit, None for none; the clock is read every 1,024 nodes.
        clock: the time source, in seconds (tests pass a fake one).
        progress: called with the number of nodes searched so far, every 65,536 of them.

    Raises:
        Unsolvable: the game is on the unbounded grid, has more than two players, is on a
            board of more than :data:`MAX_CELLS` cells, or has more than ``max_empty`` empty
            cells (the message says what a hard search of them may cost).
        OutOfTime: the search ran past ``seconds``; the message says how far it got.
        WrongType: ``game`` not a game, or ``max_empty``, ``seconds``, ``clock`` or
            ``progress`` of the wrong type.
        InvalidArgument: ``max_empty`` below 0, or ``seconds`` not a finite number above 0.

    >>> solve(Game()).value
    Value.DRAW
    >>> solve(Game.from_rows(["XX.", "OO.", "..."])).best_moves
    ((0, 2),)
    >>> solution = solve(SpaceGame((3, 3, 3)), max_empty=None)
    >>> solution.value, solution.best_moves
    (Value.WIN, ((1, 1, 1),))
    """
    if max_empty is not None:
        max_empty = as_int("max_empty", max_empty)
        if max_empty < 0:
            raise InvalidArgument(f"max_empty must be at least 0, not {shown(max_empty)}")
    seconds = check_seconds(seconds)
    check_callable("clock", clock, "returning seconds")
    if progress is not None:
        check_callable("progress", progress, "taking the nodes searched")
    started = clock()
    if isinstance(game, SpaceGame):
        return _solve_space(game, max_empty, _Search.starter(seconds, started, clock, progress))
    empties = empty_cells(game)
    to_move = game.turn
    if game.is_over:
        return Solution(
            _final(game.status, game.winner, to_move), to_move, 0, (), 0, clock() - started
        )
    assert game.rows is not None
    assert game.cols is not None
    _check_reach(f"{game.rows}×{game.cols}", game.rows * game.cols, empties, max_empty)
    geometry, x_board, o_board = bitboards(game)
    search = _Search(geometry, seconds, started, clock, progress, game.misere)
    value, plies, best = _solved(search, x_board, o_board, len(game.moves) & 1, empties)
    best_moves = tuple(geometry.cell(bit) for bit in best)
    return Solution(value, to_move, plies, best_moves, search.nodes, clock() - started)


def _solve_space(
    game: SpaceGame, max_empty: int | None, start: Callable[[Geometry, bool], _Search]
) -> SpaceSolution:
    """:func:`solve` for a board of three or more dimensions."""
    if len(game.players) != 2:
        raise Unsolvable(f"the solver plays two-player games, not {len(game.players)} players")
    cells = math.prod(game.shape)
    empties = cells - len(game.moves)
    to_move = game.turn
    if game.is_over:
        return SpaceSolution(_final(game.status, game.winner, to_move), to_move, 0, (), 0, 0.0)
    _check_reach(game.describe(), cells, empties, max_empty)
    geometry = Geometry.of_space(game.shape, game.k, game.exact)
    boards = [0, 0]
    for move in game.moves:
        boards[game.players.index(move.mark)] |= 1 << geometry.bit_of(move.cell)
    search = start(geometry, game.misere)
    value, plies, best = _solved(search, boards[0], boards[1], len(game.moves) & 1, empties)
    elapsed = search.clock() - search.started
    best_moves = tuple(geometry.point(bit) for bit in best)
    return SpaceSolution(value, to_move, plies, best_moves, search.nodes, elapsed)


def _final(status: Status, winner: Mark | None, to_move: Mark) -> Value:
    """The value of a finished game for the side that would move next.

    That side won only where the last move lost: misère.
    """
    if status is Status.WON:
        return Value.WIN if winner is to_move else Value.LOSS
    return Value.DRAW


def _check_reach(size: str, cells: int, empties: int, max_empty: int | None) -> None:
    """Refuse a board of more than :data:`MAX_CELLS` cells or more than ``max_empty`` empty.

    Raises:
        Unsolvable: saying what a hard search of the empty cells may cost.
    """
    if cells > MAX_CELLS:
        raise Unsolvable(
            f"the {size} board is beyond the solver's reach: {cells:,} cells, {MAX_CELLS:,} at "
            f"most (a hard search of {empties:,} empty cells may take {hard_cost(empties)})"
        )
    if max_empty is not None and empties > max_empty:
        raise Unsolvable(
            f"{empties} empty cells are beyond the solver's reach ({max_empty} at most): "
            f"a hard search of them may take {hard_cost(empties)} here"
        )


def _solved(
    search: _Search, x_board: int, o_board: int, player: int, empties: int
) -> tuple[Value, int, list[int]]:
    """The value of the position, its length in plies, and the bits of its best moves.

    ``player`` is the side to move (0 for the first player), ``empties`` its empty cells.
    """
    geometry = search.geometry
    me, opp = (x_board, o_board) if player == 0 else (o_board, x_board)
    root_hashes = search.hashes((x_board, o_board))
    scores: dict[int, int] = {}
    best = -geometry.size - 2
    playable = geometry.moves(me | opp)
    search.first_moves = playable.bit_count()
    for bit in search.order:
        if not playable >> bit & 1:
            continue
        search.settled = len(scores)
        if geometry.wins(me | 1 << bit, bit):
            score = -empties if search.misere else empties
        else:
            child = tuple(map(xor, root_hashes, search.keys[player][bit]))
            low = best - 1 if best > -geometry.size - 2 else -geometry.size - 2
            score = -search.value(
                opp, me | 1 << bit, empties - 1, -(geometry.size + 2), -low, child
            )
        scores[bit] = score
        best = max(best, score)
    if best > 0:
        value, plies = Value.WIN, empties - (best - 1)
    elif best < 0:
        value, plies = Value.LOSS, empties - (-best - 1)
    else:
        value, plies = Value.DRAW, empties
    return value, plies, sorted(bit for bit, score in scores.items() if score == best)
