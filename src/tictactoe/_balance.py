"""How even a position is: a search's score for the side to move, and the stones to try.

The swap openings (:mod:`tictactoe.swap`) ask a bot two things: which stones leave a game
even, and which colour is the better one. Both come down to scoring positions by a search
for the side to move, here on one scale, the threat bot's (about 300 is the tempo of moving
first, above 900,000 a proved win):

- boards the solver settles (two players, freestyle, at most
  :data:`~tictactoe.solver.MAX_EMPTY` empty cells): won, drawn or lost, exactly;
- games the threat bot plays: the score of its search (:attr:`ThreatBot.last`); where its
  move is forced (it blocks a five, or only one move holds) it says nothing of the position,
  so the forced move is played and the rival's position scored instead, a few plies deep;
- any other game: a game played out by the heuristic bot for both sides, which scores a win
  by either side within :data:`ROLLOUT_MOVES` moves.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator

from tictactoe._rules import FREESTYLE
from tictactoe.errors import IllegalMove, OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.limits import DEFAULT, Limit
from tictactoe.outcome import Cell
from tictactoe.solver import MAX_EMPTY, Value, solve
from tictactoe.threat import ThreatBot

__all__ = [
    "FORCED_PLIES",
    "MAX_CANDIDATES",
    "ROLLOUT_MOVES",
    "WIN",
    "Judge",
    "centre",
    "fits",
    "near",
    "shapes",
]

WIN = 1_000_000
"""A proved win for the side to move, on the threat bot's scale."""
FORCED_PLIES = 4
"""How many forced moves (blocks, lone defences) are played out before a position is scored."""
ROLLOUT_MOVES = 30
"""How far the heuristic bot plays a game out, in moves, where no search scores it."""
_ROLLOUT_WIN = 10_000
"""A win the play-out found: clearly better, but a sample, not a proof."""
_LEAST_SECONDS = 1e-3
"""The least time a search is given: a limit must be above zero."""
MAX_CANDIDATES = 36
"""The most placements :func:`near` offers: the time is shared over them."""
_SHAPE_REACH = 2
"""The third stone of a :func:`shapes` opening lies within this many steps of the centre."""


class Judge:
    """Scores positions for the side to move, each within the time and nodes it is given.

    Args:
        seed: breaks the searches' ties, repeatably.
        clock: the time source, in seconds (tests pass a fake one).
    """

    def __init__(self, seed: int | None, clock: Callable[[], float]) -> None:
        self._seed = seed
        self._clock = clock
        self._bot = ThreatBot(seed, clock=clock)  # one bot: its proofs serve the next position

    def score(self, game: Game, seconds: float | None, nodes: int | None) -> int:
        """The score of ``game`` for its side to move (positive: better), within the budget.

        ``game`` is not changed; forced moves are played on a copy (see the module).
        """
        deadline = None if seconds is None else self._clock() + seconds
        trial = game.copy()
        sign, plies = 1, 0
        while not trial.is_over:
            score, forced = self._search(trial, deadline, nodes)
            if forced is None or plies == FORCED_PLIES:
                return sign * score
            trial.move(*forced)
            sign, plies = -sign, plies + 1
        return sign * (-WIN if trial.winner is not None else 0)  # the last mover won, or no one

    def _left(self, deadline: float | None) -> float | None:
        return None if deadline is None else max(deadline - self._clock(), _LEAST_SECONDS)

    def _search(
        self, game: Game, deadline: float | None, nodes: int | None
    ) -> tuple[int, Cell | None]:
        """The score of one search for the side to move, and the move if it was forced."""
        if _solvable(game):
            try:
                left = self._left(deadline)
                seconds = DEFAULT.seconds if left is None else left  # it has no node limit
                value = solve(game, seconds=seconds, clock=self._clock).value
            except (OutOfTime, Unsolvable):
                pass  # the bots below answer within their time
            else:
                return (WIN if value is Value.WIN else -WIN if value is Value.LOSS else 0), None
        if ThreatBot.plays(game):
            self._bot.limit = Limit(seconds=self._left(deadline), nodes=nodes)
            cell = self._bot.choose_move(game)
            thought = self._bot.last
            assert thought is not None
            lone = thought.reason == "search" and thought.depth == 0  # the only move that holds
            return thought.score, cell if thought.reason == "block" or lone else None
        return self._rollout(game, deadline, nodes), None

    def _rollout(self, game: Game, deadline: float | None, nodes: int | None) -> int:
        """The heuristic bot plays both sides: a win soon is worth more than a win late."""
        trial = game.copy()
        mover = trial.turn
        left = self._left(deadline)
        each = Limit(
            seconds=None if left is None else max(left / ROLLOUT_MOVES, _LEAST_SECONDS),
            nodes=None if nodes is None else max(nodes // ROLLOUT_MOVES, 1),
        )
        bot = HeuristicBot(self._seed, limit=each, clock=self._clock)
        for played in range(ROLLOUT_MOVES):
            if trial.is_over or (deadline is not None and self._clock() >= deadline):
                break
            try:
                trial.move(*bot.choose_move(trial))
            except IllegalMove:  # a move the rule forbids ends the play-out, unscored
                return 0
            if trial.winner is not None:
                found = _ROLLOUT_WIN - played
                return found if trial.winner is mover else -found
        return 0


def _solvable(game: Game) -> bool:
    """Whether the solver may settle ``game``: two players, freestyle, few empty cells."""
    rows, cols = game.rows, game.cols
    if rows is None or cols is None or len(game.players) != 2 or game.rule != FREESTYLE:
        return False
    return rows * cols - len(game.moves) <= MAX_EMPTY


def centre(game: Game) -> Cell:
    """The middle of the board; (0, 0) on the unbounded grid."""
    if game.rows is None or game.cols is None:
        return (0, 0)
    return (game.rows // 2, game.cols // 2)


def shapes(game: Game) -> list[list[Cell]]:
    """The 26 three-stone openings around the centre: Black, White beside it, Black near.

    White is next to the first stone along a line or a diagonal, and the third stone lies
    within two steps of the centre; of each pair of mirror images (across the line through
    the first two stones) one is kept. Cells off the board are left in; :func:`fits` drops them.
    """
    row, col = centre(game)
    found = []
    for white in ((0, 1), (1, 1)):
        reach = range(-_SHAPE_REACH, _SHAPE_REACH + 1)
        for third in itertools.product(reach, reach):
            mirror = (-third[0], third[1]) if white == (0, 1) else (third[1], third[0])
            if third in ((0, 0), white) or mirror < third:
                continue
            found.append(
                [(row, col), (row + white[0], col + white[1]), (row + third[0], col + third[1])]
            )
    return found


def near(game: Game, count: int) -> list[list[Cell]]:
    """Up to :data:`MAX_CANDIDATES` ways to place ``count`` stones near the stones' middle.

    The stones go on the free cells nearest the middle of the stones there are (the centre
    of an empty board), nearest first.
    """
    width = count
    while math.perm(width + 1, count) <= MAX_CANDIDATES:
        width += 1
    cells = list(itertools.islice(_free_near(game), width))
    return [
        list(found)
        for found in itertools.islice(itertools.permutations(cells, count), MAX_CANDIDATES)
    ]


def _free_near(game: Game) -> Iterator[Cell]:
    """The free cells around the stones' middle, ring by ring outwards."""
    moves = game.moves
    if moves:
        row = round(sum(move.row for move in moves) / len(moves))
        col = round(sum(move.col for move in moves) / len(moves))
    else:
        row, col = centre(game)
    rows, cols = game.rows, game.cols
    widest = None if rows is None or cols is None else max(rows, cols)
    for reach in itertools.count():
        if widest is not None and reach > widest:
            return
        ring = [
            (row + d_row, col + d_col)
            for d_row in range(-reach, reach + 1)
            for d_col in range(-reach, reach + 1)
            if max(abs(d_row), abs(d_col)) == reach
        ]
        ring.sort(key=lambda cell: ((cell[0] - row) ** 2 + (cell[1] - col) ** 2, cell))
        for cell in ring:
            on_board = rows is None or cols is None or (0 <= cell[0] < rows and 0 <= cell[1] < cols)
            if on_board and game.cell(*cell) is None:
                yield cell


def fits(game: Game, cells: list[Cell]) -> Game | None:
    """``game`` with ``cells`` played on a copy, or None if one is illegal or ends the game."""
    trial = game.copy()
    for cell in cells:
        try:
            trial.move(*cell)
        except IllegalMove:
            return None
        if trial.is_over:
            return None
    return trial
