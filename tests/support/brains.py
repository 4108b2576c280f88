"""The scripted Gomocup brain of ``fake_brain.py``, as the command line each face takes."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

from support import FAKE_BRAIN


def fake_brain(mode: str, log: Path | None = None) -> list[str]:
    """The argv of the fake brain in ``mode``, appending what it receives to ``log``."""
    return [sys.executable, str(FAKE_BRAIN), mode, *([str(log)] if log else [])]


def fake_command(mode: str, log: Path | None = None) -> str:
    """:func:`fake_brain` as one shell-quoted command line."""
    return shlex.join(fake_brain(mode, log))


def fake_spec(mode: str, log: Path | None = None) -> str:
    """:func:`fake_brain` as a player spec: ``engine:COMMAND``."""
    return "engine:" + fake_command(mode, log)
