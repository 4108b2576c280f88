"""``tictactoe/MNK-v0`` as a Gymnasium vector environment: :class:`VectorGame` under the hood.

The learner plays one seat of every game; the other seats play uniformly random legal moves,
drawn in numpy. Finished games restart in the same step (``autoreset_mode`` ``SAME_STEP``):
the observation returned is the new game's, and ``infos["final_obs"]`` holds the last one
(``infos["_final_obs"]`` marks which), as Gymnasium's own vector environments give it.

>>> import gymnasium
>>> import tictactoe.rl
>>> games = gymnasium.make_vec(
...     "tictactoe/MNK-v0", num_envs=4, vectorization_mode="vector_entry_point"
... )
>>> observations, infos = games.reset(seed=3)
>>> observations["observation"].shape, observations["action_mask"].shape
((4, 3, 3, 2), (4, 9))
>>> observations, rewards, terminations, truncations, infos = games.step([4, 4, 4, 4])
>>> rewards.tolist(), terminations.tolist()
([0.0, 0.0, 0.0, 0.0], [False, False, False, False])
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space
from numpy.typing import ArrayLike, NDArray

from tictactoe.rl._shape import Observation, check_seed
from tictactoe.rl.gym_env import check_seat
from tictactoe.rl.vector import VectorGame

__all__ = ["MNKVectorEnv"]


class MNKVectorEnv(VectorEnv[Observation, NDArray[np.int64], NDArray[Any]]):
    """``num_envs`` games with the learner in ``seat`` and random players in the others.

    Args:
        num_envs: how many games.
        rows, cols, k, players, exact, misere, gravity, torus: the game, as for
            :class:`~tictactoe.Game`.
        seat: the learner's place in turn order (0 moves first).

    Raises:
        InvalidGame: the unbounded grid, sizes ``Game`` refuses, or a bad ``seat``.
        InvalidArgument: ``num_envs`` below 1 or beyond what memory holds (as for
            :class:`~tictactoe.rl.VectorGame`).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - Gymnasium reads it from the class
        "autoreset_mode": AutoresetMode.SAME_STEP,
    }

    def __init__(
        self,
        num_envs: int,
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
    ) -> None:
        self.games = VectorGame(
            num_envs,
            rows,
            cols,
            k,
            players=players,
            exact=exact,
            misere=misere,
            gravity=gravity,
            torus=torus,
        )
        shape = self.games.shape
        self.seat = check_seat(shape, seat)
        self.num_envs = num_envs
        self.single_observation_space = shape.observation_space()
        self.single_action_space = shape.action_space()
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._empty_masks = np.zeros((num_envs, shape.actions), dtype=np.int8)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start every game again (and play the seats before the learner's).

        Raises:
            WrongType: ``seed`` is not an int, a list of them or None.
            InvalidArgument: a negative seed.
        """
        first = check_seed(seed[0] if seed else None) if isinstance(seed, list) else seed
        self.games.reset(seed=check_seed(first))
        if first is not None:
            self.observation_space.seed(first)
            self.action_space.seed(first)
        self._open(np.ones(self.num_envs, dtype=bool))
        return self._observe(), {}

    def step(
        self, actions: ArrayLike
    ) -> tuple[
        Observation, NDArray[np.float32], NDArray[np.bool_], NDArray[np.bool_], dict[str, Any]
    ]:
        """The learner's actions, then the random players' replies, in every game.

        An illegal action ends its game with -1. Rewards are the learner's: +1 a win, -1 a
        loss (any other player winning) or an illegal action, 0 otherwise.

        Raises:
            InvalidArgument: ``actions`` is not ``num_envs`` integers.
        """
        games = self.games
        rewards, done = games.play(actions)
        total = rewards[:, self.seat].copy()
        for _ in range(games.shape.players - 1):
            rewards, ended = games.play(games.random_actions(), active=~done)
            total += rewards[:, self.seat]
            done |= ended
        infos: dict[str, Any] = {}
        if done.any():
            infos = {"final_obs": self._final_observations(done), "_final_obs": done.copy()}
            games.restart(done)
            self._open(done)
        truncated = np.zeros(self.num_envs, dtype=bool)
        return self._observe(), total, done, truncated, infos

    def _open(self, games: NDArray[np.bool_]) -> None:
        """Play the random seats before the learner's in freshly started ``games``."""
        for _ in range(self.seat):
            self.games.play(self.games.random_actions(), active=games)

    def _observe(self) -> Observation:
        return {
            "observation": self.games.observation(),
            "action_mask": self.games.legal_mask(),
        }

    def _final_observations(self, done: NDArray[np.bool_]) -> NDArray[np.object_]:
        planes = self.games.observation(self.seat)
        finals = np.full(self.num_envs, None, dtype=object)
        for game in np.flatnonzero(done):
            finals[game] = {"observation": planes[game], "action_mask": self._empty_masks[game]}
        return finals

    def render(self) -> tuple[Any, ...] | None:
        """Not drawn: a batch of games has no single picture; look at ``games.boards``."""
        gymnasium.logger.warn("MNKVectorEnv does not render; read env.games.boards instead")
        return None
