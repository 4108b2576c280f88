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

from tictactoe.counting import count
from tictactoe.errors import InvalidGame, TicTacToeError
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.human import HumanPlayer, QuitRequested, UndoRequested
from tictactoe.outcome import Move
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player, RandomBot, play_match
from tictactoe.solver import solve
from tictactoe.terminal import cell_label, render, wants_colour

__all__ = ["main"]

KINDS = ("human", "random", "perfect", "heuristic")
_COMMANDS = ("play", "solve", "count", "selfplay")
PERFECT_MAX_CELLS = 20
"""The biggest board on which the command offers perfect play (the solver's reach)."""
AUTO_PERFECT_CELLS = 16
"""Up to this many cells the default opponent is perfect; beyond, heuristic."""


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
    kinds = ", ".join(KINDS)
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
        f"up to {AUTO_PERFECT_CELLS} cells, heuristic beyond.",
        json=False,
    )
    _player_options(play, x="human", o="auto")

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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    if not words or (words[0] not in _COMMANDS and words[0] not in ("-h", "--help")):
        words.insert(0, "play")
    args = _parser().parse_args(words)
    command: str = args.command
    handlers: dict[str, Callable[[argparse.Namespace], int]] = {
        "play": _play,
        "solve": _solve,
        "count": _count,
        "selfplay": _selfplay,
    }
    try:
        return handlers[command](args)
    except (TicTacToeError, ValueError) as error:
        print(f"tictactoe: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``tictactoe count | head``): stop quietly, as Unix tools do.
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - left open until exit on purpose
        return 0


def _new_game(args: argparse.Namespace, players: int = 2) -> Game:
    """The game the board options describe."""
    if args.size is not None and (args.rows is not None or args.cols is not None):
        raise InvalidGame("give either --size or --rows and --cols, not both")
    if args.unbounded:
        if args.size is not None or args.rows is not None or args.cols is not None:
            raise InvalidGame("an unbounded grid has no size; drop --size, --rows and --cols")
        return Game.unbounded(5 if args.k is None else args.k, players=players)
    rows = args.rows if args.rows is not None else args.size if args.size is not None else 3
    cols = args.cols if args.cols is not None else rows
    return Game(rows, cols, args.k, players=players)


def _kinds(args: argparse.Namespace) -> list[str]:
    kinds = args.players.split(",") if args.players else [args.x, args.o]
    kinds = [kind.strip().lower() for kind in kinds]
    for kind in kinds:
        if kind not in (*KINDS, "auto"):
            raise InvalidGame(f"unknown player {kind!r}: choose from {', '.join(KINDS)}")
    return kinds


def _solvable(game: Game, cells: int) -> bool:
    return (
        len(game.players) == 2
        and game.rows is not None
        and game.cols is not None
        and game.rows * game.cols <= cells
    )


def _bot(kind: str, game: Game, seed: int | None, budget: int) -> Player:
    if kind == "auto":
        kind = "perfect" if _solvable(game, AUTO_PERFECT_CELLS) else "heuristic"
    if kind == "random":
        return RandomBot(seed)
    if kind == "perfect":
        if not _solvable(game, PERFECT_MAX_CELLS):
            raise InvalidGame(
                f"perfect play needs two players on a board of at most {PERFECT_MAX_CELLS} "
                "cells; try heuristic"
            )
        return PerfectBot(seed)
    return HeuristicBot(seed, nodes=budget)


def _hint(game: Game) -> tuple[int, int]:
    if _solvable(game, PERFECT_MAX_CELLS):
        return solve(game).best_moves[0]
    return HeuristicBot(0).choose_move(game)


class _Thinking:
    """Wraps a bot so that a person sees it is thinking (on a terminal) and what it played."""

    def __init__(self, bot: Player, *, live: bool) -> None:
        self.bot = bot
        self.name = bot.name
        self.live = live

    def choose_move(self, game: Game) -> tuple[int, int]:
        if self.live:
            print(f"{game.turn} ({self.name}) is thinking…", end="\r", flush=True)
        cell = self.bot.choose_move(game)
        print(f"{game.turn} ({self.name}) plays {cell_label(cell, game)}" + " " * 8)
        return cell


def _play(args: argparse.Namespace) -> int:
    kinds = _kinds(args)
    game = _new_game(args, len(kinds))
    colour = wants_colour(sys.stdout)
    players: list[Player] = []
    for number, kind in enumerate(kinds):
        if kind == "human":
            players.append(HumanPlayer(hint=_hint, name="you"))
        else:
            seed = None if args.seed is None else args.seed + number
            players.append(_Thinking(_bot(kind, game, seed, args.budget), live=colour))
    names = ", ".join(
        f"{mark} {player.name}" for mark, player in zip(game.players, players, strict=True)
    )
    print(f"{_describe(game)}: {names}. Type help for commands.\n")
    print(render(game, colour=colour))

    def show(game: Game, move: Move, player: Player) -> None:
        print("\n" + render(game, colour=colour))

    while True:
        try:
            play_match(game, players, on_move=show)
            break
        except UndoRequested:
            if not _undo_turn(game, players):
                print("nothing to undo")
            else:
                print("\n" + render(game, colour=colour))
        except (QuitRequested, EOFError):
            print("\nbye")
            return 0
        except KeyboardInterrupt:
            print("\nbye")
            return 130
    print(_result(game, players))
    return 0


def _undo_turn(game: Game, players: Sequence[Player]) -> bool:
    """Take back moves until it is a person's turn again, at least one move; False if none."""
    if not game.moves:
        return False
    while game.moves:
        game.undo()
        if isinstance(players[game.players.index(game.turn)], HumanPlayer):
            return True
    return True


def _describe(game: Game) -> str:
    board = "unbounded grid" if game.is_unbounded else f"{game.rows}×{game.cols}"
    return f"{board}, {game.k} in a row"


def _result(game: Game, players: Sequence[Player]) -> str:
    if game.winner is None:
        return "draw"
    player = players[game.players.index(game.winner)]
    return f"{game.winner} ({player.name}) wins"


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if args.json else text)


def _solve(args: argparse.Namespace) -> int:
    if args.position:
        if args.size is not None or args.rows is not None or args.cols is not None:
            raise InvalidGame("--position gives the board; drop --size, --rows and --cols")
        game = Game.from_rows(args.position, k=args.k)
    else:
        game = _new_game(args)
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
    game = _new_game(args, args.player_count)
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
        f"{_describe(game)}: {counts.games:,} games ({wins}, draws {counts.draws:,}); "
        f"{counts.positions:,} positions, {counts.terminal_positions:,} of them final"
    )
    data = counts.to_json()
    _emit(args, data, text)
    return 0


def _selfplay(args: argparse.Namespace) -> int:
    kinds = _kinds(args)
    if "human" in kinds:
        raise InvalidGame("selfplay is for bots: choose random, perfect or heuristic")
    if args.games < 1:
        raise InvalidGame(f"--games={args.games} must be at least 1")
    template = _new_game(args, len(kinds))
    seed = args.seed
    players = [
        _bot(kind, template, None if seed is None else seed + number, args.budget)
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
