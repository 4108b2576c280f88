"""The command's options: the board, the players, a position; checked before anything runs.

A mistake in the command line is a :class:`UsageError` (exit 2); what goes wrong once a
command runs (a bad file, an unwritable target, a game out of reach) is another error (exit 1).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterator
from contextlib import contextmanager

from tictactoe import notation
from tictactoe.errors import TicTacToeError
from tictactoe.game import Game

__all__ = [
    "DEFAULT_SECONDS",
    "KINDS",
    "UNBOUNDED_MAX_MOVES",
    "UsageError",
    "add_board_options",
    "add_bot_options",
    "add_player_options",
    "check_agrees",
    "describe",
    "max_moves",
    "new_game",
    "player_kinds",
    "position_game",
    "positive_int",
    "seconds",
    "usage",
]

KINDS = ("human", "random", "perfect", "heuristic", "threat")
"""The kinds of player the command can seat."""
DEFAULT_SECONDS = 5.0
"""The most time a bot may think per move unless --time says otherwise."""
UNBOUNDED_MAX_MOVES = 1000
"""Bots stop after this many moves on the unbounded grid, which has no end of its own."""


class UsageError(Exception):
    """A wrong command line: the command stops before it starts, with exit code 2."""


@contextmanager
def usage() -> Iterator[None]:
    """Report the library's refusal of values taken from the command line as a UsageError."""
    try:
        yield
    except (TicTacToeError, ValueError, TypeError) as error:
        raise UsageError(str(error)) from None


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    value = int(text)
    if value < 1:
        raise ValueError(text)
    return value


positive_int.__name__ = "positive int"  # how argparse names the type in its error


def seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0."""
    value = float(text)
    if not (math.isfinite(value) and value > 0):
        raise ValueError(text)
    return value


seconds.__name__ = "number of seconds"


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """--size, --rows, --cols, --k and --unbounded."""
    board = parser.add_argument_group("board")
    board.add_argument("--size", type=int, metavar="N", help="an N×N board (default 3)")
    board.add_argument("--rows", type=int, metavar="R", help="rows, with --cols")
    board.add_argument("--cols", type=int, metavar="C", help="columns, with --rows")
    board.add_argument(
        "--k", type=int, metavar="K", help="marks in a row to win (default: the full line)"
    )
    board.add_argument(
        "--unbounded", action="store_true", help="an unbounded grid (k defaults to 5)"
    )
    board.add_argument(
        "--exact",
        action="store_true",
        help="standard gomoku: exactly k in a row wins, an overline does not",
    )


def add_player_options(parser: argparse.ArgumentParser, *, x: str, o: str) -> None:
    """--x, --o, --players, --max-moves, and the bots' options (:func:`add_bot_options`)."""
    kinds = ", ".join(KINDS) + " or engine:COMMAND (a Gomocup brain)"
    parser.add_argument("--x", default=x, metavar="KIND", help=f"X's player: {kinds}")
    parser.add_argument("--o", default=o, metavar="KIND", help=f"O's player: {kinds}")
    parser.add_argument(
        "--players",
        metavar="LIST",
        help="every player in turn order, for 3 or more: e.g. human,threat,random",
    )
    parser.add_argument(
        "--max-moves",
        type=positive_int,
        metavar="N",
        help="stop a game of bots after N moves (default: none on a bounded board, "
        f"{UNBOUNDED_MAX_MOVES} on the unbounded grid)",
    )
    add_bot_options(parser)


def add_bot_options(parser: argparse.ArgumentParser) -> None:
    """--seed and the bots' limits per move, --budget and --time."""
    parser.add_argument("--seed", type=int, help="makes the bots' choices repeatable")
    parser.add_argument(
        "--budget",
        type=positive_int,
        default=500,
        metavar="NODES",
        help="positions the heuristic bot may search per move (default 500)",
    )
    parser.add_argument(
        "--time",
        type=seconds,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"the most time a bot may think per move (default {DEFAULT_SECONDS:g})",
    )


def max_moves(args: argparse.Namespace, game: Game) -> int | None:
    """The most moves a game of bots may last: --max-moves, else a default for the grid."""
    if args.max_moves is not None:
        return int(args.max_moves)
    return UNBOUNDED_MAX_MOVES if game.is_unbounded else None


def new_game(args: argparse.Namespace, players: int = 2) -> Game:
    """The game the board options describe.

    Raises:
        UsageError: the options contradict each other or name no valid game.
    """
    if args.size is not None and (args.rows is not None or args.cols is not None):
        raise UsageError("give either --size or --rows and --cols, not both")
    with usage():
        if args.unbounded:
            if args.size is not None or args.rows is not None or args.cols is not None:
                raise UsageError("an unbounded grid has no size; drop --size, --rows and --cols")
            return Game.unbounded(
                5 if args.k is None else args.k, players=players, exact=args.exact
            )
        rows = args.rows if args.rows is not None else args.size if args.size is not None else 3
        cols = args.cols if args.cols is not None else rows
        return Game(rows, cols, args.k, players=players, exact=args.exact)


def position_game(text: str, args: argparse.Namespace) -> Game:
    """The game at a position given on the command line, checked against the board options.

    ``text`` is the one-line notation, or rows alone (``X.O/.X./..O``, k from ``--k``).
    """
    with usage():
        game = notation.parse(text) if len(text.split()) > 1 else Game.from_rows(text, k=args.k)
    check_agrees(game, args, "the position")
    return game


def check_agrees(game: Game, args: argparse.Namespace, source: str) -> None:
    """Refuse board options that contradict ``game`` (read from ``source``); allow the rest.

    A script that always passes ``--rows R --cols C --k K`` works as long as they are true.

    Raises:
        UsageError: an option says otherwise than the game, naming both.
    """
    given = {
        "--size": getattr(args, "size", None),
        "--rows": getattr(args, "rows", None),
        "--cols": getattr(args, "cols", None),
        "--k": getattr(args, "k", None),
    }
    actual = {
        "--size": game.rows if game.rows == game.cols else None,
        "--rows": game.rows,
        "--cols": game.cols,
        "--k": game.k,
    }
    if getattr(args, "exact", False) and not game.exact:
        raise UsageError(f"--exact contradicts {source} ({describe(game)})")
    if getattr(args, "unbounded", False) and not game.is_unbounded:
        raise UsageError(f"--unbounded contradicts {source} ({describe(game)})")
    for option, value in given.items():
        if value is not None and value != actual[option]:
            raise UsageError(f"{option} {value} contradicts {source} ({describe(game)})")


def player_kinds(args: argparse.Namespace) -> list[str]:
    """The kinds of player named by --players, or by --x and --o.

    A kind is one of :data:`KINDS`, ``auto``, or ``engine:COMMAND`` (a Gomocup brain; its
    command keeps its case).

    Raises:
        UsageError: a kind that is none of these.
    """
    kinds = args.players.split(",") if args.players else [args.x, args.o]
    found = []
    for kind in kinds:
        kind = kind.strip()
        if not kind.lower().startswith("engine:"):
            kind = kind.lower()
            if kind not in (*KINDS, "auto"):
                choices = ", ".join(KINDS)
                raise UsageError(f"unknown player {kind!r}: choose from {choices}, engine:CMD")
        found.append(kind)
    return found


def describe(game: Game) -> str:
    """The board and k in words: ``3×3, 3 in a row``."""
    board = "unbounded grid" if game.is_unbounded else f"{game.rows}×{game.cols}"
    players = "" if len(game.players) == 2 else f", {len(game.players)} players"
    exact = " exactly" if game.exact else ""
    return f"{board},{exact} {game.k} in a row{players}"
