"""The command's options: the board, the players, the bots' limits; checked before anything runs.

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
from tictactoe._rules import GOMOKU_RULES
from tictactoe.errors import TicTacToeError
from tictactoe.game import RULES, Game
from tictactoe.heuristic import DEFAULT_NODES as HEURISTIC_NODES
from tictactoe.limits import DEFAULT, Limit

__all__ = [
    "HUMAN",
    "KINDS",
    "UNBOUNDED_MAX_MOVES",
    "UsageError",
    "add_board_options",
    "add_bot_options",
    "add_limit_options",
    "add_player_options",
    "add_renamed",
    "check_agrees",
    "check_freestyle",
    "describe",
    "limit_of",
    "max_moves",
    "new_game",
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


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """--size, --rows, --cols, --k, --unbounded, --exact, --rule and --misere."""
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
        help="standard gomoku: exactly k in a row wins, an overline does not (--rule standard)",
    )
    board.add_argument(
        "--rule",
        choices=RULES,
        help="freestyle (k or more wins, the default), standard (exactly k), renju (Black may "
        "not make an overline, 4-4 or 3-3), caro (exactly five, not blocked at both ends) or "
        "caro-overline (caro where six or more win too: Gomocup's caro); the last three are "
        "five in a row for two players",
    )
    board.add_argument(
        "--misere",
        action="store_true",
        help="misère: whoever makes the line loses (two players; freestyle or standard)",
    )


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
                5 if args.k is None else args.k,
                players=players,
                exact=args.exact,
                rule=args.rule,
                misere=args.misere,
            )
        rows = args.rows if args.rows is not None else args.size if args.size is not None else 3
        cols = args.cols if args.cols is not None else rows
        k = 5 if args.k is None and args.rule in GOMOKU_RULES else args.k
        rules = {"exact": args.exact, "rule": args.rule, "misere": args.misere}
        return Game(rows, cols, k, players=players, **rules)


def check_freestyle(game: Game, command: str, *, exact: bool = False) -> None:
    """Refuse a rule ``command`` does not know: renju, caro, and (unless ``exact``) overlines.

    An exact-k game where a line longer than k fits is refused unless ``exact`` says the
    command plays the exact rule.

    Raises:
        UsageError: the game is exact and a line longer than k fits on its board, or is
            played under renju or caro.
    """
    assert game.rows is not None
    assert game.cols is not None
    if not exact and game.exact and game.k < max(game.rows, game.cols):
        raise UsageError(f"{command} knows freestyle lines only, not exactly {game.k} in a row")
    if game.rule in GOMOKU_RULES:
        raise UsageError(f"{command} knows the freestyle and standard rules only, not {game.rule}")


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
    rule = getattr(args, "rule", None)
    if rule is not None and rule != game.rule:
        raise UsageError(f"--rule {rule} contradicts {source} ({describe(game)})")
    if getattr(args, "misere", False) and not game.misere:
        raise UsageError(f"--misere contradicts {source} ({describe(game)})")
    if getattr(args, "unbounded", False) and not game.is_unbounded:
        raise UsageError(f"--unbounded contradicts {source} ({describe(game)})")
    for option, value in given.items():
        if value is not None and value != actual[option]:
            raise UsageError(f"{option} {value} contradicts {source} ({describe(game)})")


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


def describe(game: Game) -> str:
    """The board and k in words: ``3×3, 3 in a row``."""
    board = "unbounded grid" if game.is_unbounded else f"{game.rows}×{game.cols}"
    players = "" if len(game.players) == 2 else f", {len(game.players)} players"
    exact = " exactly" if game.exact else ""
    rule = f", {game.rule}" if game.rule in GOMOKU_RULES else ""
    misere = ", misère (the line loses)" if game.misere else ""
    return f"{board},{exact} {game.k} in a row{players}{rule}{misere}"
