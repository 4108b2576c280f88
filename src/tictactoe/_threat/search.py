"""The main search: iterative deepening principal-variation search over threat-ordered moves.

Each node first looks at the threats: a five to make wins, two rival fives lose, one rival
five must be blocked (the only move, searched without spending depth), an open four or two
fours to make win in two. Facing the rival's open three (cells where the rival would make an
open four), the node only tries the answers a threat search allows: the cells that stop
it and its own fours; past the horizon it keeps answering such threats for a few plies
more, so that no leaf is judged with an open three standing unanswered. Otherwise it tries
the few cells of highest value (its own value plus the rival's: attack and
defence), after the move from the transposition table and the killer of the ply. A move
late in that order that makes no threat is searched a ply shallower first (a late move
reduction), and again at full depth only if it then beats the best so far: the moves
ordered last rarely are best, and the depth saved on them goes to the likely ones. Threats,
forced blocks and answers to open threes are never reduced.

Leaves are scored by the board's totals: the value of every empty cell to the side to move,
less its value to the rival; then each threat cell counts more for the side to move, which
can use it first, than for the side that waits; plus the initiative of a double threat the
rival cannot meet with a four; plus the worth of the stone the side to move is about to
place, without which odd and even depths scored far apart. The weights are fitted to the
outcomes of games, but for the open three's level, set higher by hand. The widths, the
reductions and the weights are the bot's :class:`~tictactoe._threat.params.Params`, read
into the search when it is made.

Every move is played lazily (:meth:`PatternBoard.play
<tictactoe._threat.board.PatternBoard.play>`): the totals, the threats and the levels from
an open three up, all that a leaf and the answers to an open three read, are exact at once,
and the rest is finished only at a node that goes on to order moves. Most nodes are leaves,
and a lazy move and its undo cost far less than a full one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tictactoe._threat.board import PatternBoard
from tictactoe._threat.params import DEFAULT_PARAMS, Params
from tictactoe._threat.scoring import WIN_CELL
from tictactoe._threat.tactics import Budget, BudgetSpent, answers_to_three, makers

__all__ = ["WIN", "Line", "Search", "Table"]

WIN = 1_000_000
"""The score of a won position, less the plies it takes."""
_MAX_DEPTH = 40
_EXACT, _LOWER, _UPPER = 0, 1, 2


Table = dict[int, tuple[int, int, int, int]]
"""A transposition table: Zobrist key -> (depth, bound kind, score, best move)."""


@dataclass(frozen=True, slots=True)
class Line:
    """The outcome of one search: a move, its score, and how deep the search went.

    Args:
        move: the board index of the move.
        score: the score for the side to move (positive is good; near :data:`WIN`, won).
        depth: the deepest iteration completed (0 when a rule decided the move).
        variation: the expected line, the move first.
    """

    move: int
    score: int
    depth: int
    variation: tuple[int, ...]

    @property
    def won(self) -> bool:
        """Whether the score is a win the search proved."""
        return self.score >= WIN - _MAX_DEPTH * 2

    @property
    def lost(self) -> bool:
        """Whether the score is a loss the search proved.

        Every move it was given then loses, unless the clock cut the last iteration short.
        """
        return self.score <= -WIN + _MAX_DEPTH * 2


class Search:
    """Alpha-beta (PVS) with a transposition table, killers and history on one board.

    Args:
        board: the position, with the side to move on it; it ends as it began.
        budget: the clock and node counter; the search stops when it runs out.
        table: the transposition table, which this search adds to; a new one if None.
            A table that earlier searches on boards of this shape filled serves this
            one: the scores and best moves of the positions it already searched.
        params: the widths, reductions and evaluation weights it searches with.
    """

    def __init__(
        self,
        board: PatternBoard,
        budget: Budget,
        table: Table | None = None,
        params: Params = DEFAULT_PARAMS,
    ) -> None:
        self.board = board
        self.budget = budget
        self.table: Table = {} if table is None else table
        self.killers: dict[int, int] = {}
        self.history: dict[int, int] = {}
        # Read once here, not at each node: the nodes read them as plain attributes.
        self._width = params.width
        self._threat_plies = params.threat_plies
        self._late_move = params.late_move
        self._reduced_from = params.reduced_from
        self._value_over_history = params.value_over_history
        self._to_move = params.to_move
        self._tempo = params.tempo
        self._initiative = params.initiative

    def run(self, moves: list[int], max_depth: int = _MAX_DEPTH) -> Line:
        """Deepen over ``moves`` (the root's candidates) until the budget runs out.

        Returns the best line of the deepest iteration completed, or of the first move when
        not even depth 1 finished; a move that beat the previous best before time ran out
        is kept.
        """
        best = Line(moves[0], 0, 0, (moves[0],))
        order = list(moves)
        for depth in range(1, max_depth + 1):
            try:
                best = self._root(order, depth, best)
            except BudgetSpent:
                break
            order.remove(best.move)
            order.insert(0, best.move)
            if best.won or best.lost:
                break
        return best

    def _root(self, order: list[int], depth: int, previous: Line) -> Line:
        board = self.board
        me = board.to_move
        alpha, beta = -WIN - 1, WIN + 1
        best = previous
        for number, move in enumerate(order):
            board.play(move, me, lazily=True)
            try:
                if number == 0:
                    score = -self._negamax(depth - 1, -beta, -alpha, 1)
                else:
                    score = -self._negamax(depth - 1, -alpha - 1, -alpha, 1)
                    if score > alpha:
                        score = -self._negamax(depth - 1, -beta, -alpha, 1)
            except BudgetSpent:
                board.undo()
                if number > 0 and best.depth == depth:
                    return best
                raise
            board.undo()
            if score > alpha:
                alpha = score
                best = Line(move, score, depth, (move, *self._variation(move)))
        return best

    def _variation(self, move: int) -> tuple[int, ...]:
        """The expected replies after ``move``, read from the table."""
        board = self.board
        board.play(move, board.to_move)
        line: list[int] = []
        while len(line) < 12:
            found = self.table.get(board.hash)
            if found is None or board.stones[found[3]] != 0:
                break
            line.append(found[3])
            board.play(found[3], board.to_move)
        for _ in range(len(line) + 1):
            board.undo()
        return tuple(line)

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self.budget.spend()
        board = self.board
        me = board.to_move
        rival = 3 - me
        if board.fives[me]:
            return WIN - ply
        threats = board.fives[rival]
        restricted = me == 1 and board.renju
        if len(threats) > 1 or (restricted and threats and not board.playable(list(threats), 1)):
            return -WIN + ply + 1
        answers: list[int] = []
        if not threats:
            if any(board.threat[me][cell] == WIN_CELL for cell in board.fours[me]) and (
                not restricted or makers(board, 1)
            ):
                return WIN - ply - 2
            answers = _answers(board)
            if depth <= 0 and (not answers or depth <= -self._threat_plies):
                return self._evaluate(me)
        key = board.hash
        found = self.table.get(key)
        first = -1
        if found is not None:
            stored_depth, kind, stored, first = found
            if stored_depth >= depth:
                if kind == _EXACT:
                    return stored
                if kind == _LOWER and stored >= beta:
                    return stored
                if kind == _UPPER and stored <= alpha:
                    return stored
        board.finish()
        moves = list(threats) or answers or self._candidates(me, self._width)
        if restricted:
            moves = board.playable(moves, 1)
        if not moves:
            return 0
        moves = self._ordered(moves, first, ply)
        original_alpha = alpha
        best_score, best_move = -WIN - 1, moves[0]
        next_depth = depth if threats else depth - 1
        reducible = depth >= self._reduced_from and not threats and not answers
        own_threat = board.threat[me]
        late_move = self._late_move
        for number, move in enumerate(moves):
            late = reducible and number >= late_move and not own_threat[move]
            board.play(move, me, lazily=True)
            try:
                if number == 0:
                    score = -self._negamax(next_depth, -beta, -alpha, ply + 1)
                else:
                    searched = next_depth - 1 if late else next_depth
                    score = -self._negamax(searched, -alpha - 1, -alpha, ply + 1)
                    if late and score > alpha:
                        score = -self._negamax(next_depth, -alpha - 1, -alpha, ply + 1)
                    if alpha < score < beta:
                        score = -self._negamax(next_depth, -beta, -alpha, ply + 1)
            finally:
                board.undo()
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.killers[ply] = move
                        self.history[move] = self.history.get(move, 0) + depth * depth
                        break
        kind = _UPPER if best_score <= original_alpha else _LOWER if best_score >= beta else _EXACT
        self.table[key] = (depth, kind, best_score, best_move)
        return best_score

    def _candidates(self, me: int, width: int) -> list[int]:
        """The ``width`` empty cells near the stones of highest value, attack plus defence.

        Black's forbidden points under renju are left out before the ``width`` are counted.
        """
        board = self.board
        mine, theirs = board.value[me], board.value[3 - me]
        cells = sorted(board.candidates, key=lambda cell: mine[cell] + theirs[cell], reverse=True)
        if me == 1 and board.renju:
            return board.playable(cells[: 2 * width], 1)[:width]
        return cells[:width]

    def _ordered(self, moves: list[int], first: int, ply: int) -> list[int]:
        board = self.board
        me = board.to_move
        mine, theirs = board.value[me], board.value[3 - me]
        history = self.history
        killer = self.killers.get(ply, -1)
        weight = self._value_over_history

        def rank(cell: int) -> int:
            if cell == first:
                return 1 << 40
            bonus = 1 << 30 if cell == killer else 0
            return bonus + (mine[cell] + theirs[cell]) * weight + history.get(cell, 0)

        return sorted(moves, key=rank, reverse=True)

    def _evaluate(self, me: int) -> int:
        """The totals' difference, the tempo of every threat cell, the initiative.

        A double threat that the rival cannot meet with a four of its own is nearly a win
        for the side to move.
        """
        board = self.board
        total = board.total
        score = total[me] - total[3 - me] + self._to_move
        tempo = self._tempo
        fours, threes = board.fours, board.threes
        if board.renju:
            fours, threes = board.black_playable(fours), board.black_playable(threes)
        for player in (me, 3 - me):
            threat = board.threat[player]
            score += sum(tempo[threat[cell]] for cell in fours[player])
            score += sum(tempo[threat[cell]] for cell in threes[player])
        if not fours[3 - me]:
            threat = board.threat[me]
            best = max((threat[cell] for cell in fours[me]), default=0)
            best = max(best, max((threat[cell] for cell in threes[me]), default=0))
            score += self._initiative[best]
        return score

    @staticmethod
    def root_moves(
        board: PatternBoard, tiebreak: Callable[[], float], params: Params = DEFAULT_PARAMS
    ) -> list[int]:
        """The root's candidates: the answers to a rival's open three, else the best cells.

        Never a cell forbidden to the side to move; none only when it has no move at all.
        At most ``params.root_width`` of them; cells of equal value come in the order
        ``tiebreak`` (a random number) draws.
        """
        me = board.to_move
        mine, theirs = board.value[me], board.value[3 - me]
        moves = board.playable(_answers(board), me) or board.playable(list(board.candidates), me)
        if not moves:  # every cell near the stones is forbidden to Black: one further off
            free = [cell for cell, stone in enumerate(board.stones) if not stone]
            moves = board.playable(free, me)
        ranked = sorted(moves, key=lambda cell: (mine[cell] + theirs[cell], tiebreak()))
        return ranked[::-1][: params.root_width]


def _answers(board: PatternBoard) -> list[int]:
    """The answers to the open three of the side not to move, if it has one; else none."""
    return answers_to_three(board, 3 - board.to_move)
