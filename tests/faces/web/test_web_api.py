"""The web page's JSON API, in-process: every endpoint and every error."""

from __future__ import annotations

from typing import Any

import pytest
from support import DATA
from support.brains import fake_spec
from support.web import bot_threads, call, new_game, ok, settled

import tictactoe as ttt
from tictactoe import records, specs
from tictactoe.web import Api, Seats
from tictactoe.web._api import MAX_COORDINATE
from tictactoe.web._session import Session


def engines(mode: str) -> Seats:
    return Seats({"fake": fake_spec(mode)})


def play(api: Api, state: Any, *cells: tuple[int, int]) -> Any:
    for row, col in cells:
        state = ok(api, "POST", f"/api/games/{state['id']}/move", {"row": row, "col": col})
    return state


def test_options_offer_a_person_every_bot_of_the_command_and_the_limits(api: Api) -> None:
    options = ok(api, "GET", "/api/options")
    names = [seat["name"] for seat in options["seats"]]
    assert names == ["human", "best", *specs.BOTS]
    assert all(seat["description"] for seat in options["seats"])
    assert options["strongest"] == "best"
    assert options["max_players"] == 8
    assert options["formats"] == ["json", "psq", "sgf"]
    assert options["seconds"] == {"default": 2.0, "max": 60.0}
    assert options["analysis_free_cells"] == 16


def test_a_new_game_defaults_to_3x3_a_person_against_the_strongest_bot(api: Api) -> None:
    state = ok(api, "POST", "/api/games", {})
    assert state["rules"] == {
        "rows": 3,
        "cols": 3,
        "k": 3,
        "players": 2,
        "exact": False,
        "rule": "freestyle",
        "gravity": False,
        "torus": False,
        "misere": False,
    }
    assert [seat["kind"] for seat in state["seats"]] == ["human", "perfect"]
    assert state["seats"][0]["name"] == "you"
    assert state["columns"] == ["a", "b", "c"]
    assert (state["status"], state["turn"], state["ply"], state["line"]) == (
        "in progress",
        "X",
        0,
        [],
    )
    assert state["persons_turn"]
    assert not state["thinking"]
    assert state["message"] == "X (you) to move"
    assert len(state["id"]) == 16


@pytest.mark.parametrize(
    ("fields", "rules"),
    [
        (
            {"rows": 6, "cols": 7, "k": 4},
            {"rows": 6, "cols": 7, "k": 4, "players": 2, "exact": False, "rule": "freestyle"},
        ),
        (
            {"rows": 15, "k": 5, "exact": True},
            {"rows": 15, "cols": 15, "k": 5, "players": 2, "exact": True, "rule": "standard"},
        ),
        (
            {"unbounded": True},
            {"rows": None, "cols": None, "k": 5, "players": 2, "exact": False, "rule": "freestyle"},
        ),
        (
            {"unbounded": True, "k": 4, "players": 3},
            {"rows": None, "cols": None, "k": 4, "players": 3, "exact": False, "rule": "freestyle"},
        ),
    ],
)
def test_a_new_game_takes_any_board_k_rule_and_players(api: Api, fields: Any, rules: Any) -> None:
    state = new_game(api, **fields)
    assert state["rules"] == {**rules, "gravity": False, "torus": False, "misere": False}
    assert (state["columns"] is None) == (rules["rows"] is None)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rows": 0}, "rows: 0 is out of range"),
        ({"rows": 101}, "rows: 101 is out of range (1 to 100)"),
        ({"rows": -3}, "rows: -3"),
        ({"rows": "3"}, "rows: '3' is not a whole number"),
        ({"rows": 3.0}, "is not a whole number"),
        ({"rows": True}, "rows: 'True' is not a whole number"),
        ({"rows": 3, "k": 4}, "k: 4 is out of range"),
        ({"unbounded": True, "rows": 3}, "rows: an unbounded grid has no size"),
        ({"unbounded": "yes"}, "unbounded: 'yes', expected true or false"),
        ({"exact": 1}, "exact: '1', expected true or false"),
        ({"players": 9}, "players: 9 is out of range (2 to 8)"),
        ({"players": 1}, "players: 1 is out of range"),
        ({"seats": ["human"]}, "seats: 1 given for 2 players"),
        ({"seats": "human,human"}, "seats: expected a list"),
        ({"seats": ["human", "deep blue"]}, "unknown player 'deep blue': choose from human"),
        ({"rows": 15, "seats": ["human", "perfect"]}, "perfect play needs two players"),
        ({"seats": ["human", "human"], "seconds": 0}, "seconds: 0 must be a number above 0"),
        ({"seats": ["human", "human"], "seconds": 61}, "at most 60"),
        ({"seats": ["human", "human"], "seconds": "2"}, "seconds: '2'"),
        ({"moves": [[1, 1], [1, 1]]}, "cell (1, 1) is taken by X"),
        ({"moves": [[3, 0]]}, "cell (3, 0) is off the 3×3 board"),
        ({"moves": [[1]]}, "moves[0]: expected a [row, col] pair"),
        ({"moves": "b2"}, "moves: expected a list"),
        ({"moves": [[0, 0], [1, 0], [0, 1], [1, 1], [0, 2], [2, 2]]}, "the game is over, X won"),
    ],
)
def test_a_bad_new_game_is_refused_with_the_reason(api: Api, fields: Any, message: str) -> None:
    status, reply = call(api, "POST", "/api/games", fields)
    assert status == 400
    assert message in reply["error"]


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{", "the body is not JSON"),
        (b"[1, 2]", "the body must be a JSON object"),
        (b"\xff\xfe", "the body is not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "the body is not JSON"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_refused(api: Api, body: bytes, message: str) -> None:
    reply = api.handle("POST", "/api/games", {}, body)
    assert reply.status == 400
    assert message in reply.body["error"]


def test_unknown_paths_games_actions_and_methods_are_refused(api: Api) -> None:
    game = new_game(api)["id"]
    assert call(api, "GET", "/api/nothing") == (404, {"error": "no such endpoint: '/api/nothing'"})
    status, reply = call(api, "GET", "/api/games/0123456789abcdef")
    assert status == 404
    assert "no game 0123456789abcdef" in reply["error"]
    assert call(api, "POST", f"/api/games/{game}/fly")[0] == 404
    assert call(api, "POST", f"/api/games/{game}/../../etc")[0] == 404
    assert call(api, "GET", "/api/games") == (405, {"error": "GET is not allowed here: use POST"})
    assert call(api, "POST", "/api/options")[0] == 405
    assert call(api, "GET", f"/api/games/{game}/move")[0] == 405
    assert call(api, "POST", f"/api/games/{game}")[0] == 405
    assert call(api, "POST", f"/api/games/{game}/record")[0] == 405


def test_moves_are_played_labelled_and_refused_with_the_games_own_words(api: Api) -> None:
    state = play(api, new_game(api, rows=15, k=5), (7, 7), (7, 8))
    assert [move["label"] for move in state["line"]] == ["h8", "i8"]
    assert [move["mark"] for move in state["line"]] == ["X", "O"]
    assert state["last_move"] == [7, 8]
    path = f"/api/games/{state['id']}/move"
    for body, status, message in [
        ({"row": 7, "col": 7}, 400, "cell (7, 7) is taken by X"),
        ({"row": 15, "col": 0}, 400, "cell (15, 0) is off the 15×15 board"),
        ({"row": "7", "col": 0}, 400, "row: '7' is not a whole number"),
        ({"row": 1}, 400, "col: missing"),
        ({"row": 10**10, "col": 0}, 400, "out of range"),
        ({"row": False, "col": 0}, 400, "not a whole number"),
    ]:
        assert call(api, "POST", path, body) == (status, {"error": pytest.approx(message)}) or (
            message in call(api, "POST", path, body)[1]["error"]
        )
    assert ok(api, "GET", f"/api/games/{state['id']}")["line"] == state["line"]


def test_a_won_game_shows_the_line_and_refuses_more_moves(api: Api) -> None:
    state = play(api, new_game(api), (0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
    assert (state["status"], state["winner"]) == ("won", "X")
    assert state["winning_line"] == [[0, 0], [0, 1], [0, 2]]
    assert state["message"] == "X wins"
    assert not state["persons_turn"]
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"row": 2, "col": 2})
    assert status == 409
    assert reply["error"] == "the game is over: X wins; undo or start a new game"


def test_the_perfect_bot_replies_in_a_worker_and_says_what_best_play_gives(api: Api) -> None:
    state = new_game(api, seats=["human", "perfect"], seconds=1)
    state = settled(api, play(api, state, (1, 1)))
    assert state["ply"] == 2
    assert state["line"][1]["mark"] == "O"
    assert (state["line"][1]["row"], state["line"][1]["col"]) in {(0, 0), (0, 2), (2, 0), (2, 2)}
    assert state["evaluation"] == "O draws with best play"
    assert state["message"] == "X (you) to move"


def test_bots_alone_play_a_game_to_its_end(api: Api) -> None:
    state = settled(api, new_game(api, seats=["random", "perfect"], seconds=1))
    assert state["status"] in ("won", "draw")
    assert state["status"] == "draw" or state["winner"] == "O"


@pytest.mark.slow
def test_bots_alone_on_the_unbounded_grid_stop_after_a_thousand_moves(api: Api) -> None:
    state = settled(api, new_game(api, unbounded=True, k=1000, seats=["random", "random"]))
    assert len(state["line"]) == specs.UNBOUNDED_MAX_MOVES
    assert state["message"] == f"stopped after {specs.UNBOUNDED_MAX_MOVES} moves"


@pytest.mark.slow
def test_a_person_cannot_play_while_a_bot_thinks() -> None:
    api = Api(engines("sleep"))
    state = new_game(api, rows=15, k=5, seats=["fake", "human"], seconds=1)
    assert (state["thinking"], state["persons_turn"]) == (True, False)
    assert state["message"] == "X (fake) is thinking…"
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"row": 0, "col": 0})
    assert (status, reply["error"]) == (409, "it is X's turn, played by fake")
    state = settled(api, state)
    assert "fake" in state["error"]
    api.close()


def test_undo_takes_back_to_the_persons_turn(api: Api) -> None:
    state = settled(api, play(api, new_game(api, seats=["human", "perfect"], seconds=1), (1, 1)))
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert (state["ply"], state["line"], state["turn"]) == (0, [], "X")
    status, reply = call(api, "POST", f"/api/games/{state['id']}/undo")
    assert (status, reply["error"]) == (400, "no move to undo: none has been played")


def test_undo_between_people_takes_back_one_move_and_reopens_a_won_game(api: Api) -> None:
    state = play(api, new_game(api), (0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert (state["status"], state["ply"], len(state["line"]), state["turn"]) == (
        "in progress",
        4,
        4,
        "X",
    )


def test_goto_steps_through_the_line_and_pauses_the_bots(api: Api) -> None:
    state = new_game(api, moves=[[0, 0], [1, 1], [0, 1]])
    state = ok(api, "POST", f"/api/games/{state['id']}/goto", {"ply": 1})
    seats = {"seats": ["human", "perfect"], "seconds": 1}
    state = ok(api, "POST", f"/api/games/{state['id']}/seats", seats)
    assert (state["ply"], state["turn"], state["last_move"]) == (1, "O", [0, 0])
    assert not state["thinking"]
    assert state["message"] == "move 1 of 3: O (perfect) to move"
    state = ok(api, "POST", f"/api/games/{state['id']}/goto", {"ply": 0})
    assert (state["ply"], state["last_move"], len(state["line"])) == (0, None, 3)
    for ply in (-1, 4, "1"):
        status, reply = call(api, "POST", f"/api/games/{state['id']}/goto", {"ply": ply})
        assert status == 400, reply
    status, reply = call(api, "POST", f"/api/games/{state['id']}/goto", {"ply": 4})
    assert reply["error"] == "move 4 is not in this game of 3 moves"


def test_a_move_off_the_line_replaces_its_rest_and_one_on_it_keeps_it(api: Api) -> None:
    state = new_game(api, moves=[[0, 0], [1, 1], [0, 1], [2, 2]])
    state = ok(api, "POST", f"/api/games/{state['id']}/goto", {"ply": 1})
    state = play(api, state, (1, 1))
    assert (state["ply"], len(state["line"])) == (2, 4)
    state = play(api, state, (2, 0))
    assert state["ply"] == 3
    assert [(m["row"], m["col"]) for m in state["line"]] == [(0, 0), (1, 1), (2, 0)]


def test_continue_drops_the_rest_of_the_line_and_wakes_the_bot(api: Api) -> None:
    state = new_game(api, moves=[[0, 0], [1, 1], [0, 1]])
    state = ok(api, "POST", f"/api/games/{state['id']}/goto", {"ply": 1})
    seats = {"seats": ["human", "perfect"], "seconds": 1}
    state = ok(api, "POST", f"/api/games/{state['id']}/seats", seats)
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"row": 2, "col": 2})
    assert status == 409
    assert reply["error"].endswith("press Continue to let it play from here")
    state = ok(api, "POST", f"/api/games/{state['id']}/continue")
    # The woken bot may move before the reply is read (the solver answers 3x3 at once): the
    # reply is the line cut at the cursor, then the bot's move if it has already come.
    assert len(state["line"]) == (1 if state["thinking"] else 2)
    assert state["ply"] == len(state["line"])
    state = settled(api, state)
    assert state["ply"] == 2 == len(state["line"])


@pytest.mark.parametrize(
    ("players", "winner", "message"), [(2, "X", "O resigns, X wins"), (3, None, "X resigns")]
)
def test_a_person_resigns(api: Api, players: int, winner: str | None, message: str) -> None:
    seats = ["human"] + ["human"] * (players - 1)
    state = new_game(api, players=players, rows=4, seats=seats)
    if players == 2:
        state = play(api, state, (0, 0))
    state = ok(api, "POST", f"/api/games/{state['id']}/resign")
    assert (state["status"], state["winner"], state["message"]) == ("resigned", winner, message)
    assert not state["persons_turn"]
    status, reply = call(api, "POST", f"/api/games/{state['id']}/resign")
    assert status == 409
    status, reply = call(api, "POST", f"/api/games/{state['id']}/move", {"row": 3, "col": 3})
    assert (status, reply["error"]) == (
        409,
        f"the game is over: {message}; undo or start a new game",
    )
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert state["status"] == "in progress"
    assert state["ply"] == (1 if players == 2 else 0)


def test_the_only_person_resigns_while_the_bot_thinks_and_bots_alone_cannot(api: Api) -> None:
    state = play(api, new_game(api, rows=15, k=5, seats=["human", "heuristic"], seconds=1), (7, 7))
    state = ok(api, "POST", f"/api/games/{state['id']}/resign")
    assert (state["status"], state["winner"], state["thinking"]) == ("resigned", "O", False)
    bots = new_game(api, rows=15, k=5, seats=["heuristic", "heuristic"], seconds=0.2)
    status, reply = call(api, "POST", f"/api/games/{bots['id']}/resign")
    assert (status, reply["error"]) == (
        409,
        "only a person can resign, and bots play every seat here",
    )
    ok(api, "DELETE", f"/api/games/{bots['id']}")


@pytest.mark.slow
def test_closing_waits_for_the_bots_of_games_deleted_while_they_think() -> None:
    """A deleted game's brain is left to answer its move; closing the server waits for it as
    for those of the games still open."""
    api = Api(engines("sleep"), wait_seconds=10.0)
    bots = new_game(api, rows=15, k=5, seats=["fake", "human"], seconds=1)
    ok(api, "DELETE", f"/api/games/{bots['id']}")
    assert bot_threads()
    api.close()
    assert not bot_threads()


def test_seats_change_mid_game_and_are_checked(api: Api) -> None:
    state = play(api, new_game(api), (1, 1))
    path = f"/api/games/{state['id']}/seats"
    state = ok(api, "POST", path, {"seats": ["human", "perfect"], "seconds": 1})
    assert settled(api, state)["ply"] == 2
    assert call(api, "POST", path, {"seats": ["human"]})[0] == 400
    assert (
        "unknown player 'alien'"
        in call(api, "POST", path, {"seats": ["human", "alien"]})[1]["error"]
    )
    assert call(api, "POST", path, {"seats": ["human", "human"], "seconds": -1})[0] == 400


def test_a_hint_is_the_winning_move_when_there_is_one(api: Api) -> None:
    state = new_game(api, moves=[[0, 0], [1, 0], [0, 1], [1, 1]])
    hint = ok(api, "POST", f"/api/games/{state['id']}/hint")
    assert hint == {"row": 0, "col": 2, "label": "c1"}
    unbounded = new_game(
        api, unbounded=True, moves=[[0, 0], [5, 5], [0, 1], [5, 6], [0, 2], [5, 7], [0, 3]]
    )
    hint = ok(api, "POST", f"/api/games/{unbounded['id']}/hint")
    assert (hint["row"], hint["col"]) in {(0, -1), (0, 4)}  # the block of X's four
    assert hint["label"] in ("1 0", "1 5")
    won = play(api, state, (0, 2))
    status, reply = call(api, "POST", f"/api/games/{won['id']}/hint")
    assert (status, reply["error"]) == (409, "the game is over: no move to suggest")


def test_a_hint_near_the_edge_of_the_grid_is_a_move_the_page_takes(api: Api) -> None:
    """X's four ends at the edge of the page's grid: the bots' block lies past it, so the
    hint is the nearest cell within reach, and playing it is accepted."""
    edge = MAX_COORDINATE
    moves = [[0, edge - 3], [0, edge - 4], [0, edge - 2], [5, 5], [0, edge - 1], [6, 6]]
    state = new_game(api, unbounded=True, moves=[*moves, [0, edge]])
    hint = ok(api, "POST", f"/api/games/{state['id']}/hint")
    assert max(abs(hint["row"]), abs(hint["col"])) <= edge
    assert (hint["row"], hint["col"]) in {(-1, edge), (1, edge)}
    state = play(api, state, (hint["row"], hint["col"]))
    assert state["ply"] == len(moves) + 2


def test_analysis_is_refused_beyond_reach_with_the_reason(api: Api) -> None:
    for fields in ({"rows": 5}, {"unbounded": True}, {"players": 3, "rows": 3}):
        state = new_game(api, **fields)
        assert not state["can_analyse"]
        status, reply = call(api, "GET", f"/api/games/{state['id']}/analysis")
        assert status == 400
        assert "perfect play is shown for two players with at most 16 free cells" in reply["error"]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["json", "psq", "sgf"])
def test_a_saved_record_opens_as_the_same_game(api: Api, fmt: str) -> None:
    state = settled(
        api,
        play(api, new_game(api, rows=15, k=5, seats=["human", "heuristic"], seconds=0.3), (7, 7)),
    )
    state = play(api, state, (3, 3))
    record = ok(api, "GET", f"/api/games/{state['id']}/record", format=fmt)
    assert (record["format"], record["filename"]) == (fmt, f"game.{fmt}")
    loaded = records.loads(record["text"], fmt, k=5)
    assert loaded.names == ("you", "heuristic")
    opened = ok(api, "POST", "/api/games/open", {"text": record["text"], "name": f"mine.{fmt}"})
    assert opened["line"] == settled(api, state)["line"][: len(opened["line"])]
    assert len(opened["line"]) == len(loaded.moves)
    assert [seat["kind"] for seat in opened["seats"]] == ["human", "human"]
    again = ok(api, "GET", f"/api/games/{opened['id']}/record", format=fmt)
    assert records.loads(again["text"], fmt, k=5).names == ("you", "heuristic")


def test_a_record_in_a_format_that_cannot_hold_the_game_is_refused(api: Api) -> None:
    state = new_game(api, players=3, rows=4)
    status, reply = call(api, "GET", f"/api/games/{state['id']}/record", format="psq")
    assert (status, reply["error"]) == (400, "PSQ holds two-player games on a bounded board only")
    status, reply = call(api, "GET", f"/api/games/{state['id']}/record", format="pgn")
    assert (status, reply["error"]) == (400, "format 'pgn': choose from json, psq, sgf")


def test_a_psq_file_opens_with_its_moves_and_names(api: Api) -> None:
    text = (DATA / "heuristic_beats_random.psq").read_text()
    state = ok(api, "POST", "/api/games/open", {"text": text, "name": "heuristic_beats_random.psq"})
    record = records.loads(text, "psq")
    assert [(m["row"], m["col"]) for m in state["line"]] == list(record.moves)
    assert state["ply"] == len(record.moves)
    assert state["status"] == "won"
    saved = ok(api, "GET", f"/api/games/{state['id']}/record", format="psq")["text"]
    assert records.loads(saved, "psq").names == record.names


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"text": "Piskvorky 15x15, 11:11, 0\n1,1,0\n1,1,0\n", "name": "a.psq"},
            "a.psq: line 3: move 2",
        ),
        ({"text": "hello", "name": "../../etc/passwd.psq"}, "passwd.psq: line 1: 'hello'"),
        ({"text": "{}", "name": "game.txt"}, "unknown record format 'txt'"),
        ({"text": "", "name": "game.json"}, "empty file"),
        ({"text": 12, "name": "game.json"}, "text: expected the record's text"),
        ({"text": "x"}, "name: expected the file's name"),
        ({"text": "x" * (records.MAX_BYTES + 1), "name": "big.json"}, "too big"),
        (
            {"text": "Piskvorky 200x200, 11:11, 0\n1,1,0\n", "name": "wide.psq"},
            "at most 100 a side",
        ),
        ({"text": "(;FF[4]GM[4]SZ[15];B[hh])", "name": "g.sgf", "k": "5"}, "k: '5'"),
    ],
)
def test_a_bad_record_is_refused_naming_the_file_and_the_place(
    api: Api, fields: Any, message: str
) -> None:
    status, reply = call(api, "POST", "/api/games/open", fields)
    assert status == 400
    assert message in reply["error"]
    assert "etc/" not in reply["error"]


def test_a_record_with_a_move_beyond_the_pages_reach_is_refused(api: Api) -> None:
    far = records.Record(None, None, 5, 2, ((0, 0), (10**12, 0)))
    status, reply = call(
        api, "POST", "/api/games/open", {"text": records.dumps(far, "json"), "name": "far.json"}
    )
    assert (status, reply["error"]) == (
        400,
        "far.json: a move lies beyond 1,000,000,000 cells of the origin",
    )


def test_a_closed_game_is_gone(api: Api) -> None:
    state = new_game(api)
    assert ok(api, "DELETE", f"/api/games/{state['id']}") == {"closed": state["id"]}
    assert call(api, "GET", f"/api/games/{state['id']}")[0] == 404


def test_waiting_for_a_newer_state_answers_the_same_one_after_the_wait() -> None:
    api = Api(wait_seconds=0.01)
    state = new_game(api)
    again = ok(api, "GET", f"/api/games/{state['id']}", since=str(state["version"]))
    assert again == state
    status, reply = call(api, "GET", f"/api/games/{state['id']}", since="soon")
    assert (status, reply["error"]) == (400, "since: 'soon', expected a version number")
    api.close()


def test_the_game_left_alone_longest_is_closed_past_the_limit() -> None:
    api = Api(max_sessions=2)
    first, second, third = (new_game(api)["id"] for _ in range(3))
    assert call(api, "GET", f"/api/games/{first}")[0] == 404
    assert call(api, "GET", f"/api/games/{second}")[0] == 200
    assert call(api, "GET", f"/api/games/{third}")[0] == 200
    api.close()


def test_a_closed_api_closes_its_games_and_takes_no_new_ones() -> None:
    api = Api()
    state = play(
        api, new_game(api, rows=15, k=5, seats=["human", "heuristic"], seconds=0.5), (7, 7)
    )
    api.close()
    assert not bot_threads()
    assert call(api, "GET", f"/api/games/{state['id']}")[0] == 404
    assert call(api, "POST", "/api/games", {}) == (409, {"error": "the server is stopping"})


def test_closing_waits_for_the_bots_at_most_the_time_given_in_all(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots that never finish, in several games: the waits share one deadline."""
    now = [0.0]
    waits: list[float] = []

    def never_done(session: Session, seconds: float) -> bool:
        waits.append(seconds)
        now[0] += seconds
        return False

    api = Api()
    for _ in range(3):
        new_game(api)
    monkeypatch.setattr(Session, "join", never_done)
    api.close(10.0, clock=lambda: now[0])
    assert waits == [10.0, 0.0, 0.0]


def test_a_configured_brain_is_offered_and_plays_five_in_a_row() -> None:
    api = Api(engines("first"))
    assert ok(api, "GET", "/api/options")["seats"][-1]["name"] == "fake"
    state = new_game(api, rows=15, k=5, seats=["human", "fake"], seconds=2)
    state = settled(api, play(api, state, (7, 7)))
    assert (state["line"][1]["row"], state["line"][1]["col"]) == (0, 0)
    status, reply = call(api, "POST", "/api/games", {"seats": ["human", "fake"]})
    refusal = "Gomocup engines play two players, 5 in a row: k must be 5"
    assert (status, reply["error"]) == (400, refusal)
    api.close()


def test_a_brain_that_crashes_is_reported_and_undo_recovers() -> None:
    api = Api(engines("crash"))
    state = new_game(api, rows=15, k=5, seats=["human", "fake"], seconds=2)
    state = settled(api, play(api, state, (7, 7)))
    assert state["error"] is not None
    assert state["message"] == state["error"]
    assert not state["thinking"]
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert (state["error"], state["ply"]) == (None, 0)
    api.close()


@pytest.mark.parametrize(
    ("fields", "kind"),
    [
        ({"rows": 4}, "perfect"),
        ({"rows": 5}, "threat"),
        ({"rows": 15, "k": 5}, "threat"),
        ({"rows": 4, "players": 3}, "heuristic"),  # the threat search plays two players
    ],
)
def test_the_best_seat_is_the_strongest_bot_that_plays_the_game(
    api: Api, fields: Any, kind: str
) -> None:
    players = fields.get("players", 2)
    state = new_game(api, seats=["human"] + ["best"] * (players - 1), seconds=0.2, **fields)
    assert [seat["kind"] for seat in state["seats"]][1:] == [kind] * (players - 1)


def test_a_brain_cannot_take_the_name_of_one_of_our_players() -> None:
    with pytest.raises(ttt.InvalidArgument, match="player name 'Perfect' is taken"):
        Seats({"Perfect": "engine:x"})


def test_a_bot_that_explains_its_move_is_quoted_and_others_are_not() -> None:
    from types import SimpleNamespace

    from tictactoe import Game
    from tictactoe.web._analysis import thought

    game = Game(15, k=5)
    game.move(7, 7)
    last = SimpleNamespace(reason="vcf", score=1_000_000, depth=3, variation=((7, 8), (8, 8)))
    assert thought(SimpleNamespace(last=last), game) == (
        "O thinks: vcf, score +1,000,000, depth 3; expects i8, i9"
    )
    assert thought(SimpleNamespace(last=None), game) is None
    assert thought(SimpleNamespace(last=SimpleNamespace(reason="x", score="high")), game) is None
    assert thought(object(), game) is None


def test_the_strongest_bot_says_what_it_thinks(api: Api) -> None:
    """On 15×15 the best seat is the threat bot, which explains its moves."""
    state = new_game(api, rows=15, k=5, seats=["human", "best"], seconds=0.3)
    state = settled(api, play(api, state, (7, 7)))
    assert state["evaluation"].startswith("O thinks: ")
