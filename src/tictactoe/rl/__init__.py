"""Reinforcement learning: PettingZoo and Gymnasium environments and a batched simulator.

Every bounded m,n,k-game behind one family of environments, with one set of conventions
(``docs/rl.md`` tells them with a worked example):

- action ``a`` is the cell ``(a // cols, a % cols)``, row-major (:func:`action_to_cell`,
  :func:`cell_to_action`); under gravity (``gravity=True``, Connect Four) it is the column
  ``a``, as in PettingZoo's ``connect_four_v3``;
- the observation is ``{"observation": planes, "action_mask": mask}``: a ``(rows, cols,
  players)`` int8 stack of 0/1 planes relative to the observer (plane 0 its own marks, then
  the others in turn order) and a flat int8 mask of the legal actions;
- a win gives +1 to the winner and -1 to every other player (under misère the winner is the
  rival of the line's maker), a draw 0 to all; an illegal action ends the episode with -1 for
  the mover (0 for the others), never an exception.

Every face takes the game's variants as keywords: ``gravity``, ``torus``, ``misere`` (and
``exact``), passed to :class:`~tictactoe.Game`.

The faces: :func:`env`, :func:`raw_env` and :func:`parallel_env` (PettingZoo),
``gymnasium.make("tictactoe/MNK-v0")`` (one learner against bots; registered when this module
is imported), :class:`VectorGame` (numpy, many games at once) and its Gymnasium vector
environment :class:`MNKVectorEnv`.

This module needs the ``rl`` extra (numpy, pettingzoo, gymnasium): ``pip install
'tictactoe[rl]'``. ``import tictactoe`` never loads any of them.
"""

from tictactoe.rl import _extra  # first: a missing dependency names the extra to install
from tictactoe.rl.actions import action_to_cell, cell_to_action
from tictactoe.rl.aec import MNKAECEnv, env, raw_env
from tictactoe.rl.gym_env import ENV_ID, MNKEnv, register
from tictactoe.rl.parallel import MNKParallelEnv, parallel_env
from tictactoe.rl.vector import VectorGame
from tictactoe.rl.vector_env import MNKVectorEnv

__all__ = [
    "ENV_ID",
    "MNKAECEnv",
    "MNKEnv",
    "MNKParallelEnv",
    "MNKVectorEnv",
    "VectorGame",
    "action_to_cell",
    "cell_to_action",
    "env",
    "parallel_env",
    "raw_env",
]

register()
del _extra, register
