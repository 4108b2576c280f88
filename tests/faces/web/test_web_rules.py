"""The rules on the page's API: chosen for a game, kept in its records; renju's forbidden cells."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support.web import call, new_game, ok

import tictactoe as ttt
from tictactoe import records
from tictactoe.game import RULES
from tictactoe.web import Api
from tictactoe.web._variants import forbidden_cells

WHITE = [[0, 0], [0, 14], [14, 0], [14, 14], [0, 7], [14, 7], [0, 3], [0, 11], [14, 3], [14, 11]]
"""White's moves, far from Black's shapes: they make nothing and block nothing."""
DOUBLE_THREE = ([[2, 4], [3, 4], [4, 2], [4, 3]], (4, 4))
DOUBLE_FOUR = ([[7, 3], [7, 4], [7, 5], [4, 6], [5, 6], [6, 6]], (7, 6))
OVERLINE = ([[7, 1], [7, 2], [7, 3], [7, 5], [7, 6]], (7, 4))


def moves(black: list[list[int]]) -> list[list[int]]:
    """Black's moves with White's between them, Black to move after the last."""
    return [cell for pair in zip(black, WHITE[: len(black)], strict=True) for cell in pair]


def renju(api: Api, black: list[list[int]], **fields: Any) -> Any:
    return new_game(api, rows=15, rule="renju", moves=moves(black), **fields)


def test_options_name_every_rule_and_which_are_for_five_in_a_row(api: Api) -> None:
    rules = ok(api, "GET", "/api/options")["rules"]
    assert [rule["name"] for rule in rules] == list(RULES)
    assert {rule["name"]: rule["five"] for rule in rules} == {
        "freestyle": False,
        "standard": False,
        "renju": True,
        "caro": True,
        "caro-overline": True,
    }
    assert all(rule["description"].startswith(rule["name"] + ": ") for rule in rules)


@pytest.mark.parametrize(
    ("fields", "rule", "exact"),
    [
        ({"rows": 15, "rule": "renju"}, "renju", False),
        ({"rows": 15, "k": 5, "rule": "caro"}, "caro", False),
        ({"rows": 9, "rule": "standard"}, "standard", True),
        ({"rows": 15, "k": 5, "exact": True}, "standard", True),
        ({"rows": 15, "k": 5, "exact": True, "rule": "standard"}, "standard", True),
        ({"unbounded": True, "rule": "renju"}, "renju", False),
        ({"rows": 6, "cols": 7, "k": 4}, "freestyle", False),
    ],
)
def test_a_new_game_takes_a_rule_and_old_requests_with_exact_still_work(
    api: Api, fields: Any, rule: str, exact: bool
) -> None:
    rules = new_game(api, **fields)["rules"]
    assert (rules["rule"], rules["exact"]) == (rule, exact)
    if rule in ("renju", "caro"):
        assert rules["k"] == 5  # the default k of renju and caro on any board


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rule": "gomoku"}, "rule: 'gomoku', choose from freestyle, standard, renju, caro"),
        ({"rule": 4}, "rule: '4', choose from freestyle, standard, renju, caro"),
        ({"rule": "renju"}, "renju is for two players making five in a row (k=5)"),
        ({"rows": 15, "k": 6, "rule": "caro"}, "caro is for two players making five in a row"),
        ({"rows": 15, "rule": "renju", "players": 3}, "renju is for two players making five"),
        ({"rows": 15, "rule": "renju", "exact": True}, "exact=True is the standard rule"),
    ],
)
def test_a_bad_rule_is_refused_with_the_reason(api: Api, fields: Any, message: str) -> None:
    fields.setdefault("seats", ["human"] * fields.get("players", 2))
    status, reply = call(api, "POST", "/api/games", fields)
    assert status == 400
    assert message in reply["error"]


@pytest.mark.parametrize(
    ("shape", "reason"),
    [(DOUBLE_THREE, "double three"), (DOUBLE_FOUR, "double four"), (OVERLINE, "overline")],
)
def test_blacks_forbidden_cells_come_with_the_state_and_their_reasons(
    api: Api, shape: tuple[list[list[int]], tuple[int, int]], reason: str
) -> None:
    black, (row, col) = shape
    state = renju(api, black)
    assert state["turn"] == "X"
    assert {"row": row, "col": col, "reason": reason} in state["forbidden"]


def test_a_forbidden_move_is_refused_with_its_reason_and_changes_nothing(api: Api) -> None:
    black, (row, col) = DOUBLE_THREE
    before = renju(api, black)
    status, reply = call(api, "POST", f"/api/games/{before['id']}/move", {"row": row, "col": col})
    assert (status, reply) == (
        400,
        {"error": "e5 is forbidden for Black (X): double three", "reason": "double three"},
    )
    after = ok(api, "GET", f"/api/games/{before['id']}")
    assert after == before


def test_no_cell_is_forbidden_to_white_or_under_other_rules_or_once_the_game_is_over(
    api: Api,
) -> None:
    black = DOUBLE_THREE[0]
    state = renju(api, black)
    white = ok(api, "POST", f"/api/games/{state['id']}/move", {"row": 10, "col": 10})
    assert white["turn"] == "O"
    assert white["forbidden"] == []
    assert new_game(api, rows=15, rule="caro", moves=moves(black))["forbidden"] == []
    assert new_game(api, rows=15, k=5, moves=moves(black))["forbidden"] == []
    fives = [[7, 0], [7, 1], [7, 2], [7, 3], [7, 4]]
    won = renju(api, [*black, *fives[:4]])
    won = ok(api, "POST", f"/api/games/{won['id']}/move", {"row": 7, "col": 4})
    assert (won["status"], won["forbidden"]) == ("won", [])


def test_a_forbidden_move_among_a_new_games_moves_is_refused_with_its_reason(api: Api) -> None:
    black, (row, col) = OVERLINE
    status, reply = call(
        api,
        "POST",
        "/api/games",
        {"rows": 15, "rule": "renju", "moves": [*moves(black), [row, col]]},
    )
    assert status == 400
    assert reply["reason"] == "overline"
    assert "may not play (7, 4) under renju: overline" in reply["error"]


@pytest.mark.parametrize("rule", ["renju", "caro"])
def test_a_saved_renju_or_caro_game_reopens_under_its_rule(api: Api, rule: str) -> None:
    state = new_game(api, rows=15, rule=rule, moves=moves(DOUBLE_THREE[0]))
    text = ok(api, "GET", f"/api/games/{state['id']}/record", format="json")["text"]
    assert records.loads(text, "json").rule == rule
    opened = ok(api, "POST", "/api/games/open", {"text": text, "name": "game.json"})
    assert opened["rules"]["rule"] == rule
    assert opened["line"] == state["line"]


def test_a_hint_under_renju_comes_from_a_bot_not_the_solver(api: Api) -> None:
    state = new_game(api, rows=15, rule="renju", moves=[[7, 7], [6, 6]], seconds=0.2)
    hint = ok(api, "POST", f"/api/games/{state['id']}/hint")
    game = ttt.Game(15, k=5, rule="renju")
    game.move(7, 7)
    game.move(6, 6)
    assert (hint["row"], hint["col"]) in game.legal_moves


def test_the_cells_near_blacks_stones_are_every_forbidden_cell_of_the_board() -> None:
    """The page asks only the cells near Black's stones: a scan of the whole board agrees.

    Black plays next to its own stones, making shapes; White plays anywhere, blocking little.
    """
    rng = random.Random(61)
    found = 0
    for _ in range(3):
        game = ttt.Game(11, k=5, rule="renju")
        while not game.is_over and len(game.moves) < 40:
            legal = list(game.legal_moves)
            if game.turn is ttt.Mark.X:
                whole = [
                    ((row, col), reason)
                    for row in range(11)
                    for col in range(11)
                    if (reason := game.forbidden(row, col)) is not None
                ]
                assert [(cell.cell, cell.reason) for cell in forbidden_cells(game)] == whole
                found += len(whole)
                row, col = rng.choice([move.cell for move in game.moves[::2]] or [(5, 5)])
                legal = [cell for cell in legal if max(abs(cell[0] - row), abs(cell[1] - col)) == 1]
            game.move(*rng.choice(legal or list(game.legal_moves)))
    assert found > 30  # the games made forbidden cells to check
