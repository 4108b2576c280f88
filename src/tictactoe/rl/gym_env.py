"""The Gymnasium environment ``tictactoe/MNK-v0``: one learner in one seat, bots in the others.

The learner's step plays its action, then the other seats' moves up to its next turn, and
returns what it sees then; the reward of a game another player ends arrives in that same
step. The opponents are :class:`~tictactoe.Player` objects or bots named as the command
names them (``"random"``, ``"perfect"``, ``"heuristic"``, ``"threat"``); random by default.
Bots given by name are seeded by ``reset(seed=...)``; players given as objects keep their own.

>>> import gymnasium
>>> import tictactoe.rl
>>> game = gymnasium.make("tictactoe/MNK-v0", rows=15, k=5)
>>> observation, info = game.reset(seed=7)
>>> observation["observation"].shape
(15, 15, 2)
>>> observation, reward, terminated, truncated, info = game.step(112)
>>> int(observation["action_mask"].sum())           # the learner's mark and one reply
223
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from tictactoe._checks import shown
from tictactoe.errors import BadBotMove, InvalidGame
from tictactoe.game import Game
from tictactoe.players import Player
from tictactoe.rl._opponents import Opponent, bot, check_opponents
from tictactoe.rl._shape import Observation, Shape, check_seed
from tictactoe.rl._table import Table
from tictactoe.rl.aec import RENDER_MODES, check_render_mode, render_text

__all__ = ["ENV_ID", "MNKEnv", "check_seat", "register"]

ENV_ID = "tictactoe/MNK-v0"
"""The id under which ``import tictactoe.rl`` registers :class:`MNKEnv` with Gymnasium."""


def register() -> None:
    """Register :data:`ENV_ID` with Gymnasium (once), single and vector entry points."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="tictactoe.rl.gym_env:MNKEnv",
            vector_entry_point="tictactoe.rl.vector_env:MNKVectorEnv",
        )


def check_seat(shape: Shape, seat: int) -> int:
    """``seat`` when the learner there always gets a move.

    Raises:
        InvalidGame: a seat out of range, or one whose game can end before its first move
            (k = 1, or a board that fills first).
    """
    if type(seat) is not int or not 0 <= seat < shape.players:
        raise InvalidGame(f"seat={shown(seat)} must be an int from 0 to {shape.players - 1}")
    if seat > 0 and (shape.k == 1 or shape.cells <= seat):
        raise InvalidGame(
            f"seat={seat}: on a {shape.rows}×{shape.cols} board with k={shape.k} the game "
            "can end before that seat moves"
        )
    return seat


class MNKEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learner against bots on any bounded m,n,k-game.

    Args:
        rows, cols, k, players, exact, misere, gravity, torus: the game, as for
            :class:`~tictactoe.Game`.
        seat: the learner's place in turn order (0 moves first).
        opponents: one player or bot's name for every other seat, or one per other seat in
            turn order; by default a :class:`~tictactoe.RandomBot` per seat. Bots given by
            name are made afresh, seeded from ``reset``.
        render_mode: None, ``"ansi"`` or ``"human"``.

    Raises:
        InvalidGame: the unbounded grid, sizes ``Game`` refuses, a bad ``seat``, the wrong
            number of opponents, a name no bot has, or perfect play beyond its reach.
        WrongType: an opponent that is neither a player nor a name.
        InvalidArgument: an unknown render mode.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it from the class
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
    }

    def __init__(
        self,
        rows: int | None = 3,
        cols: int | None = None,
        k: int | None = None,
        *,
        players: int = 2,
        exact: bool = False,
        misere: bool = False,
        gravity: bool = False,
        torus: bool = False,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] | None = None,
        render_mode: str | None = None,
    ) -> None:
        shape = Shape.of(
            rows, cols, k, players=players, exact=exact, misere=misere, gravity=gravity, torus=torus
        )
        self.seat = check_seat(shape, seat)
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = shape.observation_space()
        self.action_space = shape.action_space()
        self._table = Table(shape)
        self._finished = False
        others = [other for other in range(shape.players) if other != self.seat]
        given = dict(zip(others, check_opponents(opponents, shape), strict=True))
        self._named = {other: name for other, name in given.items() if isinstance(name, str)}
        """The seats of bots given by name, made again with a seed at each reset."""
        self._opponents: dict[int, Player] = {
            other: bot(one, shape, None) if isinstance(one, str) else one
            for other, one in given.items()
        }

    @property
    def game(self) -> Game:
        """A copy of the game as it stands."""
        return self._table.game.copy()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game and play the seats before the learner's."""
        super().reset(seed=check_seed(seed))
        seeds = self.np_random.integers(2**63, size=len(self._named))
        for (other, name), seed_of_bot in zip(self._named.items(), seeds, strict=True):
            self._opponents[other] = bot(name, self._table.shape, int(seed_of_bot))
        self._table.reset()
        self._finished = False
        self._play_opponents()
        return self._observe(), {}

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play ``action`` and the opponents' replies; illegal: -1 and the episode ends.

        Once the episode has ended, every action is illegal until :meth:`reset`.
        """
        table = self._table
        if self._finished or not table.try_play(action):
            self._finished = True
            if self.render_mode == "human":
                self.render()
            return self._observe(), -1.0, True, False, {"illegal_action": action}
        self._play_opponents()
        over = self._finished = table.game.is_over
        reward = table.rewards()[self.seat] if over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, over, False, {}

    def _play_opponents(self) -> None:
        table = self._table
        while not table.game.is_over and table.seat_to_move != self.seat:
            opponent = self._opponents[table.seat_to_move]
            cell = opponent.choose_move(table.game)
            if not table.try_play(table.action_of(cell)):
                raise BadBotMove(f"{opponent.name} chose the illegal move {cell!r}")

    def _observe(self) -> Observation:
        return self._table.observe(self.seat, to_act=not self._finished)

    def render(self) -> str | None:
        """The board as text (``"ansi"``), or print it (``"human"``)."""
        return render_text(self._table.text(), self.render_mode)
