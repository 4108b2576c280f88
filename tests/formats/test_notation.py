"""The one-line notation: exact round trips for every kind of board, clear refusals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.oracle import new_game, patch_cell, random_cell

import tictactoe as ttt
from tictactoe import notation

SHAPES = [
    (3, 3, 3, 2),
    (4, 5, 3, 2),
    (15, 15, 5, 2),
    (13, 7, 4, 3),
    (1, 20, 4, 2),
    (None, None, 4, 2),
    (None, None, 3, 3),
]


def same_position(a: ttt.Game, b: ttt.Game) -> bool:
    cells_a = {move.cell: move.mark for move in a.moves}
    cells_b = {move.cell: move.mark for move in b.moves}
    return (
        cells_a == cells_b
        and (a.rows, a.cols, a.k, a.players, a.exact) == (b.rows, b.cols, b.k, b.players, b.exact)
        and a.turn is b.turn
        and a.outcome() == b.outcome()
    )


@pytest.mark.slow
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_every_position_of_random_games_round_trips(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = new_game(rows, cols, k, players)
    while True:
        text = notation.format(game)
        back = notation.parse(text)
        assert same_position(back, game)
        assert notation.format(back) == text
        assert "\n" not in text
        if game.is_over or len(game.moves) > 60:
            break
        game.move(*random_cell(game, rng, spread=5))


def test_small_boards_read_as_pictures_and_big_ones_are_compact() -> None:
    game = ttt.Game(15, k=5)
    game.move(7, 7)
    assert notation.format(game) == "15/15/15/15/15/15/15/7X7/15/15/15/15/15/15/15 O 15x15 k5"
    small = ttt.Game.from_rows("X.O/.X./..O")
    assert notation.format(small) == "X.O/.X./..O X 3x3 k3"


def test_unbounded_positions_carry_their_origin_and_players() -> None:
    game = ttt.Game.unbounded(5, players=3)
    assert notation.format(game) == "- X inf k5 p3"
    game.move(-1, 4)
    game.move(0, 5)
    assert notation.format(game) == "X./.O Y inf@-1,4 k5 p3"
    assert notation.parse("X./.O Y inf@-1,4 k5 p3").cell(0, 5) is ttt.Mark.O


def test_the_short_rows_form_is_accepted() -> None:
    game = notation.parse("X.O/.X./..O")
    assert (game.rows, game.cols, game.k) == (3, 3, 3)
    assert game.turn is ttt.Mark.X


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("X.O/.X./..O X 3x3", "expected 'CELLS TURN BOARD kK"),
        ("X.O/.X./..O X 3x3 k3 p2 extra", "expected 'CELLS TURN BOARD kK"),
        ("X.O/.X./..O X 3x3 k3 p2 x x", "expected 'CELLS TURN BOARD kK"),
        ("X.O/.X./..O X 3x3 k3 x p2", "expected 'CELLS TURN BOARD kK"),
        ("X.O/.X./..O X 3by3 k3", "neither RxC, inf nor inf@ROW,COL"),
        ("X.O/.X. X 3x3 k3", "do not fill a 3x3 board"),
        ("X.O/.X./..OO X 3x3 k3", "is not 3 cells long"),
        ("X.O/.X./..O O 3x3 k3", "the turn says O but the marks say X"),
        ("X.O/.X./..O X 3x3 three", "should be k and a number"),
        ("XX./.../... O 3x3 k3", "wrong number of marks"),
        ("XXX/OOO/... X 3x3 k3", "more than one player has a line: X and O"),
        ("X O inf k5", "needs inf@ROW,COL"),
        ("X?./.../... O 3x3 k3", "'?' is not a mark"),
    ],
)
def test_bad_notation_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(ttt.InvalidPosition, match=reason):
        notation.parse(text)


def test_impossible_rules_are_refused() -> None:
    with pytest.raises(ttt.InvalidGame, match="k=9"):
        notation.parse("X.O/.X./..O X 3x3 k9")


@pytest.mark.parametrize("shape", [(9, 9, 5, 2), (6, 7, 4, 3), (None, None, 4, 2)])
def test_exact_games_round_trip(
    shape: tuple[int | None, int | None, int, int],
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(f"exact {shape}")
    for _ in range(10):
        game = new_game(rows, cols, k, players, exact=True)
        while not game.is_over and len(game.moves) < 40:
            game.move(*patch_cell(game, rng))
            text = notation.format(game)
            assert text.endswith(" x")
            back = notation.parse(text)
            assert same_position(back, game)
            assert notation.format(back) == text
            assert notation.format(back, sparse=True) == notation.format(game, sparse=True)


def test_the_exact_rule_is_the_last_field() -> None:
    text = "XXXX.X/OOOO../....../....O. X 4x6 k5 x"
    game = notation.parse(text)
    assert game.exact
    assert game.move(0, 4) is ttt.Status.IN_PROGRESS  # six in a row: no win
    plain = notation.parse(text.removesuffix(" x"))
    assert not plain.exact
    assert plain.move(0, 4) is ttt.Status.WON
    three = notation.parse("XXX./..../O.O./Y.Y. O 4x4 k2 p3 x")
    assert three.exact
    assert notation.format(three) == "XXX./..../O.O./Y.Y. O 4x4 k2 p3 x"
    eleven = "XXXXXXXXXXX2/O1O1O1O1O1O2/13/O1O1O1O1O4 X 4x13 k5 x"
    assert notation.format(notation.parse(eleven)) == eleven
