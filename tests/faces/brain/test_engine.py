"""The Gomocup client: our own brain and misbehaving fake brains played through Engine."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import pytest
from support.brains import fake_brain as fake

from tictactoe.engine import Engine, EngineError, Limit
from tictactoe.errors import BadBotMove, InvalidArgument
from tictactoe.game import Game
from tictactoe.players import Player, RandomBot, play_match

BRAIN = [sys.executable, "-m", "tictactoe.brain", "--nodes", "200", "--time", "0.2"]
FAST = Limit(seconds=0.3)


def received(log: Path) -> list[str]:
    return log.read_text().splitlines()


def test_our_brain_plays_random_bot_to_the_end() -> None:
    with Engine.popen(BRAIN, limit=FAST) as engine:
        assert isinstance(engine, Player)
        assert engine.name == "tictactoe"
        for seed in range(2):
            engine.new_game()
            game = Game(15, 15, k=5)
            players: list[Player] = [engine, RandomBot(seed)]
            if seed % 2:
                players.reverse()
            play_match(game, players, max_moves=40)
            assert len(game.moves) >= 9
    assert engine._brain.process.poll() is not None


def test_two_engines_play_each_other() -> None:
    with (
        Engine.popen(BRAIN, limit=Limit(seconds=0.2, game_seconds=10.0), name="a") as first,
        Engine.popen(BRAIN, limit=FAST, name="b") as second,
    ):
        game = Game(15, 15, k=5)
        outcome = play_match(game, [first, second], max_moves=30)
        assert game.is_over or len(game.moves) == 30
        assert outcome is not None
        assert first.name == "a"
    assert first._brain.process.poll() is not None
    assert second._brain.process.poll() is not None


def test_rectangular_board(tmp_path: Path) -> None:
    log = tmp_path / "log"
    with Engine.popen(fake("first", log), limit=FAST) as engine:
        assert engine.name == "fake-first"
        game = Game(5, 7, k=5)
        assert engine.choose_move(game) == (0, 0)
    lines = received(log)
    assert lines[:2] == ["ABOUT", "RECTSTART 7,5"]
    assert "INFO timeout_turn 300" in lines
    assert "INFO rule 0" in lines
    assert lines[-2:] == ["BEGIN", "END"]


def test_turn_board_and_undo_paths(tmp_path: Path) -> None:
    log = tmp_path / "log"
    limit = Limit(seconds=0.5, game_seconds=20.0)
    with Engine.popen(fake("first", log), limit=limit) as engine:
        game = Game(9, 9, k=5)
        game.move(4, 4)
        assert engine.choose_move(game) == (0, 0)  # a position: START, BOARD
        game.move(0, 0)
        game.move(4, 5)
        assert engine.choose_move(game) == (0, 1)  # the game goes on: TURN
        game.move(0, 1)
        game.undo()
        game.undo()
        game.move(8, 8)
        assert engine.choose_move(game) == (0, 1)  # after an undo: START, BOARD again
        game.move(0, 1)
        engine.new_game()
        game.move(7, 7)
        engine.choose_move(game)
    lines = [line for line in received(log) if not line.startswith("INFO")]
    assert lines[:6] == ["ABOUT", "START 9", "BOARD", "4,4,2", "DONE", "TURN 5,4"]
    assert lines[6:12] == ["START 9", "BOARD", "4,4,2", "0,0,1", "8,8,2", "DONE"]
    assert lines[12:14] == ["START 9", "BOARD"]
    assert lines[-1] == "END"
    info = [line for line in received(log) if line.startswith("INFO")]
    assert "INFO timeout_match 20000" in info
    assert sum(line.startswith("INFO time_left") for line in info) == 4


def test_exact_rule_is_sent(tmp_path: Path) -> None:
    log = tmp_path / "log"
    with Engine.popen(fake("first", log), limit=FAST) as engine:
        engine.choose_move(Game(15, 15, k=5, exact=True))
    assert "INFO rule 1" in received(log)


def test_notes_and_cr_line_ends_are_skipped() -> None:
    with Engine.popen(fake("chatty"), limit=FAST) as engine:
        game = Game(6, 6, k=5)
        assert engine.choose_move(game) == (0, 0)


@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "crash"),
        ("sleep", "timeout"),
        ("garbage", "garbage"),
        ("taken", "illegal"),
        ("refuse", "refused"),
    ],
)
def test_bad_brains_raise_quickly_and_are_reaped(mode: str, reason: str) -> None:
    engine = Engine.popen(fake(mode), limit=FAST)
    game = Game(15, 15, k=5)
    game.move(7, 7)
    started = time.monotonic()
    with pytest.raises(EngineError) as caught:
        engine.choose_move(game)
    assert time.monotonic() - started < 2.0
    error = caught.value
    assert error.reason == reason
    assert isinstance(error, BadBotMove)
    assert "fake-" + mode in str(error)
    assert "move 2" in str(error)
    assert reason in str(error)
    if reason in ("crash", "timeout", "garbage"):
        assert engine._brain.process.poll() is not None  # killed and reaped at once
        with pytest.raises(EngineError, match="dead") as again:
            engine.choose_move(game)
        assert again.value.reason == "crash"
    engine.close()
    engine.close()
    assert engine._brain.process.poll() is not None


def test_bad_move_fails_play_match() -> None:
    with Engine.popen(fake("taken"), limit=FAST) as engine, pytest.raises(BadBotMove):
        play_match(Game(15, 15, k=5), [RandomBot(1), engine])


def test_silent_brain_times_out_at_startup() -> None:
    started = time.monotonic()
    with pytest.raises(EngineError) as caught:
        Engine.popen(fake("silent"), startup=0.5)
    assert caught.value.reason == "timeout"
    assert time.monotonic() - started < 2.0


def test_missing_program_is_refused(tmp_path: Path) -> None:
    with pytest.raises(EngineError) as caught:
        Engine.popen(str(tmp_path / "no-such-brain"))
    assert caught.value.reason == "refused"


def test_game_time_runs_out_on_the_given_clock() -> None:
    ticks = iter(range(0, 1000, 7))
    with Engine.popen(
        fake("first"), limit=Limit(game_seconds=10.0), clock=lambda: next(ticks)
    ) as engine:
        game = Game(15, 15, k=5)
        engine.choose_move(game)  # 7 s of 10 spent
        game.move(0, 0)
        game.move(5, 5)
        with pytest.raises(EngineError) as caught:
            engine.choose_move(game)
    assert caught.value.reason == "timeout"


def test_games_a_brain_cannot_play_are_refused() -> None:
    with Engine.popen(fake("first"), limit=FAST) as engine:
        with pytest.raises(EngineError) as caught:
            engine.choose_move(Game.unbounded(5))
        assert caught.value.reason == "refused"
        with pytest.raises(EngineError):
            engine.choose_move(Game(5, 5, k=3, players=3))


def test_limit_rejects_negative_times_and_a_node_limit() -> None:
    with pytest.raises(InvalidArgument, match="seconds"):
        Limit(seconds=-1.0)
    with pytest.raises(InvalidArgument, match="no node limit"):
        Engine.popen(BRAIN, limit=Limit(seconds=1.0, nodes=100))


@pytest.mark.parametrize(
    ("mode", "detail"),
    [
        ("crash", "crash: exited with code 3 before its move"),
        ("sleep", "timeout: sent no move within 0.43 s"),
        ("garbage", "garbage: answered 'I resign, good game', not x,y"),
        ("off", "illegal: played 15,0, off the 15x15 board"),
        ("taken", "illegal: played 7,7, taken by X"),
        ("refuse", "refused: answered 'ERROR cannot think today'"),
    ],
)
def test_a_failure_is_told_in_plain_words(mode: str, detail: str) -> None:
    with Engine.popen(fake(mode), limit=FAST) as engine:
        game = Game(15, 15, k=5)
        game.move(7, 7)
        with pytest.raises(EngineError) as caught:
            engine.choose_move(game)
    assert str(caught.value) == f"engine 'fake-{mode}', move 2: {detail}"


def test_a_failure_at_startup_is_told_in_plain_words(tmp_path: Path) -> None:
    silent = fake("silent")
    with pytest.raises(EngineError) as caught:
        Engine.popen(silent, startup=0.2)
    assert str(caught.value) == (
        f"engine {shlex.join(silent)!r}, startup: timeout: sent no ABOUT reply within 0.2 s"
    )
    quits = [sys.executable, "-c", "raise SystemExit(4)"]
    with pytest.raises(EngineError) as caught:
        Engine.popen(quits)
    assert caught.value.reason == "refused"
    assert str(caught.value).endswith("startup: refused: exited with code 4 before its ABOUT reply")
    with pytest.raises(EngineError) as caught:
        Engine.popen(str(tmp_path / "no-such-brain"))
    assert str(caught.value).endswith(
        "startup: refused: would not start: No such file or directory"
    )
