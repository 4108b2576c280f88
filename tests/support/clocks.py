"""Fake clocks for the bots, the brain and the web page: time that tests control.

Three kinds, for three questions: :class:`TickingClock` moves on at every reading (does the
bot keep to its budget?), :class:`CountingClock` counts its readings and can jump past any
deadline (when is the clock read, and does a jump stop the search?), :class:`ManualClock`
stands still until the test moves it (how much time did the brain give each move?).
"""

from __future__ import annotations


class TickingClock:
    """A clock that moves on by ``tick`` seconds at every reading; ``now`` is the time."""

    def __init__(self, tick: float, start: float = 0.0) -> None:
        self.now = start
        self.tick = tick
        self.reads = 0

    def __call__(self) -> float:
        self.now += self.tick
        self.reads += 1
        return self.now


class CountingClock:
    """A clock read ``reads`` times: ``step`` seconds a reading, then 1e9 after ``jump_after``."""

    def __init__(self, step: float = 0.0, jump_after: int | None = None) -> None:
        self.step = step
        self.jump_after = jump_after
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        if self.jump_after is not None and self.reads > self.jump_after:
            return 1e9
        return self.reads * self.step


class ManualClock:
    """A clock that stands at ``now`` until the test sets it."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now
