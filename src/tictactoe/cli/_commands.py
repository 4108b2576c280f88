"""The command's computing verbs: solve, count and selfplay."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from tictactoe.cli._board import (
    check_freestyle,
    describe,
    new_game,
    new_space_game,
    wants_space,
)
from tictactoe.cli._files import loaded
from tictactoe.cli._opening import BotSide, check_opening, play_opening, seated
from tictactoe.cli._options import (
    UsageError,
    limit_of,
    max_moves,
    player_kinds,
    spec_help,
)
from tictactoe.cli._session import describe_thought, make_player
from tictactoe.cli._terminal import bar, clock, safe, shows_progress, space_label, status
from tictactoe.coordinates import cell_label
from tictactoe.counting import MAX_BOUND_CELLS, amount, count, count_plies, estimate
from tictactoe.errors import OutOfTime, Unsolvable
from tictactoe.game import Game
from tictactoe.outcome import Move
from tictactoe.players import Player, play_match
from tictactoe.solver import empty_cells, hard_cost, solve
from tictactoe.space import SpaceGame
from tictactoe.swap import Opening
from tictactoe.threat import ThreatBot

__all__ = ["count_command", "selfplay_command", "solve_command"]


def _emit(args: argparse.Namespace, data: object, text: str) -> None:
    print(json.dumps(data) if args.json else text)


def _position(args: argparse.Namespace) -> Game | SpaceGame:
    """The game ``solve`` is about: its argument (or the old --position), else the board's."""
    target = args.target
    if args.old_position is not None:
        if target is not None:
            raise UsageError("give the position once, as the argument")
        target = args.old_position
    if target is not None:
        return loaded(args, target)[0]
    return new_space_game(args) if wants_space(args) else new_game(args)


def solve_command(args: argparse.Namespace) -> int:
    """The value and best moves of a position (or the empty board of the options).

    The search runs within --time, whatever the size; on a terminal it shows the nodes
    searched and the time it has had.
    """
    game = _position(args)
    if isinstance(game, Game) and not game.is_unbounded:
        check_freestyle(game, "solve", exact=True)
    started = time.monotonic()

    def progress(nodes: int) -> None:
        spent = time.monotonic() - started
        status(f"solving: {amount(nodes)} nodes searched, {clock(spent)} of {clock(args.time)}")

    status("solving…")
    try:
        solution = solve(game, max_empty=None, seconds=args.time, progress=progress)
    except OutOfTime as stopped:
        empties = len(game.legal_moves) if isinstance(game, SpaceGame) else empty_cells(game)
        raise OutOfTime(
            f"{stopped}; a hard search of {empties} empty cells may take {hard_cost(empties)} "
            "here: give it longer with --time SECONDS"
        ) from None
    finally:
        status()
    moves = " ".join(_label(cell, game) for cell in solution.best_moves) or "none"
    text = (
        f"{solution.to_move} to move: {solution.value} in {solution.plies} plies; "
        f"best moves: {moves} ({solution.nodes:,} nodes, {solution.seconds:.3f} s)"
    )
    _emit(args, solution.to_json(), text)
    return 0


def _label(cell: tuple[int, ...], game: Game | SpaceGame) -> str:
    """A cell as a person types it: ``b2`` on a plane, ``2,1,3`` on more dimensions."""
    if isinstance(game, SpaceGame):
        return space_label(cell)
    row, col = cell
    return cell_label((row, col), game)


def count_command(args: argparse.Namespace) -> int:
    """Every game by result and every reachable position; a progress bar on a terminal.

    With --plies, the positions after each ply instead (which the exact rule may have too).
    """
    if args.unbounded:
        raise UsageError("the unbounded grid has no end to count")
    game = new_game(args, args.players)
    check_freestyle(game, "count", exact=args.plies is not None)
    if args.plies is not None:
        return _count_plies(args, game)
    assert game.rows is not None
    assert game.cols is not None
    progress = None
    # the estimate knows the plain board only: a variant's count goes without a bar
    plain = not (game.gravity or game.torus)
    with _counting():
        if shows_progress() and plain and game.rows * game.cols <= MAX_BOUND_CELLS:
            expected = estimate(
                game.rows, game.cols, game.k, players=args.players, limit=args.max_positions
            )
            if expected.positions <= args.max_positions:  # else the count refuses it
                status(f"counting {expected}…")
                progress = _count_progress(expected.positions)
        counts = count(
            game.rows,
            game.cols,
            game.k,
            players=args.players,
            misere=game.misere,
            gravity=game.gravity,
            torus=game.torus,
            progress=progress,
            max_positions=args.max_positions,
            seconds=args.time,
        )
    wins = ", ".join(f"{mark} {n:,}" for mark, n in zip(counts.players, counts.wins, strict=True))
    text = (
        f"{describe(game)}: {counts.games:,} games ({wins}, draws {counts.draws:,}); "
        f"{counts.positions:,} positions, {counts.terminal_positions:,} of them final"
    )
    _emit(args, counts.to_json(), text)
    return 0


def _count_plies(args: argparse.Namespace, game: Game) -> int:
    """The positions after each ply up to --plies: a table, or with --json a list."""
    assert game.rows is not None
    status(f"counting the positions of {args.plies} plies…")
    with _counting():
        found = count_plies(
            game.rows,
            game.cols,
            game.k,
            plies=args.plies,
            players=args.players,
            exact=game.exact,
            misere=game.misere,
            gravity=game.gravity,
            torus=game.torus,
            max_positions=args.max_positions,
            seconds=args.time,
        )
    width = max(len("positions"), *(len(f"{n:,}") for n in found))
    step = max(len("ply"), len(str(args.plies)))
    lines = [f"{describe(game)}: the positions after each ply"]
    lines.append(f"{'ply':>{step}}  {'positions':>{width}}")
    lines += [f"{ply:>{step}}  {n:>{width},}" for ply, n in enumerate(found)]
    _emit(args, list(found), "\n".join(lines))
    return 0


@contextmanager
def _counting() -> Iterator[None]:
    """A count's refusals with the option that takes them on; the status line cleared after."""
    try:
        yield
    except Unsolvable as refused:
        raise Unsolvable(f"{refused}; --max-positions N takes it on") from None
    except OutOfTime as stopped:
        raise OutOfTime(f"{stopped}; give it longer with --time SECONDS") from None
    finally:
        status()


def _count_progress(
    expected: int, now: Callable[[], float] = time.monotonic
) -> Callable[[int], None]:
    """A progress bar for a count of about ``expected`` positions, with the time left.

    The positions come at a steady rate, so the time left is the time so far scaled by what
    is left to find.
    """
    started = now()

    def progress(positions: int) -> None:
        done = min(positions / expected, 1.0)
        spent = now() - started
        left = f"{clock(spent * (1 - done) / done)} left" if done < 1 else "nearly done"
        status(f"{bar(done)} {done:.0%} of about {amount(expected)} positions, {left}")

    return progress


def _narrator(number: int) -> Callable[[Game, Move, Player], None]:
    """Prints each move of game ``number``, with the threat bot's thought when it moved."""

    def narrate(game: Game, move: Move, player: Player) -> None:
        text = f"game {number} move {len(game.moves)}: {move.mark} ({safe(player.name)}) "
        text += cell_label(move.cell, game)
        if isinstance(player, ThreatBot) and player.last is not None:
            text += " - " + describe_thought(player.last, game)
        print(text)

    return narrate


def _opening_narrator(number: int, *, verbose: bool) -> Callable[[str], None]:
    """Prints each step of game ``number``'s opening, with --verbose; else nothing."""

    def narrate(line: str) -> None:
        if verbose:
            print(f"game {number} {line}")

    return narrate


def selfplay_command(args: argparse.Namespace) -> int:
    """Bots against each other over many games, with progress on a terminal."""
    kinds = player_kinds(args)
    if "human" in kinds:
        raise UsageError(f"selfplay is for bots: choose {spec_help(human=False)}")
    protocol = check_opening(args, len(kinds))
    template = new_game(args, len(kinds))
    seed = args.seed
    wins = dict.fromkeys(template.players, 0)
    draws = unfinished = opener_first = 0
    limit = max_moves(args, template)
    with ExitStack() as stack:
        players = [
            make_player(kind, template, None if seed is None else seed + number, args, stack)
            for number, kind in enumerate(kinds)
        ]
        sides = [
            BotSide(player.name, None if seed is None else seed + number, limit_of(args))
            for number, player in enumerate(players)
        ]
        for played in range(1, args.games + 1):
            on_move = _narrator(played) if args.verbose else None
            game, seated_players = template.copy(), players
            if protocol is not None:
                opening = Opening(protocol, game)
                play_opening(opening, sides, _opening_narrator(played, verbose=args.verbose))
                order = seated(opening, (0, 1))
                seated_players = [players[seat] for seat in order]
                opener_first += order[0] == 0
            outcome = play_match(game, seated_players, max_moves=limit, on_move=on_move)
            if outcome.winner is not None:
                wins[outcome.winner] += 1
            elif outcome.is_over:
                draws += 1
            else:
                unfinished += 1
            status(f"{bar(played / args.games)} {played}/{args.games}")
    status()
    data: dict[str, Any] = {
        "games": args.games,
        "wins": {str(m): n for m, n in wins.items()},
        "draws": draws,
        "unfinished": unfinished,
    }
    header = ["games"]
    if protocol is None:
        header += [f"{m} {safe(p.name)}" for m, p in zip(template.players, players, strict=True)]
    else:  # the opening seats the bots: the wins by mark say how even it left the games
        header += [str(mark) for mark in template.players]
    values = [args.games, *wins.values()]
    header.append("draws")
    values.append(draws)
    if protocol is not None:
        first = template.players[0]
        data |= {"opening": protocol, "opener_played": {str(first): opener_first}}
        header.append(f"{safe(players[0].name)} opened and played {first}")
        values.append(opener_first)
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
