"""A big BOARD under the exact rule is answered inside the turn limit, on the real clock.

Setting the position up counts against the turn: an 80×80 BOARD under ``INFO rule 1`` took
4.6 s against a 1 s limit while the exact rule's order search re-sorted the stones at every
step. The order search's own work is bounded in tests/test_exact.py; this proves the wiring.
"""

from __future__ import annotations

import time

import pytest

from tictactoe.brain import Brain, threat_chooser

TURN_MS = 1000
SLACK = 0.5
"""Seconds past the limit that a busy test machine may add to the reply."""


def board_lines(size: int) -> list[str]:
    """Every row but the last filled with pairs of each side's stones: no five, no overline."""
    return [
        f"{x},{y},{1 if (x // 2 + y) % 2 == 0 else 2}" for y in range(size - 1) for x in range(size)
    ]


@pytest.mark.slow
@pytest.mark.parametrize("rule", [0, 1])
def test_an_80x80_board_is_answered_inside_the_turn_limit(rule: int) -> None:
    brain = Brain(seed=1, chooser=threat_chooser)
    for line in ("START 80", f"INFO rule {rule}", f"INFO timeout_turn {TURN_MS}", "BOARD"):
        assert not [reply for reply in brain.handle(line) if reply.startswith("ERROR")]
    for line in board_lines(80):
        assert brain.handle(line) == []
    started = time.perf_counter()
    replies = brain.handle("DONE")
    elapsed = time.perf_counter() - started
    _, y = (int(part) for part in replies[-1].split(","))
    assert y == 79  # the only free row
    assert elapsed < TURN_MS / 1000 + SLACK
