"""Gravity, the torus and misère in every RL face, checked against the public Game.

The referee here extends the one in ``test_rl_referee``: it plays through ``Game.move`` and
reads ``Game.cell``, and under gravity it finds a column's landing cell by scanning the column
itself. Its own tests check it against the brute-force oracles of the core's tests.
"""

from __future__ import annotations

import random
import warnings
from typing import Any, NamedTuple

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st
from numpy.typing import NDArray
from pettingzoo.test import api_test, parallel_api_test, seed_test
from support.oracle import judge, marks_of, maximal_runs
from support.variants import landing_cells, torus_lines
from test_rl_pettingzoo import API_TEST_NOTES, only_notes
from test_rl_referee import Referee

import tictactoe as ttt
from tictactoe.rl import ENV_ID, MNKEnv, MNKVectorEnv, VectorGame, env, parallel_env


class Variant(NamedTuple):
    """A game for the tests: its sizes and rules, as the faces take them."""

    rows: int
    cols: int
    k: int
    players: int = 2
    exact: bool = False
    misere: bool = False
    gravity: bool = False
    torus: bool = False

    @property
    def options(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "exact": self.exact,
            "misere": self.misere,
            "gravity": self.gravity,
            "torus": self.torus,
        }

    @property
    def actions(self) -> int:
        return self.cols if self.gravity else self.rows * self.cols


CONNECT_FOUR = Variant(6, 7, 4, gravity=True)
VARIANTS = [
    pytest.param(CONNECT_FOUR, 2000, id="connect-four"),
    pytest.param(Variant(4, 5, 3, gravity=True), 1500, id="gravity-4x5-k3"),
    pytest.param(Variant(5, 5, 4, players=3, gravity=True), 800, id="gravity-5x5-k4-3p"),
    pytest.param(Variant(6, 7, 4, exact=True, gravity=True), 800, id="gravity-exact"),
    pytest.param(Variant(6, 7, 4, misere=True, gravity=True), 800, id="gravity-misere"),
    pytest.param(Variant(3, 3, 3, torus=True), 2000, id="torus-3x3"),
    pytest.param(Variant(5, 5, 4, torus=True), 1500, id="torus-5x5-k4"),
    pytest.param(Variant(4, 6, 4, torus=True), 1000, id="torus-4x6-k4"),
    pytest.param(Variant(4, 6, 4, exact=True, torus=True), 1000, id="torus-4x6-k4-exact"),
    pytest.param(Variant(5, 5, 3, exact=True, torus=True), 1000, id="torus-5x5-k3-exact"),
    pytest.param(Variant(5, 5, 3, players=3, torus=True), 800, id="torus-5x5-k3-3p"),
    pytest.param(Variant(1, 4, 1, exact=True, torus=True), 300, id="torus-1x4-k1-exact"),
    pytest.param(Variant(3, 3, 3, misere=True), 2000, id="misere-3x3"),
    pytest.param(Variant(4, 4, 3, exact=True, misere=True), 1000, id="misere-4x4-k3-exact"),
    pytest.param(Variant(6, 7, 4, gravity=True, torus=True), 800, id="gravity-torus"),
    pytest.param(
        Variant(5, 6, 4, misere=True, gravity=True, torus=True), 600, id="gravity-torus-misere"
    ),
]
SMALL = [
    Variant(4, 5, 3, gravity=True),
    Variant(4, 4, 3, players=3, gravity=True),
    Variant(4, 4, 3, torus=True),
    Variant(3, 4, 3, exact=True, torus=True),
    Variant(3, 3, 3, misere=True),
    Variant(4, 4, 3, misere=True, gravity=True, torus=True),
]


class VariantReferee(Referee):
    """One game refereed through the public ``Game``; under gravity an action is a column."""

    def __init__(self, variant: Variant):
        self.game = ttt.Game(variant.rows, variant.cols, variant.k, **variant.options)
        self.rows, self.cols, self.players = variant.rows, variant.cols, variant.players
        self.variant = variant

    def cell_of(self, action: object) -> ttt.Cell | None:
        """The cell ``action`` plays, or None when it is illegal."""
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            return None
        index = int(action)
        if not 0 <= index < self.variant.actions or self.game.is_over:
            return None
        if not self.variant.gravity:
            cell = divmod(index, self.cols)
            return cell if self.game.cell(*cell) is None else None
        free_rows = [row for row in range(self.rows) if self.game.cell(row, index) is None]
        return (max(free_rows), index) if free_rows else None

    def play(self, action: object) -> tuple[list[float], bool]:
        """Each seat's reward and whether the game ended; illegal: -1 to the mover, over."""
        seat = self.seat
        cell = self.cell_of(action)
        if cell is None:
            return [-1.0 if other == seat else 0.0 for other in range(self.players)], True
        self.game.move(*cell)
        if not self.game.is_over:
            return [0.0] * self.players, False
        winner = self.game.winner
        if winner is None:
            return [0.0] * self.players, True
        won = self.game.players.index(winner)
        return [1.0 if other == won else -1.0 for other in range(self.players)], True

    def mask(self) -> NDArray[np.int8]:
        """1 for each legal action; all zeros once the game is over."""
        legal = [int(self.cell_of(action) is not None) for action in range(self.variant.actions)]
        return np.array(legal, dtype=np.int8)


def test_the_referee_agrees_with_the_brute_force_oracles():
    rng = random.Random(3)
    for variant in SMALL:
        for _ in range(150):
            referee = VariantReferee(variant)
            done = False
            while not done:
                cells = marks_of(referee.game)
                if variant.gravity:
                    landing = landing_cells(cells, variant.rows, variant.cols)
                    assert {(row, col) for row, col in landing} == {
                        (referee.cell_of(col) or (-1, -1)) for col in np.flatnonzero(referee.mask())
                    }
                mover = referee.game.turn
                action = referee.random_legal(rng)
                cell = referee.cell_of(action)
                assert cell is not None
                rewards, done = referee.play(action)
                cells = marks_of(referee.game)
                if variant.torus:
                    made = torus_lines(
                        cells, variant.rows, variant.cols, variant.k, exact=variant.exact
                    )
                    line_made = mover in made
                else:
                    verdict = judge(cells, variant.k, cell, exact=variant.exact)
                    line_made = verdict.winner is not None
                if line_made:
                    winner = referee.game.winner
                    assert done
                    assert (winner is not mover) if variant.misere else (winner is mover)
                    assert rewards[referee.game.players.index(mover)] == (
                        -1.0 if variant.misere else 1.0
                    )
                else:
                    assert rewards == [0.0] * variant.players
                    assert done == (len(referee.game.moves) == variant.rows * variant.cols)


def drive(
    vector: VectorGame, variant: Variant, finished_wanted: int, rng: random.Random, illegal: float
) -> dict[str, int]:
    """Step ``vector`` with random actions until enough games end; check each step on Game."""
    referees = [VariantReferee(variant) for _ in range(vector.num_games)]
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
                actions[game] = rng.choice([-1, variant.actions, rng.randrange(variant.actions)])
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
                referees[game] = VariantReferee(variant)
    return endings


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "games"), VARIANTS)
def test_thousands_of_vector_games_agree_with_game(variant: Variant, games: int):
    vector = VectorGame(32, variant.rows, variant.cols, variant.k, **variant.options, seed=games)
    endings = drive(vector, variant, games, random.Random(games), illegal=0.0)
    assert endings["won"] > 0
    assert endings["illegal"] == 0


@pytest.mark.parametrize(("variant", "games"), VARIANTS)
def test_vector_games_agree_with_game(variant: Variant, games: int):
    vector = VectorGame(16, variant.rows, variant.cols, variant.k, **variant.options, seed=games)
    endings = drive(vector, variant, games // 20, random.Random(games), illegal=0.0)
    assert endings["illegal"] == 0


@given(
    variant=st.sampled_from(SMALL),
    actions=st.lists(st.integers(-2, 20), min_size=1, max_size=80),
)
def test_any_actions_at_all_give_what_game_gives(variant: Variant, actions: list[int]):
    vector = VectorGame(1, variant.rows, variant.cols, variant.k, **variant.options, seed=0)
    referee = VariantReferee(variant)
    for action in actions:
        assert np.array_equal(vector.legal_mask()[0], referee.mask())
        assert np.array_equal(vector.observation()[0], referee.planes(referee.seat))
        rewards, done = vector.step([action])
        expected_rewards, expected_done = referee.play(action)
        assert (rewards[0].tolist(), bool(done[0])) == (expected_rewards, expected_done)
        if expected_done:
            referee = VariantReferee(variant)


@given(variant=st.sampled_from(SMALL), seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_end_their_game_with_minus_one_for_the_mover(variant: Variant, seed: int):
    vector = VectorGame(4, variant.rows, variant.cols, variant.k, **variant.options, seed=seed)
    endings = drive(vector, variant, 12, random.Random(seed), illegal=0.2)
    assert sum(endings.values()) >= 12


def test_a_connect_four_column_fills_and_then_is_illegal():
    vector = VectorGame(1, 6, 7, k=4, gravity=True)
    for _ in range(6):  # X and O take turns in column 0 (no four: they alternate)
        assert vector.legal_mask()[0].tolist() == [1] * 7
        rewards, done = vector.step([0])
        assert not done[0]
    assert vector.boards[0, :, 0].tolist() == [2, 1, 2, 1, 2, 1]
    assert vector.legal_mask()[0].tolist() == [0, 1, 1, 1, 1, 1, 1]
    rewards, done = vector.step([0])
    assert done.tolist() == [True]
    assert rewards.tolist() == [[-1.0, 0.0]]  # X played into the full column


def test_connect_four_a_vertical_four_wins_and_misere_loses_it():
    for misere, expected in ((False, [1.0, -1.0]), (True, [-1.0, 1.0])):
        vector = VectorGame(1, 6, 7, k=4, gravity=True, misere=misere)
        for action in (3, 4, 3, 4, 3, 4):
            assert not vector.step([action])[1][0]
        assert vector.boards[0, 2:, 3].tolist() == [0, 1, 1, 1]
        rewards, done = vector.step([3])
        assert done.tolist() == [True]
        assert rewards.tolist() == [expected]


@pytest.mark.parametrize(
    ("variant", "moves", "over"),
    [
        # a column of a 4x6 torus is a ring of 4: exactly four of X fill it, and that wins
        (Variant(4, 6, 4, exact=True, torus=True), [0, 2, 6, 8, 12, 14, 18], True),
        # a row of a 4x6 torus is a ring of 6: X's cols 4, 5, 0, 1, 2 are an overline, no win
        (Variant(4, 6, 4, exact=True, torus=True), [0, 13, 2, 15, 4, 17, 1, 20, 5], False),
        # freestyle on the same ring: four of X over the edge (cols 3, 4, 0, 1) win
        (Variant(5, 5, 4, torus=True), [3, 5, 4, 6, 0, 12, 1], True),
    ],
    ids=["ring-of-exactly-k", "ring-overline", "over-the-edge"],
)
def test_lines_round_the_torus(variant: Variant, moves: list[int], over: bool):
    vector = VectorGame(1, variant.rows, variant.cols, variant.k, **variant.options)
    referee = VariantReferee(variant)
    for action in moves:
        rewards, done = vector.play([action])
        expected_rewards, expected_done = referee.play(action)
        assert (rewards[0].tolist(), bool(done[0])) == (expected_rewards, expected_done)
    assert bool(done[0]) is over
    assert referee.game.is_over is over
    if over:
        assert rewards[0].tolist() == [1.0, -1.0]


def test_gravity_game_tells_the_same_as_drop():
    referee = VariantReferee(CONNECT_FOUR)
    rng = random.Random(1)
    twin = ttt.Game(6, 7, 4, gravity=True)
    while not referee.game.is_over:
        action = referee.random_legal(rng)
        referee.play(action)
        twin.drop(action)
        assert twin.moves == referee.game.moves


def aec_episode(aec: Any, referee: VariantReferee, rng: random.Random) -> None:
    """One random game through the AEC env and the referee together, compared each turn."""
    aec.reset()
    expected_rewards: list[float] = []
    for agent in aec.agent_iter():
        observation, reward, terminated, _, _ = aec.last()
        seat = int(agent.split("_")[1])
        assert np.array_equal(observation["observation"], referee.planes(seat))
        if terminated:
            assert reward == expected_rewards[seat]
            aec.step(None)
            continue
        assert np.array_equal(observation["action_mask"], referee.mask())
        action = referee.random_legal(rng)
        expected_rewards, _ = referee.play(action)
        aec.step(action)
    assert aec.unwrapped.game.moves == referee.game.moves


@pytest.mark.parametrize("variant", [pytest.param(v, id=str(n)) for n, v in enumerate(SMALL)])
def test_random_games_through_the_aec_env_are_the_games_through_game(variant: Variant):
    rng = random.Random(7)
    aec = env(variant.rows, variant.cols, variant.k, **variant.options)
    for _ in range(30):
        aec_episode(aec, VariantReferee(variant), rng)


def test_random_games_through_the_parallel_env_are_the_games_through_game():
    rng = random.Random(5)
    par = parallel_env(6, 7, 4, gravity=True, misere=True)
    for _ in range(30):
        observations, _ = par.reset()
        referee = VariantReferee(Variant(6, 7, 4, misere=True, gravity=True))
        while par.agents:
            mover = f"player_{referee.seat}"
            assert np.array_equal(observations[mover]["action_mask"], referee.mask())
            action = referee.random_legal(rng)
            expected, done = referee.play(action)
            observations, rewards, terminations, _, _ = par.step({mover: action})
            assert list(rewards.values()) == expected
            assert set(terminations.values()) == {done}
        assert par.game.moves == referee.game.moves


@pytest.mark.parametrize(
    "variant",
    [CONNECT_FOUR, Variant(5, 5, 4, torus=True), Variant(3, 3, 3, misere=True)],
    ids=["connect-four", "torus", "misere"],
)
def test_pettingzoo_and_gymnasium_api_tests(variant: Variant, capsys: pytest.CaptureFixture[str]):
    def build(render_mode: str | None = None) -> Any:
        made = env(variant.rows, variant.cols, variant.k, **variant.options)
        made.unwrapped.render_mode = render_mode
        return made

    with only_notes(API_TEST_NOTES):
        api_test(build(), num_cycles=200)
    with only_notes(set()):
        seed_test(build, num_cycles=50)
        parallel_api_test(
            parallel_env(variant.rows, variant.cols, variant.k, **variant.options), num_cycles=200
        )
    assert "Passed API test" in capsys.readouterr().out
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seat in (0, 1):
            made = gymnasium.make(
                ENV_ID,
                rows=variant.rows,
                cols=variant.cols,
                k=variant.k,
                **variant.options,
                seat=seat,
            )
            check_env(made.unwrapped)


def test_connect_four_has_connect_four_v3s_spaces():
    aec = env(6, 7, 4, gravity=True)
    observation_space = aec.observation_space("player_0")
    assert aec.action_space("player_0") == gymnasium.spaces.Discrete(7)
    assert observation_space["observation"].shape == (6, 7, 2)
    assert observation_space["action_mask"].shape == (7,)
    assert aec.possible_agents == ["player_0", "player_1"]


def test_connect_four_plays_as_connect_four_v3_move_for_move():
    # connect_four_v3's own module, which pettingzoo.classic.connect_four_v3 imports (with a
    # warning about its registry) and which needs pettingzoo[classic]'s pygame
    connect_four_v3 = pytest.importorskip("pettingzoo.classic.connect_four.connect_four")
    rng = random.Random(2)
    for _ in range(50):
        ours, theirs = env(6, 7, 4, gravity=True), connect_four_v3.env()
        ours.reset()
        theirs.reset(seed=0)
        for agent, other in zip(ours.agent_iter(), theirs.agent_iter(), strict=True):
            assert agent == other
            mine, reward, terminated, _, _ = ours.last()
            their, their_reward, their_terminated, _, _ = theirs.last()
            assert np.array_equal(mine["observation"], their["observation"])
            assert (reward, terminated) == (their_reward, their_terminated)
            if not terminated:  # once over, our masks are all zeros; theirs still list columns
                assert np.array_equal(mine["action_mask"], their["action_mask"])
            action = None if terminated else int(rng.choice(np.flatnonzero(mine["action_mask"])))
            ours.step(action)
            theirs.step(action)


def test_the_learner_against_random_connect_four():
    learner = gymnasium.make(ENV_ID, rows=6, cols=7, k=4, gravity=True, seat=1)
    assert learner.action_space == gymnasium.spaces.Discrete(7)
    rng = random.Random(4)
    seen = set()
    for episode in range(60):
        observation, _ = learner.reset(seed=episode)
        assert int(observation["observation"][..., 1].sum()) == 1  # the bot has dropped one
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, reward, terminated, _, _ = learner.step(action)
        final = learner.unwrapped.game
        assert all(move.row == 5 or final.cell(move.row + 1, move.col) for move in final.moves)
        mine = final.players[1]
        expected = 0.0 if final.winner is None else 1.0 if final.winner is mine else -1.0
        assert reward == expected
        seen.add(reward)
    assert {-1.0, 1.0} <= seen


def test_a_bot_that_plays_a_floating_cell_is_an_error():
    for cell in ((0, 0), (5, 3), (5, 9)):  # floating, taken (X has just landed there), off
        learner = MNKEnv(6, 7, 4, gravity=True, opponents=ttt.ScriptedPlayer([cell]))
        learner.reset(seed=0)
        with pytest.raises(
            ttt.BadBotMove, match=rf"chose the illegal move \({cell[0]}, {cell[1]}\)"
        ):
            learner.step(3)


def test_misere_rewards_the_rival_of_the_lines_maker():
    aec = env(3, misere=True)
    aec.reset()
    for action in (0, 3, 1, 4, 2):  # X makes the top row, and loses
        aec.step(action)
    assert aec.rewards == {"player_0": -1.0, "player_1": 1.0}


def test_the_vector_entry_point_and_the_sync_vector_env_have_the_same_spaces():
    options = {"rows": 6, "cols": 7, "k": 4, "gravity": True}
    numpy_games = gymnasium.make_vec(
        ENV_ID, num_envs=3, vectorization_mode="vector_entry_point", **options
    )
    sync_games = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="sync", **options)
    assert isinstance(numpy_games.unwrapped, MNKVectorEnv)
    assert numpy_games.single_action_space == sync_games.single_action_space
    assert numpy_games.single_observation_space == sync_games.single_observation_space
    observations, _ = numpy_games.reset(seed=0)
    assert observations["action_mask"].shape == (3, 7)
    observations, rewards, *_ = numpy_games.step([3, 3, 3])
    assert numpy_games.observation_space.contains(observations)
    assert rewards.tolist() == [0.0, 0.0, 0.0]
    sync_games.close()


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"misere": True, "players": 3}, "misère is for two players, not 3"),
        ({"torus": True, "k": 4}, "k=4 must be at most 3 on a 3×5 torus"),
    ],
)
def test_variants_the_game_refuses_are_refused_by_every_face(options: dict[str, Any], reason: str):
    settings = {"cols": 5, "k": 3, **options}
    for face in (env, parallel_env, MNKEnv):
        with pytest.raises(ttt.InvalidGame, match=reason):
            face(3, **settings)
    with pytest.raises(ttt.InvalidGame, match=reason):
        VectorGame(2, 3, **settings)


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("seat", [0, 1])
def test_vector_env_connect_four_episodes_end_with_the_learners_reward(misere: bool, seat: int):
    games = MNKVectorEnv(16, 6, 7, 4, gravity=True, misere=misere, seat=seat)
    observations, _ = games.reset(seed=seat)
    rng = np.random.default_rng(seat)
    finished = 0
    while finished < 200:
        masks = observations["action_mask"]
        assert masks.shape == (16, 7)
        assert (masks.sum(axis=1) > 0).all()
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
        observations, rewards, terminations, _, infos = games.step(actions)
        assert (rewards[~terminations] == 0).all()
        for game in np.flatnonzero(terminations):
            planes = infos["final_obs"][game]["observation"]
            filled = planes.sum(axis=2)
            assert (filled[:-1] <= filled[1:]).all()  # no mark above an empty cell
            marks = ttt.Mark.for_players(2)
            cells = {
                (row, col): marks[(seat + plane) % 2]
                for row, col, plane in zip(*np.nonzero(planes), strict=True)
            }
            made = {mark for _, mark, run in maximal_runs(cells) if len(run) >= 4}
            assert len(made) <= 1
            if not made:
                assert len(cells) == 42
                expected = 0.0
            else:
                maker_is_me = made == {marks[seat]}
                expected = 1.0 if maker_is_me != misere else -1.0
            assert rewards[game] == expected
            finished += 1
