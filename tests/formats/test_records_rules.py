"""Records of renju and caro games: JSON and SGF carry the rule, PSQ refuses it, and a move
the rule forbids is refused on loading with its number and its reason."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe import records


def random_game(rule: str, seed: int) -> ttt.Game:
    """Up to 40 random legal moves near the centre of 15×15 under ``rule``."""
    rng = random.Random(seed)
    game = ttt.Game(15, k=5, rule=rule)
    while len(game.moves) < 40 and not game.is_over:
        near = [cell for cell in game.legal_moves if max(abs(cell[0] - 7), abs(cell[1] - 7)) <= 4]
        game.move(*rng.choice(near))
    return game


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["renju", "caro"]), st.sampled_from(["json", "sgf"]), st.integers(0, 2**32))
def test_json_and_sgf_give_the_game_back_under_its_rule(rule: str, fmt: str, seed: int) -> None:
    game = random_game(rule, seed)
    record = records.Record.from_game(game, names=("Black", "White"), played="2026-12-07")
    loaded = records.loads(records.dumps(record, fmt), fmt)
    assert loaded.rule == rule
    assert loaded.moves == record.moves
    replayed = loaded.to_game()
    assert replayed.rule == rule
    assert replayed.status is game.status


def test_sgf_names_the_rule_in_ru() -> None:
    game = ttt.Game(15, k=5, rule="renju")
    game.move(7, 7)
    text = records.dumps(records.Record.from_game(game), "sgf")
    assert "RU[renju]" in text
    assert "RU[" not in records.dumps(records.Record.from_game(ttt.Game(15, k=5)), "sgf")


def test_psq_refuses_the_rule_and_sgf_an_unknown_one() -> None:
    game = ttt.Game(15, k=5, rule="caro")
    with pytest.raises(ttt.RecordError, match="PSQ cannot hold the caro rule"):
        records.dumps(records.Record.from_game(game), "psq")
    expected = r"RU: 'japanese', expected renju, caro or caro-overline"
    with pytest.raises(ttt.RecordError, match=expected):
        records.loads("(;FF[4]GM[4]SZ[15]RU[Japanese];B[hh])", "sgf")


DOUBLE_THREE = [(7, 5), (0, 0), (7, 6), (0, 2), (5, 7), (0, 4), (6, 7), (0, 6), (7, 7)]
"""Black's ninth move, (7, 7), makes two open threes."""


@pytest.mark.parametrize("fmt", ["json", "sgf"])
def test_a_forbidden_move_is_refused_with_its_number_and_reason(fmt: str) -> None:
    game = ttt.Game(15, k=5, rule="renju")
    for cell in DOUBLE_THREE[:-1]:
        game.move(*cell)
    assert game.forbidden(7, 7) == "double three"
    record = records.Record.from_game(game)
    text = records.dumps(record, fmt)
    if fmt == "json":
        data = json.loads(text)
        data["moves"].append([7, 7])
        text = json.dumps(data)
    else:
        text = text.replace(")\n", ";B[hh])\n")
    with pytest.raises(ttt.RecordError, match=r"move 9: .*double three"):
        records.loads(text, fmt)
    freestyle = records.dumps(records.Record.from_game(ttt.Game(15, k=5)), fmt)
    assert records.loads(freestyle, fmt).rule is None
