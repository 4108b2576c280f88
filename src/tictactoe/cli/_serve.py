"""``tictactoe serve``: the local web page (its options and its handler)."""

from __future__ import annotations

import argparse
import sys
import webbrowser
from typing import TypeVar

from tictactoe import specs
from tictactoe.cli._opening import NONE, OPENINGS
from tictactoe.cli._options import (
    UsageError,
    add_limit_options,
    limit_of,
    player_specs,
    renamed,
    usage,
)
from tictactoe.limits import PAGE

__all__ = ["DEFAULT_PORT", "add_command", "serve_command"]

_Parser = TypeVar("_Parser", bound=argparse.ArgumentParser)
DEFAULT_PORT = 8765
"""Where the page is served unless ``--port`` says otherwise."""


def add_command(commands: argparse._SubParsersAction[_Parser]) -> None:
    """Add the ``serve`` subcommand to ``commands``."""
    serve = commands.add_parser(
        "serve",
        help="play in the browser: a local web page",
        description="Serve a page to play on in the browser, and open it. Every board, 2 to 8 "
        "players, our bots, records to save and open, perfect play shown on small boards. "
        "Ctrl-C stops the server.",
    )
    serve.add_argument(
        "--port",
        type=int,
        default=DEFAULT_PORT,
        metavar="N",
        help=f"the port to listen on (default {DEFAULT_PORT}; 0 for any free one)",
    )
    serve.add_argument(
        "--host",
        default=None,
        metavar="HOST",
        help="the address to listen on (default 127.0.0.1, this machine only)",
    )
    serve.add_argument(
        "--no-browser", action="store_true", help="do not open the page in a browser"
    )
    add_limit_options(serve, PAGE)
    serve.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="offer a player named NAME: engine:COMMAND (a Gomocup brain, five in a row) or "
        "one of our bots; repeatable",
    )
    serve.add_argument("--engine", action="append", default=[], help=argparse.SUPPRESS)
    serve.add_argument(
        "--opening",
        choices=OPENINGS,
        default=NONE,
        help="the opening protocol the new-game form starts with: swap or swap2 (the opener "
        "places 3 stones, the other chooses a colour; in swap2 they may place 2 more and let "
        "the opener choose), or none (the default); the form can change it",
    )


def serve_command(args: argparse.Namespace) -> int:
    """Run the local web server until Ctrl-C."""
    from tictactoe.web import (
        LOOPBACK,
        MAX_SECONDS,
        Api,
        Seats,
        WebServer,
        is_loopback,
    )

    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port {args.port}: choose a port from 0 to 65535")
    named = dict(player_specs(args.player, at_least=0))
    if args.engine:
        renamed("--engine NAME=COMMAND", "--player NAME=engine:COMMAND")
        pairs = (entry.partition("=") for entry in args.engine)
        old = [f"{name}={specs.ENGINE}{command}" for name, _, command in pairs]
        named |= player_specs(old, at_least=0)
    limit = limit_of(args, PAGE)
    if limit.seconds is not None and limit.seconds > MAX_SECONDS:
        raise UsageError(f"--time {limit.seconds:g}: at most {MAX_SECONDS:g} seconds")
    host = LOOPBACK if args.host is None else args.host
    if not is_loopback(host):
        print(
            f"warning: listening on {host}: other machines on the network can play on this server",
            file=sys.stderr,
        )
    with usage():
        seats = Seats(named)
    api = Api(seats, limit=limit, opening=None if args.opening == NONE else args.opening)
    try:
        server = WebServer((host, args.port), api, names=(host,))
    except OSError as error:
        api.close()
        hint = " (try --port 0 for any free port)" if args.port else ""
        raise OSError(
            f"cannot listen on {host}:{args.port}: {error.strerror or error}{hint}"
        ) from None
    print(f"tictactoe: playing at {server.url} (Ctrl-C stops)", flush=True)
    try:
        if not args.no_browser:
            webbrowser.open(server.url)
        server.serve_forever()
    finally:
        api.close()
        server.server_close()
        print("tictactoe: server stopped", flush=True)
    return 0
