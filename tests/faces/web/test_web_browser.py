"""The page in a real browser: headless Chromium plays, undoes, loads, steps and pans.

Each test leaves a screenshot in build/screenshots/web/ for people to look at.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support import DATA
from support.web_driver import cell, chromium, marks, screenshot, start, status, wait_until

from tictactoe import records
from tictactoe.web import WebServer

PSQ = DATA / "heuristic_beats_random.psq"


def replay_label(driver: Any) -> str:
    return str(driver.find_element("id", "replay-label").text)


def press(driver: Any, *keys: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(*keys).perform()


@pytest.mark.slow
def test_a_3x3_game_by_clicks_against_the_perfect_bot_ends_in_a_draw(
    driver: Any, server: WebServer
) -> None:
    """X follows the page's hints; the perfect bot answers; best play on both sides draws."""
    start(driver, server, "tictactoe", ["human", "perfect"])
    assert status(driver) == "X (you) to move"
    for turn in range(5):
        driver.find_element("id", "hint").click()
        hint = wait_until(
            driver,
            lambda d: (
                d.find_element("id", "evaluation").text.startswith("Hint: ")
                and d.find_element("id", "evaluation").text
            ),
            "a hint",
        )
        label = hint.removeprefix("Hint: ")
        cell(driver, int(label[1:]) - 1, ord(label[0]) - ord("a")).click()
        wait_until(
            driver,
            lambda d, turn=turn: (
                status(d) in ("X (you) to move", "Draw") and marks(d) in (2 * turn + 2, 9)
            ),
            "the bot's reply",
        )
        if status(driver) == "Draw":
            break
    assert status(driver) == "Draw"
    assert marks(driver) == 9
    assert driver.find_element("id", "resign").get_attribute("disabled") == "true"
    screenshot(driver, "tictactoe-draw")


@pytest.mark.slow
def test_a_15x15_game_against_the_strongest_bot_with_undo(driver: Any, server: WebServer) -> None:
    start(driver, server, "gomoku", seconds=0.5)
    assert driver.find_element("id", "rules").text == "15×15, 5 in a row"
    cell(driver, 7, 7).click()
    wait_until(
        driver, lambda d: marks(d) == 2 and status(d) == "X (you) to move", "the bot's reply"
    )
    mine = next(
        (r, c)
        for r, c in [(6, 6), (8, 8), (6, 8), (8, 6)]
        if "free" in cell(driver, r, c).get_attribute("class")
    )
    cell(driver, *mine).click()
    wait_until(
        driver, lambda d: marks(d) == 4 and status(d) == "X (you) to move", "the bot's reply"
    )
    assert "h8" in driver.find_element("id", "moves").text
    assert cell(driver, 7, 7).get_attribute("aria-label") == "h8, X"
    screenshot(driver, "gomoku")
    driver.find_element("id", "undo").click()
    wait_until(driver, lambda d: marks(d) == 2 and replay_label(d) == "Move 2 of 2", "the undo")
    assert status(driver) == "X (you) to move"
    assert "free" in cell(driver, *mine).get_attribute("class")
    driver.find_element("id", "show-values").click()  # beyond the solver's reach: said so
    assert driver.find_element("id", "evaluation").text == (
        "Perfect play is shown for two players with at most 16 free cells on a bounded board."
    )


@pytest.mark.slow
def test_a_game_saved_from_the_page_reopens_and_replays(
    driver: Any, server: WebServer, tmp_path: Path
) -> None:
    """The newcomer's round trip: play, save (a download), open the file again, step back."""
    from selenium.webdriver.common.keys import Keys

    driver.execute_cdp_cmd(
        "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)}
    )
    start(driver, server, "gomoku", seconds=0.3)
    cell(driver, 7, 7).click()
    wait_until(
        driver, lambda d: marks(d) == 2 and status(d) == "X (you) to move", "the bot's reply"
    )
    driver.find_element("id", "save-psq").click()
    saved = wait_until(driver, lambda d: list(tmp_path.glob("*.psq")), "the download")[0]
    record = records.load(saved)
    assert record.names == (
        "you",
        driver.find_elements("css selector", "#seats select")[1].get_attribute("value"),
    )
    assert record.moves[0] == (7, 7)
    driver.find_element("id", "open-file").send_keys(str(saved))
    wait_until(
        driver, lambda d: replay_label(d) == "Move 2 of 2" and status(d) == "X to move", "the file"
    )
    driver.execute_script("document.activeElement.blur()")
    press(driver, Keys.ARROW_LEFT)
    wait_until(driver, lambda d: replay_label(d) == "Move 1 of 2" and marks(d) == 1, "a step back")


@pytest.mark.slow
def test_a_3_player_game_is_won_with_its_line_shown(driver: Any, server: WebServer) -> None:
    start(driver, server, "tictactoe", ["human", "human", "human"], rows=5, cols=5, k=3, players=3)
    assert driver.find_element("id", "rules").text == "5×5, 3 in a row, 3 players"
    moves = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2)]
    for number, (row, col) in enumerate(moves, 1):
        cell(driver, row, col).click()
        wait_until(driver, lambda d, n=number: marks(d) == n, f"move {number}")
    wait_until(driver, lambda d: status(d) == "X wins", "the win")
    assert len(driver.find_elements("css selector", "#board polygon.mark")) == 2  # Y's triangles
    assert len(driver.find_elements("css selector", "#board line.win")) == 1
    assert len(driver.find_elements("css selector", "#seats select")) == 3
    screenshot(driver, "three-players")


@pytest.mark.slow
def test_a_psq_file_opens_and_steps_with_the_keys_and_the_slider(
    driver: Any, server: WebServer
) -> None:
    from selenium.webdriver.common.keys import Keys

    record = records.load(PSQ)
    game = record.to_game()
    total = len(record.moves)
    start(driver, server, "tictactoe", ["human", "human"])
    driver.find_element("id", "open-file").send_keys(str(PSQ))
    wait_until(driver, lambda d: replay_label(d) == f"Move {total} of {total}", "the record")
    assert status(driver) == f"{game.winner} wins"
    driver.execute_script("document.activeElement.blur()")
    press(driver, Keys.HOME)
    wait_until(
        driver, lambda d: replay_label(d) == f"Move 0 of {total}" and marks(d) == 0, "the start"
    )
    press(driver, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    wait_until(
        driver, lambda d: replay_label(d) == f"Move 3 of {total}" and marks(d) == 3, "move 3"
    )
    slider = driver.find_element("id", "replay")
    driver.execute_script("arguments[0].focus()", slider)  # a click would move it
    press(driver, Keys.ARROW_RIGHT)
    wait_until(driver, lambda d: replay_label(d) == f"Move 4 of {total}", "move 4")
    row, col = record.moves[3]
    assert "last" in cell(driver, row, col).get_attribute("class")
    assert not driver.find_element("id", "continue").get_attribute("hidden")
    screenshot(driver, "replay")
    press(driver, Keys.END)
    wait_until(driver, lambda d: replay_label(d) == f"Move {total} of {total}", "the end")
    assert status(driver) == f"{game.winner} wins"


def visible_columns(driver: Any) -> list[int]:
    return sorted(
        {
            int(e.get_attribute("data-col"))
            for e in driver.find_elements("css selector", "#board [data-col]")
        }
    )


@pytest.mark.slow
def test_the_unbounded_grid_pans_zooms_and_comes_back_to_the_marks(
    driver: Any, server: WebServer
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    start(driver, server, "unbounded", seconds=0.5)
    assert driver.find_element("id", "rules").text == "unbounded grid, 5 in a row"
    cell(driver, 0, 0).click()
    wait_until(
        driver, lambda d: marks(d) == 2 and status(d) == "X (you) to move", "the bot's reply"
    )
    assert cell(driver, 0, 0).get_attribute("aria-label") == "1 1, X"
    before = visible_columns(driver)
    board = driver.find_element("id", "board")
    ActionChains(driver).move_to_element(board).click_and_hold().move_by_offset(
        -170, 0
    ).move_by_offset(-170, 0).release().perform()
    after = wait_until(
        driver, lambda d: (cols := visible_columns(d))[0] > before[0] and cols, "the pan"
    )
    assert after[0] - before[0] >= 8
    assert marks(driver) == 2  # the drag played nothing
    screenshot(driver, "unbounded-panned")
    across = len(after)
    driver.find_element("id", "zoom-out").click()
    driver.find_element("id", "zoom-out").click()
    wait_until(driver, lambda d: len(visible_columns(d)) > across, "zooming out")
    driver.find_element("id", "centre").click()
    wait_until(driver, lambda d: 0 in visible_columns(d), "the marks again")
    cell(driver, 0, 0)


def test_perfect_play_colours_every_free_cell(driver: Any, server: WebServer) -> None:
    start(driver, server, "tictactoe", ["human", "perfect"])
    cell(driver, 0, 0).click()
    wait_until(
        driver, lambda d: marks(d) == 2 and status(d) == "X (you) to move", "the bot's reply"
    )
    driver.find_element("id", "show-values").click()
    coloured = wait_until(
        driver, lambda d: d.find_elements("css selector", "#board [class*=value-]"), "the values"
    )
    assert len(coloured) == 7
    assert all("with perfect play" in c.get_attribute("aria-label") for c in coloured)
    screenshot(driver, "perfect-play")
    driver.find_element("id", "show-values").click()
    wait_until(
        driver, lambda d: not d.find_elements("css selector", "#board [class*=value-]"), "no values"
    )


def test_a_bad_setup_is_explained_in_the_dialog(driver: Any, server: WebServer) -> None:
    driver.get(server.url)
    wait_until(driver, lambda d: d.find_element("id", "status").text != "Loading…", "the page")
    if not driver.find_element("id", "setup").get_attribute("open"):
        driver.find_element("id", "new-game").click()
    field = driver.find_element("id", "k")
    field.clear()
    field.send_keys("9")
    driver.find_element("id", "start").click()
    error = wait_until(driver, lambda d: d.find_element("id", "setup-error").text, "the error")
    assert error == "k: 9 is out of range (1 to 3)"
    driver.find_element("id", "cancel").click()


@pytest.mark.slow
def test_the_keyboard_alone_plays_at_phone_width_and_the_game_survives_a_reload(
    server: WebServer,
) -> None:
    from selenium.webdriver.common.keys import Keys

    with chromium(width=390, height=844, phone=True) as phone:
        start(phone, server, "tictactoe", ["human", "human"])
        phone.execute_script("document.getElementById('board').focus()")
        press(phone, Keys.ARROW_DOWN)
        wait_until(
            phone, lambda d: d.find_element("id", "cursor").text == "b3, empty", "the cursor"
        )
        press(phone, Keys.ARROW_UP, Keys.ARROW_LEFT, Keys.ENTER)
        wait_until(phone, lambda d: status(d) == "O to move", "the move")
        assert cell(phone, 1, 0).get_attribute("aria-label") == "a2, X"
        board = phone.find_element("id", "board").rect
        assert board["width"] <= 390
        assert board["height"] > 200
        screenshot(phone, "phone")
        phone.refresh()
        wait_until(phone, lambda d: marks(d) == 1 and status(d) == "O to move", "the game again")
        closing = "return fetch('/api/games/' + location.hash.slice(1), {method: 'DELETE'})"
        assert phone.execute_script(closing + ".then((reply) => reply.status)") == 200
        phone.refresh()  # as after a restart of the server: the page plays the game again
        wait_until(phone, lambda d: marks(d) == 1 and status(d) == "O to move", "the game rebuilt")
        assert cell(phone, 1, 0).get_attribute("aria-label") == "a2, X"
