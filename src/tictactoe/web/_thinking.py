"""The bots' share of a server: their decisions, the clock they keep, and a cap on searches.

Our bots take their clock as a parameter and stop searching when it passes their deadline.
A game's bots read its :class:`GameClock`, which is stopped when the game goes or its
position changes under the search: it then jumps past every deadline, so an outdated
search ends within milliseconds instead of thinking on, unseen, to the end of its time.
:class:`Searches` lets a few bots think at once over all the games; the others wait for a
turn, idle. A game's bot thinks in its :class:`Worker`'s thread, on a copy of the game, off
the session's lock: a :class:`Decision` is what it hands back to be played.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass

from tictactoe.game import Game
from tictactoe.outcome import Cell
from tictactoe.players import Player
from tictactoe.space import Point
from tictactoe.web._analysis import evaluation, thought

__all__ = ["MAX_SEARCHES", "Decision", "GameClock", "Searches", "Worker", "move_decision"]

MAX_SEARCHES = 4
"""Bots thinking at once over every game of a server. They share one core (the GIL), so
more would only give each less time; a bot past the cap waits for one to finish."""
_JUMP = 86_400.0
"""How far a run-out clock jumps, in seconds: past any time limit a bot is given here."""
_EVALUATION_SECONDS = 0.5
"""The longest the solver works to put the perfect bot's move into words."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What a bot decided: a move, or in an opening stones to place or an option; or an error.

    A move on a board of three dimensions (:mod:`tictactoe.web._space`) is a cell of three
    coordinates.

    ``note`` is what it thought, in words, for the page; ``error`` says why it decided
    nothing.
    """

    cell: Cell | Point | None = None
    cells: tuple[Cell, ...] = ()
    option: str | None = None
    note: str | None = None
    error: str | None = None


def move_decision(player: Player, game: Game, explain: bool) -> Decision:
    """The move ``player`` chooses in ``game`` (a copy), with what it thought, or its error.

    With ``explain``, what best play gives after the move is worked out too (the game is
    changed by it).
    """
    try:
        cell = player.choose_move(game)
        note = thought(player, game)
        if explain:
            game.move(*cell)
            note = evaluation(game, _EVALUATION_SECONDS)
    except Exception as exc:  # whatever a bot raises is shown on the page, never lost
        return Decision(error=f"{player.name} failed: {exc}")
    return Decision(cell=cell, note=note)


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


class Worker:
    """The thread a game's bot thinks in, one at a time, and the clock the game's bots keep.

    Seats replaced while a bot thinks may hold processes it still talks to (a brain's):
    those close once it is done. The session calls every method under its lock.

    Args:
        searches: the server's cap on the bots thinking at once.
    """

    def __init__(self, searches: Searches) -> None:
        self.clock = GameClock()
        self._searches = searches
        self._thread: threading.Thread | None = None
        self._retired: list[ExitStack] = []

    @property
    def thread(self) -> threading.Thread | None:
        """The thread at work, if any (perhaps on an outdated game)."""
        return self._thread

    def start(
        self,
        name: str,
        decide: Callable[[], Decision],
        unneeded: Callable[[], bool],
        done: Callable[[Decision], None],
    ) -> None:
        """Have bot ``name`` run ``decide`` in a new thread, once the cap gives it a turn.

        ``done`` gets the decision, or an empty one if ``unneeded()`` came true first; it
        must call :meth:`finished`.
        """
        self.clock.resume()  # no search of an older state is at work
        self._thread = threading.Thread(
            target=self._run,
            args=(decide, unneeded, done),
            name=f"tictactoe-bot-{name}",
            daemon=True,
        )
        self._thread.start()

    def _run(
        self,
        decide: Callable[[], Decision],
        unneeded: Callable[[], bool],
        done: Callable[[Decision], None],
    ) -> None:
        decision = Decision()
        if self._searches.enter(unneeded):
            try:
                decision = decide()
            finally:
                self._searches.leave()
        done(decision)

    def finished(self) -> None:
        """The thread is over: the seats it outlived close."""
        self._thread = None
        for stack in self._retired:
            stack.close()
        self._retired.clear()

    def retire(self, stack: ExitStack) -> None:
        """Close ``stack`` (old seats' processes) now, or once the bot at work is done."""
        if self._thread is None:
            stack.close()
        else:
            self._retired.append(stack)

    def stop(self) -> None:
        """End the search at work, if any: it thinks about a game that changed.

        Our bots stop at their next reading of the clock; a brain answers within its time.
        """
        if self._thread is not None:
            self.clock.stop()
            self._searches.wake()
