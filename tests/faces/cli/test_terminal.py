"""The terminal face: coordinates, input parsing, the picture and colour."""

from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe.cli._terminal import bar, clock, render, wants_colour
from tictactoe.coordinates import cell_label, column_label, parse_cell


@given(col=st.integers(0, 2000))
def test_column_letters_round_trip(col: int) -> None:
    game = ttt.Game(1, 2001, 1)
    assert parse_cell(f"{column_label(col)}1", game) == (0, col)
    assert cell_label((0, col), game) == f"{column_label(col)}1"


@pytest.mark.parametrize("text", ["b2", "B2", " b 2 ", "2 2", "2,2", "2 , 2"])
def test_the_ways_to_type_a_cell(text: str) -> None:
    assert parse_cell(text, ttt.Game()) == (1, 1)


@pytest.mark.parametrize("text", ["", "2", "b", "2 2 2", "b2c", "x y", "1.5 2"])
def test_what_is_not_a_cell(text: str) -> None:
    with pytest.raises(ttt.InvalidPosition, match="is not a cell"):
        parse_cell(text, ttt.Game())


def test_the_unbounded_grid_takes_numbers_only() -> None:
    game = ttt.Game.unbounded(5)
    assert parse_cell("-3 4", game) == (-4, 3)
    with pytest.raises(ttt.InvalidPosition, match="numbers"):
        parse_cell("b2", game)


def test_the_picture_marks_the_last_move_and_the_winning_line() -> None:
    game = ttt.Game()
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1)]:
        game.move(*cell)
    picture = render(game)
    assert "[O]" in picture
    game.move(0, 2)
    picture = render(game)
    assert picture.splitlines()[1].count("*X*") == 3
    assert "\x1b[" not in picture
    assert "\x1b[" in render(game, colour=True)


def test_the_unbounded_window_grows_with_the_marks() -> None:
    game = ttt.Game.unbounded(5)
    small = render(game).splitlines()
    game.move(0, 0)
    game.move(10, -10)
    big = render(game).splitlines()
    assert len(small) == 6
    assert len(big) == 16
    assert "[O]" in big[-3]


def test_colour_only_on_a_terminal_without_no_color(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert wants_colour(Terminal())
    assert not wants_colour(io.StringIO())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_colour(Terminal())


def test_the_progress_bar_and_the_clock_stay_in_shape() -> None:
    assert bar(0.0, 4) == "[....]"
    assert bar(1.0, 4) == bar(7.5, 4) == "[####]"
    assert bar(-1.0, 4) == "[....]"
    assert clock(0) == "0:00"
    assert clock(59.9) == "0:59"
    assert clock(36_000) == "10:00:00"
