"""tools/screenshots.py remakes the documentation's pictures of the page: run it end to end.

It needs Debian's ``chromium`` and ``chromium-driver`` and selenium; without them the test is
skipped with the reason, unless ``TICTACTOE_BROWSER_TESTS=required`` (as in CI), where it fails.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

SCRIPT = ROOT / "tools" / "screenshots.py"
PICTURES = ("3x3", "gomoku-evaluation", "unbounded", "perfect-play", "renju")
SIZE = (1100, 800)
"""The page's viewport the script sets, in pixels: the size of every picture."""


def _missing() -> str | None:
    """Why the script cannot run here, or None."""
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (pip install -e '.[test]')"
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None or shutil.which("chromedriver") is None:
        return "chromium or chromedriver is missing (apt-get install chromium chromium-driver)"
    return None


def png_size(path: Path) -> tuple[int, int]:
    """The width and height of the PNG at ``path``, read from its header."""
    data = path.read_bytes()[:24]
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    assert data[12:16] == b"IHDR", f"{path.name} has no PNG header"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.slow
def test_the_script_makes_the_five_pictures(tmp_path: Path) -> None:
    reason = _missing()
    if reason is not None:
        if os.environ.get("TICTACTOE_BROWSER_TESTS") == "required":
            pytest.fail(f"browser tests are required here, but {reason}")
        pytest.skip(reason)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        f"{name}.png" for name in PICTURES
    )
    for name in PICTURES:
        path = tmp_path / f"{name}.png"
        assert png_size(path) == SIZE, name
        assert 10_000 < path.stat().st_size < 200_000, name  # a page drawn, yet small for docs
