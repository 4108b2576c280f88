"""The HTTP face of the API: the standard library's threading server, safe by default.

Every request is checked before anything else: its ``Host`` must name this server (a loopback
name or an IP address, and the server's port), and an ``Origin``, when the browser sends one,
must be the server's own, so a page from elsewhere cannot reach the games, even through DNS
rebinding. Static files are the package's own, read once at start and looked up by name:
no path from a request ever reaches the file system. Bodies have a size limit, and API
replies are never cached. A client that goes away before its answer (a closed tab, a page
reloaded during a long poll) is normal, and ends its request quietly.
"""

from __future__ import annotations

import ipaddress
import json
import socket
import sys
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from tictactoe.web._api import MAX_BODY, Api, Reply

__all__ = ["LOOPBACK", "WebServer", "is_loopback", "static_files"]

_Request = socket.socket | tuple[bytes, socket.socket]
"""What a socket server hands its handlers: a stream server's are connected sockets."""
LOOPBACK = "127.0.0.1"
"""Where the server listens unless told otherwise: this machine only."""
_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
}
_SECURITY = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
        "frame-ancestors 'none'; form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files by URL path (``/`` is the page), with their content types."""
    found: dict[str, tuple[bytes, str]] = {}
    folder = resources.files("tictactoe.web").joinpath("static")
    for entry in folder.iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in _TYPES:
            found["/" + entry.name] = (entry.read_bytes(), _TYPES[suffix])
    found["/"] = found["/index.html"]
    return found


def is_loopback(host: str) -> bool:
    """Whether ``host`` names this machine only (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


class WebServer(ThreadingHTTPServer):
    """The server: one thread per request, the API, the static files and the allowed hosts.

    Args:
        address: the host and port to listen on (port 0: any free port).
        api: the API that answers ``/api/`` requests.
        names: host names besides loopback names and IP addresses that may reach the server
            (the one given with ``--host``).
    """

    daemon_threads = False
    block_on_close = True

    def __init__(self, address: tuple[str, int], api: Api, *, names: tuple[str, ...] = ()) -> None:
        self.api = api
        self.files = static_files()
        self._names = {name.lower() for name in names}
        self._connections: set[_Request] = set()
        self._connections_lock = threading.Lock()
        if ":" in address[0]:  # an IPv6 address, such as ::1
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    @property
    def url(self) -> str:
        """The page's address."""
        host, port = self.socket.getsockname()[:2]
        shown = f"[{host}]" if ":" in host else host
        if shown in ("0.0.0.0", "[::]"):
            shown = "localhost"
        return f"http://{shown}:{port}/"

    def is_allowed_host(self, header: str) -> bool:
        """Whether a ``Host`` header names this server: a name it answers to, and its port."""
        name, _, port = header.rpartition(":")
        if not name or port != str(self.socket.getsockname()[1]):
            return False
        name = name.lower()
        if name == "localhost" or name in self._names:
            return True
        bracketed = name.startswith("[") and name.endswith("]")
        try:
            address = ipaddress.ip_address(name[1:-1] if bracketed else name)
        except ValueError:
            return False
        return bracketed == (address.version == 6)

    def process_request(self, request: _Request, client_address: Any) -> None:
        """Answer ``request`` in its own thread, keeping it among the open connections."""
        with self._connections_lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: _Request) -> None:
        """Close ``request``'s connection once answered."""
        with self._connections_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def handle_error(self, request: _Request, client_address: Any) -> None:
        """Report a request that failed, unless its client merely went away."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    def server_close(self) -> None:
        """Stop listening and wait for the requests being answered, not for idle connections.

        A browser opens connections ahead of need and may send nothing on them; their reading
        side is shut, so their threads end at once instead of at the handler's timeout.
        """
        with self._connections_lock:
            connections = list(self._connections)
        for connection in connections:
            try:
                if isinstance(connection, socket.socket):
                    connection.shutdown(socket.SHUT_RD)
            except OSError:  # closed meanwhile
                pass
        super().server_close()

    def stop(self) -> None:
        """Stop serving from another thread, close the games, and wait for every thread."""
        stopper = threading.Thread(target=self.shutdown)
        stopper.start()
        self.api.close()
        stopper.join()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    """One request: checked, then answered by the API or from the static files."""

    server: WebServer
    timeout = 10  # a connection that sends nothing is dropped, so stopping never waits long
    server_version = "tictactoe"
    sys_version = ""

    def do_GET(self) -> None:
        self._answer()

    def do_POST(self) -> None:
        self._answer()

    def do_DELETE(self) -> None:
        self._answer()

    def do_PUT(self) -> None:
        self._answer()

    def do_HEAD(self) -> None:
        self._send_error(HTTPStatus.METHOD_NOT_ALLOWED, "HEAD is not allowed: use GET")

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows the address and errors, not every request."""

    def _answer(self) -> None:
        host = self.headers.get("Host", "")
        if not self.server.is_allowed_host(host):
            self._send_error(HTTPStatus.FORBIDDEN, f"host {host[:80]!r} is not this server")
            return
        origin = self.headers.get("Origin")
        if origin is not None and origin.lower() != f"http://{host}".lower():
            self._send_error(HTTPStatus.FORBIDDEN, f"origin {origin[:80]!r} is not this server")
            return
        parts = urlsplit(self.path)
        if parts.path.startswith("/api/"):
            self._api(parts.path, dict(parse_qsl(parts.query)))
        elif self.command != "GET":
            self._send_error(HTTPStatus.METHOD_NOT_ALLOWED, f"{self.command} is not allowed here")
        elif parts.path in self.server.files:
            data, kind = self.server.files[parts.path]
            self._send(HTTPStatus.OK, data, kind, cache="no-cache")
        else:
            self._send_error(HTTPStatus.NOT_FOUND, f"no such page: {parts.path[:80]!r}")

    def _api(self, path: str, query: dict[str, str]) -> None:
        body = b""
        if self.command in ("POST", "PUT"):
            length = _body_length(self.headers.get("Content-Length", ""))
            if length is None:
                self._send_error(HTTPStatus.LENGTH_REQUIRED, "a body needs a Content-Length")
                return
            if length > MAX_BODY:
                self._send_error(
                    HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the body is over {MAX_BODY:,} bytes"
                )
                return
            kind = self.headers.get("Content-Type", "")
            if length and kind.split(";")[0].strip().lower() != "application/json":
                self._send_error(
                    HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json"
                )
                return
            body = self.rfile.read(length)
        self._reply(self.server.api.handle(self.command, path, query, body))

    def _reply(self, reply: Reply) -> None:
        data = json.dumps(reply.body).encode("utf-8")
        self._send(reply.status, data, "application/json", cache="no-store")

    def _send_error(self, status: HTTPStatus, message: str) -> None:
        self._reply(Reply(status, {"error": message}))

    def _send(self, status: int, data: bytes, kind: str, *, cache: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", cache)
        for name, value in _SECURITY.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)


def _body_length(header: str) -> int | None:
    """The body's length that a ``Content-Length`` header gives; None if it gives none.

    Only ASCII digits count: ``str.isdigit`` also takes ``²``, which ``int`` refuses. More
    digits than any body the server takes reads as just over the limit, without making the
    number (``int`` refuses very long ones too).
    """
    digits = header.strip()
    if not (digits.isascii() and digits.isdigit()):
        return None
    digits = digits.lstrip("0") or "0"
    return MAX_BODY + 1 if len(digits) > len(str(MAX_BODY)) else int(digits)
