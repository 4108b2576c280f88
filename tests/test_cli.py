"""The command line, in-process through main(argv), and once as a real process."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from tictactoe.cli import main


def run(
    argv: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["solve", "--position", "X.O/.X./..O", "--json"], capsys, monkeypatch)
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
    ("argv", "words"),
    [
        (["solve", "--position", "XX./.../..."], "wrong number of marks"),
        (["play", "--size", "0"], "rows=0"),
        (["play", "--size", "3", "--k", "4"], "k=4"),
        (["play", "--o", "wizard"], "unknown player 'wizard'"),
        (["play", "--size", "9", "--o", "perfect"], "perfect play needs"),
        (["solve", "--unbounded"], "unbounded"),
        (["count", "--unbounded"], "unbounded"),
        (["count", "--size", "9"], "too big"),
        (["selfplay", "--x", "human"], "selfplay is for bots"),
        (["selfplay", "--games", "0"], "--games=0"),
        (["play", "--size", "3", "--rows", "4"], "either --size or --rows"),
        (["play", "--bogus"], "unrecognized arguments"),
        (["solve", "--size", "three"], "invalid int value"),
    ],
)
def test_user_errors_are_one_line_on_stderr(
    argv: list[str],
    words: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    try:
        code = main(argv)
    except SystemExit as stop:
        code = int(stop.code or 0)
    _, err = capsys.readouterr()
    assert code == 2
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
    code, out, _ = run([*argv, "--budget", "20"], capsys, monkeypatch)
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
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    for command in ("play", "solve", "count", "selfplay"):
        assert command in out
