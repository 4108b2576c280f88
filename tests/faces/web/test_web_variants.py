"""The variants on the page's API: gravity (Connect Four), the torus and misère, chosen for a
game, played, refused where they do not go, and kept in its records."""

from __future__ import annotations

from typing import Any

import pytest
from support.web import call, new_game, ok, settled

from tictactoe import records
from tictactoe.web import Api

CONNECT_FOUR = {"rows": 6, "cols": 7, "k": 4, "gravity": True}
PLAIN = {"gravity": False, "torus": False, "misere": False}


def move(api: Api, state: Any, **body: int) -> Any:
    return ok(api, "POST", f"/api/games/{state['id']}/move", body)


def cells(state: Any) -> list[list[int]]:
    return [[played["row"], played["col"]] for played in state["line"]]


def test_options_name_each_variant_with_what_it_is_and_whether_it_needs_edges(api: Api) -> None:
    variants = ok(api, "GET", "/api/options")["variants"]
    assert [(variant["name"], variant["bounded"]) for variant in variants] == [
        ("gravity", True),
        ("torus", True),
        ("misere", False),
    ]
    assert [variant["short"] for variant in variants] == [
        "gravity: marks drop",
        "torus: lines wrap",
        "misère: the line loses",
    ]
    for variant in variants:
        assert variant["description"].startswith(variant["short"].split(":")[0] + ": ")


@pytest.mark.parametrize(
    ("fields", "variants"),
    [
        (CONNECT_FOUR, {"gravity": True}),
        ({"rows": 5, "k": 4, "torus": True}, {"torus": True}),
        ({"misere": True}, {"misere": True}),
        ({"unbounded": True, "misere": True}, {"misere": True}),
        (
            {"rows": 6, "cols": 7, "k": 4, "gravity": True, "misere": True, "exact": True},
            {
                "gravity": True,
                "misere": True,
            },
        ),
        ({"rows": 4, "gravity": True, "torus": True}, {"gravity": True, "torus": True}),
    ],
)
def test_a_new_game_takes_the_variants_and_its_state_names_them(
    api: Api, fields: Any, variants: Any
) -> None:
    rules = new_game(api, **fields)["rules"]
    assert {name: rules[name] for name in PLAIN} == {**PLAIN, **variants}


def test_under_gravity_a_column_alone_drops_the_mark_to_its_lowest_free_cell(api: Api) -> None:
    state = new_game(api, **CONNECT_FOUR)
    assert state["landing"] == [[5, col] for col in range(7)]
    state = move(api, state, col=3)
    state = move(api, state, col=3)
    assert cells(state) == [[5, 3], [4, 3]]
    assert [played["label"] for played in state["line"]] == ["d6", "d5"]
    assert state["landing"] == [[5, 0], [5, 1], [5, 2], [3, 3], [5, 4], [5, 5], [5, 6]]
    assert state["message"] == "X to move"
    state = move(api, state, row=5, col=0)  # the landing cell itself, named, plays too
    assert cells(state)[-1] == [5, 0]
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert cells(state) == [[5, 3], [4, 3]]


def test_under_gravity_a_floating_cell_named_is_refused_with_where_it_lands(api: Api) -> None:
    before = new_game(api, **CONNECT_FOUR, moves=[[5, 3]])
    status, reply = call(api, "POST", f"/api/games/{before['id']}/move", {"row": 0, "col": 3})
    assert status == 400
    assert reply["error"] == (
        "cell (0, 3) has an empty cell below it: under gravity a mark in column 3 lands on (4, 3)"
    )
    assert ok(api, "GET", f"/api/games/{before['id']}") == before
    status, reply = call(api, "POST", "/api/games", {**CONNECT_FOUR, "moves": [[0, 0]]})
    assert status == 400
    assert "lands on (5, 0)" in reply["error"]


def test_a_full_column_is_refused_by_its_label_and_a_column_alone_needs_gravity(
    api: Api,
) -> None:
    state = new_game(api, **CONNECT_FOUR, moves=[[row, 0] for row in range(5, -1, -1)])
    assert [0, 0] not in state["landing"]
    assert all(col != 0 for _, col in state["landing"])
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"col": 0})
    assert (status, reply) == (400, {"error": "column a is full"})
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"col": 7})
    assert status == 400
    assert "column 7 is off the 6×7 board" in reply["error"]
    plain = new_game(api, rows=6, cols=7, k=4)
    assert plain["landing"] == []
    status, reply = call(api, "POST", f"/api/games/{plain['id']}/move", {"col": 3})
    assert (status, reply) == (400, {"error": "row: missing, expected a whole number"})


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"unbounded": True, "gravity": True}, "gravity: the unbounded grid has no bottom row"),
        ({"unbounded": True, "torus": True}, "torus: the unbounded grid has no edges"),
        ({"rows": 3, "cols": 5, "k": 4, "torus": True}, "k=4 must be at most 3 on a 3×5 torus"),
        ({"misere": True, "players": 3}, "misère is for two players, not 3"),
        ({"rows": 15, "rule": "renju", "gravity": True}, "gravity plays the freestyle and"),
        ({"rows": 15, "rule": "caro", "misere": True}, "misère plays the freestyle and standard"),
        ({"gravity": "yes"}, "gravity: 'yes', expected true or false"),
        ({"torus": 1}, "torus: '1', expected true or false"),
    ],
)
def test_a_variant_where_it_does_not_go_is_refused_with_the_reason(
    api: Api, fields: Any, message: str
) -> None:
    fields.setdefault("seats", ["human"] * fields.get("players", 2))
    status, reply = call(api, "POST", "/api/games", fields)
    assert status == 400
    assert message in reply["error"]


@pytest.mark.parametrize(
    ("variant", "message"),
    [
        ("gravity", "opening: swap2 places stones anywhere to balance gomoku; not under gravity"),
        ("torus", "opening: swap2 places stones anywhere to balance gomoku; not under the torus"),
        ("misere", "swap2 balances games won by a line, not misère"),
    ],
)
def test_an_opening_is_refused_with_a_variant(api: Api, variant: str, message: str) -> None:
    fields = {"rows": 15, "k": 5, variant: True, "opening": "swap2", "seats": ["human", "human"]}
    assert call(api, "POST", "/api/games", fields) == (400, {"error": message})


def test_under_misere_the_status_says_who_made_the_line_and_lost(api: Api) -> None:
    state = new_game(api, misere=True, moves=[[0, 0], [1, 0], [0, 1], [1, 1]])
    assert state["message"] == "X to move"
    state = move(api, state, row=0, col=2)
    assert (state["status"], state["winner"]) == ("won", "O")
    assert state["message"] == "X made the line and loses, O wins"
    assert state["winning_line"] == [[0, 0], [0, 1], [0, 2]]
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"row": 2, "col": 2})
    assert status == 409
    assert reply["error"] == (
        "the game is over: X made the line and loses, O wins; undo or start a new game"
    )


def test_on_the_torus_a_line_that_runs_over_the_edge_wins(api: Api) -> None:
    state = new_game(api, rows=4, cols=5, k=3, torus=True, moves=[[0, 4], [1, 1], [0, 0], [1, 2]])
    state = move(api, state, row=0, col=1)
    assert (state["status"], state["winner"]) == ("won", "X")
    assert state["message"] == "X wins"
    assert state["winning_line"] == [[0, 4], [0, 0], [0, 1]]


def test_a_bot_under_gravity_plays_a_landing_cell(api: Api) -> None:
    state = new_game(api, **CONNECT_FOUR, seats=["human", "random"], seconds=0.2)
    state = settled(api, move(api, state, col=3))
    assert len(state["line"]) == 2
    assert cells(state)[1] in [[5, col] for col in range(7) if col != 3] + [[4, 3]]


def test_under_gravity_the_hint_and_the_perfect_play_overlay_name_landing_cells(
    api: Api,
) -> None:
    state = new_game(api, rows=4, cols=4, k=3, gravity=True, moves=[[3, 1], [3, 2]])
    landing = state["landing"]
    assert landing == [[3, 0], [2, 1], [2, 2], [3, 3]]
    assert state["can_analyse"]
    values = ok(api, "GET", f"/api/games/{state['id']}/analysis")["cells"]
    assert [[value["row"], value["col"]] for value in values] == landing
    hint = ok(api, "POST", f"/api/games/{state['id']}/hint")
    assert [hint["row"], hint["col"]] in landing


def test_a_misere_game_is_saved_as_json_and_reopens_misere_but_psq_cannot_hold_it(
    api: Api,
) -> None:
    state = new_game(api, rows=15, k=5, misere=True, moves=[[7, 7], [7, 8]])
    text = ok(api, "GET", f"/api/games/{state['id']}/record", format="json")["text"]
    assert records.loads(text, "json").misere
    opened = ok(api, "POST", "/api/games/open", {"text": text, "name": "game.json"})
    assert (opened["rules"]["misere"], opened["line"]) == (True, state["line"])
    status, reply = call(api, "GET", f"/api/games/{state['id']}/record", format="psq")
    assert status == 400
    assert "PSQ cannot hold misère" in reply["error"]


@pytest.mark.parametrize(
    ("fields", "variant"),
    [
        ({**CONNECT_FOUR, "moves": [[5, 0], [5, 1]]}, "gravity"),
        ({"rows": 5, "k": 4, "torus": True, "moves": [[4, 0], [4, 1]]}, "torus"),
    ],
)
def test_a_saved_game_keeps_its_variant_or_is_not_saved(
    api: Api, fields: Any, variant: str
) -> None:
    """A record reopens under the variant the game was played by; a record that would lose
    it is refused, never written without it."""
    state = new_game(api, **fields)
    status, reply = call(api, "GET", f"/api/games/{state['id']}/record", format="json")
    if status == 200:
        opened = ok(api, "POST", "/api/games/open", {"text": reply["text"], "name": "game.json"})
        assert opened["rules"] == state["rules"]
        assert opened["line"] == state["line"]
    else:
        assert (status, reply) == (
            400,
            {"error": f"a JSON record would lose this game's {variant}: not saved"},
        )
