"""Gravity (Connect Four): a move lands on the lowest free cell of its column.

Random games of several sizes, k, player counts and rules are played move by move against the
brute-force referees: the legal moves are the landing cells of ``support/variants.py``, and
the result after every move is the line ``support/oracle.py`` finds. OpenSpiel's
``connect_four`` is the second oracle (``test_openspiel_variants.py``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import judge, marks_of
from support.snapshots import full_state
from support.variants import landing_cells

import tictactoe as ttt

# (rows, cols, k, players, exact, misere, games)
SHAPES = [
    (6, 7, 4, 2, False, False, 300),
    (4, 4, 3, 2, False, False, 300),
    (5, 4, 4, 2, False, False, 200),
    (6, 7, 4, 3, False, False, 150),
    (7, 9, 3, 4, False, False, 100),
    (6, 7, 4, 2, True, False, 150),
    (6, 7, 4, 2, False, True, 150),
    (3, 8, 3, 2, True, True, 150),
    (1, 6, 2, 2, False, False, 50),
]


@pytest.mark.parametrize(("rows", "cols", "k", "players", "exact", "misere", "games"), SHAPES)
def test_every_move_lands_and_is_judged_as_the_referees_read_it(
    rows: int, cols: int, k: int, players: int, exact: bool, misere: bool, games: int
) -> None:
    rng = random.Random(f"gravity {rows} {cols} {k} {players} {exact} {misere}")
    for _ in range(games):
        game = ttt.Game(rows, cols, k, players=players, exact=exact, misere=misere, gravity=True)
        while not game.is_over:
            cells = marks_of(game)
            expected = landing_cells(cells, rows, cols)
            assert set(game.legal_moves) == expected
            assert len(game.legal_moves) == len(expected)
            assert set(game.legal_moves.near(1)) <= expected
            row, col = rng.choice(sorted(expected))
            mover = game.turn
            status = game.drop(col) if rng.random() < 0.5 else game.move(row, col)
            assert game.last_move == ttt.Move(row, col, mover)
            verdict = judge(marks_of(game), k, (row, col), exact=exact)
            if verdict.winner is not None:
                assert status is ttt.Status.WON
                assert game.winning_line == verdict.winning_line
                loser_wins = game.players[1 - game.players.index(mover)] if misere else mover
                assert game.winner is loser_wins
            elif len(game.moves) == rows * cols:
                assert status is ttt.Status.DRAW
            else:
                assert status is ttt.Status.IN_PROGRESS
        assert list(game.legal_moves) == []


def test_a_floating_move_is_refused_and_changes_nothing() -> None:
    game = ttt.Game(6, 7, k=4, gravity=True)
    game.drop(3)
    before = full_state(game)
    with pytest.raises(ttt.FloatingMove, match=r"\(3, 3\) has an empty cell below") as caught:
        game.move(3, 3)
    assert caught.value.landing == (4, 3)
    assert isinstance(caught.value, ttt.IllegalMove)
    assert full_state(game) == before
    assert (3, 3) not in game.legal_moves
    assert (4, 3) in game.legal_moves


def test_a_full_column_and_a_column_off_the_board_are_refused() -> None:
    game = ttt.Game(2, 3, k=3, gravity=True)
    game.drop(0)
    game.drop(0)
    before = full_state(game)
    with pytest.raises(ttt.CellTaken, match="column 0 is full"):
        game.drop(0)
    with pytest.raises(ttt.OffBoard, match="column 3"):
        game.drop(3)
    with pytest.raises(ttt.WrongType):
        game.drop("1")  # type: ignore[arg-type]
    assert full_state(game) == before
    assert sorted(game.legal_moves) == [(1, 1), (1, 2)]


def test_drop_is_for_games_under_gravity() -> None:
    with pytest.raises(ttt.InvalidArgument, match="under gravity"):
        ttt.Game().drop(1)


def test_gravity_plays_the_line_rules_on_a_bounded_board() -> None:
    with pytest.raises(ttt.InvalidGame, match="gravity plays the freestyle and standard"):
        ttt.Game(15, k=5, rule="renju", gravity=True)
    with pytest.raises(ttt.InvalidGame, match="gravity must be True or False"):
        ttt.Game(6, 7, k=4, gravity=1)
    assert ttt.Game(6, 7, k=4, rule="standard", gravity=True).exact


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 42))
def test_undo_restores_and_copy_goes_its_own_way(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    game = ttt.Game(6, 7, k=4, gravity=True)
    states = [full_state(game)]
    while not game.is_over and len(game.moves) < cut:
        game.move(*rng.choice(list(game.legal_moves)))
        states.append(full_state(game))
    twin = game.copy()
    assert twin.gravity
    assert full_state(twin) == full_state(game)
    if not twin.is_over:
        twin.move(*rng.choice(list(twin.legal_moves)))
        assert full_state(game) == states[-1]
    while game.moves:
        game.undo()
        states.pop()
        assert full_state(game) == states[-1]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 42))
def test_a_position_drawn_as_rows_is_reached_under_gravity(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    game = ttt.Game(6, 7, k=4, gravity=True)
    while not game.is_over and len(game.moves) < cut:
        game.move(*rng.choice(list(game.legal_moves)))
    again = ttt.Game.from_rows(game.rows_text(), k=4, gravity=True)
    assert again.rows_text() == game.rows_text()
    assert again.outcome().status is game.status
    assert again.winner is game.winner
    assert eval(repr(again), {"Game": ttt.Game}).rows_text() == game.rows_text()


def test_a_mark_above_an_empty_cell_is_no_gravity_position() -> None:
    with pytest.raises(ttt.InvalidPosition, match=r"\(0, 0\) has an empty cell below"):
        ttt.Game.from_rows(["X..", "...", "O.."], k=3, gravity=True)


def test_the_rule_shows_in_the_properties_and_the_repr() -> None:
    game = ttt.Game(6, 7, k=4, gravity=True)
    assert game.gravity
    assert not game.torus
    assert "gravity=True" in repr(game)
    assert " gravity " in repr(ttt.Game(30, k=5, gravity=True))
