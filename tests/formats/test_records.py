"""Game records: round trips, golden files, files by others, hostile files, and safe saving."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import re
import stat
import sys
import threading
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import DATA
from support.oracle import new_game, random_cell

import tictactoe as ttt
from tictactoe import records

REFERENCE = DATA / "reference"
GOMOCUP = REFERENCE / "gomocup_20x20_white_wins_16.psq"
GOLDEN = records.Record(
    15,
    15,
    5,
    2,
    ((7, 7), (4, 0), (8, 8), (10, 1), (6, 6), (9, 4), (9, 9), (2, 3), (5, 5)),
    ("heuristic", "random"),
    "2026-01-02T03:04:05+00:00",
)
T = TypeVar("T")
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX files and permissions")


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


def attempt(call: Callable[..., T], *args: object) -> T | ttt.RecordError:
    """What ``call(*args)`` returns, or the RecordError it raises."""
    try:
        return call(*args)
    except ttt.RecordError as error:
        return error


def held(record: records.Record, fmt: str) -> tuple[object, ...]:
    """The fields of ``record`` that ``fmt`` holds (the module docstring lists them)."""
    if fmt == "json":
        return dataclasses.astuple(record)
    base = (record.rows, record.cols, record.k, record.players, record.moves, record.names)
    return (*base, record.played) if fmt == "sgf" else base


# Round trips -------------------------------------------------------------------------------


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


GOMOKU_SHAPES = [(5, 5, 5, 2), (15, 15, 5, 2), (20, 20, 5, 2), (7, 12, 5, 2)]
"""Games PSQ and SGF hold: two players, a bounded board, five in a row."""


@given(
    shape=st.sampled_from(GOMOKU_SHAPES),
    seed=st.integers(0, 2**32),
    fmt=st.sampled_from(["psq", "sgf"]),
)
def test_psq_and_sgf_round_trip_two_player_bounded_games(
    shape: tuple[int, int, int, int], seed: int, fmt: str
) -> None:
    record = random_record(shape, seed)
    back = records.loads(records.dumps(record, fmt), fmt)
    assert held(back, fmt) == held(record, fmt)
    assert back.to_game().outcome() == record.to_game().outcome()


@given(
    shape=st.sampled_from([(3, 3, 3, 2), (7, 7, 3, 2), (7, 12, 4, 2), (15, 15, 6, 2)]),
    seed=st.integers(0, 2**32),
    fmt=st.sampled_from(["psq", "sgf"]),
)
def test_psq_and_sgf_refuse_a_game_of_another_k_they_would_reload_as_five(
    shape: tuple[int, int, int, int], seed: int, fmt: str
) -> None:
    record = random_record(shape, seed)
    with pytest.raises(ttt.RecordError, match=f"{fmt.upper()} cannot hold k={record.k}: .* JSON"):
        records.dumps(record, fmt)


def test_a_won_seven_by_seven_three_in_a_row_is_not_saved_as_five_in_a_row(
    tmp_path: Path,
) -> None:
    game = ttt.Game(7, k=3)
    for cell in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)):
        game.move(*cell)
    assert game.winner is ttt.Mark.X
    for fmt in ("psq", "sgf"):
        path = tmp_path / f"won.{fmt}"
        with pytest.raises(ttt.RecordError, match=f"won.{fmt}: {fmt.upper()} cannot hold k=3"):
            records.check_target(path, game)
        with pytest.raises(ttt.RecordError, match=f"won.{fmt}: {fmt.upper()} cannot hold k=3"):
            records.save(records.Record.from_game(game), path)
        assert not path.exists()
    records.save(records.Record.from_game(game), tmp_path / "won.json")
    assert records.load(tmp_path / "won.json").to_game().winner is ttt.Mark.X


TRICKY = [
    "@moves@",
    '"@moves@"',
    "1,2,3",
    "12,",
    " 7 ,x",
    "-1",
    "0",
    "42",
    "Smith, John",
    "a]b\\",
    "\\",
    "]",
    "",
    " ",
    " lead",
    "trail ",
    "x\u2028y",
    "\x85",
    "line\nbreak",
    "cr\rlf",
    "tab\there",
    "\x1b[31mred",
    "\ud800",
    "Piskvorky 15x15, 1:1, 0",
    "(;B[aa])",
    "\u3000",
    "é 名前 🎲",
]
TEXT = st.one_of(
    st.sampled_from(TRICKY),
    st.text(),
    st.text(st.characters(categories=["Cc", "Cs", "Zl", "Zp", "Zs", "Nd", "Po", "Ll"])),
    st.text(alphabet="0123456789,-[]\\;() \n\r\t\x0c\x1cab"),
)


def refused_by_the_rules(fmt: str, names: tuple[str, ...], played: str | None) -> bool:
    """The module's documented rules, written again with unicodedata: what fmt must refuse."""
    texts = [*names, *([played] if played is not None and fmt != "psq" else [])]
    if fmt == "json":
        return any(unicodedata.category(char) == "Cs" for text in texts for char in text)
    unsafe = {"Cc", "Cs", "Zl", "Zp"}
    if any(unicodedata.category(char) in unsafe for text in texts for char in text):
        return True
    return fmt == "psq" and any(
        not name or name != name.strip() or re.match(r"\s*-?[0-9]+\s*,", name) for name in names
    )


@given(
    fmt=st.sampled_from(records.FORMATS),
    shape=st.sampled_from(GOMOKU_SHAPES),
    seed=st.integers(0, 2**16),
    names=st.lists(TEXT, max_size=2),
    played=st.none() | TEXT,
)
def test_names_and_dates_load_back_exactly_or_are_refused_when_saved(
    fmt: str,
    shape: tuple[int, int, int, int],
    seed: int,
    names: list[str],
    played: str | None,
) -> None:
    record = dataclasses.replace(random_record(shape, seed), names=tuple(names), played=played)
    text = attempt(records.dumps, record, fmt)
    if isinstance(text, ttt.RecordError):
        assert refused_by_the_rules(fmt, record.names, played), text
        assert str(text).isprintable()
    else:
        assert not refused_by_the_rules(fmt, record.names, played)
        assert held(records.loads(text, fmt), fmt) == held(record, fmt)


@given(players=st.integers(2, 4), extra=st.integers(1, 3), fmt=st.sampled_from(records.FORMATS))
def test_more_names_than_players_is_refused_in_every_format(
    players: int, extra: int, fmt: str
) -> None:
    players = players if fmt == "json" else 2
    record = records.Record(5, 5, 5, players, (), tuple("abcdefg"[: players + extra]))
    with pytest.raises(ttt.RecordError, match="names for a"):
        records.dumps(record, fmt)


def test_plain_names_and_dates_are_kept_by_every_format() -> None:
    for fmt in records.FORMATS:
        back = records.loads(records.dumps(GOLDEN, fmt), fmt)
        assert held(back, fmt) == held(GOLDEN, fmt)


def test_json_names_that_look_like_its_own_text_stay_names() -> None:
    record = dataclasses.replace(GOLDEN, names=("@moves@", '"@moves@", "x": ['))
    assert records.loads(records.dumps(record, "json"), "json") == record


def test_sgf_keeps_the_whole_date_and_escapes_it() -> None:
    record = dataclasses.replace(GOLDEN, played="2026-01-02T03:04:05+00:00 [local] \\ ;)")
    text = records.dumps(record, "sgf")
    assert "DT[2026-01-02T03:04:05+00:00 [local\\] \\\\ ;)]" in text
    assert records.loads(text, "sgf").played == record.played


@pytest.mark.parametrize(
    ("fmt", "record", "reason"),
    [
        ("psq", records.Record(None, None, 5, 2, ((0, 0),)), "two-player games on a bounded"),
        ("sgf", records.Record(5, 5, 4, 3, ()), "two-player games on a bounded"),
        ("sgf", records.Record(60, 60, 5, 2, ((55, 55),)), "at most 52 rows and columns"),
        ("json", records.Record(3, 3, 3, 2, ((1, 1), (1, 1))), "move 2: cell \\(1, 1\\) is taken"),
        ("psq", dataclasses.replace(GOLDEN, names=("1,2,3",)), "'1,2,3': it reads as a move"),
        ("psq", dataclasses.replace(GOLDEN, names=("bob ",)), "no space before or after"),
        ("sgf", dataclasses.replace(GOLDEN, names=("a\nb",)), "'a\\\\nb': '\\\\n' is a control"),
        ("json", dataclasses.replace(GOLDEN, played="\udcff"), "lone surrogate"),
        ("xml", GOLDEN, "unknown record format 'xml'"),
        ("psq", dataclasses.replace(GOLDEN, exact=True), "PSQ cannot hold the exact-five rule"),
        ("sgf", dataclasses.replace(GOLDEN, exact=True), "SGF cannot hold the exact-five rule"),
        ("json", dataclasses.replace(GOLDEN, exact=1), "exact: 1, expected True or False"),
    ],
)
def test_what_a_format_cannot_hold_is_refused_when_saved(
    fmt: str, record: records.Record, reason: str
) -> None:
    with pytest.raises(ttt.RecordError, match=reason):
        records.dumps(record, fmt)


# Golden files and files written by others ---------------------------------------------------


@pytest.mark.parametrize("fmt", records.FORMATS)
def test_golden_files(fmt: str) -> None:
    path = DATA / f"heuristic_beats_random.{fmt}"
    assert records.dumps(GOLDEN, fmt) == path.read_text()
    loaded = records.load(path)
    assert held(loaded, fmt) == held(GOLDEN, fmt)
    assert loaded.to_game().winner is ttt.Mark.X


def test_the_real_gomocup_game_loads() -> None:
    record = records.load(GOMOCUP)
    assert (record.rows, record.cols, record.k, len(record.moves)) == (20, 20, 5, 16)
    assert record.names == ("pisq7.exe", "renjusolver.ZIP")
    assert record.to_game().winner is ttt.Mark.O
    text = GOMOCUP.read_text()
    assert records.loads(text.replace("\n", "\r\n"), "psq") == record  # as Windows writes it
    assert records.loads(text + "\n\n", "psq") == record


def test_a_handmade_sgf_written_from_the_specification_reads_its_main_line() -> None:
    path = DATA / "handmade_gomoku.sgf"
    record = records.load(path)
    assert record.moves == (
        (7, 7),
        (8, 7),
        (7, 8),
        (8, 8),
        (7, 9),
        (7, 10),
        (7, 6),
        (1, 0),
        (7, 5),
    )
    assert record.names == ("Black ] player", "White player")  # escape, soft line break
    assert record.played == "2026-11-30"
    assert (record.rows, record.cols, record.k, record.players) == (15, 15, 5, 2)
    assert record.to_game().winning_line == tuple((7, col) for col in range(5, 10))
    crlf = path.read_text().replace("\n", "\r\n")
    assert records.loads(crlf, "sgf") == record


def test_a_json_record_written_by_hand() -> None:
    text = """{"version":1,"format":"tictactoe-game","played":null,
        "rules":{"k":3,"players":2,"cols":4,"rows":3},"players":["Ann"],
        "moves":[[0,0],[1,0],[0,1],[1,1],[0,2]],"result":{"winner":"X","status":"won"}}"""
    record = records.loads(text, "json")
    assert record == records.Record(3, 4, 3, 2, ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)), ("Ann",))


PSQ_HEAD = "Piskvorky 15x15, 1:1, 0\n8,8,0\n"
JSON_GOLDEN = records.dumps(GOLDEN, "json")


@pytest.mark.parametrize(
    ("fmt", "text", "reason"),
    [
        ("psq", PSQ_HEAD + "  spaced \n0\n", r"line 3: PSQ cannot hold the name '  spaced ': a"),
        ("psq", PSQ_HEAD + "ann\nb\u2028c\n", r"line 4: PSQ cannot hold the name 'b\u2028c': '"),
        ("psq", PSQ_HEAD + "\x1b[31mred\n0\n", r"line 3: PSQ cannot hold the name '\x1b[31mred'"),
        ("sgf", "(;SZ[15]PB[ann]PW[\x1b[31m];B[hh])", r"PW: SGF cannot hold the name '\x1b[31m'"),
        ("sgf", "(;SZ[15]DT[2026\x00];B[hh])", r"DT: SGF cannot hold the date '2026\x00'"),
        ("sgf", "(;SZ[15]PB[a\u2028b];B[hh])", r"PB: SGF cannot hold the name 'a\u2028b'"),
        (
            "json",
            JSON_GOLDEN.replace('"random"', r'"\ud800"'),
            r"field players[1]: JSON cannot hold the name '\ud800'",
        ),
        (
            "json",
            JSON_GOLDEN.replace('"2026', r'"\udfff2026'),
            r"field played: JSON cannot hold the date '\udfff2026",
        ),
    ],
)
def test_names_and_dates_the_writer_refuses_are_refused_on_reading(
    fmt: str, text: str, reason: str
) -> None:
    with pytest.raises(ttt.RecordError) as refused:
        records.loads(text, fmt, source=f"game.{fmt}")
    assert str(refused.value).startswith(f"game.{fmt}: {reason}")
    assert str(refused.value).isprintable()


# SGF trees: the main line, and what is refused ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("(;SZ[9];B[ee](;W[ff];B[dd])(;W[dd];B[ff]))", ((4, 4), (5, 5), (3, 3))),
        ("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))", ((0, 0), (1, 1), (2, 2))),
        ("(;SZ[9];B[aa](;W[bb])(;W[zz]AB[cc]ZZ[junk]))", ((0, 0), (1, 1))),
        ("( ; SZ[9]\n ; B[aa] ( ; W[bb] ) \n)\n", ((0, 0), (1, 1))),
        ("(;SZ[20];B[tt])", ((19, 19),)),
        ("(;GM[4]SZ[9:5]PW[White];B[ie])", ((4, 8),)),
    ],
)
def test_sgf_main_line_is_the_first_variation_at_each_branch(
    text: str, moves: tuple[ttt.Cell, ...]
) -> None:
    assert records.loads(text, "sgf").moves == moves


def test_sgf_white_name_alone_stays_white() -> None:
    assert records.loads("(;SZ[9]PW[White];B[ee])", "sgf").names == ("", "White")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("(;SZ[9]AB[aa][bb];W[cc])", "line 1: setup stones \\(AB\\) are not supported"),
        ("(;SZ[9];B[aa]\n;AW[bb])", "line 2: setup stones \\(AW\\)"),
        ("(;SZ[9];B[aa];AE[aa])", "setup stones \\(AE\\)"),
        ("(;SZ[9];B[ee];W[])", "'W\\[\\]' is a pass"),
        ("(;SZ[19];B[tt])", "'B\\[tt\\]' is a pass"),
        ("(;SZ[9];B[ee])(;SZ[9];B[aa])", "more than one game tree"),
        ("(;SZ[9];B[aa](;W[bb]);B[cc])", "a node ';' after a variation"),
        ("(;SZ[9];B[aa]()", "a game tree without a node"),
        ("(;SZ[9];B[aa]W[bb])", "both a B and a W move"),
        ("(;SZ[9];B[aa][bb])", "'B\\[aa\\]\\[bb\\]': takes one value"),
        ("(;SZ[9];B[aa]B[bb])", "property 'B' appears twice"),
        ("(;SZ[9];B[aa];SZ[5])", "SZ belongs in the first node"),
        ("(;SZ[9]PB[a];PB[b])", "PB appears twice on the main line"),
        ("(;SZ[100000])", "'SZ\\[100000\\]': board too big: .* at most 52"),
        ("(;SZ[" + "9" * 5000 + "])", "board too big"),
        ("(;SZ[0])", "at least one row"),
        ("(;SZ[１５])", "expected SZ\\[n\\] or SZ\\[cols:rows\\]"),
        ("(;SZ[nine])", "expected SZ\\[n\\] or SZ\\[cols:rows\\]"),
        ("(;GM[1]SZ[19];B[pd])", "'GM\\[1\\]' is not gomoku"),
        ("(;B[aa] x)", "unexpected 'x\\)'"),
        ("(;B[aa]", "the game tree never ends"),
        ("(;C[never ends)", "'C\\[...': the value never ends"),
        ("(;B)", "property 'B' has no \\[value\\]"),
        ("([aa])", "value '\\[aa\\]' has no property name"),
        ("((;B[aa]))", "a game tree without a node"),
        ("(;[aa])", "has no property name"),
        ("(;B[aa]))", "after the game"),
        ("B[aa]", "not an SGF game: expected '\\(;', found 'B\\[aa\\]'"),
    ],
)
def test_sgf_files_we_cannot_read_exactly_are_refused(text: str, reason: str) -> None:
    with pytest.raises(ttt.RecordError, match=reason):
        records.loads(text, "sgf")


# PSQ lines ----------------------------------------------------------------------------------


def test_psq_names_are_read_exactly_as_written() -> None:
    head = "Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9,0\n"
    assert records.loads(head + "spaced  name\né 名前\n0\n", "psq").names == (
        "spaced  name",
        "é 名前",
    )
    assert records.loads(head + "42\n0\n", "psq").names == ("42",)
    assert records.loads(head + "Smith, John\n", "psq").names == ("Smith, John",)
    assert records.loads(head + "\n\nann\n\nbob\n-1\n\n", "psq").names == ("ann", "bob")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Piskvorky 100000x100000, 1:1, 0\n", "line 1: a 100000×100000 board is too big: at most"),
        ("Piskvorky " + "9" * 5000 + "x15, 1:1, 0\n", "line 1: the board is too big"),
        ("Piskvorky 15x15, 1:1, 0\n" + "9" * 5000 + ",1,0\n", "line 2: move '9999.* is off"),
        ("Piskvorky 15x15, 1:1, 0\n1,2,3\nann\n4,5,6\n", "line 4: '4,5,6', expected a move"),
        ("Piskvorky 15x15, 1:1, 0\nann\nbob\ncid\n0\n", "line 4: 'cid': a third name"),
        ("Piskvorky １５x15, 1:1, 0\n", "line 1: 'Piskvorky １５x15, 1:1, 0', expected"),
        ("Piskvorky 0x15, 1:1, 0\n", "rules: cols=0 must be at least 1"),
    ],
)
def test_psq_files_we_cannot_read_exactly_are_refused(text: str, reason: str) -> None:
    with pytest.raises(ttt.RecordError, match=reason):
        records.loads(text, "psq")


# Bad and hostile files ----------------------------------------------------------------------

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
        "big.json",
        records.dumps(GOLDEN, "json").replace('"rows": 15', '"rows": 100000'),
        "field rules: a 100000×15 board is too big: at most 1,000,000 cells",
    ),
    (
        "names.json",
        records.dumps(GOLDEN, "json").replace('"random"', '"random", "third"'),
        "field players: 3 names for 2 players",
    ),
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
    ("deep.json", "[" * 100_000, "nested too deeply"),
    ("huge_int.json", '{"format": ' + "7" * 5000 + "}", "a number too long to read"),
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
    ("go.sgf", "(;FF[4]GM[1]SZ[19];B[pd])", "'GM\\[1\\]' is not gomoku"),
    ("notsgf.sgf", "hello world", "not an SGF game"),
    ("order.sgf", "(;FF[4]GM[4]SZ[15];B[hh];B[ii])", "line 1: B moves, but W is to move"),
    ("coords.sgf", "(;FF[4]GM[4]SZ[15];B[h])", "'B\\[h\\]', expected two letters"),
    ("offboard.sgf", "(;FF[4]GM[4]SZ[9];B[zz])", "move 1: cell \\(25, 25\\) is off"),
    ("truncated.sgf", "(;FF[4]GM[4]SZ[15];B[hh];W[i", "line 1: 'W\\[...': the value never ends"),
    ("escape.sgf", "(;FF[4]GM[4]SZ[15];B[\x1b[31m])", "'B\\[\\\\x1b\\[31m\\]', expected two"),
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
    assert str(caught.value).isprintable()
    assert isinstance(caught.value, ValueError)
    assert sorted(tmp_path.iterdir()) == before


MB = 1 << 20
HOSTILE = {
    # Each would take minutes or hours with a parser quadratic in its input; none takes a second.
    "sgf run of capitals": ("sgf", "(;" + "A" * MB + ")"),
    "sgf capitals then values": ("sgf", "(;" + "A" * MB + "[x]" * 1000 + ")"),
    "sgf many nodes after a long comment": ("sgf", "(;C[" + "x" * MB + "]" + ";" * 150_000 + ")"),
    "sgf many nodes on many lines": ("sgf", "(;C[" + "\n" * MB + "]" + "\n;" * 150_000 + "B[a])"),
    "sgf deep variations": ("sgf", "(;" * 50_000 + ")" * 50_000),
    "sgf deep open variations": ("sgf", "(;" * 50_000),
    "sgf many brackets": ("sgf", "(;C" + "[" * MB + ")"),
    "sgf many values": ("sgf", "(;C" + "[]" * 100_000 + ")"),
    "sgf many escapes": ("sgf", "(;C[" + "\\]" * 100_000 + "])"),
    "psq long number": ("psq", "Piskvorky " + "9" * MB + "x15, 1:1, 0\n"),
    "psq many lines": ("psq", "Piskvorky 15x15, 1:1, 0\n" + "1,1,0\n" * 100_000),
    "psq long name": ("psq", "Piskvorky 15x15, 1:1, 0\n8,8,0\n" + "x" * MB + "\n0\n"),
    "psq many commas": ("psq", "Piskvorky 15x15, 1:1, 0\n1" + "," * MB),
    "json nested lists": ("json", "[" * MB),
    "json nested objects": ("json", '{"a": ' * 200_000),
    "json long integer": ("json", "1" * MB),
}


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "text"), HOSTILE.values(), ids=HOSTILE.keys())
def test_big_hostile_files_are_read_in_linear_time(fmt: str, text: str) -> None:
    outcome = attempt(records.loads, text, fmt)
    assert isinstance(outcome, records.Record | ttt.RecordError)
    assert str(outcome).isprintable()
    assert len(str(outcome)) < 300 or isinstance(outcome, records.Record)


VALID_STARTS = [
    "(;FF[4]GM[4]SZ[15]",
    "(;GM[4]SZ[9];B[ee];W[ff]",
    "(;SZ[9];B[aa](;W[bb]",
    "Piskvorky 15x15, 1:1, 0\n",
    "Piskvorky 15x15, 1:1, 0\n8,8,0\n9,9,0\n",
    '{"format": "tictactoe-game", "version": 1, "rules": {"rows": 3, "cols": 3, ',
    *(records.dumps(GOLDEN, fmt) for fmt in records.FORMATS),
]
PIECES = [
    *"();[]\\:,- \n",
    *("B[", "W[", "AB[", "SZ[", "GM[", "PB[", "hh", "tt", "15", "8,8,0", "\r\n", "Piskvorky"),
    *('{"', '":', "[1, 2]", "null", "\x1b", "\x1b[31m", "\x00", "\x85", "\u2028", "\ud800"),
]
JUNK = st.lists(st.sampled_from(PIECES), max_size=30).map("".join)


HOSTILE_TEXT = st.text(st.characters(categories=["Cc", "Cs", "Zl", "Zp", "Zs", "Lu", "Ll", "P"]))
SGF_FILES = st.lists(
    st.lists(
        st.tuples(st.sampled_from(["B", "W", "GM", "SZ", "PB", "DT", "AB", "C"]), HOSTILE_TEXT)
    ),
    min_size=1,
    max_size=4,
).map(lambda nodes: "(" + "".join(";" + "".join(f"{k}[{v}]" for k, v in n) for n in nodes) + ")")
PSQ_FILES = st.lists(HOSTILE_TEXT | st.just("8,8,0"), max_size=5).map(
    lambda lines: "\n".join(["Piskvorky 15x15, 1:1, 0", *lines])
)
MUTANTS = st.builds(
    lambda start, cut, junk: start[:cut] + junk,
    st.sampled_from(VALID_STARTS),
    st.integers(0, 400),
    JUNK | st.text(),
)


@given(fmt=st.sampled_from(records.FORMATS), text=SGF_FILES | PSQ_FILES | MUTANTS)
def test_hostile_text_gives_a_record_or_one_error_with_no_raw_control_character(
    fmt: str, text: str
) -> None:
    outcome = attempt(records.loads, text, fmt)
    if isinstance(outcome, ttt.RecordError):
        assert str(outcome).isprintable()


@given(fmt=st.sampled_from(records.FORMATS), text=SGF_FILES | PSQ_FILES | MUTANTS)
def test_every_record_read_saves_again_in_its_own_format(fmt: str, text: str) -> None:
    """Or it is refused on reading: a file we read can always be saved as it was."""
    read = attempt(records.loads, text, fmt)
    if isinstance(read, records.Record):
        assert held(records.loads(records.dumps(read, fmt), fmt), fmt) == held(read, fmt)


# Reading files: one open, regular files only, bounded reads ----------------------------------


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


def test_a_file_of_exactly_the_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "padded.json"
    text = records.dumps(GOLDEN, "json")
    path.write_text(text + " " * (records.MAX_BYTES - len(text)))
    assert records.load(path) == GOLDEN


@POSIX
def test_folders_pipes_and_devices_are_refused_without_reading(tmp_path: Path) -> None:
    (tmp_path / "folder.json").mkdir()
    os.mkfifo(tmp_path / "pipe.sgf")  # a plain open would wait for a writer for ever
    for device in ("/dev/zero", "/dev/urandom"):  # a plain read would never end
        if os.path.exists(device):
            (tmp_path / f"{Path(device).name}.psq").symlink_to(device)
    paths = sorted(tmp_path.iterdir())
    outcomes: list[str] = []

    def load_all() -> None:
        for path in paths:
            with pytest.raises(ttt.RecordError) as caught:
                records.load(path)
            outcomes.append(str(caught.value))

    worker = threading.Thread(target=load_all, daemon=True)
    worker.start()
    worker.join(timeout=10)
    assert not worker.is_alive(), "load() blocked on a pipe or a device"
    assert len(outcomes) == len(paths)
    assert all("not a regular file" in outcome for outcome in outcomes)


@POSIX
def test_a_link_to_a_record_is_followed(tmp_path: Path) -> None:
    (tmp_path / "real.json").write_text(records.dumps(GOLDEN, "json"))
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    assert records.load(tmp_path / "link.json") == GOLDEN


def test_file_names_that_are_not_printable_are_escaped(tmp_path: Path) -> None:
    with pytest.raises(ttt.RecordError) as caught:
        records.load(tmp_path / "evil\x1b[2J.json")
    assert "\x1b" not in str(caught.value)
    assert "\\x1b[2J" in str(caught.value)


# Saving ---------------------------------------------------------------------------------------


def only(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_saving_replaces_a_file_only_with_a_complete_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    records.save(GOLDEN, path)
    original = path.read_bytes()

    def broken_sync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_sync)
    shorter = records.Record(3, 3, 3, 2, ((1, 1),))
    with pytest.raises(ttt.RecordError, match=r"game\.json: cannot write: No space left"):
        records.save(shorter, path)
    assert path.read_bytes() == original
    assert only(tmp_path) == ["game.json"]
    monkeypatch.undo()
    records.save(shorter, path)
    assert records.load(path).moves == ((1, 1),)


@pytest.mark.parametrize("where", ["fsync", "replace"])
@pytest.mark.parametrize("stop", [KeyboardInterrupt, SystemExit])
def test_a_save_interrupted_anywhere_leaves_the_old_file_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, stop: type[BaseException]
) -> None:
    path = tmp_path / "game.sgf"
    records.save(GOLDEN, path)
    original = path.read_bytes()

    def interrupted(*args: object) -> None:
        raise stop()

    monkeypatch.setattr(os, where, interrupted)
    with pytest.raises(stop):
        records.save(records.Record(5, 5, 5, 2, ((1, 1),)), path)
    monkeypatch.undo()
    assert only(tmp_path) == ["game.sgf"]
    assert path.read_bytes() == original


@POSIX
def test_saving_keeps_permission_bits_and_new_files_follow_the_umask(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o640)
    records.save(GOLDEN, path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    previous = os.umask(0o027)
    try:
        records.save(GOLDEN, tmp_path / "new.psq")
    finally:
        os.umask(previous)
    assert stat.S_IMODE((tmp_path / "new.psq").stat().st_mode) == 0o640


def test_a_target_with_a_long_name_saves(tmp_path: Path) -> None:
    path = tmp_path / ("g" * 245 + ".json")
    records.save(GOLDEN, path)
    records.save(GOLDEN, path)
    assert records.load(path) == GOLDEN
    assert only(tmp_path) == [path.name]


@POSIX
def test_saving_through_a_link_replaces_the_file_it_names(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    records.save(records.Record(3, 3, 3, 2, ()), real)
    (tmp_path / "link.json").symlink_to(real)
    records.save(GOLDEN, tmp_path / "link.json")
    assert (tmp_path / "link.json").is_symlink()
    assert records.load(real) == GOLDEN


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("folder.json", "is a folder"),
        ("missing/game.json", "missing does not exist"),
        ("a_file.json/game.json", "a_file.json is not a folder"),
    ],
)
def test_saving_where_no_file_can_go_says_why(tmp_path: Path, name: str, reason: str) -> None:
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "a_file.json").write_text("{}")
    with pytest.raises(ttt.RecordError, match=reason):
        records.save(GOLDEN, tmp_path / name)
    assert only(tmp_path) == ["a_file.json", "folder.json"]


def test_a_record_a_format_refuses_leaves_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "game.psq"
    records.save(GOLDEN, path)
    before = path.read_bytes()
    with pytest.raises(ttt.RecordError, match="reads as a move"):
        records.save(dataclasses.replace(GOLDEN, names=("1,2,3",)), path)
    assert path.read_bytes() == before


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fmt=st.sampled_from(records.FORMATS))
def test_save_and_load_by_extension(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"game.{fmt}"
    records.save(GOLDEN, path)
    assert held(records.load(path), fmt) == held(GOLDEN, fmt)


# Checking a target before a game starts ------------------------------------------------------


def test_check_target_names_the_format_a_game_will_be_saved_in(tmp_path: Path) -> None:
    for fmt in records.FORMATS:
        assert records.check_target(tmp_path / f"game.{fmt.upper()}", ttt.Game(15, k=5)) == fmt
    assert records.check_target(tmp_path / "big.json", ttt.Game.unbounded(5, players=3)) == "json"
    assert only(tmp_path) == []


@pytest.mark.parametrize(
    ("name", "game", "names", "reason"),
    [
        ("game.txt", ttt.Game(), (), "unknown record format 'txt'"),
        ("folder.json", ttt.Game(), (), "is a folder"),
        ("missing/game.json", ttt.Game(), (), "does not exist"),
        ("a_file.json/game.json", ttt.Game(), (), "is not a folder"),
        ("game.psq", ttt.Game.unbounded(5), (), "two-player games on a bounded board"),
        ("game.sgf", ttt.Game(5, k=4, players=3), (), "two-player games on a bounded board"),
        ("game.sgf", ttt.Game(60, k=5), (), "at most 52 rows"),
        ("game.psq", ttt.Game(15, k=5), ("you", "1,2,3"), "reads as a move"),
        ("game.sgf", ttt.Game(15, k=5), ("line\nbreak",), "control character"),
        ("game.json", ttt.Game(), ("a", "b", "c"), "3 names for a 2-player game"),
        ("game.psq", ttt.Game(15, k=5, exact=True), (), "PSQ cannot hold the exact-five rule"),
        ("game.sgf", ttt.Game(9, k=4, exact=True), (), "SGF cannot hold the exact-four rule"),
        ("game.psq", ttt.Game(7, k=3), (), "game.psq: PSQ cannot hold k=3"),
        ("game.sgf", ttt.Game(19, k=6), (), "game.sgf: SGF cannot hold k=6"),
    ],
)
def test_check_target_refuses_before_the_game_starts(
    tmp_path: Path, name: str, game: ttt.Game, names: tuple[str, ...], reason: str
) -> None:
    (tmp_path / "folder.json").mkdir()
    (tmp_path / "a_file.json").write_text("{}")
    with pytest.raises(ttt.RecordError, match=reason):
        records.check_target(tmp_path / name, game, names=names)


def test_check_target_refuses_a_folder_it_cannot_write_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_writing(path: object, mode: int) -> bool:
        return mode != os.W_OK

    monkeypatch.setattr(os, "access", no_writing)  # as a folder without write permission
    with pytest.raises(ttt.RecordError, match="cannot write in the folder"):
        records.check_target(tmp_path / "game.json", ttt.Game())


def test_golden_json_is_indented_with_moves_on_one_line() -> None:
    text = records.dumps(GOLDEN, "json")
    assert json.loads(text)["moves"] == [list(cell) for cell in GOLDEN.moves]
    assert '  "moves": [[7, 7], [4, 0],' in text


LETTERS = str.maketrans("0123456789", "ABCDEFGHIJ")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("(;SZ[15]" + ";" * 2_000_000 + ")", "more than 10,000 nodes on the main line"),
        ("(;SZ[15]" + ";C[]" * 500_000 + ")", "more than 10,000 nodes on the main line"),
        ("(;" * 500_000 + ")" * 500_000, "nested more than 10,000 deep"),
        ("(;SZ[15]" + "(;C[])" * 300_000 + ")", "more than 100,000 nodes"),
        ("(;SZ[15]C" + "[]" * 500_000 + ")", "over 1000 values"),
        (
            f"(;SZ[15]{''.join(f'Q{i:03d}'.translate(LETTERS) + '[]' for i in range(1100))})",
            "over 1000 properties",
        ),
    ],
)
def test_sgf_files_too_big_for_any_game_are_refused_early(text: str, reason: str) -> None:
    with pytest.raises(ttt.RecordError, match=reason):
        records.loads(text, "sgf")


def test_records_of_the_wrong_kind_are_refused_clearly() -> None:
    with pytest.raises(ttt.RecordError, match="a record is text"):
        records.loads(None, "json")  # type: ignore[arg-type]
    with pytest.raises(ttt.RecordError, match="expected \\(row, col\\) pairs"):
        records.dumps(records.Record(3, 3, 3, 2, "ab"), "json")  # type: ignore[arg-type]
    with pytest.raises(ttt.RecordError, match="expected a tuple of strings"):
        records.dumps(records.Record(3, 3, 3, 2, (), ("a", None)), "json")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("rows", "3", "rows: '3', expected an int or None"),
        ("cols", 15.0, "cols: 15.0, expected an int or None"),
        ("cols", None, "rows and cols must both be ints or both None"),
        ("k", True, "k: True, expected an int"),
        ("players", "2", "players: '2', expected an int"),
        ("moves", None, "moves: None, expected \\(row, col\\) pairs"),
        ("names", "ab", "names: 'ab', expected a tuple of strings"),
        ("played", 2026, "played: 2026, expected a string or None"),
    ],
)
@pytest.mark.parametrize("fmt", records.FORMATS)
def test_each_field_of_the_wrong_type_is_a_record_error_naming_it(
    tmp_path: Path, fmt: str, field: str, value: object, reason: str
) -> None:
    record = dataclasses.replace(GOLDEN, **{field: value})
    with pytest.raises(ttt.RecordError, match=f"^{reason}"):
        records.dumps(record, fmt)
    with pytest.raises(ttt.RecordError, match=f"^{re.escape(str(tmp_path))}/game.{fmt}: {reason}"):
        records.save(record, tmp_path / f"game.{fmt}")
    assert only(tmp_path) == []


ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 20),
    st.integers(),
    st.floats(),
    st.text(max_size=3),
    st.lists(st.integers(-1, 5) | st.text(max_size=1), max_size=3),
    st.lists(st.tuples(st.integers(-1, 20), st.integers(-1, 20)), max_size=3).map(tuple),
)


@given(
    fmt=st.sampled_from(records.FORMATS),
    changes=st.dictionaries(
        st.sampled_from([field.name for field in dataclasses.fields(records.Record)]),
        ANY_VALUE,
        min_size=1,
    ),
)
def test_a_record_with_any_values_is_written_or_refused_with_a_record_error(
    fmt: str, changes: dict[str, object]
) -> None:
    outcome = attempt(records.dumps, dataclasses.replace(GOLDEN, **changes), fmt)
    if isinstance(outcome, ttt.RecordError):
        assert str(outcome).isprintable()
    else:
        assert records.loads(outcome, fmt).moves == tuple(
            map(tuple, changes.get("moves", GOLDEN.moves))
        )


# The exact rule ------------------------------------------------------------------------------

EXACT_OVERLINE = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2), (0, 3), (2, 9), (0, 5))
"""X has XXXX.X and O three; X's (0, 4) next makes six in a row, not a win under the rule."""


def test_json_keeps_the_exact_rule_and_old_files_read_as_not_exact(tmp_path: Path) -> None:
    game = ttt.Game(10, k=5, exact=True)
    for cell in (*EXACT_OVERLINE, (5, 5), (0, 4)):
        game.move(*cell)
    assert not game.is_over  # the six did not win
    record = records.Record.from_game(game, played=None)
    assert record.exact
    text = records.dumps(record, "json")
    assert '"exact": true' in text
    back = records.loads(text, "json")
    assert back == record
    assert back.to_game().exact
    assert back.new_game().exact
    assert not back.to_game().is_over
    records.save(record, tmp_path / "exact.json")
    assert records.load(tmp_path / "exact.json") == record
    plain = dataclasses.replace(record, exact=False)
    assert '"exact"' not in records.dumps(plain, "json")
    with pytest.raises(ttt.RecordError, match="moves give"):  # as a plain game, the six wins
        records.loads(text.replace('"exact": true', '"exact": false'), "json")
    assert not records.Record.from_game(ttt.Game(), played=None).exact


@pytest.mark.parametrize(
    ("place", "value", "reason"),
    [
        (("rules", "k"), "5", "field rules.k: '5', expected an int"),
        (("rules", "players"), 2.0, "field rules.players: 2.0, expected an int"),
        (("moves",), {}, "field moves: {}, expected a list"),
        (("result",), [], "field result: [], expected a dict"),
    ],
)
def test_json_fields_of_the_wrong_type_are_named_with_the_right_article(
    place: tuple[str, ...], value: object, reason: str
) -> None:
    data = json.loads(records.dumps(GOLDEN, "json"))
    inner = data
    for key in place[:-1]:
        inner = inner[key]
    inner[place[-1]] = value
    with pytest.raises(ttt.RecordError) as refused:
        records.loads(json.dumps(data), "json")
    assert str(refused.value) == f"<text>: {reason}"


def test_messages_take_an_before_a_vowel_sound() -> None:
    with pytest.raises(ttt.RecordError, match=r"^9 names for an 8-player game"):
        records.dumps(records.Record(9, 9, 5, 8, (), tuple("abcdefghi")), "json")
    with pytest.raises(ttt.RecordError, match=r"^<text>: empty file: expected an SGF game record"):
        records.loads(" ", "sgf")
    with pytest.raises(ttt.RecordError, match=r"^<text>: line 1: an 11×2000000 board is too big"):
        records.loads("Piskvorky 2000000x11, 1:1, 0\n", "psq")


def test_a_bad_exact_field_is_refused() -> None:
    text = records.dumps(GOLDEN, "json").replace('"players": 2', '"players": 2, "exact": 1', 1)
    with pytest.raises(ttt.RecordError, match=r"field rules\.exact: 1, expected true or false"):
        records.loads(text, "json")
