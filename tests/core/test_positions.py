"""Game.from_rows: positions drawn as text, and which of them a legal game reaches."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import DATA
from support.oracle import random_cell

import tictactoe as ttt
from tictactoe import Mark, Status

REFERENCE = DATA / "reference"


def accepted(rows: list[str]) -> bool:
    try:
        ttt.Game.from_rows(rows)
    except ttt.InvalidPosition:
        return False
    return True


def test_exactly_5478_of_the_19683_fillings_are_legal_positions() -> None:
    count = 0
    for cells in itertools.product(".XO", repeat=9):
        text = "".join(cells)
        count += accepted([text[0:3], text[3:6], text[6:9]])
    assert count == 5478


def test_whose_turn_follows_from_the_counts() -> None:
    assert ttt.Game.from_rows(["XOX", " O ", "   "]).turn is Mark.X
    assert ttt.Game.from_rows(["X..", "...", "..."]).turn is Mark.O
    assert ttt.Game.from_rows("XOY/.../...", players=3).turn is Mark.X


def test_a_won_position_keeps_its_winner_and_line() -> None:
    game = ttt.Game.from_rows(["XXX", "OO.", "..."])
    assert game.status is Status.WON
    assert game.winner is Mark.X
    assert game.winning_line == ((0, 0), (0, 1), (0, 2))
    assert game.moves[-1].mark is Mark.X


def test_the_winning_mark_is_played_last_even_when_it_joins_two_lines() -> None:
    game = ttt.Game.from_rows(["XXX", "XOO", "XOO"])
    assert game.winner is Mark.X
    assert game.moves[-1].cell == (0, 0)
    assert len(game.moves) == 9


@pytest.mark.parametrize(
    ("rows", "reason"),
    [
        (["XX.", "...", "..."], "wrong number of marks"),
        (["O..", "...", "..."], "wrong number of marks"),
        (["XXX", "OOO", "..."], "more than one player has a line: X and O"),
        (["XXX", "OO.", "O.."], "X has 3 in a row but O moved last"),
        (["OOO", "XX.", "X.X"], "O has 3 in a row but X moved last"),
        (["XXX", "O.O", "XOX"], "wrong number"),
        (["X..", "XO.", "XOO"], "X has 3 in a row but O moved last"),
        (["XXX.", "OO.O", "O..O", "XXX."], "play went on after X had 3 in a row"),
        ([], "at least one row"),
        ([""], "at least one row"),
        (["XO", "X"], "row 1 'X' has 1 cells, but row 0 has 2"),
        (["X?.", "...", "..."], "'?' is not a mark"),
        (["xo.", "...", "..."], "'x' is not a mark"),
        (["XOY", "...", "..."], "mark Y at \\(0, 2\\) is not in a 2-player game"),
    ],
)
def test_impossible_positions_are_rejected_with_the_reason(rows: list[str], reason: str) -> None:
    with pytest.raises(ttt.InvalidPosition, match=reason) as caught:
        ttt.Game.from_rows(rows, k=3 if rows and len(rows[0]) >= 3 else None)
    assert isinstance(caught.value, ValueError)


def test_rows_must_be_strings() -> None:
    with pytest.raises(ttt.InvalidPosition, match="each row must be a str"):
        ttt.Game.from_rows([123])  # type: ignore[list-item]


def test_one_string_with_slashes_or_newlines() -> None:
    by_slash = ttt.Game.from_rows("X.O/.X./..O", k=3)
    by_lines = ttt.Game.from_rows("X.O\n.X.\n..O")
    assert str(by_slash) == str(by_lines) == "X.O\n.X.\n..O"


def test_k_and_rectangles() -> None:
    game = ttt.Game.from_rows(["XX...", "OO..."], k=3)
    assert (game.rows, game.cols, game.k) == (2, 5, 3)
    assert game.status is Status.IN_PROGRESS
    with pytest.raises(ttt.InvalidGame, match="k=6"):
        ttt.Game.from_rows(["....."], k=6)


@given(
    shape=st.sampled_from([(3, 3, 3, 2), (4, 4, 3, 2), (5, 6, 4, 2), (5, 5, 4, 3), (6, 6, 5, 2)]),
    seed=st.integers(0, 2**32),
)
def test_every_position_of_a_game_round_trips_through_its_text(
    shape: tuple[int, int, int, int], seed: int
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = ttt.Game(rows, cols, k, players=players)
    while True:
        rebuilt = ttt.Game.from_rows(str(game), k=k, players=players)
        assert str(rebuilt) == str(game)
        assert rebuilt.outcome() == game.outcome()
        assert rebuilt.turn is game.turn
        if game.is_over:
            break
        game.move(*random_cell(game, rng))


def test_every_terminal_position_of_the_uci_endgame_set() -> None:
    """958 terminal 3×3 positions (X first): positive means X has three in a row."""
    lines = (REFERENCE / "uci_tic_tac_toe.data").read_text().splitlines()[1:]
    assert len(lines) == 958
    outcomes: dict[str, int] = {}
    for line in lines:
        *cells, label = line.split(",")
        text = "".join({"x": "X", "o": "O", "b": "."}[cell] for cell in cells)
        game = ttt.Game.from_rows([text[0:3], text[3:6], text[6:9]])
        assert game.is_over
        assert (game.winner is Mark.X) == (label == "positive")
        key = "draw" if game.winner is None else str(game.winner)
        outcomes[key] = outcomes.get(key, 0) + 1
    assert outcomes == {"X": 626, "O": 316, "draw": 16}
