"""The board an environment plays on: sizes checked by ``Game``, spaces, and the one-hot table.

Every face of ``tictactoe.rl`` starts here, so the sizes are checked once, with the core's own
errors, and the unbounded grid is refused with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from tictactoe._checks import as_int, shown
from tictactoe.errors import InvalidArgument, InvalidGame
from tictactoe.game import Game

__all__ = ["Observation", "Shape", "check_seed", "end_rewards"]

Observation = dict[str, NDArray[np.int8]]
"""``{"observation": planes, "action_mask": mask}``, as PettingZoo's classic games give it."""

_UNBOUNDED = (
    "the unbounded grid has no fixed-shape observation, so it has no RL environment: "
    "give rows (and cols) for a bounded board, e.g. rows=15, k=5"
)


@dataclass(frozen=True, slots=True)
class Shape:
    """A bounded m,n,k-game's sizes, checked by :class:`~tictactoe.Game` itself.

    Raises:
        InvalidGame: ``rows`` is None (the unbounded grid), or a size, k or player count
            the game refuses.
        WrongType: an argument that is not an int.

    >>> Shape.of(6, 7, 4)
    Shape(rows=6, cols=7, k=4, players=2, exact=False, misere=False, gravity=False, torus=False)
    >>> Shape.of(6, 7, 4, gravity=True).action_space()      # Connect Four: one action a column
    Discrete(7)
    >>> Shape.of(None, k=5)
    Traceback (most recent call last):
    ...
    tictactoe.errors.InvalidGame: the unbounded grid has no fixed-shape observation, ...
    """

    rows: int
    cols: int
    k: int
    players: int = 2
    exact: bool = False
    misere: bool = False
    gravity: bool = False
    torus: bool = False

    @classmethod
    def of(
        cls,
        rows: int | None,
        cols: int | None = None,
        k: int | None = None,
        *,
        players: int = 2,
        exact: bool = False,
        misere: bool = False,
        gravity: bool = False,
        torus: bool = False,
    ) -> Shape:
        """The shape of ``Game(rows, cols, k, players=..., exact=..., misere=..., ...)``.

        Raises:
            InvalidGame: as ``Game`` does: misère with more than two players, a torus with k
                longer than its shorter side, and so on.
        """
        if rows is None:
            raise InvalidGame(_UNBOUNDED)
        game = Game(
            rows,
            cols,
            k,
            players=players,
            exact=exact,
            misere=misere,
            gravity=gravity,
            torus=torus,
        )
        assert game.rows is not None
        assert game.cols is not None
        return cls(
            game.rows,
            game.cols,
            game.k,
            len(game.players),
            game.exact,
            game.misere,
            game.gravity,
            game.torus,
        )

    @property
    def cells(self) -> int:
        """How many cells."""
        return self.rows * self.cols

    @property
    def actions(self) -> int:
        """How many actions: one per cell, or one per column under gravity."""
        return self.cols if self.gravity else self.rows * self.cols

    def new_game(self) -> Game:
        """A fresh game of this shape."""
        return Game(
            self.rows,
            self.cols,
            self.k,
            players=self.players,
            exact=self.exact,
            misere=self.misere,
            gravity=self.gravity,
            torus=self.torus,
        )

    def observation_space(self) -> spaces.Dict:
        """A new space of :data:`Observation`: the planes and the flat action mask."""
        return spaces.Dict(
            {
                "observation": spaces.Box(
                    0, 1, (self.rows, self.cols, self.players), dtype=np.int8
                ),
                "action_mask": spaces.Box(0, 1, (self.actions,), dtype=np.int8),
            }
        )

    def action_space(self) -> spaces.Discrete:
        """A new action space: one action per cell, row-major; one per column under gravity."""
        return spaces.Discrete(self.actions)


def end_rewards(winner: int | None, players: int) -> list[float]:
    """Each seat's reward when a game ends: +1 the winner, -1 the others; 0 all on a draw.

    >>> end_rewards(1, 3), end_rewards(None, 2)
    ([-1.0, 1.0, -1.0], [0.0, 0.0])
    """
    if winner is None:
        return [0.0] * players
    return [1.0 if seat == winner else -1.0 for seat in range(players)]


def check_seed(seed: object) -> int | None:
    """``seed`` checked as NumPy's and Gymnasium's generators take it: None or an int >= 0.

    Raises:
        WrongType: not an int.
        InvalidArgument: a negative int.
    """
    if seed is None:
        return None
    value = as_int("seed", seed)
    if value < 0:
        raise InvalidArgument(f"seed={shown(value)} must be at least 0")
    return value
