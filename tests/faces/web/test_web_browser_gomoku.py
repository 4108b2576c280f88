"""Gomoku's rules on the page, in headless Chromium: renju's forbidden cells and caro."""

from __future__ import annotations

from typing import Any

import pytest
from support.web_driver import cell, marks, open_game, screenshot, start, status, wait_until

from tictactoe.web import WebServer

DOUBLE_THREE = [[2, 4], [0, 0], [3, 4], [0, 14], [4, 2], [14, 0], [4, 3], [14, 14]]
"""Black's open threes meet at e5 (4, 4): a double three, forbidden under renju."""


def crosses(driver: Any) -> int:
    """How many forbidden cells the board marks."""
    return len(driver.find_elements("css selector", "#board .forbidden-mark"))


def test_a_forbidden_click_under_renju_shows_the_reason_and_plays_nothing(
    driver: Any, server: WebServer
) -> None:
    open_game(driver, server, {"rows": 15, "rule": "renju", "seats": ["human", "human"]})
    wait_until(driver, lambda d: marks(d) == 0, "the empty board")
    assert driver.find_element("id", "rules").text == "15×15, 5 in a row, renju"
    for number, (row, col) in enumerate(DOUBLE_THREE, 1):
        cell(driver, row, col).click()
        wait_until(driver, lambda d, n=number: marks(d) == n, f"move {number}")
    wait_until(driver, lambda d: crosses(d) == 1, "the cross on e5")
    assert "forbidden" in cell(driver, 4, 4).get_attribute("class")
    assert cell(driver, 4, 4).get_attribute("aria-label") == (
        "e5, empty, forbidden for Black: double three"
    )
    screenshot(driver, "renju-forbidden")
    cell(driver, 4, 4).click()
    error = wait_until(driver, lambda d: d.find_element("id", "error").text, "the refusal")
    assert error == "e5 is forbidden for Black (X): double three"
    assert marks(driver) == len(DOUBLE_THREE)
    assert status(driver) == "X to move"
    assert driver.find_element("id", "forbidden-toggle").is_displayed()
    toggle = driver.find_element("id", "show-forbidden")
    toggle.click()
    wait_until(driver, lambda d: crosses(d) == 0, "the crosses hidden")
    assert "forbidden" not in cell(driver, 4, 4).get_attribute("class")
    toggle.click()
    wait_until(driver, lambda d: crosses(d) == 1, "the crosses again")
    cell(driver, 10, 10).click()  # White to move: nothing is forbidden to White
    wait_until(driver, lambda d: marks(d) == 9 and crosses(d) == 0, "White's turn")


@pytest.mark.slow
def test_a_caro_game_starts_from_the_form_and_renju_is_offered_for_five_alone(
    driver: Any, server: WebServer
) -> None:
    from selenium.webdriver.support.ui import Select

    start(driver, server, "gomoku", ["human", "human"], rule="caro")
    assert driver.find_element("id", "rules").text == "15×15, 5 in a row, caro"
    assert not driver.find_element("id", "forbidden-toggle").is_displayed()
    cell(driver, 7, 7).click()
    wait_until(driver, lambda d: marks(d) == 1 and status(d) == "O to move", "the move")
    driver.find_element("id", "new-game").click()
    rule = Select(driver.find_element("id", "rule"))
    assert rule.first_selected_option.get_attribute("value") == "caro"
    k = driver.find_element("id", "k")
    k.clear()
    k.send_keys("4")
    offered = [option.get_attribute("value") for option in rule.options if option.is_enabled()]
    assert offered == ["freestyle", "standard"]
    assert rule.first_selected_option.get_attribute("value") == "freestyle"
    assert not driver.find_element("id", "opening-field").is_displayed()
    driver.find_element("id", "cancel").click()


def test_a_swap2_opening_the_person_answers_and_the_bot_chooses_after(
    driver: Any, server: WebServer
) -> None:
    """The bot opens; the person asks for two more stones, places them; the bot takes a colour."""
    start(
        driver, server, "gomoku", ["threat", "human"], seconds=0.3, **{"opening-protocol": "swap2"}
    )
    choose = "Swap2: you choose: play Black (X) / play White (O) / place 2 more"
    wait_until(driver, lambda d: status(d) == choose, "the bot's three stones")
    assert marks(driver) == 3
    assert driver.find_element("id", "opening").text == "Swap2: threat placed 3 stones"
    assert driver.find_element("id", "undo").get_attribute("disabled") == "true"
    driver.find_element("css selector", '#opening-choices [data-option="place2"]').click()
    wait_until(driver, lambda d: status(d) == "Swap2: you place 2 stones (O, X)", "the ask")
    assert not driver.find_element("id", "opening-choices").is_displayed()
    cell(driver, 0, 0).click()
    wait_until(driver, lambda d: status(d).endswith("(1 of 2 placed)"), "the first stone")
    cell(driver, 14, 14).click()
    story = wait_until(
        driver,
        lambda d: "chose to play" in (text := d.find_element("id", "opening").text) and text,
        "the bot's choice",
    )
    assert story.startswith("Swap2: threat placed 3 stones, you chose to place 2 more, you placed")
    mark = "O" if story.endswith("threat chose to play Black (X)") else "X"
    wait_until(driver, lambda d: status(d) == f"{mark} (you) to move", "the person's turn")
    screenshot(driver, "swap2")
