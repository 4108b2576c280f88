"""VectorGame against the public Game: every step of thousands of random games, many shapes."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_rl_referee import Referee

import tictactoe as ttt
from tictactoe.rl import VectorGame

AGREEMENT = [
    pytest.param((3, 3, 3, 2, False), 3000, id="3x3"),
    pytest.param((4, 4, 3, 2, False), 1500, id="4x4-k3"),
    pytest.param((6, 7, 4, 2, False), 1000, id="6x7-k4"),
    pytest.param((5, 5, 4, 3, False), 1000, id="5x5-k4-3p"),
    pytest.param((4, 4, 3, 4, False), 1000, id="4x4-k3-4p"),
    pytest.param((2, 9, 4, 2, False), 1000, id="2x9-k4"),
    pytest.param((7, 7, 4, 2, True), 600, id="7x7-k4-exact"),
    pytest.param((3, 4, 1, 2, False), 500, id="3x4-k1"),
    pytest.param((15, 15, 5, 2, False), 60, id="15x15-k5"),
]


def drive(vector: VectorGame, finished_wanted: int, rng: random.Random, *, illegal: float = 0.0):
    """Step ``vector`` with random actions until enough games end; check each step on Game.

    Returns how many games ended, by how: won, drawn, illegal.
    """
    shape = vector.shape
    referees = [
        Referee(shape.rows, shape.cols, shape.k, shape.players, exact=shape.exact)
        for _ in range(vector.num_games)
    ]
    endings = {"won": 0, "drawn": 0, "illegal": 0}
    while sum(endings.values()) < finished_wanted:
        masks, planes = vector.legal_mask(), vector.observation()
        actions = vector.random_actions()
        for game, referee in enumerate(referees):
            assert vector.to_move[game] == referee.seat
            assert np.array_equal(masks[game], referee.mask())
            assert np.array_equal(planes[game], referee.planes(referee.seat))
            assert masks[game, actions[game]] == 1
            if rng.random() < illegal:
                actions[game] = rng.choice([-1, shape.cells, rng.randrange(shape.cells)])
        rewards, done = vector.step(actions)
        for game, referee in enumerate(referees):
            expected_rewards, expected_done = referee.play(int(actions[game]))
            assert done[game] == expected_done
            assert rewards[game].tolist() == expected_rewards
            if expected_done:
                if referee.game.winner is not None:
                    endings["won"] += 1
                elif referee.game.is_over:
                    endings["drawn"] += 1
                else:
                    endings["illegal"] += 1
                referees[game] = Referee(
                    shape.rows, shape.cols, shape.k, shape.players, exact=shape.exact
                )
    return endings


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "games"), AGREEMENT)
def test_every_finished_game_agrees_with_game(shape: tuple[int, int, int, int, bool], games: int):
    rows, cols, k, players, exact = shape
    vector = VectorGame(32, rows, cols, k, players=players, exact=exact, seed=games)
    endings = drive(vector, games, random.Random(games))
    assert endings["won"] > 0
    assert endings["illegal"] == 0


@given(
    shape=st.sampled_from([(3, 3, 3, 2), (4, 5, 3, 3), (5, 5, 4, 2), (3, 3, 2, 4)]),
    seed=st.integers(0, 2**32 - 1),
)
def test_illegal_actions_end_their_game_with_minus_one_for_the_mover(
    shape: tuple[int, int, int, int], seed: int
):
    vector = VectorGame(4, *shape[:3], players=shape[3], seed=seed)
    endings = drive(vector, 12, random.Random(seed), illegal=0.2)
    assert sum(endings.values()) >= 12


def test_a_win_a_loss_and_a_restart_in_one_step():
    vector = VectorGame(2, 3)
    for actions in ([0, 0], [3, 1], [1, 3], [4, 4]):
        vector.step(actions)
    rewards, done = vector.step([2, 8])  # game 0: X completes the top row; game 1 goes on
    assert done.tolist() == [True, False]
    assert rewards.tolist() == [[1.0, -1.0], [0.0, 0.0]]
    assert vector.boards[0].sum() == 0
    assert vector.move_counts.tolist() == [0, 5]
    assert vector.to_move.tolist() == [0, 1]


def test_the_mask_is_never_all_zeros_after_a_step():
    vector = VectorGame(64, 3, k=3, seed=5)
    for _ in range(200):
        vector.step(vector.random_actions())
        assert (vector.legal_mask().sum(axis=1) > 0).all()


@pytest.mark.parametrize(
    "opening",
    [[], [0, 1, 2, 4, 3, 5, 7]],  # the second leaves cells 6 and 8, and nobody has won
    ids=["empty board", "two cells free"],
)
def test_random_actions_are_uniform_over_the_free_cells(opening: list[int]):
    vector = VectorGame(9000, 3, seed=2)
    for action in opening:
        vector.step(np.full(9000, action))
    counts = np.bincount(vector.random_actions(), minlength=9)
    free = [cell for cell in range(9) if cell not in opening]
    assert counts[opening].sum() == 0
    expected = 9000 / len(free)
    assert np.abs(counts[free] - expected).max() < 5 * np.sqrt(expected)


def test_observation_for_a_given_seat():
    vector = VectorGame(1, 3, players=3)
    vector.step([4])  # X in the centre; O to move
    assert vector.observation()[0, 1, 1].tolist() == [0, 0, 1]
    assert vector.observation(0)[0, 1, 1].tolist() == [1, 0, 0]
    assert vector.observation([2])[0, 1, 1].tolist() == [0, 1, 0]


@pytest.mark.parametrize("seats", [3, -1, [0], [0, 1, 2], 0.0, "0"])
def test_observation_for_seats_that_are_not_seats_is_refused(seats: object):
    vector = VectorGame(2, 3, players=3)
    with pytest.raises(ttt.InvalidArgument, match="seats must be one seat or 2 seats from 0 to 2"):
        vector.observation(seats)  # type: ignore[arg-type]


def test_play_leaves_ended_games_until_restart_and_skips_inactive_ones():
    vector = VectorGame(2, 1, 2, k=1)
    rewards, done = vector.play([0, 0], active=np.array([True, False]))
    assert done.tolist() == [True, False]
    assert rewards.tolist() == [[1.0, -1.0], [0.0, 0.0]]
    assert vector.boards.tolist() == [[[1, 0]], [[0, 0]]]
    vector.restart(done)
    assert vector.boards.tolist() == [[[0, 0]], [[0, 0]]]


def test_reset_empties_every_game_and_reseeds():
    vector = VectorGame(8, 4, k=3, seed=1)
    first = vector.random_actions()
    vector.step(first)
    vector.reset(seed=1)
    assert vector.boards.sum() == 0
    assert vector.to_move.sum() == 0
    assert np.array_equal(vector.random_actions(), first)


def test_boards_are_read_only():
    vector = VectorGame(1, 3)
    with pytest.raises(ValueError, match="read-only"):
        vector.boards[0, 0, 0] = 1


@pytest.mark.parametrize("actions", [[0.0, 1.0], [0], [[0, 1]], ["a", "b"]])
def test_malformed_actions_raise(actions: object):
    vector = VectorGame(2, 3)
    with pytest.raises(ttt.InvalidArgument, match="actions must be 2 integers"):
        vector.step(actions)


def test_the_unbounded_grid_and_bad_sizes_are_refused():
    with pytest.raises(ttt.InvalidGame, match="unbounded grid has no fixed-shape observation"):
        VectorGame(4, None, k=5)
    with pytest.raises(ttt.InvalidGame, match="k=4 must be between 1 and 3"):
        VectorGame(4, 3, k=4)
    with pytest.raises(ttt.InvalidArgument, match="num_games=0"):
        VectorGame(0, 3)
    with pytest.raises(ttt.InvalidGame, match="players=9"):
        VectorGame(1, 3, players=9)
