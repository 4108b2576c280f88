"""The heuristic bot's search on the solver's bit twin: gravity, and boards of d dimensions.

Where moves are few (under gravity a column offers one) or the board is small and dense with
lines (3×3×3, Qubic's 4×4×4), the search can afford what the free-cell search of the plane
cannot: every legal move at every ply, alpha-beta, deepening until the node or time budget
is spent. It runs on the solver's bit twin (:class:`~tictactoe._bitboard.Geometry`), whose
``moves`` are the playable cells and whose windows are the places a line fits. Two players.

- A move that completes the mover's line ends the search there (under misère it loses, so it
  is played only when every move does).
- A rival with two landing cells that complete its line wins; with one, that cell is the
  only move (under misère, the rival's completing cells are left to the rival).
- At the horizon a position is scored by its windows: each window that holds one player's
  marks alone is worth ``WEIGHT ** marks`` to that player, so three in an open window weighs
  far more than two, and a window both players have entered is dead. A window one mark short
  whose empty cell cannot be played yet is a threat that waits for its column to fill, and
  counts ``THREAT`` times more where its row favours its owner: the first player's threats on
  the odd rows counted from the bottom, the second player's on the even ones (the rule of
  zugzwang that decides Connect Four's endgames). Under misère the score is negated: a line to
  make is a liability.
- Moves are tried centre columns first under gravity, else the cells on the most lines
  first; at the root, the best of the previous iteration first.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

from tictactoe._bitboard import Geometry
from tictactoe.game import Game
from tictactoe.space import Point, SpaceGame

__all__ = ["THREAT", "WEIGHT", "BitSearch", "space_move"]

WEIGHT = 8
"""How much one more mark multiplies the worth of an open window."""
THREAT = 4
"""How much more a waiting threat on a row of its owner's parity is worth."""
_WIN = 1 << 40
_MAX_DEPTH = 64


class _OutOfBudget(Exception):
    """The nodes or the time are spent: the deepest finished iteration's move stands."""


class BitSearch:
    """One move's search for the side to move, ``me``, against ``opp`` (their bitboards)."""

    def __init__(
        self,
        geometry: Geometry,
        me: int,
        opp: int,
        *,
        misere: bool,
        nodes: int,
        deadline: float | None,
        clock: Callable[[], float],
    ) -> None:
        self.geometry = geometry
        self.misere = misere
        self.me, self.opp = me, opp
        self.nodes = 0
        self.budget = nodes
        self.deadline = deadline
        self.clock = clock
        self.weights = [WEIGHT**count for count in range(geometry.k + 1)]
        self.columns: list[int] = []
        """Under gravity, each column's cells as a mask, centre columns first."""
        if geometry.gravity:
            centre = (geometry.cols - 1) / 2
            column = sum(1 << (row * geometry.cols) for row in range(geometry.rows))
            by_centre = sorted(range(geometry.cols), key=lambda c: abs(c - centre))
            self.columns = [column << col for col in by_centre]
        self.order = sorted(
            range(geometry.size),
            key=lambda bit: (-len(geometry.windows_through[bit]), geometry.distance(bit), bit),
        )
        """Elsewhere, the cells on the most lines first, then the nearest the centre."""
        odd = sum(
            ((1 << geometry.cols) - 1) << (row * geometry.cols)
            for row in range(geometry.rows)
            if (geometry.rows - row) % 2
        )
        self.parity = (odd, geometry.full & ~odd)
        """The cells where the first player's threats are strong, and the second player's."""

    @classmethod
    def of_game(
        cls, game: Game, *, nodes: int, deadline: float | None, clock: Callable[[], float]
    ) -> BitSearch:
        """The search of a two-player plane ``game`` (under gravity, say)."""
        assert game.rows is not None
        assert game.cols is not None
        geometry = Geometry(game.rows, game.cols, game.k, game.exact, game.gravity, game.torus)
        boards = [0, 0]
        for move in game.moves:
            boards[game.players.index(move.mark)] |= 1 << geometry.bit(move.cell)
        me = game.players.index(game.turn)
        return cls(
            geometry,
            boards[me],
            boards[1 - me],
            misere=game.misere,
            nodes=nodes,
            deadline=deadline,
            clock=clock,
        )

    def best(self) -> int:
        """The move's bit, deepening a ply at a time until the budget runs out or a win is sure."""
        moves = self._ordered(self.geometry.moves(self.me | self.opp))
        choice = moves[0]
        for depth in range(1, _MAX_DEPTH + 1):
            try:
                value, found = self._root(moves, depth)
            except _OutOfBudget:
                break
            choice = found
            moves.remove(found)
            moves.insert(0, found)
            if abs(value) >= _WIN or depth >= self.geometry.size:
                break
        return choice

    def _root(self, moves: list[int], depth: int) -> tuple[int, int]:
        """The value and the best move at the root, searched ``depth`` plies deep."""
        alpha, best = -2 * _WIN, moves[0]
        for bit in moves:
            value = -self._value(self.opp, self.me | 1 << bit, bit, depth - 1, -2 * _WIN, -alpha)
            if value > alpha:
                alpha, best = value, bit
        return alpha, best

    def _value(self, me: int, opp: int, last: int, depth: int, alpha: int, beta: int) -> int:
        """Negamax value for the side to move (``me``); ``opp`` just played bit ``last``."""
        self.nodes += 1
        if self.nodes > self.budget or (
            self.deadline is not None and not self.nodes & 0xFF and self.clock() > self.deadline
        ):
            raise _OutOfBudget
        geometry = self.geometry
        if geometry.wins(opp, last):  # the rival's last move made its line
            return _WIN + depth if self.misere else -_WIN - depth
        moves = geometry.moves(me | opp)
        if not moves:
            return 0
        mine, theirs = self._completing(me, moves), self._completing(opp, moves)
        if self.misere:
            if mine == moves:
                return -_WIN - depth  # every move makes my own line
            moves &= ~mine
            if moves & ~theirs:  # the rival's losing cells are left to the rival
                moves &= ~theirs
        elif mine:
            return _WIN + depth
        elif theirs & (theirs - 1):
            return -_WIN - depth
        elif theirs:
            moves = theirs
        if depth <= 0:
            return self._score(me, opp)
        for bit in self._ordered(moves):
            value = -self._value(opp, me | 1 << bit, bit, depth - 1, -beta, -alpha)
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
        return alpha

    def _completing(self, board: int, moves: int) -> int:
        """The cells of ``moves`` where ``board``'s player would make its line."""
        found = 0
        wins = self.geometry.wins
        rest = moves
        while rest:
            low = rest & -rest
            rest ^= low
            if wins(board | low, low.bit_length() - 1):
                found |= low
        return found

    def _score(self, me: int, opp: int) -> int:
        """The worth of the position to ``me`` at the horizon: its open windows, weighed."""
        weights = self.weights
        geometry = self.geometry
        taken = me | opp
        waiting = geometry.full & ~geometry.moves(taken) & ~taken
        first = taken.bit_count() % 2 == 0  # whether ``me`` moved first
        mine_strong, theirs_strong = self.parity if first else self.parity[::-1]
        short = geometry.k - 1
        total = 0
        for window in geometry.windows:
            mine, theirs = me & window, opp & window
            if mine and not theirs:
                count = mine.bit_count()
                worth = weights[count]
                if count == short and window & waiting & mine_strong:
                    worth *= THREAT
                total += worth
            elif theirs and not mine:
                count = theirs.bit_count()
                worth = weights[count]
                if count == short and window & waiting & theirs_strong:
                    worth *= THREAT
                total -= worth
        return -total if self.misere else total

    def _ordered(self, moves: int) -> list[int]:
        """The bits of ``moves`` in the order they are tried: :attr:`columns` or :attr:`order`."""
        if self.columns:  # one move a column at most
            return [(moves & column).bit_length() - 1 for column in self.columns if moves & column]
        return [bit for bit in self.order if moves >> bit & 1]


@functools.lru_cache(maxsize=16)
def _space_geometry(shape: tuple[int, ...], k: int, exact: bool) -> Geometry:
    return Geometry.of_space(shape, k, exact)


def space_move(
    game: SpaceGame, *, nodes: int, deadline: float | None, clock: Callable[[], float]
) -> Point:
    """The heuristic move in a :class:`~tictactoe.space.SpaceGame` that is not over.

    Two players: the search. More: a cell that makes the mover's line, else one that makes the
    next player's who can (a block), else the free cell on the most lines.
    """
    geometry = _space_geometry(game.shape, game.k, game.exact)
    count = len(game.players)
    boards = [0] * count
    for move in game.moves:
        boards[game.players.index(move.mark)] |= 1 << geometry.bit_of(move.cell)
    me = game.players.index(game.turn)
    if count == 2:
        search = BitSearch(
            geometry,
            boards[me],
            boards[1 - me],
            misere=game.misere,
            nodes=nodes,
            deadline=deadline,
            clock=clock,
        )
        return geometry.point(search.best())
    taken = 0
    for board in boards:
        taken |= board
    free = geometry.moves(taken)
    for step in range(count):
        board = boards[(me + step) % count]
        for bit in range(geometry.size):
            if free >> bit & 1 and geometry.wins(board | 1 << bit, bit):
                return geometry.point(bit)
    most = max(
        len(geometry.windows_through[bit]) for bit in range(geometry.size) if free >> bit & 1
    )
    best = [
        bit
        for bit in range(geometry.size)
        if free >> bit & 1 and len(geometry.windows_through[bit]) == most
    ]
    return geometry.point(random.Random(len(game.moves)).choice(best))
