"""The web server over HTTP: the page's files, the API carried, other sites refused."""

from __future__ import annotations

import json
import socket
import struct
import threading
from collections.abc import Iterator

import pytest
from support.web import bot_threads, fetch, serving

from tictactoe.web import Api, WebServer, is_loopback
from tictactoe.web._api import MAX_BODY
from tictactoe.web._server import _Handler, static_files


@pytest.fixture(scope="module")
def server() -> Iterator[WebServer]:
    with serving() as running:
        yield running


def test_the_page_and_its_files_are_served_with_their_types_and_safety_headers(
    server: WebServer,
) -> None:
    status, headers, body = fetch(server, "GET", "/")
    assert status == 200
    assert headers["Content-Type"] == "text/html; charset=utf-8"
    assert b'id="board"' in body
    assert b'id="status"' in body
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Content-Type-Options"] == "nosniff"
    for path, kind in [
        ("/app.js", "text/javascript"),
        ("/board.js", "text/javascript"),
        ("/api.js", "text/javascript"),
        ("/setup.js", "text/javascript"),
        ("/app.css", "text/css"),
        ("/icon.svg", "image/svg+xml"),
    ]:
        status, headers, body = fetch(server, "GET", path)
        assert (status, headers["Content-Type"].split(";")[0]) == (200, kind)
        assert body == static_files()[path][0]


def test_the_page_names_no_file_from_elsewhere(server: WebServer) -> None:
    """Works offline: every script, style and picture is the package's own."""
    for path, (body, _) in static_files().items():
        text = body.decode()
        assert "http://" not in text.replace('"http://www.w3.org/2000/svg"', ""), path
        assert "https://" not in text, path
        assert "//cdn" not in text, path


@pytest.mark.parametrize(
    "path",
    [
        "/../pyproject.toml",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/static/../_api.py",
        "/_api.py",
        "//etc/passwd",
        "/index.html/..",
        "/app.js%00.html",
        "/..%2f..%2fREADME.md",
    ],
)
def test_no_path_outside_the_pages_files_is_served(server: WebServer, path: str) -> None:
    status, _headers, body = fetch(server, "GET", path)
    assert status == 404
    assert json.loads(body)["error"].startswith("no such page")


@pytest.mark.parametrize(
    "host",
    [
        "evil.example:{port}",
        "localhost.evil.example:{port}",
        "127.0.0.1:1",
        "127.0.0.1",
        "",
        "localhost:{port}x",
        "[::1:{port}",
    ],
)
def test_a_host_that_is_not_this_server_is_refused(server: WebServer, host: str) -> None:
    """DNS rebinding: a name that resolves here still names someone else's site."""
    port = server.server_address[1]
    for path in ("/", "/api/options"):
        status, _, body = fetch(server, "GET", path, headers={"Host": host.format(port=port)})
        assert status == 403
        assert "is not this server" in json.loads(body)["error"]


@pytest.mark.parametrize(
    "host",
    [
        "localhost:{port}",
        "127.0.0.1:{port}",
        "LOCALHOST:{port}",
        "192.168.1.5:{port}",
        "[::1]:{port}",
    ],
)
def test_loopback_names_and_addresses_are_this_server(server: WebServer, host: str) -> None:
    port = server.server_address[1]
    assert fetch(server, "GET", "/api/options", headers={"Host": host.format(port=port)})[0] == 200


def test_an_origin_other_than_the_server_is_refused(server: WebServer) -> None:
    port = server.server_address[1]
    for origin in (
        "http://evil.example",
        f"http://localhost:{port}",
        "null",
        f"https://127.0.0.1:{port}",
    ):
        status, _, body = fetch(server, "POST", "/api/games", b"{}", headers={"Origin": origin})
        assert status == 403, origin
        assert "origin" in json.loads(body)["error"]
    status, _, body = fetch(
        server, "POST", "/api/games", b"{}", headers={"Origin": f"http://127.0.0.1:{port}"}
    )
    assert status == 200
    fetch(server, "DELETE", f"/api/games/{json.loads(body)['id']}")


def test_the_api_is_carried_with_its_statuses_and_never_cached(server: WebServer) -> None:
    gomoku = {"seats": ["human", "human"], "rows": 15, "k": 5}  # a game SGF can hold
    status, headers, body = fetch(server, "POST", "/api/games", json.dumps(gomoku).encode())
    assert status == 200
    assert headers["Cache-Control"] == "no-store"
    game = json.loads(body)["id"]
    status, _, body = fetch(server, "POST", f"/api/games/{game}/move", b'{"row": 1, "col": 1}')
    assert (status, json.loads(body)["line"][0]["label"]) == (200, "b2")
    status, _, body = fetch(server, "POST", f"/api/games/{game}/move", b'{"row": 1, "col": 1}')
    assert (status, json.loads(body)) == (400, {"error": "cell (1, 1) is taken by X"})
    status, _, body = fetch(server, "GET", f"/api/games/{game}/record?format=sgf")
    assert json.loads(body)["text"].endswith(";B[bb])\n")
    assert fetch(server, "DELETE", f"/api/games/{game}")[0] == 200
    assert fetch(server, "GET", f"/api/games/{game}")[0] == 404


def test_bodies_are_checked_before_they_are_read(server: WebServer) -> None:
    status, _, body = fetch(
        server, "POST", "/api/games", b"{}", headers={"Content-Type": "text/plain"}
    )
    assert (status, json.loads(body)["error"]) == (415, "send the body as application/json")
    status, _, body = fetch(
        server, "POST", "/api/games", b"", headers={"Content-Length": str(MAX_BODY + 1)}
    )
    assert status == 413
    assert "over" in json.loads(body)["error"]
    status, _, body = fetch(server, "POST", "/api/games", b"", headers={"Content-Length": "-5"})
    assert (status, json.loads(body)["error"]) == (411, "a body needs a Content-Length")


@pytest.mark.parametrize(
    ("length", "status"),
    [("²", 411), ("1²", 411), ("0x10", 411), ("9" * 5000, 413), ("0" * 30 + "2", 200)],
)
def test_a_content_length_is_ascii_digits_of_any_length(
    server: WebServer, capsys: pytest.CaptureFixture[str], length: str, status: int
) -> None:
    """``²`` passes ``str.isdigit`` and 5,000 digits are too many for ``int``: both are
    answered, like every other bad length, and nothing is printed."""
    answer = fetch(server, "POST", "/api/games", b"{}", headers={"Content-Length": length})
    assert answer[0] == status
    assert capsys.readouterr().err == ""


def test_a_client_that_goes_away_during_a_long_poll_is_let_go_quietly(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A tab closed while it waits for a bot's move: its answer meets a reset connection."""
    api = Api(wait_seconds=60)
    with serving(api) as server:
        state = json.loads(fetch(server, "POST", "/api/games", b"{}")[2])
        host, port = server.server_address[:2]
        client = socket.create_connection((str(host), port))
        path = f"/api/games/{state['id']}?since={state['version']}"
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        while not api.waiting:
            threading.Event().wait(0.01)  # until the request waits
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()  # with a reset, as a browser drops a connection
        assert fetch(server, "DELETE", f"/api/games/{state['id']}")[0] == 200  # wakes it
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("POST", "/", 405),
        ("PUT", "/index.html", 405),
        ("HEAD", "/", 405),
        ("DELETE", "/api/options", 405),
    ],
)
def test_methods_the_server_does_not_take_are_refused(
    server: WebServer, method: str, path: str, status: int
) -> None:
    assert fetch(server, method, path, b"" if method in ("POST", "PUT") else None)[0] == status


def test_a_waiting_request_ends_when_the_server_stops() -> None:
    """Stopping closes the games, wakes the waiting requests and joins every thread."""
    api = Api(wait_seconds=60)
    before = set(threading.enumerate())
    with serving(api) as server:
        _status, _, body = fetch(server, "POST", "/api/games", b'{"seats": ["human", "human"]}')
        state = json.loads(body)
        answers: list[int] = []
        waiter = threading.Thread(
            target=lambda: answers.append(
                fetch(server, "GET", f"/api/games/{state['id']}?since={state['version']}")[0]
            )
        )
        waiter.start()
        while not api.waiting and waiter.is_alive():
            waiter.join(0.01)  # until the request waits (stopping earlier would drop it unread)
    waiter.join(10)
    assert answers in ([200], [404])  # woken from its wait, or its game already closed
    assert not bot_threads()
    assert set(threading.enumerate()) <= before | {threading.current_thread()}


def test_an_idle_connection_does_not_hold_the_stop(monkeypatch: pytest.MonkeyPatch) -> None:
    """A connection a browser opens ahead of need, and sends nothing on, ends with the server."""
    monkeypatch.setattr(_Handler, "timeout", 3600)  # it would hold the stop that long
    before = set(threading.enumerate())
    server = WebServer(("127.0.0.1", 0), Api())
    serving_thread = threading.Thread(target=server.serve_forever)
    serving_thread.start()
    idle = socket.create_connection(server.server_address[:2])
    try:
        while not any(
            "process_request" in thread.name and thread not in before
            for thread in threading.enumerate()
        ):
            serving_thread.join(0.01)  # until a thread reads the request that never comes
        stopper = threading.Thread(target=server.stop, daemon=True)
        stopper.start()
        stopper.join(60)
        assert not stopper.is_alive()
        assert idle.recv(1) == b""  # the server closed it
    finally:
        idle.close()  # lets a handler still reading end, should the stop have hung
    serving_thread.join(10)
    assert set(threading.enumerate()) <= before | {threading.current_thread()}


def test_an_ipv6_address_is_listened_on() -> None:
    server = WebServer(("::1", 0), Api())
    try:
        assert server.url == f"http://[::1]:{server.server_address[1]}/"
    finally:
        server.server_close()


def test_the_url_and_what_counts_as_loopback() -> None:
    server = WebServer(("127.0.0.1", 0), Api())
    try:
        assert server.url == f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.server_close()
    assert is_loopback("localhost")
    assert is_loopback("127.0.0.1")
    assert is_loopback("::1")
    assert is_loopback("127.8.9.1")
    assert is_loopback("[::1]")
    assert not is_loopback("0.0.0.0")
    assert not is_loopback("192.168.1.5")
    assert not is_loopback("example.com")
