"""The Gymnasium faces: ``tictactoe/MNK-v0`` under check_env, its opponents and its vector form."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given
from hypothesis import strategies as st
from support.oracle import maximal_runs
from test_rl_referee import SHAPES

import tictactoe as ttt
from tictactoe.rl import ENV_ID, MNKEnv, MNKVectorEnv

Shape = tuple[int, int, int, int]


def make(shape: Shape, **options: object) -> MNKEnv:
    rows, cols, k, players = shape
    made = gymnasium.make(ENV_ID, rows=rows, cols=cols, k=k, players=players, **options)
    assert isinstance(made.unwrapped, MNKEnv)
    return made.unwrapped


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("seat", [0, 1])
def test_gymnasium_check_env(shape: Shape, seat: int):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(make(shape, seat=seat))
        check_env(make(shape, seat=seat, render_mode="ansi"))


def test_importing_tictactoe_rl_registers_the_environment():
    spec = gymnasium.spec(ENV_ID)
    assert spec.entry_point == "tictactoe.rl.gym_env:MNKEnv"
    assert spec.vector_entry_point == "tictactoe.rl.vector_env:MNKVectorEnv"


def random_episode(game: MNKEnv, rng: random.Random, seed: int) -> tuple[float, ttt.Game]:
    observation, _ = game.reset(seed=seed)
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, _ = game.step(action)
        assert not truncated
        if terminated:
            assert observation["action_mask"].sum() == 0
            return float(reward), game.game
        assert observation["action_mask"].sum() > 0
        assert reward == 0.0


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_the_reward_is_the_learners_however_the_game_ends(seat: int):
    game = make((4, 4, 3, 3), seat=seat)
    rng = random.Random(seat)
    seen = set()
    for episode in range(150):
        reward, final = random_episode(game, rng, episode)
        mine = final.players[seat]
        expected = 0.0 if final.winner is None else 1.0 if final.winner is mine else -1.0
        assert reward == expected
        seen.add(reward)
        assert all(move.mark is mine for move in final.moves[seat::3])
    assert seen == {-1.0, 0.0, 1.0}


def test_against_the_perfect_bot_the_learner_never_wins():
    game = make((3, 3, 3, 2), opponents=ttt.PerfectBot())
    rng = random.Random(0)
    rewards = {random_episode(game, rng, seed)[0] for seed in range(40)}
    assert 1.0 not in rewards
    assert -1.0 in rewards


def test_bots_for_big_boards_and_one_player_per_seat():
    game = MNKEnv(
        9,
        k=4,
        players=3,
        opponents=[ttt.HeuristicBot(seed=1, limit=ttt.Limit(nodes=20)), ttt.RandomBot(2)],
    )
    reward, final = random_episode(game, random.Random(1), 0)
    assert final.is_over
    assert reward in (-1.0, 0.0, 1.0)


def test_seat_one_sees_the_first_move_already_played():
    observation, _ = make((3, 3, 3, 2), seat=1).reset(seed=4)
    assert observation["observation"][..., 1].sum() == 1  # the opponent's mark, in plane 1
    assert observation["observation"][..., 0].sum() == 0
    assert observation["action_mask"].sum() == 8


def test_seeded_resets_replay_the_same_opponent_moves():
    first, second = make((5, 5, 4, 2)), make((5, 5, 4, 2))
    for game in (first, second):
        observation, _ = game.reset(seed=9)
        for _ in range(4):
            observation, *_ = game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert first.game.moves == second.game.moves


@pytest.mark.parametrize("illegal", [-1, 9, 4, 1.5, None])
def test_an_illegal_action_ends_the_episode_with_minus_one(illegal: object):
    game = make((3, 3, 3, 2), opponents=ttt.ScriptedPlayer([(0, 0)]))
    game.reset(seed=0)
    game.step(4)
    observation, reward, terminated, truncated, info = game.step(illegal)  # type: ignore[arg-type]
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info == {"illegal_action": illegal}
    assert observation["action_mask"].sum() == 0


def test_after_an_illegal_action_no_action_plays_on_until_reset():
    game = make((3, 3, 3, 2), opponents=ttt.ScriptedPlayer([(0, 0), (0, 1)]))
    game.reset(seed=0)
    game.step(4)
    game.step(4)  # the learner's own cell: the episode ends
    observation, reward, terminated, _, info = game.step(8)  # a free cell, but too late
    assert (reward, terminated, info) == (-1.0, True, {"illegal_action": 8})
    assert observation["action_mask"].sum() == 0
    assert len(game.game.moves) == 2
    observation, _ = game.reset(seed=0)
    assert observation["action_mask"].sum() == 9


def test_a_loss_arrives_in_the_learners_own_step():
    opponent = ttt.ScriptedPlayer([(1, 0), (1, 1), (1, 2)])
    game = MNKEnv(3, opponents=opponent)
    game.reset(seed=0)
    results = [game.step(action)[1:3] for action in (0, 2, 7)]
    assert results == [(0.0, False), (0.0, False), (-1.0, True)]


def test_a_bot_that_cheats_is_an_error_not_a_reward():
    game = MNKEnv(3, opponents=ttt.ScriptedPlayer([(1, 1)]))
    game.reset(seed=0)
    with pytest.raises(ttt.BadBotMove, match=r"chose the illegal move \(1, 1\)"):
        game.step(4)


def test_bad_settings_are_refused():
    with pytest.raises(ttt.InvalidGame, match="unbounded grid"):
        MNKEnv(None, k=5)
    with pytest.raises(ttt.InvalidGame, match="seat=2 must be an int from 0 to 1"):
        MNKEnv(3, seat=2)
    with pytest.raises(ttt.InvalidGame, match="can end before that seat moves"):
        MNKEnv(3, k=1, seat=1)
    with pytest.raises(
        ttt.InvalidGame, match="opponents: 1 given for 2 other seats: give one player"
    ):
        MNKEnv(3, players=3, opponents=[ttt.RandomBot()])
    with pytest.raises(ttt.InvalidArgument, match="no rasteriser"):
        MNKEnv(3, render_mode="rgb_array")


def test_opponents_may_be_named_as_the_command_names_them():
    game = make((3, 3, 3, 2), opponents=["perfect"])
    rng = random.Random(0)
    rewards = {random_episode(game, rng, seed)[0] for seed in range(20)}
    assert 1.0 not in rewards
    assert -1.0 in rewards
    three = make((9, 9, 4, 3), opponents=[" Heuristic", "random"], seat=2)
    reward, final = random_episode(three, rng, 0)
    assert final.is_over
    assert reward in (-1.0, 0.0, 1.0)
    assert make((3, 3, 3, 2), opponents="threat").reset(seed=0)[0]["action_mask"].sum() == 9


def test_opponents_named_are_seeded_by_reset():
    first, second = make((5, 5, 4, 2), opponents="random"), make((5, 5, 4, 2), opponents="random")
    for game in (first, second):
        observation, _ = game.reset(seed=9)
        for _ in range(4):
            observation, *_ = game.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert first.game.moves == second.game.moves


@pytest.mark.parametrize(
    ("opponents", "error", "reason"),
    [
        ([None], ttt.WrongType, "opponents\\[0\\]=None is not a player: give a Player or one of"),
        (5, ttt.WrongType, "opponents=5 is not a player: give a Player or one of 'random'"),
        (ttt.RandomBot, ttt.WrongType, "opponents=<class .*RandomBot'> is not a player"),
        ("worst", ttt.InvalidGame, "opponents='worst': unknown player 'worst': choose from"),
        ("engine:x", ttt.InvalidGame, "opponents='engine:x': an engine is no opponent here"),
        ([7], ttt.WrongType, "opponents\\[0\\]=7 is not a player"),
        (["random"] * 3, ttt.InvalidGame, "opponents: 3 given for 1 other seat: give one player"),
    ],
)
def test_opponents_that_cannot_play_are_refused_at_make(
    opponents: object, error: type[Exception], reason: str
):
    with pytest.raises(error, match=reason):
        gymnasium.make(ENV_ID, rows=3, opponents=opponents)


def test_perfect_play_is_refused_beyond_its_reach_at_make():
    with pytest.raises(ttt.InvalidGame, match="at most 20 cells; try heuristic"):
        gymnasium.make(ENV_ID, rows=15, k=5, opponents="perfect")
    with pytest.raises(ttt.InvalidGame, match="opponents\\[1\\]='perfect': perfect play needs two"):
        gymnasium.make(ENV_ID, rows=3, players=3, opponents=["random", "perfect"])


ANY_OPPONENT = st.one_of(
    st.none(),
    st.sampled_from(["random", "perfect", "heuristic", "threat", "RANDOM", "best", "", "human"]),
    st.integers(),
    st.builds(ttt.RandomBot, st.integers(0, 9)),
)


@given(
    opponents=ANY_OPPONENT | st.lists(ANY_OPPONENT, max_size=3),
    players=st.integers(2, 3),
    seed=st.integers(0, 99),
)
def test_opponents_are_refused_at_make_or_play_whole_episodes(
    opponents: object, players: int, seed: int
):
    try:
        game = make((3, 4, 3, players), opponents=opponents)
    except (ttt.WrongType, ttt.InvalidGame):
        return
    for episode in range(2):
        reward, final = random_episode(game, random.Random(seed), episode)
        assert final.is_over or reward == -1.0


def test_render(capsys: pytest.CaptureFixture[str]):
    game = MNKEnv(3, render_mode="human", opponents=ttt.ScriptedPlayer([(0, 0)]))
    game.reset(seed=0)
    game.step(4)
    assert capsys.readouterr().out == "O..\n.X.\n...\n"


def test_make_vec_gives_the_numpy_vector_environment():
    games = gymnasium.make_vec(
        ENV_ID, num_envs=5, vectorization_mode="vector_entry_point", rows=6, cols=7, k=4
    )
    assert isinstance(games.unwrapped, MNKVectorEnv)
    observations, _ = games.reset(seed=1)
    assert games.observation_space.contains(observations)
    assert games.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP


@pytest.mark.parametrize("shape", [(3, 3, 3, 2), (4, 4, 3, 3), (6, 7, 4, 2)])
@pytest.mark.parametrize("seat", [0, 1])
def test_vector_episodes_end_with_the_learners_reward_and_a_final_observation(
    shape: Shape, seat: int
):
    rows, cols, k, players = shape
    games = MNKVectorEnv(16, rows, cols, k, players=players, seat=seat)
    observations, _ = games.reset(seed=seat)
    rng = np.random.default_rng(seat)
    finished = 0
    while finished < 300:
        masks = observations["action_mask"]
        assert (masks.sum(axis=1) > 0).all()
        assert (observations["observation"].sum(axis=(1, 2, 3)) % players == seat).all()
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in masks])
        observations, rewards, terminations, truncations, infos = games.step(actions)
        assert games.observation_space.contains(observations)
        assert not truncations.any()
        assert (rewards[~terminations] == 0).all()
        for game in np.flatnonzero(terminations):
            assert infos["_final_obs"][game]
            final = infos["final_obs"][game]
            assert final["action_mask"].sum() == 0
            cells = {
                (row, col): ttt.Mark.for_players(players)[(seat + plane) % players]
                for row, col, plane in zip(*np.nonzero(final["observation"]), strict=True)
            }
            winners = {mark for _, mark, run in maximal_runs(cells) if len(run) >= k}
            assert len(winners) <= 1
            mine = ttt.Mark.for_players(players)[seat]
            won, lost = winners == {mine}, bool(winners - {mine})
            assert rewards[game] == (1.0 if won else -1.0 if lost else 0.0)
            assert winners or len(cells) == rows * cols
            finished += 1
        assert not infos or not infos["_final_obs"][~terminations].any()
