"""Gravity and the torus in the formats: the notation's ``gravity`` and ``torus`` fields and
JSON's ``"gravity": true`` and ``"torus": true`` give the game back exactly; a record whose
moves break gravity is refused at the move; PSQ and SGF, which cannot say either, refuse them."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe import notation, records

# (rows, cols, k, players, exact, misere, gravity, torus)
Shape = tuple[int, int, int, int, bool, bool, bool, bool]
SHAPES: list[Shape] = [
    (6, 7, 4, 2, False, False, True, False),
    (4, 5, 3, 2, True, True, True, False),
    (5, 4, 3, 3, False, False, True, False),
    (4, 4, 3, 2, False, False, False, True),
    (3, 3, 3, 2, False, True, False, True),
    (5, 5, 4, 2, False, False, True, True),
]
"""Shapes whose positions the notation reads back: it has no move order, so it asks
``Game.from_rows`` to find one, whose search gives up on some bigger positions (9×9 and
14×14 under gravity, 5×6 on the torus), where JSON, which keeps the order, does not."""
BIG: list[Shape] = [
    (14, 14, 5, 2, False, False, True, False),
    (5, 6, 4, 2, True, False, False, True),
]


def random_game(shape: Shape, seed: int) -> ttt.Game:
    """A game of ``shape`` after random legal moves, maybe to its end."""
    rows, cols, k, players, exact, misere, gravity, torus = shape
    game = ttt.Game(
        rows, cols, k, players=players, exact=exact, misere=misere, gravity=gravity, torus=torus
    )
    rng = random.Random(seed)
    for _ in range(rng.randrange(rows * cols + 1)):
        if game.is_over:
            break
        game.move(*rng.choice(sorted(game.legal_moves)))
    return game


def marks(game: ttt.Game) -> dict[ttt.Cell, ttt.Mark]:
    return {move.cell: move.mark for move in game.moves}


@settings(max_examples=80, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32), sparse=st.booleans())
def test_the_notation_gives_a_variant_position_back(shape: Shape, seed: int, sparse: bool) -> None:
    game = random_game(shape, seed)
    text = notation.format(game, sparse=sparse)
    words = [
        w for w, on in zip(("gravity", "torus"), (game.gravity, game.torus), strict=True) if on
    ]
    assert text.endswith(" " + " ".join(words))
    back = notation.parse(text)
    assert (back.gravity, back.torus, back.misere, back.exact) == (
        game.gravity,
        game.torus,
        game.misere,
        game.exact,
    )
    assert marks(back) == marks(game)
    assert (back.status, back.winner) == (game.status, game.winner)
    # the order found may end on another cell of the line, so the line may start elsewhere
    assert set(back.winning_line or ()) == set(game.winning_line or ())
    assert set(back.legal_moves) == set(game.legal_moves)
    assert notation.format(back, sparse=sparse) == text


def test_the_variant_fields_come_last_in_their_order() -> None:
    game = notation.parse("......./......./......./......./......./...X... O 6x7 k4 gravity")
    assert game.gravity
    assert not game.torus
    assert sorted(game.legal_moves)[:2] == [(4, 3), (5, 0)]
    text = "XX.X/OOO./..../.... X 4x4 k4 x misere gravity torus"
    assert notation.format(notation.parse("- X 4x4 k4 x misere gravity torus")) == (
        "..../..../..../.... X 4x4 k4 x misere gravity torus"
    )
    with pytest.raises(ttt.InvalidPosition, match="no game under gravity reaches it"):
        notation.parse(text)
    for wrong in ("- X 4x4 k3 torus gravity", "- X 4x4 k3 gravity misere", "- X 4x4 k3 torus x"):
        with pytest.raises(ttt.InvalidPosition, match=r"is out of place: expected .*\[torus\]"):
            notation.parse(wrong)


def test_the_torus_wraps_a_line_over_the_edge_in_a_parsed_position() -> None:
    game = notation.parse("X..XX/OO.../...../..... O 4x5 k3 torus")
    assert game.winner is ttt.Mark.X
    assert set(game.winning_line or ()) == {(0, 3), (0, 4), (0, 0)}
    assert notation.parse("X..XX/OO.../...../..... O 4x5 k3").winner is None  # a plain board


def test_a_position_that_breaks_gravity_is_refused_naming_the_mark() -> None:
    with pytest.raises(ttt.InvalidPosition, match=r"the mark at \(4, 3\) has an empty cell below"):
        notation.parse("X4,3;O5,0 X 6x7 k4 gravity")
    with pytest.raises(ttt.InvalidPosition, match="wrong number of marks"):
        notation.parse("X5,3;X5,4 O 6x7 k4 gravity")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("- X inf k5 gravity", "gravity is for a bounded board, not the unbounded grid"),
        ("- X inf k5 torus", "torus is for a bounded board, not the unbounded grid"),
        ("- X 3x4 k4 torus", "k=4 must be at most 3 on a 3×4 torus"),
        ("- X 15x15 k5 renju gravity", "gravity plays the freestyle and standard rules"),
    ],
)
def test_rules_no_game_has_are_refused(text: str, words: str) -> None:
    with pytest.raises(ttt.InvalidGame, match=words):
        notation.parse(text)


@settings(max_examples=40, deadline=None)
@given(shape=st.sampled_from(SHAPES + BIG), seed=st.integers(0, 2**32))
def test_json_gives_a_variant_game_back(shape: Shape, seed: int) -> None:
    game = random_game(shape, seed)
    record = records.Record.from_game(game, played="2026-01-02")
    assert (record.gravity, record.torus) == (game.gravity, game.torus)
    text = records.dumps(record, "json")
    assert ('"gravity": true' in text) is game.gravity
    assert ('"torus": true' in text) is game.torus
    back = records.loads(text, "json")
    assert back == record
    assert back.to_game().outcome() == game.outcome()
    assert (back.new_game().gravity, back.new_game().torus) == (game.gravity, game.torus)


def connect_four_record() -> records.Record:
    """X wins Connect Four along the bottom row; O stacks on it."""
    game = ttt.Game(6, 7, k=4, gravity=True)
    for col in (0, 0, 1, 1, 2, 2, 3):
        game.drop(col)
    assert game.winner is ttt.Mark.X
    return records.Record.from_game(game, names=("a", "b"), played="2026-01-02")


def test_json_writes_a_variant_only_when_set_and_old_files_load_as_plain(tmp_path: Path) -> None:
    record = connect_four_record()
    records.save(record, tmp_path / "four.json")
    text = (tmp_path / "four.json").read_text()
    assert '"gravity": true' in text
    assert '"torus"' not in text
    assert records.load(tmp_path / "four.json") == record
    plain = records.dumps(dataclasses.replace(record, gravity=False), "json")
    assert '"gravity"' not in plain
    # the same moves without the field are the plain game, where they float and still win
    old = text.replace(',\n    "gravity": true', "")
    assert records.loads(old, "json") == dataclasses.replace(record, gravity=False)


def test_a_floating_move_in_a_file_is_refused_with_its_number_and_why() -> None:
    text = records.dumps(connect_four_record(), "json")
    floating = text.replace("[[5, 0], [4, 0], [5, 1]", "[[5, 0], [3, 0], [5, 1]")
    assert floating != text
    with pytest.raises(
        ttt.RecordError,
        match=r"^<text>: field moves\[1\]: move 2: cell \(3, 0\) has an empty cell below it: "
        r"under gravity a mark in column 0 lands on \(4, 0\)$",
    ):
        records.loads(floating, "json")


@pytest.mark.parametrize("name", ["gravity", "torus"])
@pytest.mark.parametrize("value", [1, "true", None])
def test_a_bad_variant_field_is_refused(name: str, value: object) -> None:
    record = records.Record(4, 4, 3, 2, ((3, 1),), **{name: True})
    shown = "null" if value is None else f'"{value}"' if isinstance(value, str) else str(value)
    text = records.dumps(record, "json").replace(f'"{name}": true', f'"{name}": {shown}')
    with pytest.raises(ttt.RecordError, match=rf"field rules\.{name}: .*, expected true or false"):
        records.loads(text, "json")
    bad = dataclasses.replace(record, **{name: value})
    with pytest.raises(ttt.RecordError, match=rf"^{name}: .*, expected True or False$"):
        records.dumps(bad, "json")


@pytest.mark.parametrize("name", ["gravity", "torus"])
def test_a_variant_on_the_unbounded_grid_or_under_renju_is_refused(name: str) -> None:
    unbounded = records.Record(None, None, 5, 2, (), **{name: True})
    with pytest.raises(ttt.InvalidGame, match=f"{name} is for a bounded board"):
        unbounded.new_game()
    with pytest.raises(ttt.RecordError, match=f"rules: {name} is for a bounded board"):
        records.dumps(unbounded, "json")
    text = records.dumps(records.Record(None, None, 5, 2, ()), "json")
    with pytest.raises(ttt.RecordError, match=f"^game.json: rules: {name} is for a bounded"):
        records.loads(
            text.replace('"players": 2', f'"players": 2, "{name}": true'),
            "json",
            source="game.json",
        )
    renju = records.Record(15, 15, 5, 2, (), rule="renju", **{name: True})
    with pytest.raises(ttt.RecordError, match="plays the freestyle and standard rules, not renju"):
        records.dumps(renju, "json")


@pytest.mark.parametrize("fmt", ["psq", "sgf"])
@pytest.mark.parametrize(
    ("name", "words"),
    [("gravity", "gravity (marks drop"), ("torus", "the torus (lines run over the edges)")],
)
def test_psq_and_sgf_refuse_gravity_and_the_torus(
    fmt: str, name: str, words: str, tmp_path: Path
) -> None:
    game = ttt.Game(15, k=5, **{name: True})
    game.move(14, 7)
    record = records.Record.from_game(game)
    message = re.escape(f"{fmt.upper()} cannot hold {words}")
    with pytest.raises(ttt.RecordError, match=f"{message}.*: save the game as JSON"):
        records.dumps(record, fmt)
    with pytest.raises(ttt.RecordError, match=rf"game\.{fmt}: {message}"):
        records.check_target(tmp_path / f"game.{fmt}", game)
    assert not (tmp_path / f"game.{fmt}").exists()
    records.dumps(dataclasses.replace(record, **{name: False}), fmt)  # the plain game is fine
