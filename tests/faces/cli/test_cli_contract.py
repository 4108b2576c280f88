"""The command's contract: exit codes, one-line errors, escaped text, signals, hostile input."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.commandline import run

import tictactoe
from tictactoe import records
from tictactoe.cli import main

SUBCOMMANDS = (
    *("play", "solve", "count", "selfplay", "match", "replay", "show", "render", "convert"),
    *("brain", "serve"),
)


def one_line_error(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tictactoe: error: ")
    return lines[0]


def test_a_mistyped_command_is_named_with_a_suggestion(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["slove", "--size", "3"], capsys, monkeypatch)
    assert code == 2
    assert out == ""
    line = one_line_error(err)
    assert "unknown command 'slove'" in line
    assert "did you mean 'solve'" in line


def test_version_comes_from_the_package_metadata(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from importlib.metadata import version

    code, out, _ = run(["--version"], capsys, monkeypatch)
    assert code == 0
    assert out.strip() == f"tictactoe {version('tictactoe')}"
    assert tictactoe.__version__ == version("tictactoe")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "X.O/.X./..O", "--rows", "3", "--cols", "3", "--k", "3"],
        ["solve", "X.O/.X./..O", "--size", "3"],
        ["solve", "X.O/.X./..O X 3x3 k3", "--k", "3", "--size", "3"],
        ["show", "X.O/.X./..O X 3x3 k3", "--k", "3"],
    ],
)
def test_board_options_that_agree_with_the_position_are_accepted(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 0, err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "X.O/.X./..O", "--rows", "4"], ["--rows 4", "3×3"]),
        (["solve", "X.O/.X./..O", "--size", "5"], ["--size 5", "3×3"]),
        (["solve", "X.O/.X./..O X 3x3 k3", "--k", "2"], ["--k 2", "3 in a row"]),
        (["solve", "X.O/.X./..O", "--unbounded"], ["--unbounded", "3×3"]),
        (["show", "X.O/.X./..O X 3x3 k3", "--k", "4"], ["--k 4", "3 in a row"]),
    ],
)
def test_board_options_that_contradict_the_position_are_refused_naming_both(
    argv: list[str],
    words: list[str],
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2
    line = one_line_error(err)
    for word in words:
        assert word in line


def test_a_loaded_game_contradicted_by_the_options_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    records.save(records.Record(3, 3, 3, 2, ((1, 1),)), saved)
    code, _, err = run(["play", "--load", str(saved), "--size", "4"], capsys, monkeypatch)
    assert code == 2
    assert "--size 4 contradicts" in one_line_error(err)
    code, _, err = run(["play", "--load", str(saved), "--size", "3"], capsys, monkeypatch, "q\n")
    assert code == 0, err


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["solve", "--size", "1000"], 1),  # out of reach: refused at once
        (["count", "--size", "5"], 1),
        (["count", "--rows", "8", "--cols", "8", "--k", "5"], 1),
        (["show", "no-such-file.json"], 1),
        (["show", "not a position at all"], 2),
        (["render", "X../.../...", "-o", "/no/such/folder/board.svg"], 1),
        (["convert", "no-such-file.json", "out.sgf"], 1),
        (["play", "--size", str(10**20)], 2),
        (["play", "--rows", "100000", "--cols", "100000"], 2),
        (["play", "--unbounded", "--k", "0"], 2),
        (["selfplay", "--time", "-1"], 2),
        (["selfplay", "--time", "nan"], 2),
        (["selfplay", "--budget", "0"], 2),
        (["render", "X../.../...", "-o", "x.svg", "--width", "0"], 2),
        (["count", "--players", "99"], 2),
        (["show", f"X0,0;O{'9' * 5000},0 X inf k5"], 2),
        (["show", "999999999X/3 O 1x1000000000 k5"], 2),
    ],
)
def test_every_failure_is_one_line_and_the_right_exit_code(
    argv: list[str],
    code: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    started = time.perf_counter()
    got, _, err = run(argv, capsys, monkeypatch)
    assert time.perf_counter() - started < 10  # refused at once, not after a long search
    assert got == code, err
    one_line_error(err)


def test_os_errors_name_the_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "a folder.svg"
    folder.mkdir()
    code, _, err = run(["render", "X../.../...", "-o", str(folder)], capsys, monkeypatch)
    assert code == 1
    assert str(folder) in one_line_error(err)


def test_text_from_files_never_reaches_the_terminal_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    evil = "\x1b[2J\x1b]0;owned\x07\nline"
    saved = tmp_path / "game.json"
    records.save(records.Record(3, 3, 3, 2, ((1, 1),), (evil, "bob")), saved)
    for argv, stdin in (([str(saved)], ""), ([str(saved)], "q\n")):
        for command in ("show", "replay"):
            code, out, err = run([command, *argv], capsys, monkeypatch, stdin)
            assert code == 0
            assert "\x1b" not in out + err
            assert "\\x1b[2J" in out
    bad = tmp_path / "bad.sgf"
    bad.write_text("(;FF[4]GM[4]SZ[15];B[\x1b[31m])")
    code, out, err = run(["show", str(bad)], capsys, monkeypatch)
    assert code == 1
    assert "\x1b" not in one_line_error(err)


@settings(max_examples=60)
@given(line=st.text(max_size=300))
def test_nothing_typed_at_the_prompt_ends_the_game(line: str) -> None:
    from tictactoe import Game
    from tictactoe.human import HumanPlayer, QuitRequested, UndoRequested

    said: list[str] = []
    answers = iter([line, "b2"])
    player = HumanPlayer(ask=lambda _: next(answers), tell=said.append)
    game = Game()
    try:
        cell = player.choose_move(game)
    except (QuitRequested, UndoRequested):
        assert line.strip().lower() in ("quit", "exit", "q", "undo", "u")
        return
    assert cell in game.legal_moves


@pytest.mark.parametrize(
    "line",
    [
        "9" * 5000 + " 1",
        "²,²",
        "b" + "9" * 10000,
        " " * 100000 + "x",
        "\x00\x1b[2J",
        "zz99",
        "-5 -5",
    ],
)
def test_long_and_strange_lines_at_the_prompt_are_answered(
    line: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        ["play", "--o", "random", "--seed", "1"], capsys, monkeypatch, line + "\nq\n"
    )
    assert code == 0
    assert out.rstrip().endswith("bye")
    assert "\x1b[2J" not in out


def test_replay_answers_never_end_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    answers = "²\n" + "9" * 5000 + "\n-1\n\x1b[2J\nq\n"
    code, out, _ = run(["replay", "X../.O./..X O 3x3 k3"], capsys, monkeypatch, answers)
    assert code == 0
    assert out.count("Enter or n") >= 4
    assert "\x1b[2J" not in out


def test_a_bad_save_target_is_refused_before_the_game_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    targets = [
        tmp_path / "game.txt",
        tmp_path / "missing" / "game.json",
        tmp_path,
    ]
    for target in targets:
        code, out, err = run(["play", "--save", str(target)], capsys, monkeypatch, "b2\n")
        assert code == 1, target
        assert "to move" not in out  # no prompt was shown: nothing was played
        one_line_error(err)
    code, out, err = run(
        ["play", "--unbounded", "--save", str(tmp_path / "g.psq")], capsys, monkeypatch, "1 1\n"
    )
    assert code == 1
    assert "to move" not in out


def real_process(*argv: str) -> subprocess.Popen[str]:
    env = {**os.environ, "NO_COLOR": "1", "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "tictactoe", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def wait_for_prompt(process: subprocess.Popen[str]) -> None:
    assert process.stdout is not None
    seen = ""
    while "to move" not in seen:
        char = process.stdout.read(1)
        assert char, "the game ended before its prompt"
        seen += char


@pytest.mark.parametrize(("sent", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_signals_end_the_command_with_one_line_and_the_right_code(
    sent: signal.Signals, code: int
) -> None:
    process = real_process("play", "--o", "random")
    wait_for_prompt(process)
    process.send_signal(sent)
    _, err = process.communicate(timeout=30)
    assert process.returncode == code
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) <= 1


def test_a_save_cut_short_by_sigterm_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path,
) -> None:
    target = tmp_path / "game.json"
    records.save(records.Record(3, 3, 3, 2, ((1, 1),)), target)
    before = target.read_bytes()
    script = f"""
import os, signal, sys
from tictactoe import records
from tictactoe.cli import main
from tictactoe.cli import _signals_as_exceptions
def killed(fd):
    os.kill(os.getpid(), signal.SIGTERM)
    signal.pause()
os.fsync = killed
with _signals_as_exceptions():
    records.save(records.Record(3, 3, 3, 2, ((0, 0), (1, 1))), {str(target)!r})
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=30, check=False
    )
    assert done.returncode != 0
    assert "_Terminated" in done.stderr  # it unwound through the save's cleanup
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]
    assert target.read_bytes() == before


def test_invalid_utf8_on_stdin_is_answered_not_a_crash() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tictactoe", "play", "--o", "random"],
        input=b"\xff\xfe\x80 b2\nq\n",
        capture_output=True,
        timeout=60,
        env={**os.environ, "NO_COLOR": "1"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"is not a cell" in done.stdout


def test_every_subcommand_has_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for command in SUBCOMMANDS:
        code, out, _ = run([command, "--help"], capsys, monkeypatch)
        assert code == 0
        assert "usage: tictactoe" in out or "usage: pbrain-tictactoe" in out


def test_json_output_escapes_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["show", "X0,0;O100000,100000 X inf k5", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["moves"] == 2


def test_solve_gives_up_cleanly_after_its_time(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["solve", "--rows", "4", "--cols", "5", "--k", "4", "--time", "0.05"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 1
    assert out == ""
    line = one_line_error(err)
    assert "not solved within 0.05 s: " in line
    assert "first moves settled; a hard search of 20 empty cells may take " in line
    assert line.endswith("give it longer with --time SECONDS")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "--rows", "1", "--cols", "1000000"],
        ["solve", "--size", "1000"],
        ["solve", "X" + "." * 4000, "--k", "5"],
        ["solve", "--rows", "1", "--cols", "1001", "--k", "5", "--time", "600"],
    ],
)
def test_solve_refuses_big_boards_before_building_anything(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    started = time.perf_counter()
    code, _, err = run(argv, capsys, monkeypatch)
    assert time.perf_counter() - started < 2
    assert code == 1
    assert "beyond the solver's reach" in one_line_error(err)


def test_bots_on_the_unbounded_grid_stop_after_max_moves(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", "--unbounded", "--k", "50", "--x", "random", "--o", "random"]
    code, out, _ = run([*argv, "--games", "3", "--max-moves", "40", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["unfinished"] == 3
    argv = ["play", "--unbounded", "--k", "50", "--x", "random", "--o", "random"]
    code, out, _ = run([*argv, "--max-moves", "30"], capsys, monkeypatch)
    assert code == 0
    assert out.rstrip().endswith("stopped after 30 moves, unfinished")


def test_the_unbounded_grid_has_a_default_move_limit_for_bots() -> None:
    from argparse import Namespace

    from tictactoe.cli._options import UNBOUNDED_MAX_MOVES, max_moves

    none_given = Namespace(max_moves=None)
    assert max_moves(none_given, tictactoe.Game.unbounded(5)) == UNBOUNDED_MAX_MOVES
    assert max_moves(none_given, tictactoe.Game(15, k=5)) is None
    assert max_moves(Namespace(max_moves=7), tictactoe.Game()) == 7


def test_ctrl_c_in_a_game_says_so_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    code = main(["play", "--o", "random"])
    out, err = capsys.readouterr()
    assert code == 130
    assert out.rstrip().endswith("bye")
    assert one_line_error(err) == "tictactoe: error: interrupted"


def test_an_off_board_cell_is_named_as_typed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["play", "--o", "random", "--seed", "1"], capsys, monkeypatch, "b0\nq\n")
    assert code == 0
    assert "b0 is off the 3×3 board" in out


def test_the_brain_runs_as_a_subcommand(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    transcript = "START 15\nBEGIN\nEND\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(transcript.encode())))
    code = main(["brain", "--seed", "1", "--nodes", "20"])
    out, _ = capsys.readouterr()
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "OK"
    assert lines[1].startswith("MESSAGE opening ")  # what the bot thought, then its move
    assert lines[2:] == ["7,7"]
    assert main(["brain", "--nodes", "0"]) == 2
