"""The command's file verbs: show, render, convert and replay, and games read for play.

Each takes a saved game (``.json``, ``.psq``, ``.sgf``) or a position in the one-line
notation; the ``cli`` module parses the arguments and reports errors.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path

from tictactoe import notation, records, svg
from tictactoe.cli._terminal import render
from tictactoe.game import Game
from tictactoe.outcome import Status

__all__ = ["convert", "game_from", "render_svg", "replay", "show"]


def game_from(target: str, *, k: int | None = None) -> tuple[Game, records.Record | None]:
    """The game a file or a position names, with its record when it came from a file."""
    if Path(target).suffix.lower().lstrip(".") in records.FORMATS or os.path.exists(target):
        record = records.load(target, k=k)
        return record.to_game(), record
    return notation.parse(target), None


def _result(game: Game) -> str:
    if game.status is Status.WON:
        return f"{game.winner} won"
    if game.status is Status.DRAW:
        return "draw"
    return f"in progress, {game.turn} to move"


def show(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Print the board and the result (or JSON)."""
    game, _ = game_from(args.target, k=args.k)
    if args.json:
        out(
            json.dumps(
                {
                    "rows": game.rows,
                    "cols": game.cols,
                    "k": game.k,
                    "moves": len(game.moves),
                    "status": game.status.value,
                    "winner": None if game.winner is None else str(game.winner),
                }
            )
        )
    else:
        out(render(game, colour=args.colour))
        out(f"{notation.format(game)}\n{len(game.moves)} moves: {_result(game)}")
    return 0


def render_svg(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Write the picture of a game or position to an SVG file."""
    game, _ = game_from(args.target, k=args.k)
    records.write_atomic(args.output, svg.board(game, size=args.size))
    out(f"wrote {args.output}")
    return 0


def convert(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Read a record in one format and write it in the format the output's extension names."""
    record = records.load(args.input, k=args.k)
    records.save(record, args.output)
    out(f"wrote {args.output} ({len(record.moves)} moves)")
    return 0


REPLAY_HELP = "Enter or n: next move, b: back, a number: jump to that move, q: quit"


def replay(args: argparse.Namespace, out: Callable[[str], None], ask: Callable[[str], str]) -> int:
    """Step through a saved game: next, back, jump to a move, quit."""
    full, record = game_from(args.target, k=args.k)
    moves = [move.cell for move in full.moves]
    names = ", ".join(record.names) if record and record.names else "players unnamed"
    out(f"{len(moves)} moves ({names}). {REPLAY_HELP}")
    game = full.copy()
    position = 0
    while True:
        while len(game.moves) > position:
            game.undo()
        while len(game.moves) < position:
            game.move(*moves[len(game.moves)])
        out("\n" + render(game, colour=args.colour))
        out(f"move {position} of {len(moves)}: {_result(game)}")
        try:
            answer = ask("replay> ").strip().lower()
        except EOFError:
            return 0
        if answer in ("q", "quit"):
            return 0
        if answer in ("", "n", "next"):
            position = min(position + 1, len(moves))
        elif answer in ("b", "back"):
            position = max(position - 1, 0)
        elif answer.isdigit() and int(answer) <= len(moves):
            position = int(answer)
        else:
            out(f"{answer!r}: {REPLAY_HELP} (0 to {len(moves)})")
