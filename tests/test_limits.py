"""Nothing small hangs: cost follows the input and the game, never a coordinate or a size."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracle import random_cell

import tictactoe as ttt
from tictactoe import coordinates, notation, svg
from tictactoe.cli._terminal import render
from tictactoe.game import MAX_CELLS

FAR = [4, 10**5, 10**9, 10**18, 10**40]


def far_apart(distance: int) -> ttt.Game:
    game = ttt.Game.unbounded(k=5)
    game.move(0, 0)
    game.move(distance, distance)
    game.move(-distance, 3)
    return game


@pytest.mark.parametrize("distance", FAR)
def test_views_of_far_apart_marks_are_windows(distance: int) -> None:
    game = far_apart(distance)
    started = time.perf_counter()
    text = str(game)
    picture = svg.board(game)
    board = render(game)
    line = notation.format(game)
    assert time.perf_counter() - started < 2
    rows = text.splitlines()
    assert len(rows) <= coordinates.VIEW_SIZE
    assert all(len(row) <= coordinates.VIEW_SIZE for row in rows)
    assert "X" in text  # the window holds the last move's neighbourhood
    assert picture.count("<line") <= 2 * coordinates.VIEW_SIZE + 4
    assert len(board) < 20_000
    assert len(line) < 200


@pytest.mark.parametrize("distance", FAR)
def test_notation_round_trips_whatever_the_distance(distance: int) -> None:
    game = far_apart(distance)
    for sparse in (None, True):
        again = notation.parse(notation.format(game, sparse=sparse))
        assert {m.cell: m.mark for m in again.moves} == {m.cell: m.mark for m in game.moves}
        assert again.turn is game.turn


def test_huge_bounded_boards_are_shown_as_windows_around_the_last_move() -> None:
    game = ttt.Game(1000, 1000, 5)
    game.move(999, 999)
    game.move(0, 0)
    game.move(500, 700)
    rows, cols = coordinates.window(game)
    assert (rows.start + len(rows) // 2, cols.start + len(cols) // 2) == (500, 700)
    assert len(rows) == len(cols) == coordinates.VIEW_SIZE
    text = str(game)
    assert len(text.splitlines()) == coordinates.VIEW_SIZE
    assert text.count("X") == 1
    assert len(notation.format(game)) < 100  # sparse: a few marks on a big board
    assert repr(game).startswith("<Game 1000×1000 k=5")


def test_windows_of_bounded_boards_stay_on_the_board() -> None:
    game = ttt.Game(100, 100, 5)
    game.move(99, 0)
    rows, cols = coordinates.window(game, size=10)
    assert rows == range(90, 100)
    assert cols == range(0, 10)


@settings(max_examples=40)
@given(
    shape=st.sampled_from([(3, 3, 3, 2), (15, 15, 5, 2), (40, 90, 5, 2), (None, None, 4, 3)]),
    seed=st.integers(0, 2**32),
    spread=st.sampled_from([2, 30, 10**6]),
)
def test_both_notation_forms_round_trip_random_games(
    shape: tuple[int | None, int | None, int, int], seed: int, spread: int
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = (
        ttt.Game.unbounded(k, players=players)
        if rows is None
        else ttt.Game(rows, cols, k, players=players)
    )
    for _ in range(rng.randrange(0, 30)):
        if game.is_over:
            break
        if game.is_unbounded:
            cell = (rng.randrange(-spread, spread), rng.randrange(-spread, spread))
            if game.cell(*cell) is not None:
                continue
        else:
            cell = random_cell(game, rng)
        game.move(*cell)
    for sparse in (None, True, False):
        if sparse is False and game.is_unbounded and spread > 30:
            continue
        again = notation.parse(notation.format(game, sparse=sparse))
        assert sorted(again.moves, key=lambda m: m.cell) == sorted(game.moves, key=lambda m: m.cell)
        assert again.outcome().status is game.outcome().status
        assert notation.format(again) == notation.format(game)


@pytest.mark.parametrize(
    "text",
    [
        "999999999/3 O 999999x999999 k5",  # a declared size over the limit
        "9999999999999999999999999/3 O 3x3 k3",  # a run longer than the row
        "999999999X/3 O 2x999999999 k5",
        "99999999999999/. X inf@0,0 k5",  # a dense unbounded row of absurd length
        "X" + "9" * 5000 + ",0 O inf k5",  # a coordinate of absurd length
        "X0,0 O 3x3 k" + "9" * 5000,
        "X0,0;X0,0 O 3x3 k3",  # a cell given twice
        "X5,5 O 3x3 k3",  # off the board
        "X0,0 O 3x3 k3 p²",  # a digit that is no ASCII digit
        "Q0,0 O 3x3 k3",
    ],
)
def test_hostile_positions_are_refused_at_once(text: str) -> None:
    started = time.perf_counter()
    with pytest.raises((ttt.InvalidPosition, ttt.InvalidGame)):
        notation.parse(text)
    assert time.perf_counter() - started < 1


@pytest.mark.parametrize(
    ("rows", "cols"), [(10**20, 1), (10**6 + 1, 1), (1001, 1000), (2**62, 2**62)]
)
def test_boards_over_the_cell_limit_are_refused_before_anything_is_allocated(
    rows: int, cols: int
) -> None:
    with pytest.raises(ttt.InvalidGame, match=f"more than {MAX_CELLS:,} cells"):
        ttt.Game(rows, cols, 5)


def test_the_biggest_board_allowed_plays() -> None:
    game = ttt.Game(1000, 1000, 5)
    assert game.move(999, 999) is ttt.Status.IN_PROGRESS
    assert len(game.legal_moves) == MAX_CELLS - 1


def test_near_refuses_distances_that_would_explode() -> None:
    game = ttt.Game.unbounded(k=5)
    game.move(0, 0)
    with pytest.raises(ttt.InvalidArgument, match="distance"):
        game.legal_moves.near(10**9)
    with pytest.raises(ttt.WrongType):
        game.legal_moves.near("2")  # type: ignore[arg-type]


def test_repr_of_a_wide_small_board_rebuilds_it() -> None:
    game = ttt.Game(2, 100, 3)
    game.move(1, 99)
    assert eval(repr(game), {"Game": ttt.Game}).moves == game.moves


@given(row=st.integers(-(10**6), 10**6), col=st.integers(-(10**6), 10**6))
def test_every_cell_a_person_can_type_has_a_label_that_reads_back(row: int, col: int) -> None:
    for game in (ttt.Game(), ttt.Game.unbounded(k=5)):
        label = coordinates.cell_label((row, col), game)
        assert coordinates.parse_cell(label, game) == (row, col)


def test_a_game_far_out_reads_back_from_its_notation() -> None:
    game = ttt.Game.unbounded(k=5)
    game.move(0, 0)
    game.move(10**70, -(10**300))
    again = notation.parse(notation.format(game))
    assert {m.cell for m in again.moves} == {m.cell for m in game.moves}


@pytest.mark.parametrize("text", ["X²/3/3 O 3x3 k3", "X١١/3/3 O 3x3 k3", "X0,0 O 3x3 k٣"])
def test_only_ascii_digits_count_in_positions(text: str) -> None:
    with pytest.raises(ttt.InvalidPosition):
        notation.parse(text)


def test_play_match_stops_at_max_moves() -> None:
    game = ttt.Game.unbounded(k=50)
    bots = [ttt.RandomBot(seed=1), ttt.RandomBot(seed=2)]
    outcome = ttt.play_match(game, bots, max_moves=25)
    assert not outcome.is_over
    assert len(game.moves) == 25
