"""Boards of three or more dimensions on the command line: ``--shape 4x4x4``, ``--preset qubic``
and ``--preset cube``; a person plays by typing coordinates counted from 1, ``solve`` names its
best moves the same way, games are saved as JSON, shown, drawn, replayed and resumed; what a
board of more dimensions does not play is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.commandline import run

import tictactoe as ttt
from tictactoe import notation, records

LINE = "1 1 1\n1 1 2\n1 1 3\n1 1 4\n"
"""A person's four in a row along the first row of the first layer."""


def test_a_person_plays_qubic_against_a_bot_and_wins(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "qubic.json"
    argv = ["play", "--preset", "qubic", "--o", "random", "--seed", "1", "--save", str(target)]
    code, out, err = run(argv, capsys, monkeypatch, LINE)
    assert (code, err) == (0, "")
    assert out.startswith("4×4×4, 4 in a row: X you, O random. Type help for commands.\n")
    assert "    layer 1        layer 2        layer 3        layer 4" in out
    assert "     1  2  3  4     1  2  3  4     1  2  3  4     1  2  3  4" in out
    assert "  1 *X**X**X**X*    .  .  .  ." in out  # the winning line in stars
    assert out.rstrip().endswith("X (you) wins")
    record = records.load_any(target)
    assert isinstance(record, records.SpaceRecord)
    assert (record.shape, record.k, record.names) == ((4, 4, 4), 4, ("you", "random"))
    assert record.moves[::2] == ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3))
    assert record.to_game().winner is ttt.Mark.X


def test_a_person_against_the_heuristic_quits(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--shape", "4x4x4", "--o", "heuristic", "--nodes", "200", "--seed", "2"]
    code, out, err = run(argv, capsys, monkeypatch, "2,2,2\nquit\n")
    assert (code, err) == (0, "")
    assert "O (heuristic) plays " in out
    assert out.rstrip().endswith("bye")


def test_the_person_is_told_what_is_wrong_with_a_cell_and_asked_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = "help\n0 1 1\n5 1 1\n1 1\nabc\n1 1 1 1\n99999999999 1 1\n2 2 2\n2,2,2\nhint\nquit\n"
    argv = ["play", "--preset", "cube", "--x", "human", "--o", "human"]
    code, out, _ = run(argv, capsys, monkeypatch, typed)
    assert code == 0
    assert "Type a cell as its coordinates counted from 1, one per axis in order" in out
    assert "0,1,1 is off the 3×3×3 board" in out  # counted from 1, as typed
    assert "5,1,1 is off the 3×3×3 board" in out
    assert "a cell of the 3×3×3 board has 3 coordinates, like 2 1 3; '1 1' has 2" in out
    assert "'abc' is no cell or command: type 3 numbers counted from 1, like 2 1 3" in out
    assert "'1 1 1 1' has 4" in out
    assert "99999999999 1 1 is off the 3×3×3 board" in out
    assert "2,2,2 is taken by X" in out
    assert "hint: " in out


def test_undo_takes_back_the_persons_move_and_the_reply(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cube.json"
    argv = ["play", "--preset", "cube", "--o", "random", "--seed", "4", "--save", str(target)]
    code, out, _ = run(argv, capsys, monkeypatch, "undo\n1 1 1\nundo\n3 3 3\nquit\n")
    assert code == 0
    assert "nothing to undo" in out
    record = records.load_any(target)
    assert record.moves[0] == (2, 2, 2)
    assert len(record.moves) == 2


def test_solve_says_the_first_player_wins_3x3x3_from_the_centre(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["solve", "--shape", "3x3x3"], capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert out.startswith("X to move: win in 7 plies; best moves: 2,2,2 (")
    code, out, _ = run(["solve", "--preset", "cube", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert (data["value"], data["to_move"], data["best_moves"]) == ("win", "X", [[1, 1, 1]])


def test_solve_takes_a_position_of_more_dimensions(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = "XX./OO./...|.../.../...|.../.../... X 3x3x3 k3"
    code, out, _ = run(["solve", text], capsys, monkeypatch)
    assert code == 0
    assert out.startswith("X to move: win in 1 plies; best moves: 1,1,3 (")
    code, out, _ = run(["solve", text, "--shape", "3x3x3", "--k", "3"], capsys, monkeypatch)
    assert code == 0
    code, _, err = run(["solve", text, "--shape", "4x4x4"], capsys, monkeypatch)
    assert code == 2
    assert err == (f"tictactoe: error: --shape 4x4x4 contradicts {text} (3×3×3, 3 in a row)\n")


def test_a_saved_game_is_shown_resumed_drawn_and_replayed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "qubic.json"
    argv = ["play", "--preset", "qubic", "--x", "human", "--o", "human", "--save", str(target)]
    typed = "1 1 1\n2 1 1\n1 1 2\n2 1 2\nquit\n"
    code, _, _ = run(argv, capsys, monkeypatch, typed)
    assert code == 0
    code, out, err = run(["show", str(target)], capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert "players: you, you" in out
    assert "XX../..../..../....|OO../..../..../....|" in out
    assert out.rstrip().endswith("4 moves: in progress, X to move")
    code, out, _ = run(["show", str(target), "--json"], capsys, monkeypatch)
    assert json.loads(out) == {
        "shape": [4, 4, 4],
        "k": 4,
        "moves": 4,
        "status": "in progress",
        "winner": None,
    }
    resume = ["play", "--load", str(target), "--x", "human", "--o", "human", "--save", str(target)]
    code, out, err = run(resume, capsys, monkeypatch, "1 1 3\n2 1 3\n1 1 4\n")
    assert (code, err) == (0, "")
    assert out.rstrip().endswith("X (you) wins")
    game = records.load_any(target).to_game()
    assert isinstance(game, ttt.SpaceGame)
    assert game.winning_line == ((0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 0, 3))
    code, _, err = run(["play", "--load", str(target)], capsys, monkeypatch)
    assert code == 1
    assert "holds a finished game, nothing to resume: 4×4×4, 4 in a row" in err
    picture = tmp_path / "qubic.svg"
    code, out, _ = run(["render", str(target), "-o", str(picture)], capsys, monkeypatch)
    assert code == 0
    assert "<polyline" in picture.read_text()
    code, out, _ = run(["replay", str(target)], capsys, monkeypatch, "\n\n\n7\nq\n")
    assert code == 0
    assert "move 3 of 7: in progress, O to move" in out
    assert "move 7 of 7: X won" in out


def test_a_position_of_more_dimensions_is_shown_and_loaded(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ttt.SpaceGame((2, 2, 2, 2), 2)
    game.move(1, 0, 1, 1)
    text = notation.format(game)
    code, out, _ = run(["show", text], capsys, monkeypatch)
    assert code == 0
    assert "    layer 2,1   layer 2,2" in out
    assert f"{text}\n1 moves: in progress, O to move" in out
    argv = ["play", "--load", text, "--x", "human", "--o", "human"]
    code, out, _ = run(argv, capsys, monkeypatch, "1 1 1 1\nquit\n")
    assert code == 0
    assert "2×2×2×2, 2 in a row: X you, O you." in out


def test_bots_play_a_game_of_more_dimensions_to_its_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cube.json"
    argv = ["play", "--preset", "cube", "--x", "best", "--o", "random", "--seed", "5"]
    code, out, err = run([*argv, "--save", str(target)], capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert out.startswith("3×3×3, 3 in a row: X perfect, O random.")
    assert out.rstrip().endswith("X (perfect) wins")
    argv = ["play", "--shape", "3x3x3x3", "--players", "random,heuristic,random", "--seed", "1"]
    code, out, _ = run([*argv, "--max-moves", "4"], capsys, monkeypatch)
    assert code == 0
    assert "3×3×3×3, 3 in a row, 3 players" in out
    assert out.rstrip().endswith("stopped after 4 moves, unfinished")


def test_the_exact_rule_and_misere_play_on_more_dimensions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cube.json"
    argv = ["play", "--shape", "3x3x3", "--misere", "--rule", "standard", "--x", "human"]
    typed = "2 2 2\nq\n"
    code, out, _ = run([*argv, "--o", "human", "--save", str(target)], capsys, monkeypatch, typed)
    assert code == 0
    assert out.startswith("3×3×3, exactly 3 in a row, misère (the line loses): X you, O you.")
    record = records.load_any(target)
    assert isinstance(record, records.SpaceRecord)
    assert (record.exact, record.misere) == (True, True)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--shape", "3x3x3", "--gravity"], "--gravity plays on a plane, not the 3×3×3 board"),
        (["--shape", "3x3x3", "--torus"], "--torus plays on a plane, not the 3×3×3 board"),
        (["--preset", "qubic", "--unbounded"], "--unbounded contradicts --preset qubic"),
        (["--shape", "3x3x3", "--unbounded"], "--unbounded plays on a plane, not the 3×3×3"),
        (["--shape", "3x3x3", "--rule", "renju"], "--rule renju plays on a plane, not the 3×3×3"),
        (["--shape", "3x3x3", "--opening", "swap"], "--opening swap places stones on a plane"),
        (["--shape", "3x3x3", "--o", "engine:brain"], "Gomocup engines play on a plane, not"),
        (["--shape", "3x3x3", "--o", "threat"], "the threat bot plays on a plane, not the 3×3×3"),
        (["--preset", "qubic", "--o", "perfect"], "perfect play needs two players on a board"),
        (["--shape", "3x3x3", "--size", "3"], "--size 3 is for a plane, not the 3×3×3 board"),
        (["--preset", "qubic", "--rows", "4"], "--rows 4 contradicts --preset qubic, which sets"),
        (["--preset", "qubic", "--k", "3"], "--k 3 contradicts --preset qubic, which sets --k 4"),
        (["--preset", "cube", "--shape", "4x4x4"], "--shape 4x4x4 contradicts --preset cube"),
        (["--preset", "gomoku", "--shape", "4x4x4"], "--shape 4x4x4 contradicts --preset gomoku"),
        (["--shape", "3x3"], "argument --shape: '3x3' is not a board of 3 to 6 sides"),
        (["--shape", "3x3xa"], "argument --shape: '3x3xa' is not a board of 3 to 6 sides"),
        (["--shape", "2x2x2x2x2x2x2"], "is not a board of 3 to 6 sides like 4x4x4"),
        (["--shape", "3x3x0"], "every side must be at least 1, not 0"),
        (["--shape", "100x100x101"], "--shape 100x100x101 has more than 1,000,000 cells"),
        (["--shape", "4x4x4", "--k", "5"], "k=5 must be between 1 and 4"),
    ],
)
def test_what_a_board_of_more_dimensions_does_not_play_is_refused_in_one_line(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(["play", *argv], capsys, monkeypatch, "quit\n")
    assert code == 2
    assert out == ""
    assert err.startswith("tictactoe: error: ")
    assert message in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("command", ["count", "selfplay", "match"])
def test_the_commands_of_the_plane_refuse_a_board_of_more_dimensions(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = ["--player", "a=random", "--player", "b=random"] if command == "match" else []
    code, _, err = run([command, "--preset", "qubic", *extra], capsys, monkeypatch)
    assert code == 2
    assert err == (
        f"tictactoe: error: {command} plays on a plane: --shape (or --preset cube or qubic) "
        "is for play and solve\n"
    )


def test_a_saved_game_of_more_dimensions_refuses_the_planes_options_and_formats(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "cube.json"
    game = ttt.SpaceGame((3, 3, 3))
    game.move(1, 1, 1)
    records.save(records.SpaceRecord.from_game(game), target)
    for argv, message in [
        (["play", "--load", str(target), "--gravity"], "--gravity plays on a plane, not the 3×3×3"),
        (["solve", str(target), "--rows", "3"], f"--rows 3 contradicts {target} (3×3×3, 3 in a"),
        (["solve", str(target), "--preset", "qubic"], "--preset qubic contradicts"),
        (["solve", str(target), "--preset", "tictactoe"], "--preset tictactoe contradicts"),
        (["show", str(target), "--k", "4"], "--k 4 contradicts"),
        (["solve", str(target), "--misere"], "--misere contradicts"),
        (["solve", str(target), "--rule", "standard"], "--rule standard contradicts"),
        (["play", "--load", str(target), "--opening", "swap"], "--opening swap starts a new game"),
    ]:
        code, _, err = run(argv, capsys, monkeypatch, "quit\n")
        assert (code, err.count("\n")) == (2, 1), argv
        assert message in err, argv
    argv = ["solve", str(target), "--preset", "cube", "--rule", "freestyle", "--k", "3"]
    code, out, _ = run(argv, capsys, monkeypatch)
    assert code == 0
    for fmt in ("psq", "sgf"):
        code, _, err = run(
            ["convert", str(target), str(tmp_path / f"c.{fmt}")], capsys, monkeypatch
        )
        assert code == 1
        assert f"{fmt.upper()} holds games on a plane board, not on a 3×3×3 one" in err
        argv = ["play", "--preset", "cube", "--save", str(tmp_path / f"new.{fmt}")]
        code, out, err = run(argv, capsys, monkeypatch, "quit\n")
        assert (code, out) == (1, "")
        assert "save the game as JSON" in err
    code, out, _ = run(["convert", str(target), str(tmp_path / "copy.json")], capsys, monkeypatch)
    assert code == 0
    assert records.load_any(tmp_path / "copy.json") == records.load_any(target)


def test_a_plane_game_refuses_the_shape_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "plane.json"
    records.save(records.Record.from_game(ttt.Game()), target)
    code, _, err = run(["play", "--load", str(target), "--shape", "3x3x3"], capsys, monkeypatch)
    assert code == 2
    assert f"--shape 3x3x3 contradicts {target} (3×3, 3 in a row)" in err
    code, _, err = run(["solve", str(target), "--preset", "cube"], capsys, monkeypatch)
    assert code == 2
    assert "--preset cube contradicts" in err


def test_help_explains_the_shape(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["play", "--help"], capsys, monkeypatch)
    assert code == 0
    text = " ".join(out.split())
    assert "--shape AxBxC a board of 3 to 6 dimensions, its sides in order" in text
    assert "cube (3×3×3) or qubic (4×4×4, four in a row)" in text
    assert "type a cell's coordinates counted from 1, layer first (2 1 3)" in text
