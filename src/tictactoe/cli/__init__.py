"""The ``tictactoe`` command: a thin face over the public API.

``main(argv) -> int`` parses the arguments, runs one subcommand and returns the exit code.
Every error a user can cause is one line on stderr and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from tictactoe.cli import _files, _session
from tictactoe.cli._terminal import wants_colour
from tictactoe.coordinates import cell_label
from tictactoe.counting import count
from tictactoe.errors import InvalidGame, TicTacToeError
from tictactoe.game import Game
from tictactoe.players import play_match
from tictactoe.solver import solve

__all__ = ["main"]

_COMMANDS = ("play", "solve", "count", "selfplay", "replay", "show", "render", "convert")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _board_options(parser: argparse.ArgumentParser) -> None:
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


def _player_options(parser: argparse.ArgumentParser, *, x: str, o: str) -> None:
    kinds = ", ".join(_session.KINDS)
    parser.add_argument("--x", default=x, metavar="KIND", help=f"X's player: {kinds}")
    parser.add_argument("--o", default=o, metavar="KIND", help=f"O's player: {kinds}")
    parser.add_argument(
        "--players",
        metavar="LIST",
        help="every player in turn order, for 3 or more: e.g. human,heuristic,random",
    )
    parser.add_argument("--seed", type=int, help="makes the bots' choices repeatable")
    parser.add_argument(
        "--budget",
        type=int,
        default=500,
        metavar="NODES",
        help="positions the heuristic bot may search per move (default 500)",
    )


def _command(
    commands: argparse._SubParsersAction[_Parser],
    name: str,
    summary: str,
    description: str,
    *,
    json: bool = True,
) -> argparse.ArgumentParser:
    """A subcommand with the board options, and ``--json`` where it prints results."""
    parser = commands.add_parser(name, help=summary, description=description)
    _board_options(parser)
    if json:
        parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="tictactoe",
        description=(
            "Tic-tac-toe and the m,n,k-games: any board, k in a row, two or more players. "
            "With no command, plays 3×3 against a perfect bot."
        ),
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = _command(
        commands,
        "play",
        "play a game in the terminal",
        "Play in the terminal. Type cells like b2 (column letter, row number) or 2 2; "
        "also undo, hint, help and quit. The default opponent is perfect on boards of "
        f"up to {_session.AUTO_PERFECT_CELLS} cells, heuristic beyond.",
        json=False,
    )
    _player_options(play, x="human", o="auto")
    play.add_argument(
        "--save", metavar="FILE", help="save the game after every move (.json, .psq or .sgf)"
    )
    play.add_argument("--load", metavar="FILE", help="resume the game saved in FILE")

    solve_command = _command(
        commands,
        "solve",
        "the value and best moves of a position",
        "Solve a position with perfect play (two players, small bounded boards).",
    )
    solve_command.add_argument(
        "--position",
        metavar="ROWS",
        help="the position, rows separated by '/', '.' for empty: X.O/.X./..O",
    )

    count_command = _command(
        commands,
        "count",
        "count every game and reachable position",
        "Count every possible game by result and every reachable position.",
    )
    count_command.add_argument(
        "--player-count", type=int, default=2, metavar="N", help="players (default 2)"
    )

    selfplay = _command(
        commands,
        "selfplay",
        "bots against each other over many games",
        "Play bots against each other and tally the results.",
    )
    _player_options(selfplay, x="heuristic", o="random")
    selfplay.add_argument("--games", type=int, default=100, metavar="N", help="games to play")

    target = "a saved game (.json, .psq, .sgf) or a position like 'X.O/.X./..O'"
    k_help = "k for PSQ and SGF files, which do not store it (default 5)"
    replay = commands.add_parser(
        "replay", help="step through a saved game", description=_files.REPLAY_HELP
    )
    replay.add_argument("target", metavar="FILE", help="a saved game")
    show = commands.add_parser("show", help="the board and result of a game or position")
    show.add_argument("target", metavar="FILE_OR_POSITION", help=target)
    show.add_argument("--json", action="store_true", help="print JSON")
    render_command = commands.add_parser("render", help="draw a game or position as SVG")
    render_command.add_argument("target", metavar="FILE_OR_POSITION", help=target)
    render_command.add_argument(
        "-o", "--output", required=True, metavar="OUT.svg", help="the SVG file to write"
    )
    render_command.add_argument(
        "--size", type=int, default=480, metavar="PX", help="width in pixels (default 480)"
    )
    convert_command = commands.add_parser(
        "convert", help="convert a saved game between .json, .psq and .sgf"
    )
    convert_command.add_argument("input", metavar="IN", help="the saved game to read")
    convert_command.add_argument("output", metavar="OUT", help="the file to write")
    for command in (replay, show, render_command, convert_command):
        command.add_argument("--k", type=int, metavar="K", help=k_help)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0] not in _COMMANDS and words[0] not in ("-h", "--help")):
        words.insert(0, "play")
    args = _parser().parse_args(words)
    command: str = args.command
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _session.play,
        "solve": _solve,
        "count": _count,
        "selfplay": _selfplay,
        "replay": lambda args: _files.replay(args, print, input),
        "show": lambda args: _files.show(args, print),
        "render": lambda args: _files.render_svg(args, print),
        "convert": lambda args: _files.convert(args, print),
    }
    args.colour = wants_colour(sys.stdout)
    try:
        return handlers[command](args)
    except (TicTacToeError, ValueError) as error:
        print(f"tictactoe: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``tictactoe count | head``): stop quietly, as Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - left open until exit on purpose
        return 0


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if args.json else text)


def _solve(args: argparse.Namespace) -> int:
    if args.position:
        if args.size is not None or args.rows is not None or args.cols is not None:
            raise InvalidGame("--position gives the board; drop --size, --rows and --cols")
        game = Game.from_rows(args.position, k=args.k)
    else:
        game = _session.new_game(args)
    solution = solve(game)
    moves = " ".join(cell_label(cell, game) for cell in solution.best_moves) or "none"
    text = (
        f"{solution.to_move} to move: {solution.value} in {solution.plies} plies; "
        f"best moves: {moves} ({solution.nodes:,} nodes, {solution.seconds:.3f} s)"
    )
    _emit(args, solution.to_json(), text)
    return 0


def _count(args: argparse.Namespace) -> int:
    if args.unbounded:
        raise InvalidGame("the unbounded grid has no end to count")
    game = _session.new_game(args, args.player_count)
    live = sys.stderr.isatty()

    def progress(positions: int) -> None:
        if live:
            print(f"\r{positions:,} positions…", end="", file=sys.stderr, flush=True)

    assert game.rows is not None
    counts = count(game.rows, game.cols, game.k, players=args.player_count, progress=progress)
    if live:
        print("\r" + " " * 30 + "\r", end="", file=sys.stderr)
    wins = ", ".join(f"{mark} {n:,}" for mark, n in zip(counts.players, counts.wins, strict=True))
    text = (
        f"{_session.describe(game)}: {counts.games:,} games ({wins}, draws {counts.draws:,}); "
        f"{counts.positions:,} positions, {counts.terminal_positions:,} of them final"
    )
    data = counts.to_json()
    _emit(args, data, text)
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    kinds = _session.player_kinds(args)
    if "human" in kinds:
        raise InvalidGame("selfplay is for bots: choose random, perfect or heuristic")
    if args.games < 1:
        raise InvalidGame(f"--games={args.games} must be at least 1")
    template = _session.new_game(args, len(kinds))
    seed = args.seed
    players = [
        _session.bot(kind, template, None if seed is None else seed + number, args.budget)
        for number, kind in enumerate(kinds)
    ]
    wins = dict.fromkeys(template.players, 0)
    draws = 0
    live = sys.stderr.isatty()
    for played in range(1, args.games + 1):
        outcome = play_match(template.copy(), players)
        if outcome.winner is None:
            draws += 1
        else:
            wins[outcome.winner] += 1
        if live:
            done = played * 30 // args.games
            bar = "#" * done + "." * (30 - done)
            print(f"\r[{bar}] {played}/{args.games}", end="", file=sys.stderr, flush=True)
    if live:
        print(file=sys.stderr)
    data = {"games": args.games, "wins": {str(m): n for m, n in wins.items()}, "draws": draws}
    header = ["games"] + [f"{m} {p.name}" for m, p in zip(template.players, players, strict=True)]
    values = [args.games, *wins.values()]
    header.append("draws")
    values.append(draws)
    widths = [max(len(h), len(str(v))) for h, v in zip(header, values, strict=True)]
    text = "\n".join(
        "  ".join(str(cell).rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in (header, values)
    )
    _emit(args, data, text)
    return 0
