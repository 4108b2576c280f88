"""The PettingZoo AEC environment: any bounded m,n,k-game, 2 to 8 players, turn by turn.

Agents are ``player_0 … player_{P-1}`` in turn order (``player_0`` plays X). The rules are
``Game``'s; this module only translates actions, observations and rewards (``docs/rl.md``).

>>> from tictactoe.rl import env
>>> game = env(rows=6, cols=7, k=4)
>>> game.reset(seed=0)
>>> game.agent_selection
'player_0'
>>> game.step(3 * 7 + 3)                 # the centre cell (3, 3)
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((6, 7, 2), 41)
"""

from __future__ import annotations

from typing import Any

import gymnasium
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from tictactoe._checks import shown
from tictactoe.errors import InvalidArgument, TicTacToeError, WrongType
from tictactoe.game import Game
from tictactoe.rl._shape import Observation, Shape
from tictactoe.rl._table import Table

__all__ = ["NAME", "RENDER_MODES", "MNKAECEnv", "env", "raw_env"]

NAME = "mnk_v0"
"""The environments' name in their metadata (PettingZoo's ``str(env)``)."""
RENDER_MODES = ("human", "ansi")
"""``"ansi"`` returns the board as text, ``"human"`` prints it; there is no ``"rgb_array"``."""
_NO_RGB = (
    "render_mode='rgb_array' is not offered: no rasteriser ships with tictactoe; "
    "use 'ansi' or 'human' for text, or tictactoe.svg.board(env.unwrapped.game) for a picture"
)


def check_render_mode(render_mode: str | None) -> str | None:
    """``render_mode`` when it is one of :data:`RENDER_MODES` or None.

    Raises:
        InvalidArgument: any other mode, with the reason (``"rgb_array"`` has its own).
    """
    if render_mode is None or render_mode in RENDER_MODES:
        return render_mode
    if render_mode == "rgb_array":
        raise InvalidArgument(_NO_RGB)
    expected = f"expected None or one of {RENDER_MODES}"
    raise InvalidArgument(f"render_mode={shown(render_mode)}: {expected}")


def unknown_agent(agent: object, agents: list[str]) -> TicTacToeError:
    """The error for ``agent`` when it is none of ``agents``: to raise in place of a KeyError."""
    if not isinstance(agent, str):
        return WrongType(f"an agent is named by a str, such as {agents[0]!r}, not {shown(agent)}")
    return InvalidArgument(f"no agent {shown(agent)}: the agents are {', '.join(agents)}")


def render_text(text: str, render_mode: str | None) -> str | None:
    """What ``render()`` gives in ``render_mode``: the text, or None after printing it."""
    if render_mode == "ansi":
        return text
    if render_mode == "human":
        print(text)
    else:
        gymnasium.logger.warn("render() was called without a render_mode; nothing to draw")
    return None


class MNKAECEnv(AECEnv, EzPickle):  # type: ignore[misc]
    """The raw AEC environment (no wrappers); :func:`env` wraps it as the classic games are.

    Args:
        rows, cols, k, players, exact, misere, gravity, torus: the game, as for
            :class:`~tictactoe.Game`.
        render_mode: None, ``"ansi"`` or ``"human"``.

    Raises:
        InvalidGame: the unbounded grid (``rows=None``) or sizes ``Game`` refuses.
        InvalidArgument: an unknown render mode, or ``"rgb_array"`` (no rasteriser).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "render_modes": list(RENDER_MODES),
        "name": NAME,
        "is_parallelizable": True,
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
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        shape = Shape.of(
            rows, cols, k, players=players, exact=exact, misere=misere, gravity=gravity, torus=torus
        )
        self._table = Table(shape)
        self.possible_agents = [f"player_{seat}" for seat in range(shape.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: shape.observation_space() for agent in self.possible_agents
        }
        self.action_spaces = {agent: shape.action_space() for agent in self.possible_agents}
        self.reset()

    @property
    def game(self) -> Game:
        """A copy of the game as it stands (for bots, pictures, records)."""
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

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``player_0`` moves first. The game has no randomness to seed."""
        self._table.reset()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees; its mask is all zeros unless it is the one to act."""
        try:
            seat = self._seats[agent]
        except (KeyError, TypeError):
            raise unknown_agent(agent, self.possible_agents) from None
        to_act = agent == self.agent_selection and not self.terminations.get(agent, True)
        return self._table.observe(seat, to_act=to_act)

    def step(self, action: int | None) -> None:
        """Play ``action`` for the agent to move; an illegal one ends the game, -1 to it.

        Once the game is over, each agent in turn must step ``None`` to leave.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self._table
        self._cumulative_rewards[agent] = 0.0
        if table.try_play(action):
            if table.game.is_over:
                self._finish(table.rewards())
        else:
            self._finish([-1.0 if other == agent else 0.0 for other in self.agents])
            self.infos[agent] = {"illegal_action": action}
        self.agent_selection = self.possible_agents[table.seat_to_move]
        if self.render_mode == "human":
            self.render()

    def _finish(self, rewards: list[float]) -> None:
        self.rewards = dict(zip(self.agents, rewards, strict=True))
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The board as text (``"ansi"``), or print it (``"human"``)."""
        return render_text(self._table.text(), self.render_mode)

    def close(self) -> None:
        """Nothing to release: the environment holds no window or process."""


def raw_env(
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
) -> MNKAECEnv:
    """The AEC environment without wrappers (see :class:`MNKAECEnv`)."""
    return MNKAECEnv(
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


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order checks, with the calls of a training loop passed straight through.

    The stock wrapper reaches every attribute through ``__getattr__``, which costs more than
    a whole move; once the environment has been reset, ``last``, ``step`` and the agent
    iterator go to it directly, with the same checks.
    """

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, Any]:
        """As the wrapped environment's ``last``, once reset."""
        result: tuple[Observation | None, float, bool, bool, Any] = (
            self.env.last(observe) if self._has_reset else super().last(observe)  # that raises
        )
        return result

    def step(self, action: int | None) -> None:
        """As the wrapped environment's ``step``, once reset and while agents remain."""
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # raises or warns as PettingZoo does

    def agent_iter(self, max_iter: int = 2**63) -> Any:
        """The agents in turn, checking that each one steps, as PettingZoo's wrapper does."""
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return _AgentIterator(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterator:
    """The agent to act until none is left; each turn must be followed by a ``step``."""

    def __init__(self, wrapper: _OrderEnforcing, max_iter: int) -> None:
        self._wrapper = wrapper
        self._left = max_iter

    def __iter__(self) -> _AgentIterator:
        return self

    def __next__(self) -> str:
        wrapper = self._wrapper
        inner = wrapper.env
        if not inner.agents or self._left <= 0:
            raise StopIteration
        self._left -= 1
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        agent: str = inner.agent_selection
        return agent


def env(
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
) -> Any:
    """The AEC environment as PettingZoo's classic games come: order enforced.

    The wrapper is an ``OrderEnforcingWrapper`` (a lean subclass of it). Illegal actions (out
    of range, a taken cell, not an int) are handled inside the raw environment, so it needs
    neither ``TerminateIllegalWrapper`` nor ``AssertOutOfBoundsWrapper`` (which would raise
    inside a training loop).
    """
    return _OrderEnforcing(
        raw_env(
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
    )
