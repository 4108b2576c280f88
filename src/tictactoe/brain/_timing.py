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

from tictactoe.limits import FLOOR, Limit, move_share

__all__ = ["FLOOR", "MARGIN", "MIN_MARGIN", "UNLIMITED_MS", "TimeKeeper"]

UNLIMITED_MS = 2_147_483_647
"""The ``time_left`` a manager sends when the match has no time limit."""
MARGIN = 0.15
"""The share of a move's time kept back for the transport and the interpreter."""
MIN_MARGIN = 0.05
"""The least time kept back, in seconds: a manager's clock and ours differ by some ms."""


class TimeKeeper:
    """The time limits the manager announced, and the match time this brain has spent.

    Args:
        default: the limits that hold until the manager sends its own: ``seconds`` for
            ``timeout_turn``, ``game_seconds`` for ``timeout_match``.
    """

    def __init__(self, default: Limit) -> None:
        self._default_turn = default.seconds
        self._turn: float | None = None
        self._match = default.game_seconds
        self._left = self._match
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

    def budget(self, cells_left: int, spent: float = 0.0) -> float | None:
        """The seconds the next move may think, ``spent`` already gone on this turn; None: no limit.

        Args:
            cells_left: the free cells, to guess how many moves are still to come.
            spent: seconds this turn has already used (reading a BOARD, say).
        """
        turn = self._default_turn if self._turn is None else self._turn
        limits = [] if turn is None else [turn - spent]
        if self._left is not None:
            limits += [move_share(self._left, cells_left) - spent, self._left - spent]
        if not limits:
            return None
        budget = min(limits)
        budget -= max(budget * MARGIN, MIN_MARGIN)
        return max(budget, FLOOR)
