"""``tictactoe serve``: the local web page (its options and its handler)."""

from __future__ import annotations

import argparse
from typing import TypeVar

from tictactoe.cli._options import UsageError

__all__ = ["add_command", "serve_command"]

_Parser = TypeVar("_Parser", bound=argparse.ArgumentParser)


def add_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``serve`` subcommand to ``commands``."""
    commands.add_parser("serve", help="play in the browser: a local web page")


def serve_command(args: argparse.Namespace) -> int:
    """Run the local web server until Ctrl-C."""
    raise UsageError("serve is not built yet")
