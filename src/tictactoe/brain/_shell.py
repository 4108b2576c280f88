"""The brain's I/O shell: stdin lines to :class:`Brain`, its replies to stdout, flushed.

Lines may end in CR LF, LF or a lone CR: the input is read as bytes and cut at either byte,
so a lone CR is never held back waiting to see whether LF follows (which would deadlock a
manager that waits for the answer). The empty lines that cutting CR LF in two leaves are
ignored, as the protocol asks of blank lines.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Protocol, TextIO, cast

from tictactoe.brain._protocol import Brain
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
    """Feed ``brain`` each line of ``source`` and write its replies to ``sink`` until END."""
    for line in read_lines(source):
        for reply in brain.handle(line):
            sink.write(reply + "\n")
        sink.flush()
        if brain.finished:
            return


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pbrain-tictactoe",
        description=(
            "A Gomocup (Piskvork) brain: five in a row, freestyle or exactly five (INFO "
            "rule 1), played by tictactoe's ThreatBot (threat-space search, then alpha-beta), "
            "one bot kept over the moves and games. It speaks the protocol on stdin and "
            "stdout (START, RECTSTART, RESTART, BEGIN, TURN, BOARD ... DONE, INFO, TAKEBACK, "
            "PLAY, ABOUT, END) and keeps to the time limits the manager sends with INFO."
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
