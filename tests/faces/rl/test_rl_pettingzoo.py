"""The PettingZoo faces: the ecosystem's own API tests, and each convention on its own."""

from __future__ import annotations

import pickle
import random
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, render_test, seed_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from test_rl_referee import SHAPES, Referee

import tictactoe as ttt
from tictactoe.rl import action_to_cell, env, parallel_env, raw_env

API_TEST_NOTES = {
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    "Observation numpy array is all zeros.",
}
"""What ``api_test`` says of every game with a dict observation and an empty first board; it
keeps a list of the classic games (tictactoe_v3, connect_four_v3...) it does not say it of."""

Shape = tuple[int, int, int, int]


@contextmanager
def only_notes(allowed: set[str]) -> Iterator[None]:
    """Run a block whose warnings must all be among ``allowed`` (anything else fails)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        yield
    unexpected = {str(w.message) for w in caught} - allowed
    assert not unexpected


def make(shape: Shape, factory: Callable[..., Any] = env) -> Callable[..., Any]:
    rows, cols, k, players = shape

    def build(render_mode: str | None = None) -> Any:
        return factory(rows, cols, k, players=players, render_mode=render_mode)

    return build


@pytest.mark.parametrize("shape", SHAPES)
def test_pettingzoo_api_seed_and_render_tests(shape: Shape, capsys: pytest.CaptureFixture[str]):
    with only_notes(API_TEST_NOTES):
        api_test(make(shape)(), num_cycles=200)
    with only_notes(set()):
        seed_test(make(shape), num_cycles=50)
        render_test(make(shape))
    assert "Passed API test" in capsys.readouterr().out


@pytest.mark.parametrize("shape", SHAPES)
def test_pettingzoo_parallel_api_and_seed_tests(shape: Shape, capsys: pytest.CaptureFixture[str]):
    with only_notes(set()):
        parallel_api_test(make(shape, parallel_env)(), num_cycles=200)
        parallel_seed_test(make(shape, parallel_env))
    assert "Passed Parallel API test" in capsys.readouterr().out


@pytest.mark.parametrize("shape", SHAPES)
def test_a_random_game_through_the_aec_env_is_the_same_game_through_game(shape: Shape):
    rng = random.Random(sum(shape))
    for _ in range(20 if shape[0] < 10 else 3):
        aec = env(*shape[:3], players=shape[3])
        aec.reset()
        referee = Referee(*shape)
        expected_rewards: list[float] = []
        for agent in aec.agent_iter():
            observation, reward, terminated, truncated, _ = aec.last()
            seat = int(agent.split("_")[1])
            assert not truncated
            assert np.array_equal(observation["observation"], referee.planes(seat))
            if terminated:
                assert reward == expected_rewards[seat]
                aec.step(None)
                continue
            assert seat == referee.seat
            assert np.array_equal(observation["action_mask"], referee.mask())
            action = referee.random_legal(rng)
            expected_rewards, _ = referee.play(action)
            aec.step(action)
        assert referee.game.is_over
        assert aec.unwrapped.game.moves == referee.game.moves


@pytest.mark.parametrize("shape", SHAPES)
def test_a_random_game_through_the_parallel_env_is_the_same_game_through_game(shape: Shape):
    rng = random.Random(sum(shape))
    for _ in range(20 if shape[0] < 10 else 3):
        par = parallel_env(*shape[:3], players=shape[3])
        observations, infos = par.reset()
        referee = Referee(*shape)
        while par.agents:
            mover = f"player_{referee.seat}"
            assert all(info["active_agent"] == mover for info in infos.values())
            for agent, observation in observations.items():
                seat = int(agent.split("_")[1])
                assert np.array_equal(observation["observation"], referee.planes(seat))
                expected_mask = referee.mask() if agent == mover else np.zeros(shape[0] * shape[1])
                assert np.array_equal(observation["action_mask"], expected_mask)
            action = referee.random_legal(rng)
            others = {agent: rng.randrange(-1, 99) for agent in par.agents if agent != mover}
            expected, done = referee.play(action)
            observations, rewards, terminations, truncations, infos = par.step(
                {mover: action, **others}
            )
            assert list(rewards.values()) == expected
            assert set(terminations.values()) == {done}
            assert set(truncations.values()) == {False}
        assert par.game.moves == referee.game.moves


def test_action_a_is_the_cell_a_div_cols_a_mod_cols():
    aec = raw_env(4, 6, 3)
    aec.step(17)
    assert action_to_cell(17, 6) == (2, 5)
    assert aec.game.cell(2, 5) is ttt.Mark.X
    assert aec.observe("player_0")["observation"][2, 5].tolist() == [1, 0]
    assert aec.observe("player_1")["observation"][2, 5].tolist() == [0, 1]


@pytest.mark.parametrize("players", [2, 3, 8])
def test_agents_are_named_player_0_up_in_turn_order(players: int):
    aec = raw_env(6, k=3, players=players)
    names = [f"player_{seat}" for seat in range(players)]
    assert aec.possible_agents == names
    seen = []
    for action in range(players):
        seen.append(aec.agent_selection)
        aec.step(action)
    assert seen == names
    assert [move.mark for move in aec.game.moves] == list(ttt.Mark.for_players(players))


def test_a_win_gives_plus_one_to_the_winner_and_minus_one_to_every_other_player():
    aec = raw_env(3, k=2, players=3)
    for action in (0, 3, 6, 1):  # X 0, O 3, Y 6, X 1: X has two in a row
        aec.step(action)
    assert aec.rewards == {"player_0": 1.0, "player_1": -1.0, "player_2": -1.0}
    assert all(aec.terminations.values())
    assert not any(aec.truncations.values())


def test_a_draw_gives_zero_to_all():
    aec = raw_env(3)
    for action in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        aec.step(action)
    assert aec.game.status is ttt.Status.DRAW
    assert aec.rewards == {"player_0": 0.0, "player_1": 0.0}
    assert all(aec.terminations.values())


@pytest.mark.parametrize(
    "illegal",
    [4, -1, 9, 2**70, 1.0, "4", None, True, np.bool_(True), np.float32(4), np.array([2])],
    ids=repr,
)
def test_an_illegal_action_ends_the_game_with_minus_one_for_the_mover(illegal: object):
    aec = env(3)
    aec.reset()
    aec.step(4)
    aec.step(illegal)  # player_1's turn: 4 is taken, the rest are no actions at all
    assert aec.rewards == {"player_0": 0.0, "player_1": -1.0}
    assert aec.infos["player_1"] == {"illegal_action": illegal}
    assert all(aec.terminations.values())
    assert len(aec.unwrapped.game.moves) == 1
    for agent in aec.agent_iter():
        _, reward, terminated, _, _ = aec.last()
        assert terminated
        assert reward == {"player_0": 0.0, "player_1": -1.0}[agent]
        aec.step(None)
    assert aec.agents == []
    assert aec.observe("player_0")["action_mask"].sum() == 0  # still observable once gone


def test_numpy_integers_are_actions():
    aec = raw_env(3)
    aec.step(np.int32(4))
    aec.step(np.uint8(0))
    aec.step(np.array(8))  # a 0-d array, as a framework's argmax gives it
    assert [(move.row, move.col) for move in aec.game.moves] == [(1, 1), (0, 0), (2, 2)]


def test_the_mask_is_never_all_zeros_for_the_agent_to_act_and_zeros_for_the_others():
    rng = random.Random(3)
    aec = raw_env(2, 2, k=2, players=3)
    for _ in range(200):
        aec.reset()
        while not any(aec.terminations.values()):
            acting = aec.agent_selection
            for agent in aec.agents:
                mask = aec.observe(agent)["action_mask"]
                assert (mask.sum() > 0) == (agent == acting)
            aec.step(int(rng.choice(np.flatnonzero(aec.observe(acting)["action_mask"]))))
        assert all(aec.observe(agent)["action_mask"].sum() == 0 for agent in aec.agents)


def test_the_parallel_env_ignores_the_waiting_agents_actions_and_takes_none():
    par = parallel_env(3)
    par.reset()
    _, rewards, terminations, _, infos = par.step({"player_0": 4, "player_1": "anything"})
    assert not any(terminations.values())
    assert infos["player_0"]["active_agent"] == "player_1"
    _, rewards, terminations, _, infos = par.step({"player_0": None})  # player_1 sent nothing
    assert rewards == {"player_0": 0.0, "player_1": -1.0}
    assert infos["player_1"]["illegal_action"] is None
    assert all(terminations.values())
    assert par.agents == []
    assert par.step({}) == ({}, {}, {}, {}, {})


@pytest.mark.parametrize("actions", [[0, 1], (4,), None, 4, "player_0"])
def test_parallel_actions_that_are_no_dict_are_a_wrong_type_that_changes_nothing(
    actions: object,
):
    par = parallel_env(3)
    par.reset()
    with pytest.raises(ttt.WrongType, match="actions must be a dict from agent to action"):
        par.step(actions)  # type: ignore[arg-type]
    assert par.agents == ["player_0", "player_1"]
    assert par.game.moves == ()
    _, rewards, *_ = par.step({"player_0": 4})
    assert rewards == {"player_0": 0.0, "player_1": 0.0}


def test_render_modes(capsys: pytest.CaptureFixture[str]):
    aec = env(3, render_mode="ansi")
    aec.reset()
    aec.step(4)
    assert aec.render() == "...\n.X.\n..."
    human = env(3, render_mode="human")
    human.reset()
    human.step(0)
    assert capsys.readouterr().out == "X..\n...\n...\n"
    assert human.render() is None
    assert capsys.readouterr().out == "X..\n...\n...\n"
    with pytest.raises(ttt.InvalidArgument, match="'rgb_array' is not offered: no rasteriser"):
        env(3, render_mode="rgb_array")
    with pytest.raises(ttt.InvalidArgument, match="render_mode='svg'"):
        parallel_env(3, render_mode="svg")


def test_the_unbounded_grid_is_refused_with_the_reason():
    for factory in (env, raw_env, parallel_env):
        with pytest.raises(ttt.InvalidGame, match="unbounded grid has no fixed-shape"):
            factory(None, k=5)


def test_sizes_the_game_refuses_are_refused_alike():
    with pytest.raises(ttt.InvalidGame, match="players=9 must be between 2 and 8"):
        env(3, players=9)
    with pytest.raises(ttt.WrongType):
        raw_env("3")


def test_env_is_wrapped_to_enforce_order_as_the_classic_games_are():
    aec = env(3)
    assert isinstance(aec, OrderEnforcingWrapper)
    assert str(aec) == "mnk_v0"
    with pytest.raises(Exception, match="reset"):
        aec.step(0)
    aec.reset()
    iterator = iter(aec.agent_iter())
    next(iterator)
    with pytest.raises(AssertionError, match="need to call step"):
        next(iterator)


@pytest.mark.parametrize(("exact", "over"), [(True, False), (False, True)])
def test_the_exact_rule_reaches_the_environments(exact: bool, over: bool):
    aec = raw_env(1, 8, 3, exact=exact)
    for action in (0, 7, 1, 6, 3, 4, 2):  # X's last mark makes four in a row: an overline
        aec.step(action)
    assert all(aec.terminations.values()) is over
    assert aec.rewards["player_0"] == (1.0 if over else 0.0)


@pytest.mark.parametrize("factory", [raw_env, parallel_env])
def test_environments_pickle_to_a_fresh_one_of_the_same_shape(factory: Callable[..., Any]):
    original = factory(5, 6, 4, players=3, render_mode="ansi")
    copy = pickle.loads(pickle.dumps(original))
    assert copy is not original
    assert copy.possible_agents == original.possible_agents
    assert copy.action_space("player_0") == original.action_space("player_0")
    assert copy.render_mode == "ansi"
    assert (copy.game.rows, copy.game.cols, copy.game.k) == (5, 6, 4)
