"""Players: anything with a name that chooses a move. A bot is just another player.

A player reads the game through its public API and never changes it (a bot that searches
does so on a copy or on a twin board of its own, tested against the game). :func:`play_match`
runs players against each other on a game and checks every move they choose.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol, runtime_checkable

from tictactoe.errors import BadBotMove, IllegalMove
from tictactoe.game import Game
from tictactoe.outcome import Cell, Move, Outcome

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
        reach: on the unbounded grid, how far from the marks it may play.
    """

    def __init__(self, seed: int | None = None, *, reach: int = 2, name: str = "random") -> None:
        self.name = name
        self._rng = random.Random(seed)
        self._reach = reach

    def choose_move(self, game: Game) -> Cell:
        """A random legal move."""
        if game.is_unbounded:
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
        ValueError: the number of players does not match the game's.
    """
    if len(players) != len(game.players):
        raise ValueError(f"{len(game.players)} players needed, {len(players)} given")
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
