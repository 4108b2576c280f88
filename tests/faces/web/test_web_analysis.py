"""The solver's answers for the page: every free cell's value, words for a move, on a clock."""

from __future__ import annotations

import pytest
from support.clocks import TickingClock

from tictactoe import Game, OutOfTime, Unsolvable
from tictactoe.web._analysis import ANALYSIS_EMPTY, can_analyse, cell_values, evaluation


def test_the_values_of_the_free_cells_stop_at_the_time_limit() -> None:
    game = Game(4, k=3)
    with pytest.raises(OutOfTime, match=r"perfect play took longer than 5 s here"):
        cell_values(game, 5.0, clock=TickingClock(1.0, start=-1.0))
    assert len(cell_values(game, 5.0, clock=TickingClock(0.0, start=-0.0))) == 16


def test_a_move_is_put_in_words_only_within_its_time() -> None:
    game = Game.from_rows(["X..", ".O.", "..."])
    assert evaluation(game, 1.0, clock=TickingClock(0.0, start=-0.0)) == "O draws with best play"
    assert evaluation(Game(4, k=4), 1.0, clock=TickingClock(10.0, start=-10.0)) is None
    won = Game.from_rows(["XX.", "OO.", "..."])
    assert evaluation(won, 1.0) == "O loses in 1 more move with best play"
    assert evaluation(Game.from_rows(["X..", "...", "..."]), 1.0) == "X draws with best play"
    fork = Game.from_rows(["X..", ".O.", "..X"])  # X's corners: O must take an edge
    fork.move(0, 2)  # O takes a corner instead, and X forks
    assert evaluation(fork, 1.0) == "O loses in 3 more moves with best play"
    assert evaluation(Game(), 1.0) is None  # no move yet


def test_the_reach_of_the_values_is_two_players_and_few_free_cells() -> None:
    assert can_analyse(Game(4))
    assert not can_analyse(Game(5))
    assert not can_analyse(Game(3, players=3))
    assert not can_analyse(Game.unbounded(3))
    assert ANALYSIS_EMPTY == 16
    with pytest.raises(Unsolvable, match="at most 16 free cells"):
        cell_values(Game(5), 1.0)
