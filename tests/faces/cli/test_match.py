"""tictactoe match: schedules, openings, forfeits, the table, JSON and saved games."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.brains import fake_spec as fake
from support.commandline import run

from tictactoe import records
from tictactoe.cli._match import Standing, _games, elo
from tictactoe.errors import RecordError
from tictactoe.openings import read_openings

BRAIN = f"engine:{shlex.join([sys.executable, '-m', 'tictactoe.brain', '--nodes', '30'])}"


def test_every_pair_meets_with_colours_alternating() -> None:
    games = list(_games(3, 2, []))
    assert [(first, second) for first, second, _ in games] == [
        (0, 1),
        (0, 2),
        (1, 2),
        (1, 0),
        (2, 0),
        (2, 1),
    ]


def test_each_opening_is_played_twice_with_colours_swapped() -> None:
    openings = [[(7, 7)], [(7, 7), (8, 8)]]
    games = list(_games(2, 4, openings))
    assert games == [
        (0, 1, [(7, 7)]),
        (1, 0, [(7, 7)]),
        (0, 1, [(7, 7), (8, 8)]),
        (1, 0, [(7, 7), (8, 8)]),
    ]


@given(st.lists(st.tuples(st.sampled_from(["X", "O", "A"]), st.sampled_from([0.0, 0.5, 1.0]))))
def test_a_standing_sums_its_games_in_all_and_by_mark(games: list[tuple[str, float]]) -> None:
    standing = Standing("a")
    for mark, points in games:
        standing.record(mark, points, forfeit="crash" if points == 0 else None)
    assert standing.games == len(games)
    assert standing.wins + standing.draws + standing.losses == len(games)
    assert standing.score == sum(points for _, points in games)
    assert standing.forfeits.total() == standing.losses
    table = standing.to_json()["by_mark"]
    assert isinstance(table, dict)
    assert table == {
        mark: {
            "games": sum(1 for played, _ in games if played == mark),
            "score": sum(points for played, points in games if played == mark),
        }
        for mark, _ in games
    }


def test_elo_follows_the_score_and_has_no_finite_value_at_the_ends() -> None:
    assert elo(5, 0, 5)[1] == 0
    low, mid, high = elo(30, 10, 10)
    assert low is not None
    assert mid is not None
    assert high is not None
    assert low < mid < high
    assert elo(10, 0, 0)[1] is None
    assert elo(0, 0, 0) == (None, None, None)


def test_openings_are_read_as_x_y_pairs(tmp_path: Path) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("# a comment\n7,7 8,8\n\n1,2;3,4\n")
    assert read_openings(str(path)) == [[(7, 7), (8, 8)], [(2, 1), (4, 3)]]
    path.write_text("7,7 rubbish\n")
    with pytest.raises(RecordError, match="line 1"):
        read_openings(str(path))


def test_a_match_of_our_bots_prints_a_table_and_saves_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("1,1\n0,0 2,2\n")
    argv = ["match", "--player", "a=heuristic", "--player", "b=random", "--size", "4"]
    argv += ["--k", "3", "--games", "4", "--openings", str(openings), "--seed", "1"]
    argv += ["--save", str(tmp_path / "games.json"), "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    table = json.loads(out)["players"]
    assert [row["name"] for row in table] == ["a", "b"]
    assert all(row["games"] == 4 for row in table)
    assert table[0]["wins"] == table[1]["losses"]
    assert table[0]["score"] + table[1]["score"] == 4
    saved = [records.load(path) for path in sorted(tmp_path.glob("games-*.json"))]
    assert len(saved) == 4
    assert saved[0].moves[0] == (1, 1)
    # Whoever moves next after the opening has the first mark after "0,0 2,2" but the
    # second after "1,1"; the names follow the marks.
    assert [record.names for record in saved] == [("b", "a"), ("a", "b"), ("a", "b"), ("b", "a")]
    points = dict.fromkeys(["a", "b"], 0.0)
    by_mark: dict[str, dict[str, list[float]]] = {"a": {}, "b": {}}
    for record in saved:
        game = record.to_game()
        assert game.is_over
        winner = None if game.winner is None else game.players.index(game.winner)
        for place, name in enumerate(record.names):
            won = 0.5 if winner is None else float(winner == place)
            points[name] += won
            by_mark[name].setdefault(str(game.players[place]), []).append(won)
    assert [points["a"], points["b"]] == [row["score"] for row in table]
    for row in table:
        expected = by_mark[row["name"]]
        assert row["by_mark"] == {
            mark: {"games": len(won), "score": sum(won)} for mark, won in expected.items()
        }
        assert sorted(row["by_mark"]) == ["O", "X"]


def test_a_match_needs_two_players_and_a_bounded_board(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for argv in (
        ["match", "--player", "a=random"],
        ["match", "--player", "a=random", "--player", "a=heuristic"],
        ["match", "--player", "a=random", "--player", "b=wizard"],
        ["match", "--player", "a=random", "--player", "b=random", "--unbounded"],
    ):
        code, _, err = run(argv, capsys, monkeypatch)
        assert code == 2, argv
        assert len(err.strip().splitlines()) == 1


def test_our_brain_plays_a_match_through_the_engine_client(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["match", "--player", f"brain={BRAIN}", "--player", "bot=random", "--size", "9"]
    code, out, err = run([*argv, "--k", "5", "--games", "2", "--time", "0.5"], capsys, monkeypatch)
    assert code == 0, err
    assert "brain" in out
    header, *rows = out.splitlines()[1:]
    assert "by mark" in header
    assert "forfeits" in header
    # Two games, colours alternating: each player has one game with each mark.
    for row in rows:
        assert re.search(r"X [0-9.]+/1, O [0-9.]+/1|O [0-9.]+/1, X [0-9.]+/1", row), row


def test_misbehaving_engines_lose_by_forfeit_with_the_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["match", "--player", "good=random", "--player", f"crash={fake('crash')}"]
    argv += ["--player", f"garbage={fake('garbage')}", "--player", f"taken={fake('taken')}"]
    argv += ["--size", "7", "--k", "5", "--games", "2", "--time", "0.5", "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    table = {row["name"]: row for row in json.loads(out)["players"]}
    assert table["good"]["losses"] == 0
    assert table["crash"]["forfeits"].get("crash", 0) >= 1
    assert table["garbage"]["forfeits"].get("garbage", 0) >= 1
    assert table["taken"]["forfeits"].get("illegal", 0) >= 1
    assert (
        sum(row["wins"] for row in table.values()) + sum(row["draws"] for row in table.values()) / 2
        == sum(row["games"] for row in table.values()) / 2
    )
    for row in table.values():
        marks = row["by_mark"].values()
        assert sum(mark["games"] for mark in marks) == row["games"]
        assert sum(mark["score"] for mark in marks) == row["score"]


def test_an_engine_is_an_opponent_in_play(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--size", "9", "--k", "5", "--x", "random", "--o", BRAIN, "--time", "0.3"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    assert "O (tictactoe) plays" in out
    code, _, err = run([*argv[:-4], "--k", "4", "--o", BRAIN], capsys, monkeypatch)
    assert code == 2
    assert "five in a row" in err or "5 in a row" in err


def test_a_match_under_the_exact_rule_reaches_the_brain_as_rule_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["match", "--player", f"brain={BRAIN}", "--player", "bot=random", "--size", "9"]
    argv += ["--k", "5", "--exact", "--games", "2", "--time", "0.5"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    assert out.startswith("9×9, exactly 5 in a row")


def test_an_engine_out_of_game_time_loses_by_forfeit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["match", "--player", f"slow={fake('sleep')}", "--player", "bot=random", "--size", "7"]
    argv += ["--k", "5", "--games", "1", "--time", "5", "--game-time", "0.3", "--json"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    slow = json.loads(out)["players"][0]
    assert slow["forfeits"] == {"timeout": 1}
