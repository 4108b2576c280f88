"""Threat-space search: wins by continuous fours (VCF) and by fours and threes (VCT).

The attacker plays only threats; the defender only answers them. Against a four the only
answer is the block (a four of the defender's own comes too late: the attacker completes
five first). Against an open three (the attacker can make an open four next) the answers are
the moves that stop it: the cell of that open four, and those on its line where the
defender's stone leaves the attacker no open four nor two fours
(:meth:`PatternBoard.stops <tictactoe._threat.board.PatternBoard.stops>`, read from the
pattern table); and every four of the defender's own (a counter-four, which the attacker
must block before going on). A win is proved when every answer fails; a position proved,
either way, is kept in a table by its Zobrist key, its attacker, its kind of threats and
the attacker's last threat, with the depth it was proved to: a win serves a search as deep
or deeper, a failure one as deep or shallower. So whether a position is won within a depth
does not hang on what the table held: a search straight to the depth, one deepening to it,
and one on a table that other searches filled all agree.

The attacker's fours are all tried, but after its first threat an open three only on a line
through its last threat, a few cells from it: threats that build on each other, as strong
engines search them. That misses a rare win whose threes lie apart, and in exchange searches
a few threats deeper in the same time, which finds more wins and sees more of the rival's.

The searches read the clock through a :class:`Budget`, every few dozen nodes, and stop by
raising :class:`BudgetSpent` out of the recursion; every few milliseconds they also let other
threads run (see :meth:`Budget.spend`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from tictactoe._threat.board import PatternBoard
from tictactoe._threat.scoring import FOUR_CELL, WIN_CELL

__all__ = ["Budget", "BudgetSpent", "Proofs", "ThreatSearch", "answers_to_three"]

_CHECK_EVERY = 32
"""Nodes between two readings of the clock: a node costs tens of microseconds."""
_ANYWHERE = -1
"""The attacker's last threat before the first: its first open three may be anywhere."""


class BudgetSpent(Exception):
    """The budget is spent: the search unwinds and its caller uses what it has."""


class Budget:
    """A deadline on a clock, and the nodes visited so far (by every search of a move).

    Args:
        clock: the time source, in seconds.
        deadline: the clock reading at which searches must stop; None for none.
        nodes: the most nodes the searches may visit; None for no limit.
    """

    def __init__(
        self, clock: Callable[[], float], deadline: float | None, nodes: int | None = None
    ) -> None:
        self.clock = clock
        self.deadline = deadline
        self.limit = nodes
        self.nodes = 0
        self._next_check = _CHECK_EVERY
        self._yield_at = _next_yield()

    def spend(self) -> None:
        """Count one node; every few dozen, stop past the deadline, and let other threads run.

        Compiled (the build mypyc makes), the search never passes through the interpreter's
        loop, where a thread gives the others their turn: it would hold the GIL until the
        move is chosen, and a server that runs bots in threads would answer nothing
        meanwhile. So it lets them run here, every few milliseconds (see :func:`_next_yield`).

        Raises:
            BudgetSpent: the nodes are spent, or the clock has reached the deadline.
        """
        if self.limit is not None and self.nodes >= self.limit:
            raise BudgetSpent
        self.nodes += 1
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + _CHECK_EVERY
            if time.perf_counter() >= self._yield_at:
                _let_others_run()
                self._yield_at = _next_yield()
            if self.deadline is not None and self.clock() >= self.deadline:
                raise BudgetSpent

    def is_late(self) -> bool:
        """Whether the deadline has passed (read now)."""
        return self.deadline is not None and self.clock() >= self.deadline


def _next_yield() -> float:
    """When a search next lets other threads run: 1.5 switch intervals on (7.5 ms).

    A thread that has waited a whole switch interval for the GIL asks for it, and the
    release in :func:`_let_others_run` then hands it over. Released more often than that,
    the GIL went back to the search before the waiting thread woke, every time: it never
    asked, and waited for the whole search. Half an interval more leaves it time to ask.
    """
    return time.perf_counter() + 1.5 * sys.getswitchinterval()


def _let_others_run() -> None:
    """Release the GIL for a moment: a thread that asked for it takes it now.

    ``sched_yield`` costs half a microsecond; a zero sleep, which Linux rounds up to its
    timer slack, 77. Windows has no ``sched_yield``, and sleeps no longer than asked.
    """
    if sys.platform == "win32":
        time.sleep(0)
    else:
        os.sched_yield()


class Proofs:
    """What threat searches found, by position: it holds for as long as the position does.

    The keys are Zobrist keys of one board's cells, so a table serves every search on boards
    of the same shape (the same window of the same game): those of one move, and those of
    the next moves, whose trees run through many of the same positions.
    """

    def __init__(self) -> None:
        self.won: dict[tuple[int, int, bool, int], tuple[int, list[int]]] = {}
        """(key, attacker, fours only, last threat) -> the shallowest depth that found a win
        there, and its line (the last threat matters: it bounds where the next open three
        may be; for fours it is left out)."""
        self.failed: dict[tuple[int, int, bool, int], int] = {}
        """The same keys -> the deepest search that found no win there."""

    def __len__(self) -> int:
        return len(self.won) + len(self.failed)


class ThreatSearch:
    """Proves wins for one attacker on a board by threats alone.

    Args:
        board: the board searched (moves are played and taken back; it ends as it began).
        budget: the time and node counter shared with the rest of the move's search.
        proofs: what earlier searches on boards of this shape found; a new table if None.
    """

    def __init__(self, board: PatternBoard, budget: Budget, proofs: Proofs | None = None) -> None:
        self.board = board
        self.budget = budget
        proofs = Proofs() if proofs is None else proofs
        self._won = proofs.won
        self._failed = proofs.failed

    def search(self, attacker: int, depth: int, *, fours_only: bool) -> list[int] | None:
        """A win for ``attacker`` by threats, as the line of moves; None if none is found.

        The attacker moves next (whoever's turn it is on the board); ``depth`` bounds the
        attacker's moves. With ``fours_only`` the threats are fours (a VCF), else fours and
        open threes (a VCT). The line alternates the attacker's threats and the answers
        that hold out longest.
        """
        return self._attack(attacker, depth, fours_only=fours_only)

    def deepening(
        self, attacker: int, depth: int, *, fours_only: bool, start: int = 1
    ) -> tuple[list[int], int] | None:
        """:meth:`search` one attacker move deeper at a time, from ``start`` up to ``depth``.

        Returns the first line found and the depth that found it: the shortest wins come
        first, and a search cut short by the clock has still tried every shallower depth.
        """
        for bound in range(start, depth + 1):
            line = self._attack(attacker, bound, fours_only=fours_only)
            if line is not None:
                return line, bound
        return None

    def wins_after(self, move: int, depth: int, *, fours_only: bool) -> bool:
        """Whether the rival of the side to move wins by threats after that side plays ``move``.

        A four that the rival must block only puts its threats off: after the block the
        side to move is to move again, and the threats the rival had stand. So after a
        four met by a block that makes no four of the rival's, the rival's win is looked
        for as if it were to move again: the four holds only if it, or the block, breaks
        them. ``depth`` bounds the rival's threats, as in :meth:`search`.
        """
        board = self.board
        me = board.to_move
        rival = 3 - me
        board.play(move, me)
        forced = board.fives[me]
        block = min(forced) if len(forced) == 1 and not board.fives[rival] else -1
        blocked = block >= 0 and board.threat[rival][block] < FOUR_CELL
        if blocked and rival == 1 and board.renju:
            blocked = not board.is_forbidden(block)
        if blocked:
            board.play(block, rival)
        try:
            return self._attack(rival, depth, fours_only=fours_only) is not None
        finally:
            board.undo()
            if blocked:
                board.undo()

    def vcf(self, attacker: int, depth: int) -> list[int] | None:
        """A win for ``attacker`` by continuous fours; None if none within ``depth``."""
        return self._attack(attacker, depth, fours_only=True)

    def vct(self, attacker: int, depth: int) -> list[int] | None:
        """A win for ``attacker`` by fours and open threes; None if none within ``depth``."""
        return self._attack(attacker, depth, fours_only=False)

    def _attack(
        self, attacker: int, depth: int, *, fours_only: bool, last: int = _ANYWHERE
    ) -> list[int] | None:
        board = self.board
        defender = 3 - attacker
        fives = board.fives[attacker]
        if fives:
            return [min(fives)]
        theirs = board.fives[defender]
        if len(theirs) > 1:
            return None
        sure = [cell for cell in board.fours[attacker] if board.threat[attacker][cell] == WIN_CELL]
        restricted = attacker == 1 and board.renju
        if sure and restricted:
            sure = board.playable(sure, 1)
        if theirs:  # a block that makes an open four or two fours wins all the same
            sure = [cell for cell in sure if cell in theirs]
        if sure:
            return [min(sure)]
        if depth <= 0:
            return None
        key = (board.hash, attacker, fours_only, _ANYWHERE if fours_only else last)
        won = self._won.get(key)
        if won is not None and won[0] <= depth:
            return won[1]
        if self._failed.get(key, 0) >= depth:
            return None
        self.budget.spend()
        moves = list(theirs) if theirs else self._threats(attacker, fours_only, last)
        if restricted:
            moves = board.playable(moves, 1)
        for move in moves:
            board.play(move, attacker)
            try:
                line = self._defend(attacker, depth - 1, fours_only, last if theirs else move)
            finally:
                board.undo()
            if line is not None:
                line = [move, *line]
                self._won[key] = (depth, line)
                return line
        self._failed[key] = depth
        return None

    def _threats(self, attacker: int, fours_only: bool, last: int) -> list[int]:
        """The attacker's threatening moves, the strongest first.

        By threat class, then by the cell's full value (its twos and closed threes too):
        the threat that builds most comes first, and a search on a node budget finds
        more wins that way than when tactical mode's values, blind to twos, break the ties
        (measurements: docs/research.md).
        Every four counts; an open three only on a line through the attacker's ``last``
        threat, within :attr:`Params.continuity <tictactoe._threat.params.Params.continuity>`
        cells of it: threats that build on each other, as strong engines search them. A win
        missed that way is rare, and the search goes deeper in the time it saves.
        """
        board = self.board
        threat = board.threat[attacker]
        moves = list(board.fours[attacker])
        if not fours_only:
            if last == _ANYWHERE:
                moves += board.threes[attacker]
            else:
                near = board.near_line
                moves += [cell for cell in board.threes[attacker] if cell - last in near]
        value = board.full_value
        moves.sort(key=lambda cell: (threat[cell], value(cell, attacker)), reverse=True)
        return moves

    def _defend(self, attacker: int, depth: int, fours_only: bool, last: int) -> list[int] | None:
        """The attacker's winning line from here with the defender to move, else None.

        At ``depth`` 0, the attacker's last threat played, it wins only if every answer
        leaves it a five, an open four or two fours to make. A cell that stops its open
        fours (:func:`answers_to_three`) leaves it none, so where there is one the node is
        settled without a move; else only the defender's counter-fours can hold, and they
        are tried.
        """
        board = self.board
        defender = 3 - attacker
        if board.fives[defender]:
            return None
        fives = board.fives[attacker]
        if len(fives) > 1:
            return [min(fives)]
        if fives:
            answers = list(fives)
        elif fours_only:
            return None
        else:
            answers = self._likeliest_answers(attacker) if depth else self._last_answers(attacker)
            if not answers:
                return None
        if defender == 1 and board.renju:
            answers = board.playable(answers, 1)
            if not answers:  # every answer is forbidden to Black: no answer at all
                return [min(fives)] if fives else [min(makers(board, attacker))]
        self.budget.spend()
        longest: list[int] = []
        for answer in answers:
            board.play(answer, defender)
            try:
                line = self._attack(attacker, depth, fours_only=fours_only, last=last)
            finally:
                board.undo()
            if line is None:
                return None
            if len(line) + 1 > len(longest):
                longest = [answer, *line]
        return longest

    def _last_answers(self, attacker: int) -> list[int]:
        """The answers that may fail against an attacker with no threat left to play.

        None (an empty list) when no open four of its is coming or a cell stops them all
        (a lone cell that wins in two is stopped on itself, with no need to look further,
        but where the cell is forbidden to Black under renju);
        else the defender's fours, or, when it has none, one cell that makes an open four
        (which loses like any move).
        """
        board = self.board
        winning = makers(board, attacker)
        restricted = attacker == 2 and board.renju
        if not winning or (len(winning) < 2 and not restricted):
            return []
        stops = _common_stops(board, attacker, winning)
        if stops and restricted:
            stops = board.playable(stops, 1)
        if stops:
            return []
        return sorted(board.fours[3 - attacker]) or winning[:1]

    def _likeliest_answers(self, attacker: int) -> list[int]:
        """The defender's answers to the attacker's open three, the likeliest to hold first.

        A counter-four first, then the cell worth most to both sides: the attacker's best
        cell taken, or the defender's. One answer that holds disproves the node, so the
        sooner it comes the fewer answers are searched: VCTs take far fewer nodes than in
        the order the lines give the answers, and find the same wins (measurements:
        docs/research.md).
        """
        board = self.board
        defender = 3 - attacker
        counters = board.fours[defender]
        worth = board.full_value_to_both
        answers = answers_to_three(board, attacker)
        answers.sort(key=lambda cell: (cell in counters, worth(cell)), reverse=True)
        return answers


def answers_to_three(board: PatternBoard, attacker: int) -> list[int]:
    """The defender's answers to the attacker's coming open fours; none if none come.

    They are the cells that stop every one of those fours (:meth:`PatternBoard.stops
    <tictactoe._threat.board.PatternBoard.stops>`: the cells where the attacker would make
    one, and those on their lines that leave it none), then the defender's own fours. Any other
    move lets the attacker make an open four (or two fours) next: a search that tried it
    would only find that out, a move later. When nothing stops them all and the defender
    has no four, the first of those cells stands alone, lost like every other move.
    """
    winning = makers(board, attacker)
    if not winning:
        return []
    answers = dict.fromkeys(_common_stops(board, attacker, winning))
    answers.update(dict.fromkeys(sorted(board.fours[3 - attacker])))
    return list(answers) or winning[:1]


def makers(board: PatternBoard, attacker: int) -> list[int]:
    """The cells where the attacker would make an open four or two fours: a win in two.

    Black's forbidden points under renju are none: Black may not play there.
    """
    threat = board.threat[attacker]
    found = [cell for cell in board.fours[attacker] if threat[cell] == WIN_CELL]
    return board.playable(found, 1) if found and attacker == 1 and board.renju else found


def _common_stops(board: PatternBoard, attacker: int, winning: list[int]) -> list[int]:
    """The cells where the defender's stone stops every one of ``winning``."""
    stops = board.stops(winning[0], attacker)
    for cell in winning[1:]:
        others = set(board.stops(cell, attacker))
        stops = [stop for stop in stops if stop in others]
    return stops
