"""ThreatBot: gomoku strength from threats, on a search board of its own.

Each move it (1) takes a five, (2) blocks the rival's five, (3) makes an open four or a
double four when it can, (4) looks for its own win by continuous fours (VCF); (5) asks
whether the rival would win by fours, then by fours and threes (VCT, 8 threats deep, then
10 while time allows), if it could move now, and if so keeps only the moves after which it
cannot (a block on its line, any move that happens to stop it, or a counter-four whose
block leaves it none); (6) looks for its own VCT, first straight to 10 threats deep on a
few thousand nodes, then one threat deeper at a time to 8; (7) when the check of (5) ran
out of time before it proved any move to hold, goes on with it, up to the first move that
holds, and when every move it checked lost, goes on with the other cells near the stones,
up to the first that holds; (8) checks the moves that hold against deeper threats, dropping
those that lose to them while another holds; (9) runs the main search
(:mod:`tictactoe._threat.search`) over the moves left, until the time is spent; (10) when
that search proves that the moves which hold all lose (to a quiet move, then threats, say),
goes on with the check as in (7) over the moves it had not ruled on, and searches those
instead, again while the search proves the new ones lost and moves are left unproved. Each
step has its share of the time (:data:`SHARES`): the clock is read every few dozen nodes,
so the move comes within a few milliseconds of the budget; and the objects made before the
move are kept out of the garbage collector's walks until it is chosen, so that no full
collection (10 to 28 ms, measured) can fall between two readings.

The searches run on :class:`~tictactoe._threat.board.Board`, whose line patterns make "what
does this move threaten" a table lookup; the threat searches with the board in tactical mode,
which keeps only the patterns they read. What they prove about a position is kept from one
move to the next (:class:`~tictactoe._threat.tactics.Proofs`), since the next move's trees
run through many of the same positions, and so is the main search's transposition table;
for that, and because a few moves cost less than a new board, the bot keeps its board from
one move to the next (:meth:`Board.follow <tictactoe._threat.board.Board.follow>`). The
bot plays two-player games with k from :data:`MIN_K` to :data:`MAX_K` on any board and on
the unbounded grid; for other games it hands the move to
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

from tictactoe._checks import check_callable, check_count, check_game, check_seconds, check_seed
from tictactoe._threat.board import WIN_CELL, Board
from tictactoe._threat.search import WIN, Line, Search, Table
from tictactoe._threat.tactics import Budget, OutOfTime, Proofs, ThreatSearch
from tictactoe.errors import GameOver
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.outcome import Cell

__all__ = ["DEFAULT_SECONDS", "MAX_K", "MIN_K", "SHARES", "Thought", "ThreatBot"]

DEFAULT_SECONDS = 5.0
"""The time limit per move unless told otherwise."""
MIN_K = 4
"""The shortest line the threat patterns are made for: with three or fewer, a three is a win."""
MAX_K = 7
"""The longest line it plays. The levels of a line seen for the first time are computed
then (there are up to 3 ** (2k - 2) lines): with k = 8 the first moves overran a 0.2 s
budget by more than half a second, so longer lines go to the heuristic bot."""
VCF_DEPTH = 12
"""The most fours a VCF may play (the tactics suite goes ten deep)."""
VCT_DEPTH = 8
"""The most threats a VCT may play."""
DIRECT_VCT_DEPTH = 10
"""How many threats deep the VCT stage looks first, straight away rather than deepening."""
DIRECT_ALLOWANCE = 4_000
"""The most nodes of that first look. Over 200 positions of games against Pela, with the
deepening to :data:`VCT_DEPTH` after it, the median VCT stage took 47 nodes against 223 for
the deepening alone (the same mean), and it found the three wins 9 and 10 threats deep that
the deepening missed in those games; with 2,000 nodes it found one of them."""
RIVAL_VCT_DEPTH = 8
"""The most threats of the rival's VCT that the bot looks for, before each move."""
HOLD_DEPTH = 10
"""How deep the moves that hold against the rival's threats are checked again, one threat
deeper at a time from :data:`RIVAL_VCT_DEPTH`, while time allows; and how deep the rival's
threat is looked for, while the move's time is under its "deep threat" share, when it has
none :data:`RIVAL_VCT_DEPTH` deep."""
SHARES = {
    "vcf": 0.25,
    "deep threat": 0.35,
    "rival": 0.45,
    "vct": 0.5,
    "deeper": 0.6,
    "rescue": 0.9,
}
"""The part of the budget each threat search may have used up by its end; the main search
has the rest. "deep threat" is the look for the rival's threat deeper than
:data:`RIVAL_VCT_DEPTH`, when it has none that deep; the rescue is the defence's going on
with the moves it had not ruled on, when its first try found no move that holds against the
rival's threats, or each time the main search proves that those it found lose all the same,
or with the other cells near the stones, when every move it checked lost; "deeper" is the
check of the moves that hold against deeper threats (after a rescue it may run to the
rescue's end).

The threat searches before the main search took a median 60% of a move's nodes (the
defence's checks most of it) and left the main search 4 or 5 plies; the VCT stage's
deepening to :data:`VCT_DEPTH` found a win the straight look had missed in 2 of about 200
positions. With the rival's check ending by 45% of the budget rather than 55%, the VCT
stage by 50% rather than 70%, and the deeper check by 60% rather than 80%, the bot scored
203.5 of 240 games against the heuristic bot at 4,000 nodes a move, where it had scored 191
(on the grid 62 → 72 and 63 → 66 of 80, on 15×15 66 → 65.5); ending them sooner still
(35%, 40% and 50%, the VCF stage by 20%) scored 199."""
LONE_MOVE_DEPTH = 6
"""How deep the main search looks at the only move proved to hold while others are unproved,
for a loss that would send the defence back to them: the losses it proves come by then (in a
game against the heuristic bot, at depth 5), and a move searched alone gains nothing from
more time. Depth 6 costs 0.1 to 0.3 s in the pure build, over a sample of grid games."""
FIRST_ALLOWANCE = 64
"""The nodes each move's check against the rival's threes may take in the defence's first
round; each round after it allows four times as many to the moves still undecided."""
KEPT_PROOFS = 100_000
"""The most positions whose threat-search results are kept from one move to the next (about
25 MB); past it, the table starts afresh."""
KEPT_SCORES = 200_000
"""The most positions whose main-search scores are kept from one move to the next (about
40 MB); past it, the table starts afresh. The search of the move before went through the
positions two plies on, so the next one starts with their scores and best moves: at
20,000 nodes a move the bot scored 95 of 100 games against the heuristic bot with the table
kept, 91 with a new table each move (the four games that turned were won, none was lost)."""


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
        seconds: the time limit per move (a finite number > 0), or None for none; the bot
            answers within a few milliseconds of it.
        nodes: the most positions a move may visit (at least 1), or None for no limit;
            with no time limit the moves are repeatable, whatever the machine's speed.
        name: how the player is shown.
        clock: the time source, in seconds (tests pass a fake one).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``seconds`` not a finite number above 0, or ``nodes`` below 1.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        seconds: float | None = DEFAULT_SECONDS,
        nodes: int | None = None,
        name: str = "threat",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._seconds = check_seconds(seconds)
        self._nodes = _check_nodes(nodes)
        check_callable("clock", clock, "returning seconds")
        self.name = name
        self._rng = random.Random(check_seed(seed))
        self._clock = clock
        self.last: Thought | None = None
        """What the bot thought about its last move; None before the first."""
        self._board: Board | None = None
        """The board of the last move, which follows the game while its window holds."""
        self._proofs = Proofs()
        self._scores: Table = {}
        """The main search's transposition table, kept from move to move like the proofs."""
        self._shape: tuple[int, bool, int, int, Cell] | None = None
        """The board shape the proofs and scores were found on: another shape's keys mean
        other cells."""

    @property
    def seconds(self) -> float | None:
        """The time limit per move, None for none; it may change between moves.

        A caller that gets a new budget for each move (the protocol brain, from the
        manager's clock) sets it here rather than make a new bot, so that the board and
        the threat proofs the bot keeps serve the next moves.

        Raises:
            TypeError: set to something not a number.
            ValueError: set to a number that is not finite and above 0.
        """
        return self._seconds

    @seconds.setter
    def seconds(self, seconds: float | None) -> None:
        self._seconds = check_seconds(seconds)

    @property
    def nodes(self) -> int | None:
        """The most positions a move may visit, None for no limit; it may change between moves.

        Raises:
            TypeError: set to something not an int.
            ValueError: set to an int below 1.
        """
        return self._nodes

    @nodes.setter
    def nodes(self, nodes: int | None) -> None:
        self._nodes = _check_nodes(nodes)

    @staticmethod
    def plays(game: Game) -> bool:
        """Whether the threat search plays ``game`` itself (else the heuristic bot does).

        Raises:
            WrongType: ``game`` is not a game.
        """
        game = check_game(game)
        return len(game.players) == 2 and MIN_K <= game.k <= MAX_K

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
            return self._choose(game)

    def _choose(self, game: Game) -> Cell:
        """:meth:`choose_move` in a game still going, from the moment its clock starts."""
        started = self._clock()
        deadline = None if self._seconds is None else started + self._seconds
        if not self.plays(game):
            left = None if deadline is None else max(deadline - self._clock(), 1e-3)
            fallback = HeuristicBot(self._rng.getrandbits(64), seconds=left, clock=self._clock)
            cell = fallback.choose_move(game)
            self.last = Thought(cell, "fallback", 0, 0, 0, self._clock() - started, (cell,))
            return cell
        board = self._board
        if board is None or not board.follow(game):
            board = self._board = Board.from_game(game)
        if not game.moves:
            centre = board.cell(_centre(board))
            self.last = Thought(centre, "opening", 0, 0, 0, self._clock() - started, (centre,))
            return centre
        shape = (board.k, board.table.exact, board.rows, board.cols, board.origin)
        if shape != self._shape or len(self._proofs) > KEPT_PROOFS:
            self._proofs, self._shape = Proofs(), shape
            self._scores.clear()
        if len(self._scores) > KEPT_SCORES:
            self._scores.clear()
        thinking = _Thinking(
            board,
            self._clock,
            started,
            deadline,
            self._nodes,
            self._rng,
            self._proofs,
            self._scores,
        )
        self.last = thinking.decide()
        return self.last.move


@contextmanager
def _old_objects_frozen() -> Iterator[None]:
    """Keep the cyclic garbage collector to the objects made during a move, for the move.

    A full collection walks every object the program keeps, the bot's own tables of line
    effects, positions and proofs among them; in the middle of a search one took 10 to 28 ms,
    longer than anything else between two readings of the clock, and one that fell on the
    deadline made the move that much late. Frozen (:func:`gc.freeze`), the objects made
    before the move are left out of collections until it is chosen, then handed back
    (:func:`gc.unfreeze`) to be collected as before: their collection is put off, never
    skipped. A program that froze objects of its own keeps them so; the collector is left
    alone then, as it is by a move chosen in one thread while another thread's move has
    them frozen.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


@contextmanager
def _allowance(budget: Budget, nodes: int) -> Iterator[Budget]:
    """A budget of at most ``nodes`` of ``budget``'s, for a search that may stop short.

    The search ends quietly when those nodes run out; when ``budget`` itself runs out (its
    clock or its own nodes), :class:`OutOfTime` goes on up. The nodes count to ``budget``.
    The clock is read again only when the nodes ran out: a deadline met before that is
    known without it (and on a budget of a few clock ticks, each read counts).
    """
    left = None if budget.limit is None else budget.limit - budget.nodes
    trial = Budget(budget.clock, budget.deadline, nodes if left is None else min(nodes, left))
    try:
        yield trial
    except OutOfTime:
        if trial.limit != nodes or trial.nodes < nodes or trial.is_late():
            raise
    finally:
        budget.nodes += trial.nodes


def _check_nodes(nodes: object) -> int | None:
    """``nodes`` checked as a node budget: None (no limit) or an int of at least 1."""
    return None if nodes is None else check_count("nodes", nodes)


def _centre(board: Board) -> int:
    return board.index((board.origin[0] + board.rows // 2, board.origin[1] + board.cols // 2))


class _Thinking:
    """One move's thought: the threat checks in order, then the main search."""

    def __init__(
        self,
        board: Board,
        clock: Callable[[], float],
        started: float,
        deadline: float | None,
        nodes: int | None,
        rng: random.Random,
        proofs: Proofs,
        scores: Table | None = None,
    ) -> None:
        self.board = board
        self.limit = nodes
        self.clock = clock
        self.started = started
        self.deadline = deadline
        self.rng = rng
        self.nodes = 0
        self.proofs = proofs
        """What the threat searches found, shared by them all (and kept by the bot)."""
        self.scores: Table = {} if scores is None else scores
        """What the main searches found, shared by them all (and kept by the bot)."""

    def decide(self) -> Thought:
        board = self.board
        me = board.to_move
        rival = 3 - me
        if board.fives[me]:
            return self._thought(min(board.fives[me]), "five", WIN, 1, ())
        if board.fives[rival]:
            return self._thought(min(board.fives[rival]), "block", 0, 0, ())
        sure = sorted(cell for cell in board.fours[me] if board.threat[me][cell] == WIN_CELL)
        if sure:
            return self._thought(sure[0], "open four", WIN, 2, ())
        moves = Search.root_moves(board, self.rng.random)
        with self.tactical():
            line = self._vcf()
            if line:
                return self._thought(line[0], "vcf", WIN, (len(line) + 1) // 2, tuple(line[1:]))
            defence = _Defence(self, moves)
            defence.check(SHARES["rival"])
            line = self._vct()
            if line:
                return self._thought(line[0], "vct", WIN, (len(line) + 1) // 2, tuple(line[1:]))
            share = SHARES["deeper"]
            if defence.needs_more_time:
                defence.check(SHARES["rescue"], first_safe=True)
                share = SHARES["rescue"]
            if defence.widen(SHARES["rescue"]):
                share = SHARES["rescue"]
            defence.deepen(share)
            moves = defence.moves
        alone = len(moves) == 1
        if alone and not defence.may_replace(moves):
            return self._thought(moves[0], "search", 0, 0, ())
        found = self._search(moves, LONE_MOVE_DEPTH if alone else None)
        while found.lost and defence.may_replace(moves):
            with self.tactical():
                moves = defence.instead_of()
            if not moves:
                break
            other = self._search(moves)
            if other.score > found.score:
                found = other
        return self._thought(found.move, "search", found.score, found.depth, found.variation[1:])

    @contextmanager
    def tactical(self) -> Iterator[None]:
        """The board in tactical mode, for the threat searches, and back after them."""
        self.board.set_tactical(True)
        try:
            yield
        finally:
            self.board.set_tactical(False)

    def _search(self, moves: list[int], depth: int | None = None) -> Line:
        """The main search over ``moves``, until the move's time is spent or ``depth``."""
        budget = self.stage_budget(1.0)
        search = Search(self.board, budget, self.scores)
        try:
            return search.run(moves) if depth is None else search.run(moves, depth)
        finally:
            self.nodes += budget.nodes

    def stage_budget(self, share: float, spent: int = 0) -> Budget:
        """The budget of a stage that may use up ``share`` of the move's time and nodes.

        ``spent`` is the nodes a stage in progress has visited, not yet in :attr:`nodes`.
        """
        deadline = None
        if self.deadline is not None:
            deadline = self.started + (self.deadline - self.started) * share
        nodes = None
        if self.limit is not None:
            nodes = max(1, round(self.limit * share) - self.nodes - spent)
        return Budget(self.clock, deadline, nodes)

    @contextmanager
    def threat_stage(self, share: float) -> Iterator[ThreatSearch]:
        """A threat search on the budget of a stage that may use up ``share`` of the move.

        The stage ends quietly when its budget runs out, and its nodes count to the move's.
        """
        budget = self.stage_budget(share)
        try:
            yield ThreatSearch(self.board, budget, self.proofs)
        except OutOfTime:
            pass
        finally:
            self.nodes += budget.nodes

    def _vcf(self) -> list[int] | None:
        """A win by continuous fours for the side to move, :data:`VCF_DEPTH` deep at most."""
        with self.threat_stage(SHARES["vcf"]) as tactics:
            return tactics.vcf(self.board.to_move, VCF_DEPTH)
        return None

    def _vct(self) -> list[int] | None:
        """A win by fours and threes for the side to move, if the VCT stage finds one.

        First a search straight to :data:`DIRECT_VCT_DEPTH` threats, on at most
        :data:`DIRECT_ALLOWANCE` nodes; then, if it found none, :data:`VCT_DEPTH` deep one
        threat deeper at a time. A win 9 or 10 threats deep can cost the deepening all its
        time in the depths before it, while the direct search finds it in a few thousand
        nodes; where there is none, what the direct search proves (no win from a position,
        10 deep) cuts the deepening short, so the two cost less than the deepening alone.
        """
        me = self.board.to_move
        with self.threat_stage(SHARES["vct"]) as tactics:
            with _allowance(tactics.budget, DIRECT_ALLOWANCE) as trial:
                direct = ThreatSearch(self.board, trial, self.proofs)
                line = direct.search(me, DIRECT_VCT_DEPTH, fours_only=False)
                if line is not None:
                    return line
            found = tactics.deepening(me, VCT_DEPTH, fours_only=False)
            return None if found is None else found[0]
        return None

    def _thought(
        self, move: int, reason: str, score: int, depth: int, rest: tuple[int, ...]
    ) -> Thought:
        board = self.board
        return Thought(
            board.cell(move),
            reason,
            score,
            depth,
            self.nodes,
            self.clock() - self.started,
            tuple(board.cell(index) for index in (move, *rest)),
        )


class _Defence:
    """The check of this side's moves against the rival's threats, in one try or more.

    When the rival would win by fours, or by fours and threes, if it could move now, the
    cells of its line, this side's fours and the root's moves are checked in that order:
    each first for a rival win by fours (a quick search, where one can be: the rival has
    one now or the move is a four), then those that pass for a win by fours and threes
    :data:`RIVAL_VCT_DEPTH` deep (or as deep as the rival's threat was found, when only a
    deeper look found it), in rounds of a growing node allowance (the moves quickest to
    settle first). A check cut short by the clock leaves the rest for another try (see
    :attr:`needs_more_time` and :meth:`instead_of`), which goes on where the last stopped;
    when every move checked loses, :meth:`widen` goes on with the other cells near the stones.
    A move that holds is checked again against deeper threats, to :data:`HOLD_DEPTH`, when
    there is a choice (:meth:`deepen`, and each move a later try finds): one that holds
    8 threats deep can lose 9 deep where another holds, and the deeper search costs little
    after the first, whose proofs are in the table.
    """

    def __init__(self, thinking: _Thinking, moves: list[int]) -> None:
        self._thinking = thinking
        self._root = moves
        self._threat_found: bool | None = None
        """Whether the rival has a threat; None until the search for one ends."""
        self._rival_has_vcf = False
        """Whether the rival's threat is a win by continuous fours."""
        self._order = moves
        self._fours_checked = 0
        self._undecided: list[int] = []
        """The moves with no rival win by fours after them, whose check for threes has not
        ended."""
        self._allowance = FIRST_ALLOWANCE
        self._safe: list[int] = []
        """The moves that hold as many threats deep as the moves are checked, less those
        shown to lose deeper."""
        self._held_deeper: list[int] = []
        """The safe moves also proved to hold :data:`HOLD_DEPTH` deep."""
        self._lost_deeper: list[int] = []
        """The moves that hold as deep as the moves are checked but lose deeper."""
        self._only_to_threes: list[int] = []
        self._depth = RIVAL_VCT_DEPTH
        """How many threats deep the moves are checked for the rival's win by threes: the
        depth of the rival's threat when only the deeper look found it."""

    @property
    def needs_more_time(self) -> bool:
        """Whether the rival has a threat, no move is proved to hold, and some are unchecked."""
        return bool(self._threat_found and not self._safe and self._unproved)

    @property
    def _unproved(self) -> list[int]:
        """The moves not proved to lose, nor to hold: undecided, then unchecked."""
        return self._undecided + self._order[self._fours_checked :]

    @property
    def moves(self) -> list[int]:
        """The moves to search: those proved to hold, if any.

        Else those that hold but lose deeper; else (time ran out first) the unproved ones;
        else those that lose only to threes (they hold longer); else all. A move proved to
        lose is thus never kept beside one that may hold.
        """
        if not self._threat_found:
            return self._root
        return (
            self._safe or self._lost_deeper or self._unproved or self._only_to_threes or self._root
        )

    def check(self, share: float, *, first_safe: bool = False) -> None:
        """Check moves until ``share`` of the move's budget is spent or all are checked.

        With ``first_safe``, stop at the first move that holds, deeper threats included:
        the main search would have little time left to choose between several.
        """
        board = self._thinking.board
        rival = 3 - board.to_move
        with self._thinking.threat_stage(share) as tactics:
            if self._threat_found is None:
                threat = self._rival_vcf(tactics, rival)
                self._rival_has_vcf = threat is not None
                threat = threat or tactics.deepening(rival, RIVAL_VCT_DEPTH, fours_only=False)
                if threat is None:
                    threat = self._deep_threat(tactics.budget)
                    if threat is not None:
                        self._depth = threat[1]
                self._threat_found = threat is not None
                if threat is None:
                    return
                line = [cell for cell in threat[0] if board.stones[cell] == 0]
                mine = sorted(board.fours[board.to_move])
                self._order = list(dict.fromkeys([*line, *mine, *self._root]))
            self._check_moves(tactics, first_safe)

    def _rival_vcf(self, tactics: ThreatSearch, rival: int) -> tuple[list[int], int] | None:
        """The rival's shortest win by continuous fours, and its depth; None if none.

        Looked for first straight to :data:`VCF_DEPTH` fours, which costs an eighth of the
        nodes of a search one four deeper at a time and finds the same wins; only when
        there is one does the deepening, on a table of its own (the shared one holds the
        first line found), find the shortest: its cells are the likeliest defences.
        """
        if tactics.vcf(rival, VCF_DEPTH) is None:
            return None
        shortest = ThreatSearch(self._thinking.board, tactics.budget)
        return shortest.deepening(rival, VCF_DEPTH, fours_only=True)

    def _deep_threat(self, budget: Budget) -> tuple[list[int], int] | None:
        """The rival's win by threats deeper than :data:`RIVAL_VCT_DEPTH`, and its depth.

        Looked for to :data:`HOLD_DEPTH`, until the move's "deep threat" share of the time
        is spent; None if none is found by then. A threat 9 or 10 deep is as deadly as
        one 8 deep, and a move that holds against it is often there; unseen, it leaves the
        defence idle and the main search free to play into it.
        """
        thinking = self._thinking
        deep = thinking.stage_budget(SHARES["deep threat"], spent=budget.nodes)
        tactics = ThreatSearch(thinking.board, deep, thinking.proofs)
        rival = 3 - thinking.board.to_move
        try:
            return tactics.deepening(rival, HOLD_DEPTH, fours_only=False, start=RIVAL_VCT_DEPTH + 1)
        except OutOfTime:
            return None
        finally:
            budget.nodes += deep.nodes

    def widen(self, share: float) -> bool:
        """When every move checked loses, look on among the other cells near the stones.

        The moves checked are the root's candidates, the cells of the rival's line and this
        side's fours; a move that holds can lie off those lists (far along one of the
        rival's lines, say). The other cells are checked, those of highest value first (to
        both sides, every level counted: the board is in tactical mode here), in rounds from
        the first allowance again (else one slow cell takes the time), up to the first that
        holds, until ``share`` of the move's budget is spent. Those it leaves unproved are
        dropped again: a cell picked for nothing but being unchecked would beat the moves
        proved to lose, and most such cells lose too. Returns whether it looked.
        """
        if not self._threat_found or self._safe or self._lost_deeper or self._unproved:
            return False
        board = self._thinking.board
        checked = set(self._order)
        others = [cell for cell in board.candidates if cell not in checked]
        if not others:
            return False
        others.sort(key=board.full_value_to_both, reverse=True)
        self._order = [*self._order, *others]
        self._allowance = FIRST_ALLOWANCE
        self.check(share, first_safe=True)
        self._order = self._order[: self._fours_checked]
        self._undecided = []
        return True

    def may_replace(self, moves: list[int]) -> bool:
        """Whether :meth:`instead_of` would look for moves in place of ``moves``.

        That is, when ``moves`` are the moves that hold (or, with none, those that hold but
        lose deeper) and some other moves are unproved.
        """
        return bool(self._threat_found and self._unproved) and moves == (
            self._safe or self._lost_deeper
        )

    def instead_of(self) -> list[int]:
        """The moves to search in place of those that hold, which the main search found to lose.

        Called when :meth:`may_replace` allows: the moves that hold lose all the same (to
        a quiet move and then threats, say), so the check goes on with the moves not yet
        ruled on, up to the first that holds, until the rescue's share of the time is
        spent. Returns the moves that hold among them, else those that hold but lose
        deeper, else those still unproved; none when all the others lose.
        """
        self._safe, self._lost_deeper = [], []
        self.check(SHARES["rescue"], first_safe=True)
        return self._safe or self._lost_deeper or self._unproved

    def deepen(self, share: float) -> None:
        """Check the safe moves against deeper threats until ``share`` of the budget is spent.

        Only when two moves or more hold; a move that loses deeper is dropped from them.
        """
        if len(self._safe) < 2:
            return
        with self._thinking.threat_stage(share) as tactics:
            for move in list(self._safe):
                if move not in self._held_deeper:
                    self._verify(tactics, move)

    def _check_moves(self, tactics: ThreatSearch, first_safe: bool) -> None:
        """Check every move for fours, then those that pass for threes, in rounds.

        Each round gives each undecided move's check :attr:`_allowance` nodes, then
        multiplies it by four: of two moves, one may be proved to hold in twenty nodes and
        the other to lose in thousands, and the first found safe serves sooner.
        """
        order = self._order
        while self._fours_checked < len(order):
            move = order[self._fours_checked]
            if not self._loses_to_fours(tactics, move):
                self._undecided.append(move)
            self._fours_checked += 1
        while self._undecided:
            for move in list(self._undecided):
                lost = self._rival_wins_within(tactics.budget, move)
                if lost is None:
                    continue
                self._undecided.remove(move)
                (self._only_to_threes if lost else self._safe).append(move)
                if first_safe and not lost and self._verify(tactics, move):
                    return
            self._allowance *= 4

    def _loses_to_fours(self, tactics: ThreatSearch, move: int) -> bool:
        """Whether the rival wins by continuous fours after ``move``.

        Searched only when the rival has such a win now or ``move`` is a four: another
        stone of this side's takes cells from the rival's fours and adds none, so it cannot
        give the rival a win by fours it did not have (while the rival's block of a four
        is a stone of its own that may).
        """
        board = self._thinking.board
        if not self._rival_has_vcf and move not in board.fours[board.to_move]:
            return False
        return tactics.wins_after(move, VCF_DEPTH, fours_only=True)

    def _rival_wins_within(self, budget: Budget, move: int) -> bool | None:
        """Whether the rival wins by threats after ``move``; None if the allowance ran out.

        Raises:
            OutOfTime: the stage's own budget ran out.
        """
        with _allowance(budget, self._allowance) as trial:
            tactics = ThreatSearch(self._thinking.board, trial, self._thinking.proofs)
            return tactics.wins_after(move, self._depth, fours_only=False)
        return None

    def _verify(self, tactics: ThreatSearch, move: int) -> bool:
        """Whether a safe ``move`` holds to :data:`HOLD_DEPTH`; if not, it leaves the safe.

        A check the clock cuts short leaves the move safe.
        """
        for depth in range(self._depth + 1, HOLD_DEPTH + 1):
            if tactics.wins_after(move, depth, fours_only=False):
                self._safe.remove(move)
                self._lost_deeper.append(move)
                return False
        self._held_deeper.append(move)
        return True
