"""The brain's clock keeping: how long the next move may think, from what INFO said.

The manager may tell a limit per turn (``timeout_turn``), a limit for the whole match
(``timeout_match``) and, before each move, the match time still left (``time_left``). A move
gets the least of: the turn limit, its share of the time left (the time left over the moves
still to come, guessed from the free cells) and the time left itself; then a safety margin
comes off for the pipe, the process and Python, since a late answer loses the game. When the
manager sends no ``time_left``, the time the brain spends is counted here against
``timeout_match``.
"""

from __future__ import annotations

import math

__all__ = ["FLOOR", "MARGIN", "MIN_MARGIN", "UNLIMITED_MS", "TimeKeeper"]

UNLIMITED_MS = 2_147_483_647
"""The ``time_left`` a manager sends when the match has no time limit."""
MARGIN = 0.15
"""The share of a move's time kept back for the transport and the interpreter."""
MIN_MARGIN = 0.05
"""The least time kept back, in seconds: a manager's clock and ours differ by some ms."""
FLOOR = 0.01
"""The least time a move gets, in seconds: the bot needs a limit above zero, and wins and
forced blocks are found before it reads the clock at all."""
_FEWEST_MOVES_LEFT = 10
"""However full the board, the time left is shared as if 10 more moves were to come."""
_MOST_MOVES_LEFT = 40
"""Games of five in a row rarely last 40 more moves a side; sharing over more wastes time."""


class TimeKeeper:
    """The time limits the manager announced, and the match time this brain has spent.

    Args:
        default_turn: the seconds a move may take when no ``timeout_turn`` came.
    """

    def __init__(self, default_turn: float) -> None:
        self._default_turn = default_turn
        self._turn: float | None = None
        self._match: float | None = None
        self._left: float | None = None
        self._used = 0.0

    @property
    def is_instant(self) -> bool:
        """Whether the manager asked for moves at once (``timeout_turn 0``)."""
        return self._turn == 0.0

    @property
    def left(self) -> float | None:
        """The match time left, in seconds, as last told or counted; None when unlimited."""
        return self._left

    def set_turn(self, ms: int) -> None:
        """``INFO timeout_turn``: the limit per move in ms, 0 for "as fast as possible"."""
        self._turn = max(ms, 0) / 1000

    def set_match(self, ms: int) -> None:
        """``INFO timeout_match``: the limit of the whole match in ms, 0 for none."""
        self._match = ms / 1000 if ms > 0 else None
        self._left = None if self._match is None else self._match - self._used

    def set_left(self, ms: int) -> None:
        """``INFO time_left``: the match time left in ms (negative once overspent)."""
        self._left = None if ms >= UNLIMITED_MS else ms / 1000

    def new_match(self) -> None:
        """A new game (START, RESTART): the match clock starts again."""
        self._used = 0.0
        self._left = self._match

    def spend(self, seconds: float) -> None:
        """Count ``seconds`` spent on a move against the match time."""
        self._used += seconds
        if self._left is not None:
            self._left -= seconds

    def budget(self, cells_left: int, spent: float = 0.0) -> float:
        """The seconds the next move may think, ``spent`` already gone on this turn.

        Args:
            cells_left: the free cells, to guess how many moves are still to come.
            spent: seconds this turn has already used (reading a BOARD, say).
        """
        turn = self._default_turn if self._turn is None else self._turn
        limits = [turn - spent]
        if self._left is not None:
            moves_left = min(max(math.ceil(cells_left / 2), _FEWEST_MOVES_LEFT), _MOST_MOVES_LEFT)
            limits += [self._left / moves_left - spent, self._left - spent]
        budget = min(limits)
        budget -= max(budget * MARGIN, MIN_MARGIN)
        return max(budget, FLOOR)
