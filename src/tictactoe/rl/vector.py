"""Many games at once in numpy: a ``(N, rows, cols)`` int8 board, self-play by seat.

:class:`VectorGame` steps every game with one action each. The win check looks only around
the move just played: for each of the 4 directions it gathers the k - 1 cells on either side
(k on the exact rule, to see an overline), so it costs O(k) per game whatever the board size.
On a bounded board it reads them from a board padded with empty cells; on the torus it reads
them at row and column indices taken modulo the sides. Under gravity an action is a column
and each game keeps its columns' heights. Games that end start again at once, in the same step.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from tictactoe._checks import as_int, shown
from tictactoe.errors import InvalidArgument
from tictactoe.rl._shape import Shape, check_seed

__all__ = ["MAX_TOTAL_CELLS", "VectorGame"]

MAX_TOTAL_CELLS = 1 << 30
"""The most cells the padded boards of all the games may hold together: a gigabyte."""
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
_REJECTION_ROUNDS = 4
"""Tries at drawing a legal action uniformly before the rest draw among their legal ones."""


class VectorGame:
    """``num_games`` games of one m,n,k shape, stepped together; seats move in turn order.

    Action ``a`` is the cell ``(a // cols, a % cols)``; under gravity it is the column ``a``,
    and the mark lands on that column's lowest free cell (Connect Four's actions).

    Args:
        num_games: how many games, at least 1.
        rows, cols, k, players, exact, misere, gravity, torus: the game, as for
            :class:`~tictactoe.Game`.
        seed: seeds :meth:`random_actions`.

    Raises:
        InvalidGame: the unbounded grid (``rows=None``), or sizes ``Game`` refuses.
        InvalidArgument: fewer than one game, or so many that their boards would take more
            than :data:`MAX_TOTAL_CELLS` cells (a byte each).
        WrongType: ``num_games`` or a size that is not an int.

    >>> games = VectorGame(2, 3, seed=1)
    >>> rewards, done = games.step([4, 0])
    >>> games.to_move.tolist(), done.tolist()
    ([1, 1], [False, False])
    >>> games.observation()[0, 1, 1].tolist()    # game 0's centre, seen by the player to move
    [0, 1]
    >>> rewards, done = games.step([4, 9])       # a taken cell and an action off the board
    >>> rewards.tolist(), done.tolist()          # both end with -1 for the mover, and restart
    ([[0.0, -1.0], [0.0, -1.0]], [True, True])
    >>> int(games.legal_mask().sum())
    18

    Connect Four, two games: the legal mask holds the open columns.

    >>> games = VectorGame(2, 6, 7, k=4, gravity=True, seed=0)
    >>> rewards, done = games.step([3, 3])
    >>> rewards, done = games.step([3, 0])
    >>> games.boards[0, 4:, 3].tolist(), games.legal_mask().shape
    ([2, 1], (2, 7))
    """

    def __init__(
        self,
        num_games: int,
        rows: int | None,
        cols: int | None = None,
        k: int | None = None,
        *,
        players: int = 2,
        exact: bool = False,
        misere: bool = False,
        gravity: bool = False,
        torus: bool = False,
        seed: int | None = None,
    ) -> None:
        shape = Shape.of(
            rows, cols, k, players=players, exact=exact, misere=misere, gravity=gravity, torus=torus
        )
        reach = shape.k if shape.exact else shape.k - 1  # how far the win check looks out
        pad = 0 if shape.torus else reach  # the torus wraps: its indices need no border
        height, width = shape.rows + 2 * pad, shape.cols + 2 * pad
        num_games = _count_of_games(num_games, height * width)
        self.shape = shape
        self.num_games = num_games
        self._area = height * width
        self._cells: NDArray[np.int8] = np.zeros((num_games, shape.cells), dtype=np.int8)
        """The cells, unpadded and contiguous: observations and masks read these."""
        self._padded: NDArray[np.int8] = (
            np.zeros((num_games, height, width), dtype=np.int8)
            if pad
            else self._cells.reshape(num_games, height, width)  # the same memory, not a copy
        )
        self._flat: NDArray[np.int8] = self._padded.reshape(-1)
        cell_rows, cell_cols = np.divmod(np.arange(shape.cells), shape.cols)
        self._position = ((cell_rows + pad) * width + cell_cols + pad).astype(np.int64)
        steps = np.arange(1, reach + 1)
        self._around = np.concatenate(
            [sign * steps * (dr * width + dc) for dr, dc in _DIRECTIONS for sign in (1, -1)]
        ).astype(np.int64)
        """The offsets, on the padded board, of the cells the win check reads: 8 rays."""
        self._ray_rows = np.concatenate(
            [sign * steps * dr for dr, _ in _DIRECTIONS for sign in (1, -1)]
        ).astype(np.int64)
        self._ray_cols = np.concatenate(
            [sign * steps * dc for _, dc in _DIRECTIONS for sign in (1, -1)]
        ).astype(np.int64)
        """The same rays as row and column steps, which the torus takes modulo its sides."""
        ring = math.lcm(shape.rows, shape.cols)
        self._rings = np.array([shape.cols, shape.rows, ring, ring])
        """How many cells a line in each direction holds on the torus before it comes back."""
        self._reach = reach
        self._game_ids = np.arange(num_games)
        self._origins = self._game_ids * self._area
        self._heights: NDArray[np.int64] = np.zeros((num_games, shape.cols), dtype=np.int64)
        """Under gravity, how many marks each column of each game holds."""
        self.to_move: NDArray[np.int64] = np.zeros(num_games, dtype=np.int64)
        """The seat to move in each game (0 moves first)."""
        self.move_counts: NDArray[np.int64] = np.zeros(num_games, dtype=np.int64)
        """How many marks each game holds."""
        self._rng = np.random.default_rng(check_seed(seed))

    @property
    def boards(self) -> NDArray[np.int8]:
        """A read-only ``(N, rows, cols)`` view of the cells: 0 empty, p + 1 for seat p."""
        view = self._cells.reshape(self.num_games, self.shape.rows, self.shape.cols)
        view.flags.writeable = False
        return view

    def reset(self, seed: int | None = None) -> None:
        """Start every game again; a ``seed`` reseeds :meth:`random_actions`.

        Raises:
            WrongType: ``seed`` is not an int or None.
            InvalidArgument: a negative seed.
        """
        seed = check_seed(seed)
        self.restart(np.ones(self.num_games, dtype=bool))
        if seed is not None:
            self._rng = np.random.default_rng(seed)

    def legal_mask(self) -> NDArray[np.int8]:
        """``(N, rows * cols)`` int8: 1 where the player to move may play.

        Under gravity it is ``(N, cols)``: 1 for each open column, one whose top cell is free.
        Never all zeros after :meth:`step`: a game with no free cell has ended and restarted.
        """
        mask: NDArray[np.int8] = (self._cells[:, : self.shape.actions] == 0).view(np.int8)
        return mask

    def observation(self, seats: ArrayLike | None = None) -> NDArray[np.int8]:
        """``(N, rows, cols, players)`` 0/1 int8 planes, each game seen by one seat.

        Plane 0 holds the observer's marks, then the next players' in turn order. The
        observer is each game's player to move, or ``seats`` (one int, or one per game).

        Raises:
            InvalidArgument: ``seats`` is not one seat or ``N`` seats from 0 to
                ``players - 1``.
        """
        shape = self.shape
        players = shape.players
        cells = self._cells
        observers = self.to_move if seats is None else self._seats(seats)
        planes = np.empty((*cells.shape, players), dtype=np.int8)
        for plane in range(players):
            owner = (observers + plane) % players + 1
            np.equal(cells, owner.astype(np.int8)[:, None], out=planes[..., plane])
        return planes.reshape(self.num_games, shape.rows, shape.cols, players)

    def _seats(self, seats: ArrayLike) -> NDArray[np.int64]:
        """``seats`` as one seat per game, checked."""
        wanted = _array(seats)
        players = self.shape.players
        if (
            wanted is None
            or wanted.dtype.kind not in "iu"
            or wanted.shape not in ((), (self.num_games,))
            or ((wanted < 0) | (wanted >= players)).any()
        ):
            raise InvalidArgument(
                f"seats must be one seat or {self.num_games} seats from 0 to {players - 1}, "
                f"got {shown(seats)}"
            )
        return np.broadcast_to(wanted, (self.num_games,)).astype(np.int64)

    def random_actions(self) -> NDArray[np.int64]:
        """One uniformly random legal action per game.

        A game that has ended and awaits :meth:`restart` has none; it gets any action.
        """
        # action a is legal when cell a is free: the cell itself, or under gravity the top
        # cell of column a, which row-major order numbers a too
        cells = self.shape.actions
        actions = self._rng.integers(0, cells, self.num_games)
        pending = self._game_ids
        for _ in range(_REJECTION_ROUNDS):
            taken = self._cells[pending, actions[pending]] != 0
            pending = pending[taken]
            if pending.size == 0:
                return actions
            actions[pending] = self._rng.integers(0, cells, pending.size)
        free = self._cells[pending, :cells] == 0
        scores = self._rng.random((pending.size, cells), dtype=np.float32) + free
        actions[pending] = scores.argmax(axis=1)
        return actions

    def step(self, actions: ArrayLike) -> tuple[NDArray[np.float32], NDArray[np.bool_]]:
        """Play one action per game for its player to move; games that end start again.

        An action off the board or on a taken cell (under gravity, a full column) ends its
        game with -1 for the mover and 0 for the others; it never raises. This is
        :meth:`play` then :meth:`restart` of the games that ended.

        Returns:
            ``rewards``, ``(N, players)`` float32 indexed by seat: +1 the winner, -1 the
            others (under misère the line's maker gets -1, its rival +1), 0 on a draw and
            while play goes on; and ``done``, ``(N,)`` bool: the games that ended (and have
            started again).

        Raises:
            InvalidArgument: ``actions`` is not ``N`` integers.
        """
        rewards, done = self.play(actions)
        if done.any():
            self.restart(done)
        return rewards, done

    def play(
        self, actions: ArrayLike, *, active: NDArray[np.bool_] | None = None
    ) -> tuple[NDArray[np.float32], NDArray[np.bool_]]:
        """Like :meth:`step`, but games that end stay as they ended until :meth:`restart`.

        Args:
            actions: one action per game.
            active: which games move (default all); the others, ended ones included, keep
                their state and report no reward.

        Raises:
            InvalidArgument: ``actions`` is not ``N`` integers, or ``active`` not ``N`` bools.
        """
        wanted = _array(actions)
        if wanted is None or wanted.shape != (self.num_games,) or wanted.dtype.kind not in "iu":
            raise InvalidArgument(
                f"actions must be {self.num_games} integers, got {_described(actions, wanted)}"
            )
        moving = np.ones(self.num_games, dtype=bool) if active is None else self._mask(active)
        shape = self.shape
        on_board = (wanted >= 0) & (wanted < shape.actions)
        action = np.where(on_board, wanted, 0)
        ids = self._game_ids
        if shape.gravity:
            heights = self._heights[ids, action]
            free = heights < shape.rows
            cell = np.maximum(shape.rows - 1 - heights, 0) * shape.cols + action
        else:
            cell = action
            free = self._cells[ids, cell] == 0
        legal = moving & on_board & free
        illegal = moving & ~legal
        where = self._origins + self._position[cell]
        marks = (self.to_move + 1).astype(np.int8)
        self._flat[where[legal]] = marks[legal]
        self._cells[ids[legal], cell[legal]] = marks[legal]
        if shape.gravity:
            self._heights[ids[legal], action[legal]] += 1
        self.move_counts += legal
        won = legal & self._completes_line(where, cell, marks)
        drawn = legal & ~won & (self.move_counts == shape.cells)
        done = won | drawn | illegal
        rewards = np.zeros((self.num_games, shape.players), dtype=np.float32)
        if shape.misere:  # two players: the line's maker loses, its rival wins
            rewards[won] = 1.0
            rewards[won, self.to_move[won]] = -1.0
        else:
            rewards[won] = -1.0
            rewards[won, self.to_move[won]] = 1.0
        rewards[illegal, self.to_move[illegal]] = -1.0
        self.to_move = np.where(legal & ~done, (self.to_move + 1) % shape.players, self.to_move)
        return rewards, done

    def restart(self, games: NDArray[np.bool_]) -> None:
        """Empty the boards of ``games`` (a ``(N,)`` bool mask); seat 0 moves first again.

        Raises:
            InvalidArgument: ``games`` is not ``N`` bools.
        """
        games = self._mask(games)
        self._padded[games] = 0
        self._cells[games] = 0
        self._heights[games] = 0
        self.move_counts[games] = 0
        self.to_move[games] = 0

    def _mask(self, games: object) -> NDArray[np.bool_]:
        """``games`` checked as a mask of the games: ``N`` bools."""
        wanted = _array(games)
        if wanted is None or wanted.shape != (self.num_games,) or wanted.dtype != np.bool_:
            raise InvalidArgument(
                f"a mask of the games is {self.num_games} bools, got {_described(games, wanted)}"
            )
        return wanted

    def _completes_line(
        self, where: NDArray[np.int64], cell: NDArray[np.int64], marks: NDArray[np.int8]
    ) -> NDArray[np.bool_]:
        """Whether the mark just placed in each game makes k in a row.

        ``where`` is its flat position on the padded boards, ``cell`` its cell in the game.
        """
        shape = self.shape
        reach = self._reach
        if shape.torus:
            rows, cols = np.divmod(cell, shape.cols)
            ray_rows = (rows[:, None] + self._ray_rows) % shape.rows
            ray_cols = (cols[:, None] + self._ray_cols) % shape.cols
            around = self._flat[self._origins[:, None] + ray_rows * shape.cols + ray_cols]
        else:
            around = self._flat[where[:, None] + self._around]
        same = (around == marks[:, None]).reshape(self.num_games, 8, reach)
        # the run on each side is the number of leading matches: step out while they last
        runs = np.ones((self.num_games, 8), dtype=np.int32)
        going: NDArray[np.bool_] = np.ones((self.num_games, 8), dtype=bool)
        for step in range(reach):
            np.logical_and(going, same[:, :, step], out=going)
            runs += going
        lines = runs[:, 0::2] + runs[:, 1::2] - 1
        if not shape.exact:
            # on the torus a run that comes round to meet itself is a whole ring of the mark,
            # and every ring holds at least k cells: a line all the same
            hit = lines >= shape.k
        elif shape.torus:
            # exactly k, flanked by other cells; or a whole ring of exactly k cells, where the
            # ray comes back to the mark itself after k steps and the run reads as an overline
            whole_ring = (self._rings == shape.k) & (runs[:, 0::2] > shape.k)
            hit = (lines == shape.k) | whole_ring
        else:
            hit = lines == shape.k
        return np.asarray(hit.any(axis=1), dtype=np.bool_)


def _count_of_games(num_games: object, area: int) -> int:
    """``num_games`` checked: at least 1, and their boards of ``area`` cells all in memory."""
    count = as_int("num_games", num_games)
    if not 1 <= count <= MAX_TOTAL_CELLS // area:
        raise InvalidArgument(
            f"num_games={shown(count)} must be from 1 to {MAX_TOTAL_CELLS // area:,} for this board"
        )
    return count


def _array(value: object) -> NDArray[Any] | None:
    """``value`` as a NumPy array, or None when NumPy cannot make one (ragged lists)."""
    try:
        return np.asarray(value)
    except (ValueError, TypeError, OverflowError):
        return None


def _described(value: object, array: NDArray[Any] | None) -> str:
    """What an array argument turned out to be, for a message."""
    if array is None:
        return f"{type(value).__name__} {shown(value)}, which is no array"
    return f"shape {array.shape} of {array.dtype}"
