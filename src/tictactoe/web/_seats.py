"""Who sits at each seat: a person, one of our bots, or a Gomocup brain named on the command line.

The list of bots comes from the command's own list of player kinds, so a bot added there is
offered on the page too. Brains are configured only by whoever starts the server
(``tictactoe serve --engine NAME=COMMAND``): the page names them, it never sends a command.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass

from tictactoe.cli._options import KINDS, UsageError
from tictactoe.cli._session import AUTO_PERFECT_CELLS, ENGINE, make_player
from tictactoe.errors import InvalidGame
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player
from tictactoe.threat import ThreatBot

__all__ = ["BEST", "HUMAN", "SeatKind", "Seats"]

HUMAN = "human"
"""The seat of a person, who plays by clicking."""
BEST = "best"
"""A seat for the strongest of our bots that plays the game at hand, chosen when it starts."""
_DESCRIPTIONS = {
    HUMAN: "a person at this page",
    BEST: "the strongest bot for this board: perfect on small ones",
    "random": "plays any legal cell",
    "perfect": "the solver's best move (two players, boards of up to 20 cells)",
    "heuristic": "wins, blocks, then searches threats; any board",
    "threat": "threat-space search, fours and threes first: the strongest on big boards",
}
_STRENGTH = ("threat", "heuristic")
"""Our bots for big boards, strongest first: a seat of kind :data:`BEST` gets the first that
plays the game (after perfect play on small boards). Every bot of the command is offered."""
_BUDGET = 2000
"""Positions the heuristic bot may search per move; its time limit usually stops it first."""
_Clock = Callable[[], float]
_TIMED: dict[str, Callable[[float, _Clock], Player]] = {
    "perfect": lambda seconds, clock: PerfectBot(seconds=seconds, clock=clock),
    "heuristic": lambda seconds, clock: HeuristicBot(nodes=_BUDGET, seconds=seconds, clock=clock),
    "threat": lambda seconds, clock: ThreatBot(seconds=seconds, clock=clock),
}
"""Our bots that keep time, made as the command makes them but on a clock of the caller's,
which can end their search (see :class:`~tictactoe.web._thinking.GameClock`)."""


@dataclass(frozen=True, slots=True)
class SeatKind:
    """One choice for a seat, as the page lists it: a name and what it is."""

    name: str
    description: str

    def to_json(self) -> dict[str, str]:
        """The choice as the API sends it."""
        return {"name": self.name, "description": self.description}


class Seats:
    """The seat kinds on offer and how each becomes a player.

    Args:
        engines: Gomocup brains by the name the page shows, each with its command.
    """

    def __init__(self, engines: Mapping[str, str] | None = None) -> None:
        self._engines = dict(engines or {})
        bots = [kind for kind in KINDS if kind != HUMAN]
        self._bots = bots
        for name in self._engines:
            if name.lower() in (HUMAN, *bots):
                raise UsageError(f"engine name {name!r} is taken by one of our players")

    @property
    def kinds(self) -> tuple[SeatKind, ...]:
        """Every choice: a person, then our bots in the command's order, then the brains."""
        found = [SeatKind(HUMAN, _DESCRIPTIONS[HUMAN]), SeatKind(BEST, _DESCRIPTIONS[BEST])]
        found += [SeatKind(name, _DESCRIPTIONS.get(name, f"the {name} bot")) for name in self._bots]
        found += [SeatKind(name, "a Gomocup brain (five in a row)") for name in self._engines]
        return tuple(found)

    def resolve(self, kind: str, game: Game) -> str:
        """The kind a seat of ``kind`` takes in ``game``: :data:`BEST` becomes a bot's name."""
        if kind != BEST:
            return kind
        cells = (game.rows or 0) * (game.cols or 0)  # 0 on the unbounded grid
        small = 0 < cells <= AUTO_PERFECT_CELLS and len(game.players) == 2
        candidates = ["perfect"] if small else []
        candidates += [name for name in _STRENGTH if name in self._bots]
        options = argparse.Namespace(time=1.0, budget=_BUDGET, game_time=None)
        for name in candidates:
            with ExitStack() as scratch:
                try:
                    make_player(name, game, None, options, scratch)
                except UsageError:
                    continue
            return name
        return "random"

    def player(
        self,
        kind: str,
        game: Game,
        seconds: float,
        stack: ExitStack,
        clock: _Clock = time.perf_counter,
    ) -> Player | None:
        """The player for a seat of ``kind`` in ``game``; None for a person.

        Our bots keep time by ``clock``. A brain's process is started at once and closed
        when ``stack`` closes.

        Raises:
            InvalidGame: ``kind`` is none of :attr:`kinds`, or does not play this game (the
                reason is given, such as perfect play on a big board).
        """
        if kind == HUMAN:
            return None
        if kind in self._engines:
            spec = ENGINE + self._engines[kind]
        elif kind in self._bots:
            spec = kind
        else:
            choices = ", ".join(seat.name for seat in self.kinds)
            raise InvalidGame(f"unknown player {kind!r}: choose from {choices}")
        options = argparse.Namespace(time=seconds, budget=_BUDGET, game_time=None)
        try:
            player = make_player(spec, game, None, options, stack)  # the command's checks
        except UsageError as error:
            raise InvalidGame(str(error).replace("use --k ", "play k = ")) from None
        timed = _TIMED.get(spec)
        return player if timed is None else timed(seconds, clock)
