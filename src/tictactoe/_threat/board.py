"""The search board: stones in a padded array, line patterns kept up to date move by move.

Cells are indices into a flat array with a border of walls ``reach`` cells wide, so that
every step along a line stays inside it. Each line of the window, in each of the four
directions, is one integer with two bits a cell; the key of a cell in one direction is the
slice of its line ``reach`` cells each side (see
:class:`~tictactoe._threat.patterns.PatternTable`), and the board keeps, for every empty cell,
the four levels its keys give for each player, packed in one code. A stone changes its four
lines by one addition each; which of its neighbours then change level, and how, depends on
the slice of the line ``2 * reach`` cells each side alone, so it is worked out once per
distinct slice and kept: a move visits only the cells whose levels change. From the four
levels of an empty cell come, for each player, its threat class and its value, by the bot's
weights (:mod:`~tictactoe._threat.scoring`); the board keeps the cells of each class in sets
and the sum of the values, so "where can this player make a four" is a set, and the
evaluation a subtraction. A stone may be played lazily: the totals and threats are made at once, the
low levels and values of its neighbours only when the next moves are to be ordered, so a
leaf of a search, scored and taken back, costs far less.

On the unbounded grid, and on boards too big to search whole, the board is a window around
the stones near the last move, with a margin wide enough that the search never comes near
its edge in practice. A board follows its game from move to move
(:meth:`PatternBoard.follow`) for as long as the new stones leave that margin free, so the
window stays put. The tests play it move by move against :class:`~tictactoe.game.Game`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from tictactoe._rules import FREESTYLE, RENJU, STANDARD, forbidden
from tictactoe._threat.params import DEFAULT_PARAMS, Params
from tictactoe._threat.patterns import BLOCK4, FLEX3, FLEX4, LEVEL_BITS, LEVEL_MASK, PatternTable
from tictactoe._threat.scoring import CODE_BITS, WIN_CELL, Shallow, scoring, trim_effects
from tictactoe.outcome import Cell, Move

if TYPE_CHECKING:
    from tictactoe.game import Game

__all__ = ["PatternBoard"]

_TABLES: dict[tuple[int, str], PatternTable] = {}
_VERDICTS_KEPT = 1 << 18
"""Renju verdicts a board keeps before it forgets them all (a few tens of megabytes)."""


def _table(k: int, rule: str) -> PatternTable:
    found = _TABLES.get((k, rule))
    if found is None:
        found = _TABLES[(k, rule)] = PatternTable(k, rule)
    return found


_Saved = tuple[list[int], list[int], list[int], list[int], list[int], set[int]]
"""The moves, codes, values of each player, totals and stale stones of a board."""
_TACTICAL: dict[int, int] = {}
"""Codes -> the same with every level below an open three read as dead."""


def _middle(rows: int | None, cols: int | None) -> Cell:
    return (0, 0) if rows is None or cols is None else (rows // 2, cols // 2)


def _distance(one: Cell, other: Cell) -> int:
    return max(abs(one[0] - other[0]), abs(one[1] - other[1]))


def _tactical(code: int) -> int:
    """A cell's code with every level below an open three read as dead (kept)."""
    found = _TACTICAL.get(code)
    if found is None:
        found = 0
        for at in range(0, 4 * CODE_BITS, LEVEL_BITS):
            level = (code >> at) & LEVEL_MASK
            if level >= FLEX3:
                found |= level << at
        _TACTICAL[code] = found
    return found


class PatternBoard:
    """Stones of two players (1 and 2) on a window of cells, with their line patterns.

    Args:
        k: stones in a row that win.
        rows: rows of the window.
        cols: columns of the window.
        exact: only exactly k in a row wins (the standard rule).
        rule: the game's rule by name (see :mod:`tictactoe._rules`), in place of ``exact``.
            Under renju the board also tells Black's forbidden points
            (:meth:`is_forbidden`), which the searches leave out of Black's moves.
        origin: the game's cell at the window's top-left corner.
        params: the bot's tuning: the weights of the cells' values, how far apart the threats
            of a threat search may lie, the window's margins.
    """

    def __init__(
        self,
        k: int,
        rows: int,
        cols: int,
        *,
        exact: bool = False,
        rule: str | None = None,
        origin: Cell = (0, 0),
        params: Params = DEFAULT_PARAMS,
    ) -> None:
        self.params = params
        rule = rule or (STANDARD if exact else FREESTYLE)
        self.table = _table(k, rule)
        self.renju = rule == RENJU
        """Whether Black's forbidden points are left out of its moves."""
        self._verdicts: dict[int, bool] = {}
        """Renju verdicts by position and cell (see :meth:`is_forbidden`)."""
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
            for offset in range(1, params.continuity + 1)
            for sign in (1, -1)
        )
        """Index offsets of the cells within :attr:`Params.continuity
        <tictactoe._threat.params.Params.continuity>` of a cell along its lines."""
        self.stones = [3] * size
        """0 empty, 1 or 2 a player's stone, 3 a wall."""
        for row in range(rows):
            start = (row + reach) * width + reach
            self.stones[start : start + cols] = [0] * cols
        self.lines: list[int] = []
        """Every line of the window (and its walls) in each direction, two bits a cell as in
        a key, with ``2 * reach`` walls before and after."""
        self._slots: list[tuple[tuple[int, int, int, int], ...]] = [()] * size
        """By cell off the walls: for each direction, the number of its line, the bit of the
        cell in it, the direction's index step and its direction's place in a code."""
        self._lay_lines(rows + 2 * reach)
        self._segment_mask = (1 << 2 * (4 * reach + 1)) - 1
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
        self._geometry: tuple[int, str, int | None, int | None] | None = None
        """The k, rule, rows and columns of the game followed."""
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
        self.is_tactical = False
        """Whether only the levels a threat search reads are kept (see :meth:`set_tactical`)."""
        self._scoring = scoring(params)
        """The weights of the cells' values, with what they give kept (shared)."""
        self._cells = self._scoring.cells
        self._effects = self._scoring.effects(self.table, False)
        self._stale: set[int] = set()
        """Stones whose codes were made in the other mode (see :meth:`set_tactical`)."""
        self._saved: _Saved | None = None
        """The moves, codes, values, totals and stale stones when tactical mode began."""
        self._shifts: list[tuple[Shallow, int, int]] = []
        """The changes below an open three that the last stone makes along its lines, each
        with its line's index step and its direction's place in a code, until they are
        made (see :meth:`finish`)."""
        self.is_finished = True
        """False while the last stone, played lazily, has left :attr:`codes`,
        :attr:`value`, :attr:`near` and :attr:`candidates` behind (see :meth:`play`)."""
        self._start()

    @classmethod
    def from_game(cls, game: Game, params: Params = DEFAULT_PARAMS) -> PatternBoard:
        """The board of ``game`` (two players), whole or through a window, for ``params``.

        A board of up to :attr:`Params.whole_board
        <tictactoe._threat.params.Params.whole_board>` cells is taken whole; a bigger one, and the
        unbounded grid, through a window around the stones near the last move (clipped to
        the board), whose edge reads as a wall. Every stone inside the window is on the
        board, those far from the last move included.

        Like :meth:`follow`, it begins a move: a full table of effects is emptied here.
        """
        trim_effects()
        rows, cols = game.rows, game.cols
        if rows is not None and cols is not None and rows * cols <= params.whole_board:
            board = cls(game.k, rows, cols, rule=game.rule, params=params)
            kept = list(game.moves)
        else:
            last = game.moves[-1].cell if game.moves else _middle(rows, cols)
            reach = params.window_reach
            kept = [move for move in game.moves if _distance(move.cell, last) <= reach]
            cells = [move.cell for move in kept] or [last]
            margin = params.window_margin + params.window_slack
            top = min(row for row, _ in cells) - margin
            left = min(col for _, col in cells) - margin
            bottom = max(row for row, _ in cells) + margin
            right = max(col for _, col in cells) + margin
            if rows is not None and cols is not None:
                top, left = max(top, 0), max(left, 0)
                bottom, right = min(bottom, rows - 1), min(right, cols - 1)
            height, width = bottom - top + 1, right - left + 1
            origin = (top, left)
            board = cls(game.k, height, width, rule=game.rule, origin=origin, params=params)
            kept = [move for move in game.moves if board.is_inside(move.cell)]
        board.parity = (len(game.moves) - len(kept)) % 2
        for move in kept:
            board.play(board.index(move.cell), game.players.index(move.mark) + 1)
        board.followed = game.moves
        board._followed_stones = len(board.moves)
        board._geometry = (game.k, game.rule, rows, cols)
        return board

    def follow(self, game: Game) -> bool:
        """Play on the board the moves of ``game`` it has not seen; False if it cannot.

        It can when it was made from an earlier position of the same game (or one with the
        same moves so far), stands as it was then (no search left a stone on it, not in
        tactical mode), and every new stone leaves :attr:`Params.window_margin
        <tictactoe._threat.params.Params.window_margin>` free rows and columns
        between it and each edge of the window that is not an edge of the game's board. A
        few moves cost far less than a new board, and a window that stays put keeps the
        keys of what the threat searches proved valid for the next move. When it cannot,
        the board is left unchanged. A full table of effects is emptied here, between
        searches.
        """
        trim_effects()
        seen = self.followed
        moves = game.moves
        if (
            self._geometry != (game.k, game.rule, game.rows, game.cols)
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
        """Whether a stone at ``cell`` leaves the window's margin free to its open edges.

        An edge of the window that is an edge of the game's board is a real wall: no room
        is needed there.
        """
        row, col = cell
        top, left = self.origin
        bottom, right = top + self.rows - 1, left + self.cols - 1
        room = [row - top, col - left, bottom - row, right - col]
        margin = self.params.window_margin
        if game.rows is not None and game.cols is not None:
            walls = (top == 0, left == 0, bottom == game.rows - 1, right == game.cols - 1)
            room = [margin if wall else free for free, wall in zip(room, walls, strict=True)]
        return min(room) >= margin

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

    def is_forbidden(self, index: int) -> bool:
        """Whether Black may not play the empty ``index``: renju's forbidden point.

        Worked out by the core's rule (:func:`tictactoe._rules.forbidden`) on the board's
        stones, the window's edge a wall, and kept by position and cell: the searches ask of
        the same few cells again and again. Most cells are settled before that, by their
        lines' levels (see :meth:`_may_be_forbidden`). Never true but under renju.
        """
        if not self.renju or index in self.fives[1] or not self._may_be_forbidden(index):
            return False
        key = self.hash ^ self._zobrist[0][index]
        found = self._verdicts.get(key)
        if found is None:
            if len(self._verdicts) >= _VERDICTS_KEPT:
                self._verdicts.clear()
            row, col = divmod(index, self.width)
            found = self._verdicts[key] = forbidden(self._stone, row, col) is not None
        return found

    def _may_be_forbidden(self, index: int) -> bool:
        """Whether Black's stone on ``index`` makes an overline, or threes and fours enough.

        A renju three is a line whose level is an open three or better, and a renju four
        one whose level is a four or better; two fours on one line make an open four's
        level. So where no two lines reach an open three, none reaches an open four, and
        no run grows past five, the move is not forbidden, whatever the rule's recursion
        would find: a few reads of the code, exact in both modes, and of the stones.
        """
        code = self.codes[index]
        threes = 0
        for direction in range(4):
            level = (code >> CODE_BITS * direction) & LEVEL_MASK
            if level == FLEX4:
                return True
            threes += level >= FLEX3
        return threes >= 2 or self.makes_overline(index)

    def makes_overline(self, index: int) -> bool:
        """Whether Black's stone on the empty ``index`` makes six or more in a row."""
        stones = self.stones
        for step in self.steps:
            run, at = 1, index - step
            while stones[at] == 1:
                run, at = run + 1, at - step
            at = index + step
            while stones[at] == 1:
                run, at = run + 1, at + step
            if run > 5:
                return True
        return False

    def playable(self, cells: list[int], player: int) -> list[int]:
        """``cells`` less those ``player`` may not play (Black's forbidden points, renju)."""
        if player != 1 or not self.renju:
            return cells
        return [cell for cell in cells if not self.is_forbidden(cell)]

    def black_playable(self, sets: list[set[int]]) -> list[set[int]]:
        """``sets`` by player (as :attr:`fours` is), Black's forbidden points out of Black's."""
        return [sets[0], {cell for cell in sets[1] if not self.is_forbidden(cell)}, sets[2]]

    def _stone(self, row: int, col: int) -> int:
        """The stone at a padded ``(row, col)`` as the rules read one: -1 for a wall."""
        width = self.width
        if 0 <= col < width and 0 <= row * width + col < len(self.stones):
            stone = self.stones[row * width + col]
            return -1 if stone == 3 else stone
        return -1

    @property
    def to_move(self) -> int:
        """The player whose turn it is: 1 after an even number of moves, else 2."""
        return 1 + (len(self.moves) + self.parity) % 2

    def _lay_lines(self, height: int) -> None:
        """Make :attr:`lines` and :attr:`_slots` for a padded window ``height`` rows high."""
        width, pad = self.width, self.reach * 2
        for direction, (d_row, d_col) in enumerate(((0, 1), (1, 0), (1, 1), (1, -1))):
            step = self.steps[direction]
            for row in range(height):
                for col in range(width):
                    if 0 <= row - d_row < height and 0 <= col - d_col < width:
                        continue
                    cells = []
                    at_row, at_col = row, col
                    while 0 <= at_row < height and 0 <= at_col < width:
                        cells.append(at_row * width + at_col)
                        at_row, at_col = at_row + d_row, at_col + d_col
                    stones = [3] * pad + [self.stones[index] for index in cells] + [3] * pad
                    number = len(self.lines)
                    self.lines.append(sum(stone << 2 * at for at, stone in enumerate(stones)))
                    for at, index in enumerate(cells, start=pad):
                        if self.stones[index] != 3:
                            slot = (number, 2 * at, step, CODE_BITS * direction)
                            self._slots[index] = (*self._slots[index], slot)

    def _start(self) -> None:
        """Levels and classes of every cell of the empty window."""
        for index, stone in enumerate(self.stones):
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

        The threat classes and their sets are the same in both modes, so a switch changes
        codes, values and totals alone: into tactical mode each code loses its low levels,
        and back from it the codes of the switch are taken back when the stones are the same
        again (a threat search takes back what it plays); else every cell is rescored.
        """
        if tactical == self.is_tactical:
            return
        self.finish()
        self.is_tactical = tactical
        table = self.table
        self._effects = self._scoring.effects(table, tactical)
        if tactical:
            self._saved = (
                list(self.moves),
                self.codes,
                self.value[1],
                self.value[2],
                list(self.total),
                set(self._stale),
            )
            self._stale.clear()
            self.codes = [_tactical(code) for code in self.codes]
            self._take_values()
            return
        self._count_near()
        saved, self._saved = self._saved, None
        if saved is not None and saved[0] == self.moves:
            _, codes, value_1, value_2, total, stale = saved
            self.codes, self.value[1], self.value[2] = codes, value_1, value_2
            self.total[:] = total
            self._stale = stale
            return
        self._stale.update(self.moves)
        for index, stone in enumerate(self.stones):
            if not stone:
                self._leave(index)
                self._refresh_all(index)
                self._enter(index)

    def _take_values(self) -> None:
        """Every cell's values, and the totals, from the codes (the classes are unchanged)."""
        info = self._scoring.info
        infos = [info(code) for code in self.codes]
        self.value[1] = [info[0] for info in infos]
        self.value[2] = [info[1] for info in infos]
        stones = self.stones
        for player in (1, 2):
            values = self.value[player]
            self.total[player] = sum(
                value for value, stone in zip(values, stones, strict=True) if not stone
            )

    def _count_near(self) -> None:
        """Count anew the stones near each cell (tactical mode leaves the counts behind)."""
        near = self.near
        near[:] = [0] * len(near)
        for index in self.moves:
            for offset in self._ring:
                near[index + offset] += 1

    def play(self, index: int, player: int, *, lazily: bool = False) -> bool:
        """Put ``player``'s stone on the empty cell ``index``; True if it makes a five.

        ``lazily`` leaves for :meth:`finish` what the stone does below an open three to the
        codes and values of its neighbours, and to :attr:`near` and :attr:`candidates`:
        what only choosing and ordering the next moves reads. The totals, the threat
        classes and their sets, and everything at or above an open three are exact at
        once, so a leaf of the main search is scored without that work, which is most of
        a move's. The stone is finished when another is played or :meth:`finish` is
        called, and taken back as it stands.
        """
        if not self.is_finished:
            self.finish()
        won = index in self.fives[player]
        self._leave(index)
        self.stones[index] = player
        self.hash ^= self._zobrist[player][index]
        self.moves.append(index)
        self._spread(index, player, 0, True)
        if lazily:
            self.is_finished = False
        elif self._shifts or not self.is_tactical:
            self._finish(index)
        return won

    def finish(self) -> None:
        """Make what the last stone, played lazily, left for later (see :meth:`play`)."""
        if not self.is_finished:
            self.is_finished = True
            self._finish(self.moves[-1])

    def _finish(self, index: int) -> None:
        """Make the changes below an open three the stone on ``index`` left, count it near."""
        if self._shifts:
            self._shift(index)
        if not self.is_tactical:
            near, stones, candidates = self.near, self.stones, self.candidates
            for offset in self._ring:
                neighbour = index + offset
                count = near[neighbour] = near[neighbour] + 1
                if count == 1 and not stones[neighbour]:
                    candidates.add(neighbour)

    def undo(self) -> None:
        """Take back the last stone, finished or not."""
        index = self.moves.pop()
        player = self.stones[index]
        self.stones[index] = 0
        self.hash ^= self._zobrist[player][index]
        finished = self.is_finished
        self.is_finished = True
        if not finished:
            self._shifts.clear()
        self._spread(index, player, 1, finished)
        if finished:
            if self._shifts:
                self._shift(index)
            if not self.is_tactical:
                near, candidates = self.near, self.candidates
                for offset in self._ring:
                    neighbour = index + offset
                    count = near[neighbour] = near[neighbour] - 1
                    if not count:
                        candidates.discard(neighbour)
        self._restore(index)
        self._enter(index)

    def _shift(self, index: int) -> None:
        """Make the changes below an open three kept in :attr:`_shifts` around ``index``."""
        shifts = self._shifts
        codes, value_1, value_2 = self.codes, self.value[1], self.value[2]
        for shallow, step, place in shifts:
            for offset, change, own_1, own_2 in shallow:
                neighbour = index + offset * step
                codes[neighbour] += change << place
                value_1[neighbour] += own_1
                value_2[neighbour] += own_2
        shifts.clear()

    def _spread(self, index: int, player: int, undoing: int, keep: bool) -> None:
        """Put ``player``'s stone on its lines (``undoing`` 0) or take it off (1); rescore.

        Only the empty neighbours whose levels the stone changes are visited: the segment of
        each line around the stone says which (:meth:`Scoring.effect
        <tictactoe._threat.scoring.Scoring.effect>`). The totals and the changes at or above
        an open three are made here; those below go to :attr:`_shifts` when ``keep`` (for
        :meth:`_shift`), and are dropped when not (the stone is taken back before they were
        made). This is the hot path of every search: the rescoring of a neighbour is written
        out here rather than called, and for each player in turn rather than in a loop over
        the two (a loop, or a call to move a cell between the class sets, made the bot's
        fixed-node moves a tenth slower).
        """
        lines, effects, span = self.lines, self._effects, 4 * self.reach
        mask = self._segment_mask
        codes = self.codes
        value_1, value_2 = self.value[1], self.value[2]
        total, threat_1, threat_2 = self.total, self.threat[1], self.threat[2]
        sets_1, sets_2 = self._sets[1], self._sets[2]
        cells = self._cells
        shifts = self._shifts
        for number, bit, step, place in self._slots[index]:
            line = lines[number]
            if undoing:
                lines[number] = line - (player << bit)
            else:
                line += player << bit
                lines[number] = line
            segment = (line >> (bit - span)) & mask
            both = effects.get(segment)
            if both is None:
                both = self._scoring.effect(self.table, segment, self.is_tactical)
            gain_1, gain_2, shallow, deep = both[undoing]
            if shallow:
                total[1] += gain_1
                total[2] += gain_2
                if keep:
                    shifts.append((shallow, step, place))
            for offset, change in deep:
                neighbour = index + offset * step
                code = codes[neighbour] = codes[neighbour] + (change << place)
                info = cells.get(code)
                if info is None:
                    info = self._scoring.info(code)
                new_1, new_2, class_1, class_2 = info
                total[1] += new_1 - value_1[neighbour]
                total[2] += new_2 - value_2[neighbour]
                value_1[neighbour] = new_1
                value_2[neighbour] = new_2
                old = threat_1[neighbour]
                if class_1 != old:
                    threat_1[neighbour] = class_1
                    if old:
                        sets_1[old].discard(neighbour)
                    if class_1:
                        sets_1[class_1].add(neighbour)
                old = threat_2[neighbour]
                if class_2 != old:
                    threat_2[neighbour] = class_2
                    if old:
                        sets_2[old].discard(neighbour)
                    if class_2:
                        sets_2[class_2].add(neighbour)

    def _refresh_all(self, index: int) -> None:
        """Recompute a cell's code, values and classes from its lines (sets and totals untouched).

        For when the code may be stale: at the start and on a change of mode.
        """
        self._take(index, self._code(index, self.is_tactical))

    def _restore(self, index: int) -> None:
        """Give a cell just emptied its values and classes back.

        Its lines are again as they were when the stone was played, and so is its code
        (kept while the cell was filled), unless the mode changed in between.
        """
        if index in self._stale:
            self._stale.discard(index)
            self._refresh_all(index)
        else:
            self._take(index, self.codes[index])

    def _take(self, index: int, code: int) -> None:
        """Set a cell's code, and its values and classes from it."""
        self.codes[index] = code
        info = self._scoring.info(code)
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
        them from the cell's lines (kept exact in both modes), so that a threat search
        can still tell the better of two threats of the same class.
        """
        if not self.is_tactical:
            return self.value[player][index]
        return self._scoring.info(self._code(index, False))[player - 1]

    def full_value_to_both(self, index: int) -> int:
        """:meth:`full_value` to both players, summed: the cell's worth, attack and defence.

        One reading of the cell's lines serves both players.
        """
        if not self.is_tactical:
            return self.value[1][index] + self.value[2][index]
        info = self._scoring.info(self._code(index, False))
        return info[0] + info[1]

    def _code(self, index: int, tactical: bool) -> int:
        """The cell's code as its lines give it, with only the tactical levels or all.

        The keys' levels are read from the table's dicts, and worked out only when new:
        a threat search reads the full code of a cell for each threat it orders.
        """
        lines, table = self.lines, self.table
        low, shift = table.low_mask, 2 * self.reach
        known = table.tactical if tactical else table.known
        packed = table.tactical_packed if tactical else table.packed
        code = 0
        for number, bit, _, place in self._slots[index]:
            window = lines[number] >> (bit - shift)
            key = window & low | (window >> shift + 2 & low) << shift
            levels = known.get(key)
            if levels is None:
                levels = packed(key)
            code |= levels << place
        return code

    def stops(self, index: int, attacker: int) -> list[int]:
        """The cells where a stone of the rival's keeps ``attacker`` from winning in two there.

        ``index`` is an empty cell where the attacker's stone would make an open four or
        two fours (:data:`~tictactoe._threat.scoring.WIN_CELL`). The rival stops it on the
        cell itself, or on a cell along a line where the attacker's stone there makes a four
        or better, if the rival's stone lowers that line's level enough that the cell's
        class drops below that; anywhere else the attacker still makes its open four (or its
        two fours) next move. The lowered levels come from the lines (exact in either mode,
        and after a lazy move); the cells come in the order of the directions, then of the
        offsets along each line, ``index`` first.
        """
        code = self.codes[index]
        own = LEVEL_BITS * (attacker - 1)
        lines, table = self.lines, self.table
        low, shift = table.low_mask, 2 * self.reach
        found = [index]
        for number, bit, step, place in self._slots[index]:
            at = place + own
            level = (code >> at) & LEVEL_MASK
            if level < BLOCK4:
                continue
            window = lines[number] >> (bit - shift)
            key = window & low | (window >> shift + 2 & low) << shift
            for offset, lowered in table.levels_when_blocked(key, attacker):
                left = code + ((lowered - level) << at)
                if lowered != level and self._scoring.info(left)[1 + attacker] < WIN_CELL:
                    found.append(index + offset * step)
        return found

    def level(self, index: int, direction: int, player: int) -> int:
        """The level a stone of ``player`` on the empty ``index`` makes along ``direction``."""
        place = CODE_BITS * direction + LEVEL_BITS * (player - 1)
        return (self.codes[index] >> place) & LEVEL_MASK
