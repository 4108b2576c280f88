"""Players by name: one spelling for the command, the web page and the RL environments.

A *spec* names a player: one of our bots (``random``, ``perfect``, ``heuristic``,
``threat``), ``best`` (the strongest of them that plays the game at hand), or
``engine:COMMAND`` (a Gomocup brain, started by the command). Every face turns its specs into
players here, so the names, the checks and the error messages are the same everywhere.

>>> from tictactoe import Game
>>> parse(" Threat ")
'threat'
>>> best(Game(3)), best(Game(15, k=5)), best(Game(15, k=5, players=3))
('perfect', 'threat', 'heuristic')
>>> from tictactoe.limits import Limit
>>> player("heuristic", Game(15, k=5), seed=1, limit=Limit(seconds=0.5)).name
'heuristic'
"""

from __future__ import annotations

import time
from collections.abc import Callable

from tictactoe._checks import check_game, shown
from tictactoe._rules import LINE_RULES
from tictactoe.errors import InvalidArgument, InvalidGame, WrongType
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.limits import DEFAULT, Limit, check_limit
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player, RandomBot
from tictactoe.threat import ThreatBot

__all__ = [
    "BEST",
    "BEST_PERFECT_CELLS",
    "BOTS",
    "ENGINE",
    "GOMOKU_K",
    "PERFECT_MAX_CELLS",
    "UNBOUNDED_MAX_MOVES",
    "best",
    "parse",
    "player",
    "refusal",
]

BOTS = ("random", "perfect", "heuristic", "threat")
"""Our bots by name, weakest first."""
BEST = "best"
"""The spec of the strongest of our bots that plays the game at hand (see :func:`best`)."""
ENGINE = "engine:"
"""The prefix of a Gomocup brain's spec: ``engine:./pbrain-x --flag``."""
PERFECT_MAX_CELLS = 20
"""The biggest board on which perfect play is offered: the solver answers a move in time."""
BEST_PERFECT_CELLS = 16
"""Up to this many cells :data:`BEST` plays perfectly; beyond, the threat bot where it plays
the game (two players, k from 4 to 7), else the heuristic bot."""
GOMOKU_K = 5
"""The line a Gomocup engine plays for, whatever the board."""
UNBOUNDED_MAX_MOVES = 1000
"""Bots alone on the unbounded grid stop after this many moves: it has no end of its own."""


_CHOICES = ", ".join((*BOTS, BEST, "engine:COMMAND"))


def parse(spec: object) -> str:
    """``spec`` in its one spelling: a bot's name or ``best`` in lower case, or an engine's.

    An engine's command keeps its case and its arguments: ``engine:./pbrain-X -v``.

    Raises:
        WrongType: ``spec`` is not a str.
        InvalidArgument: ``spec`` names no player.
    """
    if not isinstance(spec, str):
        raise WrongType(f"a player spec must be a str, not {type(spec).__name__} {shown(spec)}")
    text = spec.strip()
    if text.lower().startswith(ENGINE):
        command = text[len(ENGINE) :].strip()
        if not command:
            raise InvalidArgument(f"{spec!r}: name the brain's command after {ENGINE}")
        return ENGINE + command
    name = text.lower()
    if name not in (*BOTS, BEST):
        raise InvalidArgument(f"unknown player {_shown(spec)}: choose from {_CHOICES}")
    return name


def refusal(spec: str, game: Game) -> str | None:
    """Why the player ``spec`` names cannot play ``game``, or None when it can.

    Raises:
        WrongType: ``game`` is not a game; or as :func:`parse`.
        InvalidArgument: as :func:`parse`.
    """
    game = check_game(game)
    kind = parse(spec)
    if kind == "perfect" and not _solvable(game, PERFECT_MAX_CELLS):
        return (
            f"perfect play needs two players on a board of at most {PERFECT_MAX_CELLS} "
            "cells; try heuristic"
        )
    if kind.startswith(ENGINE) and (game.k != GOMOKU_K or len(game.players) != 2):
        return f"Gomocup engines play two players, {GOMOKU_K} in a row: k must be {GOMOKU_K}"
    if kind.startswith(ENGINE) and game.misere:
        return "Gomocup engines play to make five in a row, not misère; try heuristic"
    if kind.startswith(ENGINE) and (game.gravity or game.torus):
        variant = "under gravity" if game.gravity else "on the torus"
        return f"Gomocup engines play on a plain board, not {variant}; try heuristic"
    return None


def best(game: Game) -> str:
    """The strongest of our bots that plays ``game``.

    Perfect play on boards of up to :data:`BEST_PERFECT_CELLS` cells, else the threat bot
    where it plays (two players, k from 4 to 7, not misère), else the heuristic bot.

    Raises:
        WrongType: ``game`` is not a game.
    """
    game = check_game(game)
    if _solvable(game, BEST_PERFECT_CELLS):
        return "perfect"
    return "threat" if ThreatBot.plays(game) else "heuristic"


def player(
    spec: str,
    game: Game,
    *,
    seed: int | None = None,
    limit: Limit = DEFAULT,
    clock: Callable[[], float] = time.perf_counter,
) -> Player:
    """The player ``spec`` names, for ``game``, thinking within ``limit``.

    Args:
        spec: see the module's docstring; :func:`parse` says which spellings count.
        game: the game it is to play; a player that cannot play it is refused here.
        seed: makes a bot's choices repeatable.
        limit: how long the player may think; an engine is given its times only (the
            Gomocup protocol has no node limit), and a random move needs none.
        clock: the time our bots keep (tests and the web page pass their own).

    An engine is started at once, so a bad command fails before any game; the caller owns
    it (an :class:`~tictactoe.engine.Engine`) and closes it.

    Raises:
        WrongType, InvalidArgument: a spec that names no player, or a limit that is not one.
        InvalidGame: a player that does not play ``game`` (see :func:`refusal`).
        EngineError: the engine cannot be started.
    """
    reason = refusal(spec, game)
    if reason is not None:
        raise InvalidGame(reason)
    limit = check_limit(limit)
    kind = parse(spec)
    if kind == BEST:
        kind = best(game)
    if kind.startswith(ENGINE):
        from tictactoe.engine import Engine  # only a brain needs processes

        times = Limit(seconds=limit.seconds, game_seconds=limit.game_seconds)
        return Engine.popen(kind[len(ENGINE) :], limit=times)
    if kind == "random":
        return RandomBot(seed)
    if kind == "perfect":
        return PerfectBot(seed, limit=limit, clock=clock)
    if kind == "threat":
        return ThreatBot(seed, limit=limit, clock=clock)
    return HeuristicBot(seed, limit=limit, clock=clock)


def _solvable(game: Game, cells: int) -> bool:
    """Two players on a bounded board of at most ``cells`` cells."""
    rows, cols = game.rows, game.cols
    if len(game.players) != 2 or rows is None or cols is None:
        return False
    return rows * cols <= cells and game.rule in LINE_RULES


def _shown(text: str) -> str:
    """``text`` quoted and cut short for a message."""
    return repr(text if len(text) <= 40 else text[:40] + "…")
