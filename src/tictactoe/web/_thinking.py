"""The bots' share of a server: a clock that a game's bots keep time by, and a cap on searches.

Our bots take their clock as a parameter and stop searching when it passes their deadline.
A game's bots read its :class:`GameClock`, which is stopped when the game goes or its
position changes under the search: it then jumps past every deadline, so an outdated
search ends within milliseconds instead of thinking on, unseen, to the end of its time.
:class:`Searches` lets a few bots think at once over all the games; the others wait for a
turn, idle.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

__all__ = ["MAX_SEARCHES", "GameClock", "Searches"]

MAX_SEARCHES = 4
"""Bots thinking at once over every game of a server. They share one core (the GIL), so
more would only give each less time; a bot past the cap waits for one to finish."""
_JUMP = 86_400.0
"""How far a run-out clock jumps, in seconds: past any time limit a bot is given here."""


class GameClock:
    """The time a game's bots keep: ``clock``, until it is stopped.

    Stopped, each reading lies a day past the one before, so a search stops at its next
    reading, and so does one that only starts then (its deadline is set from a reading,
    and passed at the next). It never goes back.

    Args:
        clock: the time source, in seconds.
    """

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._skipped = 0.0
        self._stopped = False

    def __call__(self) -> float:
        if self._stopped:
            self._skipped += _JUMP
        return self._clock() + self._skipped

    def stop(self) -> None:
        """End the time of every search reading this clock, until :meth:`resume`."""
        self._stopped = True

    def resume(self) -> None:
        """Run as ``clock`` again, for a search that starts once the stopped ones have ended."""
        self._stopped = False


class Searches:
    """How many bots may think at once; the rest wait for a turn, or until they are not needed.

    Args:
        limit: the most searches at once.
    """

    def __init__(self, limit: int = MAX_SEARCHES) -> None:
        self._limit = limit
        self._running = 0
        self._changed = threading.Condition()

    @property
    def running(self) -> int:
        """How many searches hold a turn now."""
        with self._changed:
            return self._running

    def enter(self, unneeded: Callable[[], bool]) -> bool:
        """Wait for a turn; False, without one, if ``unneeded()`` comes true first.

        ``unneeded`` is asked again after each :meth:`leave` and :meth:`wake`.
        """
        with self._changed:
            self._changed.wait_for(lambda: self._running < self._limit or unneeded())
            if unneeded():
                return False
            self._running += 1
            return True

    def leave(self) -> None:
        """Give back a turn that :meth:`enter` gave."""
        with self._changed:
            self._running -= 1
            self._changed.notify_all()

    def wake(self) -> None:
        """Have the searches waiting for a turn ask again whether they are needed."""
        with self._changed:
            self._changed.notify_all()
