"""``tools/strength.py``: the saved games hold each move's time and pause, and the summary names
the worst move.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
import strength


def test_the_pause_clock_keeps_the_longest_gap_of_a_move(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = iter([10.0, 10.5, 12.0, 12.25, 50.0, 50.125])
    monkeypatch.setattr(strength.time, "perf_counter", lambda: next(readings))
    clock = strength.PauseClock()
    assert [clock(), clock(), clock(), clock()] == [10.0, 10.5, 12.0, 12.25]
    assert clock.longest == 1.5
    clock.new_move()
    assert clock.longest == 0.0
    clock()
    assert clock.longest == 0.0  # the first reading of a move has nothing before it
    clock()
    assert clock.longest == 0.125


def test_the_saved_games_and_the_summary_name_each_move_and_the_worst(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "games.json"
    argv = ["strength.py", "--games", "2", "--nodes", "200", "--heuristic-nodes", "50"]
    monkeypatch.setattr(sys, "argv", [*argv, "--save", str(saved)])
    strength.main()
    games = json.loads(saved.read_text(encoding="utf-8"))
    worst = (0.0, 0, 0)
    for game in games:
        threat_moves = game["moves"][3:][game["threat"] == "X" :: 2]  # O moves first
        assert len(game["times"]) == len(game["pauses"]) == len(threat_moves)
        for number, (used, pause) in enumerate(zip(game["times"], game["pauses"], strict=True)):
            assert 0.0 < pause <= used  # two readings at least, both within the move
            worst = max(worst, (used, game["number"], number))
    out = capsys.readouterr().out
    found = re.search(r"its move (\d+) of game (\d+), whose longest pause", out)
    assert found is not None
    assert (int(found[1]) - 1, int(found[2]) - 1) == (worst[2], worst[1])
