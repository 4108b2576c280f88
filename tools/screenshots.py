"""Remake the documentation's screenshots of the browser page (``tictactoe serve``).

Makes five pictures, each of a scene set up the same way every run:

- ``3x3.png``: a finished 3×3 game, X's winning line drawn;
- ``gomoku-evaluation.png``: a 15×15 gomoku game, the threat bot's evaluation of its reply shown;
- ``unbounded.png``: the unbounded grid, five in a row, with a game on it;
- ``perfect-play.png``: a 3×3 game with "Show perfect play" on: each free cell coloured by
  whether it wins, draws or loses;
- ``renju.png``: a 15×15 renju game, Black to move, its forbidden points marked with a cross.

Run from the repository root::

    .venv/bin/python tools/screenshots.py [--out DIR]    # DIR defaults to docs/images

It serves the page in-process on a free loopback port and drives Debian's headless Chromium
with Selenium (``apt-get install chromium chromium-driver``). The games are made through the
page's JSON API from scripted moves; the bots are seeded and limited by positions searched, not
by time, so their replies are the same on a fast machine and a slow one.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tictactoe import specs
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.players import Player
from tictactoe.web import Api, Seats, WebServer

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "images"
WIDTH, HEIGHT = 1100, 800
"""The page's viewport, in CSS pixels: the pictures are this size."""
SEED = 1
"""The seed every bot is given, so that ties are broken the same way each run."""
LIMIT = Limit(seconds=30.0, nodes=20_000)
"""The bots' limit: the positions searched decide, the seconds are only a backstop."""
WAIT = 60.0
"""Seconds a scene may take to appear before the script gives up."""
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
    "--force-device-scale-factor=1",
)


class ScreenshotError(Exception):
    """Something the script needs is missing, or a scene never appeared."""


class SeededSeats(Seats):
    """The page's seat kinds, with our bots seeded: the page itself leaves them unseeded."""

    def player(
        self,
        kind: str,
        game: Game,
        limit: Limit,
        stack: ExitStack,
        clock: Callable[[], float] = time.perf_counter,
    ) -> Player | None:
        """The player for a seat of ``kind``, seeded with :data:`SEED` when it is our bot."""
        if kind in specs.BOTS:
            return specs.player(kind, game, seed=SEED, limit=limit, clock=clock)
        return super().player(kind, game, limit, stack, clock)


@dataclass(frozen=True, slots=True)
class Scene:
    """One picture: the game to make through the API, and what to do once the page shows it.

    Args:
        name: the picture's file name, without ``.png``.
        game: the body of ``POST /api/games``.
        marks: how many marks the board shows once every bot has moved.
        evaluation: wait for the page to show an evaluation.
        values: switch "Show perfect play" on and wait for this many coloured cells.
        centre: press "Back to the marks" first (the unbounded grid opens on its origin).
        crosses: how many cells the board marks as forbidden to Black once it is drawn.
    """

    name: str
    game: dict[str, Any]
    marks: int
    evaluation: bool = False
    values: int = 0
    centre: bool = False
    crosses: int = 0


GOMOKU_OPENING = [[7, 7], [7, 5], [5, 5], [9, 5], [5, 7], [8, 5], [6, 5], [6, 7], [5, 6]]
"""Nine moves of the threat bot against itself; O (the bot) replies on the page."""
UNBOUNDED_OPENING = [[0, 0], [-2, 0], [2, 0], [-2, 2], [1, -1], [-2, 3], [-2, 1]]
"""Seven moves of the threat bot against itself; O (the bot) replies on the page."""
RENJU_GAME = [
    [7, 7], [7, 8], [6, 6], [8, 7], [9, 8], [8, 8], [9, 7], [5, 6],
    [5, 7], [5, 8], [7, 9], [5, 5], [6, 8], [7, 6], [9, 9], [4, 4],
]  # fmt: skip
"""Sixteen moves of a renju game after which Black may not play j7 (a double three) nor l10
(a double four)."""

SCENES = (
    Scene(
        "3x3",
        {
            "rows": 3,
            "k": 3,
            "seats": ["human", "random"],
            "moves": [[1, 1], [0, 1], [0, 0], [2, 1], [2, 2]],
        },
        marks=5,
    ),
    Scene(
        "gomoku-evaluation",
        {"rows": 15, "k": 5, "seats": ["human", "threat"], "moves": GOMOKU_OPENING},
        marks=len(GOMOKU_OPENING) + 1,
        evaluation=True,
    ),
    Scene(
        "unbounded",
        {"unbounded": True, "k": 5, "seats": ["human", "threat"], "moves": UNBOUNDED_OPENING},
        marks=len(UNBOUNDED_OPENING) + 1,
        evaluation=True,
        centre=True,
    ),
    Scene(
        "perfect-play",
        # After a1 and c1, X's free cells hold wins, draws and a loss: every colour shows.
        {"rows": 3, "k": 3, "seats": ["human", "perfect"], "moves": [[0, 0], [0, 2]]},
        marks=2,
        values=7,
    ),
    Scene(
        "renju",
        {"rows": 15, "rule": "renju", "seats": ["human", "human"], "moves": RENJU_GAME},
        marks=len(RENJU_GAME),
        crosses=2,
    ),
)


@contextmanager
def serving() -> Iterator[WebServer]:
    """The page on a free loopback port, served from a thread; stopped and joined after."""
    server = WebServer(("127.0.0.1", 0), Api(SeededSeats(), limit=LIMIT))
    thread = threading.Thread(target=server.serve_forever, name="screenshots-server")
    thread.start()
    try:
        yield server
    finally:
        server.stop()
        thread.join(10)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium under Selenium with a fresh profile; never downloads a driver.

    Raises:
        ScreenshotError: selenium, chromium or chromedriver is missing, or chromium fails.
    """
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise ScreenshotError("selenium is not installed (pip install -e '.[test]')") from None
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if browser is None or driver_path is None:
        raise ScreenshotError(
            "chromium or chromedriver is missing (apt-get install chromium chromium-driver)"
        )
    options = webdriver.ChromeOptions()
    options.binary_location = browser
    with tempfile.TemporaryDirectory() as profile:
        for flag in (*_FLAGS, f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}"):
            options.add_argument(flag)
        try:
            driver = webdriver.Chrome(service=Service(driver_path), options=options)
        except WebDriverException as error:
            first = (error.msg or str(error)).strip().splitlines()[0]
            raise ScreenshotError(f"chromium did not start: {first}") from None
        try:
            # The window's size includes room for a toolbar even when headless: set the page's.
            metrics = {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
            yield driver
        finally:
            driver.quit()


def new_game(server: WebServer, body: dict[str, Any]) -> str:
    """The id of a new game made through the page's API from ``body``."""
    reply = server.api.handle("POST", "/api/games", {}, json.dumps(body).encode())
    if reply.status != 200:
        raise ScreenshotError(f"the API refused {body}: {reply.body.get('error')}")
    return str(reply.body["id"])


def wait_until(driver: Any, condition: Callable[[Any], Any], what: str) -> Any:
    """The condition's first true value, polled; raises saying ``what`` never came."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    try:
        return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(condition)
    except TimeoutException:
        raise ScreenshotError(f"waited {WAIT:g} s for {what}") from None


def settled(driver: Any, scene: Scene) -> bool:
    """Whether the page shows the scene's game in full, with no bot still thinking."""
    status = driver.find_element("id", "status")
    return (
        status.text not in ("", "Loading…")
        and "thinking" not in (status.get_attribute("class") or "")
        and len(driver.find_elements("css selector", "#board .mark")) == scene.marks
        and (not scene.evaluation or bool(driver.find_element("id", "evaluation").text))
        and len(driver.find_elements("css selector", "#board .forbidden-mark")) == scene.crosses
    )


def coloured(driver: Any) -> int:
    """How many cells the perfect-play overlay colours."""
    return len(driver.find_elements("css selector", "#board [class*=value-]"))


def shoot(driver: Any, server: WebServer, scene: Scene, out: Path) -> Path:
    """Set up ``scene`` on the page, wait until it is drawn, and save it as OUT/NAME.png."""
    game_id = new_game(server, scene.game)
    driver.get("about:blank")  # a change of the hash alone would not load the page again
    driver.get(f"{server.url}#{game_id}")
    wait_until(driver, lambda d: settled(d, scene), f"the {scene.name} scene")
    if scene.centre:
        driver.find_element("id", "centre").click()
    if scene.values:
        driver.find_element("id", "show-values").click()
        wait_until(
            driver, lambda d: coloured(d) == scene.values, f"the colours of the {scene.name} scene"
        )
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    path = out / f"{scene.name}.png"
    if not driver.save_screenshot(str(path)):
        raise ScreenshotError(f"the browser saved no picture at {path}")
    return path


def make(out: Path) -> list[Path]:
    """Every scene's picture, saved under ``out`` (made if missing)."""
    with chromium() as driver, serving() as server:
        out.mkdir(parents=True, exist_ok=True)
        return [shoot(driver, server, scene, out) for scene in SCENES]


def main(argv: list[str] | None = None) -> int:
    """Make the pictures; one line on stderr and status 1 when something is missing."""
    parser = argparse.ArgumentParser(
        prog="tools/screenshots.py",
        description="Remake the screenshots of the browser page for the documentation.",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help="the folder the PNG files go to (default: docs/images)",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        paths = make(args.out)
    except (ScreenshotError, OSError) as error:
        print(f"screenshots: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(f"{path} ({path.stat().st_size:,} bytes)")
    print(f"{len(paths)} pictures in {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
