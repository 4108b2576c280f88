"""The web tests' fixtures: an API that checks no bot thread outlives it, and the browser
tests' server and Chromium, one of each per test module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support.web import bot_threads, serving
from support.web_driver import chromium, script_errors

from tictactoe.web import Api, WebServer


@pytest.fixture
def api() -> Iterator[Api]:
    """An API with a patient wait for the bots; no bot thread is left when it closes."""
    api = Api(wait_seconds=10.0)
    yield api
    api.close()
    assert not bot_threads()


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
