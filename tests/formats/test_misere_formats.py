"""Misère in the formats: the notation's ``misere`` field and JSON's ``"misere": true`` give the
game back exactly; PSQ and SGF, which cannot say it, refuse it."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import random_cell

import tictactoe as ttt
from tictactoe import notation, records

SHAPES = [(3, 3, 3, False), (4, 5, 3, True), (15, 15, 5, False), (None, None, 4, False)]


def random_game(shape: tuple[int | None, int | None, int, bool], seed: int) -> ttt.Game:
    """A misère game of ``shape`` (rows, cols, k, exact) after random moves, maybe to its end."""
    rows, cols, k, exact = shape
    rng = random.Random(seed)
    if rows is None or cols is None:
        game = ttt.Game.unbounded(k, exact=exact, misere=True)
    else:
        game = ttt.Game(rows, cols, k, exact=exact, misere=True)
    for _ in range(rng.randrange(40)):
        if game.is_over:
            break
        game.move(*random_cell(game, rng, spread=3))  # 49 cells: room for all 40 moves
    return game


@settings(max_examples=60)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32), sparse=st.booleans())
def test_the_notation_gives_a_misere_position_back(
    shape: tuple[int | None, int | None, int, bool], seed: int, sparse: bool
) -> None:
    game = random_game(shape, seed)
    text = notation.format(game, sparse=sparse)
    assert text.endswith(" x misere" if game.exact else " misere")
    back = notation.parse(text)
    assert back.misere
    assert back.exact is game.exact
    assert {m.cell: m.mark for m in back.moves} == {m.cell: m.mark for m in game.moves}
    assert back.outcome() == game.outcome()
    assert notation.format(back, sparse=sparse) == text


def test_the_misere_field_comes_last_and_decides_who_won() -> None:
    text = "XXX/OO./... O 3x3 k3 misere"
    game = notation.parse(text)
    assert (game.winner, game.winning_line) == (ttt.Mark.O, ((0, 0), (0, 1), (0, 2)))
    assert notation.parse(text.removesuffix(" misere")).winner is ttt.Mark.X
    assert notation.parse("- X inf k5 x misere").exact
    with pytest.raises(ttt.InvalidPosition, match="'misere' is out of place"):
        notation.parse("X../.../... O 3x3 k3 misere x")  # the rule's field comes first
    with pytest.raises(ttt.InvalidGame, match="misère is for two players"):
        notation.parse("- X 5x5 k4 p3 misere")
    with pytest.raises(ttt.InvalidGame, match="not renju"):
        notation.parse("- X 15x15 k5 renju misere")


@settings(max_examples=30)
@given(shape=st.sampled_from(SHAPES), seed=st.integers(0, 2**32))
def test_json_gives_a_misere_game_back(
    shape: tuple[int | None, int | None, int, bool], seed: int
) -> None:
    game = random_game(shape, seed)
    record = records.Record.from_game(game, played="2026-01-02")
    assert record.misere
    text = records.dumps(record, "json")
    assert '"misere": true' in text
    back = records.loads(text, "json")
    assert back == record
    assert back.to_game().outcome() == game.outcome()
    assert back.new_game().misere


def test_json_writes_misere_only_when_set_and_old_files_load_as_plain(tmp_path: Path) -> None:
    game = ttt.Game.from_rows(["XX.", "OO.", "X.."], misere=True)
    game.move(1, 2)  # O makes three in a row and loses
    record = records.Record.from_game(game, played=None)
    records.save(record, tmp_path / "misere.json")
    text = (tmp_path / "misere.json").read_text()
    assert '"winner": "X"' in text
    assert records.load(tmp_path / "misere.json") == record
    plain = dataclasses.replace(record, misere=False)
    assert '"misere"' not in records.dumps(plain, "json")
    assert not records.Record.from_game(ttt.Game(), played=None).misere
    # a file of before misère, with no such field, is the plain game: there O won
    old = text.replace(',\n    "misere": true', "")
    assert '"misere"' not in old
    with pytest.raises(ttt.RecordError, match="moves give"):
        records.loads(old, "json")
    assert records.loads(old.replace('"winner": "X"', '"winner": "O"'), "json").misere is False


@pytest.mark.parametrize("value", [1, "true", None])
def test_a_bad_misere_field_is_refused(value: object) -> None:
    record = records.Record(3, 3, 3, 2, ((1, 1),), misere=True)
    text = records.dumps(record, "json").replace('"misere": true', f'"misere": {value!r}')
    with pytest.raises(ttt.RecordError, match=r"field rules\.misere: .*, expected true or false"):
        records.loads(text.replace("'", '"').replace("None", "null"), "json")
    with pytest.raises(ttt.RecordError, match=r"misere: .*, expected True or False"):
        records.dumps(dataclasses.replace(record, misere=value), "json")  # type: ignore[arg-type]


@pytest.mark.parametrize("fmt", ["psq", "sgf"])
def test_psq_and_sgf_refuse_misere(fmt: str, tmp_path: Path) -> None:
    game = ttt.Game(15, k=5, misere=True)
    game.move(7, 7)
    record = records.Record.from_game(game)
    with pytest.raises(ttt.RecordError, match=f"{fmt.upper()} cannot hold misère"):
        records.dumps(record, fmt)
    with pytest.raises(ttt.RecordError, match=f"{fmt.upper()} cannot hold misère"):
        records.check_target(tmp_path / f"game.{fmt}", game)
    records.dumps(dataclasses.replace(record, misere=False), fmt)  # the same game, plain, is fine
