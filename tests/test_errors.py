"""The exception tree: one root, builtin bases kept."""

from __future__ import annotations

import pytest

import tictactoe as ttt


@pytest.mark.parametrize(
    ("error", "bases"),
    [
        (ttt.InvalidGame, (ttt.TicTacToeError, ValueError)),
        (ttt.InvalidPosition, (ttt.TicTacToeError, ValueError)),
        (ttt.IllegalMove, (ttt.TicTacToeError, ValueError)),
        (ttt.OffBoard, (ttt.IllegalMove,)),
        (ttt.CellTaken, (ttt.IllegalMove,)),
        (ttt.GameOver, (ttt.IllegalMove,)),
        (ttt.NothingToUndo, (ttt.TicTacToeError, IndexError)),
        (ttt.WrongType, (ttt.TicTacToeError, TypeError)),
    ],
)
def test_every_error_has_the_root_and_its_builtin(
    error: type[Exception], bases: tuple[type[Exception], ...]
) -> None:
    for base in bases:
        assert issubclass(error, base)
    assert issubclass(error, ttt.TicTacToeError)


def test_the_tree_in_the_docstring_names_every_error() -> None:
    from tictactoe import errors

    doc = errors.__doc__ or ""
    for name in errors.__all__:
        assert name in doc
