"""The defence: which of this side's moves hold against the rival's threats.

Before the main search chooses a move, the bot asks whether the rival would win by threats
(fours, then fours and threes) if it could move now; if so, :class:`Defence` checks this
side's moves against them and keeps those that hold, so that the main search never weighs
a move proved to lose beside one that may hold. The checks share the move's time in stages
(:mod:`~tictactoe._threat.stages`) and the proofs of the threat searches.
"""

from __future__ import annotations

from tictactoe._threat.stages import Stages, allowance
from tictactoe._threat.tactics import Budget, BudgetSpent, ThreatSearch

__all__ = ["Defence"]


class Defence:
    """The check of this side's moves against the rival's threats, in one try or more.

    When the rival would win by fours, or by fours and threes, if it could move now, the
    cells of its line, this side's fours and the root's moves are checked in that order:
    each first for a rival win by fours (a quick search, where one can be: the rival has
    one now or the move is a four), then those that pass for a win by fours and threes
    ``rival_vct_depth`` deep (or as deep as the rival's threat was found, when only a
    deeper look found it), in rounds of a growing node allowance (the moves quickest to
    settle first). A check cut short by the clock leaves the rest for another try (see
    :attr:`needs_more_time` and :meth:`instead_of`), which goes on where the last stopped;
    when every move checked loses, :meth:`widen` goes on with the other cells near the stones.
    A move that holds is checked again against deeper threats, to ``hold_depth``, when
    there is a choice (:meth:`deepen`, and each move a later try finds): one that holds
    8 threats deep can lose 9 deep where another holds, and the deeper search costs little
    after the first, whose proofs are in the table. The depths, allowances and shares are
    the bot's :class:`~tictactoe._threat.params.Params`.

    Args:
        stages: the move's board, budget and proofs.
        moves: the root's candidates, the likeliest first.
    """

    def __init__(self, stages: Stages, moves: list[int]) -> None:
        self._stages = stages
        self._params = stages.params
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
        self._allowance = self._params.first_allowance
        self._safe: list[int] = []
        """The moves that hold as many threats deep as the moves are checked, less those
        shown to lose deeper."""
        self._held_deeper: list[int] = []
        """The safe moves also proved to hold ``hold_depth`` deep."""
        self._lost_deeper: list[int] = []
        """The moves that hold as deep as the moves are checked but lose deeper."""
        self._only_to_threes: list[int] = []
        self._depth = self._params.rival_vct_depth
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
        board = self._stages.board
        rival = 3 - board.to_move
        with self._stages.threat_stage(share) as tactics:
            if self._threat_found is None:
                threat = self._rival_vcf(tactics, rival)
                self._rival_has_vcf = threat is not None
                depth = self._params.rival_vct_depth
                threat = threat or tactics.deepening(rival, depth, fours_only=False)
                if threat is None:
                    threat = self._deep_threat(tactics.budget)
                    if threat is not None:
                        self._depth = threat[1]
                self._threat_found = threat is not None
                if threat is None:
                    return
                line = [cell for cell in threat[0] if board.stones[cell] == 0]
                mine = sorted(board.fours[board.to_move])
                order = list(dict.fromkeys([*line, *mine, *self._root]))
                self._order = board.playable(order, board.to_move)
            self._check_moves(tactics, first_safe)

    def _rival_vcf(self, tactics: ThreatSearch, rival: int) -> tuple[list[int], int] | None:
        """The rival's shortest win by continuous fours, and its depth; None if none.

        Looked for first straight to ``vcf_depth`` fours, which costs an eighth of the
        nodes of a search one four deeper at a time and finds the same wins; only when
        there is one does the deepening, on a table of its own (the shared one holds the
        first line found), find the shortest: its cells are the likeliest defences.
        """
        depth = self._params.vcf_depth
        if tactics.vcf(rival, depth) is None:
            return None
        shortest = ThreatSearch(self._stages.board, tactics.budget)
        return shortest.deepening(rival, depth, fours_only=True)

    def _deep_threat(self, budget: Budget) -> tuple[list[int], int] | None:
        """The rival's win by threats deeper than ``rival_vct_depth``, and its depth.

        Looked for to ``hold_depth``, until the move's ``deep_threat_share`` of the time is
        spent; None if none is found by then. A threat 9 or 10 deep is as deadly as
        one 8 deep, and a move that holds against it is often there; unseen, it leaves the
        defence idle and the main search free to play into it.
        """
        stages, params = self._stages, self._params
        deep = stages.budget(params.deep_threat_share, spent=budget.nodes)
        tactics = ThreatSearch(stages.board, deep, stages.proofs)
        rival = 3 - stages.board.to_move
        start = params.rival_vct_depth + 1
        try:
            return tactics.deepening(rival, params.hold_depth, fours_only=False, start=start)
        except BudgetSpent:
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
        board = self._stages.board
        checked = set(self._order)
        others = [cell for cell in board.candidates if cell not in checked]
        others = board.playable(others, board.to_move)
        if not others:
            return False
        others.sort(key=board.full_value_to_both, reverse=True)
        self._order = [*self._order, *others]
        self._allowance = self._params.first_allowance
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
        self.check(self._params.rescue_share, first_safe=True)
        return self._safe or self._lost_deeper or self._unproved

    def deepen(self, share: float) -> None:
        """Check the safe moves against deeper threats until ``share`` of the budget is spent.

        Only when two moves or more hold; a move that loses deeper is dropped from them.
        """
        if len(self._safe) < 2:
            return
        with self._stages.threat_stage(share) as tactics:
            for move in list(self._safe):
                if move not in self._held_deeper:
                    self._verify(tactics, move)

    def _check_moves(self, tactics: ThreatSearch, first_safe: bool) -> None:
        """Check every move for fours, then those that pass for threes, in rounds.

        Each round gives each undecided move's check :attr:`_allowance` nodes, then
        multiplies it by ``allowance_growth`` (four): of two moves, one may be proved to hold
        in twenty nodes and the other to lose in thousands, and the first found safe serves
        sooner.
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
            self._allowance *= self._params.allowance_growth

    def _loses_to_fours(self, tactics: ThreatSearch, move: int) -> bool:
        """Whether the rival wins by continuous fours after ``move``.

        Searched only when the rival has such a win now or ``move`` is a four: another
        stone of this side's takes cells from the rival's fours and adds none, so it cannot
        give the rival a win by fours it did not have (while the rival's block of a four
        is a stone of its own that may). Black's stones under renju are searched too: one
        can make a forbidden point of the cell where Black must block a four.
        """
        board = self._stages.board
        me = board.to_move
        quiet = move not in board.fours[me] and not (me == 1 and board.renju)
        if not self._rival_has_vcf and quiet:
            return False
        return tactics.wins_after(move, self._params.vcf_depth, fours_only=True)

    def _rival_wins_within(self, budget: Budget, move: int) -> bool | None:
        """Whether the rival wins by threats after ``move``; None if the allowance ran out.

        Raises:
            BudgetSpent: the stage's own budget ran out.
        """
        with allowance(budget, self._allowance) as trial:
            tactics = ThreatSearch(self._stages.board, trial, self._stages.proofs)
            return tactics.wins_after(move, self._depth, fours_only=False)
        return None

    def _verify(self, tactics: ThreatSearch, move: int) -> bool:
        """Whether a safe ``move`` holds to ``hold_depth``; if not, it leaves the safe.

        A check the clock cuts short leaves the move safe.
        """
        for depth in range(self._depth + 1, self._params.hold_depth + 1):
            if tactics.wins_after(move, depth, fours_only=False):
                self._safe.remove(move)
                self._lost_deeper.append(move)
                return False
        self._held_deeper.append(move)
        return True
