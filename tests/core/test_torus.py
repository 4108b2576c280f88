"""The torus: lines run over the edges and come back on the other side.

Random games of several sizes, k and rules are played move by move against the brute-force
referee of ``support/variants.py``, which reads every k-cell window modulo the sides. OpenSpiel's
``gomoku`` with ``wrap=True`` is the second oracle (``test_openspiel_variants.py``).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import marks_of
from support.snapshots import full_state
from support.variants import torus_blocked, torus_lines

import tictactoe as ttt

# (rows, cols, k, players, exact, games)
SHAPES = [
    (3, 3, 3, 2, False, 400),
    (4, 4, 4, 2, False, 200),
    (4, 6, 3, 2, False, 200),
    (5, 5, 4, 2, True, 200),
    (4, 6, 4, 2, True, 200),
    (6, 6, 4, 3, False, 100),
    (9, 9, 5, 2, False, 60),
    (2, 5, 2, 2, False, 100),
]


@pytest.mark.parametrize(("rows", "cols", "k", "players", "exact", "games"), SHAPES)
def test_every_move_is_judged_as_the_referee_reads_the_torus(
    rows: int, cols: int, k: int, players: int, exact: bool, games: int
) -> None:
    rng = random.Random(f"torus {rows} {cols} {k} {players} {exact}")
    for number in range(games):
        early = number % 2 == 0
        game = ttt.Game(rows, cols, k, players=players, exact=exact, torus=True, early_draw=early)
        while not game.is_over:
            mover = game.turn
            status = game.move(*rng.choice(list(game.legal_moves)))
            cells = marks_of(game)
            winners = torus_lines(cells, rows, cols, k, exact=exact)
            if winners:
                assert winners == {mover}
                assert status is ttt.Status.WON
                line = game.winning_line
                assert line is not None
                assert game.last_move is not None
                assert game.last_move.cell in line
                assert all(cells.get(cell) is mover for cell in line)
                assert len(set(line)) == len(line) >= k
                assert len(line) == k or not exact
            elif len(cells) == rows * cols or (early and torus_blocked(cells, rows, cols, k)):
                assert status is ttt.Status.DRAW
            else:
                assert status is ttt.Status.IN_PROGRESS
                assert game.is_draw_certain is torus_blocked(cells, rows, cols, k)


def test_a_line_over_the_corner_wins() -> None:
    game = ttt.Game(4, 4, 4, torus=True)
    for cell in [(3, 2), (0, 0), (0, 3), (0, 1), (1, 0)]:
        game.move(*cell)
    assert game.move(1, 1) is ttt.Status.IN_PROGRESS
    assert game.move(2, 1) is ttt.Status.WON
    assert game.winner is ttt.Mark.X
    assert set(game.winning_line or ()) == {(3, 2), (0, 3), (1, 0), (2, 1)}


def test_k_may_not_pass_the_shorter_side() -> None:
    with pytest.raises(ttt.InvalidGame, match="at most 4 on a 4×6 torus"):
        ttt.Game(4, 6, k=5, torus=True)
    with pytest.raises(ttt.InvalidGame, match="the torus plays the freestyle and standard"):
        ttt.Game(15, k=5, rule="caro", torus=True)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 25))
def test_undo_copy_and_rows_round_trip_on_the_torus(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    game = ttt.Game(5, 5, 4, torus=True)
    states = [full_state(game)]
    while not game.is_over and len(game.moves) < cut:
        game.move(*rng.choice(list(game.legal_moves)))
        states.append(full_state(game))
    again = ttt.Game.from_rows(game.rows_text(), k=4, torus=True)
    assert again.rows_text() == game.rows_text()
    assert again.winner is game.winner
    assert again.torus
    assert "torus=True" in repr(again)
    twin = game.copy()
    assert twin.torus
    assert full_state(twin) == full_state(game)
    while game.moves:
        game.undo()
        states.pop()
        assert full_state(game) == states[-1]
