"""The command's file verbs: show, render, convert and replay, and the games others read.

Each takes a saved game (``.json``, ``.psq``, ``.sgf``) or a position, in the one-line
notation or as rows alone (``X.O/.X./..O``), as ``solve`` and ``play --load`` do; a game on a
board of more dimensions (JSON or the notation) as well. A file that cannot be read is a
failure (exit 1); a position typed on the command line that is no position is a usage error
(exit 2).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path

from tictactoe import notation, records, svg
from tictactoe.cli._board import check_agrees
from tictactoe.cli._options import UsageError, usage
from tictactoe.cli._terminal import board_text, safe
from tictactoe.errors import RecordError
from tictactoe.game import Game
from tictactoe.outcome import Status
from tictactoe.space import SpaceGame

__all__ = [
    "REPLAY_HELP",
    "check_not_input",
    "convert",
    "game_from",
    "is_same_file",
    "loaded",
    "render_svg",
    "replaces_another_file",
    "replay",
    "show",
]

REPLAY_HELP = "Enter or n: next move, b: back, a number: jump to that move, q: quit"
_MAX_ANSWER = 12
"""Replay answers longer than this are no command and no move number."""


AnyRecord = records.Record | records.SpaceRecord
"""What a saved game is read as: a plane's record, or one of more dimensions."""


def game_from(target: str, *, k: int | None = None) -> tuple[Game | SpaceGame, AnyRecord | None]:
    """The game a file or a position names, with its record when it came from a file.

    ``k`` is for what does not say it: PSQ and SGF files (default 5) and rows alone (default
    the whole line).

    Raises:
        RecordError: a file that cannot be read (a run-time failure).
        UsageError: text that is neither a file nor a position.
    """
    if Path(target).suffix.lower().lstrip(".") in records.FORMATS or os.path.lexists(target):
        record = records.load_any(target, k=k)
        return record.to_game(), record
    fields = target.split()
    with usage():
        if len(fields) == 1:
            return Game.from_rows(fields[0], k=k), None
        return notation.parse(target), None


def check_not_input(output: str, target: str) -> None:
    """Refuse to write over the file a command reads: the game would be lost.

    Raises:
        UsageError: ``output`` names the same file as ``target`` (also by another path).
    """
    if is_same_file(output, target):
        raise UsageError(f"{safe(output)} is the file being read: write to another file")


def is_same_file(first: str, second: str) -> bool:
    """Whether two names reach one existing file (a link, or another spelling, included)."""
    try:
        return os.path.samefile(first, second)
    except (OSError, ValueError):  # either is missing, or no name a file can have
        return False


def replaces_another_file(save: str, load: str | None) -> bool:
    """Whether saving to ``save`` would replace a file other than the game being resumed.

    A folder is left to the save's own checks, which refuse it as no file at all.
    """
    if not os.path.lexists(save) or os.path.isdir(save):
        return False
    return not (load and is_same_file(save, load))


def loaded(args: argparse.Namespace, target: str) -> tuple[Game | SpaceGame, AnyRecord | None]:
    """The game of ``target``, with the board options (``--k`` and others) checked against it.

    Raises:
        UsageError: an option contradicts the game, or ``target`` is no file and no position.
        RecordError: a file that cannot be read.
    """
    game, record = game_from(target, k=args.k)
    check_agrees(game, args, target)
    return game, record


def _result(game: Game | SpaceGame) -> str:
    if game.status is Status.WON:
        return f"{game.winner} won"
    if game.status is Status.DRAW:
        return "draw"
    return f"in progress, {game.turn} to move"


def show(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Print the board and the result (or JSON)."""
    game, record = loaded(args, args.target)
    if args.json:
        board: dict[str, object]
        if isinstance(game, SpaceGame):
            board = {"shape": list(game.shape)}
        else:
            board = {"rows": game.rows, "cols": game.cols}
        result = {
            "moves": len(game.moves),
            "status": game.status.value,
            "winner": None if game.winner is None else str(game.winner),
        }
        out(json.dumps(board | {"k": game.k} | result))
    else:
        out(board_text(game, colour=args.colour))
        if record is not None and record.names:
            out(f"players: {', '.join(safe(name) for name in record.names)}")
        out(f"{notation.format(game)}\n{len(game.moves)} moves: {_result(game)}")
    return 0


def render_svg(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Write the picture of a game or position to an SVG file.

    Raises:
        UsageError: an output whose name does not end in ``.svg`` (so never a saved game).
    """
    if Path(args.output).suffix.lower() != ".svg":
        raise UsageError(f"{safe(args.output)}: the picture's file name must end in .svg")
    game, _ = loaded(args, args.target)
    with usage():
        picture = svg.board(game, size=args.width)
    records.write_atomic(args.output, picture)
    out(f"wrote {safe(args.output)}")
    return 0


def convert(args: argparse.Namespace, out: Callable[[str], None]) -> int:
    """Read a record in one format and write it in the format the output's extension names."""
    try:
        records.format_of(args.output)
    except RecordError as error:
        raise UsageError(str(error)) from None
    check_not_input(args.output, args.input)
    record = records.load_any(args.input, k=args.k)
    check_agrees(record.to_game(), args, args.input)
    records.save(record, args.output)
    out(f"wrote {safe(args.output)} ({len(record.moves)} moves)")
    return 0


def replay(args: argparse.Namespace, out: Callable[[str], None], ask: Callable[[str], str]) -> int:
    """Step through a saved game: next, back, jump to a move, quit."""
    full, record = loaded(args, args.target)
    moves = [move.cell for move in full.moves]
    names = ", ".join(map(safe, record.names)) if record and record.names else "players unnamed"
    out(f"{len(moves)} moves ({names}). {REPLAY_HELP}")
    game = full.copy()
    position = 0
    while True:
        while len(game.moves) > position:
            game.undo()
        while len(game.moves) < position:
            game.move(*moves[len(game.moves)])
        out("\n" + board_text(game, colour=args.colour))
        out(f"move {position} of {len(moves)}: {_result(game)}")
        try:
            answer = ask("replay> ").strip().lower()
        except EOFError:
            return 0
        except UnicodeDecodeError:
            answer = "?"
        if answer in ("q", "quit"):
            return 0
        if answer in ("", "n", "next"):
            position = min(position + 1, len(moves))
        elif answer in ("b", "back"):
            position = max(position - 1, 0)
        elif (
            len(answer) <= _MAX_ANSWER
            and answer.isascii()
            and answer.isdigit()
            and int(answer) <= len(moves)
        ):
            position = int(answer)
        else:
            shown = answer if len(answer) <= _MAX_ANSWER else answer[:_MAX_ANSWER] + "…"
            out(f"{shown!r}: {REPLAY_HELP} (0 to {len(moves)})")
