"""The variants on the page, in headless Chromium: Connect Four's gravity, misère, the torus."""

from __future__ import annotations

from typing import Any

from support.web_driver import cell, loaded, open_game, screenshot, start, status, wait_until

from tictactoe.web import WebServer


def marks(driver: Any) -> int:
    """How many marks the board holds: not the one that shows where the next would land."""
    return len(driver.find_elements("css selector", "#board > .mark"))


def label(driver: Any, row: int, col: int) -> str:
    return str(cell(driver, row, col).get_attribute("aria-label"))


def title(driver: Any) -> str:
    return str(driver.find_element("id", "rules").text)


def test_connect_four_drops_a_click_high_in_a_column_to_the_bottom_and_keeps_gravity(
    driver: Any, server: WebServer
) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    start(driver, server, "connect", ["human", "human"])
    assert title(driver) == "6×7, 4 in a row, gravity: marks drop"
    assert driver.find_element("id", "play-help").text == "Click a column to drop a mark in it."
    cell(driver, 0, 3).click()  # the top of column d: the mark lands at the bottom
    wait_until(driver, lambda d: marks(d) == 1 and status(d) == "O to move", "the first mark")
    assert label(driver, 5, 3) == "d6, X"
    assert label(driver, 0, 3) == "d1, empty"
    cell(driver, 5, 3).click()  # a mark in an open column plays that column too
    wait_until(driver, lambda d: marks(d) == 2 and label(d, 4, 3) == "d5, O", "the second mark")
    ActionChains(driver).move_to_element(cell(driver, 1, 5)).perform()
    preview = wait_until(
        driver, lambda d: d.find_elements("css selector", "#board .landing"), "the preview"
    )
    assert len(preview) == 1
    assert "aim" in cell(driver, 5, 5).get_attribute("class")
    assert "aim" not in cell(driver, 5, 4).get_attribute("class")
    assert label(driver, 5, 5) == "f6, empty, the next mark in this column lands here"
    screenshot(driver, "connect-four")
    # the server forgets the game (a restart): the page plays it again from what it kept
    game_id = driver.execute_script("return location.hash.slice(1)")
    assert server.api.handle("DELETE", f"/api/games/{game_id}", {}).status == 200
    driver.refresh()
    loaded(driver)
    wait_until(driver, lambda d: marks(d) == 2, "the game restored")
    assert title(driver) == "6×7, 4 in a row, gravity: marks drop"
    cell(driver, 0, 3).click()
    wait_until(driver, lambda d: marks(d) == 3 and label(d, 3, 3) == "d4, X", "the third mark")


def test_the_connect_four_preset_ticks_gravity_and_no_opening_goes_with_it(
    driver: Any, server: WebServer
) -> None:
    start(driver, server, "tictactoe", ["human", "human"])
    driver.find_element("id", "new-game").click()
    driver.find_element("css selector", '[data-preset="connect"]').click()
    assert driver.find_element("id", "gravity").is_selected()
    assert not driver.find_element("id", "torus").is_selected()
    driver.find_element("css selector", '[data-preset="gomoku"]').click()
    assert not driver.find_element("id", "gravity").is_selected()
    assert driver.find_element("id", "opening-field").is_displayed()
    driver.find_element("id", "torus").click()
    assert not driver.find_element("id", "opening-field").is_displayed()
    driver.find_element("id", "unbounded").click()
    assert not driver.find_element("id", "torus").is_enabled()
    assert driver.find_element("id", "misere").is_enabled()
    driver.find_element("id", "start").click()  # an unbounded game: the torus is not sent
    wait_until(driver, lambda d: title(d) == "unbounded grid, 5 in a row", "the unbounded game")
    driver.find_element("id", "new-game").click()
    driver.find_element("css selector", '[data-preset="tictactoe"]').click()
    for name, value in (("cols", "5"), ("k", "4")):
        field = driver.find_element("id", name)
        field.clear()
        field.send_keys(value)
    driver.find_element("id", "torus").click()
    driver.find_element("id", "start").click()
    error = wait_until(driver, lambda d: d.find_element("id", "setup-error").text, "the refusal")
    assert error.startswith("k=4 must be at most 3 on a 3×5 torus")
    driver.find_element("id", "cancel").click()


def test_a_misere_game_from_the_form_says_who_made_the_line_and_lost(
    driver: Any, server: WebServer
) -> None:
    start(driver, server, "tictactoe", ["human", "human"], misere=True)
    assert title(driver) == "3×3, 3 in a row, misère: the line loses"
    for number, (row, col) in enumerate([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], 1):
        cell(driver, row, col).click()
        wait_until(driver, lambda d, n=number: marks(d) == n, f"move {number}")
    wait_until(driver, lambda d: status(d) == "X made the line and loses, O wins", "the end")
    assert driver.find_elements("css selector", "#board .win")
    screenshot(driver, "misere")


def test_a_line_over_the_torus_edge_is_drawn_in_two_pieces(driver: Any, server: WebServer) -> None:
    moves = [[0, 4], [1, 1], [0, 0], [1, 2], [0, 1]]
    body = {"rows": 4, "cols": 5, "k": 3, "torus": True, "moves": moves, "seats": ["human"] * 2}
    open_game(driver, server, body)
    wait_until(driver, lambda d: status(d) == "X wins", "the won game")
    assert title(driver) == "4×5, 3 in a row, torus: lines wrap"
    pieces = driver.find_elements("css selector", "#board .win")
    assert len(pieces) == 2
    screenshot(driver, "torus")
