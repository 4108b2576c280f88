"""The command line, in-process through main(argv), and once as a real process."""

from __future__ import annotations

import dataclasses
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import DATA
from support.commandline import run

from tictactoe import records
from tictactoe.cli import main


def test_solve_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["solve", "X.O/.X./..O", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert data["value"] == "draw"
    assert data["to_move"] == "X"
    assert data["best_moves"] == [[1, 2]]  # O threatens the right column: X must block
    assert data["plies"] == 5
    assert set(data) == {"value", "to_move", "plies", "best_moves", "nodes", "seconds"}


def test_solve_text_and_board_options(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["solve", "--size", "4", "--k", "3"], capsys, monkeypatch)
    assert code == 0
    assert out.startswith("X to move: win in 5 plies")


def test_count_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["count", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 255168
    assert data["wins"] == {"X": 131184, "O": 77904}
    assert data["draws"] == 46080
    assert data["positions"] == 5478
    assert data["terminal_positions"] == 958


def test_selfplay_json_and_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", "--x", "perfect", "--o", "random", "--games", "20", "--seed", "1"]
    code, out, _ = run([*argv, "--json"], capsys, monkeypatch)
    data = json.loads(out)
    assert code == 0
    assert data["games"] == 20
    assert data["wins"]["O"] == 0
    assert data["wins"]["X"] + data["draws"] == 20
    code, out, _ = run(argv, capsys, monkeypatch)
    assert "X perfect" in out.splitlines()[0]
    code, out, _ = run(
        ["selfplay", "--players", "random,random,random", "--size", "4", "--games", "5", "--json"],
        capsys,
        monkeypatch,
    )
    assert set(json.loads(out)["wins"]) == {"X", "O", "Y"}


@pytest.mark.parametrize(
    ("argv", "words", "code"),
    [
        (["solve", "XX./.../..."], "wrong number of marks", 2),
        (["play", "--size", "0"], "rows=0", 2),
        (["play", "--size", "3", "--k", "4"], "k=4", 2),
        (["play", "--o", "wizard"], "unknown player 'wizard'", 2),
        (["play", "--size", "9", "--o", "perfect"], "perfect play needs", 2),
        (["solve", "--unbounded"], "unbounded", 1),
        (["count", "--unbounded"], "unbounded", 2),
        (["count", "--size", "9"], "beyond reach", 1),
        (["count", "--exact", "--size", "4", "--k", "3"], "freestyle lines only", 2),
        (["selfplay", "--x", "human"], "selfplay is for bots", 2),
        (["selfplay", "--games", "0"], "--games: invalid positive int value: '0'", 2),
        (["play", "--size", "3", "--rows", "4"], "either --size or --rows", 2),
        (["play", "--bogus"], "unrecognized arguments", 2),
        (["solve", "--size", "three"], "invalid int value", 2),
    ],
)
def test_user_errors_are_one_line_on_stderr(
    argv: list[str],
    words: str,
    code: int,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv) == code
    _, err = capsys.readouterr()
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_play_a_whole_game_with_piped_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    moves = "b2\nzz\nundo\nb2\n" + "\n".join(f"{c}{r}" for r in (1, 2, 3) for c in "abc") + "\n"
    code, out, _ = run(["--seed", "2"], capsys, monkeypatch, stdin=moves)
    assert code == 0
    assert "'zz' is not a cell" in out
    assert out.rstrip().endswith("O (perfect) wins")
    assert "O (perfect) plays" in out


def test_play_ends_cleanly_at_end_of_input_and_on_quit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["play"], capsys, monkeypatch, stdin="b2\n")
    assert code == 0
    assert out.rstrip().endswith("bye")
    code, out, _ = run(["play", "--x", "random", "--o", "human"], capsys, monkeypatch, "quit\n")
    assert code == 0
    assert "bye" in out


def test_bots_play_each_other_on_the_unbounded_grid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--unbounded", "--k", "4", "--x", "heuristic", "--o", "random", "--seed", "3"]
    code, out, _ = run([*argv, "--nodes", "20"], capsys, monkeypatch)
    assert code == 0
    assert "X (heuristic) wins" in out


def test_as_a_real_process_with_piped_input() -> None:
    env = {**os.environ, "NO_COLOR": "1"}
    script = "b2\nhelp\nundo\nb2\nfoo\nquit\n"
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe", "play", "--seed", "1"],
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert done.returncode == 0
    assert "Traceback" not in done.stderr
    assert "'foo' is not a cell" in done.stdout
    assert "undo   take back" in done.stdout
    assert done.stdout.count("O (perfect) plays") == 2
    assert done.stdout.rstrip().endswith("bye")


def test_help_explains_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    for command in ("play", "solve", "count", "selfplay"):
        assert command in out


def test_play_saves_as_it_goes_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    code, _, _ = run(
        ["play", "--seed", "1", "--save", str(saved)], capsys, monkeypatch, "b2\nquit\n"
    )
    assert code == 0
    first = records.load(saved)
    assert len(first.moves) == 2
    assert first.names == ("you", "perfect")
    records.save(dataclasses.replace(first, played="2020-01-02T03:04:05+00:00"), saved)
    code, _, _ = run(
        ["play", "--seed", "1", "--load", str(saved), "--save", str(saved)],
        capsys,
        monkeypatch,
        "undo\nc3\nquit\n",
    )
    assert code == 0
    resumed = records.load(saved)  # undo took back both moves, then X took c3 and O replied
    assert resumed.moves[0] == (2, 2)
    assert len(resumed.moves) == 2
    assert resumed.played == "2020-01-02T03:04:05+00:00"


def test_show_render_convert_and_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    golden = str(DATA / "heuristic_beats_random.psq")
    code, out, _ = run(["show", golden, "--json"], capsys, monkeypatch)
    assert json.loads(out) == {
        "rows": 15,
        "cols": 15,
        "k": 5,
        "moves": 9,
        "status": "won",
        "winner": "X",
    }
    code, out, _ = run(["show", "X../.O./... X 3x3 k3"], capsys, monkeypatch)
    assert "in progress, X to move" in out
    code, out, _ = run(["show", "- X inf k5", "--json"], capsys, monkeypatch)
    assert json.loads(out)["rows"] is None
    picture = tmp_path / "board.svg"
    code, out, _ = run(["render", golden, "-o", str(picture)], capsys, monkeypatch)
    assert code == 0
    assert picture.read_text().startswith("<svg")
    converted = tmp_path / "game.sgf"
    code, out, _ = run(["convert", golden, str(converted)], capsys, monkeypatch)
    assert code == 0
    assert records.load(converted).moves == records.load(golden).moves
    code, out, _ = run(["replay", golden], capsys, monkeypatch, "n\nn\nb\n9\nwhat\nq\n")
    assert code == 0
    assert "move 1 of 9" in out
    assert "move 9 of 9: X won" in out
    assert "'what': Enter or n" in out


def test_file_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code, _, err = run(["show", str(bad)], capsys, monkeypatch)
    assert code == 1
    assert err.strip().count("\n") == 0
    assert str(bad) in err
    code, _, err = run(["convert", str(bad), str(tmp_path / "out.txt")], capsys, monkeypatch)
    assert code == 2  # the output's extension is wrong: a usage error, found before reading
    assert not (tmp_path / "out.txt").exists()
    code, _, err = run(["convert", str(bad), str(tmp_path / "out.sgf")], capsys, monkeypatch)
    assert code == 1
    assert not (tmp_path / "out.sgf").exists()
