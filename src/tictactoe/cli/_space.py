"""Playing on a board of three or more dimensions from the command line (``play --shape 4x4x4``).

A person types a cell as its coordinates counted from 1, the layer first (``2 1 3`` or
``2,1,3``); the board prints its layers side by side (:func:`~tictactoe.cli._terminal.
render_space`). The bots that play such a board are the random, heuristic and perfect ones;
``best`` is perfect play up to :data:`PERFECT_CELLS` cells (3×3×3), the heuristic beyond. The
game saves as JSON after every move, and ``--load`` resumes it.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable, Sequence
from typing import Protocol

from tictactoe import records, specs
from tictactoe.cli import _files
from tictactoe.cli._board import check_agrees, check_space_options, describe, new_space_game
from tictactoe.cli._options import HUMAN, UsageError, limit_of
from tictactoe.cli._terminal import render_space, result_line, safe, space_label, wants_colour
from tictactoe.errors import GameOver, RecordError
from tictactoe.heuristic import HeuristicBot
from tictactoe.human import QuitRequested, UndoRequested, typed_move
from tictactoe.limits import Limit
from tictactoe.perfect import PerfectBot
from tictactoe.players import RandomBot
from tictactoe.space import Point, SpaceGame

__all__ = ["HELP", "PERFECT_CELLS", "SpacePerson", "SpacePlayer", "play", "space_player"]

PERFECT_CELLS = 27
"""Perfect play is offered on boards of up to this many cells (3×3×3), as on the web page: the
solver answers a move there at once; on Qubic's 64 it would only fall back to the heuristic."""
HELP = """\
Type a cell as its coordinates counted from 1, one per axis in order: the layer, then the row
and the column (2 1 3 or 2,1,3 is layer 2, row 1, column 3); from four dimensions, the band
comes first.
  undo   take back your last move (and the replies to it)
  hint   suggest a move
  help   show this text
  quit   leave the game (so do Ctrl-D and Ctrl-C)"""
"""What ``help`` shows a person in a game of three or more dimensions."""
_MAX_TYPED = 9
"""Digits in a coordinate a person types: more is no cell of any board."""


class SpacePlayer(Protocol):
    """A player of a board of more dimensions: a name and a move for each position."""

    name: str

    def choose_move(self, game: SpaceGame) -> Point:
        """The cell to play in ``game``."""
        ...


class SpacePerson:
    """A person at the terminal, asked for each move until they type a free cell.

    Args:
        ask: shows a prompt and returns the line typed; an ``EOFError`` passes through.
        tell: shows a line to the person.
        hint: suggests a move for ``hint``; None when there is no helper.
    """

    def __init__(
        self,
        *,
        ask: Callable[[str], str] = input,
        tell: Callable[[str], None] = print,
        hint: Callable[[SpaceGame], Point] | None = None,
        name: str = "you",
    ) -> None:
        self.name = name
        self._ask = ask
        self._tell = tell
        self._hint = hint

    def choose_move(self, game: SpaceGame) -> Point:
        """The next free cell the person types.

        Raises:
            UndoRequested: they typed ``undo``.
            QuitRequested: they typed ``quit``.
            GameOver: the game is already won or drawn.
        """
        if game.is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        hint = self._hint
        while True:
            text = typed_move(
                self._ask,
                self._tell,
                f"{game.turn} to move (help for commands)> ",
                help_text=HELP,
                example=_example(game),
                hint=None if hint is None else lambda: space_label(hint(game)),
            )
            cell = self._cell(text.strip().lower(), game)
            if cell is not None:
                return cell

    def _cell(self, typed: str, game: SpaceGame) -> Point | None:
        """The free cell ``typed`` names, or None with the reason told."""
        parts = [part for part in re.split(r"[\s,]+", typed) if part]
        shown = safe(typed if len(typed) <= 40 else typed[:40] + "…")
        if not all(part.isascii() and part.isdigit() for part in parts):
            self._tell(
                f"{shown!r} is no cell or command: type {game.dims} numbers counted from 1, "
                f"like {_example(game)}, or help"
            )
            return None
        if len(parts) != game.dims:
            self._tell(
                f"a cell of the {game.describe()} board has {game.dims} coordinates, like "
                f"{_example(game)}; {shown!r} has {len(parts)}"
            )
            return None
        if any(len(part.lstrip("0")) > _MAX_TYPED for part in parts):
            self._tell(f"{shown} is off the {game.describe()} board")
            return None
        cell = tuple(int(part) - 1 for part in parts)
        if not all(0 <= at < side for at, side in zip(cell, game.shape, strict=True)):
            self._tell(f"{space_label(cell)} is off the {game.describe()} board")
            return None
        taken = game.cell(*cell)
        if taken is not None:
            self._tell(f"{space_label(cell)} is taken by {taken}")
            return None
        return cell


def _example(game: SpaceGame) -> str:
    """A cell of ``game``'s board as a person types it: ``2 1 3`` where the sides allow."""
    wanted = [2] * (game.dims - 2) + [1, 3]
    return " ".join(str(min(at, side)) for at, side in zip(wanted, game.shape, strict=True))


def space_player(spec: str, game: SpaceGame, seed: int | None, limit: Limit) -> SpacePlayer:
    """The bot ``spec`` names for a board of more dimensions, thinking within ``limit``.

    Raises:
        UsageError: a bot that does not play it: the threat bot and Gomocup engines play on a
            plane, perfect play needs two players on a board of up to :data:`PERFECT_CELLS`.
    """
    kind = spec  # parsed already, by player_kinds
    board = game.describe()
    if kind == specs.BEST:
        kind = "perfect" if _solvable(game) else "heuristic"
    if kind.startswith(specs.ENGINE):
        raise UsageError(f"Gomocup engines play on a plane, not the {board} board; try heuristic")
    if kind == "threat":
        raise UsageError(f"the threat bot plays on a plane, not the {board} board; try heuristic")
    if kind == "perfect" and not _solvable(game):
        raise UsageError(
            f"perfect play needs two players on a board of at most {PERFECT_CELLS} cells "
            f"(3×3×3), not {len(game.players)} on {board}; try heuristic"
        )
    if kind == "random":
        return RandomBot(seed)
    if kind == "perfect":
        return PerfectBot(seed, limit=limit)
    return HeuristicBot(seed, limit=limit)


def _solvable(game: SpaceGame) -> bool:
    return len(game.players) == 2 and math.prod(game.shape) <= PERFECT_CELLS


class _Thinking:
    """Wraps a bot so that a person sees it is thinking (on a terminal) and what it played."""

    def __init__(self, bot: SpacePlayer, *, live: bool) -> None:
        self.bot = bot
        self.name = bot.name
        self.live = live

    def choose_move(self, game: SpaceGame) -> Point:
        if self.live:
            print(f"{game.turn} ({self.name}) is thinking…", end="\r", flush=True)
        cell = self.bot.choose_move(game)
        print(f"{game.turn} ({self.name}) plays {space_label(cell)}" + " " * 8)
        return cell


def play(
    args: argparse.Namespace,
    kinds: list[str],
    game: SpaceGame | None = None,
    loaded: records.Record | records.SpaceRecord | None = None,
) -> int:
    """Run ``tictactoe play`` on a board of more dimensions: new, or ``game`` from --load.

    Everything that can be checked is checked before the first move.
    """
    if game is None:
        game = new_space_game(args, len(kinds))
    else:
        check_space_options(args, game.describe())
        check_agrees(game, args, args.load)
        if len(game.players) != len(kinds):
            raise UsageError(
                f"{args.load} is a {len(game.players)}-player game; name its players with --players"
            )
        if game.is_over:
            raise RecordError(
                f"{safe(args.load)} holds a finished game, nothing to resume: {describe(game)}"
            )
    if args.save and not args.force and _files.replaces_another_file(args.save, args.load):
        raise UsageError(f"{safe(args.save)} exists: add --force to replace it")
    colour = wants_colour(sys.stdout)
    limit = limit_of(args)
    players: list[SpacePlayer] = []
    for number, kind in enumerate(kinds):
        if kind == HUMAN:
            players.append(SpacePerson(hint=_hinter(limit)))
        else:
            seed = None if args.seed is None else args.seed + number
            players.append(_Thinking(space_player(kind, game, seed, limit), live=colour))
    stored = loaded.names if loaded and len(loaded.names) == len(players) else ()
    names = tuple(
        stored[seat] if stored and isinstance(player, SpacePerson) else player.name
        for seat, player in enumerate(players)
    )
    if args.save:
        records.check_target(args.save, game, names=names)
    started = (loaded.played if loaded else None) or records.SpaceRecord.from_game(game).played

    def save() -> None:
        if args.save:
            record = records.SpaceRecord.from_game(game, names=names, played=started)
            records.save(record, args.save)

    cast = ", ".join(f"{mark} {safe(name)}" for mark, name in zip(game.players, names, strict=True))
    print(f"{describe(game)}: {cast}. Type help for commands.\n")
    print(render_space(game, colour=colour))
    people = any(isinstance(player, SpacePerson) for player in players)
    most = None if people else args.max_moves
    while not game.is_over and (most is None or len(game.moves) < most):
        player = players[game.players.index(game.turn)]
        try:
            cell = player.choose_move(game)
        except UndoRequested:
            if _undo_turn(game, players):
                save()
                print("\n" + render_space(game, colour=colour))
            else:
                print("nothing to undo")
            continue
        except (QuitRequested, EOFError):
            print("\nbye")
            return 0
        except KeyboardInterrupt:
            print("\nbye")
            raise
        game.move(*cell)
        save()
        print("\n" + render_space(game, colour=colour))
    player_names = [player.name for player in players]
    result = result_line(game.winner, game.players, player_names)
    print(result if game.is_over else f"stopped after {most} moves, unfinished")
    return 0


def _hinter(limit: Limit) -> Callable[[SpaceGame], Point]:
    """Suggests a move within ``limit``: perfect play where in reach, else the heuristic's."""
    limit = Limit(seconds=limit.seconds, nodes=limit.nodes)

    def hint(game: SpaceGame) -> Point:
        if _solvable(game):
            return PerfectBot(0, limit=limit).choose_move(game)
        return HeuristicBot(0, limit=limit).choose_move(game)

    return hint


def _undo_turn(game: SpaceGame, players: Sequence[SpacePlayer]) -> bool:
    """Take back moves until it is a person's turn again, at least one move; False if none."""
    if not game.moves:
        return False
    while game.moves:
        game.undo()
        if isinstance(players[game.players.index(game.turn)], SpacePerson):
            break
    return True
