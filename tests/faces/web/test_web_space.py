"""Boards of three dimensions on the page's API: Qubic and 3×3×3 made, played by people and
bots, undone and reseated; the plane's own fields and actions refused in words."""

from __future__ import annotations

from typing import Any

import pytest
from support.web import bot_threads, call, new_game, ok, settled

from tictactoe import SpaceGame
from tictactoe.web import Api

QUBIC = {"shape": [4, 4, 4], "k": 4}
CUBE = {"shape": [3, 3, 3], "k": 3}


def move(api: Api, state: Any, *cell: int) -> Any:
    return ok(api, "POST", f"/api/games/{state['id']}/move", {"cell": list(cell)})


def cells(state: Any) -> list[list[int]]:
    return [played["cell"] for played in state["line"]]


def test_options_offer_qubic_and_the_cube_with_their_seats(api: Api) -> None:
    space = ok(api, "GET", "/api/options")["space"]
    assert [(board["name"], board["label"], board["shape"], board["k"]) for board in space] == [
        ("qubic", "Qubic 4×4×4", [4, 4, 4], 4),
        ("cube", "3×3×3", [3, 3, 3], 3),
    ]
    assert space[0]["seats"] == ["human", "random", "heuristic"]
    assert space[0]["bot"] == "heuristic"
    assert space[1]["seats"] == ["human", "random", "heuristic", "perfect"]
    assert space[1]["bot"] == "perfect"


def test_a_new_qubic_game_describes_its_board_and_seats(api: Api) -> None:
    state = new_game(api, **QUBIC)
    assert state["rules"] == {
        "shape": [4, 4, 4],
        "k": 4,
        "players": 2,
        "exact": False,
        "misere": False,
    }
    assert state["columns"] == ["a", "b", "c", "d"]
    assert state["offered"] == ["human", "random", "heuristic"]
    assert [seat["name"] for seat in state["seats"]] == ["human", "human"]
    assert (state["status"], state["turn"], state["ply"]) == ("in progress", "X", 0)
    assert state["message"] == "X to move"
    assert state["persons_turn"]
    assert state["last_move"] is None
    assert state["winning_line"] == []
    assert not state["can_analyse"]


def test_people_play_across_layers_and_the_line_names_each_cell(api: Api) -> None:
    state = new_game(api, **QUBIC)
    state = move(api, state, 0, 1, 2)
    state = move(api, state, 3, 0, 0)
    assert cells(state) == [[0, 1, 2], [3, 0, 0]]
    assert [(played["mark"], played["label"]) for played in state["line"]] == [
        ("X", "1c2"),
        ("O", "4a1"),
    ]
    assert state["last_move"] == [3, 0, 0]
    assert state["message"] == "X to move"


def test_a_line_through_the_layers_wins_and_is_shown(api: Api) -> None:
    state = new_game(api, **CUBE, moves=[[0, 0, 0], [0, 1, 0], [1, 1, 1], [0, 2, 0]])
    state = move(api, state, 2, 2, 2)
    assert (state["status"], state["winner"]) == ("won", "X")
    assert state["winning_line"] == [[0, 0, 0], [1, 1, 1], [2, 2, 2]]
    assert state["message"] == "X wins"
    assert not state["persons_turn"]
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"cell": [0, 0, 1]})
    assert status == 409
    assert reply["error"] == "the game is over: X wins; undo or start a new game"


def test_misere_on_the_cube_names_who_made_the_line(api: Api) -> None:
    moves = [[0, 0, 0], [0, 1, 0], [1, 1, 1], [0, 2, 0]]
    state = new_game(api, **CUBE, misere=True, moves=moves)
    state = move(api, state, 2, 2, 2)
    assert state["message"] == "X made the line and loses, O wins"


def test_a_bot_answers_the_persons_move_and_undo_takes_both_back(api: Api) -> None:
    state = new_game(api, **QUBIC, seats=["human", "heuristic"], seconds=0.2)
    state = move(api, state, 1, 1, 1)
    assert state["message"] in {"O (heuristic) is thinking…", "X (you) to move"}
    state = settled(api, state)
    assert len(state["line"]) == 2
    assert state["line"][1]["mark"] == "O"
    assert state["message"] == "X (you) to move"
    bot_cell = tuple(state["line"][1]["cell"])
    assert bot_cell != (1, 1, 1)
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert (state["ply"], state["line"]) == (0, [])


def test_the_perfect_bot_plays_the_cube_and_wins_from_the_centre(api: Api) -> None:
    state = new_game(api, **CUBE, seats=["perfect", "random"], seconds=1.0)
    for _ in range(30):
        state = settled(api, state)
        if state["status"] != "in progress":
            break
    assert (state["status"], state["winner"]) == ("won", "X")
    assert state["seats"][0] == {"mark": "X", "kind": "perfect", "name": "perfect"}
    replay = SpaceGame((3, 3, 3))
    for cell in cells(state):
        replay.move(*cell)
    assert replay.winner is not None
    assert [list(cell) for cell in replay.winning_line or ()] == state["winning_line"]


def test_best_is_the_strongest_bot_offered_on_each_board(api: Api) -> None:
    qubic = ok(api, "POST", "/api/games", QUBIC)
    cube = ok(api, "POST", "/api/games", {**CUBE, "seats": ["best", "human"]})
    assert [seat["kind"] for seat in qubic["seats"]] == ["human", "heuristic"]
    assert [seat["kind"] for seat in cube["seats"]] == ["perfect", "human"]


def test_new_seats_take_over_and_a_bot_seated_on_its_turn_moves(api: Api) -> None:
    state = new_game(api, **QUBIC)
    state = move(api, state, 0, 0, 0)
    state = ok(
        api,
        "POST",
        f"/api/games/{state['id']}/seats",
        {"seats": ["human", "random"], "seconds": 0.2},
    )
    assert [seat["kind"] for seat in state["seats"]] == ["human", "random"]
    state = settled(api, state)
    assert len(state["line"]) == 2
    status, reply = call(
        api, "POST", f"/api/games/{state['id']}/seats", {"seats": ["human", "threat"]}
    )
    assert status == 400
    assert reply["error"] == (
        "unknown player 'threat' for a 4×4×4 board: choose from human, random, heuristic"
    )


def test_a_persons_move_on_a_bots_turn_is_refused() -> None:
    api = Api(max_searches=0)  # no bot ever gets a turn to think: it waits, thinking
    try:
        state = new_game(api, **CUBE, seats=["random", "human"])
        assert (state["thinking"], state["persons_turn"]) == (True, False)
        assert state["message"] == "X (random) is thinking…"
        status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"cell": [0, 0, 0]})
        assert (status, reply["error"]) == (409, "it is X's turn, played by random")
    finally:
        api.close()
    assert not bot_threads()


@pytest.mark.parametrize(
    ("fields", "error"),
    [
        (
            {**QUBIC, "seats": ["human", "perfect"]},
            "perfect play answers in time for two players on at most 27 cells (3×3×3), not "
            "on this 4×4×4 board: choose from human, random, heuristic",
        ),
        ({"shape": [4, 4]}, "shape: expected [layers, rows, cols], such as [4, 4, 4]"),
        ({"shape": "4x4x4"}, "shape: expected [layers, rows, cols], such as [4, 4, 4]"),
        ({"shape": [4, 4, 7]}, "cols: 7 is out of range (1 to 6)"),
        ({"shape": [0, 4, 4]}, "layers: 0 is out of range (1 to 6)"),
        ({"shape": [4, 4, "4"]}, "cols: '4' is not a whole number"),
        ({**QUBIC, "k": 5}, "k: 5 is out of range (1 to 4)"),
        ({**QUBIC, "rows": 4}, "rows: not on a board of three dimensions"),
        ({**QUBIC, "gravity": True}, "gravity: not on a board of three dimensions"),
        ({**QUBIC, "opening": "swap"}, "opening: not on a board of three dimensions"),
        (
            {**QUBIC, "rule": "renju"},
            "rule: boards of three dimensions play freestyle; send exact for exactly k",
        ),
        ({**QUBIC, "moves": [[0, 0]]}, "moves[0]: expected a [layer, row, col] triple"),
        ({**QUBIC, "moves": [[0, 0, 0], [0, 0, 0]]}, "cell (0, 0, 0) is taken by X"),
        ({**QUBIC, "moves": [[0, 0, 4]]}, "cell (0, 0, 4) is off the 4×4×4 board"),
        ({**QUBIC, "seats": ["human"]}, "seats: 1 given for 2 players, one per player"),
    ],
)
def test_a_bad_new_game_of_three_dimensions_is_refused_in_words(
    api: Api, fields: Any, error: str
) -> None:
    fields.setdefault("seats", ["human", "human"])
    status, reply = call(api, "POST", "/api/games", fields)
    assert (status, reply["error"]) == (400, error)


@pytest.mark.parametrize(
    ("method", "action", "what"),
    [
        ("POST", "goto", "stepping through the moves"),
        ("POST", "continue", "stepping through the moves"),
        ("POST", "resign", "resigning"),
        ("POST", "place", "an opening"),
        ("POST", "choose", "an opening"),
        ("POST", "hint", "a hint"),
        ("GET", "analysis", "the perfect-play overlay"),
        ("GET", "record", "saving to a file (JSON, PSQ, SGF)"),
    ],
)
def test_the_planes_own_actions_are_refused_in_words(
    api: Api, method: str, action: str, what: str
) -> None:
    state = new_game(api, **QUBIC)
    status, reply = call(api, method, f"/api/games/{state['id']}/{action}", {"ply": 0})
    assert status == 400
    assert reply["error"] == (
        f"{action}: {what} is for boards of two dimensions, not this 4×4×4 board"
    )


def test_bad_moves_and_requests_on_a_game_of_three_dimensions(api: Api) -> None:
    state = new_game(api, **QUBIC)
    path = f"/api/games/{state['id']}"
    assert call(api, "POST", f"{path}/move", {"cell": [0, 0]})[1]["error"] == (
        "cell: expected a [layer, row, col] triple"
    )
    assert call(api, "POST", f"{path}/move", {"row": 0, "col": 0})[1]["error"] == (
        "cell: expected a [layer, row, col] triple"
    )
    assert call(api, "POST", f"{path}/move", {"cell": [4, 0, 0]})[1]["error"] == (
        "cell (4, 0, 0) is off the 4×4×4 board"
    )
    assert call(api, "POST", f"{path}/undo") == (
        400,
        {"error": "no move to undo: none has been played"},
    )
    assert call(api, "GET", f"{path}/undo")[0] == 405
    assert call(api, "POST", f"{path}/nothing")[0] == 404
    move(api, state, 0, 0, 0)
    assert call(api, "POST", f"{path}/move", {"cell": [0, 0, 0]})[1]["error"] == (
        "cell (0, 0, 0) is taken by X"
    )


def test_a_restored_game_replays_its_moves_and_a_closed_one_is_gone(api: Api) -> None:
    moves = [[1, 1, 1], [0, 0, 0], [2, 1, 3]]
    state = new_game(api, **QUBIC, moves=moves, seats=["human", "random"])
    assert cells(state)[:3] == moves  # the bot, O, may have answered already
    state = settled(api, state)
    assert cells(state)[:3] == moves
    assert len(state["line"]) == 4
    assert state["turn"] == "X"
    assert ok(api, "DELETE", f"/api/games/{state['id']}") == {"closed": state["id"]}
    assert call(api, "GET", f"/api/games/{state['id']}")[0] == 404


def test_a_wait_answers_once_the_bot_has_moved(api: Api) -> None:
    state = new_game(api, **CUBE, seats=["heuristic", "human"], seconds=0.2)
    later = ok(api, "GET", f"/api/games/{state['id']}", since=str(state["version"]))
    assert later["version"] > state["version"]
    assert settled(api, later)["ply"] == 1


def test_three_players_share_a_cube_and_perfect_is_not_offered(api: Api) -> None:
    state = new_game(api, **CUBE, players=3)
    assert state["offered"] == ["human", "random", "heuristic"]
    assert [seat["mark"] for seat in state["seats"]] == ["X", "O", "Y"]
    state = new_game(api, **CUBE, players=3, seats=["human", "heuristic", "random"], seconds=0.2)
    state = settled(api, move(api, state, 1, 1, 1))
    assert [played["mark"] for played in state["line"]] == ["X", "O", "Y"]
