"""The exception tree: one root, builtin bases kept."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

import tictactoe as ttt


@pytest.mark.parametrize(
    ("error", "bases"),
    [
        (ttt.InvalidGame, (ttt.TicTacToeError, ValueError)),
        (ttt.InvalidArgument, (ttt.TicTacToeError, ValueError)),
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


def _breaks() -> list[tuple[Callable[[], object], type[ttt.TicTacToeError]]]:
    from tictactoe import engine, svg

    return [
        (lambda: ttt.HeuristicBot(limit=ttt.Limit(nodes=True)), ttt.WrongType),
        (lambda: ttt.ThreatBot(limit=ttt.Limit(seconds=0)), ttt.InvalidArgument),
        (lambda: ttt.PerfectBot(limit=ttt.Limit(seconds=10**400)), ttt.InvalidArgument),
        (lambda: ttt.play_match(ttt.Game(), [ttt.RandomBot()]), ttt.InvalidGame),
        (lambda: ttt.play_match(ttt.Game(), [ttt.RandomBot(), None]), ttt.WrongType),  # type: ignore[list-item]
        (lambda: ttt.Game.from_rows(None), ttt.WrongType),  # type: ignore[arg-type]
        (lambda: engine.Limit(seconds=-1), ttt.InvalidArgument),
        (lambda: engine.Limit(game_seconds=math.inf), ttt.InvalidArgument),
        (lambda: ttt.ThreatBot(limit=5.0), ttt.WrongType),  # type: ignore[arg-type]
        (lambda: svg.board(ttt.Game(), size=10), ttt.InvalidArgument),
        (lambda: ttt.Mark.from_letter("Q"), ttt.InvalidArgument),
        (lambda: ttt.Game().rows_text((range(10**9), range(10**9))), ttt.InvalidArgument),
        (lambda: ttt.Game().move(10**5000, 0), ttt.OffBoard),
        (lambda: len(ttt.Game.unbounded(5).legal_moves), ttt.WrongType),
        (lambda: ttt.solve(None), ttt.WrongType),  # type: ignore[arg-type]
    ]


@pytest.mark.parametrize("index", range(len(_breaks())))
def test_the_known_breaks_of_the_promise_are_errors_of_the_tree(index: int) -> None:
    call, error = _breaks()[index]
    with pytest.raises(error) as caught:
        call()
    assert len(str(caught.value)) < 200  # a message for a person, even about a huge value


def test_an_out_of_range_argument_is_still_a_value_error() -> None:
    with pytest.raises(ValueError, match="nodes must be at least 1, not 0"):
        ttt.HeuristicBot(limit=ttt.Limit(nodes=0))
