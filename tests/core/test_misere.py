"""Misère: whoever makes the line loses. Checked against the brute-force referee, move by move.

The referee (``support/oracle.py``) says who made a line; under misère the game must end at
that very move, with the other player as the winner and the line that was made as the
winning line. Everything else (copy, early draws here; undo and illegal calls in the core's
invariant tests, which draw misère games too) holds as in the game whose line wins.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import is_blocked, judge, marks_of, patch_cell, random_cell
from support.snapshots import full_state

import tictactoe as ttt

# (rows, cols, k, exact, games); rows and cols None for the unbounded grid.
SHAPES = [
    (3, 3, 3, False, 600),
    (4, 4, 4, False, 300),
    (4, 4, 3, False, 300),
    (3, 5, 3, False, 300),
    (6, 7, 4, False, 200),
    (2, 6, 2, False, 200),
    (9, 9, 5, False, 60),
    (None, None, 4, False, 60),
    (6, 7, 4, True, 150),
    (9, 9, 5, True, 60),
    (None, None, 5, True, 40),
]


def misere_game(
    rows: int | None, cols: int | None, k: int, *, exact: bool = False, early_draw: bool = False
) -> ttt.Game:
    """A misère game of the given shape; rows and cols None for the unbounded grid."""
    if rows is None or cols is None:
        return ttt.Game.unbounded(k, exact=exact, early_draw=early_draw, misere=True)
    return ttt.Game(rows, cols, k, exact=exact, early_draw=early_draw, misere=True)


def rival(game: ttt.Game, mark: ttt.Mark) -> ttt.Mark:
    """The other of the two players."""
    first, second = game.players
    return second if mark is first else first


@pytest.mark.parametrize(("rows", "cols", "k", "exact", "games"), SHAPES)
def test_every_move_is_judged_as_the_referee_reads_misere(
    rows: int | None, cols: int | None, k: int, exact: bool, games: int
) -> None:
    rng = random.Random(f"misere {rows} {cols} {k} {exact}")
    cells = -1 if rows is None or cols is None else rows * cols
    ended = 0
    for _ in range(games):
        game = misere_game(rows, cols, k, exact=exact)
        while not game.is_over and len(game.moves) < 60:
            cell = patch_cell(game, rng) if exact else random_cell(game, rng, spread=3)
            mover = game.turn
            status = game.move(*cell)
            verdict = judge(marks_of(game), k, cell, exact=exact)
            if verdict.winner is not None:
                assert verdict.winner is mover  # only the last move can have made the line
                assert status is ttt.Status.WON
                assert game.winner is rival(game, mover)
                assert game.winning_line == verdict.winning_line
                assert game.outcome() == ttt.Outcome(
                    ttt.Status.WON, rival(game, mover), verdict.winning_line
                )
                ended += 1
            elif len(game.moves) == cells:
                assert status is ttt.Status.DRAW
                assert (game.winner, game.winning_line) == (None, None)
            else:
                assert status is ttt.Status.IN_PROGRESS
                assert (game.winner, game.winning_line) == (None, None)
    assert ended > games // 10, "too few games made a line: the rule was hardly exercised"


@settings(max_examples=80)
@given(
    shape=st.sampled_from([(3, 3, 3), (4, 5, 3), (5, 5, 4), (None, None, 3)]),
    exact=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_a_misere_game_ends_where_the_plain_game_ends_with_the_winner_swapped(
    shape: tuple[int | None, int | None, int], exact: bool, seed: int
) -> None:
    rows, cols, k = shape
    rng = random.Random(seed)
    losing = misere_game(rows, cols, k, exact=exact)
    plain = (
        ttt.Game.unbounded(k, exact=exact)
        if rows is None or cols is None
        else ttt.Game(rows, cols, k, exact=exact)
    )
    while not plain.is_over and len(plain.moves) < 50:
        cell = random_cell(plain, rng, spread=2)
        assert losing.move(*cell) is plain.move(*cell)
        assert losing.winning_line == plain.winning_line
        assert losing.is_draw_certain == plain.is_draw_certain
    assert losing.is_over is plain.is_over
    if plain.winner is not None:
        assert losing.winner is rival(plain, plain.winner)
        assert plain.last_move is not None
        assert plain.winner is plain.last_move.mark
    else:
        assert losing.winner is None


@settings(max_examples=40)
@given(shape=st.sampled_from([(3, 3, 3), (5, 8, 4), (None, None, 4)]), seed=st.integers(0, 2**32))
def test_a_copy_keeps_the_rule_and_goes_its_own_way(
    shape: tuple[int | None, int | None, int], seed: int
) -> None:
    rows, cols, k = shape
    rng = random.Random(seed)
    game = misere_game(rows, cols, k)
    while not game.is_over and len(game.moves) < 30:
        twin = game.copy()
        assert twin.misere
        assert full_state(twin) == full_state(game)
        cell = random_cell(game, rng, spread=3)
        assert twin.move(*cell) is game.move(*cell)
        assert twin.outcome() == game.outcome()
        if not twin.is_over:
            twin.move(*random_cell(twin, rng, spread=3))
            assert len(twin.moves) == len(game.moves) + 1


def test_the_maker_of_the_line_loses_and_the_line_is_kept() -> None:
    game = ttt.Game.from_rows(["XX.", "OO.", "X.."], misere=True)
    assert game.turn is ttt.Mark.O
    assert game.move(1, 2) is ttt.Status.WON
    assert game.winner is ttt.Mark.X
    assert game.winning_line == ((1, 0), (1, 1), (1, 2))
    with pytest.raises(ttt.GameOver, match="X won"):
        game.move(2, 2)
    assert game.undo() == ttt.Move(1, 2, ttt.Mark.O)
    assert game.outcome() == ttt.Outcome(ttt.Status.IN_PROGRESS)
    assert game.move(2, 2) is ttt.Status.IN_PROGRESS


def test_a_full_board_without_a_line_is_still_a_draw() -> None:
    game = ttt.Game.from_rows(["XOX", "XOO", "OX."], misere=True)
    assert game.move(2, 2) is ttt.Status.DRAW
    assert game.winner is None


@pytest.mark.parametrize(("rows", "cols", "k"), [(4, 4, 4), (5, 5, 4), (6, 6, 5)])
def test_an_early_draw_comes_when_no_one_can_make_a_line(rows: int, cols: int, k: int) -> None:
    rng = random.Random(f"early {rows} {cols} {k}")
    early = 0
    for _ in range(60):
        game = misere_game(rows, cols, k, early_draw=True)
        while not game.is_over:
            game.move(*random_cell(game, rng))
        if game.status is ttt.Status.DRAW and len(game.moves) < rows * cols:
            early += 1
            assert is_blocked(marks_of(game), rows, cols, k)  # no one can ever lose now
    assert early > 0


def test_positions_read_as_misere_are_reached_by_a_legal_order() -> None:
    game = ttt.Game.from_rows(["XXX", "OO.", "..."], misere=True)
    assert (game.status, game.winner) == (ttt.Status.WON, ttt.Mark.O)
    assert game.last_move is not None
    assert game.last_move.mark is ttt.Mark.X
    with pytest.raises(ttt.InvalidPosition, match="X has 3 in a row but O moved last"):
        ttt.Game.from_rows(["XXX", "OO.", "O.."], misere=True)


def test_the_rule_is_a_property_kept_by_repr() -> None:
    game = ttt.Game.from_rows(["X..", ".O.", "..."], misere=True)
    assert game.misere
    assert not ttt.Game().misere
    assert "misere=True" in repr(game)
    again = eval(repr(game), {"Game": ttt.Game})
    assert again.misere
    assert again.moves == game.moves
    assert "misere" not in repr(ttt.Game())
    big = ttt.Game.unbounded(5, exact=True, misere=True)
    assert big.misere
    assert big.exact
    assert " exact misere " in repr(big)
    assert repr(eval(repr(ttt.Game(4, k=3, exact=True, misere=True)), {"Game": ttt.Game})).endswith(
        "k=3, exact=True, misere=True)"
    )


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_misere_must_be_a_bool(value: object) -> None:
    with pytest.raises(ttt.InvalidGame, match="misere must be True or False"):
        ttt.Game(3, misere=value)
    with pytest.raises(ttt.InvalidGame, match="misere must be True or False"):
        ttt.Game.unbounded(5, misere=value)


def test_misere_is_for_two_players_and_the_line_rules() -> None:
    with pytest.raises(ttt.InvalidGame, match="misère is for two players, not 3"):
        ttt.Game(5, k=4, players=3, misere=True)
    with pytest.raises(ttt.InvalidGame, match="misère is for two players"):
        ttt.Game.unbounded(4, players=4, misere=True)
    for rule in ("renju", "caro", "caro-overline"):
        with pytest.raises(ttt.InvalidGame, match=f"misère plays the freestyle and .* not {rule}"):
            ttt.Game(15, k=5, rule=rule, misere=True)
    assert ttt.Game(15, k=5, rule="standard", misere=True).exact
    assert ttt.Game(15, k=5, rule="freestyle", misere=True).rule == "freestyle"
