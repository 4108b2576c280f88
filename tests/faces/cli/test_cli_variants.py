"""``--gravity``, ``--torus`` and ``--preset`` on the command line: games are played, saved,
solved and counted under them; ``count --plies`` counts the first plies; what cannot play them
(the unbounded grid, swap openings, Gomocup engines, PSQ and SGF) is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.commandline import run

from tictactoe import counting, notation, records

PAIR = "--player a=random --player b=random"
"""Two players for a match."""
CONNECT_FOUR_PLIES = [1, 7, 49, 238, 1120, 4263, 16422]
"""The positions after each of Connect Four's first plies: OEIS A212693."""


def test_a_person_plays_connect_four_by_the_preset_and_wins_down_a_column(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "four.json"
    argv = ["play", "--preset", "connect-four", "--o", "human", "--save", str(target)]
    typed = "d6\na6\nd5\na5\nd4\na4\nd3\n"  # X down column d, O down column a
    code, out, err = run(argv, capsys, monkeypatch, typed)
    assert (code, err) == (0, "")
    assert out.startswith("6×7, 4 in a row, gravity (marks drop): X you, O you.")
    assert out.rstrip().endswith("X (you) wins")
    record = records.load(target)
    assert (record.rows, record.cols, record.k) == (6, 7, 4)
    assert record.gravity
    assert not record.torus
    assert record.moves == ((5, 3), (5, 0), (4, 3), (4, 0), (3, 3), (3, 0), (2, 3))
    assert '"gravity": true' in target.read_text()


def test_a_floating_cell_typed_by_a_person_is_asked_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    argv = ["play", "--gravity", "--o", "human", "--x", "human", "--save", str(target)]
    typed = "a1\na3\nb\nz\nquit\n"  # a1 floats, a3 lands, b drops, z is off the board
    code, out, _ = run(argv, capsys, monkeypatch, typed)
    assert code == 0
    assert "a1 has an empty cell below it: a mark in its column lands a3" in out
    assert "column z is off the 3×3 board" in out
    assert records.load(target).moves == ((2, 0), (2, 1))


def test_bots_play_gravity_saved_and_shown_with_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "game.json"
    argv = ["play", "--gravity", "--size", "4", "--k", "3", "--x", "random", "--o", "random"]
    code, _, err = run([*argv, "--seed", "3", "--save", str(target)], capsys, monkeypatch)
    assert (code, err) == (0, "")
    record = records.load(target)
    assert record.gravity
    game = record.to_game()
    assert game.is_over
    for row, col in record.moves:  # every mark landed: nothing below it was empty
        assert row == 3 or game.cell(row + 1, col) is not None
    code, out, _ = run(["show", str(target)], capsys, monkeypatch)
    assert code == 0
    assert notation.format(game) in out
    assert notation.format(game).endswith(" 4x4 k3 gravity")
    code, _, err = run(["play", "--load", str(target)], capsys, monkeypatch)
    assert code == 1
    assert "holds a finished game, nothing to resume: 4×4, 3 in a row, gravity (marks" in err
    code, _, err = run(["solve", str(target), "--gravity", "--size", "4"], capsys, monkeypatch)
    assert (code, err) == (0, "")


def test_perfect_play_wins_the_3x3_torus_and_draws_3x3_gravity(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["solve", "--torus", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["value"] == "win"
    code, out, _ = run(["solve", "--gravity", "--json"], capsys, monkeypatch)
    assert code == 0
    solution = json.loads(out)
    assert solution["value"] == "draw"
    assert {row for row, _ in solution["best_moves"]} == {2}  # only the bottom row is open
    argv = ["selfplay", "--torus", "--x", "perfect", "--o", "random", "--games", "6"]
    code, out, _ = run([*argv, "--seed", "1", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["wins"] == {"X": 6, "O": 0}


def test_count_passes_the_variants_to_the_library(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for option, rules in (("--gravity", {"gravity": True}), ("--torus", {"torus": True})):
        code, out, _ = run(["count", option, "--json"], capsys, monkeypatch)
        assert code == 0
        assert json.loads(out) == counting.count(3, **rules).to_json()
        assert json.loads(out)["games"] != 255168  # not the plain game's
    code, out, _ = run(["count", "--gravity", "--misere"], capsys, monkeypatch)
    assert out.startswith("3×3, 3 in a row, misère (the line loses), gravity (marks drop): ")
    code, out, _ = run(
        ["count", "--torus", "--rows", "2", "--cols", "4", "--k", "2"], capsys, monkeypatch
    )
    assert out.startswith("2×4, 2 in a row, torus (lines wrap over the edges): ")


def test_count_plies_gives_connect_four_s_first_plies(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(
        ["count", "--preset", "connect-four", "--plies", "6", "--json"], capsys, monkeypatch
    )
    assert code == 0
    assert json.loads(out) == CONNECT_FOUR_PLIES
    code, out, _ = run(["count", "--preset", "connect-four", "--plies", "6"], capsys, monkeypatch)
    lines = out.splitlines()
    assert lines[0] == "6×7, 4 in a row, gravity (marks drop): the positions after each ply"
    assert lines[1].split() == ["ply", "positions"]
    assert [line.split() for line in lines[2:]] == [
        [str(ply), f"{n:,}"] for ply, n in enumerate(CONNECT_FOUR_PLIES)
    ]
    assert len({len(line) for line in lines[1:]}) == 1  # the columns line up


def test_count_plies_takes_the_plain_board_and_the_exact_rule(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["count", "--plies", "3", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out) == [1, 9, 72, 252]  # 9, 9·8, then 9·8·7 / 2 positions
    argv = ["count", "--size", "4", "--k", "3", "--exact", "--plies", "2", "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert json.loads(out) == [1, 16, 240]
    code, _, err = run(["count", "--size", "4", "--k", "3", "--exact"], capsys, monkeypatch)
    assert code == 2
    assert "count knows freestyle lines only" in err
    argv = ["count", "--preset", "connect-four", "--plies", "9", "--max-positions", "100000"]
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 1
    assert "past the limit of 100,000" in err
    assert err.rstrip().endswith("--max-positions N takes it on")


def test_a_preset_sets_the_board_and_takes_the_other_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["count", "--preset", "tictactoe", "--json"], capsys, monkeypatch)
    assert json.loads(out)["games"] == 255168
    code, out, _ = run(
        ["count", "--preset", "tictactoe", "--size", "3", "--k", "3"], capsys, monkeypatch
    )
    assert code == 0  # repeating what the preset sets is fine
    code, out, _ = run(["count", "--preset", "tictactoe", "--torus", "--json"], capsys, monkeypatch)
    assert json.loads(out) == counting.count(3, torus=True).to_json()
    target = tmp_path / "renju.json"
    bots = ["--x", "random", "--o", "random", "--seed", "2"]
    argv = ["play", "--preset", "renju", *bots, "--max-moves", "4", "--save", str(target)]
    code, out, err = run(argv, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert out.startswith("15×15, 5 in a row, renju: ")
    record = records.load(target)
    assert (record.rows, record.cols, record.k, record.rule) == (15, 15, 5, "renju")
    # gomoku sets the board and k, which the renju game has: it may be resumed under it
    argv = ["play", "--load", str(target), "--save", str(target), "--preset", "gomoku", *bots]
    argv += ["--max-moves", "6"]
    code, _, err = run(argv, capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert len(records.load(target).moves) == 6


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (
            ["--preset", "connect-four", "--k", "5"],
            "--k 5 contradicts --preset connect-four, which sets --k 4",
        ),
        (
            ["--preset", "gomoku", "--size", "14"],
            "--size 14 contradicts --preset gomoku, which sets a 15×15 board",
        ),
        (
            ["--preset", "connect-four", "--rows", "7"],
            "--rows 7 contradicts --preset connect-four, which sets a 6×7 board",
        ),
        (["--preset", "renju", "--rule", "caro"], "--rule caro contradicts --preset renju"),
        (["--preset", "renju", "--exact"], "--exact contradicts --preset renju"),
        (["--preset", "tictactoe", "--unbounded"], "--unbounded contradicts --preset tictactoe"),
    ],
)
def test_an_option_that_changes_a_preset_is_refused(
    argv: list[str],
    words: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _, err = run(["play", *argv, "--x", "random", "--o", "random"], capsys, monkeypatch)
    assert code == 2
    assert words in err
    assert len(err.strip().splitlines()) == 1


def test_a_loaded_game_is_checked_against_the_variant_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    four = tmp_path / "four.json"
    plain = tmp_path / "plain.json"
    for target, options in ((four, ["--preset", "connect-four"]), (plain, [])):
        argv = ["play", *options, "--x", "random", "--o", "random", "--max-moves", "3"]
        assert run([*argv, "--seed", "1", "--save", str(target)], capsys, monkeypatch)[0] == 0
    connect_four = "(6×7, 4 in a row, gravity (marks drop))"
    cases = [
        (plain, "--gravity", "--gravity contradicts", "(3×3, 3 in a row)"),
        (plain, "--torus", "--torus contradicts", "(3×3, 3 in a row)"),
        (four, "--torus", "--torus contradicts", connect_four),
        (four, "--preset tictactoe", "--preset tictactoe contradicts", connect_four),
        (plain, "--preset connect-four", "--preset connect-four contradicts", "(3×3, 3 in"),
    ]
    for target, options, words, described in cases:
        argv = ["play", "--load", str(target), *options.split()]
        code, _, err = run(argv, capsys, monkeypatch)
        assert code == 2, options
        assert f"{words} {target} {described}" in err
    code, out, err = run(["solve", "- X 4x4 k3 torus", "--torus", "--json"], capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert json.loads(out)["value"] == "win"
    # options that say what the file says resume it
    argv = ["play", "--load", str(four), "--save", str(four), "--gravity"]
    argv += ["--preset", "connect-four", "--k", "4"]
    code, _, err = run(
        [*argv, "--x", "random", "--o", "random", "--max-moves", "5"], capsys, monkeypatch
    )
    assert (code, err) == (0, "")
    assert len(records.load(four).moves) == 5


@pytest.mark.parametrize(
    ("command", "words", "exit_code"),
    [
        ("play --gravity --unbounded", "--gravity plays on a bounded board, not --unbounded", 2),
        ("selfplay --torus --unbounded", "--torus plays on a bounded board, not --unbounded", 2),
        ("play --torus --rows 3 --cols 4 --k 4", "k=4 must be at most 3 on a 3×4 torus", 2),
        ("play --gravity --rule renju --size 15", "gravity plays the freestyle", 2),
        (
            "play --gravity --size 15 --k 5 --opening swap",
            "--opening swap places stones on a plain board, not under gravity",
            2,
        ),
        (
            "selfplay --preset connect-four --opening swap2",
            "--opening swap2 places stones on a plain board, not under gravity",
            2,
        ),
        (
            f"match --torus --size 15 --k 5 --opening swap {PAIR}",
            "--opening swap places stones on a plain board, not on the torus",
            2,
        ),
        (
            "play --gravity --size 15 --k 5 --o engine:./x",
            "Gomocup engines play on a plain board, not under gravity",
            2,
        ),
        (
            "match --torus --size 15 --k 5 --player a=random --player b=engine:./x",
            "Gomocup engines play on a plain board, not on the torus",
            2,
        ),
        (
            "play --preset connect-four --x random --o random --save g.psq",
            "PSQ cannot hold gravity (marks drop to the lowest free cell): save the game as JSON",
            1,
        ),
        (
            f"match --torus --size 5 --k 5 {PAIR} --save g.sgf",
            "SGF cannot hold the torus (lines run over the edges): save the game as JSON",
            1,
        ),
    ],
)
def test_what_cannot_play_a_variant_is_refused_in_one_line(
    command: str,
    words: str,
    exit_code: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = run(command.split(), capsys, monkeypatch)
    assert code == exit_code
    assert words in err
    assert len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []  # nothing was started, nothing saved


def test_the_board_options_explain_the_variants_in_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["play", "--help"], capsys, monkeypatch)
    assert code == 0
    text = " ".join(out.split())
    assert (
        "--gravity marks drop to the lowest free cell of their column, as in Connect Four" in text
    )
    assert "--torus lines run over the edges and come back on the other side" in text
    assert "--preset {tictactoe,gomoku,renju,connect-four,cube,qubic}" in text
    code, out, _ = run(["count", "--help"], capsys, monkeypatch)
    assert "--plies N" in out
