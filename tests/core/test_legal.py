"""The legal-move view: O(1) membership, len and indexing, lazy iteration."""

from __future__ import annotations

import random

import pytest

import tictactoe as ttt


def test_the_view_follows_the_game() -> None:
    game = ttt.Game()
    legal = game.legal_moves
    assert len(legal) == 9
    assert sorted(legal) == [(r, c) for r in range(3) for c in range(3)]
    game.move(1, 1)
    assert (1, 1) not in legal
    assert (0, 0) in legal
    assert len(legal) == 8
    assert sorted(legal[i] for i in range(len(legal))) == sorted(legal)
    assert legal[-1] == list(legal)[-1]


def test_membership_rejects_anything_that_is_not_a_free_cell() -> None:
    legal = ttt.Game(2).legal_moves
    for thing in [(2, 0), (-1, 0), (0,), (0, 0, 0), "00", [0, 0], (0.0, 0), (True, 0), None]:
        assert thing not in legal
    assert (0, 0) in legal


def test_no_moves_once_the_game_is_over() -> None:
    game = ttt.Game(1)
    game.move(0, 0)
    assert len(game.legal_moves) == 0
    assert list(game.legal_moves) == []
    assert not game.legal_moves
    assert game.legal_moves.near(3) == []
    with pytest.raises(IndexError, match="out of range for 0 moves"):
        game.legal_moves[0]


def test_index_out_of_range_says_so() -> None:
    with pytest.raises(IndexError, match="legal move index 9 out of range for 9 moves"):
        ttt.Game().legal_moves[9]


def test_random_choice_is_uniform_enough() -> None:
    rng = random.Random(5)
    game = ttt.Game(2)
    game.move(0, 0)
    counts: dict[ttt.Cell, int] = {}
    for _ in range(3000):
        cell = rng.choice(game.legal_moves)
        counts[cell] = counts.get(cell, 0) + 1
    assert set(counts) == {(0, 1), (1, 0), (1, 1)}
    assert min(counts.values()) > 850


def test_the_unbounded_grid_has_no_length_but_knows_its_neighbourhood() -> None:
    game = ttt.Game.unbounded(4)
    legal = game.legal_moves
    assert (10**15, -(10**15)) in legal
    for call in (lambda: len(legal), lambda: legal[0], lambda: list(legal)):
        with pytest.raises(ttt.WrongType, match="infinitely many"):
            call()
    assert legal.near(0) == [(0, 0)]
    game.move(5, 5)
    assert (5, 5) not in legal
    near = legal.near(1)
    assert len(near) == 8
    assert near == sorted(near)
    assert "unbounded" in repr(legal)


def test_near_on_a_bounded_board_stays_on_it() -> None:
    game = ttt.Game(3)
    assert game.legal_moves.near(0) == [(1, 1)]
    game.move(0, 0)
    assert game.legal_moves.near(1) == [(0, 1), (1, 0), (1, 1)]
    assert repr(game.legal_moves) == "<LegalMoves (8 moves)>"
