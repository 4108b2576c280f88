"""Players: anything with a name that chooses a move. A bot is just another player.

A player reads the game through its public API and never changes it (a bot that searches
does so on a copy or on a twin board of its own, tested against the game). :func:`play_match`
runs players against each other on a game and checks every move they choose.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, overload, runtime_checkable

from tictactoe._checks import as_int, check_callable, check_game, check_seed, shown
from tictactoe._legal import MAX_NEAR
from tictactoe.errors import (
    BadBotMove,
    IllegalMove,
    InvalidArgument,
    InvalidGame,
    WrongType,
)
from tictactoe.game import Game
from tictactoe.outcome import Cell, Move, Outcome
from tictactoe.space import Point, SpaceGame

__all__ = ["Player", "RandomBot", "ScriptedPlayer", "play_match"]


@runtime_checkable
class Player(Protocol):
    """Anything that can take a turn: a name, and a move chosen for a game."""

    @property
    def name(self) -> str:
        """How the player is shown to people."""
        ...

    def choose_move(self, game: Game) -> Cell:
        """The ``(row, col)`` to play in ``game``, where it is this player's turn."""
        ...


class ScriptedPlayer:
    """Plays the given moves in order (tests, replays); runs out with a clear error.

    >>> from tictactoe import Game
    >>> ScriptedPlayer([(1, 1), (0, 0)]).choose_move(Game())
    (1, 1)
    """

    def __init__(self, moves: Iterable[Cell], *, name: str = "script") -> None:
        if not isinstance(moves, Iterable):
            raise WrongType(f"moves must be an iterable of cells, not {type(moves).__name__}")
        self.name = name
        self._moves = iter(list(moves))

    def choose_move(self, game: Game) -> Cell:
        """The next scripted move.

        Raises:
            BadBotMove: the script has no moves left.
        """
        try:
            return next(self._moves)
        except StopIteration:
            raise BadBotMove(f"{self.name} has no moves left") from None


class RandomBot:
    """Picks uniformly among legal moves (in O(1)); on the unbounded grid, near the marks.

    Args:
        seed: makes the choices repeatable.
        reach: on the unbounded grid, how far from the marks it may play, in king steps (0
            to 16, as for :meth:`LegalMoves.near <tictactoe.LegalMoves.near>`).

    Raises:
        WrongType: ``seed`` or ``reach`` is not an int.
        InvalidArgument: ``reach`` is out of range.
    """

    def __init__(self, seed: int | None = None, *, reach: int = 2, name: str = "random") -> None:
        distance = as_int("reach", reach)
        if not 0 <= distance <= MAX_NEAR:
            raise InvalidArgument(f"reach={shown(distance)} must be between 0 and {MAX_NEAR}")
        self.name = name
        self._rng = random.Random(check_seed(seed))
        self._reach = distance

    @overload
    def choose_move(self, game: Game) -> Cell: ...

    @overload
    def choose_move(self, game: SpaceGame) -> Point: ...

    def choose_move(self, game: Game | SpaceGame) -> Cell | Point:
        """A random legal move (of a :class:`~tictactoe.space.SpaceGame` too).

        Raises:
            WrongType: ``game`` is not a game.
        """
        if isinstance(game, SpaceGame):
            return self._rng.choice(game.legal_moves)
        if check_game(game).is_unbounded:
            return self._rng.choice(game.legal_moves.near(self._reach))
        return self._rng.choice(game.legal_moves)


def play_match(
    game: Game,
    players: Sequence[Player],
    *,
    on_move: Callable[[Game, Move, Player], None] | None = None,
    max_moves: int | None = None,
) -> Outcome:
    """Let ``players`` (one per mark, in turn order) play ``game`` to its end.

    Args:
        game: the game to play on, from whatever position it is in.
        players: the players in the game's turn order.
        on_move: called after every move with the game, the move and who made it.
        max_moves: stop once the game holds this many moves, over or not (the unbounded grid
            has no end of its own); None plays on to the end.

    Raises:
        BadBotMove: a player chose an illegal move; names the player, the move and why.
        InvalidGame: the number of players does not match the game's.
        WrongType: ``game`` is not a game, a player is not a :class:`Player`, ``on_move``
            cannot be called or ``max_moves`` is not an int.
        InvalidArgument: ``max_moves`` is negative.
    """
    _check_match(check_game(game), players, on_move, max_moves)
    while not game.is_over and (max_moves is None or len(game.moves) < max_moves):
        player = players[game.players.index(game.turn)]
        cell = player.choose_move(game)
        try:
            game.move(*cell)
        except (IllegalMove, TypeError) as error:
            raise BadBotMove(
                f"{player.name} ({game.turn}) chose the illegal move {cell!r}: {error}"
            ) from error
        if on_move is not None:
            move = game.last_move
            assert move is not None
            on_move(game, move, player)
    return game.outcome()


def _check_match(game: Game, players: object, on_move: object, max_moves: object) -> None:
    """Check the arguments of :func:`play_match` before any move is played."""
    if not isinstance(players, Sequence) or isinstance(players, str):
        raise WrongType(f"players must be a sequence of players, not {type(players).__name__}")
    if len(players) != len(game.players):
        raise InvalidGame(f"{len(game.players)} players needed, {len(players)} given")
    for player in players:
        if not isinstance(player, Player):
            raise WrongType(
                f"a {type(player).__name__} is not a player: one has a name and a choose_move"
            )
    if on_move is not None:
        check_callable("on_move", on_move, "taking the game, the move and the player")
    if max_moves is not None and as_int("max_moves", max_moves) < 0:
        raise InvalidArgument(f"max_moves={shown(max_moves)} must be at least 0")
