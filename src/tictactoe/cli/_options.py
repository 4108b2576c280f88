"""The command's options: the players, the bots' limits; checked before anything runs.

The board's options are in :mod:`tictactoe.cli._board`.

One name means one thing in every subcommand: ``--size`` is the board, ``--time`` the most
time the computer may think, ``--players`` the players (a list of specs where they play, a
number where they are only counted). Old spellings are taken for a release with a notice
(:class:`_Renamed`).

A mistake in the command line is a :class:`UsageError` (exit 2); what goes wrong once a
command runs (a bad file, an unwritable target, a game out of reach) is another error (exit 1).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from tictactoe import specs
from tictactoe.errors import TicTacToeError
from tictactoe.game import Game
from tictactoe.heuristic import DEFAULT_NODES as HEURISTIC_NODES
from tictactoe.limits import DEFAULT, Limit

__all__ = [
    "HUMAN",
    "KINDS",
    "UNBOUNDED_MAX_MOVES",
    "UsageError",
    "add_bot_options",
    "add_limit_options",
    "add_player_options",
    "add_renamed",
    "limit_of",
    "max_moves",
    "player_kinds",
    "player_specs",
    "positive_int",
    "renamed",
    "seconds",
    "spec_help",
    "usage",
]

HUMAN = "human"
"""The kind of player that is the person at the terminal."""
KINDS = (HUMAN, *specs.BOTS, specs.BEST)
"""The kinds of player the command can seat, besides ``engine:COMMAND``."""
UNBOUNDED_MAX_MOVES = specs.UNBOUNDED_MAX_MOVES
_RENAMED = {"auto": specs.BEST}
"""Old spellings of kinds, still taken for a release with a notice: their new names."""


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


def spec_help(*, human: bool) -> str:
    """The players a SPEC may name, for --help: the same words wherever players are named."""
    kinds = KINDS if human else KINDS[1:]
    return ", ".join(kinds) + " (the strongest bot that plays the game) or engine:COMMAND"


def add_player_options(
    parser: argparse.ArgumentParser, *, x: str, o: str, human: bool = True
) -> None:
    """--x, --o, --players, --max-moves, and the bots' options (:func:`add_bot_options`).

    ``human``: whether a person may take a seat, as the help says.
    """
    kinds = spec_help(human=human)
    parser.add_argument("--x", default=x, metavar="SPEC", help=f"X's player (default {x}): {kinds}")
    parser.add_argument("--o", default=o, metavar="SPEC", help=f"O's player (default {o}): {kinds}")
    parser.add_argument(
        "--players",
        metavar="SPEC,SPEC,...",
        help="every player in turn order, for 3 or more: e.g. "
        + ("human,threat,random " if human else "threat,heuristic,random ")
        + "(in count, where no one plays, --players N says how many)",
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
    """--seed and the bots' limits (:func:`add_limit_options`)."""
    parser.add_argument("--seed", type=int, help="makes the bots' choices repeatable")
    add_limit_options(parser, DEFAULT)


def add_limit_options(parser: argparse.ArgumentParser, default: Limit) -> None:
    """--time, --nodes and --game-time: the bots' :class:`Limit` (see :func:`limit_of`).

    ``default`` gives --time's default; --budget is the old --nodes.
    """
    group = parser.add_argument_group("how long the computer may think")
    group.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help=f"the most time a bot may think per move (default {default.seconds:g})",
    )
    group.add_argument(
        "--nodes",
        type=positive_int,
        metavar="N",
        help=f"the most positions a bot may search per move (default: the heuristic bot "
        f"{HEURISTIC_NODES}, the threat bot no limit; Gomocup engines are not told)",
    )
    add_renamed(group, "--budget", "nodes", type=positive_int)
    group.add_argument(
        "--game-time",
        type=seconds,
        metavar="SECONDS",
        help="the most time a player may think in a whole game, shared over its moves "
        "(an engine is sent INFO timeout_match and time_left; running out loses by forfeit)",
    )


def limit_of(args: argparse.Namespace, default: Limit = DEFAULT) -> Limit:
    """The bots' limit the command line gives: --time, --nodes, --game-time over ``default``."""
    time = default.seconds if args.time is None else args.time
    return Limit(seconds=time, nodes=args.nodes, game_seconds=args.game_time)


def max_moves(args: argparse.Namespace, game: Game) -> int | None:
    """The most moves a game of bots may last: --max-moves, else a default for the grid."""
    if args.max_moves is not None:
        return int(args.max_moves)
    return UNBOUNDED_MAX_MOVES if game.is_unbounded else None


class _Renamed(argparse.Action):
    """An option renamed: it still works for a release, with a one-line notice on stderr.

    The notice names the new spelling: ``new`` where given, else the option of ``dest``.
    """

    def __init__(self, *args: Any, new: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.new = new or "--" + self.dest.replace("_", "-")

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        renamed(str(option_string), self.new)
        setattr(namespace, self.dest, values)


def add_renamed(parser: argparse._ActionsContainer, old: str, dest: str, **options: Any) -> None:
    """Take ``old``, hidden from --help, as the spelling of ``dest`` it used to be."""
    parser.add_argument(old, dest=dest, action=_Renamed, help=argparse.SUPPRESS, **options)


def renamed(old: str, new: str) -> None:
    """Tell, in one line on stderr, that an old spelling was taken and what replaces it."""
    print(
        f"tictactoe: {old} is now {new}; the old name will go in a later release", file=sys.stderr
    )


def player_kinds(args: argparse.Namespace) -> list[str]:
    """The kinds of player named by --players, or by --x and --o.

    A kind is ``human`` or a player spec (:mod:`tictactoe.specs`): a bot's name, ``best``, or
    ``engine:COMMAND`` (a Gomocup brain; its command keeps its case).

    Raises:
        UsageError: a kind that is none of these.
    """
    found = []
    for kind in args.players.split(",") if args.players else [args.x, args.o]:
        name = kind.strip().lower()
        if name in _RENAMED:
            renamed(name, _RENAMED[name])
            kind = name = _RENAMED[name]
        if name == HUMAN:
            found.append(name)
            continue
        try:
            found.append(specs.parse(kind))
        except TicTacToeError as error:
            raise UsageError(f"{error}, or human") from None
    return found


def player_specs(texts: Sequence[str], *, at_least: int) -> list[tuple[str, str]]:
    """``--player NAME=SPEC`` options as (name, spec) pairs: names unique, specs checked.

    Raises:
        UsageError: a pair that is no NAME=SPEC, a spec that names no player, names that
            repeat, or fewer than ``at_least`` players.
    """
    found: list[tuple[str, str]] = []
    for text in texts:
        name, equals, spec = text.partition("=")
        if not equals or not name.strip() or not spec.strip():
            raise UsageError(f"--player {text!r}: expected NAME=SPEC, like a=heuristic")
        with usage():
            found.append((name.strip(), specs.parse(spec)))
    if len(found) < at_least:
        raise UsageError(f"name at least {at_least} players with --player NAME=SPEC")
    names = [name for name, _ in found]
    if len(set(names)) != len(names):
        raise UsageError(f"player names must differ: {', '.join(names)}")
    return found
