"""What the solver says about a position, for the page: hints, the value of every free cell.

Each answer has a time limit and is refused at once beyond the solver's reach, so a request
never keeps the server busy for long.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from tictactoe.coordinates import cell_label
from tictactoe.errors import OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.outcome import Cell
from tictactoe.perfect import PerfectBot
from tictactoe.solver import MAX_EMPTY, Value, empty_cells, solve
from tictactoe.threat import ThreatBot

__all__ = [
    "ANALYSIS_EMPTY",
    "MAX_COORDINATE",
    "CellValue",
    "can_analyse",
    "cell_values",
    "evaluation",
    "hint",
    "thought",
]

MAX_COORDINATE = 10**9
"""How far from the origin a cell on the unbounded grid may be: the page counts in doubles."""
ANALYSIS_EMPTY = 16
"""The most empty cells on which every free cell's value is worked out (one search each)."""
_SHOWN_MOVES = 8
"""How many moves of a bot's expected line the page shows."""
_OPPOSITE = {Value.WIN: Value.LOSS, Value.LOSS: Value.WIN, Value.DRAW: Value.DRAW}


@dataclass(frozen=True, slots=True)
class CellValue:
    """The value for the side to move of playing ``cell``, and how many plies the game lasts."""

    cell: Cell
    value: Value
    plies: int

    def to_json(self) -> dict[str, object]:
        """The value as the API sends it."""
        row, col = self.cell
        return {"row": row, "col": col, "value": str(self.value), "plies": self.plies}


def can_analyse(game: Game) -> bool:
    """Whether :func:`cell_values` takes ``game``: two players, a bounded board, few free cells."""
    return not game.is_over and _solvable(game, ANALYSIS_EMPTY)


def _solvable(game: Game, empty: int) -> bool:
    """Whether the solver takes ``game`` (its rule, its board) with at most ``empty`` free cells."""
    try:
        return empty_cells(game) <= empty
    except Unsolvable:
        return False


def cell_values(
    game: Game, seconds: float, *, clock: Callable[[], float] = time.perf_counter
) -> list[CellValue]:
    """The value of every free cell for the side to move, all found within ``seconds``.

    Raises:
        Unsolvable: the game is not one :func:`can_analyse` takes.
        OutOfTime: the searches together ran past ``seconds``.
    """
    if not can_analyse(game):
        raise Unsolvable(
            f"perfect play is shown for two players with at most {ANALYSIS_EMPTY} free cells "
            "on a bounded board, in a game still in progress"
        )
    deadline = clock() + seconds
    found = []
    board = game.copy()
    for cell in list(board.legal_moves):
        left = deadline - clock()
        if left <= 0:
            raise OutOfTime(f"perfect play took longer than {seconds:g} s here")
        board.move(*cell)
        try:
            reply = solve(board, seconds=left, clock=clock)
        except OutOfTime:
            raise OutOfTime(f"perfect play took longer than {seconds:g} s here") from None
        finally:
            board.undo()
        found.append(CellValue(cell, _OPPOSITE[reply.value], reply.plies + 1))
    return found


def evaluation(
    game: Game, seconds: float, *, clock: Callable[[], float] = time.perf_counter
) -> str | None:
    """Best play from here in words, for the player who just moved; None beyond reach or time.

    >>> evaluation(Game.from_rows(["X..", ".O.", "..."]), 1.0)
    'O draws with best play'
    """
    last = game.last_move
    if last is None or game.is_over or not can_analyse(game):
        return None
    try:
        solution = solve(game, seconds=seconds, clock=clock)
    except OutOfTime:
        return None
    value = _OPPOSITE[solution.value]
    if value is Value.DRAW:
        return f"{last.mark} draws with best play"
    verb = "wins" if value is Value.WIN else "loses"
    moves = "1 more move" if solution.plies == 1 else f"{solution.plies} more moves"
    return f"{last.mark} {verb} in {moves} with best play"


def hint(game: Game, seconds: float) -> Cell:
    """A good move for the side to move: the solver's where it reaches, else the threat bot's.

    The solver knows the line rules alone: renju and caro go to the threat bot.
    The threat bot hands games it does not play (more players, k outside its range) to the
    heuristic bot, as the command's hint does. On the unbounded grid the hint is a cell the
    page takes: within :data:`MAX_COORDINATE` of the origin.
    """
    if _solvable(game, MAX_EMPTY):
        return PerfectBot(0, limit=Limit(seconds=seconds)).choose_move(game)
    return _within_reach(ThreatBot(0, limit=Limit(seconds=seconds)).choose_move(game), game)


def _within_reach(cell: Cell, game: Game) -> Cell:
    """``cell`` if the page takes it, else the legal cell within reach that lies nearest it.

    The bots know no edge on the grid, so near the page's edge they may choose a cell past
    it. The cell offered instead is found in rings around the nearest one within reach,
    where only a few stones can stand.
    """
    row, col = cell
    if max(abs(row), abs(col)) <= MAX_COORDINATE:
        return cell
    centre = (_clamped(row), _clamped(col))
    distance = 0
    while True:
        ring = [
            (centre[0] + down, centre[1] + across)
            for down in range(-distance, distance + 1)
            for across in range(-distance, distance + 1)
            if max(abs(down), abs(across)) == distance
        ]
        free = [
            (r, c)
            for r, c in ring
            if max(abs(r), abs(c)) <= MAX_COORDINATE and (r, c) in game.legal_moves
        ]
        if free:
            return min(free, key=lambda near: (abs(near[0] - row) + abs(near[1] - col), near))
        distance += 1


def _clamped(value: int) -> int:
    return max(-MAX_COORDINATE, min(MAX_COORDINATE, value))


def thought(bot: object, game: Game) -> str | None:
    """What a bot that explains its moves thought of the one it chose in ``game``, or None.

    Such a bot keeps its last thought in ``last``, with a ``reason``, a ``score`` (its own
    scale, positive when good for it), a ``depth`` and the ``variation`` it expects.
    """
    last = getattr(bot, "last", None)
    reason, score = getattr(last, "reason", None), getattr(last, "score", None)
    depth, variation = getattr(last, "depth", None), getattr(last, "variation", ())
    if not (isinstance(reason, str) and type(score) is int and type(depth) is int):
        return None
    if not isinstance(variation, tuple):
        return None
    line = ", ".join(cell_label(cell, game) for cell in variation[:_SHOWN_MOVES])
    return f"{game.turn} thinks: {reason}, score {score:+,}, depth {depth}; expects {line}"
