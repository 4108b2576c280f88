"""``tools/gravity_strength.py``: the gravity-blind rival plays legal moves, and a run prints
each rival's score."""

from __future__ import annotations

import re
import sys

import gravity_strength
import pytest

import tictactoe as ttt


def test_the_blind_rival_always_plays_a_landing_cell() -> None:
    choose = gravity_strength.blind(3, nodes=100)
    game = ttt.Game(6, 7, k=4, gravity=True)
    while not game.is_over:
        cell = choose(game)
        assert cell in game.legal_moves
        game.move(*cell)


def test_a_run_prints_a_score_against_each_rival(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["gravity_strength.py", "--games", "2", "--nodes", "100"])
    gravity_strength.main()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "heuristic against random",
        "heuristic against blind",
    ]
    assert all(re.search(r": [\d.]+/2 = ", line) for line in lines)
