"""--opening swap and swap2 in play, selfplay, match and serve; renju refereed in match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.brains import fake_spec as fake
from support.commandline import run

from tictactoe import Game, ScriptedPlayer, records
from tictactoe.cli._match import Standing, _play_one

BOTH_OPENINGS = ["--opening", "swap", "--openings", "openings.txt"]
GOMOKU = ["--size", "15", "--k", "5", "--nodes", "300", "--seed", "1"]
"""A five-in-a-row board, bots on a small node budget: quick and repeatable."""


def test_a_person_opens_and_the_bot_chooses_by_its_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    typed = "help\nh8\nh8\nz99\ni8\ni9\nquit\n"
    argv = ["play", *GOMOKU, "--opening", "swap", "--o", "threat"]
    code, out, err = run(argv, capsys, monkeypatch, stdin=typed)
    assert code == 0, err
    assert "swap: you open, threat answers" in out
    assert "the other player chooses" in out  # help
    assert "h8 is taken by X" in out
    assert "z99 is off the 15×15 board" in out
    assert "swap: you place h8 (X), i8 (O), i9 (X)" in out
    assert "swap: threat chooses " in out
    assert "for X by its search" in out
    cast = "X threat, O you" if "threat chooses black" in out else "X you, O threat"
    assert f"15×15, 5 in a row: {cast}." in out


def test_a_bot_opens_and_the_persons_choice_is_saved_with_the_colours(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    typed = "red\nplace2\nh12\nh12\ni12\nundo\nquit\n"
    argv = ["play", *GOMOKU, "--opening", "swap2", "--x", "threat", "--o", "human"]
    argv += ["--save", str(saved)]
    code, out, err = run(argv, capsys, monkeypatch, stdin=typed)
    assert code == 0, err
    assert "swap2: threat places " in out
    assert "'red' is none of black, white, place2" in out
    assert "swap2: you choose to place 2 more stones" in out
    assert "swap2: you place h12 (O), i12 (X)" in out
    assert "swap2: threat chooses " in out
    record = records.load(saved)
    assert len(record.moves) == 5
    assert record.moves[3:] == ((11, 7), (11, 8))
    if "threat chooses black (X)" in out:
        assert record.names == ("threat", "you")
        assert "nothing to undo" in out  # the opening's stones stay
    else:
        assert record.names == ("you", "threat")


def test_quit_in_the_opening_ends_the_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["play", *GOMOKU, "--opening", "swap2"], capsys, monkeypatch, "quit\n")
    assert code == 0
    assert out.rstrip().endswith("bye")


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "--opening", "swap", "--players", "human,random,random"],
        ["play", "--opening", "swap", "--load", "game.json"],
        ["selfplay", "--opening", "swap2", "--players", "random,random,random"],
        ["play", "--opening", "swap3"],
        ["match", "--player", "a=random", "--player", "b=random", *BOTH_OPENINGS],
    ],
)
def test_an_opening_where_it_cannot_be_played_is_a_usage_error(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2
    assert err.startswith("tictactoe: error:")


def test_selfplay_opens_every_game_and_counts_who_took_x(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", *GOMOKU, "--opening", "swap", "--x", "threat", "--o", "heuristic"]
    argv += ["--games", "2", "--max-moves", "6", "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    data = json.loads(out)
    assert data["opening"] == "swap"
    assert 0 <= data["opener_played"]["X"] <= 2
    assert sum(data["wins"].values()) + data["draws"] + data["unfinished"] == 2
    argv = ["selfplay", *GOMOKU, "--opening", "swap2", "--x", "threat", "--o", "threat"]
    code, out, err = run(
        [*argv, "--games", "1", "--max-moves", "6", "--verbose"], capsys, monkeypatch
    )
    assert code == 0, err
    assert "game 1 swap2: threat places " in out
    assert "threat opened and played X" in out


def test_match_opens_each_game_and_tells_the_steps(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["match", "--player", "a=heuristic", "--player", "b=random", *GOMOKU]
    argv += ["--opening", "swap2", "--games", "2", "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    openings = json.loads(out)["openings"]
    assert [opening["game"] for opening in openings] == [1, 2]
    assert [opening["steps"][0]["player"] for opening in openings] == ["a", "b"]  # turn about
    for opening in openings:
        placed = [cell for step in opening["steps"] for cell in step.get("placed", [])]
        assert len(placed) in (3, 5)
        assert {opening["x"], opening["o"]} == {"a", "b"}
        assert opening["steps"][-1]["chose"] in ("black", "white")
    code, out, err = run([*argv[:-1]], capsys, monkeypatch)
    assert code == 0, err
    assert "game 1: swap2: a places " in out
    assert "game 2: swap2: b places " in out


# -- renju refereed by the match -----------------------------------------------------------

OVERLINE_AHEAD = "1,0 0,0 2,0 14,14 3,0 12,14 5,0 10,14 6,0 8,14\n"
"""An opening (x,y pairs) after which the first free cell, row by row, is Black's e1: with
b1 c1 d1 and f1 g1 it makes six in a row, an overline renju forbids."""


def test_a_brain_that_plays_a_forbidden_move_forfeits_and_hears_the_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text(OVERLINE_AHEAD)
    log = tmp_path / "brain.log"
    argv = ["match", "--player", f"a={fake('first', log)}", "--player", f"b={fake('first')}"]
    argv += ["--size", "15", "--rule", "renju", "--games", "2", "--time", "2"]
    argv += ["--openings", str(openings), "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    table = {row["name"]: row for row in json.loads(out)["players"]}
    assert table["a"]["forfeits"] == {"forbidden": 1}  # as X; as O it won
    assert table["b"]["forfeits"] == {"forbidden": 1}
    assert "INFO rule 4" in log.read_text().splitlines()


def test_the_referee_names_a_forbidden_move_apart_from_other_illegal_ones() -> None:
    rows = ["OXXX.XX........", *(["." * 15] * 13), "O.O.O.O........"]
    for cell, reason in [((0, 4), "forbidden"), ((0, 1), "illegal")]:
        game = Game.from_rows(rows, k=5, rule="renju")
        standings = [Standing("black"), Standing("white")]
        players = [ScriptedPlayer([cell]), ScriptedPlayer([(7, 7)])]
        _play_one(game, players, standings, (0, 1))
        assert standings[0].forfeits == {reason: 1}
        assert standings[1].wins == 1


def test_an_opening_is_refused_for_a_misere_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", "--size", "15", "--k", "5", "--misere", "--opening", "swap2"]
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 2
    assert "not --misere" in err
