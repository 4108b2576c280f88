"""HeuristicBot: a real opponent on any board, any k, the unbounded grid included.

Each turn it (0) opens in the centre, (1) takes a win in one if there is one, (2) otherwise
blocks the next opponent who could win in one, (3) otherwise searches: a depth-limited
negamax over the most promising cells, scored by the k-cell windows through each cell (how far
each player is along the lines still open to them), deepening while its node and time budgets
last. Once out of time it plays the best move found so far.

Under gravity (Connect Four) a column offers one move, so for two players it searches every
legal move at every ply with alpha-beta instead (:mod:`tictactoe._bitsearch`); so it does on
a board of three or more dimensions (:class:`~tictactoe.space.SpaceGame`) and, for two
players, on a torus of up to :data:`TORUS_CELLS` cells, where that search reads the lines over
the edges.

Under misère (whoever makes the line loses) it plays the heuristic inverted, without a search:
never a cell that makes its own line while another is free, the rival's such cells left to the
rival, and among the rest the cell that scores lowest, the one that builds least towards any
line (see :meth:`HeuristicBot.choose_move`).

The cost of a move follows the play, not the size of the game:

- Wins in one are found in O(marks) with a small constant: each run of one player's marks is
  walked once per direction from its first cell, and the free cells at its ends (with the run
  beyond them, which catches gapped wins like ``XX.XX``) are checked.
- The search works on its own dict of marks (a twin of the board), never on a replay of the
  game; placing a mark checks the win by walking the runs through it, the rule of the core's
  detector, and updates every player's set of winning cells by looking only along the four
  lines through it. Its candidates are the free cells near the last :data:`RECENT` moves
  (and, for the move itself, the cells that extend a long run anywhere); a player who can win
  at once is known to, and one who faces a rival's win in one considers only the blocks.
- A cell is scored by sliding a window along each of its four lines: O(k) per line, and the
  window is cut to :data:`SCORE_SPAN` cells so that a huge k costs no more than a modest one.
  Scores are kept until a mark changes within that span of the cell.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable
from typing import overload

from tictactoe._bitsearch import BitSearch, space_move
from tictactoe._checks import check_callable, check_count, check_game, check_seed
from tictactoe._lines import SCORE_SPAN, Lines
from tictactoe.errors import GameOver
from tictactoe.game import Game
from tictactoe.limits import (
    DEFAULT,
    UNSET,
    GameTime,
    Limit,
    Unset,
    check_limit,
    old_constant,
    with_old,
)
from tictactoe.outcome import Cell
from tictactoe.space import Point, SpaceGame

__all__ = ["DEFAULT_NODES", "RECENT", "SCORE_SPAN", "TORUS_CELLS", "HeuristicBot"]

DEFAULT_NODES = 2000
"""The positions a move may search when its limit sets no ``nodes``: the time limit usually
comes first, and a search this narrow gains little from more."""
RECENT = 8
"""How many of the last moves (each with the cells around it) the search takes candidates from.

Fewer recent moves played worse than taking the cells around every mark, more cost time for
no clear gain (measurements: docs/research.md).
"""
TORUS_CELLS = 400
"""Up to this many cells, two players on the torus get the full-width search, which reads the
lines over the edges; a bigger torus gets the plane's search, which does not."""
_RADIUS = 2
"""How far, in king steps, from a recent move a candidate may be."""
_WIN = 1 << 60


__getattr__ = old_constant(__name__, "DEFAULT_SECONDS", 5.0)


class _OutOfBudget(Exception):
    """The search spent its nodes or its time; the deepest finished answer stands."""


class HeuristicBot:
    """Never misses a win in one, always blocks a loss in one, then searches threats.

    Args:
        seed: breaks ties between equal moves, repeatably.
        limit: how long a move may think; once its time is spent the bot plays the best
            move found so far. Wins and forced blocks are found before the clock is read, in
            time that grows only with the number of marks. A limit without ``nodes`` searches
            at most :data:`DEFAULT_NODES` positions a move.
        depth: the deepest search, in plies (at least 1).
        width: how many of the best-scored cells are searched at each ply (at least 1).
        name: how the player is shown.
        clock: the time source, in seconds (tests pass a fake one).
        seconds, nodes: the old way to give the limit, deprecated.

    Raises:
        WrongType: an argument of the wrong type.
        InvalidArgument: a budget out of range.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        limit: Limit = DEFAULT,
        depth: int = 4,
        width: int = 8,
        name: str = "heuristic",
        clock: Callable[[], float] = time.perf_counter,
        seconds: float | Unset | None = UNSET,
        nodes: int | Unset | None = UNSET,
    ) -> None:
        limit = with_old(check_limit(limit), "HeuristicBot", seconds=seconds, nodes=nodes)
        self._limit = limit
        self._nodes = DEFAULT_NODES if limit.nodes is None else limit.nodes
        self._depth = check_count("depth", depth)
        self._width = check_count("width", width)
        check_callable("clock", clock, "returning seconds")
        self.name = name
        self._rng = random.Random(check_seed(seed))
        self._clock = clock
        self._game_time = GameTime()

    @property
    def limit(self) -> Limit:
        """How long a move may think."""
        return self._limit

    @overload
    def choose_move(self, game: Game) -> Cell: ...

    @overload
    def choose_move(self, game: SpaceGame) -> Point: ...

    def choose_move(self, game: Game | SpaceGame) -> Cell | Point:
        """The move to play for the side to move in ``game`` (which is not changed).

        A :class:`~tictactoe.space.SpaceGame` gets the full-width search of
        :mod:`tictactoe._bitsearch` (two players), or with more players a win, else a block,
        else the free cell on the most lines.

        Under misère the move is the safest cell near the marks: one that completes no line
        of its own (unless every free cell does), else one that completes no line of the
        rival's (that cell is the rival's problem), else the lowest-scored: a cell whose lines
        are already dead or short. It reads lines of k or more, so under the exact rule it
        also shuns an overline, which would not lose.

        Raises:
            GameOver: the game is already won or drawn.
            WrongType: ``game`` is not a game.
        """
        if isinstance(game, SpaceGame):
            if game.is_over:
                raise GameOver(f"{self.name} has no move to choose: the game is over")
            seconds = self._limit.seconds
            deadline = None if seconds is None else self._clock() + seconds
            return space_move(game, nodes=self._nodes, deadline=deadline, clock=self._clock)
        if check_game(game).is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        limit = self._limit
        seconds = self._game_time.seconds(limit, game)
        timed = limit.game_seconds is not None  # the clock is read only where a limit needs it
        started = self._clock() if timed else 0.0
        cell = self._choose(game, seconds)
        if game.forbidden(*cell) is not None:
            cell = self._allowed_instead(game)
        if timed:
            self._game_time.spend(limit, game, cell, self._clock() - started)
        return cell

    def _allowed_instead(self, game: Game) -> Cell:
        """The best-scored move near the stones that Black may play under renju.

        The search reads five or more as a win, so under renju it may choose a cell that the
        rule forbids to Black; this is the move then.
        """
        lines = Lines.from_game(game)
        me = game.players.index(game.turn)
        near = game.legal_moves.near(2) or list(game.legal_moves)
        return max(near, key=lambda cell: (lines.score(cell, me), self._rng.random()))

    def _choose(self, game: Game, seconds: float | None) -> Cell:
        """The move, thinking at most ``seconds``."""
        if game.gravity:
            return self._gravity_move(game, seconds)
        cells = (game.rows or 0) * (game.cols or 0)
        if game.torus and len(game.players) == 2 and cells <= TORUS_CELLS:
            return self._bit_move(game, seconds)
        if game.misere:
            return self._misere_move(game)
        if not game.moves:
            rows, cols = game.rows, game.cols
            return (0, 0) if rows is None or cols is None else (rows // 2, cols // 2)
        lines = Lines.from_game(game)
        threats = lines.scan()
        me = game.players.index(game.turn)
        mine = lines.wins[me]
        if mine:
            return min(mine)
        blocks = lines.forced(me)
        if blocks:
            return max(blocks, key=lambda cell: (lines.score(cell, me), self._rng.random()))
        recent = [move.cell for move in game.moves[-RECENT:]]
        return _Search(self, lines, recent, me, seconds).best(threats)

    def _bit_move(self, game: Game, seconds: float | None) -> Cell:
        """The move of the full-width search on the bit twin (:mod:`._bitsearch`)."""
        deadline = None if seconds is None else self._clock() + seconds
        search = BitSearch.of_game(game, nodes=self._nodes, deadline=deadline, clock=self._clock)
        return search.geometry.cell(search.best())

    def _gravity_move(self, game: Game, seconds: float | None) -> Cell:
        """The move under gravity: a full-width search for two players (:mod:`._bitsearch`).

        With more players, the legal moves are few (one a column): a win, else a block of the
        next rival who could win, else the best-scored landing cell.
        """
        if len(game.players) == 2:
            return self._bit_move(game, seconds)
        lines = Lines.from_game(game)
        lines.scan()
        me = game.players.index(game.turn)
        moves = list(game.legal_moves)
        for step in range(len(game.players)):  # my win, else the block of the next rival's
            forced = [cell for cell in moves if cell in lines.wins[(me + step) % len(game.players)]]
            if forced:
                moves = forced
                break
        return max(moves, key=lambda cell: (lines.score(cell, me), self._rng.random()))

    def _misere_move(self, game: Game) -> Cell:
        """The move under misère: see :meth:`choose_move`."""
        if not game.moves:
            return (0, 0)  # a corner: the cell on the fewest lines
        lines = Lines.from_game(game)
        lines.scan()
        me = game.players.index(game.turn)
        mine, theirs = lines.wins[me], lines.wins[1 - me]
        cells = game.legal_moves.near(_RADIUS)
        if all(cell in mine for cell in cells):
            # Near the marks every cell loses: a losing cell always touches a mark, so the
            # board's first other free cell is safe; with none, the loss is played.
            cells = [next((c for c in game.legal_moves if c not in mine), cells[0])]
        return min(
            cells,
            key=lambda cell: (
                cell in mine,
                cell in theirs,
                lines.score(cell, me),
                self._rng.random(),
            ),
        )


class _Search:
    """One move's search: negamax on move scores over the widest few cells at each ply."""

    def __init__(
        self, bot: HeuristicBot, lines: Lines, recent: list[Cell], me: int, seconds: float | None
    ) -> None:
        self.bot = bot
        self.lines = lines
        self.recent = recent
        self.turn = me
        self.nodes = 0
        clock = bot._clock
        self.clock = clock
        self.deadline = None if seconds is None else clock() + seconds

    def best(self, threats: Iterable[Cell]) -> Cell:
        """The best move found within the budgets: deepening until they run out."""
        candidates = dict.fromkeys(self._near())
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

    def _near(self) -> list[Cell]:
        """Free cells within the radius of the last few moves (searched ones included)."""
        is_free = self.lines.is_free
        found: dict[Cell, None] = {}
        span = range(-_RADIUS, _RADIUS + 1)
        for row, col in self.recent[-RECENT:]:
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
