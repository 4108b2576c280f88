"""The brain's default chooser: the threat-search bot, which also says what it thought.

After each move :meth:`ThreatChooser.explain` gives the ``MESSAGE`` lines a manager shows
for the move: how the move was found, the score, the depth, the nodes and their rate, the
time, and the line the bot expects, in wire coordinates (``x,y``).

The bot reads its clock through a :class:`~tictactoe.brain._stopping.StopClock`, so a stop
the shell counts ends its think at once with the best move it has.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, runtime_checkable

from tictactoe.brain._stopping import StopClock, StopRequests
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.outcome import Cell
from tictactoe.threat import Thought, ThreatBot

__all__ = ["Explaining", "ThreatChooser", "message", "threat_chooser"]


@runtime_checkable
class Explaining(Protocol):
    """A chooser that can tell what it thought about the move it chose last."""

    def explain(self) -> list[str]:
        """The ``MESSAGE`` lines about the last move (none before the first)."""
        ...


def threat_chooser(game: Game, *, limit: Limit, seed: int) -> Cell:
    """The move a new :class:`~tictactoe.threat.ThreatBot` picks within ``limit``, unexplained.

    Nothing is kept from one call to the next, so each call stands alone (tests replay
    transcripts with it); the brain's default, :class:`ThreatChooser`, keeps one bot.
    """
    return ThreatBot(seed, limit=limit).choose_move(game)


class ThreatChooser:
    """Chooses with one :class:`~tictactoe.threat.ThreatBot` within the brain's budget.

    The bot lives as long as the brain, over every move and game, and gets each move's
    budget as it comes: it keeps its search board and what its threat searches proved from
    one move to the next, as it does in a match in one process. A bot made anew for each
    move built its board again and proved again what it had proved the move before.

    Args:
        clock: the time source, in seconds (tests pass a fake one).
        stops: while one of these is pending, a move ends at once with the best move found
            so far; None: every move thinks its whole budget.
    """

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.perf_counter,
        stops: StopRequests | None = None,
    ) -> None:
        self._bot: ThreatBot | None = None
        self._last: Thought | None = None
        self._clock = clock
        self._bot_clock = StopClock(clock, StopRequests() if stops is None else stops)

    def __call__(self, game: Game, *, limit: Limit, seed: int) -> Cell:
        """The threat bot's move, thinking within ``limit`` unless a stop comes first.

        ``seed`` seeds the bot at its first move; later moves go on with its own random
        numbers, so a brain made with a seed still plays the same moves.
        """
        bot = self._bot
        if bot is None:
            bot = self._bot = ThreatBot(seed, limit=limit, clock=self._bot_clock)
        else:
            bot.limit = limit
        self._bot_clock.budget = max(limit.seconds or 0.0, limit.game_seconds or 0.0)
        started = self._clock()
        cell = bot.choose_move(game)
        thought = bot.last
        # the bot's own count of the time takes in the clock's jumps after a stop
        self._last = None if thought is None else replace(thought, seconds=self._clock() - started)
        return cell

    def explain(self) -> list[str]:
        """The ``MESSAGE`` line about the last move, then forgets it."""
        thought, self._last = self._last, None
        return [] if thought is None else [message(thought)]


def message(thought: Thought) -> str:
    """A thought as one ``MESSAGE`` line, cells as the protocol writes them (``x,y``).

    >>> print(message(Thought((7, 8), "vcf", 1_000_000, 3, 420, 0.05, ((7, 8), (6, 8)))))
    MESSAGE vcf depth 3 score 1000000 nodes 420 nps 8400 time 50ms pv 8,7 8,6
    """
    line = " ".join(f"{col},{row}" for row, col in thought.variation)
    return (
        f"MESSAGE {thought.reason} depth {thought.depth} score {thought.score} "
        f"nodes {thought.nodes} nps {thought.nodes_per_second} "
        f"time {round(thought.seconds * 1000)}ms pv {line}"
    )
