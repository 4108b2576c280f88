"""One move's thought: the threat checks in order, then the main search.

Each move it (1) takes a five, (2) blocks the rival's five, (3) makes an open four or a
double four when it can, (4) looks for its own win by continuous fours (VCF); (5) asks
whether the rival would win by fours, then by fours and threes, if it could move now, and
if so keeps only the moves after which it cannot (:mod:`~tictactoe._threat.defence`);
(6) looks for its own VCT, first straight to ``direct_vct_depth`` threats on a few thousand
nodes, then one threat deeper at a time to ``vct_depth``; (7) when the check of (5) ran out
of time before it proved any move to hold, goes on with it, up to the first move that
holds, and when every move it checked lost, goes on with the other cells near the stones,
up to the first that holds; (8) checks the moves that hold against deeper threats,
dropping those that lose to them while another holds; (9) runs the main search
(:mod:`~tictactoe._threat.search`) over the moves left, until the time is spent; (10) when
that search proves that the moves which hold all lose (to a quiet move, then threats,
say), goes on with the check as in (7) over the moves it had not ruled on, and searches
those instead, again while the search proves the new ones lost and moves are left
unproved. Each step has its share of the time (:mod:`~tictactoe._threat.stages`); the
depths, allowances and shares are the bot's :class:`~tictactoe._threat.params.Params`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from tictactoe._threat.board import PatternBoard
from tictactoe._threat.defence import Defence
from tictactoe._threat.search import WIN, Line, Search, Table
from tictactoe._threat.stages import Stages, allowance
from tictactoe._threat.tactics import ThreatSearch, makers

__all__ = ["Decision", "Thinking"]


@dataclass(frozen=True, slots=True)
class Decision:
    """The move chosen, as board indices, and why.

    Args:
        move: the board index of the move.
        reason: ``five``, ``block``, ``open four``, ``vcf``, ``vct`` or ``search``.
        score: the score for the side to move (above 900,000 a proved win).
        depth: the depth of the main search in plies, or of the threat line in moves.
        expected: the line expected after the move.
    """

    move: int
    reason: str
    score: int
    depth: int
    expected: tuple[int, ...] = ()


class Thinking:
    """One move's thought over the stages of its budget.

    Args:
        stages: the move's board, budget, tuning and threat proofs.
        rng: breaks ties between moves of equal value.
        scores: the main search's transposition table, shared by the move's main searches
            (and kept by the bot).
    """

    def __init__(self, stages: Stages, rng: random.Random, scores: Table) -> None:
        self.stages = stages
        self.board = stages.board
        self.params = stages.params
        self.rng = rng
        self.scores = scores

    def decide(self) -> Decision:
        """The move for the side to move on the board, which ends as it began."""
        board, params = self.board, self.params
        me = board.to_move
        rival = 3 - me
        if board.fives[me]:
            return Decision(_five(board, me), "five", WIN, 1)
        blocks = board.playable(sorted(board.fives[rival]), me)
        if blocks:
            return Decision(blocks[0], "block", 0, 0)
        sure = sorted(makers(board, me))
        if sure:
            return Decision(sure[0], "open four", WIN, 2)
        moves = Search.root_moves(board, self.rng.random, params)
        with self.tactical():
            line = self._vcf()
            if line:
                return _threat_line(line, "vcf")
            defence = Defence(self.stages, moves)
            defence.check(params.rival_share)
            line = self._vct()
            if line:
                return _threat_line(line, "vct")
            share = params.deeper_share
            if defence.needs_more_time:
                defence.check(params.rescue_share, first_safe=True)
                share = params.rescue_share
            if defence.widen(params.rescue_share):
                share = params.rescue_share
            defence.deepen(share)
            moves = defence.moves
        alone = len(moves) == 1
        if alone and not defence.may_replace(moves):
            return Decision(moves[0], "search", 0, 0)
        found = self._search(moves, params.lone_move_depth if alone else None)
        while found.lost and defence.may_replace(moves):
            with self.tactical():
                moves = defence.instead_of()
            if not moves:
                break
            other = self._search(moves)
            if other.score > found.score:
                found = other
        return Decision(found.move, "search", found.score, found.depth, found.variation[1:])

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
        budget = self.stages.budget(1.0)
        search = Search(self.board, budget, self.scores, self.params)
        try:
            return search.run(moves) if depth is None else search.run(moves, depth)
        finally:
            self.stages.nodes += budget.nodes

    def _vcf(self) -> list[int] | None:
        """A win by continuous fours for the side to move, ``vcf_depth`` deep at most."""
        with self.stages.threat_stage(self.params.vcf_share) as tactics:
            return tactics.vcf(self.board.to_move, self.params.vcf_depth)
        return None

    def _vct(self) -> list[int] | None:
        """A win by fours and threes for the side to move, if the VCT stage finds one.

        First a search straight to ``direct_vct_depth`` threats, on at most
        ``direct_allowance`` nodes; then, if it found none, ``vct_depth`` deep one threat
        deeper at a time. A win 9 or 10 threats deep can cost the deepening all its time in
        the depths before it, while the direct search finds it in a few thousand nodes;
        where there is none, what the direct search proves (no win from a position, 10
        deep) cuts the deepening short, so the two cost less than the deepening alone.
        """
        stages, params = self.stages, self.params
        me = self.board.to_move
        with stages.threat_stage(params.vct_share) as tactics:
            with allowance(tactics.budget, params.direct_allowance) as trial:
                direct = ThreatSearch(self.board, trial, stages.proofs)
                line = direct.search(me, params.direct_vct_depth, fours_only=False)
                if line is not None:
                    return line
            found = tactics.deepening(me, params.vct_depth, fours_only=False)
            return None if found is None else found[0]
        return None


def _five(board: PatternBoard, me: int) -> int:
    """The cell where ``me`` makes five: under renju, for Black, one making no overline too.

    Black's exact five wins whatever else the stone makes, as the core rules; but some
    referees (c-gomoku-cli among them) call a five made with an overline on another line a
    forbidden overline, so where there is a choice the bot leaves them no doubt.
    """
    fives = sorted(board.fives[me])
    if me == 1 and board.renju:
        clean = [cell for cell in fives if not board.makes_overline(cell)]
        return (clean or fives)[0]
    return fives[0]


def _threat_line(line: list[int], reason: str) -> Decision:
    """The first move of a winning threat line, with the depth of the line in moves."""
    return Decision(line[0], reason, WIN, (len(line) + 1) // 2, tuple(line[1:]))
