"""The server under load: every request answered at once while bots search, on either build.

The compiled build's search held the GIL until its move was chosen, so a page waited as
long as a bot thought (10 s for ``GET /`` while a threat bot thought 20 s). These tests
run on the real clock: what they measure is how threads share it.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from support.web import bot_threads, fetch, serving

from tictactoe.limits import Limit
from tictactoe.web import Api, WebServer

LONG = 30.0
"""A bot's time per move: it is thinking throughout the test, which stops it at the end."""
HINT_SECONDS = 2
"""The time the threat bot has for a hint, searched in the request's own thread."""
PROMPT = 0.5
"""The longest a request may take meanwhile: tens of times what it takes."""


def post(server: WebServer, path: str, fields: dict[str, Any]) -> Any:
    status, _, body = fetch(server, "POST", path, json.dumps(fields).encode())
    assert status == 200, body
    return json.loads(body)


@pytest.mark.slow
def test_requests_are_answered_at_once_while_a_bot_thinks_and_a_hint_is_searched() -> None:
    """The page, the options and a game's state, while a threat bot thinks in one game and
    a hint is searched in another (the bot keeps time by its game's clock, the hint by the
    real one: the search lets other threads run whichever it reads)."""
    api = Api(limit=Limit(seconds=LONG))
    with serving(api) as server:
        fields = {"rows": 15, "k": 5, "moves": [[7, 7]]}
        game = post(server, "/api/games", {**fields, "seats": ["human", "threat"]})["id"]
        while not api.searching:
            threading.Event().wait(0.01)  # until the bot has started
        people = {**fields, "seats": ["human"] * 2, "seconds": HINT_SECONDS}
        hint = f"/api/games/{post(server, '/api/games', people)['id']}/hint"
        hints: list[int] = []
        hinting = threading.Thread(target=lambda: hints.append(fetch(server, "POST", hint, b"")[0]))
        hinting.start()
        times: list[float] = []
        while hinting.is_alive():
            for path in ("/", "/api/options", f"/api/games/{game}"):
                start = time.perf_counter()
                assert fetch(server, "GET", path)[0] == 200
                times.append(time.perf_counter() - start)
        hinting.join()
        state = json.loads(fetch(server, "GET", f"/api/games/{game}")[2])
        assert (hints, state["ply"], state["thinking"]) == ([200], 1, True)
        assert fetch(server, "DELETE", f"/api/games/{game}")[0] == 200
    assert max(times) < PROMPT, f"the slowest request took {max(times):.3f} s"
    assert len(times) >= 9  # and the requests went on all along the hint's search
    assert not bot_threads()
