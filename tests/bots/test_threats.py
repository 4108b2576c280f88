"""Threat-space search on a game, checked against the answers an independent prover found."""

from __future__ import annotations

import pytest
from support.tactics import PROBLEMS, Problem

import tictactoe as ttt
from tictactoe.coordinates import cell_label
from tictactoe.threat import Params
from tictactoe.threats import candidates, holds, win_by_threats

WINS = [problem for problem in PROBLEMS if problem.kind == "vcf"]
DEFENCES = [problem for problem in PROBLEMS if problem.kind == "vcf-defence"]


@pytest.mark.parametrize("problem", WINS, ids=[problem.name for problem in WINS])
def test_a_win_by_fours_starts_with_a_move_the_prover_found(problem: Problem) -> None:
    game = problem.game()
    line = win_by_threats(game, depth=problem.depth, fours_only=True)
    assert line is not None
    assert cell_label(line[0], game) in problem.answers
    assert len(line) % 2 == 1  # X's threats and O's answers in turn, X's the last
    for cell in line:
        assert game.move(*cell) is ttt.Status.IN_PROGRESS or game.winner is ttt.Mark.X


@pytest.mark.parametrize("problem", DEFENCES, ids=[problem.name for problem in DEFENCES])
def test_the_provers_defences_hold(problem: Problem) -> None:
    game = problem.game()
    for label in problem.answers:
        cell = next(cell for cell in game.legal_moves if cell_label(cell, game) == label)
        assert holds(game, cell, depth=problem.depth + 1, fours_only=True)


def test_the_candidates_are_a_few_free_cells_the_bot_chooses_among() -> None:
    for problem in PROBLEMS:
        game = problem.game()
        found = candidates(game)
        assert 0 < len(found) == len(set(found)) <= Params().root_width
        assert all(cell in game.legal_moves for cell in found)


def test_a_move_far_from_the_threat_does_not_hold() -> None:
    game = DEFENCES[0].game()
    far = next(cell for cell in game.legal_moves if cell_label(cell, game) not in "a1 t20")
    corner = (19, 0) if game.cell(19, 0) is None else far
    assert not holds(game, corner, depth=DEFENCES[0].depth + 1, fours_only=True)


def test_what_the_searches_refuse() -> None:
    game = WINS[0].game()
    with pytest.raises(ttt.InvalidGame, match="two players"):
        win_by_threats(ttt.Game(3))
    with pytest.raises(ttt.OutOfTime, match="1 nodes"):
        win_by_threats(PROBLEMS[-1].game(), depth=20, nodes=1)
    taken = game.moves[0].cell
    with pytest.raises(ttt.IllegalMove, match="not a free cell"):
        holds(game, taken)
    with pytest.raises(ttt.InvalidArgument, match="depth"):
        win_by_threats(game, depth=0)
    won = ttt.Game.from_rows(["XXXXX", "OOOO.", ".....", ".....", "....."], k=5)
    with pytest.raises(ttt.GameOver):
        candidates(won)
