"""The ``tictactoe`` command: a thin face over the public API."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from tictactoe.errors import TicTacToeError
from tictactoe.game import Game

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tictactoe",
        description="Tic-tac-toe and the m,n,k-games. With no command, plays a short demo game.",
    )
    parser.add_argument("--size", type=int, default=3, help="rows and columns (default 3)")
    parser.add_argument("--k", type=int, default=None, help="marks in a row that win")
    parser.add_argument("--seed", type=int, default=None, help="seed for the random moves")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process's arguments); return the exit code."""
    args = _parser().parse_args(argv)
    try:
        game = Game(args.size, k=args.k)
    except TicTacToeError as error:
        print(f"tictactoe: error: {error}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    while not game.is_over:
        row, col = rng.choice(game.legal_moves)
        game.move(row, col)
        print(f"{game.last_move}\n{game}\n")
    print(f"result: {game.status}" + (f", {game.winner} wins" if game.winner else ""))
    return 0
