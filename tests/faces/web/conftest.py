"""The browser tests' server and Chromium: one of each per test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.web import serving
from support.web_driver import chromium, script_errors

from tictactoe.web import WebServer


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    with serving() as running:
        yield running


@pytest.fixture(scope="module")
def browser(server: WebServer) -> Iterator[Any]:
    with chromium() as running:
        yield running


@pytest.fixture
def driver(browser: Any) -> Iterator[Any]:
    """The browser, checked after each test for errors in the page's scripts."""
    script_errors(browser)
    yield browser
    assert script_errors(browser) == []
