"""The search board: stones in a padded array, line patterns kept up to date move by move.

Cells are indices into a flat array with a border of walls ``reach`` cells wide, so that
every step along a line stays inside it. For every cell and each of the four directions the
board keeps the key of its line (two bits a neighbour, see
:class:`~tictactoe._threat.patterns.PatternTable`); a stone changes only the keys of the
cells within ``reach`` of it along its four lines, by one addition each. From the four
levels of an empty cell come, for each player, its threat class (:data:`FIVE_CELL` down to
:data:`THREE_CELL`) and its value; the board keeps the cells of each class in sets and the
sum of the values, so "where can this player make a four" is a set, and the evaluation a
subtraction.

On the unbounded grid, and on boards too big to search whole, the board is a window around
the stones near the last move, with a margin wide enough that the search never comes near
its edge in practice. A board follows its game from move to move (:meth:`Board.follow`) for
as long as the new stones leave that margin free, so the window stays put. The tests play it
move by move against :class:`~tictactoe.game.Game`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from tictactoe._threat.patterns import (
    BLOCK4,
    FIVE,
    FLEX3,
    FLEX4,
    LEVEL_BITS,
    LEVEL_MASK,
    PatternTable,
)
from tictactoe.outcome import Cell, Move

if TYPE_CHECKING:
    from tictactoe.game import Game

__all__ = [
    "CONTINUITY",
    "FIVE_CELL",
    "FOUR_CELL",
    "FOUR_THREE_CELL",
    "THREE_CELL",
    "TWO_THREES_CELL",
    "WIN_CELL",
    "Board",
]

THREE_CELL, TWO_THREES_CELL, FOUR_CELL, FOUR_THREE_CELL, WIN_CELL, FIVE_CELL = range(1, 7)
"""Threat classes of an empty cell for a player: what a stone there makes.

An open three, two open threes, a four, a four and an open three, an open four or two fours
(a win in two moves unless the rival wins first), a five.
"""
CONTINUITY = 4
"""How far along a line from a threat the next open three of a threat search may lie."""
_MARGIN = 12
"""Free rows and columns kept around the stones in a window."""
_SLACK = 6
"""Free rows and columns a new window has beyond :data:`_MARGIN`, so that the stones of the
next moves fit in it too and :meth:`Board.follow` can keep it."""
WHOLE_BOARD = 1600
"""Boards of up to this many cells are searched whole; bigger ones through a window."""
REACH = 24
"""The stones within this many king steps of the last move set a window's bounds.

A stone farther away cannot take part in any line the search will look at; it is on the
board only if it falls inside the window all the same."""
_VALUES = (0, 0, 28, 36, 38, 39, 400, 5000)
"""A cell's value for a player, by level, summed over its four lines.

The weights of the levels up to a four, like :data:`_BONUS` and the search's ``_TEMPO``
and ``_INITIATIVE``, are fitted to the outcomes of games (``bench/fit_eval.py``: a logistic
regression over 35,000 quiet positions of 1,440 games). A cell where a stone makes a two
counts nearly as much as one where it makes an open three: many lines to build on win the
middlegame. No open four or five stands in a quiet position: those levels keep weights
that put them above everything else.
"""
_BONUS = (0, 44, 699, 38, 1449, 600, 0)
"""Added to a cell's value, by threat class: combinations are worth more than their parts."""
_TABLES: dict[tuple[int, bool], PatternTable] = {}


def _table(k: int, exact: bool) -> PatternTable:
    found = _TABLES.get((k, exact))
    if found is None:
        found = _TABLES[(k, exact)] = PatternTable(k, exact=exact)
    return found


_CODE_BITS = 2 * LEVEL_BITS
"""Bits of one direction's level pair in a cell's code."""
_CODE_MASK = (1 << _CODE_BITS) - 1
_CELLS: dict[int, tuple[int, int, int, int]] = {}
"""Four packed level pairs -> (value for player 1, for player 2, class for 1, class for 2)."""


def _middle(rows: int | None, cols: int | None) -> Cell:
    return (0, 0) if rows is None or cols is None else (rows // 2, cols // 2)


def _distance(one: Cell, other: Cell) -> int:
    return max(abs(one[0] - other[0]), abs(one[1] - other[1]))


def _cell_info(code: int) -> tuple[int, int, int, int]:
    pairs = [(code >> (_CODE_BITS * direction)) & _CODE_MASK for direction in range(4)]
    found = []
    for shift in (0, LEVEL_BITS):
        own = [(pair >> shift) & LEVEL_MASK for pair in pairs]
        threat = _threat_class(own)
        found.append((sum(_VALUES[level] for level in own) + _BONUS[threat], threat))
    return found[0][0], found[1][0], found[0][1], found[1][1]


def _info(code: int) -> tuple[int, int, int, int]:
    """The values and classes of a cell with these four packed level pairs (kept)."""
    info = _CELLS.get(code)
    if info is None:
        info = _CELLS[code] = _cell_info(code)
    return info


def _threat_class(levels: list[int]) -> int:
    """The threat class made by a stone with these four line levels (0 for none)."""
    top = max(levels)
    if top == FIVE:
        return FIVE_CELL
    fours = sum(1 for level in levels if level >= BLOCK4)
    threes = sum(1 for level in levels if level == FLEX3)
    if top == FLEX4 or fours >= 2:
        return WIN_CELL
    if fours:
        return FOUR_THREE_CELL if threes else FOUR_CELL
    if threes:
        return TWO_THREES_CELL if threes >= 2 else THREE_CELL
    return 0


class Board:
    """Stones of two players (1 and 2) on a window of cells, with their line patterns.

    Args:
        k: stones in a row that win.
        rows: rows of the window.
        cols: columns of the window.
        exact: only exactly k in a row wins.
        origin: the game's cell at the window's top-left corner.
    """

    def __init__(
        self, k: int, rows: int, cols: int, *, exact: bool = False, origin: Cell = (0, 0)
    ) -> None:
        self.table = _table(k, exact)
        self.k = k
        self.rows = rows
        self.cols = cols
        self.origin = origin
        reach = self.reach = self.table.reach
        width = self.width = cols + 2 * reach
        size = width * (rows + 2 * reach)
        self.steps = (1, width, width + 1, width - 1)
        """The index steps of the four directions: along a row, a column, two diagonals."""
        self.near_line = frozenset(
            sign * step * offset
            for step in self.steps
            for offset in range(1, CONTINUITY + 1)
            for sign in (1, -1)
        )
        """Index offsets of the cells within :data:`CONTINUITY` of a cell along its lines."""
        self.stones = [3] * size
        """0 empty, 1 or 2 a player's stone, 3 a wall."""
        for row in range(rows):
            start = (row + reach) * width + reach
            self.stones[start : start + cols] = [0] * cols
        self.keys = [[0] * size for _ in range(4)]
        self.codes = [0] * size
        """By cell, its four packed level pairs, six bits a direction (empty cells only)."""
        self.value = [[0] * size, [0] * size, [0] * size]
        """Each player's value of each empty cell (index 0 unused)."""
        self.threat = [[0] * size, [0] * size, [0] * size]
        """Each player's threat class of each empty cell (index 0 unused)."""
        self.fives: list[set[int]] = [set(), set(), set()]
        """Each player's cells that make a five."""
        self.fours: list[set[int]] = [set(), set(), set()]
        """Each player's cells that make a four or better, short of a five."""
        self.threes: list[set[int]] = [set(), set(), set()]
        """Each player's cells that make an open three (and no four)."""
        self._sets = [
            [set(), self.threes[player], self.threes[player]]
            + [self.fours[player]] * 3
            + [self.fives[player]]
            for player in range(3)
        ]
        """Each player's set for each threat class (class 0 has a set that stays empty)."""
        self.total = [0, 0, 0]
        """Each player's values summed over the empty cells."""
        self.near = [0] * size
        """How many stones lie within two king steps of each cell."""
        self.candidates: set[int] = set()
        """The empty cells near a stone: where the search looks for moves."""
        self.moves: list[int] = []
        self.parity = 0
        """1 when a stone left out of the window changed whose turn it is."""
        self.followed: tuple[Move, ...] = ()
        """The game's moves the board stands for (see :meth:`from_game` and :meth:`follow`)."""
        self._geometry: tuple[int, bool, int | None, int | None] | None = None
        """The k, exactness, rows and columns of the game followed."""
        self._followed_stones = 0
        """The stones on the board when it last caught up with the game."""
        self.hash = 0
        rng = random.Random(0x7A1C)
        self._zobrist = [[rng.getrandbits(64) for _ in range(size)] for _ in range(3)]
        self._ring = [
            d_row * width + d_col
            for d_row in range(-2, 3)
            for d_col in range(-2, 3)
            if d_row or d_col
        ]
        self._shifts = [
            [(step * offset, self.table.shift(-offset)) for offset in range(1, reach + 1)]
            + [(-step * offset, self.table.shift(offset)) for offset in range(1, reach + 1)]
            for step in self.steps
        ]
        """By direction: (index offset of a neighbour, bit position of the cell in its key)."""
        self._around = [
            [
                (index + offset, self.keys[direction], shift, _CODE_BITS * direction)
                for direction, shifts in enumerate(self._shifts)
                for offset, shift in shifts
                if 0 <= index + offset < size and self.stones[index + offset] != 3
            ]
            if stone != 3
            else []
            for index, stone in enumerate(self.stones)
        ]
        """By cell: the neighbours whose keys a stone there changes, off the walls, each with
        the keys of its direction, its bit in them, and its direction's place in a code."""
        self.is_tactical = False
        """Whether only the levels a threat search reads are kept (see :meth:`set_tactical`)."""
        self._known = self.table.known
        self._packed = self.table.packed
        self._start()

    @classmethod
    def from_game(cls, game: Game) -> Board:
        """The board of ``game`` (two players), whole or through a window.

        A board of up to :data:`WHOLE_BOARD` cells is taken whole; a bigger one, and the
        unbounded grid, through a window around the stones near the last move (clipped to
        the board), whose edge reads as a wall. Every stone inside the window is on the
        board, those far from the last move included.
        """
        rows, cols = game.rows, game.cols
        if rows is not None and cols is not None and rows * cols <= WHOLE_BOARD:
            board = cls(game.k, rows, cols, exact=game.exact)
            kept = list(game.moves)
        else:
            last = game.moves[-1].cell if game.moves else _middle(rows, cols)
            kept = [move for move in game.moves if _distance(move.cell, last) <= REACH]
            cells = [move.cell for move in kept] or [last]
            margin = _MARGIN + _SLACK
            top = min(row for row, _ in cells) - margin
            left = min(col for _, col in cells) - margin
            bottom = max(row for row, _ in cells) + margin
            right = max(col for _, col in cells) + margin
            if rows is not None and cols is not None:
                top, left = max(top, 0), max(left, 0)
                bottom, right = min(bottom, rows - 1), min(right, cols - 1)
            board = cls(
                game.k, bottom - top + 1, right - left + 1, exact=game.exact, origin=(top, left)
            )
            kept = [move for move in game.moves if board.is_inside(move.cell)]
        board.parity = (len(game.moves) - len(kept)) % 2
        for move in kept:
            board.play(board.index(move.cell), game.players.index(move.mark) + 1)
        board.followed = game.moves
        board._followed_stones = len(board.moves)
        board._geometry = (game.k, game.exact, rows, cols)
        return board

    def follow(self, game: Game) -> bool:
        """Play on the board the moves of ``game`` it has not seen; False if it cannot.

        It can when it was made from an earlier position of the same game (or one with the
        same moves so far), stands as it was then (no search left a stone on it, not in
        tactical mode), and every new stone leaves :data:`_MARGIN` free rows and columns
        between it and each edge of the window that is not an edge of the game's board. A
        few moves cost far less than a new board, and a window that stays put keeps the
        keys of what the threat searches proved valid for the next move. When it cannot,
        the board is left unchanged.
        """
        seen = self.followed
        moves = game.moves
        if (
            self._geometry != (game.k, game.exact, game.rows, game.cols)
            or self.is_tactical
            or len(self.moves) != self._followed_stones
            or moves[: len(seen)] != seen
            or not all(self._has_room(move.cell, game) for move in moves[len(seen) :])
        ):
            return False
        for move in moves[len(seen) :]:
            self.play(self.index(move.cell), game.players.index(move.mark) + 1)
        self.followed = moves
        self._followed_stones = len(self.moves)
        return True

    def _has_room(self, cell: Cell, game: Game) -> bool:
        """Whether a stone at ``cell`` leaves :data:`_MARGIN` free to the window's open edges.

        An edge of the window that is an edge of the game's board is a real wall: no room
        is needed there.
        """
        row, col = cell
        top, left = self.origin
        bottom, right = top + self.rows - 1, left + self.cols - 1
        room = [row - top, col - left, bottom - row, right - col]
        if game.rows is not None and game.cols is not None:
            walls = (top == 0, left == 0, bottom == game.rows - 1, right == game.cols - 1)
            room = [_MARGIN if wall else free for free, wall in zip(room, walls, strict=True)]
        return min(room) >= _MARGIN

    def index(self, cell: Cell) -> int:
        """The index of a game cell (which must lie in the window)."""
        row, col = cell
        top, left = self.origin
        return (row - top + self.reach) * self.width + col - left + self.reach

    def cell(self, index: int) -> Cell:
        """The game cell at ``index``."""
        row, col = divmod(index, self.width)
        top, left = self.origin
        return (row - self.reach + top, col - self.reach + left)

    def is_inside(self, cell: Cell) -> bool:
        """Whether a game cell lies in the window."""
        row, col = cell
        top, left = self.origin
        return 0 <= row - top < self.rows and 0 <= col - left < self.cols

    @property
    def to_move(self) -> int:
        """The player whose turn it is: 1 after an even number of moves, else 2."""
        return 1 + (len(self.moves) + self.parity) % 2

    def _start(self) -> None:
        """Keys, levels and classes of every cell of the empty window (walls read as 3)."""
        stones, shift = self.stones, self.table.shift
        offsets = [offset for offset in range(-self.reach, self.reach + 1) if offset]
        for direction, step in enumerate(self.steps):
            keys = self.keys[direction]
            for index, stone in enumerate(stones):
                if not stone:
                    keys[index] = sum(
                        3 << shift(offset)
                        for offset in offsets
                        if stones[index + step * offset] == 3
                    )
        for index, stone in enumerate(stones):
            if not stone:
                self._refresh_all(index)
                self._enter(index)

    def set_tactical(self, tactical: bool) -> None:
        """Keep only the levels a threat search reads, from the open three up, or all of them.

        Most cells within reach of a stone change level when it is played, nearly all of
        them at the low levels (room, twos, closed threes), which only the evaluation reads.
        In tactical mode those read as dead, so a stone changes the levels of a few cells;
        nor are :attr:`near` and :attr:`candidates` kept. The fives, fours, open threes and
        threat classes stay exact, and a move is played and taken back about twice as fast;
        the rest, but for :meth:`full_value` and :meth:`full_value_to_both`, means nothing
        until the board is set back.
        Each switch rescores every empty cell (about a millisecond on 15×15).
        """
        if tactical == self.is_tactical:
            return
        self.is_tactical = tactical
        table = self.table
        self._known = table.tactical if tactical else table.known
        self._packed = table.tactical_packed if tactical else table.packed
        if not tactical:
            self._count_near()
        for index, stone in enumerate(self.stones):
            if not stone:
                self._leave(index)
                self._refresh_all(index)
                self._enter(index)

    def _count_near(self) -> None:
        """Count anew the stones near each cell (tactical mode leaves the counts behind)."""
        near = self.near
        near[:] = [0] * len(near)
        for index in self.moves:
            for offset in self._ring:
                near[index + offset] += 1

    def play(self, index: int, player: int) -> bool:
        """Put ``player``'s stone on the empty cell ``index``; True if it makes a five."""
        won = index in self.fives[player]
        self._leave(index)
        self.stones[index] = player
        self.hash ^= self._zobrist[player][index]
        self.moves.append(index)
        self._spread(index, player)
        if not self.is_tactical:
            for offset in self._ring:
                self.near[index + offset] += 1
                if self.near[index + offset] == 1 and self.stones[index + offset] == 0:
                    self.candidates.add(index + offset)
        return won

    def undo(self) -> None:
        """Take back the last stone."""
        index = self.moves.pop()
        player = self.stones[index]
        self.stones[index] = 0
        self.hash ^= self._zobrist[player][index]
        self._spread(index, -player)
        if not self.is_tactical:
            for offset in self._ring:
                self.near[index + offset] -= 1
                if self.near[index + offset] == 0:
                    self.candidates.discard(index + offset)
        self._refresh_all(index)
        self._enter(index)

    def _spread(self, index: int, change: int) -> None:
        """Add ``change`` at the cell's bit in the keys of its neighbours; refresh them.

        This is the hot path of every search: the rescoring of a neighbour is written out
        here rather than called.
        """
        stones, known, packed_of = self.stones, self._known, self._packed
        codes = self.codes
        value_1, value_2 = self.value[1], self.value[2]
        threat_1, threat_2 = self.threat[1], self.threat[2]
        sets_1, sets_2 = self._sets[1], self._sets[2]
        total = self.total
        cells = _CELLS
        for neighbour, keys, shift, place in self._around[index]:
            key = keys[neighbour] + (change << shift)
            keys[neighbour] = key
            if stones[neighbour]:
                continue
            packed = known.get(key)
            if packed is None:
                packed = packed_of(key)
            code = codes[neighbour]
            pair = (code >> place) & _CODE_MASK
            if packed == pair:
                continue
            code += (packed - pair) << place
            codes[neighbour] = code
            info = cells.get(code)
            if info is None:
                info = cells[code] = _cell_info(code)
            new_value, new_value_2, new_threat, new_threat_2 = info
            total[1] += new_value - value_1[neighbour]
            value_1[neighbour] = new_value
            total[2] += new_value_2 - value_2[neighbour]
            value_2[neighbour] = new_value_2
            old = threat_1[neighbour]
            if new_threat != old:
                threat_1[neighbour] = new_threat
                if old:
                    sets_1[old].discard(neighbour)
                if new_threat:
                    sets_1[new_threat].add(neighbour)
            old = threat_2[neighbour]
            if new_threat_2 != old:
                threat_2[neighbour] = new_threat_2
                if old:
                    sets_2[old].discard(neighbour)
                if new_threat_2:
                    sets_2[new_threat_2].add(neighbour)

    def _refresh_all(self, index: int) -> None:
        """Recompute a cell's code, values and classes from its keys (sets and totals untouched).

        For when the code may be stale: at the start, on a change of mode, and when a stone
        is taken back (an occupied cell's keys are kept up to date, its code is not).
        """
        code = self.codes[index] = self._code(index, self._packed)
        info = _info(code)
        self.value[1][index], self.value[2][index] = info[0], info[1]
        self.threat[1][index], self.threat[2][index] = info[2], info[3]

    def _leave(self, index: int) -> None:
        """Take an empty cell out of the sets and totals (it is being filled)."""
        self.candidates.discard(index)
        for player in (1, 2):
            self.total[player] -= self.value[player][index]
            threat = self.threat[player][index]
            if threat:
                self._sets[player][threat].discard(index)

    def _enter(self, index: int) -> None:
        """Put an empty cell back into the sets and totals its classes say."""
        if self.near[index]:
            self.candidates.add(index)
        for player in (1, 2):
            self.total[player] += self.value[player][index]
            threat = self.threat[player][index]
            if threat:
                self._sets[player][threat].add(index)

    def full_value(self, index: int, player: int) -> int:
        """The value of the empty ``index`` to ``player`` counting every level, in either mode.

        In tactical mode :attr:`value` leaves out the twos and closed threes; this reads
        them from the cell's line keys (kept exact in both modes), so that a threat search
        can still tell the better of two threats of the same class.
        """
        if not self.is_tactical:
            return self.value[player][index]
        return _info(self._code(index, self.table.packed))[player - 1]

    def full_value_to_both(self, index: int) -> int:
        """:meth:`full_value` to both players, summed: the cell's worth, attack and defence.

        One reading of the cell's keys serves both players.
        """
        if not self.is_tactical:
            return self.value[1][index] + self.value[2][index]
        info = _info(self._code(index, self.table.packed))
        return info[0] + info[1]

    def _code(self, index: int, packed: Callable[[int], int]) -> int:
        """The cell's code as its line keys give it, each read through ``packed``."""
        keys = self.keys
        return (
            packed(keys[0][index])
            | packed(keys[1][index]) << _CODE_BITS
            | packed(keys[2][index]) << 2 * _CODE_BITS
            | packed(keys[3][index]) << 3 * _CODE_BITS
        )

    def line(self, index: int, direction: int) -> list[int]:
        """The empty cells within ``reach`` of ``index`` along one direction."""
        step = self.steps[direction]
        stones = self.stones
        return [
            index + step * offset
            for offset in range(-self.reach, self.reach + 1)
            if offset and stones[index + step * offset] == 0
        ]

    def level(self, index: int, direction: int, player: int) -> int:
        """The level a stone of ``player`` on the empty ``index`` makes along ``direction``."""
        place = _CODE_BITS * direction + LEVEL_BITS * (player - 1)
        return (self.codes[index] >> place) & LEVEL_MASK
