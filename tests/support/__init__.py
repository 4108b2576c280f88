"""What the tests share: paths, fake clocks, fake brains, positions, and the faces' drivers.

Each helper lives here once; a test imports it as ``from support.clocks import TickingClock``
(``tests/`` is on the import path, see ``tests/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).parent.parent.parent
"""The repository."""
DATA = ROOT / "tests" / "data"
"""Saved games, reference data and the tactics suite."""
FAKE_BRAIN = Path(__file__).parent / "fake_brain.py"
"""A scripted Gomocup brain that misbehaves on purpose (see its docstring for the modes)."""
