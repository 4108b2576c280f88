"""The exact rule (standard gomoku): exactly k in a row wins, an overline does not."""

from __future__ import annotations

import builtins
import random
from collections.abc import Iterable
from typing import Any

import pytest
from support.oracle import (
    can_build,
    is_blocked,
    judge,
    marks_of,
    maximal_runs,
    new_game,
    patch_cell,
    random_cell,
)
from support.snapshots import full_state

import tictactoe as ttt
from tictactoe import _positions
from tictactoe._positions import legal_order

# (rows, cols, k, players, games); rows and cols None for the unbounded grid.
SHAPES = [
    (15, 15, 5, 2, 60),
    (9, 9, 5, 2, 60),
    (6, 7, 4, 2, 150),
    (None, None, 5, 2, 60),
    (7, 7, 4, 3, 100),
    (5, 5, 5, 2, 60),
]


def has_overline(game: ttt.Game) -> bool:
    """Whether some player has a run longer than k on the board."""
    return any(len(run) > game.k for _, _, run in maximal_runs(marks_of(game)))


@pytest.mark.parametrize(("rows", "cols", "k", "players", "games"), SHAPES)
def test_exact_games_agree_with_the_referee(
    rows: int | None, cols: int | None, k: int, players: int, games: int
) -> None:
    rng = random.Random(f"exact {rows} {cols} {k} {players}")
    overlines = 0
    for _ in range(games):
        game = new_game(rows, cols, k, players, exact=True)
        cells = -1 if rows is None or cols is None else rows * cols
        while not game.is_over and len(game.moves) < 60:
            cell = patch_cell(game, rng)
            status = game.move(*cell)
            verdict = judge(marks_of(game), k, cell, exact=True)
            assert game.winner is verdict.winner
            assert game.winning_line == verdict.winning_line
            if verdict.winner is not None:
                assert status is ttt.Status.WON
            elif len(game.moves) == cells:
                assert status is ttt.Status.DRAW
            else:
                assert status is ttt.Status.IN_PROGRESS
            overlines += has_overline(game)
    if rows != k or cols != k:  # a full line of a square board leaves no room for an overline
        assert overlines > 0, "no game went on past an overline: the rule was not exercised"


@pytest.mark.parametrize(("rows", "cols", "k", "players", "games"), SHAPES)
def test_undo_is_exact_under_the_exact_rule(
    rows: int | None, cols: int | None, k: int, players: int, games: int
) -> None:
    rng = random.Random(f"undo {rows} {cols} {k} {players}")
    game = new_game(rows, cols, k, players, exact=True)
    history = [full_state(game)]
    for _ in range(120):
        if game.moves and (game.is_over or rng.random() < 0.3):
            game.undo()
            history.pop()
            assert full_state(game) == history[-1]
        else:
            game.move(*patch_cell(game, rng))
            history.append(full_state(game))


OVERLINE = ["XXXX.X", "OOOO..", "......", "....O."]
"""X to move; (0, 4) makes six in a row, not five."""


def test_an_overline_does_not_win_but_exactly_k_does() -> None:
    game = ttt.Game.from_rows(OVERLINE, k=5, exact=True)
    assert game.move(0, 4) is ttt.Status.IN_PROGRESS
    assert game.winner is None
    assert game.move(1, 4) is ttt.Status.WON  # O: exactly five
    assert game.winning_line == tuple((1, col) for col in range(5))
    plain = ttt.Game.from_rows(OVERLINE, k=5)
    assert plain.move(0, 4) is ttt.Status.WON
    assert plain.winning_line == tuple((0, col) for col in range(6))


def test_the_rule_is_a_property_kept_by_copy_and_repr() -> None:
    game = ttt.Game.from_rows(OVERLINE, k=5, exact=True)
    assert game.exact
    assert not ttt.Game(15).exact
    assert ttt.Game.unbounded(5, exact=True).exact
    twin = game.copy()
    assert twin.exact
    assert twin.move(0, 4) is ttt.Status.IN_PROGRESS
    assert game.moves != twin.moves
    again = eval(repr(game), {"Game": ttt.Game})
    assert again.exact
    assert "exact=True" in repr(game)
    assert "exact" not in repr(ttt.Game.from_rows(OVERLINE, k=5))
    assert " exact " in repr(ttt.Game.unbounded(5, exact=True))
    assert "exact" not in repr(ttt.Game.unbounded(5))


@pytest.mark.parametrize("value", [1, 0, "yes", None])
def test_exact_must_be_a_bool(value: object) -> None:
    with pytest.raises(ttt.InvalidGame, match="exact must be True or False"):
        ttt.Game(15, exact=value)  # type: ignore[arg-type]
    with pytest.raises(ttt.InvalidGame, match="exact must be True or False"):
        ttt.Game.unbounded(5, exact=value)  # type: ignore[arg-type]


def test_a_full_line_board_plays_the_same_under_both_rules() -> None:
    exact, plain = ttt.Game(5, exact=True), ttt.Game(5)
    for col in range(4):
        exact.move(0, col), plain.move(0, col)
        exact.move(1, col), plain.move(1, col)
    assert exact.move(0, 4) is plain.move(0, 4) is ttt.Status.WON
    assert exact.winning_line == plain.winning_line


def test_positions_with_overlines_and_no_winner_are_legal() -> None:
    eleven = ["X" * 11 + "..", "O.O.O.O.O.O..", "." * 13, "O.O.O.O.O...."]
    game = ttt.Game.from_rows(eleven, k=5, exact=True)
    assert game.status is ttt.Status.IN_PROGRESS
    assert game.rows_text() == eleven
    with pytest.raises(ttt.InvalidPosition, match="5 in a row"):
        ttt.Game.from_rows(eleven, k=5)


def test_a_won_position_ends_with_a_move_that_makes_no_overline_before() -> None:
    # X's (0, 5) is the one cell of both fives (down column 5, down-left from it), but it
    # also ends the six in row 0: without it row 0 holds exactly five, a win before.
    fives = [(0, col) for col in range(6)] + [(i, 5) for i in range(1, 5)]
    fives += [(i, 5 - i) for i in range(1, 5)]
    position = dict.fromkeys(fives, ttt.Mark.X)
    position |= {(100, 2 * i): ttt.Mark.O for i in range(len(fives) - 1)}
    with pytest.raises(ttt.InvalidPosition, match="play went on"):
        legal_order(position, 5, (ttt.Mark.X, ttt.Mark.O), exact=True)
    game = ttt.Game.from_rows(["XXXXX.", "OO.OO.", "......"], k=5, exact=True)
    assert game.winner is ttt.Mark.X


def test_an_unreachable_position_is_refused() -> None:
    # Every order of these X marks makes exactly two in a row before the last one.
    rows = [".X......", ".XXX....", ".X.X....", "X..X....", "........"]
    rows += ["O.O.O.O.", "........", "O.O.O.O."]
    with pytest.raises(ttt.InvalidPosition, match="no legal game reaches"):
        ttt.Game.from_rows(rows, k=2, exact=True)


def _limit_work(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    """Fail as soon as the order search does more than ``limit`` units of work.

    A unit is one check of whether a mark can be taken back, or one mark in a list sorted:
    so a search that re-sorts what is left at every step fails fast instead of running on.
    """
    work = [0]

    def spend(units: int) -> None:
        work[0] += units
        assert work[0] <= limit, f"the order search did more than {limit:,} units of work"

    check = _positions._can_take_back

    def counted_check(cells: set[ttt.Cell], cell: ttt.Cell, k: int) -> bool:
        spend(1)
        return check(cells, cell, k)

    def counted_sort(items: Iterable[Any], **options: Any) -> list[Any]:
        listed = builtins.sorted(items, **options)
        spend(len(listed))
        return listed

    monkeypatch.setattr(_positions, "_can_take_back", counted_check)
    monkeypatch.setattr(_positions, "sorted", counted_sort, raising=False)


def test_a_big_exact_position_is_ordered_in_work_linear_in_its_marks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 14,400 marks in pairs: each row an overline-free run of two, with no early five to
    # avoid. The old search sorted every mark left at each step: 23 s on the compiled build.
    rows = ["XXOO" * 30] * 120
    _limit_work(monkeypatch, (3 + 8 * (5 + 1)) * 120 * 120)
    game = ttt.Game.from_rows(rows, k=5, exact=True)
    assert game.rows_text((range(120), range(120))) == rows


def test_a_big_position_no_order_reaches_is_refused_within_the_search_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The X marks of the unreachable position above, and 300 lone marks that any order takes:
    # the greedy pass takes the lone marks and stops at a dead end, and the backtracking
    # search, which would try their orders for ages, gives up at its budget.
    stuck = [(0, 1), (1, 1), (1, 2), (1, 3), (2, 1), (2, 3), (3, 0), (3, 3)]
    crosses = stuck + [(10 + 2 * (i // 20), 2 * (i % 20)) for i in range(300)]
    noughts = [(1000, 2 * i) for i in range(len(crosses))]
    position = dict.fromkeys(crosses, ttt.Mark.X) | dict.fromkeys(noughts, ttt.Mark.O)
    _limit_work(monkeypatch, 2 * _positions._SEARCH_STEPS + (3 + 8 * 3) * len(position))
    with pytest.raises(ttt.InvalidPosition, match="no legal order of these marks found"):
        legal_order(position, 2, (ttt.Mark.X, ttt.Mark.O), exact=True)


def test_the_order_search_agrees_with_trying_every_order() -> None:
    rng = random.Random("orders")
    cells = [(row, col) for row in range(4) for col in range(4)]
    for _ in range(300):
        k = rng.choice([2, 3])
        marks = frozenset(rng.sample(cells, rng.randint(3, 7)))
        if any(len(run) == k for _, _, run in maximal_runs(dict.fromkeys(marks, ttt.Mark.X))):
            continue
        far = [(100, 2 * i) for i in range(len(marks))]  # O marks, apart from each other
        position = dict.fromkeys(marks, ttt.Mark.X) | dict.fromkeys(far, ttt.Mark.O)
        try:
            order = legal_order(position, k, (ttt.Mark.X, ttt.Mark.O), exact=True)
        except ttt.InvalidPosition:
            assert not can_build(marks, k)
            continue
        assert can_build(marks, k)
        game = ttt.Game.unbounded(k, exact=True)
        for cell in order:
            assert game.move(*cell) is ttt.Status.IN_PROGRESS


@pytest.mark.parametrize(("rows", "cols", "k", "players"), [(5, 5, 4, 3), (4, 4, 3, 3)])
def test_certain_draws_are_never_wrong_under_the_exact_rule(
    rows: int, cols: int, k: int, players: int
) -> None:
    rng = random.Random(f"draws {rows} {cols} {k} {players}")
    early = 0
    for _ in range(40):
        game = ttt.Game(rows, cols, k, players=players, exact=True, early_draw=True)
        while not game.is_over:
            game.move(*random_cell(game, rng))
        if game.status is ttt.Status.DRAW and len(game.moves) < rows * cols:
            early += 1
            # every k-cell window holds two players: no one can ever make exactly k
            assert is_blocked(marks_of(game), rows, cols, k)
    assert early > 0
