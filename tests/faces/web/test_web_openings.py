"""Swap and swap2 through the page's API: who is asked, a person's answers, the bot's, errors."""

from __future__ import annotations

from typing import Any

import pytest
from support.web import call, new_game, ok, settled

from tictactoe import records
from tictactoe.errors import InvalidArgument
from tictactoe.swap import PROTOCOLS
from tictactoe.web import Api

FAR = [[0, 0], [14, 14], [0, 14], [14, 0], [0, 7]]
"""Stones a person places, far from one another and from the bot's."""


def opening_game(api: Api, protocol: str, seats: list[str], **fields: Any) -> Any:
    return new_game(api, rows=15, k=5, opening=protocol, seats=seats, seconds=0.2, **fields)


def post(api: Api, state: Any, action: str, **body: Any) -> Any:
    return settled(api, ok(api, "POST", f"/api/games/{state['id']}/{action}", body))


def free(state: Any, count: int) -> list[list[int]]:
    taken = [[move["row"], move["col"]] for move in state["line"]]
    return [cell for cell in FAR if cell not in taken][:count]


def test_options_offer_the_openings_with_what_each_is_and_the_one_offered_first(
    api: Api,
) -> None:
    options = ok(api, "GET", "/api/options")
    openings = options["openings"]
    assert [opening["name"] for opening in openings] == list(PROTOCOLS)
    assert options["opening"] is None
    served = Api(opening="swap2")
    assert ok(served, "GET", "/api/options")["opening"] == "swap2"
    served.close()
    with pytest.raises(InvalidArgument, match="opening 'swap3': choose swap or swap2, or None"):
        Api(opening="swap3")
    assert openings[0]["description"] == "swap: player 1 places 3 stones, player 2 picks a colour"


def test_a_person_opens_swap2_and_is_asked_for_three_stones(api: Api) -> None:
    state = opening_game(api, "swap2", ["human", "human"])
    assert state["opening"] == {
        "protocol": "swap2",
        "asked": {"what": "place", "seat": 0, "count": 3, "options": []},
        "yours": True,
        "black": None,
        "text": "",
    }
    assert state["message"] == "swap2: player 1 places 3 stones (X, O, X)"
    assert state["persons_turn"]
    state = post(api, state, "place", cells=[[7, 7], [7, 8], [8, 8]])
    assert state["ply"] == 3
    assert state["opening"]["asked"] == {
        "what": "choose",
        "seat": 1,
        "count": 0,
        "options": [
            {"name": "black", "label": "play Black (X)"},
            {"name": "white", "label": "play White (O)"},
            {"name": "place2", "label": "place 2 more"},
        ],
    }
    assert state["message"] == (
        "swap2: player 2 chooses: play Black (X) / play White (O) / place 2 more"
    )
    assert not state["persons_turn"]  # a choice is made with the buttons, not on the board
    assert state["opening"]["text"] == "swap2: player 1 placed 3 stones"


def test_the_bot_opens_swap_and_the_person_who_takes_black_is_seated_first(api: Api) -> None:
    state = settled(api, opening_game(api, "swap", ["threat", "human"]))
    assert state["ply"] == 3
    assert state["message"] == "swap: you choose: play Black (X) / play White (O)"
    assert state["opening"]["text"] == "swap: threat placed 3 stones"
    state = post(api, state, "choose", option="black")
    assert [seat["kind"] for seat in state["seats"]] == ["human", "threat"]
    assert state["opening"]["black"] == 1
    assert state["opening"]["asked"] is None
    assert state["opening"]["text"] == ("swap: threat placed 3 stones, you chose to play Black (X)")
    assert state["ply"] == 4  # the bot, White now, answered
    assert state["message"] == "X (you) to move"
    record = records.loads(ok(api, "GET", f"/api/games/{state['id']}/record")["text"], "json")
    assert record.names == ("you", "threat")


def test_a_person_opening_swap2_plays_it_out_against_the_bots_choices(api: Api) -> None:
    """Whatever the bot chooses, the opening ends with a colour for each and play goes on."""
    state = opening_game(api, "swap2", ["human", "threat"])
    state = post(api, state, "place", cells=[[7, 7], [7, 8], [8, 8]])
    while state["opening"]["asked"] is not None:
        asked = state["opening"]["asked"]
        assert state["opening"]["yours"]
        if asked["what"] == "place":
            state = post(api, state, "place", cells=free(state, asked["count"]))
        else:
            state = post(api, state, "choose", option="white")
    black = state["opening"]["black"]
    kinds = [seat["kind"] for seat in state["seats"]]
    assert kinds == (["human", "threat"] if black == 0 else ["threat", "human"])
    assert state["persons_turn"]
    assert state["ply"] in (3, 4, 5, 6)
    assert "chose to play" in state["opening"]["text"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"opening": "swap3"}, "opening: 'swap3', choose from swap, swap2"),
        ({"opening": "swap2", "moves": [[7, 7]]}, "swap2 starts on an empty board, not 1 moves"),
        (
            {"opening": "swap", "players": 3, "seats": ["human"] * 3},
            "swap is for two players, not 3",
        ),
        ({"opening": "swap2", "rows": 2, "k": 2}, "swap2 places up to 5 stones: a 2×2 board"),
    ],
)
def test_a_bad_opening_is_refused_with_the_reason(api: Api, fields: Any, message: str) -> None:
    body = {"rows": 15, "k": 5, "seats": ["human", "human"], **fields}
    status, reply = call(api, "POST", "/api/games", body)
    assert status == 400
    assert message in reply["error"]


def test_wrong_answers_to_the_opening_are_refused_and_change_nothing(api: Api) -> None:
    state = opening_game(api, "swap", ["human", "human"])
    path = f"/api/games/{state['id']}"
    wrong = [
        ("place", {"cells": [[7, 7], [7, 8]]}, 400, "place 3 stones, not 2"),
        ("place", {"cells": [[7, 7], [7, 7], [8, 8]]}, 400, "cell (7, 7) is taken by X"),
        ("place", {"cells": "h8"}, 400, "cells: expected a list of [row, col] pairs"),
        ("choose", {"option": "black"}, 409, "the opening asks to place, not to choose"),
        ("move", {"row": 7, "col": 7}, 409, "the opening is not over: swap: player 1 places"),
        ("undo", {}, 409, "the opening is not over"),
        ("hint", {}, 409, "the opening is not over"),
        ("goto", {"ply": 0}, 409, "the opening is not over"),
        ("resign", {}, 409, "the opening is not over"),
    ]
    for action, body, status, message in wrong:
        answer = call(api, "POST", f"{path}/{action}", body)
        assert answer[0] == status, (action, answer)
        assert message in answer[1]["error"]
    assert ok(api, "GET", path) == state
    state = post(api, state, "place", cells=[[7, 7], [7, 8], [8, 8]])
    for body, message in [
        ({"option": "place2"}, "place2 is not offered now: choose black or white"),
        ({"option": "red"}, "unknown option 'red'"),
        ({"option": 1}, "option: '1', expected a string"),
    ]:
        status, reply = call(api, "POST", f"{path}/choose", body)
        assert status == 400
        assert message in reply["error"]
    assert ok(api, "GET", path) == state


def test_a_person_cannot_answer_for_the_bot_nor_open_a_game_without_an_opening(
    api: Api,
) -> None:
    state = opening_game(api, "swap2", ["human", "threat"])
    state = post(api, state, "place", cells=[[7, 7], [7, 8], [8, 8]])
    if state["opening"]["asked"] is not None:  # the bot chose to place two more: mine to choose
        state = post(api, state, "choose", option="black")
    status, reply = call(api, "POST", f"/api/games/{state['id']}/choose", {"option": "white"})
    assert (status, reply) == (409, {"error": "no opening asks to choose now: play on the board"})
    plain = new_game(api, rows=15, k=5)
    status, reply = call(api, "POST", f"/api/games/{plain['id']}/place", {"cells": FAR[:3]})
    assert (status, reply) == (409, {"error": "no opening asks to place now: play on the board"})
    assert plain["opening"] is None
    bots_turn = opening_game(api, "swap", ["threat", "human"])
    status, reply = call(api, "POST", f"/api/games/{bots_turn['id']}/place", {"cells": FAR[:3]})
    assert (status, reply) == (409, {"error": "it is threat's turn in the opening"})
