"""``tictactoe serve``: its options, the browser it opens, and a clean stop on Ctrl-C."""

from __future__ import annotations

import _thread
import json
import signal
import socket
import subprocess
import sys
import threading
import urllib.request
import webbrowser

import pytest
from support.commandline import run


def test_serve_opens_the_page_in_the_browser_and_stops_cleanly_on_ctrl_c(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    answers: list[str] = []

    def visit(url: str) -> None:
        with urllib.request.urlopen(url + "api/options") as response:
            options = json.load(response)
            answers.append((options["strongest"], options["opening"]))
        _thread.interrupt_main()  # the person presses Ctrl-C

    def browser(url: str) -> bool:
        opened.append(url)
        threading.Thread(target=visit, args=(url,)).start()
        return True

    monkeypatch.setattr(webbrowser, "open", browser)
    code, out, err = run(["serve", "--port", "0"], capsys, monkeypatch)
    assert code == 130
    assert answers == [("best", None)]
    assert opened
    assert opened[0].startswith("http://127.0.0.1:")
    assert out == f"tictactoe: playing at {opened[0]} (Ctrl-C stops)\ntictactoe: server stopped\n"
    assert err == "tictactoe: error: interrupted\n"


def test_serve_opening_is_the_one_the_form_offers_first(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    offered: list[str] = []

    def visit(url: str) -> None:
        with urllib.request.urlopen(url + "api/options") as response:
            offered.append(json.load(response)["opening"])
        _thread.interrupt_main()

    def browser(url: str) -> bool:
        threading.Thread(target=visit, args=(url,)).start()
        return True

    monkeypatch.setattr(webbrowser, "open", browser)
    code, _out, _err = run(["serve", "--port", "0", "--opening", "swap2"], capsys, monkeypatch)
    assert code == 130
    assert offered == ["swap2"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "70000"], "--port 70000: choose a port from 0 to 65535"),
        (["--player", "noname"], "--player 'noname': expected NAME=SPEC"),
        (["--player", "x=nope"], "unknown player 'nope': choose from random, perfect,"),
        (["--player", "perfect=engine:./brain"], "player name 'perfect' is taken"),
        (["--engine", "perfect=./brain"], "player name 'perfect' is taken"),  # the old name
        (["--time", "100"], "--time 100: at most 60 seconds"),
        (["--time", "0"], "argument --time: invalid number of seconds value: '0'"),
    ],
)
def test_bad_options_are_a_usage_error(
    argv: list[str],
    message: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _out, err = run(["serve", "--no-browser", *argv], capsys, monkeypatch)
    assert code == 2
    assert message in err


def test_a_port_in_use_is_a_failure_that_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, _out, err = run(["serve", "--no-browser", "--port", str(port)], capsys, monkeypatch)
    assert code == 1
    assert err.startswith(f"tictactoe: error: cannot listen on 127.0.0.1:{port}: ")
    assert err.endswith("(try --port 0 for any free port)\n")


def test_the_command_serves_until_sigint_and_warns_off_loopback() -> None:
    """The real process: the page is served, Ctrl-C stops it with the usual exit status."""
    command = [
        sys.executable,
        "-m",
        "tictactoe",
        "serve",
        "--no-browser",
        "--port",
        "0",
        "--host",
        "0.0.0.0",
    ]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as server:
        assert server.stdout is not None
        assert server.stderr is not None
        line = server.stdout.readline()
        assert line.startswith("tictactoe: playing at http://localhost:")
        url = line.split()[3]
        with urllib.request.urlopen(url) as response:
            assert b'id="status"' in response.read()
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=30)
    assert server.returncode == 130
    assert out == "tictactoe: server stopped\n"
    assert err.startswith("warning: listening on 0.0.0.0: other machines on the network can play")
    assert err.endswith("tictactoe: error: interrupted\n")
