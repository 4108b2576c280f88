"""The bots of the web server: a search stops when its game goes, and few think at once."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from support.web import bot_threads, new_game, ok, settled

from tictactoe.web import Api
from tictactoe.web._thinking import GameClock, Searches

LONG = 30.0
"""A bot's time per move longer than any of these tests: a bot still at work was not stopped."""
PROMPT = 5.0
"""How soon a stopped bot's thread must end: far less than :data:`LONG`, ample on a busy machine."""


def thinking(api: Api, seats: tuple[str, str] = ("human", "threat")) -> Any:
    """A 15×15 game where O's bot thinks for :data:`LONG` after X's centre."""
    return new_game(api, rows=15, k=5, seats=list(seats), seconds=LONG, moves=[[7, 7]])


def assert_bots_end() -> None:
    for thread in bot_threads():
        thread.join(PROMPT)
        assert not thread.is_alive(), f"{thread.name} still thinks"


def test_a_stopped_game_clock_passes_every_deadline_even_one_set_after_the_stop() -> None:
    now = [100.0]
    clock = GameClock(lambda: now[0])
    assert clock() == 100.0
    now[0] = 101.5
    deadline = clock() + 60
    clock.stop()
    assert clock() >= deadline
    late_deadline = clock() + 60  # a search that starts after the stop
    assert clock() >= late_deadline
    clock.resume()
    before = clock()
    now[0] = 102.0
    assert clock() == before + 0.5  # the real clock's pace again, never back


def test_searches_wait_for_a_turn_and_give_up_when_not_needed() -> None:
    searches = Searches(1)
    assert searches.enter(lambda: False)
    assert searches.running == 1
    unneeded = threading.Event()
    entered: list[bool] = []
    waiter = threading.Thread(target=lambda: entered.append(searches.enter(unneeded.is_set)))
    waiter.start()
    waiter.join(0.05)
    assert waiter.is_alive()  # no turn free
    unneeded.set()
    searches.wake()
    waiter.join(PROMPT)
    assert entered == [False]
    assert searches.running == 1
    searches.leave()
    assert searches.enter(lambda: False)


@pytest.mark.parametrize("bot", ["threat", "heuristic"])
def test_deleted_games_stop_their_bots(bot: str) -> None:
    """Thirty games made and deleted left 29 bots thinking: now none thinks on."""
    api = Api()
    for _ in range(10):
        state = thinking(api, ("human", bot))
        assert state["thinking"]
        ok(api, "DELETE", f"/api/games/{state['id']}")
    assert_bots_end()
    api.close()


def test_a_game_dropped_for_a_newer_one_stops_its_bot() -> None:
    api = Api(max_sessions=1)
    thinking(api)
    new_game(api)
    assert_bots_end()
    api.close()


def test_undo_stops_the_bot_that_thinks_about_the_move_taken_back() -> None:
    api = Api()
    state = thinking(api)
    state = ok(api, "POST", f"/api/games/{state['id']}/undo")
    assert (state["ply"], state["thinking"]) == (0, False)
    assert_bots_end()
    api.close()


def test_few_bots_think_at_once_and_the_others_wait_their_turn() -> None:
    """With one turn, a random bot (instant) waits while the threat bot thinks, then plays."""
    api = Api(max_searches=1, wait_seconds=0.3)
    first = thinking(api)
    while not api.searching:
        threading.Event().wait(0.01)  # until the threat bot has the turn
    second = new_game(api, seats=["human", "random"], moves=[[1, 1]])
    waited = ok(api, "GET", f"/api/games/{second['id']}", since=str(second["version"]))
    assert (waited["ply"], waited["thinking"], api.searching) == (1, True, 1)
    ok(api, "DELETE", f"/api/games/{first['id']}")
    assert settled(api, waited)["ply"] == 2
    assert_bots_end()
    api.close()
