"""A Gomocup brain's process: started in a group of its own, read by a thread, ended whole.

The engine client (:mod:`tictactoe.engine`) speaks the protocol; this module owns the process
it speaks to, so that ending a brain never leaves a process, a pipe or a thread behind.
"""

from __future__ import annotations

import contextlib
import os
import queue
import re
import signal
import subprocess
import threading
from collections.abc import Sequence
from typing import IO, Final

__all__ = ["EOF", "BrainProcess", "how_it_ended"]

_LONGEST_LINE = 65_536
"""Bytes a reply line may hold; a brain that writes more without a newline is cut there."""
_NEW_GROUP: Final[int] = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0)
"""Windows: a process group of its own, so that the console's Ctrl-C does not reach it."""
EOF = None  # what the reader thread queues when the brain's output ends


class BrainProcess:
    """A brain's process, in a process group of its own, and the thread that reads its lines.

    The group lets :meth:`end` kill what the brain started too: a wrapper script (``wine``,
    a venv launcher) runs the real brain as its child, which killing the wrapper alone would
    leave running with the pipes open. It also keeps the terminal's Ctrl-C, which goes to the
    terminal's process group, from killing the brain in the middle of a game.
    """

    def __init__(self, argv: Sequence[str], name: str) -> None:
        """Start ``argv``; an OSError if it cannot be started."""
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=False,
            bufsize=0,
            start_new_session=True,  # POSIX: a session and a process group of its own
            creationflags=_NEW_GROUP,
        )
        assert self.process.stdout is not None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(
            target=_pump, args=(self.process.stdout, self.lines), name=f"engine-{name}", daemon=True
        )
        self.reader.start()

    def write(self, data: bytes) -> None:
        """Write ``data`` to the brain; an OSError or ValueError once its input is closed."""
        assert self.process.stdin is not None
        self.process.stdin.write(data)

    def end(self) -> None:
        """Kill the brain and all it started, reap it, close the pipes; never hangs.

        Safe to call more than once. The reader thread ends as the pipe closes; only a process
        that left the group on purpose can keep the pipe open, and then its end stays open.
        """
        process = self.process
        _kill_group(process)
        with contextlib.suppress(subprocess.TimeoutExpired):  # only a process stuck in the kernel
            process.wait(5.0)
        self.reader.join(1.0)
        pipes = [process.stdin]
        if not self.reader.is_alive():
            pipes.append(process.stdout)
        for pipe in pipes:
            if pipe is not None:
                with contextlib.suppress(OSError):
                    pipe.close()


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the process and every process in its group (on Windows, the process alone)."""
    if hasattr(os, "killpg"):
        # The group's id is the brain's pid, which the system does not reuse while any
        # process of the group lives: the signal reaches the brain and what it started.
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
    elif process.poll() is None:
        with contextlib.suppress(OSError):
            process.kill()


def _pump(stdout: IO[bytes], lines: queue.Queue[str | None]) -> None:
    """The reader thread: the brain's output, cut into lines at CR or LF, into ``lines``."""
    pending = b""
    try:
        while True:
            chunk = stdout.read(4096)
            if not chunk:
                break
            pending += chunk
            *complete, pending = re.split(rb"\r\n|\r|\n", pending)
            for raw in complete:
                lines.put(raw.decode("utf-8", errors="replace"))
            if len(pending) > _LONGEST_LINE:
                lines.put(pending[:_LONGEST_LINE].decode("utf-8", errors="replace"))
                pending = b""
    except (OSError, ValueError):  # the pipe was closed under us by close()
        pass
    if pending:
        lines.put(pending.decode("utf-8", errors="replace"))
    lines.put(EOF)


def how_it_ended(process: subprocess.Popen[bytes]) -> str:
    """How a brain whose output closed ended, for a message, waiting a moment for it."""
    try:
        code = process.wait(0.5)
    except subprocess.TimeoutExpired:
        return "closed its output"
    return f"exited with code {code}" if code >= 0 else f"was killed by signal {-code}"
