"""The evaluation fitter of ``tools/fit_eval.py``: it finds known weights and quiet positions."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import fit_eval
from hypothesis import given, settings
from hypothesis import strategies as st

from tictactoe._threat.patterns import FLEX3
from tictactoe._threat.scoring import THREE_CELL

LEVELS = list(fit_eval.LEVELS)


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 6), st.randoms(use_true_random=False))
def test_solve_finds_the_vector_a_matrix_was_multiplied_by(size: int, rng: random.Random) -> None:
    matrix = [
        [rng.uniform(-5, 5) + 10 * (row == column) for column in range(size)] for row in range(size)
    ]
    wanted = [rng.uniform(-3, 3) for _ in range(size)]
    product = [sum(a * x for a, x in zip(line, wanted, strict=True)) for line in matrix]
    found = fit_eval.solve(matrix, product)
    assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(found, wanted, strict=True))


def test_fit_recovers_the_weights_of_the_model_that_made_the_chances() -> None:
    """Labelled with the exact chances of a known logistic model, the fit without a ridge
    returns its weights; the ridge pulls each towards zero, keeping its sign.
    """
    rng = random.Random(7)
    truth = [1.5, -0.8, 0.3]
    rows = [[rng.gauss(0, 1), rng.gauss(0, 1), 1.0] for _ in range(2000)]
    chances = [fit_eval.chance(truth, row) for row in rows]
    exact = fit_eval.fit(rows, chances, ridge=0.0)
    assert all(math.isclose(a, b, abs_tol=1e-6) for a, b in zip(exact, truth, strict=True))
    pulled = fit_eval.fit(rows, chances)
    assert all(0 < a / b < 1 for a, b in zip(pulled, truth, strict=True)), pulled
    assert fit_eval.log_loss(exact, rows, chances) < fit_eval.log_loss(pulled, rows, chances)


def test_only_quiet_positions_are_taken_each_with_the_result_for_its_side_to_move(
    tmp_path: Path,
) -> None:
    """X builds an open three on row 7 and O never blocks it: from the fourth move on, only
    the position before the three (X to move, X won) is quiet.
    """
    moves = [[7, 7], [0, 0], [7, 8], [0, 2], [7, 9], [0, 4], [7, 10], [0, 6], [7, 11]]
    saved = tmp_path / "games.json"
    saved.write_text(json.dumps([{"number": 1, "threat": "X", "points": 1.0, "moves": moves}]))
    found = fit_eval.samples([str(saved)])
    assert [(number, sample.won, sample.favoured) for number, sample in found] == [(1, 1.0, True)]
    ((_, sample),) = found
    assert sample.initiative == THREE_CELL  # X's open two makes an open three; O has no four
    assert sample.my_levels[LEVELS.index(FLEX3)] > 0
