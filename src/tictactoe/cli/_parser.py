"""The command line's grammar: every subcommand, its options and its help."""

from __future__ import annotations

import argparse
from typing import NoReturn

from tictactoe import specs
from tictactoe.cli import _serve
from tictactoe.cli._files import REPLAY_HELP
from tictactoe.cli._options import (
    UsageError,
    add_board_options,
    add_bot_options,
    add_player_options,
    positive_int,
    seconds,
)
from tictactoe.solver import MAX_EMPTY

__all__ = ["COMMANDS", "SOLVE_SECONDS", "build"]

COMMANDS = (
    "play",
    "solve",
    "count",
    "selfplay",
    "match",
    "replay",
    "show",
    "render",
    "convert",
    "brain",
    "serve",
)
SOLVE_SECONDS = 120.0
"""How long ``solve`` searches before it gives up, unless --time says otherwise."""
_TARGET = "a saved game (.json, .psq, .sgf) or a position like 'X.O/.X./..O'"
_K_FILES = "k for PSQ and SGF files, which do not store it (default 5); must agree with others"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are a UsageError: one line on stderr, exit 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


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
    add_board_options(parser)
    if json:
        parser.add_argument("--json", action="store_true", help="print JSON")
    return parser


def build(version: str) -> argparse.ArgumentParser:
    """The parser of the ``tictactoe`` command."""
    parser = _Parser(
        prog="tictactoe",
        description=(
            "Tic-tac-toe and the m,n,k-games: any board, k in a row, two or more players. "
            "With no command, plays 3×3 against a perfect bot."
        ),
        epilog="Exit status: 0 done, 1 failed (a bad file, out of reach), 2 wrong command "
        "line, 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"tictactoe {version}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = _command(
        commands,
        "play",
        "play a game in the terminal",
        "Play in the terminal. Type cells like b2 (column letter, row number) or 2 2; "
        "also undo, hint, help and quit. The default opponent is perfect on boards of "
        f"up to {specs.BEST_PERFECT_CELLS} cells, the threat-search bot beyond (heuristic for 3 "
        "or more players, or k outside 4 to 7).",
        json=False,
    )
    add_player_options(play, x="human", o=specs.BEST)
    play.add_argument(
        "--save", metavar="FILE", help="save the game after every move (.json, .psq or .sgf)"
    )
    play.add_argument("--load", metavar="FILE", help="resume the game saved in FILE")
    play.add_argument(
        "--force",
        action="store_true",
        help="let --save replace an existing file (the --load file needs no --force)",
    )

    solve = _command(
        commands,
        "solve",
        "the value and best moves of a position",
        "Solve a position with perfect play (two players, small bounded boards).",
    )
    solve.add_argument(
        "--time",
        type=seconds,
        default=SOLVE_SECONDS,
        metavar="SECONDS",
        help=f"give up after this long (default {SOLVE_SECONDS:g}); positions with more than "
        f"{MAX_EMPTY} empty cells are refused at once",
    )
    solve.add_argument(
        "--position",
        metavar="POSITION",
        help="the position: rows like X.O/.X./..O ('.' empty), or the one-line notation",
    )

    count = _command(
        commands,
        "count",
        "count every game and reachable position",
        "Count every possible game by result and every reachable position.",
    )
    count.add_argument(
        "--player-count", type=int, default=2, metavar="N", help="players (default 2)"
    )

    selfplay = _command(
        commands,
        "selfplay",
        "bots against each other over many games",
        "Play bots against each other and tally the results.",
    )
    add_player_options(selfplay, x="heuristic", o="random")
    selfplay.add_argument(
        "--games", type=positive_int, default=100, metavar="N", help="games to play"
    )
    selfplay.add_argument(
        "--verbose",
        action="store_true",
        help="print every move, with what the threat bot thought of it",
    )

    match = _command(
        commands,
        "match",
        "a match between bots and Gomocup engines, with a table and Elo",
        "Play every pair of players --games games (colours alternating; with --openings each "
        "opening twice, colours swapped). A player that crashes, overruns its time or plays "
        "an illegal move loses by forfeit; an engine that crashed or overran starts afresh "
        "for its next game. Ctrl-C stops after the game in progress, which counts; a second "
        "Ctrl-C stops at once.",
    )
    match.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help="a player: random, perfect, heuristic, threat or engine:COMMAND; give two or more",
    )
    match.add_argument(
        "--games", type=positive_int, default=2, metavar="N", help="games per pair (default 2)"
    )
    match.add_argument(
        "--openings", metavar="FILE", help="openings, one a line as x,y pairs (0-based)"
    )
    match.add_argument(
        "--save",
        metavar="FILE",
        help="save every game, numbered: games.sgf becomes games-0001.sgf, games-0002.sgf...",
    )
    add_bot_options(match)
    match.add_argument(
        "--game-time",
        type=seconds,
        metavar="SECONDS",
        help="an engine's time for a whole game (INFO timeout_match and time_left); "
        "running out loses by forfeit",
    )

    replay = commands.add_parser(
        "replay", help="step through a saved game", description=REPLAY_HELP
    )
    replay.add_argument("target", metavar="FILE", help="a saved game")
    show = commands.add_parser("show", help="the board and result of a game or position")
    show.add_argument("target", metavar="FILE_OR_POSITION", help=_TARGET)
    show.add_argument("--json", action="store_true", help="print JSON")
    render = commands.add_parser("render", help="draw a game or position as SVG")
    render.add_argument("target", metavar="FILE_OR_POSITION", help=_TARGET)
    render.add_argument(
        "-o", "--output", required=True, metavar="OUT.svg", help="the SVG file to write"
    )
    render.add_argument(
        "--size",
        dest="width",
        type=positive_int,
        default=480,
        metavar="PX",
        help="width in pixels (default 480)",
    )
    convert = commands.add_parser(
        "convert", help="convert a saved game between .json, .psq and .sgf"
    )
    convert.add_argument("input", metavar="IN", help="the saved game to read")
    convert.add_argument("output", metavar="OUT", help="the file to write")
    for command in (replay, show, render, convert):
        command.add_argument("--k", type=int, metavar="K", help=_K_FILES)
    commands.add_parser(
        "brain",
        help="a Gomocup brain on stdin and stdout (pbrain-tictactoe; brain --help for more)",
        add_help=False,
    )
    _serve.add_command(commands)
    return parser
