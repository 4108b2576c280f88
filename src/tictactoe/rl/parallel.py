"""The PettingZoo parallel environment: the same game, every live agent sends an action a step.

Only the action of the agent to move counts; the others' masks are all zeros and whatever
they send (``None`` too) is ignored. Each agent's info names the agent to move next
(``"active_agent"``, as PettingZoo's own turn-based conversion does). When the game ends,
every agent is terminated in the same step and ``agents`` empties.

>>> from tictactoe.rl import parallel_env
>>> game = parallel_env(rows=3)
>>> observations, infos = game.reset(seed=0)
>>> infos["player_0"]["active_agent"]
'player_0'
>>> observations, rewards, terminations, truncations, infos = game.step(
...     {"player_0": 4, "player_1": None}
... )
>>> infos["player_1"]["active_agent"], int(observations["player_1"]["action_mask"].sum())
('player_1', 8)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
from gymnasium.utils import EzPickle
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from tictactoe._checks import shown
from tictactoe.errors import WrongType
from tictactoe.game import Game
from tictactoe.rl._shape import Observation, Shape
from tictactoe.rl._table import Table
from tictactoe.rl.aec import NAME, RENDER_MODES, check_render_mode, render_text, unknown_agent

__all__ = ["MNKParallelEnv", "parallel_env"]


class MNKParallelEnv(ParallelEnv, EzPickle):  # type: ignore[misc]
    """The parallel face of the m,n,k-game (arguments as for :class:`~tictactoe.rl.aec.MNKAECEnv`).

    Raises:
        InvalidGame: the unbounded grid (``rows=None``) or sizes ``Game`` refuses.
        InvalidArgument: an unknown render mode, or ``"rgb_array"`` (no rasteriser).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": list(RENDER_MODES),
        "name": NAME,
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
        render_mode: str | None = None,
    ) -> None:
        EzPickle.__init__(
            self,
            rows,
            cols,
            k,
            players=players,
            exact=exact,
            misere=misere,
            gravity=gravity,
            torus=torus,
            render_mode=render_mode,
        )
        self.render_mode = check_render_mode(render_mode)
        shape = Shape.of(
            rows, cols, k, players=players, exact=exact, misere=misere, gravity=gravity, torus=torus
        )
        self._table = Table(shape)
        self.possible_agents = [f"player_{seat}" for seat in range(shape.players)]
        self.agents: list[str] = []
        self.observation_spaces = {
            agent: shape.observation_space() for agent in self.possible_agents
        }
        self.action_spaces = {agent: shape.action_space() for agent in self.possible_agents}

    @property
    def game(self) -> Game:
        """A copy of the game as it stands."""
        return self._table.game.copy()

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same object each call)."""
        try:
            return self.observation_spaces[agent]
        except (KeyError, TypeError):
            raise unknown_agent(agent, self.possible_agents) from None

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: one per cell, row-major (per column under gravity)."""
        try:
            return self.action_spaces[agent]
        except (KeyError, TypeError):
            raise unknown_agent(agent, self.possible_agents) from None

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game: every agent's observation and info (who is to move)."""
        self._table.reset()
        self.agents = self.possible_agents[:]
        return self._observations(), self._infos()

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Play the action of the agent to move (missing or illegal: -1 to it, game over).

        Raises:
            WrongType: ``actions`` is not a mapping from agents to actions, such as a list.
        """
        if not isinstance(actions, Mapping):
            raise WrongType(
                f"actions must be a dict from agent to action, such as {{'player_0': 4}}, "
                f"not {type(actions).__name__} {shown(actions)}"
            )
        if not self.agents:
            return {}, {}, {}, {}, {}
        table = self._table
        mover = self.possible_agents[table.seat_to_move]
        action = actions.get(mover)
        legal = table.try_play(action)
        infos = self._infos()
        if legal:
            over = table.game.is_over
            rewards = table.rewards() if over else [0.0] * len(self.agents)
        else:
            over = True
            rewards = [-1.0 if agent == mover else 0.0 for agent in self.agents]
            infos[mover]["illegal_action"] = action
        observations = self._observations()
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, False)
        reward_of = dict(zip(self.agents, rewards, strict=True))
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, reward_of, terminations, truncations, infos

    def _observations(self) -> dict[str, Observation]:
        table = self._table
        mover = table.seat_to_move
        return {
            agent: table.observe(seat, to_act=seat == mover)
            for seat, agent in enumerate(self.possible_agents)
        }

    def _infos(self) -> dict[str, dict[str, Any]]:
        active = self.possible_agents[self._table.seat_to_move]
        return {agent: {"active_agent": active} for agent in self.possible_agents}

    def render(self) -> str | None:
        """The board as text (``"ansi"``), or print it (``"human"``)."""
        return render_text(self._table.text(), self.render_mode)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def parallel_env(
    rows: int | None = 3,
    cols: int | None = None,
    k: int | None = None,
    *,
    players: int = 2,
    exact: bool = False,
    misere: bool = False,
    gravity: bool = False,
    torus: bool = False,
    render_mode: str | None = None,
) -> MNKParallelEnv:
    """The parallel environment (see :class:`MNKParallelEnv`)."""
    return MNKParallelEnv(
        rows,
        cols,
        k,
        players=players,
        exact=exact,
        misere=misere,
        gravity=gravity,
        torus=torus,
        render_mode=render_mode,
    )
