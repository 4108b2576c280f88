"""The command line's grammar: every subcommand, its options and its help.

The same option means the same thing wherever it appears; a position or a saved game that a
command is about is its first argument (``show X.O/.X./..O``, ``solve X.O/.X./..O``).
"""

from __future__ import annotations

import argparse
from typing import NoReturn

from tictactoe import specs
from tictactoe.cli import _serve
from tictactoe.cli._board import add_board_options
from tictactoe.cli._files import REPLAY_HELP
from tictactoe.cli._opening import add_opening_option
from tictactoe.cli._options import (
    UsageError,
    add_bot_options,
    add_player_options,
    add_renamed,
    positive_int,
    seconds,
    spec_help,
)
from tictactoe.counting import MAX_POSITIONS, amount
from tictactoe.solver import MAX_CELLS

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
SOLVE_SECONDS = 300.0
"""How long ``solve`` searches before it gives up, unless --time says otherwise: the hardest
search measured from 25 empty cells (5×5, 5 in a row) took two minutes on a busy 2-core
machine, so every board of up to 25 cells is solved within it."""
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
        "or more players, or k outside 4 to 7). On a board of three or more dimensions "
        "(--shape 4x4x4, --preset qubic or cube), type a cell's coordinates counted from 1, "
        "layer first (2 1 3); its opponents are random, heuristic and perfect (up to 3×3×3), "
        "and it saves as JSON.",
        json=False,
    )
    add_player_options(play, x="human", o=specs.BEST)
    add_opening_option(play, seats="--x names the player who opens, --o the other.")
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
        "Solve a position with perfect play: two players on a bounded board of up to "
        f"{MAX_CELLS:,} cells, of two dimensions or more (--shape 3x3x3: its best moves are "
        "counted from 1, layer first). How long that takes depends on more than the size "
        "(7×7 with 3 in a row takes seconds, 5×6 with 4 in a row is not solved in four "
        "minutes), so the search runs until --time is up, shows its progress on a terminal, "
        "and says how far it got if it stops.",
    )
    solve.add_argument("target", nargs="?", metavar="FILE_OR_POSITION", help=_TARGET)
    add_renamed(solve, "--position", "old_position", new="the position argument")
    solve.add_argument(
        "--time",
        type=seconds,
        default=SOLVE_SECONDS,
        metavar="SECONDS",
        help=f"the most time to search (default {SOLVE_SECONDS:g}); it then stops, saying "
        "how far it got",
    )

    count = _command(
        commands,
        "count",
        "count every game and reachable position",
        "Count every possible game by result and every reachable position, with a progress "
        "bar and the time left on a terminal. Every position is kept in memory: a board "
        "estimated beyond --max-positions is refused at once with what it would cost.",
    )
    count.add_argument(
        "--players",
        type=int,
        default=2,
        metavar="N",
        help="how many players take turns (default 2; where they play, --players lists them)",
    )
    add_renamed(count, "--player-count", "players", type=int)
    count.add_argument(
        "--max-positions",
        type=positive_int,
        default=MAX_POSITIONS,
        metavar="N",
        help=f"refuse boards estimated to hold more positions (default {MAX_POSITIONS:,}, "
        f"about {amount(MAX_POSITIONS)}: what 16 GiB holds), and stop past them",
    )
    count.add_argument(
        "--time",
        type=seconds,
        metavar="SECONDS",
        help="the most time to count (default: no limit); it then stops, saying how far it got",
    )
    count.add_argument(
        "--plies",
        type=positive_int,
        metavar="N",
        help="count instead the distinct positions after each move (ply) from the empty board "
        "up to N, breadth first: a whole count is out of reach on boards such as Connect "
        "Four's (--preset connect-four), its first plies are not (the exact rule counts too)",
    )

    selfplay = _command(
        commands,
        "selfplay",
        "bots in fixed seats over many games, tallied by mark",
        "Play bots against each other in fixed seats (--x and --o, or --players for 3 or "
        "more at one board) and tally the results by mark; --verbose tells every move. "
        "Use it to see how a seat fares: the first player's edge, a bot as X. To rank "
        "players, with colours alternating, Elo and forfeits, use match.",
    )
    add_player_options(selfplay, x="heuristic", o="random", human=False)
    add_opening_option(
        selfplay,
        seats="--x names the bot that opens, --o the other; the wins by mark then say how even "
        "the bots' openings leave the game.",
    )
    selfplay.add_argument(
        "--games", type=positive_int, default=100, metavar="N", help="games to play (default 100)"
    )
    selfplay.add_argument(
        "--verbose",
        action="store_true",
        help="print every move, with what the threat bot thought of it",
    )

    match = _command(
        commands,
        "match",
        "named players in turn with either colour: a table with Elo",
        "Play every pair of players --games games (colours alternating; with --openings each "
        "opening twice, colours swapped). A player that crashes, overruns its time or plays "
        "an illegal move loses by forfeit (forbidden: a move --rule renju forbids, which the "
        "match judges itself); an engine that crashed or overran starts afresh "
        "for its next game. Ctrl-C stops after the game in progress, which counts; a second "
        "Ctrl-C stops at once. Use it to rank players, Gomocup engines among them; for "
        "fixed seats, 3 or more players at one board, or every move told, use selfplay.",
    )
    match.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="NAME=SPEC",
        help=f"a player named NAME: {spec_help(human=False)}; give two or more",
    )
    match.add_argument(
        "--games", type=positive_int, default=2, metavar="N", help="games per pair (default 2)"
    )
    match.add_argument(
        "--openings", metavar="FILE", help="openings, one a line as x,y pairs (0-based)"
    )
    add_opening_option(
        match,
        seats="Each pair's games alternate who opens. Instead of --openings.",
    )
    match.add_argument(
        "--save",
        metavar="FILE",
        help="save every game, numbered: games.sgf becomes games-0001.sgf, games-0002.sgf...",
    )
    add_bot_options(match)

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
        "--width",
        type=positive_int,
        default=480,
        metavar="PX",
        help="the picture's width in pixels (default 480)",
    )
    add_renamed(render, "--size", "width", type=positive_int)
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
