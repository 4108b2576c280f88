"""The boards store cells only, and a pop undoes a place exactly."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from tictactoe._board import BoundedBoard, UnboundedBoard
from tictactoe.coordinates import bounding_box
from tictactoe.marks import Mark


@given(rows=st.integers(1, 7), cols=st.integers(1, 7), seed=st.integers(0, 2**32))
def test_place_and_pop_keep_the_free_list_exact(rows: int, cols: int, seed: int) -> None:
    rng = random.Random(seed)
    board = BoundedBoard(rows, cols)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    snapshots = []
    for row, col in cells:
        snapshots.append((list(board.free_indices), bytes(board._cells)))
        board.place(row, col, Mark.O)
        assert board.get(row, col) is Mark.O
        assert row * cols + col not in board.free_indices
        assert sorted(board.free_indices) == [
            r * cols + c for r in range(rows) for c in range(cols) if board.get(r, c) is None
        ]
    assert board.is_full
    assert board.filled == rows * cols
    for row, col in reversed(cells):
        assert board.pop() == (row, col)
        assert (list(board.free_indices), bytes(board._cells)) == snapshots.pop()
    assert board.filled == 0


def test_big_boards_keep_compact_index_arrays() -> None:
    small, big = BoundedBoard(3, 3), BoundedBoard(100, 100)
    assert isinstance(small.free_indices, list)
    assert not isinstance(big.free_indices, list)
    big.place(99, 99, Mark.X)
    assert big.get(99, 99) is Mark.X
    assert big.pop() == (99, 99)
    assert len(big.free_indices) == 10_000


def test_bounded_board_reads_off_board_as_empty() -> None:
    board = BoundedBoard(2, 3)
    assert board.get(-1, 0) is None
    assert board.get(0, 3) is None
    assert board.is_on_board(1, 2)
    assert not board.is_on_board(2, 0)
    assert not board.is_on_board(0, -1)


def test_marks_come_in_row_major_order() -> None:
    for board in (BoundedBoard(3, 3), UnboundedBoard()):
        board.place(2, 0, Mark.X)
        board.place(0, 1, Mark.O)
        board.place(0, 0, Mark.Y)
        assert list(board.marks()) == [((0, 0), Mark.Y), ((0, 1), Mark.O), ((2, 0), Mark.X)]


def test_unbounded_board_grows_with_the_marks_only() -> None:
    board = UnboundedBoard()
    assert bounding_box(cell for cell, _ in board.marks()) is None
    assert not board.is_full
    board.place(-(10**9), 5, Mark.X)
    board.place(10**9, -5, Mark.O)
    box = bounding_box(cell for cell, _ in board.marks())
    assert box == (range(-(10**9), 10**9 + 1), range(-5, 6))
    assert len(board._cells) == 2
    assert board.pop() == (10**9, -5)
    assert board.filled == 1
