"""One Limit for every bot: its checks, its game clock, its one default, and the old spellings."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.clocks import TickingClock

import tictactoe as ttt
from tictactoe import limits
from tictactoe.brain import Brain
from tictactoe.brain._timing import TimeKeeper
from tictactoe.limits import DEFAULT, PAGE, GameTime, Limit, move_share


@given(
    st.one_of(st.none(), st.floats(allow_nan=True), st.integers(-5, 5), st.booleans()),
    st.one_of(st.none(), st.integers(-5, 10**20), st.floats(), st.booleans()),
)
def test_a_limit_keeps_only_what_it_can_mean(seconds: object, nodes: object) -> None:
    good_seconds = seconds is None or (
        type(seconds) in (int, float) and math.isfinite(seconds) and seconds > 0  # type: ignore[arg-type]
    )
    good_nodes = nodes is None or (type(nodes) is int and nodes >= 1)
    if good_seconds and good_nodes:
        limit = Limit(seconds, nodes)  # type: ignore[arg-type]
        assert (limit.seconds, limit.nodes, limit.game_seconds) == (seconds, nodes, None)
        return
    with pytest.raises((ttt.WrongType, ttt.InvalidArgument)):
        Limit(seconds, nodes)  # type: ignore[arg-type]


def test_a_limit_is_a_frozen_value() -> None:
    limit = Limit(seconds=1.0, nodes=50)
    assert limit == Limit(1.0, 50)
    assert hash(limit) == hash(Limit(1.0, 50))
    assert repr(limit) == "Limit(seconds=1.0, nodes=50, game_seconds=None)"
    with pytest.raises(AttributeError):
        limit.seconds = 2.0  # type: ignore[misc]


def test_the_defaults_are_defined_once_and_used_everywhere() -> None:
    assert Limit(seconds=5.0) == DEFAULT
    assert Limit(seconds=2.0) == PAGE
    assert all(
        bot.limit is DEFAULT for bot in (ttt.HeuristicBot(), ttt.PerfectBot(), ttt.ThreatBot())
    )
    assert TimeKeeper(DEFAULT).budget(225) == pytest.approx(5.0 * 0.85)


@pytest.mark.parametrize(("free", "moves"), [(225, 40), (25, 13), (4, 10), (None, 40)])
def test_the_game_time_is_shared_over_the_moves_still_to_come(free: int | None, moves: int) -> None:
    assert move_share(60.0, free) == pytest.approx(60.0 / moves)


def test_a_game_clock_starts_again_for_another_game() -> None:
    limit = Limit(game_seconds=40.0)
    timer = GameTime()
    game = ttt.Game(15, k=5)
    assert timer.seconds(limit, game) == pytest.approx(1.0)
    timer.spend(limit, game, (7, 7), 20.0)
    game.move(7, 7)
    game.move(7, 8)
    assert timer.seconds(limit, game) == pytest.approx(20.0 / 40)
    assert timer.seconds(Limit(seconds=0.1, game_seconds=40.0), game) == 0.1
    other = ttt.Game(15, k=5)
    other.move(0, 0)
    assert timer.seconds(limit, other) == pytest.approx(1.0)
    timer.spend(limit, other, (1, 1), 40.0)
    other.move(1, 1)
    assert timer.seconds(limit, other) == limits.FLOOR


@pytest.mark.parametrize("make", [ttt.HeuristicBot, ttt.ThreatBot, ttt.PerfectBot])
def test_every_bot_keeps_within_its_game_time(make: type) -> None:
    clock = TickingClock(tick=2e-3)
    game_seconds = 0.6
    bots = [make(seed, limit=Limit(game_seconds=game_seconds), clock=clock) for seed in (1, 2)]
    game = ttt.Game(4, k=3) if make is ttt.PerfectBot else ttt.Game(15, k=5)
    spent = [0.0, 0.0]
    while not game.is_over and len(game.moves) < 24:
        seat = len(game.moves) % 2
        started = clock.now
        game.move(*bots[seat].choose_move(game))
        spent[seat] += clock.now - started
    assert max(spent) <= game_seconds + 0.05  # the last reading of each move: a few ticks


def test_the_engine_client_takes_the_same_limit_and_refuses_nodes() -> None:
    from tictactoe import engine

    assert engine.Limit is Limit
    with pytest.raises(ttt.InvalidArgument, match="no node limit"):
        engine.Engine.popen("no-such-brain", limit=Limit(nodes=10))


def test_the_old_spellings_still_work_with_a_warning() -> None:
    with pytest.warns(DeprecationWarning, match=r"ThreatBot\(seconds=, nodes=\)"):
        bot = ttt.ThreatBot(seconds=0.5, nodes=20)
    assert bot.limit == Limit(seconds=0.5, nodes=20)
    with pytest.warns(DeprecationWarning, match="ThreatBot.limit"):
        bot.nodes = 30
    with pytest.warns(DeprecationWarning, match="ThreatBot.limit"):
        assert (bot.seconds, bot.nodes) == (0.5, 30)
    with pytest.warns(DeprecationWarning, match=r"HeuristicBot\(seconds=\)"):
        assert ttt.HeuristicBot(seconds=None).limit == Limit()
    with pytest.warns(DeprecationWarning, match=r"PerfectBot\(seconds=\)"):
        assert ttt.PerfectBot(seconds=1.0).limit == Limit(seconds=1.0)
    with pytest.warns(DeprecationWarning, match="per_move"):
        old = Limit(per_move=0.5, per_game=10.0)
    assert old == Limit(seconds=0.5, game_seconds=10.0)
    with pytest.warns(DeprecationWarning, match="Limit.seconds"):
        assert old.per_move == 0.5
    with pytest.warns(DeprecationWarning, match=r"default_turn"):
        Brain(nodes=10, default_turn=1.0)
    for module in (ttt.heuristic, ttt.perfect, ttt.threat):
        with pytest.warns(DeprecationWarning, match="DEFAULT.seconds"):
            assert DEFAULT.seconds == module.DEFAULT_SECONDS
    with pytest.raises(AttributeError):
        ttt.threat.NO_SUCH_NAME  # noqa: B018


def test_a_bot_given_anything_but_a_limit_says_what_it_wants() -> None:
    with pytest.raises(ttt.WrongType, match=r"Limit\(seconds=1.0\)"):
        ttt.ThreatBot(limit=1.0)  # type: ignore[arg-type]
