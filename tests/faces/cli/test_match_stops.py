"""``match`` after a brain fails and after Ctrl-C: it restarts brains, it stops between games."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest
from support.brains import fake_spec as fake
from support.commandline import run

from tictactoe import records

BOARD = ["--size", "7", "--k", "5", "--time", "0.3", "--json"]


@pytest.mark.parametrize(("mode", "reason"), [("garbage", "garbage"), ("sleep", "timeout")])
def test_a_brain_that_failed_one_game_plays_the_next(
    mode: str,
    reason: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    brain = fake(f"once-{mode}", tmp_path / "log")
    argv = ["match", "--player", f"flaky={brain}", "--player", "bot=random", "--games", "3"]
    code, out, err = run([*argv, *BOARD], capsys, monkeypatch)
    assert code == 0, err
    flaky = json.loads(out)["players"][0]
    assert flaky["games"] == 3
    assert flaky["forfeits"] == {reason: 1}  # the first game only, no "crash" after it


def test_the_first_ctrl_c_finishes_and_counts_the_game_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The brain sends SIGINT to the command at its first move, as a Ctrl-C would.
    argv = ["match", "--player", f"a={fake('interrupt')}", "--player", "b=random"]
    argv += ["--games", "3", "--save", str(tmp_path / "games.json"), *BOARD]
    before = signal.getsignal(signal.SIGINT)
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 130
    assert err.strip() == "tictactoe: error: interrupted"
    assert [row["games"] for row in json.loads(out)["players"]] == [1, 1]
    (saved,) = tmp_path.glob("games-*.json")
    assert records.load(saved).to_game().is_over
    assert signal.getsignal(signal.SIGINT) is before


def test_a_second_ctrl_c_stops_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["match", "--player", f"a={fake('interrupt-twice')}", "--player", "b=random"]
    argv += ["--games", "3", "--save", str(tmp_path / "games.json"), *BOARD]
    code, out, _ = run(argv, capsys, monkeypatch)
    assert code == 130
    assert [row["games"] for row in json.loads(out)["players"]] == [0, 0]
    assert not list(tmp_path.glob("games-*.json"))
