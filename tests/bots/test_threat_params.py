"""The threat bot's tuning: one frozen ``Params``, checked, passed down to every part."""

from __future__ import annotations

import dataclasses
import random
import time

import pytest

import tictactoe as ttt
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.search import Search
from tictactoe._threat.tactics import Budget
from tictactoe.threat import Params, ThreatBot


def middle_game() -> ttt.Game:
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (8, 6), (6, 8), (8, 8), (9, 7)]:
        game.move(*cell)
    return game


def test_params_are_frozen_and_checked() -> None:
    params = Params()
    with pytest.raises(dataclasses.FrozenInstanceError):
        params.width = 3  # type: ignore[misc]
    assert Params(tempo=[0, 1, 2, 3, 4, 5, 6]).tempo == (0, 1, 2, 3, 4, 5, 6)
    assert Params(to_move=-40).to_move == -40
    assert Params(vct_share=1).vct_share == 1.0
    wrong_type = [{"width": 2.5}, {"width": True}, {"tempo": "0,1"}, {"vct_share": "half"}]
    for fields in wrong_type:
        with pytest.raises(ttt.WrongType):
            Params(**fields)
    out_of_range = [
        {"width": 0},
        {"late_move": -1},
        {"allowance_growth": 1},
        {"vct_share": 0.0},
        {"rescue_share": 1.5},
        {"deeper_share": float("nan")},
        {"tempo": (0, 1)},
        {"level_values": tuple(range(9))},
    ]
    for fields in out_of_range:
        with pytest.raises(ttt.InvalidArgument):
            Params(**fields)


def test_the_bot_takes_params_and_refuses_anything_else() -> None:
    narrow = Params(width=4)
    assert ThreatBot(0, params=narrow).params is narrow
    assert ThreatBot(0).params == Params()
    with pytest.raises(ttt.WrongType, match="params must be a Params"):
        ThreatBot(0, params={"width": 4})  # type: ignore[arg-type]


def test_the_bots_params_reach_its_stages() -> None:
    """With one candidate at the root and no threat against it, the bot plays that cell
    unsearched; with the tuned sixteen it searches."""
    game = middle_game()
    lone = ThreatBot(0, params=Params(root_width=1), limit=ttt.Limit(nodes=3000))
    tuned = ThreatBot(0, limit=ttt.Limit(nodes=3000))
    lone.choose_move(game)
    tuned.choose_move(game)
    assert lone.last is not None
    assert tuned.last is not None
    assert (lone.last.reason, lone.last.depth) == ("search", 0)
    assert tuned.last.reason == "search"
    assert tuned.last.depth > 0


def test_a_search_evaluates_with_its_params() -> None:
    board = PatternBoard.from_game(middle_game())
    me = board.to_move
    tuned = Search(board, Budget(time.perf_counter, None))._evaluate(me)
    shifted = Search(board, Budget(time.perf_counter, None), params=Params(to_move=0))
    assert shifted._evaluate(me) == tuned - Params().to_move
    moves = Search.root_moves(board, random.Random(0).random, Params(root_width=3))
    assert moves == Search.root_moves(board, random.Random(0).random)[:3]


def test_boards_of_other_weights_keep_tables_of_their_own() -> None:
    """Boards share what their weights give, so boards of other weights must not: a board
    made after one of other weights scores the cells as one made before it."""
    game = middle_game()
    before = PatternBoard.from_game(game)
    flat = PatternBoard.from_game(game, Params(level_values=(0,) * 8, class_bonus=(0,) * 7))
    after = PatternBoard.from_game(game)
    assert flat.total == [0, 0, 0]
    assert after.total == before.total
    assert before.total[1] > 0
    assert after.value == before.value
    assert after.threat == flat.threat  # the classes are facts of the position, not weights


def test_a_window_follows_the_params_margins() -> None:
    game = ttt.Game(50, k=5)
    game.move(25, 25)
    wide = PatternBoard.from_game(game)
    narrow = PatternBoard.from_game(game, Params(window_margin=3, window_slack=1))
    assert (wide.rows, wide.cols) == (37, 37)  # 18 free rows each side of the stone
    assert (narrow.rows, narrow.cols) == (9, 9)
    assert PatternBoard.from_game(game, Params(whole_board=2500)).rows == 50
