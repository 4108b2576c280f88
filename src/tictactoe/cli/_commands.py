"""The command's computing verbs: solve, count and selfplay."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from tictactoe.cli._options import (
    UsageError,
    describe,
    max_moves,
    new_game,
    player_kinds,
    position_game,
)
from tictactoe.cli._session import describe_thought, make_player
from tictactoe.cli._terminal import safe, status
from tictactoe.coordinates import cell_label
from tictactoe.counting import count
from tictactoe.errors import OutOfTime
from tictactoe.game import Game
from tictactoe.outcome import Move
from tictactoe.players import Player, play_match
from tictactoe.solver import solve
from tictactoe.threat import ThreatBot

__all__ = ["count_command", "selfplay_command", "solve_command"]


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    print(json.dumps(data) if args.json else text)


def solve_command(args: argparse.Namespace) -> int:
    """The value and best moves of a position (or the empty board of the options)."""
    game = position_game(args.position, args) if args.position else new_game(args)
    status("solving…")
    try:
        solution = solve(game, seconds=args.time)
    except OutOfTime:
        raise OutOfTime(
            f"not solved within {args.time:g} s; give it longer with --time SECONDS"
        ) from None
    finally:
        status()
    moves = " ".join(cell_label(cell, game) for cell in solution.best_moves) or "none"
    text = (
        f"{solution.to_move} to move: {solution.value} in {solution.plies} plies; "
        f"best moves: {moves} ({solution.nodes:,} nodes, {solution.seconds:.3f} s)"
    )
    _emit(args, solution.to_json(), text)
    return 0


def count_command(args: argparse.Namespace) -> int:
    """Every game by result and every reachable position, with progress on a terminal."""
    if args.unbounded:
        raise UsageError("the unbounded grid has no end to count")
    game = new_game(args, args.player_count)

    def progress(positions: int) -> None:
        status(f"{positions:,} positions…")

    assert game.rows is not None
    try:
        counts = count(game.rows, game.cols, game.k, players=args.player_count, progress=progress)
    finally:
        status()
    wins = ", ".join(f"{mark} {n:,}" for mark, n in zip(counts.players, counts.wins, strict=True))
    text = (
        f"{describe(game)}: {counts.games:,} games ({wins}, draws {counts.draws:,}); "
        f"{counts.positions:,} positions, {counts.terminal_positions:,} of them final"
    )
    _emit(args, counts.to_json(), text)
    return 0


def _narrator(number: int) -> Callable[[Game, Move, Player], None]:
    """Prints each move of game ``number``, with the threat bot's thought when it moved."""

    def narrate(game: Game, move: Move, player: Player) -> None:
        text = f"game {number} move {len(game.moves)}: {move.mark} ({safe(player.name)}) "
        text += cell_label(move.cell, game)
        if isinstance(player, ThreatBot) and player.last is not None:
            text += " - " + describe_thought(player.last, game)
        print(text)

    return narrate


def selfplay_command(args: argparse.Namespace) -> int:
    """Bots against each other over many games, with progress on a terminal."""
    kinds = player_kinds(args)
    if "human" in kinds:
        raise UsageError("selfplay is for bots: choose random, perfect or heuristic")
    template = new_game(args, len(kinds))
    seed = args.seed
    wins = dict.fromkeys(template.players, 0)
    draws = unfinished = 0
    limit = max_moves(args, template)
    with ExitStack() as stack:
        players = [
            make_player(kind, template, None if seed is None else seed + number, args, stack)
            for number, kind in enumerate(kinds)
        ]
        for played in range(1, args.games + 1):
            on_move = _narrator(played) if args.verbose else None
            outcome = play_match(template.copy(), players, max_moves=limit, on_move=on_move)
            if outcome.winner is not None:
                wins[outcome.winner] += 1
            elif outcome.is_over:
                draws += 1
            else:
                unfinished += 1
            done = played * 30 // args.games
            status(f"[{'#' * done}{'.' * (30 - done)}] {played}/{args.games}")
    status()
    data = {
        "games": args.games,
        "wins": {str(m): n for m, n in wins.items()},
        "draws": draws,
        "unfinished": unfinished,
    }
    header = ["games"]
    header += [f"{m} {safe(p.name)}" for m, p in zip(template.players, players, strict=True)]
    values = [args.games, *wins.values()]
    header.append("draws")
    values.append(draws)
    if unfinished:
        header.append(f"unfinished after {limit} moves")
        values.append(unfinished)
    widths = [max(len(h), len(str(v))) for h, v in zip(header, values, strict=True)]
    text = "\n".join(
        "  ".join(str(cell).rjust(width) for cell, width in zip(row, widths, strict=True))
        for row in (header, values)
    )
    _emit(args, data, text)
    return 0
