"""A headless Chromium for the browser tests, driven by Selenium, and the page's common steps.

The tests need Debian's ``chromium`` and ``chromium-driver``; without them they are skipped
with the reason, unless ``TICTACTOE_BROWSER_TESTS=required`` (as in CI), where they fail.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tictactoe.web import WebServer

SCREENSHOTS = Path(__file__).parent.parent / "build" / "screenshots" / "web"
"""Where the browser tests leave their pictures: ignored by git, so a test run changes no
tracked file (the README's picture is a copy of one, in docs/images/)."""
WAIT = 30.0
"""Seconds a step may take before the test fails (bots think for a fraction of this)."""
_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)


def _missing(reason: str) -> None:
    if os.environ.get("TICTACTOE_BROWSER_TESTS") == "required":
        pytest.fail(f"browser tests are required here, but {reason}")
    pytest.skip(reason)


@contextmanager
def chromium(width: int = 1280, height: int = 860, *, phone: bool = False) -> Iterator[Any]:
    """A headless Chromium under Selenium, with a fresh profile; never downloads a driver.

    With ``phone``, the page is laid out as on a phone of ``width`` × ``height`` CSS pixels
    (a window cannot be made that narrow).
    """
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _missing("selenium is not installed (pip install -e '.[test]')")
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if browser is None or driver_path is None:
        _missing("chromium or chromedriver is missing (apt-get install chromium chromium-driver)")
    assert browser is not None
    assert driver_path is not None
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})
    with tempfile.TemporaryDirectory() as profile:
        for flag in (*_FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
        try:
            driver.set_script_timeout(WAIT)
            if phone:
                metrics = {"width": width, "height": height, "deviceScaleFactor": 2, "mobile": True}
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            yield driver
        finally:
            driver.quit()


def script_errors(driver: Any) -> list[str]:
    """The page's script errors since the last call (refused requests are expected, not errors)."""
    return [
        entry["message"]
        for entry in driver.get_log("browser")
        if "Failed to load resource" not in entry["message"]
    ]


def wait_until(driver: Any, condition: Callable[[Any], Any], what: str) -> Any:
    """The condition's first true value, polled; fails saying ``what`` was awaited."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(condition, f"waited for {what}")


def status(driver: Any) -> str:
    """The text of the page's status line."""
    return str(driver.find_element("id", "status").text)


def cell(driver: Any, row: int, col: int) -> Any:
    """The clickable cell (row, col) of the board, as the page tags it."""
    return driver.find_element("css selector", f'#board [data-row="{row}"][data-col="{col}"]')


def marks(driver: Any) -> int:
    """How many marks the board draws."""
    return len(driver.find_elements("css selector", "#board .mark"))


def screenshot(driver: Any, name: str) -> None:
    """Save what the browser shows as build/screenshots/web/NAME.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))


def loaded(driver: Any) -> None:
    """Wait until the page has talked to the server."""
    wait_until(driver, lambda d: d.find_element("id", "status").text != "Loading…", "the page")


def start(
    driver: Any, server: WebServer, preset: str, seats: list[str] | None = None, **fields: Any
) -> None:
    """Open the page and start a game from the new-game dialog, as a person would.

    ``fields`` set the dialog's fields by id: a bool ticks a box, a str picks from a list
    (such as ``rule="caro"``), a number is typed.
    """
    from selenium.webdriver.support.ui import Select

    driver.get(server.url)
    loaded(driver)
    if not driver.find_element("id", "setup").get_attribute("open"):
        driver.find_element("id", "new-game").click()
    driver.find_element("css selector", f'[data-preset="{preset}"]').click()
    for name, value in fields.items():
        field = driver.find_element("id", name)
        if isinstance(value, bool):
            if field.is_selected() != value:
                field.click()
        elif isinstance(value, str):
            Select(field).select_by_value(value)
        else:
            field.clear()
            field.send_keys(str(value))
    for index, kind in enumerate(seats or []):
        Select(driver.find_elements("css selector", "#setup-seats select")[index]).select_by_value(
            kind
        )
    driver.find_element("id", "start").click()
    wait_until(
        driver, lambda d: not d.find_element("id", "setup").get_attribute("open"), "the game"
    )


def open_game(driver: Any, server: WebServer, body: dict[str, Any]) -> str:
    """Make a game through the API from ``body`` (a new game's fields), show it; its id."""
    reply = server.api.handle("POST", "/api/games", {}, json.dumps(body).encode())
    assert reply.status == 200, reply.body
    game_id = str(reply.body["id"])
    driver.get("about:blank")  # a change of the hash alone would not load the page again
    driver.get(f"{server.url}#{game_id}")
    loaded(driver)
    return game_id
