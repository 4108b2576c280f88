"""The ``tictactoe`` command: a thin face over the public API.

``main(argv) -> int`` parses the arguments, runs one subcommand and returns the exit code:
0 done, 1 a command that ran and failed (a bad file, an unwritable target, a game out of
reach), 2 a wrong command line, 130 Ctrl-C, 128 + N for a termination signal N. Every error is
one line on stderr, with anything a terminal would act on shown escaped; never a traceback.
"""

from __future__ import annotations

import argparse
import difflib
import io
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType

from tictactoe import __version__
from tictactoe.cli import _commands, _files, _match, _serve, _session
from tictactoe.cli._options import UsageError
from tictactoe.cli._parser import COMMANDS, build
from tictactoe.cli._terminal import safe, wants_colour
from tictactoe.errors import TicTacToeError

__all__ = ["main"]

_TERMINATING = ("SIGTERM", "SIGHUP")
"""Signals that end the command the way Ctrl-C does: saves are finished or rolled back."""


class _Terminated(BaseException):
    """A termination signal arrived; raised in the main thread so that cleanups run."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    with _signals_as_exceptions():
        try:
            return _run(words)
        except UsageError as error:
            return _fail(str(error), 2)
        except _Terminated as stop:
            return _fail(f"stopped by {signal.Signals(stop.number).name}", 128 + stop.number)
        except KeyboardInterrupt:
            return _fail("interrupted", 130)
        except BrokenPipeError:
            # The reader went away (``tictactoe count | head``): stop quietly, as Unix tools do.
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - left open until exit on purpose
            return 0
        except (TicTacToeError, ValueError) as error:
            return _fail(str(error), 1)
        except OSError as error:
            where = f"{error.filename}: " if error.filename else ""
            return _fail(f"{where}{error.strerror or error}", 1)
        except RecursionError:
            return _fail("the input is nested too deeply", 1)
        except MemoryError:
            return _fail("out of memory", 1)


def _run(words: list[str]) -> int:
    """Parse ``words`` and run the subcommand they name."""
    if not words or (words[0].startswith("-") and words[0] not in ("-h", "--help", "--version")):
        words.insert(0, "play")
    elif not words[0].startswith("-") and words[0] not in COMMANDS:
        close = difflib.get_close_matches(words[0], COMMANDS, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UsageError(f"unknown command {words[0]!r}{hint}: choose from {', '.join(COMMANDS)}")
    try:
        if words[0] == "brain":  # the brain parses its own options, as pbrain-tictactoe does
            from tictactoe import brain

            return brain.main(words[1:])
        args = build(__version__).parse_args(words)
    except SystemExit as stop:  # --help and --version print and stop; so do option errors
        return stop.code if isinstance(stop.code, int) else 0
    _readable_stdin()
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _session.play,
        "solve": _commands.solve_command,
        "count": _commands.count_command,
        "selfplay": _commands.selfplay_command,
        "match": _match.match_command,
        "replay": lambda args: _files.replay(args, print, input),
        "show": lambda args: _files.show(args, print),
        "render": lambda args: _files.render_svg(args, print),
        "convert": lambda args: _files.convert(args, print),
        "serve": _serve.serve_command,
    }
    args.colour = wants_colour(sys.stdout)
    return handlers[args.command](args)


def _fail(message: str, code: int) -> int:
    print(f"tictactoe: error: {safe(message)}", file=sys.stderr)
    return code


def _readable_stdin() -> None:
    """Let bytes that are not UTF-8 arrive as replacement characters, not as a crash."""
    if isinstance(sys.stdin, io.TextIOWrapper):
        sys.stdin.reconfigure(errors="replace")


@contextmanager
def _signals_as_exceptions() -> Iterator[None]:
    """While the command runs, SIGTERM and SIGHUP raise in the main thread, as Ctrl-C does.

    Python's default for them ends the process at once, leaving a half-done save's temporary
    file behind; as an exception they unwind through every cleanup first.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(number: int, frame: FrameType | None) -> None:
        raise _Terminated(number)

    previous = {}
    for name in _TERMINATING:
        number = getattr(signal, name, None)
        if number is not None:
            previous[number] = signal.signal(number, terminate)
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
