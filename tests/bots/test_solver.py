"""The solver against a brute-force minimax on the Game itself, and against known values."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import random_cell

import tictactoe as ttt
from tictactoe import solver
from tictactoe._bitboard import Geometry
from tictactoe.counting import Cost
from tictactoe.solver import MAX_EMPTY, MAX_TABLE, Value, bitboards, hard_cost, solve

MEMO: dict[tuple[int, int, int], dict[tuple[ttt.Mark | None, ...], int]] = {}
"""Brute-force scores of positions, by board shape, shared by every position checked."""


def brute_force(game: ttt.Game) -> tuple[int, set[ttt.Cell]]:
    """(score, best moves) by plain minimax through Game.move/undo, memoised on the cells.

    The score is as the solver defines it: +(empty cells at the end + 1) for a win of the
    side to move, its negative for a loss, 0 for a draw. One Game is played forward and back;
    the memo's key is the tuple of its cells, kept in step with each move and undo.
    """
    assert game.rows is not None
    assert game.cols is not None
    cols = game.cols
    size = game.rows * cols
    cells: list[ttt.Mark | None] = [None] * size
    for move in game.moves:
        cells[move.row * cols + move.col] = move.mark
    memo = MEMO.setdefault((game.rows, cols, game.k), {})

    def scores() -> dict[ttt.Cell, int]:
        """The score of every move of the side to move, in an unfinished game."""
        found = {}
        mark = game.turn
        for cell in sorted(game.legal_moves):
            status = game.move(*cell)
            cells[cell[0] * cols + cell[1]] = mark
            if status is ttt.Status.WON:
                found[cell] = size - len(game.moves) + 1
            elif status is ttt.Status.DRAW:
                found[cell] = 0
            else:
                found[cell] = -score()
            game.undo()
            cells[cell[0] * cols + cell[1]] = None
        return found

    def score() -> int:
        key = tuple(cells)
        if key not in memo:
            memo[key] = max(scores().values())
        return memo[key]

    moves = scores()
    best = max(moves.values())
    return best, {cell for cell, value in moves.items() if value == best}


@pytest.mark.parametrize(
    ("size", "value", "plies"),
    [
        ((3, 3, 3), Value.DRAW, 9),
        ((3, 3, 2), Value.WIN, 3),
        ((4, 4, 3), Value.WIN, 5),
        ((4, 4, 4), Value.DRAW, 16),
        ((2, 2, 2), Value.WIN, 3),
        ((1, 1, 1), Value.WIN, 1),
        ((1, 2, 2), Value.DRAW, 2),
    ],
)
def test_known_values_from_the_empty_board(
    size: tuple[int, int, int], value: Value, plies: int
) -> None:
    solution = solve(ttt.Game(*size))
    assert solution.value is value
    assert solution.plies == plies
    assert solution.to_move is ttt.Mark.X


def test_every_first_move_of_tic_tac_toe_draws() -> None:
    assert len(solve(ttt.Game()).best_moves) == 9


@settings(max_examples=60)
@given(
    size=st.sampled_from([(3, 3, 3), (3, 3, 2), (3, 4, 3), (4, 3, 3), (2, 4, 2), (4, 4, 4)]),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_the_solver_agrees_with_brute_force(
    size: tuple[int, int, int], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    rows, cols, k = size
    game = ttt.Game(rows, cols, k)
    at_least = max(0, rows * cols - 9)
    plies = data.draw(st.integers(at_least, rows * cols - 1))
    for _ in range(plies):
        if game.is_over:
            break
        game.move(*random_cell(game, rng))
    if game.is_over:
        return
    before = str(game), game.moves
    solution = solve(game)
    assert (str(game), game.moves) == before
    best, moves = brute_force(game)
    expected = Value.WIN if best > 0 else Value.LOSS if best < 0 else Value.DRAW
    assert solution.value is expected
    assert set(solution.best_moves) == moves
    empties = rows * cols - len(game.moves)
    assert solution.plies == (empties if best == 0 else empties - (abs(best) - 1))


def test_a_finished_game_has_no_moves_left() -> None:
    won = ttt.Game.from_rows(["XXX", "OO.", "..."])
    solution = solve(won)
    assert (solution.value, solution.plies, solution.best_moves) == (Value.LOSS, 0, ())
    drawn = ttt.Game.from_rows(["XOX", "XOO", "OXX"])
    assert solve(drawn).value is Value.DRAW


def test_fastest_win_and_longest_resistance() -> None:
    # X can win at once at (0, 2); other wins exist but take longer.
    game = ttt.Game.from_rows(["XX.", "OO.", "..."])
    assert solve(game).best_moves == ((0, 2),)
    assert solve(game).plies == 1
    # X threatens b1 (top row) and a2 (left column): O blocks one and loses to the other.
    lost = ttt.Game.from_rows(["X.X", ".O.", "X.O"], k=3)
    solution = solve(lost)
    assert solution.value is Value.LOSS
    assert solution.plies == 2


def test_json_shape() -> None:
    data = solve(ttt.Game.from_rows("X.O/.X./..O")).to_json()
    assert set(data) == {"value", "to_move", "plies", "best_moves", "nodes", "seconds"}
    assert data["value"] in {"win", "draw", "loss"}
    assert data["to_move"] == "X"
    assert all(isinstance(cell, list) and len(cell) == 2 for cell in data["best_moves"])


def test_games_the_solver_cannot_take() -> None:
    with pytest.raises(ttt.Unsolvable, match="unbounded"):
        solve(ttt.Game.unbounded(3))
    with pytest.raises(ttt.Unsolvable, match="3 players") as caught:
        solve(ttt.Game(3, players=3))
    assert isinstance(caught.value, ValueError)


@given(
    size=st.sampled_from([(3, 3, 3), (4, 4, 3), (5, 6, 4), (6, 5, 4), (7, 7, 5), (2, 5, 2)]),
    seed=st.integers(0, 2**32),
)
def test_the_bitboard_twin_agrees_with_the_game(size: tuple[int, int, int], seed: int) -> None:
    rng = random.Random(seed)
    game = ttt.Game(*size)
    geometry = Geometry(*size)
    while not game.is_over:
        game.move(*random_cell(game, rng))
        _, x_board, o_board = bitboards(game)
        mover = x_board if game.moves[-1].mark is ttt.Mark.X else o_board
        assert geometry.wins(mover, geometry.bit(game.moves[-1].cell)) == (
            game.status is ttt.Status.WON
        )
        assert geometry.has_line(x_board) == (game.winner is ttt.Mark.X)
        assert geometry.has_line(o_board) == (game.winner is ttt.Mark.O)


def test_symmetries_are_permutations_of_the_board() -> None:
    for rows, cols, count in ((3, 3, 8), (3, 4, 4), (5, 5, 8)):
        geometry = Geometry(rows, cols, 3)
        assert len(geometry.symmetries) == count
        for image in geometry.symmetries:
            assert sorted(image) == list(range(rows * cols))
            windows = set(geometry.windows)
            mapped = {
                sum(1 << image[bit] for bit in range(rows * cols) if mask >> bit & 1)
                for mask in windows
            }
            assert mapped == windows


def test_positions_out_of_reach_are_refused_at_once() -> None:
    assert MAX_EMPTY == 20
    started = time.perf_counter()
    with pytest.raises(ttt.Unsolvable, match=r"25 empty cells .*\(20 at most\)") as caught:
        solve(ttt.Game(5, k=4))  # 30 s of search
    assert "a hard search of them may take 1.6 minutes and 1.3 GB" in str(caught.value)
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ttt.Unsolvable, match="224 empty cells"):
        solve(ttt.Game.from_rows(["X" + "." * 14] + ["." * 15] * 14, k=5))
    assert time.perf_counter() - started < 1
    game = ttt.Game(5, k=3)
    for cell in [(2, 2), (0, 0), (2, 3), (4, 4), (1, 1)]:
        game.move(*cell)
    assert solve(game).value is Value.LOSS  # 20 empty cells: within reach


def test_boards_too_big_to_set_up_a_search_for_are_refused_whatever_the_limit() -> None:
    started = time.perf_counter()
    with pytest.raises(ttt.Unsolvable, match=r"the 1×1001 board .* 1,001 cells, 1,000 at most"):
        solve(ttt.Game(1, 1001, k=5), max_empty=None)
    assert time.perf_counter() - started < 1
    assert solve(ttt.Game(1, 1000, k=1000), max_empty=None, seconds=60.0).value is Value.DRAW


def test_the_cost_of_a_hard_search_doubles_with_each_cell() -> None:
    assert hard_cost(25) == Cost(98.0, 1_300_000_000)
    assert hard_cost(26).seconds == 2 * hard_cost(25).seconds
    assert hard_cost(20).seconds < 5  # 4x5 k=4: 3 s measured
    assert hard_cost(10**9).memory == MAX_TABLE * 200  # the table never grows past its bound
    assert str(hard_cost(10**9)).startswith("more time than the universe has had")
    assert "years" in str(hard_cost(60))
    with pytest.raises(ttt.WrongType, match="empties"):
        hard_cost(2.5)  # type: ignore[arg-type]


def test_a_search_past_its_time_says_how_far_it_got() -> None:
    ticks = iter(range(10**6))
    with pytest.raises(ttt.OutOfTime) as caught:
        solve(ttt.Game(4, k=4), seconds=10.0, clock=lambda: float(next(ticks)))
    assert str(caught.value) == (
        "not solved within 10 s: 11,264 nodes searched, 0 of 16 first moves settled"
    )


@pytest.mark.slow
def test_progress_is_reported_and_a_full_table_is_emptied(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []

    def progress(nodes: int) -> None:
        calls.append(nodes)
        raise KeyboardInterrupt  # what Ctrl-C raises, wherever the search is

    with pytest.raises(KeyboardInterrupt):
        solve(ttt.Game(4, 5, k=4), max_empty=None, progress=progress)
    assert calls == [65_536]
    game = ttt.Game(4, k=4)
    game.move(0, 0)
    game.move(1, 1)
    full = solve(game)
    monkeypatch.setattr(solver, "MAX_TABLE", 100)
    small = solve(game)  # the table is emptied every thousand nodes or so: slower, as right
    assert (small.value, small.plies, small.best_moves) == (full.value, full.plies, full.best_moves)
    assert small.nodes > full.nodes


def test_the_limit_can_be_chosen_or_lifted() -> None:
    game = ttt.Game.from_rows(["XX..", "OO..", "....", "...."], k=3)
    with pytest.raises(ttt.Unsolvable, match="12 empty cells"):
        solve(game, max_empty=11)
    assert solve(game, max_empty=None).best_moves == ((0, 2),)
    finished = ttt.Game(8, k=3)
    for cell in [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]:
        finished.move(*cell)
    assert solve(finished).value is Value.LOSS  # over: nothing to search


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"max_empty": -1}, ttt.InvalidArgument, "max_empty must be at least 0"),
        ({"max_empty": 2.0}, ttt.WrongType, "max_empty must be an int"),
        ({"seconds": 0.0}, ttt.InvalidArgument, "seconds must be a finite number greater than 0"),
        ({"seconds": float("inf")}, ttt.InvalidArgument, "finite"),
        ({"seconds": True}, ttt.WrongType, "seconds must be a number"),
        ({"clock": None}, ttt.WrongType, "clock must be a callable"),
        ({"progress": 1}, ttt.WrongType, "progress must be a callable"),
    ],
)
def test_bad_limits_are_refused(options: dict[str, object], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        solve(ttt.Game(), **options)  # type: ignore[arg-type]


def test_ctrl_c_stops_the_search_and_reaches_the_caller() -> None:
    reads = 0

    def clock() -> float:
        nonlocal reads
        reads += 1
        if reads > 2:
            raise KeyboardInterrupt
        return 0.0

    with pytest.raises(KeyboardInterrupt):
        solve(ttt.Game(4, k=4), seconds=60.0, clock=clock)
    reads = 0
    with pytest.raises(KeyboardInterrupt):
        ttt.PerfectBot(clock=clock, limit=ttt.Limit(seconds=60.0)).choose_move(ttt.Game(4, k=4))
