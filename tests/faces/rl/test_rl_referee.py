"""The referee the RL tests check the environments against: the public Game, read cell by cell.

It shares no code with ``tictactoe.rl``: it plays every action through ``Game.move`` and builds
each observation from ``Game.cell``. Its own tests check it against the brute-force oracle.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from numpy.typing import NDArray
from support.oracle import judge, marks_of

import tictactoe as ttt

SHAPES = [
    pytest.param((3, 3, 3, 2), id="3x3"),
    pytest.param((15, 15, 5, 2), id="15x15-k5"),
    pytest.param((6, 7, 4, 2), id="6x7-k4"),
    pytest.param((5, 5, 4, 3), id="5x5-k4-3p"),
    pytest.param((4, 4, 3, 4), id="4x4-k3-4p"),
]
"""The shapes the issue names for the ecosystems' API tests: rows, cols, k, players."""


class Referee:
    """One game refereed through the public ``Game``, with the RL conventions spelt out."""

    def __init__(self, rows: int, cols: int, k: int, players: int, *, exact: bool = False):
        self.game = ttt.Game(rows, cols, k, players=players, exact=exact)
        self.rows, self.cols, self.players = rows, cols, players

    @property
    def seat(self) -> int:
        return self.game.players.index(self.game.turn)

    def play(self, action: object) -> tuple[list[float], bool]:
        """Each seat's reward and whether the game ended; illegal: -1 to the mover, over."""
        seat = self.seat
        legal = (
            isinstance(action, int | np.integer)
            and not isinstance(action, bool)
            and 0 <= int(action) < self.rows * self.cols
            and self.game.cell(*divmod(int(action), self.cols)) is None
        )
        if not legal:
            return [-1.0 if other == seat else 0.0 for other in range(self.players)], True
        self.game.move(*divmod(int(action), self.cols))
        if not self.game.is_over:
            return [0.0] * self.players, False
        winner = self.game.winner
        if winner is None:
            return [0.0] * self.players, True
        won = self.game.players.index(winner)
        return [1.0 if other == won else -1.0 for other in range(self.players)], True

    def planes(self, observer: int) -> NDArray[np.int8]:
        """The board as ``observer`` sees it: its marks in plane 0, the next player's in 1..."""
        planes = np.zeros((self.rows, self.cols, self.players), dtype=np.int8)
        for row in range(self.rows):
            for col in range(self.cols):
                mark = self.game.cell(row, col)
                if mark is not None:
                    owner = self.game.players.index(mark)
                    planes[row, col, (owner - observer) % self.players] = 1
        return planes

    def mask(self) -> NDArray[np.int8]:
        """1 on each free cell, row-major; all zeros once the game is over."""
        free = [
            0 if self.game.is_over else int(self.game.cell(row, col) is None)
            for row in range(self.rows)
            for col in range(self.cols)
        ]
        return np.array(free, dtype=np.int8)

    def random_legal(self, rng: random.Random) -> int:
        return int(rng.choice(np.flatnonzero(self.mask())))


@pytest.mark.parametrize("shape", [(3, 3, 3, 2), (5, 5, 4, 3), (4, 6, 3, 2)])
def test_the_referee_agrees_with_the_brute_force_oracle(shape: tuple[int, int, int, int]):
    rng = random.Random(11)
    for _ in range(200):
        referee = Referee(*shape)
        done = False
        while not done:
            action = referee.random_legal(rng)
            rewards, done = referee.play(action)
            verdict = judge(marks_of(referee.game), shape[2], divmod(action, shape[1]))
            if verdict.winner is None:
                assert rewards == [0.0] * shape[3]
                assert done == (len(referee.game.moves) == shape[0] * shape[1])
            else:
                won = referee.game.players.index(verdict.winner)
                assert done
                assert rewards[won] == 1.0
                assert sorted(rewards) == [-1.0] * (shape[3] - 1) + [1.0]


def test_the_referees_planes_put_each_players_marks_in_its_own_plane():
    referee = Referee(3, 3, 3, 3)
    for action in (0, 4, 8):  # X, O, Y
        referee.play(action)
    assert referee.planes(0)[0, 0].tolist() == [1, 0, 0]
    assert referee.planes(0)[1, 1].tolist() == [0, 1, 0]
    assert referee.planes(1)[1, 1].tolist() == [1, 0, 0]
    assert referee.planes(1)[0, 0].tolist() == [0, 0, 1]  # X plays two turns after O
    assert referee.planes(2)[2, 2].tolist() == [1, 0, 0]
