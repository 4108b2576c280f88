"""HeuristicBot: a real opponent on any board, any k, the unbounded grid included.

Each turn it (0) opens in the centre, (1) takes a win in one if there is one, (2) otherwise
blocks the next opponent who could win in one, (3) otherwise searches: a depth-limited
negamax over the most promising cells, scored by the k-cell windows through each cell (how far
each player is along the lines still open to them), deepening while its node and time budgets
last. Once out of time it plays the best move found so far.

The cost of a move follows the play, not the size of the game:

- Wins in one are found in O(marks) with a small constant: each run of one player's marks is
  walked once per direction from its first cell, and the free cells at its ends (with the run
  beyond them, which catches gapped wins like ``XX.XX``) are checked.
- The search works on its own dict of marks (a twin of the board), never on a replay of the
  game; placing a mark checks the win by walking the runs through it, the rule of the core's
  detector, and updates every player's set of winning cells by looking only along the four
  lines through it. Its candidates are the free cells near the last few moves, plus the cells
  that extend a long run, plus forced blocks.
- A cell is scored by sliding a window along each of its four lines: O(k) per line, and the
  window is cut to :data:`SCORE_SPAN` cells so that a huge k costs no more than a modest one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable

from tictactoe._rules import DIRECTIONS
from tictactoe.errors import GameOver
from tictactoe.game import Game
from tictactoe.outcome import Cell
from tictactoe.solver import check_seconds

__all__ = ["DEFAULT_SECONDS", "SCORE_SPAN", "HeuristicBot"]

DEFAULT_SECONDS = 5.0
"""The time limit per move unless told otherwise: a bot never keeps a person waiting long."""
SCORE_SPAN = 12
"""The longest window the score reads along a line (the window is ``min(k, SCORE_SPAN)``).

Beyond a dozen cells a mark says little about the value of a cell that the marks nearer to it
do not already say, and reading 2k-1 cells per line would make k = 10**6 cost seconds per
cell. For k up to this span the score is exact.
"""
RECENT = 8
"""How many of the last moves (each with the cells around it) the search takes candidates from.

Measured on 15×15, five in a row, 200 nodes a move, against the bot that took the cells around
every mark: 4 moves scored 0.38 of the points (40 games), 8 moves 0.48 (100 games), 12 moves
0.53 (60 games), each ± 0.1; 12 cost a third more time than 8.
"""
ROOT_RECENT = 2 * RECENT
"""How many of the last moves give candidates for the move itself (ranked once, so more)."""
_RADIUS = 2
"""How far, in king steps, from a recent move a candidate may be."""
_WIN = 1 << 60
_OFF = -1
"""Stands for a cell off a bounded board while reading a line."""


class _OutOfBudget(Exception):
    """The search spent its nodes or its time; the deepest finished answer stands."""


class HeuristicBot:
    """Never misses a win in one, always blocks a loss in one, then searches threats.

    Args:
        seed: breaks ties between equal moves, repeatably.
        nodes: how many positions the search may visit per move (at least 1).
        seconds: a time limit per move (a finite number > 0), or None for none; once it is
            spent the bot plays the best move found so far. Wins and forced blocks are found
            before the clock is read, in time that grows only with the number of marks.
        depth: the deepest search, in plies (at least 1).
        width: how many of the best-scored cells are searched at each ply (at least 1).
        name: how the player is shown.
        clock: the time source, in seconds (tests pass a fake one).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a budget out of range.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        nodes: int = 2000,
        seconds: float | None = DEFAULT_SECONDS,
        depth: int = 4,
        width: int = 8,
        name: str = "heuristic",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._nodes = _at_least_one("nodes", nodes)
        self._depth = _at_least_one("depth", depth)
        self._width = _at_least_one("width", width)
        self._seconds = check_seconds(seconds)
        if not callable(clock):
            raise TypeError(f"clock must be a callable returning seconds, not {clock!r}")
        self.name = name
        self._rng = random.Random(seed)
        self._clock = clock

    def choose_move(self, game: Game) -> Cell:
        """The move to play for the side to move in ``game`` (which is not changed).

        Raises:
            GameOver: the game is already won or drawn.
        """
        if game.is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        if not game.moves:
            rows, cols = game.rows, game.cols
            return (0, 0) if rows is None or cols is None else (rows // 2, cols // 2)
        lines = _Lines.from_game(game)
        threats = lines.scan()
        me = game.players.index(game.turn)
        mine = lines.wins[me]
        if mine:
            return min(mine)
        blocks = lines.forced(me)
        if blocks:
            return max(blocks, key=lambda cell: (lines.score(cell, me), self._rng.random()))
        recent = [move.cell for move in game.moves[-ROOT_RECENT:]]
        return _Search(self, lines, recent, me).best(threats)


def _at_least_one(name: str, value: int) -> int:
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, not {value}")
    return value


class _Lines:
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
    def from_game(cls, game: Game) -> _Lines:
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


class _Search:
    """One move's search: negamax on move scores over the widest few cells at each ply."""

    def __init__(self, bot: HeuristicBot, lines: _Lines, recent: list[Cell], me: int) -> None:
        self.bot = bot
        self.lines = lines
        self.recent = recent
        self.turn = me
        self.nodes = 0
        clock = bot._clock
        self.clock = clock
        self.deadline = None if bot._seconds is None else clock() + bot._seconds

    def best(self, threats: Iterable[Cell]) -> Cell:
        """The best move found within the budgets: deepening until they run out."""
        candidates = dict.fromkeys(self._near(ROOT_RECENT))
        candidates.update(dict.fromkeys(sorted(threats)))
        ranked, spent = self._ranked(candidates, checked=True)
        if not ranked:
            return self._any_free()
        choice = ranked[0][1]
        if spent:
            return choice
        for depth in range(1, self.bot._depth + 1):
            try:
                choice = self._root(ranked, depth)
            except _OutOfBudget:
                break
        return choice

    def _near(self, moves: int = 0) -> list[Cell]:
        """Free cells near the last ``moves`` moves (or RECENT), searched ones included."""
        is_free = self.lines.is_free
        found: dict[Cell, None] = {}
        span = range(-_RADIUS, _RADIUS + 1)
        for row, col in self.recent[-(moves or RECENT) :]:
            for d_row in span:
                for d_col in span:
                    cell = (row + d_row, col + d_col)
                    if cell not in found and is_free(cell):
                        found[cell] = None
        return list(found)

    def _any_free(self) -> Cell:
        """A free cell when none is near the last moves: the nearest to the last move."""
        row, col = self.recent[-1]
        is_free = self.lines.is_free
        radius = _RADIUS
        while True:
            radius += 1
            free = [
                (row + d_row, col + d_col)
                for d_row in range(-radius, radius + 1)
                for d_col in range(-radius, radius + 1)
                if is_free((row + d_row, col + d_col))
            ]
            if free:
                return min(free)

    def _ranked(
        self, candidates: Iterable[Cell], *, checked: bool = False
    ) -> tuple[list[tuple[int, Cell]], bool]:
        """The ``width`` best candidates by score, best first; and whether time ran out.

        With ``checked``, the clock is read before each cell and the ranking stops, with the
        cells scored so far, once the time is up.
        """
        me = self.turn
        score = self.lines.score
        rng = self.bot._rng
        scored = []
        spent = False
        for cell in candidates:
            if checked and self._is_late():
                spent = True
                break
            scored.append((score(cell, me), rng.random(), cell))
        scored.sort(reverse=True)
        return [(value, cell) for value, _, cell in scored[: self.bot._width]], spent

    def _root(self, ranked: list[tuple[int, Cell]], depth: int) -> Cell:
        best_value, best_cell = -_WIN * 2, ranked[0][1]
        for score, cell in ranked:
            value = score - self._after(cell, depth - 1)
            if value > best_value:
                best_value, best_cell = value, cell
        return best_cell

    def _after(self, cell: Cell, depth: int) -> int:
        """Play ``cell``; the value of the position for the next player to move; take it back.

        The next player wins at once if they can (known without a search, even at the last
        ply); if they cannot but a rival could, they consider only the blocks; else, the
        cells near the last moves.
        """
        self._spend()
        lines = self.lines
        player = self.turn
        won = lines.play(cell, player)
        following = (player + 1) % lines.players
        self.recent.append(cell)
        self.turn = following
        try:
            if won:
                return -_WIN - depth
            if lines.wins[following]:
                return _WIN + depth
            if depth == 0 or lines.is_full:
                return 0
            ranked, _ = self._ranked(lines.forced(following) or self._near())
            if not ranked:
                return 0
            return max(score - self._after(reply, depth - 1) for score, reply in ranked)
        finally:
            self.turn = player
            self.recent.pop()
            lines.take_back()

    def _is_late(self) -> bool:
        return self.deadline is not None and self.clock() > self.deadline

    def _spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.bot._nodes or self._is_late():
            raise _OutOfBudget
