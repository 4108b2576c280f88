"""ThreatBot: gomoku strength from threats, on a search board of its own.

Each move it takes a five, blocks the rival's, makes an open four when it can, then looks
for its own wins by threats and for the rival's, keeps the moves that hold against those,
and runs an alpha-beta search over them until the time is spent (the stages in order:
:mod:`tictactoe._threat.thinking`). The clock is read every few dozen nodes, so the move
comes within a few milliseconds of the budget; and the objects made before the move are kept
out of the garbage collector's walks until it is chosen, so that no full collection (tens of
milliseconds) can fall between two readings.

The searches run on a :class:`~tictactoe._threat.board.PatternBoard`, whose line patterns
make "what does this move threaten" a table lookup. What they prove about a position is
kept from one move to the next (:class:`~tictactoe._threat.tactics.Proofs`), since the next
move's trees run through many of the same positions, and so is the main search's
transposition table; for that, and because a few moves cost less than a new board, the bot
keeps its board from one move to the next. Every number that steers its play is a field of
:class:`Params`, which a tuning run replaces. The bot plays two-player games with k from
:data:`MIN_K` to :data:`MAX_K` on any board and on the unbounded grid, under every rule: the
line patterns know which fives win (exactly five, caro's closed fives), and under renju a
forbidden point is never Black's move, threat or defence, while White's four whose five-point
is forbidden to Black wins. For other games it hands the move to
:class:`~tictactoe.heuristic.HeuristicBot`.

After every move, :attr:`ThreatBot.last` tells what it thought: the move, why, the score,
the depth, the nodes, the time, and the line it expects.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tictactoe._checks import check_callable, check_game, check_seed, shown
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.params import DEFAULT_PARAMS, Params
from tictactoe._threat.search import Table
from tictactoe._threat.stages import Stages
from tictactoe._threat.tactics import Proofs
from tictactoe._threat.thinking import Thinking
from tictactoe.errors import GameOver, WrongType
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.limits import (
    DEFAULT,
    UNSET,
    GameTime,
    Limit,
    Unset,
    _deprecated,
    check_limit,
    old_constant,
    with_old,
)
from tictactoe.outcome import Cell

__all__ = ["MAX_K", "MIN_K", "Params", "Thought", "ThreatBot"]

MIN_K = 4
"""The shortest line the threat patterns are made for: with three or fewer, a three is a win."""
MAX_K = 7
"""The longest line it plays. The levels of a line seen for the first time are computed
then (there are up to 3 ** (2k - 2) lines): with k = 8 the first moves overran a 0.2 s
budget by more than half a second, so longer lines go to the heuristic bot."""


@dataclass(frozen=True, slots=True)
class Thought:
    """What the bot thought about its last move.

    Args:
        move: the cell played.
        reason: ``opening``, ``five``, ``block``, ``open four``, ``vcf``, ``vct``,
            ``search`` or ``fallback`` (the heuristic bot's move).
        score: the score for the bot (positive is good; above 900,000 a proved win).
        depth: the depth of the main search in plies, or of the threat line in moves.
        nodes: the positions visited.
        seconds: the time taken.
        variation: the line it expects, this move first.
    """

    move: Cell
    reason: str
    score: int
    depth: int
    nodes: int
    seconds: float
    variation: tuple[Cell, ...]

    @property
    def nodes_per_second(self) -> int:
        """Nodes a second over the move."""
        return round(self.nodes / self.seconds) if self.seconds > 0 else 0


class ThreatBot:
    """Plays gomoku-like games by threat-space search, then alpha-beta, on a time budget.

    Args:
        seed: breaks ties between equal moves, repeatably.
        limit: how long a move may think; the bot answers within a few milliseconds of its
            time. With ``nodes`` and no time the moves are repeatable, whatever the
            machine's speed.
        name: how the player is shown.
        clock: the time source, in seconds (tests pass a fake one).
        params: the numbers that steer its play (widths, depths, shares of the time,
            weights of the evaluation); a tuning run passes another set.
        seconds, nodes: the old way to give the limit, deprecated.

    Raises:
        WrongType: an argument of the wrong type.
        InvalidArgument: a limit out of range.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        limit: Limit = DEFAULT,
        name: str = "threat",
        clock: Callable[[], float] = time.perf_counter,
        params: Params = DEFAULT_PARAMS,
        seconds: float | Unset | None = UNSET,
        nodes: int | Unset | None = UNSET,
    ) -> None:
        self._limit = with_old(check_limit(limit), "ThreatBot", seconds=seconds, nodes=nodes)
        self._game_time = GameTime()
        check_callable("clock", clock, "returning seconds")
        if not isinstance(params, Params):
            raise WrongType(f"params must be a Params, not {type(params).__name__} {shown(params)}")
        self._params = params
        self.name = name
        self._rng = random.Random(check_seed(seed))
        self._clock = clock
        self.last: Thought | None = None
        """What the bot thought about its last move; None before the first."""
        self._board: PatternBoard | None = None
        """The board of the last move, which follows the game while its window holds."""
        self._proofs = Proofs()
        self._scores: Table = {}
        """The main search's transposition table, kept from move to move like the proofs."""
        self._shape: tuple[int, str, int, int, Cell] | None = None
        """The board shape the proofs and scores were found on: another shape's keys mean
        other cells."""

    @property
    def limit(self) -> Limit:
        """How long a move may think; it may change between moves.

        A caller that gets a new budget for each move (the protocol brain, from the
        manager's clock) sets it here rather than make a new bot, so that the board and
        the threat proofs the bot keeps serve the next moves.

        Raises:
            WrongType: set to something not a :class:`~tictactoe.limits.Limit`.
        """
        return self._limit

    @limit.setter
    def limit(self, limit: Limit) -> None:
        self._limit = check_limit(limit)

    @property
    def seconds(self) -> float | None:
        """The old way to read and set ``limit.seconds``, deprecated."""
        _deprecated("ThreatBot.seconds", "ThreatBot.limit")
        return self._limit.seconds

    @seconds.setter
    def seconds(self, seconds: float | None) -> None:
        _deprecated("ThreatBot.seconds", "ThreatBot.limit")
        self._limit = Limit(seconds, self._limit.nodes, self._limit.game_seconds)

    @property
    def nodes(self) -> int | None:
        """The old way to read and set ``limit.nodes``, deprecated."""
        _deprecated("ThreatBot.nodes", "ThreatBot.limit")
        return self._limit.nodes

    @nodes.setter
    def nodes(self, nodes: int | None) -> None:
        _deprecated("ThreatBot.nodes", "ThreatBot.limit")
        self._limit = Limit(self._limit.seconds, nodes, self._limit.game_seconds)

    @property
    def params(self) -> Params:
        """The numbers that steer its play."""
        return self._params

    @staticmethod
    def plays(game: Game) -> bool:
        """Whether the threat search plays ``game`` itself (else the heuristic bot does).

        Not under misère (its threats are lines to make, and there a line loses), gravity
        (its threats assume any free cell can be played) or the torus (its lines end at the
        edges).

        Raises:
            WrongType: ``game`` is not a game.
        """
        game = check_game(game)
        plain = not (game.misere or game.gravity or game.torus)
        return len(game.players) == 2 and MIN_K <= game.k <= MAX_K and plain

    def choose_move(self, game: Game) -> Cell:
        """The move for the side to move in ``game`` (which is not changed).

        Raises:
            GameOver: the game is already won or drawn.
            WrongType: ``game`` is not a game.
        """
        game = check_game(game)
        if game.is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        with _old_objects_frozen():
            limit = self._limit
            started = self._clock()
            cell = self._choose(game, started, self._game_time.seconds(limit, game))
            if limit.game_seconds is not None:
                self._game_time.spend(limit, game, cell, self._clock() - started)
            return cell

    def _choose(self, game: Game, started: float, seconds: float | None) -> Cell:
        """:meth:`choose_move` in a game still going, thinking ``seconds`` from ``started``."""
        deadline = None if seconds is None else started + seconds
        if not self.plays(game):
            left = None if deadline is None else max(deadline - self._clock(), 1e-3)
            limit = Limit(seconds=left, nodes=self._limit.nodes)
            fallback = HeuristicBot(self._rng.getrandbits(64), limit=limit, clock=self._clock)
            cell = fallback.choose_move(game)
            self.last = Thought(cell, "fallback", 0, 0, 0, self._clock() - started, (cell,))
            return cell
        board = self._board
        if board is None or not board.follow(game):
            board = self._board = PatternBoard.from_game(game, self._params)
        if not game.moves:
            centre = board.cell(_centre(board))
            self.last = Thought(centre, "opening", 0, 0, 0, self._clock() - started, (centre,))
            return centre
        shape = (board.k, board.table.rule, board.rows, board.cols, board.origin)
        if shape != self._shape or len(self._proofs) > self._params.kept_proofs:
            self._proofs, self._shape = Proofs(), shape
            self._scores.clear()
        if len(self._scores) > self._params.kept_scores:
            self._scores.clear()
        stages = Stages(
            board, self._params, self._proofs, self._clock, started, deadline, self._limit.nodes
        )
        decision = Thinking(stages, self._rng, self._scores).decide()
        cells = tuple(board.cell(index) for index in (decision.move, *decision.expected))
        self.last = Thought(
            cells[0],
            decision.reason,
            decision.score,
            decision.depth,
            stages.nodes,
            self._clock() - started,
            cells,
        )
        return cells[0]


__getattr__ = old_constant(__name__, "DEFAULT_SECONDS", 5.0)


@contextmanager
def _old_objects_frozen() -> Iterator[None]:
    """Keep the cyclic garbage collector to the objects made during a move, for the move.

    A full collection walks every object the program keeps, the bot's own tables of line
    effects, positions and proofs among them; in the middle of a search one took tens of
    milliseconds (docs/research.md), longer than anything else between two readings of the
    clock, and one that fell on the deadline made the move that much late. Frozen
    (:func:`gc.freeze`), the objects made before the move are left out of collections until
    it is chosen, then handed back (:func:`gc.unfreeze`) to be collected as before: their
    collection is put off, never skipped. A program that froze objects of its own keeps them
    so; the collector is left alone then, as it is by a move chosen in one thread while
    another thread's move has them frozen.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def _centre(board: PatternBoard) -> int:
    return board.index((board.origin[0] + board.rows // 2, board.origin[1] + board.cols // 2))
