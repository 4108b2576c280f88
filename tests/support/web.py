"""Helpers for the tests of tictactoe.web: the API called in-process, a server on a thread."""

from __future__ import annotations

import http.client
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tictactoe.web import Api, WebServer


def call(api: Api, method: str, path: str, body: object = None, **query: str) -> tuple[int, Any]:
    """The status and JSON reply of one API request; ``body`` is sent as JSON."""
    data = b"" if body is None else json.dumps(body).encode()
    reply = api.handle(method, path, query, data)
    json.dumps(reply.body)  # every reply can be sent as JSON
    return reply.status, reply.body


def ok(api: Api, method: str, path: str, body: object = None, **query: str) -> Any:
    """The reply of a request that must succeed."""
    status, reply = call(api, method, path, body, **query)
    assert status == 200, reply
    return reply


def new_game(api: Api, **fields: Any) -> Any:
    """A new game's state; seats default to people, so nothing moves on its own."""
    fields.setdefault("seats", ["human"] * fields.get("players", 2))
    return ok(api, "POST", "/api/games", fields)


def settled(api: Api, state: Any) -> Any:
    """The state once no bot is thinking (each wait answers when something changed)."""
    for _ in range(10_000):
        if not state["thinking"]:
            return state
        state = ok(api, "GET", f"/api/games/{state['id']}", since=str(state["version"]))
    raise AssertionError(f"a bot kept thinking: {state['message']}")


def bot_threads() -> list[threading.Thread]:
    """The bots' worker threads still alive."""
    return [t for t in threading.enumerate() if t.name.startswith("tictactoe-bot-")]


@contextmanager
def serving(api: Api | None = None) -> Iterator[WebServer]:
    """A server on a free loopback port, serving on a thread, stopped and joined after."""
    server = WebServer(("127.0.0.1", 0), api or Api())
    thread = threading.Thread(target=server.serve_forever, name="test-web-server")
    thread.start()
    try:
        yield server
    finally:
        server.stop()
        thread.join(10)
        assert not thread.is_alive()


def fetch(
    server: WebServer,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    """Status, headers and body of one HTTP request to ``server`` (Host set right by default)."""
    port = server.server_address[1]
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        sent = {"Host": f"127.0.0.1:{port}", **(headers or {})}
        if body is not None:
            sent.setdefault("Content-Type", "application/json")
            sent.setdefault("Content-Length", str(len(body)))
        for name, value in sent.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()
