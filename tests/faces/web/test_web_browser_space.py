"""Boards of three dimensions on the page, in headless Chromium: Qubic and 3×3×3, layer by layer."""

from __future__ import annotations

from typing import Any

from support.web_driver import loaded, open_game, screenshot, start, status, wait_until

from tictactoe.web import WebServer


def space_cell(driver: Any, layer: int, row: int, col: int) -> Any:
    """The button of cell (row, col) in ``layer``."""
    return driver.find_element(
        "css selector", f'#layers [data-layer="{layer}"][data-row="{row}"][data-col="{col}"]'
    )


def marks(driver: Any) -> dict[tuple[int, ...], str]:
    """The marks the layers show, by cell."""
    found = {}
    for button in driver.find_elements("css selector", "#layers .space-cell"):
        mark = button.get_attribute("data-mark")
        if mark:
            cell = tuple(
                int(button.get_attribute(f"data-{part}")) for part in ("layer", "row", "col")
            )
            found[cell] = mark
    return found


def title(driver: Any) -> str:
    return str(driver.find_element("id", "rules").text)


def test_a_qubic_game_takes_clicks_on_two_layers_and_the_bot_answers_each(
    driver: Any, server: WebServer
) -> None:
    start(driver, server, "qubic", ["human", "heuristic"], seconds=0.3)
    assert title(driver) == "4×4×4, 4 in a row"
    assert not driver.find_element("id", "board-frame").is_displayed()
    assert len(driver.find_elements("css selector", "#layers .layer")) == 4
    assert len(driver.find_elements("css selector", "#layers .space-cell")) == 64
    assert driver.find_element("id", "play-help").text == "Click a cell of a layer to play there."
    assert not driver.find_element("id", "hint").is_enabled()
    assert not driver.find_element("id", "save-json").is_enabled()
    kinds = driver.find_elements("css selector", "#seats select")[1]
    offered = [
        option.get_attribute("value") for option in kinds.find_elements("css selector", "option")
    ]
    assert offered == ["human", "random", "heuristic"]
    space_cell(driver, 0, 1, 2).click()
    wait_until(
        driver, lambda d: len(marks(d)) == 2 and status(d) == "X (you) to move", "O's answer"
    )
    assert marks(driver)[(0, 1, 2)] == "X"
    free = next(
        (layer, row, col)
        for layer in (2, 3)
        for row in range(4)
        for col in range(4)
        if (layer, row, col) not in marks(driver)
    )
    space_cell(driver, *free).click()
    wait_until(driver, lambda d: len(marks(d)) == 4 and status(d) == "X (you) to move", "O again")
    shown = marks(driver)
    assert (shown[(0, 1, 2)], shown[free]) == ("X", "X")
    assert sorted(shown.values()) == ["O", "O", "X", "X"]
    last = driver.find_elements("css selector", "#layers .space-cell.last")
    assert len(last) == 1
    assert last[0].get_attribute("data-mark") == "O"
    assert "the last move" in str(last[0].get_attribute("aria-label"))
    assert len(driver.find_elements("css selector", "#moves li")) == 4
    screenshot(driver, "qubic")
    driver.find_element("id", "undo").click()
    wait_until(driver, lambda d: len(marks(d)) == 2, "the undo")
    assert free not in marks(driver)


def test_a_3x3x3_game_won_across_the_layers_names_the_winner(
    driver: Any, server: WebServer
) -> None:
    start(driver, server, "cube", ["human", "human"])
    assert title(driver) == "3×3×3, 3 in a row"
    moves = [(0, 0, 0), (0, 1, 0), (1, 1, 1), (0, 2, 0), (2, 2, 2)]
    for number, cell in enumerate(moves, 1):
        space_cell(driver, *cell).click()
        wait_until(driver, lambda d, n=number: len(marks(d)) == n, f"move {number}")
    wait_until(driver, lambda d: status(d) == "X wins", "the win")
    winning = driver.find_elements("css selector", "#layers .space-cell.winning")
    assert sorted(
        tuple(int(button.get_attribute(f"data-{part}")) for part in ("layer", "row", "col"))
        for button in winning
    ) == [(0, 0, 0), (1, 1, 1), (2, 2, 2)]
    screenshot(driver, "cube-won")
    space_cell(driver, 0, 0, 1).click()  # the game is over: a click plays nothing
    assert len(marks(driver)) == 5


def test_the_perfect_bot_is_offered_on_the_cube_and_a_game_survives_a_restart(
    driver: Any, server: WebServer
) -> None:
    start(driver, server, "cube", ["human", "perfect"], seconds=0.5)
    space_cell(driver, 1, 1, 1).click()
    wait_until(driver, lambda d: len(marks(d)) == 2 and status(d) == "X (you) to move", "O")
    assert title(driver) == "3×3×3, 3 in a row"
    # the server forgets the game (a restart): the page plays it again from what it kept
    game_id = driver.execute_script("return location.hash.slice(1)")
    assert server.api.handle("DELETE", f"/api/games/{game_id}", {}).status == 200
    driver.refresh()
    loaded(driver)
    wait_until(driver, lambda d: len(marks(d)) == 2, "the game restored")
    assert driver.execute_script("return location.hash.slice(1)") != game_id
    kinds = [
        select.get_attribute("value")
        for select in driver.find_elements("css selector", "#seats select")
    ]
    assert kinds == ["human", "perfect"]


def test_the_new_game_form_sets_the_plane_aside_for_a_board_of_three_dimensions(
    driver: Any, server: WebServer
) -> None:
    moves = [[1, 1, 1], [0, 0, 0]]
    open_game(driver, server, {"shape": [4, 4, 4], "k": 4, "moves": moves, "seats": ["human"] * 2})
    wait_until(driver, lambda d: len(marks(d)) == 2, "the game")
    driver.find_element("id", "new-game").click()
    assert driver.find_element("id", "space-board").text == "4×4×4: 4 layers of 4×4"
    assert not driver.find_element("id", "rows").is_displayed()
    assert not driver.find_element("id", "rule").is_displayed()
    assert not driver.find_element("id", "opening-field").is_displayed()
    screenshot(driver, "space-setup")
    driver.find_element("css selector", '[data-preset="tictactoe"]').click()
    assert not driver.find_element("id", "space-board").is_displayed()
    assert driver.find_element("id", "rows").is_displayed()
    driver.find_element("id", "start").click()
    wait_until(driver, lambda d: title(d) == "3×3, 3 in a row", "the plane's game")
    assert driver.find_element("id", "board-frame").is_displayed()
    assert not driver.find_element("id", "layers").is_displayed()
