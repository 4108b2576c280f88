"""Game records: round trips, golden files, every kind of bad file, and safe saving."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import new_game, random_cell

import tictactoe as ttt
from tictactoe import records

DATA = Path(__file__).parent / "data"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"
GOLDEN = records.Record(
    15,
    15,
    5,
    2,
    ((7, 7), (4, 0), (8, 8), (10, 1), (6, 6), (9, 4), (9, 9), (2, 3), (5, 5)),
    ("heuristic", "random"),
    "2026-01-02T03:04:05+00:00",
)


def random_record(shape: tuple[int | None, int | None, int, int], seed: int) -> records.Record:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = new_game(rows, cols, k, players)
    for _ in range(rng.randrange(0, 50)):
        if game.is_over:
            break
        game.move(*random_cell(game, rng, spread=6))
    names = tuple(f"player {i}; ]\\[" for i in range(players))
    return records.Record.from_game(game, names=names, played="2026-11-29T10:00:00+00:00")


@given(
    shape=st.sampled_from(
        [(3, 3, 3, 2), (15, 15, 5, 2), (6, 9, 4, 3), (None, None, 5, 2), (None, None, 3, 4)]
    ),
    seed=st.integers(0, 2**32),
)
def test_json_round_trips_every_kind_of_game(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    record = random_record(shape, seed)
    assert records.loads(records.dumps(record, "json"), "json") == record


@given(
    shape=st.sampled_from([(3, 3, 3, 2), (15, 15, 5, 2), (20, 20, 5, 2), (7, 12, 4, 2)]),
    seed=st.integers(0, 2**32),
    fmt=st.sampled_from(["psq", "sgf"]),
)
def test_psq_and_sgf_round_trip_two_player_bounded_games(
    shape: tuple[int, int, int, int], seed: int, fmt: str
) -> None:
    record = random_record(shape, seed)
    back = records.loads(records.dumps(record, fmt), fmt, k=record.k)
    assert (back.rows, back.cols, back.k, back.players) == (
        record.rows,
        record.cols,
        record.k,
        record.players,
    )
    assert back.moves == record.moves
    assert back.names == record.names
    assert back.to_game().outcome() == record.to_game().outcome()


@pytest.mark.parametrize("fmt", records.FORMATS)
def test_golden_files(fmt: str) -> None:
    path = DATA / f"heuristic_beats_random.{fmt}"
    assert records.dumps(GOLDEN, fmt) == path.read_text()
    loaded = records.load(path)
    assert loaded.moves == GOLDEN.moves
    assert loaded.names == GOLDEN.names
    assert loaded.to_game().winner is ttt.Mark.X


def test_the_real_gomocup_game_loads() -> None:
    record = records.load(SHARED / "gomocup_20x20_white_wins_16.psq")
    assert (record.rows, record.cols, record.k, len(record.moves)) == (20, 20, 5, 16)
    assert record.names == ("pisq7.exe", "renjusolver.ZIP")
    assert record.to_game().winner is ttt.Mark.O


def test_formats_that_cannot_hold_the_game_say_so() -> None:
    unbounded = records.Record(None, None, 5, 2, ((0, 0),))
    three = records.Record(5, 5, 4, 3, ())
    for record in (unbounded, three):
        for fmt in ("psq", "sgf"):
            with pytest.raises(ttt.RecordError, match="two-player games on a bounded board"):
                records.dumps(record, fmt)


BAD_FILES = [
    ("empty.json", "", "empty file"),
    ("blank.psq", "\n\n", "empty file"),
    ("truncated.json", records.dumps(GOLDEN, "json")[:150], "line \\d+: not JSON"),
    ("list.json", "[1, 2, 3]", "not a tictactoe game record"),
    (
        "version.json",
        records.dumps(GOLDEN, "json").replace('"version": 1', '"version": 7'),
        "field version: 7 is not supported, expected 1",
    ),
    ("rules.json", records.dumps(GOLDEN, "json").replace('"k": 5', '"k": "five"'), "field rules.k"),
    (
        "moves.json",
        records.dumps(GOLDEN, "json").replace("[7, 7]", "[7]", 1),
        "field moves\\[0\\]: \\[7\\], expected \\[row, col\\]",
    ),
    (
        "offboard.json",
        records.dumps(GOLDEN, "json").replace("[7, 7]", "[15, 7]", 1),
        "field moves\\[0\\]: move 1: cell \\(15, 7\\) is off",
    ),
    (
        "taken.json",
        records.dumps(GOLDEN, "json").replace("[4, 0]", "[7, 7]", 1),
        "field moves\\[1\\]: move 2: cell \\(7, 7\\) is taken by X",
    ),
    (
        "result.json",
        records.dumps(GOLDEN, "json").replace('"winner": "X"', '"winner": "O"'),
        "field result",
    ),
    ("header.psq", "Gomoku 15x15\n1,1,0\n", "line 1: 'Gomoku 15x15', expected 'Piskvorky"),
    (
        "offboard.psq",
        "Piskvorky 15x15, 1:1, 0\n8,8,0\n16,1,0\n0\n",
        "line 3: move 16,1 is off the 15x15 board",
    ),
    (
        "taken.psq",
        "Piskvorky 15x15, 1:1, 0\n8,8,0\n8,8,0\n0\n",
        "line 3: move 2: cell \\(7, 7\\) is taken by X",
    ),
    ("truncated.psq", "Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9", "line 3: '9,9', expected a move"),
    ("go.sgf", "(;FF[4]GM[1]SZ[19];B[pd])", "GM\\[1\\] is not gomoku"),
    ("notsgf.sgf", "hello world", "not an SGF game"),
    ("order.sgf", "(;FF[4]GM[4]SZ[15];B[hh];B[ii])", "line 1: B moves, but W is to move"),
    ("coords.sgf", "(;FF[4]GM[4]SZ[15];B[h])", "B\\[h\\], expected two letters"),
    ("offboard.sgf", "(;FF[4]GM[4]SZ[9];B[zz])", "move 1: cell \\(25, 25\\) is off"),
    ("truncated.sgf", "(;FF[4]GM[4]SZ[15];B[hh];W[i", "not an SGF game"),
]


@pytest.mark.parametrize(("name", "text", "reason"), BAD_FILES, ids=[b[0] for b in BAD_FILES])
def test_bad_files_give_one_error_naming_file_and_place(
    tmp_path: Path, name: str, text: str, reason: str
) -> None:
    path = tmp_path / name
    path.write_text(text)
    before = sorted(tmp_path.iterdir())
    with pytest.raises(ttt.RecordError, match=reason) as caught:
        records.load(path)
    assert str(caught.value).startswith(str(path))
    assert isinstance(caught.value, ValueError)
    assert sorted(tmp_path.iterdir()) == before


def test_binary_huge_missing_and_unknown_files(tmp_path: Path) -> None:
    binary = tmp_path / "picture.json"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(ttt.RecordError, match="not a text file"):
        records.load(binary)
    huge = tmp_path / "huge.psq"
    with huge.open("wb") as stream:
        stream.truncate(records.MAX_BYTES + 1)
    with pytest.raises(ttt.RecordError, match="too big"):
        records.load(huge)
    with pytest.raises(ttt.RecordError, match="cannot read"):
        records.load(tmp_path / "missing.sgf")
    with pytest.raises(ttt.RecordError, match="unknown record format 'txt'"):
        records.load(tmp_path / "game.txt")


def test_saving_replaces_a_file_only_with_a_complete_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    records.save(GOLDEN, path)
    original = path.read_bytes()

    def broken_sync(fd: int) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", broken_sync)
    shorter = records.Record(3, 3, 3, 2, ((1, 1),))
    with pytest.raises(OSError, match="disk full"):
        records.save(shorter, path)
    assert path.read_bytes() == original
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    monkeypatch.undo()
    records.save(shorter, path)
    assert records.load(path).moves == ((1, 1),)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fmt=st.sampled_from(records.FORMATS))
def test_save_and_load_by_extension(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"game.{fmt}"
    records.save(GOLDEN, path)
    assert records.load(path).moves == GOLDEN.moves


def test_psq_with_trailing_blank_lines_and_sgf_with_semicolons_in_values() -> None:
    text = (SHARED / "gomocup_20x20_white_wins_16.psq").read_text() + "\n\n"
    assert records.loads(text, "psq").names == ("pisq7.exe", "renjusolver.ZIP")
    sgf = "(;FF[4]GM[4]SZ[9]PB[a;b]PW[c\\]d]\n;B[ee]\n;W[ff])"
    record = records.loads(sgf, "sgf")
    assert record.names == ("a;b", "c]d")
    assert record.moves == ((4, 4), (5, 5))
