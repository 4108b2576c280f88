"""Ending a think early: the stop lines read ahead of the brain, counted across threads.

The shell reads the manager's lines in one thread while the brain handles them in another, so
it sees a line that ends a think (``YXSTOP``, or ``END``) while the brain still thinks about
an earlier one. Such a line counts as a request from when it is read until the brain handles
it; while any is pending, a think ends at once with the best move found so far. Counting,
rather than setting a flag, ends exactly the thinks that came before the line, even one the
brain had not yet begun when the line was read, and never one after it.

A think sees a stop through its clock, the seam every bot already has (:class:`StopClock`):
no bot checks a flag, and none reads its clock more often than it did.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

__all__ = ["StopClock", "StopRequests"]


class StopRequests:
    """Stop lines read and not yet handled; :attr:`pending` while there is one. Thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._count = 0

    @property
    def pending(self) -> bool:
        """Whether a stop line was read that the brain has not handled yet: thinks end now."""
        return self._count > 0

    def add(self) -> None:
        """A stop line was read (the reading thread calls this before passing the line on)."""
        with self._lock:
            self._count += 1

    def settle(self) -> None:
        """The brain is about to handle a stop line: the request it made is met.

        A line handled without having been counted (a transcript fed to the brain by hand)
        settles nothing: the count never goes below zero.
        """
        with self._lock:
            self._count = max(self._count - 1, 0)


class StopClock:
    """``clock`` as a think reads it: past every deadline of the think once a stop is pending.

    While a stop is pending, each reading is later than the one before by more than
    :attr:`budget`, so any deadline the think set from an earlier reading (the move's, or a
    stage's share of it) has passed, and the search ends with what it has. A jump by a
    constant would not pass a deadline set after the stop came.

    Args:
        clock: the time source, in seconds.
        stops: the stop requests to obey.
    """

    def __init__(self, clock: Callable[[], float], stops: StopRequests) -> None:
        self._clock = clock
        self._stops = stops
        self._jumps = 0
        self.budget = 0.0
        """The most seconds the think may take: set before each think."""

    def __call__(self) -> float:
        now = self._clock()
        if not self._stops.pending:
            self._jumps = 0
            return now
        self._jumps += 1
        return now + self._jumps * (self.budget + 1.0)
