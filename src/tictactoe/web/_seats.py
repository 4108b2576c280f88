"""Who sits at each seat: a person, one of our bots, or a Gomocup brain named on the command line.

The bots are the ones every face offers (:mod:`tictactoe.specs`), so a bot added there is
offered on the page too. Brains are configured only by whoever starts the server
(``tictactoe serve --player NAME=engine:COMMAND``): the page names them, it never sends a
command. :class:`Seats` are the kinds on offer; a :class:`Table`, the seats of one game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass

from tictactoe import specs
from tictactoe.engine import Engine
from tictactoe.errors import IllegalMove, InvalidArgument, InvalidGame, WrongType
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.players import Player

__all__ = ["BEST", "HUMAN", "SeatKind", "Seats", "Table"]

HUMAN = "human"
"""The seat of a person, who plays by clicking."""
BEST = specs.BEST
"""A seat for the strongest of our bots that plays the game at hand, chosen when it starts."""
_DESCRIPTIONS = {
    HUMAN: "a person at this page",
    BEST: "the strongest bot for this board: perfect on small ones",
    "random": "plays any legal cell",
    "perfect": "the solver's best move (two players, boards of up to 20 cells)",
    "heuristic": "wins, blocks, then searches threats; any board",
    "threat": "threat-space search, fours and threes first: the strongest on big boards",
}


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
        players: more players by the name the page shows, each a spec
            (:mod:`tictactoe.specs`): ``engine:COMMAND`` for a Gomocup brain, or one of our
            bots under a name of its own.

    Raises:
        InvalidArgument: a name one of our players has, or a spec that names no player.
        WrongType: a name or spec that is not a str.
    """

    def __init__(self, players: Mapping[str, str] | None = None) -> None:
        self._named: dict[str, str] = {}
        for name, spec in (players or {}).items():
            if not isinstance(name, str):
                raise WrongType(f"a player's name must be a str, not {type(name).__name__}")
            if name.lower() in (HUMAN, BEST, *specs.BOTS):
                raise InvalidArgument(f"player name {name!r} is taken by one of our players")
            self._named[name] = specs.parse(spec)

    @property
    def kinds(self) -> tuple[SeatKind, ...]:
        """Every choice: a person, then our bots in the command's order, then the named ones."""
        found = [SeatKind(HUMAN, _DESCRIPTIONS[HUMAN]), SeatKind(BEST, _DESCRIPTIONS[BEST])]
        found += [SeatKind(name, _DESCRIPTIONS.get(name, f"the {name} bot")) for name in specs.BOTS]
        found += [SeatKind(name, _described(spec)) for name, spec in self._named.items()]
        return tuple(found)

    def resolve(self, kind: str, game: Game) -> str:
        """The kind a seat of ``kind`` takes in ``game``: :data:`BEST` becomes a bot's name."""
        return specs.best(game) if kind == BEST else kind

    def player(
        self,
        kind: str,
        game: Game,
        limit: Limit,
        stack: ExitStack,
        clock: Callable[[], float] = time.perf_counter,
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
        if kind in self._named:
            spec = self._named[kind]
        elif kind in specs.BOTS:
            spec = kind
        else:
            choices = ", ".join(seat.name for seat in self.kinds)
            raise InvalidGame(f"unknown player {kind!r}: choose from {choices}")
        player = specs.player(spec, game, limit=limit, clock=clock)
        if isinstance(player, Engine):
            stack.callback(player.close)
        return player


class Table:
    """The seats of one game, in turn order: each one's kind and player, and the bots' limit.

    Args:
        seats: the kinds on offer.
        kinds, game, limit, clock: the first seating (see :meth:`seat`).
        loaded: names of the players from a loaded record, kept for people's seats.

    Raises:
        as :meth:`seat`.
    """

    def __init__(
        self,
        seats: Seats,
        kinds: Sequence[str],
        game: Game,
        limit: Limit,
        clock: Callable[[], float],
        loaded: Sequence[str] = (),
    ) -> None:
        self._seats = seats
        self._loaded = tuple(loaded)
        self._stack = ExitStack()
        self.kinds: list[str] = []
        self.players: list[Player | None] = []
        """The seats' players in turn order: None for a person."""
        self.limit = limit
        self.seconds = 0.0
        """The bots' time per move: the page has no bot think without end."""
        self.seat(kinds, game, limit, clock)

    def seat(
        self, kinds: Sequence[str], game: Game, limit: Limit, clock: Callable[[], float]
    ) -> ExitStack:
        """Seat players of ``kinds`` at ``game``, thinking within ``limit`` by ``clock``.

        Returns the old seats' processes, for the caller to close once no bot needs them.

        Raises:
            IllegalMove: not one kind per player.
            InvalidGame: a kind unknown or unfit for the game.
            InvalidArgument: a limit without ``seconds``.
        """
        if limit.seconds is None:
            raise InvalidArgument(f"{limit}: the page's bots need a time per move (seconds)")
        if len(kinds) != len(game.players):
            raise IllegalMove(
                f"{len(kinds)} seats for a {len(game.players)}-player game: one per player"
            )
        kinds = [self._seats.resolve(kind, game) for kind in kinds]
        stack = ExitStack()
        try:
            players = [self._seats.player(kind, game, limit, stack, clock) for kind in kinds]
        except BaseException:
            stack.close()
            raise
        old, self._stack = self._stack, stack
        self.kinds, self.players = list(kinds), players
        self.limit, self.seconds = limit, limit.seconds
        return old

    def release(self) -> ExitStack:
        """The seats' processes, for the caller to close once no bot needs them."""
        return self._stack

    def swap(self) -> None:
        """Swap the two seats: the other takes the first mark."""
        self.kinds.reverse()
        self.players.reverse()

    def name(self, seat: int) -> str:
        """A seat as the page names it: ``you`` for the only person, else its kind."""
        kind = self.kinds[seat]
        if kind == HUMAN and self.kinds.count(HUMAN) == 1:
            return "you"
        return kind

    @property
    def names(self) -> list[str]:
        """Every seat's name, in turn order."""
        return [self.name(seat) for seat in range(len(self.kinds))]

    @property
    def record_names(self) -> tuple[str, ...]:
        """The players' names for a record: a loaded record's for people's seats."""
        loaded = self._loaded
        return tuple(
            loaded[seat] if player is None and seat < len(loaded) else self.name(seat)
            for seat, player in enumerate(self.players)
        )


def _described(spec: str) -> str:
    """What a named player is, as the page lists it."""
    if spec.startswith(specs.ENGINE):
        return "a Gomocup brain (five in a row)"
    return _DESCRIPTIONS.get(spec, f"the {spec} bot")
