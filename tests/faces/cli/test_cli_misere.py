"""``--misere`` on the command line: solve, count and the games of bots play it; the rules and
players it contradicts are refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.commandline import run

from tictactoe import records


def test_solve_says_misere_tic_tac_toe_is_a_draw_from_the_centre(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["solve", "--misere", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert (data["value"], data["plies"], data["best_moves"]) == ("draw", 9, [[1, 1]])
    code, out, _ = run(["solve", "XX./OO./... X 3x3 k3 misere"], capsys, monkeypatch)
    assert code == 0
    assert out.startswith("X to move: draw")


def test_count_gives_the_plain_games_with_the_wins_swapped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["count", "--misere", "--json"], capsys, monkeypatch)
    assert code == 0
    data = json.loads(out)
    assert (data["games"], data["positions"], data["draws"]) == (255168, 5478, 46080)
    assert data["wins"] == {"X": 77904, "O": 131184}
    code, out, _ = run(["count", "--misere"], capsys, monkeypatch)
    assert out.startswith("3×3, 3 in a row, misère (the line loses): 255,168 games")


def test_bots_play_misere_and_perfect_play_never_loses(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", "--misere", "--x", "perfect", "--o", "random", "--games", "10"]
    code, out, _ = run([*argv, "--seed", "1", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["wins"]["O"] == 0
    argv = ["selfplay", "--misere", "--size", "7", "--k", "4", "--x", "threat", "--o", "best"]
    code, out, _ = run([*argv, "--games", "2", "--time", "0.2", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["games"] == 2


def test_a_saved_misere_game_keeps_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    code, _, _ = run(
        ["play", "--misere", "--o", "random", "--save", str(target)], capsys, monkeypatch, "b2\n"
    )
    assert code == 0
    assert records.load(target).misere
    code, out, err = run(["solve", str(target), "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert json.loads(out)["value"] in ("draw", "win")  # X took the centre, the drawing move
    code, _, err = run(["solve", str(target), "--misere"], capsys, monkeypatch)
    assert code == 0, err
    code, _, err = run(["solve", "X../.../... O 3x3 k3", "--misere"], capsys, monkeypatch)
    assert code == 2
    assert "--misere contradicts" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", "--misere", "--rule", "renju", "--size", "15"], "not renju"),
        (["play", "--misere", "--rule", "caro", "--size", "15"], "not caro"),
        (["count", "--misere", "--players", "3"], "misère is for two players"),
        (["selfplay", "--misere", "--players", "random,random,random"], "two players"),
        (["play", "--misere", "--size", "15", "--k", "5", "--o", "engine:./x"], "not misère"),
    ],
)
def test_what_misere_contradicts_is_refused_in_one_line(
    argv: list[str],
    words: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1
