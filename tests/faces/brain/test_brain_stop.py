"""YXSTOP and END while the brain thinks: the think ends at once with the best move so far.

Every think here runs on a clock that stands still, so that only a stop, or the node limit,
can end it: a think that a stop ends has searched a few hundred nodes of the million it was
allowed. In the shell's tests the think waits at one reading of its clock until the reading
thread has counted the stop, so what it searches does not hang on the threads' timing.
"""

from __future__ import annotations

import io
import itertools
import re
import threading
import time

import pytest

import tictactoe as ttt
from tictactoe.brain import Brain, ThreatChooser, serve
from tictactoe.brain._stopping import StopClock, StopRequests

STONES = ["7,7,2", "8,8,1", "8,6,2", "6,8,1", "9,7,2", "7,9,1", "6,6,2", "9,9,1", "10,8,2"]
"""A middle game with the brain to move and no win or forced answer on the board."""
SETUP = "\r\n".join(["START 15", "INFO timeout_turn 60000", "BOARD", *STONES, "DONE", ""])
"""A new game, a minute a move, and the position: the brain starts to think at DONE."""
MANY = 1_000_000
"""Nodes a think may search: far more than a stopped think does."""
FEW = 1_000
"""More nodes than a stopped think searches, fewer than one of 2,000 that is not stopped."""


class StillClock:
    """A clock that stands at 0. At its ``stop_at``-th reading it counts a stop in
    :attr:`stops`, as the shell does when it reads YXSTOP; at its ``pause_at``-th it sets
    :attr:`thinking` and waits until another thread has counted one."""

    def __init__(self, *, stop_at: int | None = None, pause_at: int | None = None) -> None:
        self.stop_at = stop_at
        self.pause_at = pause_at
        self.stops: StopRequests | None = None
        self.reads = 0
        self.thinking = threading.Event()

    def __call__(self) -> float:
        self.reads += 1
        if self.reads == self.stop_at:
            assert self.stops is not None
            self.stops.add()
        if self.reads == self.pause_at:
            self.thinking.set()
            self._wait_for_a_stop()
        return 0.0

    def _wait_for_a_stop(self) -> None:
        """Hold the think until the stop is counted: then it searches as far as it would
        on a fast machine, whatever the threads' timing."""
        for _ in range(60_000):
            if self.stops is not None and self.stops.pending:
                return
            time.sleep(0.001)
        raise AssertionError("no stop was counted in a minute")


def brain_on(clock: StillClock, nodes: int = MANY) -> Brain:
    """A brain with the threat bot on ``clock``, a minute and ``nodes`` a move."""
    brain = Brain(clock=clock, limit=ttt.Limit(seconds=60.0, nodes=nodes), seed=1)
    clock.stops = brain.stops
    return brain


def searched(replies: list[str]) -> int:
    """The nodes the MESSAGE line before the move says the think searched."""
    message, move = replies
    assert re.fullmatch(r"\d+,\d+", move), move
    match = re.search(r" nodes (\d+) ", message)
    assert match, message
    return int(match[1])


def test_without_a_stop_a_think_on_the_still_clock_runs_to_its_nodes() -> None:
    brain = brain_on(StillClock(), nodes=2_000)
    replies = [reply for line in SETUP.splitlines() for reply in brain.handle(line)]
    assert replies[0] == "OK"
    assert searched(replies[1:]) > FEW


def test_a_stop_counted_during_a_think_ends_it_with_a_move() -> None:
    clock = StillClock(stop_at=12)
    brain = brain_on(clock)
    replies = [reply for line in SETUP.splitlines() for reply in brain.handle(line)]
    assert searched(replies[1:]) < FEW
    assert clock.reads > 12  # the stop came in the middle of the think
    assert brain.game is not None
    assert len(brain.game.moves) == len(STONES) + 1
    assert brain.stops.pending  # until the shell settles it, as it handles the YXSTOP line


def test_a_stop_counted_before_the_bot_reads_its_clock_ends_the_think_too() -> None:
    """The bot's first reading, its start, comes after the stop: a jump by a constant would
    put its deadlines out of reach; the clock gains more than the budget at every reading."""
    stops = StopRequests()
    stops.add()
    chooser = ThreatChooser(clock=StillClock(), stops=stops)
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (8, 8), (6, 8), (8, 6), (7, 9), (9, 9), (6, 6), (9, 7), (8, 10)]:
        game.move(*cell)
    cell = chooser(game, limit=ttt.Limit(seconds=60.0, nodes=MANY), seed=1)
    assert cell in game.legal_moves
    (line,) = chooser.explain()
    assert searched([line, f"{cell[1]},{cell[0]}"]) < FEW
    assert " time 0ms " in line  # the time on the brain's clock, not the jumps


def test_stop_requests_count_lines_read_and_not_yet_handled() -> None:
    stops = StopRequests()
    stops.settle()  # a stop line handled without being read ahead: nothing to settle
    assert not stops.pending
    stops.add()
    stops.add()
    stops.settle()
    assert stops.pending
    stops.settle()
    assert not stops.pending


def test_a_stopped_clock_passes_every_deadline_set_from_it() -> None:
    stops = StopRequests()
    clock = StopClock(lambda: 5.0, stops)
    clock.budget = 10.0
    assert clock() == 5.0
    stops.add()
    readings = [clock() for _ in range(3)]
    assert all(later > earlier + 10.0 for earlier, later in itertools.pairwise(readings))
    assert readings[0] > 5.0 + 10.0  # past a deadline set just before the stop, too
    stops.settle()
    assert clock() == 5.0  # the next think has its whole time


class Script:
    """The manager's side of the pipe: :data:`SETUP`, then, once the brain thinks, ``then``
    (the end of the input after it); ``then`` may also be an exception to raise there."""

    def __init__(self, clock: StillClock, then: bytes | BaseException) -> None:
        self.chunks: list[bytes | BaseException] = [SETUP.encode(), then, b""]
        self.clock = clock

    def read1(self, size: int = -1, /) -> bytes:
        chunk = self.chunks.pop(0)
        if len(self.chunks) == 1:  # the brain got SETUP: wait until it thinks about it
            assert self.clock.thinking.wait(timeout=60)
        if isinstance(chunk, BaseException):
            raise chunk
        return chunk


def serve_script(then: bytes, sink: io.StringIO) -> Brain:
    """Serve a brain the script into ``sink``, ``then`` at the bot's 20th clock reading."""
    clock = StillClock(pause_at=20)
    brain = brain_on(clock)
    serve(brain, Script(clock, then), sink)
    return brain


def test_yxstop_read_while_the_brain_thinks_ends_the_think() -> None:
    sink = io.StringIO()
    brain = serve_script(b"YXSTOP\r\n", sink)
    lines = sink.getvalue().splitlines()
    assert lines[0] == "OK"
    assert searched(lines[1:]) < FEW
    assert not brain.stops.pending  # handled in its turn: the next think is not stopped
    assert not brain.finished


def test_end_read_while_the_brain_thinks_ends_the_think_and_the_brain() -> None:
    sink = io.StringIO()
    brain = serve_script(b"END\r\n", sink)
    assert searched(sink.getvalue().splitlines()[1:]) < FEW
    assert brain.finished


def test_ctrl_c_while_the_brain_thinks_ends_the_think_before_serve_returns() -> None:
    clock = StillClock(pause_at=20)
    brain = brain_on(clock)
    sink = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        serve(brain, Script(clock, KeyboardInterrupt()), sink)
    assert searched(sink.getvalue().splitlines()[1:]) < FEW
    assert not brain.stops.pending  # the brain thinks in full again if it is served again


def test_yxstop_before_a_think_leaves_it_alone() -> None:
    """A YXSTOP handled before the command that makes the brain think stops nothing."""
    replies = []
    for stop in ("", "YXSTOP\r\n"):
        brain = brain_on(StillClock(), nodes=2_000)
        sink = io.StringIO()
        setup = SETUP.replace("BOARD", f"{stop}BOARD")
        serve(brain, io.BytesIO(setup.encode()), sink)
        replies.append(sink.getvalue().splitlines())
    assert replies[0] == replies[1]
    assert searched(replies[1][1:]) > FEW


def test_a_pipe_closed_on_the_replies_ends_serve_with_its_error() -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError

    with pytest.raises(BrokenPipeError):
        serve(Brain(), io.BytesIO(b"START 15\r\nABOUT\r\n"), Closed())
