"""The heuristic bot's twin of the board: marks by cell, winning cells, and cell scores.

It knows one rule, the core's (k or more of one player's marks in a row through the mark just
placed win), and keeps for every player the free cells that would win at once. The tests play
it move by move against :class:`~tictactoe.game.Game`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tictactoe._detectors import DIRECTIONS
from tictactoe.outcome import Cell

if TYPE_CHECKING:
    from tictactoe.game import Game

__all__ = ["SCORE_SPAN", "Lines"]

SCORE_SPAN = 12
"""The longest window the score reads along a line (the window is ``min(k, SCORE_SPAN)``).

Beyond a dozen cells a mark says little about the value of a cell that the marks nearer to it
do not already say, and reading 2k-1 cells per line would make k = 10**6 cost seconds per
cell. For k up to this span the score is exact.
"""
_OFF = -1
"""Stands for a cell off a bounded board while reading a line."""


class Lines:
    """The bot's twin of the board: marks (as player numbers) by cell, and the lines they make.

    It knows one rule, the core's: k or more of one player's marks in a row through the mark
    just placed win. The tests play it move by move against :class:`Game`.
    """

    def __init__(self, k: int, rows: int | None, cols: int | None, players: int) -> None:
        self.k = k
        self.rows = rows
        self.cols = cols
        self.players = players
        self.marks: dict[Cell, int] = {}
        self.wins: list[set[Cell]] = [set() for _ in range(players)]
        """Each player's winning cells: free cells where their mark would make k in a row."""
        self.cells = -1 if rows is None or cols is None else rows * cols
        self._played: list[tuple[Cell, int, list[int], set[Cell]]] = []
        self.span = min(k, SCORE_SPAN)
        self._steps = [
            [(i * d_row, i * d_col) for i in range(1 - self.span, self.span)]
            for d_row, d_col in DIRECTIONS
        ]
        """The offsets of the cells each score reads, line by line."""
        self._scores: list[dict[Cell, int]] = [{} for _ in range(players)]
        """Each player's scores of cells, until a mark changes within a span of them."""
        self.attack = [4**count for count in range(self.span + 1)]
        self.defence = [3**count for count in range(self.span + 1)]

    @classmethod
    def from_game(cls, game: Game) -> Lines:
        """The twin of ``game``'s board, read through its public API (winning cells unknown)."""
        players = game.players
        lines = cls(game.k, game.rows, game.cols, len(players))
        index = {mark: number for number, mark in enumerate(players)}
        lines.marks = {move.cell: index[move.mark] for move in game.moves}
        return lines

    @property
    def is_full(self) -> bool:
        """True when a bounded board has no free cell left."""
        return len(self.marks) == self.cells

    def is_free(self, cell: Cell) -> bool:
        """True if ``cell`` is on the board and empty."""
        rows, cols = self.rows, self.cols
        if rows is not None and cols is not None:
            row, col = cell
            if not (0 <= row < rows and 0 <= col < cols):
                return False
        return cell not in self.marks

    def run(self, row: int, col: int, d_row: int, d_col: int, player: int) -> int:
        """How many of ``player``'s marks lie in a row from ``(row, col)`` on, up to k."""
        get = self.marks.get
        length = 0
        while length < self.k and get((row, col)) == player:
            row += d_row
            col += d_col
            length += 1
        return length

    def _beyond(self, end: Cell, step: int, d_row: int, d_col: int, player: int) -> int:
        """The run of ``player`` past the free ``end`` cell, going ``step`` along the line."""
        d_row, d_col = step * d_row, step * d_col
        return self.run(end[0] + d_row, end[1] + d_col, d_row, d_col, player)

    def play(self, cell: Cell, player: int) -> bool:
        """Put ``player``'s mark on the free ``cell``; True if it makes k or more in a row.

        The winning cells are kept up to date in O(k): the cell is no one's any more, and the
        player's new ones can only be at the ends of its runs through ``cell``.
        """
        won, completions = self._place(cell, player)
        wins = self.wins
        lost = [other for other, cells in enumerate(wins) if cell in cells]
        for other in lost:
            wins[other].discard(cell)
        added = completions - wins[player]
        wins[player] |= added
        self._played.append((cell, player, lost, added))
        return won

    def take_back(self) -> None:
        """Undo the last :meth:`play`, exactly."""
        cell, player, lost, added = self._played.pop()
        wins = self.wins
        wins[player] -= added
        for other in lost:
            wins[other].add(cell)
        del self.marks[cell]
        self._forget(cell)

    def _forget(self, cell: Cell) -> None:
        """Drop the scores that a change at ``cell`` makes stale: those along its four lines."""
        row, col = cell
        reach = range(1 - self.span, self.span)
        for scores in self._scores:
            pop = scores.pop
            for d_row, d_col in DIRECTIONS:
                for i in reach:
                    pop((row + i * d_row, col + i * d_col), None)

    def _place(self, cell: Cell, player: int) -> tuple[bool, set[Cell]]:
        """Put the mark down: whether it wins, and the free cells it can now win at."""
        self.marks[cell] = player
        self._forget(cell)
        row, col = cell
        k = self.k
        won = False
        completions: set[Cell] = set()
        for d_row, d_col in DIRECTIONS:
            back = self.run(row - d_row, col - d_col, -d_row, -d_col, player)
            ahead = self.run(row + d_row, col + d_col, d_row, d_col, player)
            length = back + 1 + ahead
            if length >= k:
                won = True
                continue
            for end, step in (
                ((row - (back + 1) * d_row, col - (back + 1) * d_col), -1),
                ((row + (ahead + 1) * d_row, col + (ahead + 1) * d_col), 1),
            ):
                if not self.is_free(end):
                    continue
                if length + 1 + self._beyond(end, step, d_row, d_col, player) >= k:
                    completions.add(end)
        return won, completions

    def scan(self) -> set[Cell]:
        """Find every player's winning cells (into :attr:`wins`) in O(marks); return threats.

        Each run is walked from its first cell (where the cell before holds another mark);
        at each free end, the run plus the end cell plus the run beyond make the line that a
        mark there would complete. Ends that reach k are wins; ends that reach
        ``max(2, k - 2)`` are the threats returned, worth searching.
        """
        marks = self.marks
        get = marks.get
        k = self.k
        near = max(2, k - 2)
        wins: list[set[Cell]] = [set() for _ in range(self.players)]
        threats: set[Cell] = set()
        for (row, col), player in marks.items():
            for d_row, d_col in DIRECTIONS:
                if get((row - d_row, col - d_col)) == player:
                    continue
                length = self.run(row, col, d_row, d_col, player)
                for end, step in (
                    ((row - d_row, col - d_col), -1),
                    ((row + length * d_row, col + length * d_col), 1),
                ):
                    if not self.is_free(end):
                        continue
                    total = length + 1 + self._beyond(end, step, d_row, d_col, player)
                    if total >= k:
                        wins[player].add(end)
                    elif total >= near:
                        threats.add(end)
        self.wins = wins
        return threats

    def forced(self, me: int) -> set[Cell]:
        """The cells ``me`` must play: its own wins, else the first rival's in turn (blocks)."""
        for step in range(self.players):
            cells = self.wins[(me + step) % self.players]
            if cells:
                return cells
        return set()

    def score(self, cell: Cell, me: int) -> int:
        """How good the free ``cell`` is for player ``me`` (kept until a mark near it changes)."""
        scores = self._scores[me]
        found = scores.get(cell)
        if found is None:
            found = scores[cell] = self._score(cell, me)
        return found

    def _score(self, cell: Cell, me: int) -> int:
        """How good the free ``cell`` is for player ``me``: attack on open windows, plus defence.

        Every window of ``span`` cells through the cell, on the board, that holds no other
        player's marks adds ``4 ** (my marks in it)``; one that holds only a single rival's
        marks adds ``3 ** (their marks)``, the value of blocking it. The windows slide along
        the line, so each line costs 3 × span steps, not span².
        """
        span = self.span
        width = 2 * span - 1
        get = self.marks.get
        attack, defence = self.attack, self.defence
        row, col = cell
        rows, cols = self.rows, self.cols
        total = 0
        counts = [0] * self.players
        for steps in self._steps:
            if rows is None or cols is None:
                line = [get((row + d_row, col + d_col)) for d_row, d_col in steps]
            else:
                line = [
                    get((row + d_row, col + d_col))
                    if 0 <= row + d_row < rows and 0 <= col + d_col < cols
                    else _OFF
                    for d_row, d_col in steps
                ]
            if line.count(None) == width:  # an empty line, the usual case: every window open
                total += span
                continue
            for i in range(self.players):
                counts[i] = 0
            off = marked = kinds = 0
            for i, held in enumerate(line):
                if held is not None:
                    if held == _OFF:
                        off += 1
                    else:
                        marked += 1
                        counts[held] += 1
                        kinds += counts[held] == 1
                if i >= span:
                    gone = line[i - span]
                    if gone is not None:
                        if gone == _OFF:
                            off -= 1
                        else:
                            marked -= 1
                            counts[gone] -= 1
                            kinds -= counts[gone] == 0
                if i < span - 1 or off:
                    continue
                if not marked:
                    total += 1
                elif kinds == 1:
                    mine = counts[me]
                    total += attack[mine] if mine else defence[marked]
        return total
