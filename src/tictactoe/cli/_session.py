"""Playing from the command line: choosing players and running a game in the terminal."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import replace

from tictactoe import records, specs
from tictactoe.cli import _files, _space
from tictactoe.cli._board import check_agrees, describe, new_game, wants_space
from tictactoe.cli._opening import (
    BotSide,
    PersonSide,
    Side,
    check_opening,
    does,
    play_opening,
    seated,
)
from tictactoe.cli._options import (
    UsageError,
    limit_of,
    max_moves,
    player_kinds,
    usage,
)
from tictactoe.cli._terminal import render, result_line, safe, wants_colour
from tictactoe.coordinates import cell_label
from tictactoe.engine import Engine
from tictactoe.errors import RecordError
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.human import HumanPlayer, QuitRequested, UndoRequested
from tictactoe.limits import Limit
from tictactoe.outcome import Move
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player, play_match
from tictactoe.space import SpaceGame
from tictactoe.swap import Opening
from tictactoe.threat import Thought, ThreatBot

__all__ = ["describe_thought", "make_player", "play"]


def make_player(
    spec: str, game: Game, seed: int | None, args: argparse.Namespace, stack: ExitStack
) -> Player:
    """The player a spec names (see :mod:`tictactoe.specs`), with the command's limits.

    ``--time``, ``--nodes`` and ``--game-time`` limit every bot (see :func:`limit_of`). An
    engine is started at once, so a bad command fails before any game, and closed when
    ``stack`` closes.

    Raises:
        UsageError: a spec that names no player, or one that does not play this game (see
            :func:`tictactoe.specs.refusal`).
        EngineError: the engine cannot be started (a failure at run time).
    """
    with usage():
        reason = specs.refusal(spec, game)
    if reason is not None:
        raise UsageError(reason)
    found = specs.player(spec, game, seed=seed, limit=limit_of(args))
    if isinstance(found, Engine):
        stack.callback(found.close)
    return found


def _hinter(limit: Limit) -> Callable[[Game], tuple[int, int]]:
    """Suggests a move within ``limit``: the solver's on small boards, else the threat bot's.

    The threat bot also prints what it thinks: score, depth, nodes and the line it expects.
    A hint is one move apart from the game, so the game's time does not bound it.
    """
    limit = replace(limit, game_seconds=None)

    def hint(game: Game) -> tuple[int, int]:
        if specs.refusal("perfect", game) is None:
            return PerfectBot(0, limit=limit).choose_move(game)
        if not ThreatBot.plays(game):
            return HeuristicBot(0, limit=limit).choose_move(game)
        adviser = ThreatBot(0, limit=limit)
        cell = adviser.choose_move(game)
        assert adviser.last is not None
        print(describe_thought(adviser.last, game))
        return cell

    return hint


def describe_thought(thought: Thought, game: Game) -> str:
    """A bot's thought in one line: reason, score, depth, nodes, speed and the line.

    >>> from tictactoe.threat import Thought
    >>> print(describe_thought(Thought((7, 7), "vcf", 1_000_000, 3, 420, 0.05, ((7, 7),
    ...     (7, 8))), Game(15, k=5)))
    vcf: score +1000000, depth 3, 420 nodes in 0.050 s (8,400/s); line h8 i8
    """
    line = " ".join(cell_label(cell, game) for cell in thought.variation)
    return (
        f"{thought.reason}: score {thought.score:+d}, depth {thought.depth}, "
        f"{thought.nodes:,} nodes in {thought.seconds:.3f} s "
        f"({thought.nodes_per_second:,}/s); line {line}"
    )


class _Thinking:
    """Wraps a bot so that a person sees it is thinking (on a terminal) and what it played."""

    def __init__(self, bot: Player, *, live: bool) -> None:
        self.bot = bot
        self.name = bot.name
        self.live = live

    def choose_move(self, game: Game) -> tuple[int, int]:
        shown = safe(self.name)  # an engine names itself: its ABOUT reply may hold escapes
        if self.live:
            print(f"{game.turn} ({shown}) is thinking…", end="\r", flush=True)
        cell = self.bot.choose_move(game)
        print(f"{game.turn} ({shown}) plays {cell_label(cell, game)}" + " " * 8)
        return cell


def play(args: argparse.Namespace) -> int:
    """Run ``tictactoe play``: a game in the terminal, saved as it goes if asked.

    Everything that can be checked is checked before the first move: the options, the game to
    resume, and the file to save to.
    """
    kinds = player_kinds(args)
    if wants_space(args) and not args.load:
        return _space.play(args, kinds)
    protocol = check_opening(args, len(kinds))
    loaded = None
    if args.load:
        found, record = _files.game_from(args.load, k=args.k)
        if isinstance(found, SpaceGame):
            return _space.play(args, kinds, found, record)
        game = found
        loaded = record if isinstance(record, records.Record) else None
        check_agrees(game, args, args.load)
        if len(game.players) != len(kinds):
            raise UsageError(
                f"{args.load} is a {len(game.players)}-player game; name its players with --players"
            )
        if game.is_over:
            raise RecordError(
                f"{safe(args.load)} holds a finished game, nothing to resume: {describe(game)}"
            )
    else:
        game = new_game(args, len(kinds))
    if args.save and not args.force and _files.replaces_another_file(args.save, args.load):
        raise UsageError(f"{safe(args.save)} exists: add --force to replace it")
    with ExitStack() as stack:
        return _play(args, game, loaded, kinds, protocol, stack)


def _play(
    args: argparse.Namespace,
    game: Game,
    loaded: records.Record | None,
    kinds: list[str],
    protocol: str | None,
    stack: ExitStack,
) -> int:
    """The game itself, once the options and the game are known; engines close with stack.

    With an opening ``protocol`` the game starts with it, ``kinds`` by its seats.
    """
    colour = wants_colour(sys.stdout)
    players: list[Player] = []
    for number, kind in enumerate(kinds):
        if kind == "human":
            players.append(HumanPlayer(hint=_hinter(limit_of(args)), name="you"))
        else:
            seed = None if args.seed is None else args.seed + number
            players.append(_Thinking(make_player(kind, game, seed, args, stack), live=colour))
    if args.save:
        records.check_target(args.save, game, names=_names(players, loaded))
    started = loaded.played if loaded else None
    started = started or records.Record.from_game(game).played
    if protocol is not None:
        try:
            players = _opened(Opening(protocol, game), players, args, colour)
        except (QuitRequested, EOFError):
            print("\nbye")
            return 0
    names = _names(players, loaded)

    def save() -> None:
        if args.save:
            records.save(records.Record.from_game(game, names=names, played=started), args.save)

    cast = ", ".join(f"{mark} {safe(name)}" for mark, name in zip(game.players, names, strict=True))
    print(f"{describe(game)}: {cast}. Type help for commands.\n")
    print(render(game, colour=colour))
    floor = len(game.moves) if protocol is not None else 0
    if floor:
        save()  # the opening's stones, with the names by the colours chosen

    def show(game: Game, move: Move, player: Player) -> None:
        save()
        print("\n" + render(game, colour=colour))

    bots_only = not any(isinstance(player, HumanPlayer) for player in players)
    limit = max_moves(args, game) if bots_only else None
    while True:
        try:
            play_match(game, players, on_move=show, max_moves=limit)
            break
        except UndoRequested:
            if not _undo_turn(game, players, floor):
                print("nothing to undo")
            else:
                save()
                print("\n" + render(game, colour=colour))
        except (QuitRequested, EOFError):
            print("\nbye")
            return 0
        except KeyboardInterrupt:
            print("\nbye")
            raise
    player_names = [player.name for player in players]
    result = result_line(game.winner, game.players, player_names)
    print(result if game.is_over else f"stopped after {limit} moves, unfinished")
    return 0


def _opened(
    opening: Opening, players: list[Player], args: argparse.Namespace, colour: bool
) -> list[Player]:
    """Play ``opening`` with ``players`` by its seats (the first opens); them by mark after.

    A person is asked at the terminal; a bot places and chooses by its search, within the
    command's limit for a move.
    """
    protocol = opening.protocol
    opener, other = (safe(player.name) for player in players)
    print(f"{describe(opening.game)}, {protocol}: {does(opener, 'open')}, {does(other, 'answer')}.")
    print(f"Type help for how {protocol} goes.\n")
    sides: list[Side] = []
    for seat, player in enumerate(players):
        if isinstance(player, HumanPlayer):
            sides.append(PersonSide(protocol, colour=colour, name=player.name))
        else:
            seed = None if args.seed is None else args.seed + seat
            sides.append(BotSide(player.name, seed, limit_of(args)))

    def tell(line: str) -> None:
        print(line)
        step = opening.steps[-1]
        if step.what == "place" and not isinstance(sides[step.seat], PersonSide):
            print(render(opening.game, colour=colour))  # a person saw their stones as placed

    play_opening(opening, sides, tell)
    print()
    return [players[seat] for seat in seated(opening, (0, 1))]


def _names(players: Sequence[Player], loaded: records.Record | None) -> tuple[str, ...]:
    """The names to save: each bot's own, and for a person the name the loaded game gave.

    A person is "you" to the terminal, so a resumed game keeps the names it was saved with.
    """
    stored = loaded.names if loaded and len(loaded.names) == len(players) else ()
    return tuple(
        stored[seat] if stored and isinstance(player, HumanPlayer) else player.name
        for seat, player in enumerate(players)
    )


def _undo_turn(game: Game, players: Sequence[Player], floor: int = 0) -> bool:
    """Take back moves until it is a person's turn again, at least one move; False if none.

    The first ``floor`` moves (an opening's stones) are never taken back.
    """
    if len(game.moves) <= floor:
        return False
    while len(game.moves) > floor:
        game.undo()
        if isinstance(players[game.players.index(game.turn)], HumanPlayer):
            return True
    return True
