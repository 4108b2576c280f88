"""The brain's I/O shell: stdin lines to :class:`Brain`, its replies to stdout, flushed.

Lines may end in CR LF, LF or a lone CR: the input is read as bytes and cut at either byte,
so a lone CR is never held back waiting to see whether LF follows (which would deadlock a
manager that waits for the answer). The empty lines that cutting CR LF in two leaves are
ignored, as the protocol asks of blank lines.

The brain handles the lines in a thread of its own, in order, and writes its replies, while
the calling thread goes on reading: so a line that ends a think (``YXSTOP``, ``END``) is seen
while the brain thinks, counted in :attr:`Brain.stops <tictactoe.brain.Brain.stops>` at once,
and the think ends with the best move found so far, as the protocol's two-thread brains do.
"""

from __future__ import annotations

import argparse
import queue
import re
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Protocol, TextIO, cast

from tictactoe.brain._protocol import STOPPING, Brain, command_word
from tictactoe.limits import DEFAULT, Limit

__all__ = ["MAX_LINE", "ByteSource", "main", "read_lines", "serve"]

MAX_LINE = 65_536
"""Bytes kept of one line; the protocol lets a brain cut very long lines short."""
_END_OF_LINE = re.compile(rb"[\r\n]")


class ByteSource(Protocol):
    """Bytes that come in as they are ready: ``sys.stdin.buffer``, or ``io.BytesIO`` in tests."""

    def read1(self, size: int = -1, /) -> bytes:
        """Some bytes, at most ``size``, without waiting for more than one read; b"" at EOF."""
        ...


def read_lines(source: ByteSource) -> Iterator[str]:
    """The lines of ``source`` as they arrive, cut at CR or LF, decoded leniently."""
    pending = b""
    while chunk := source.read1(4096):
        *lines, pending = _END_OF_LINE.split(pending + chunk)
        pending = pending[:MAX_LINE]
        for line in lines:
            yield line[:MAX_LINE].decode("utf-8", "replace")
    if pending:
        yield pending.decode("utf-8", "replace")


def serve(brain: Brain, source: ByteSource, sink: TextIO) -> None:
    """Feed ``brain`` each line of ``source`` and write its replies to ``sink`` until END.

    This thread reads; :class:`_Answerer` has the brain handle the lines and writes the
    replies. A stop line is counted before it is passed on, so it ends the think it finds,
    or one that lines read before it start. At the end of the input the lines read so far
    are still answered; on an error here (Ctrl-C) the think in progress ends first.

    Raises:
        Exception: what writing to ``sink`` raised (BrokenPipeError: the manager went away).
    """
    answerer = _Answerer(brain, sink)
    answerer.start()
    try:
        for line in read_lines(source):
            word = command_word(line)
            stop = word in STOPPING
            if stop:
                brain.stops.add()
            answerer.put(line, stop=stop)
            if word == "END" or not answerer.is_alive():
                break
    except BaseException:  # Ctrl-C: the move in progress goes out at once, then the error
        brain.stops.add()
        answerer.finish()
        brain.stops.settle()
        raise
    answerer.finish()
    if answerer.error is not None:
        raise answerer.error


class _Answerer(threading.Thread):
    """The thread that has the brain handle each line in turn and writes its replies.

    A daemon: a second Ctrl-C while it finishes a move does not keep the process alive.
    """

    def __init__(self, brain: Brain, sink: TextIO) -> None:
        super().__init__(name="brain", daemon=True)
        self._brain = brain
        self._sink = sink
        self._lines: queue.SimpleQueue[tuple[str, bool] | None] = queue.SimpleQueue()
        self.error: Exception | None = None
        """Why the replies could not be written, if they could not (the brain never raises)."""

    def put(self, line: str, *, stop: bool) -> None:
        """Hand ``line`` over, ``stop`` if it was counted in the brain's stop requests."""
        self._lines.put((line, stop))

    def finish(self) -> None:
        """Answer the lines handed over, then end; returns when the thread has ended."""
        self._lines.put(None)
        self.join()

    def run(self) -> None:
        try:
            while (item := self._lines.get()) is not None and not self._brain.finished:
                line, stop = item
                if stop:
                    self._brain.stops.settle()
                for reply in self._brain.handle(line):
                    self._sink.write(reply + "\n")
                self._sink.flush()
        except Exception as exc:  # a closed pipe: the reading thread raises it for its caller
            self.error = exc


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pbrain-tictactoe",
        description=(
            "A Gomocup (Piskvork) brain: five in a row, freestyle or exactly five (INFO "
            "rule 1), played by tictactoe's ThreatBot (threat-space search, then alpha-beta), "
            "one bot kept over the moves and games. It speaks the protocol on stdin and "
            "stdout (START, RECTSTART, RESTART, BEGIN, TURN, BOARD ... DONE, INFO, TAKEBACK, "
            "PLAY, ABOUT, END, SWAP2BOARD ... DONE for the swap2 opening, and YXSTOP to end a "
            "think at once) and keeps to the time limits the manager sends with INFO."
        ),
    )
    parser.add_argument(
        "--nodes",
        type=_positive_int,
        metavar="N",
        help="positions a move may search at most (default: no limit, the clock decides)",
    )
    parser.add_argument(
        "--seed", type=int, default=None, help="make the moves repeatable (default: random)"
    )
    parser.add_argument(
        "--time",
        type=_positive_float,
        default=DEFAULT.seconds,
        metavar="SECONDS",
        help=(
            "seconds a move may take when the manager sends no INFO timeout_turn "
            f"(default {DEFAULT.seconds:g})"
        ),
    )
    parser.add_argument(
        "--game-time",
        type=_positive_float,
        metavar="SECONDS",
        help="seconds a whole game may take when the manager sends no INFO timeout_match "
        "(default: no limit)",
    )
    return parser


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a finite number above 0, not {text}")
    return value


def main(argv: Sequence[str] | None = None) -> int:
    """Run the brain on stdin and stdout; 0 on END or end of input."""
    options = _parser().parse_args(argv)
    limit = Limit(seconds=options.time, nodes=options.nodes, game_seconds=options.game_time)
    brain = Brain(limit=limit, seed=options.seed)
    source = cast(ByteSource, sys.stdin.buffer)  # typed BinaryIO; a BufferedReader in fact
    try:
        serve(brain, source, sys.stdout)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the manager went away: nobody is left to answer
        return 0
    return 0
