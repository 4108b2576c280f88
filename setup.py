"""The optional compiled build: ``TICTACTOE_COMPILE=1 pip install .`` compiles the core with mypyc.

A plain ``pip install .`` stays pure Python and needs no compiler; everything else about the
package is declared in pyproject.toml. With the variable set, setuptools asks the build
environment for mypy (``setup_requires`` becomes a PEP 517 build requirement) and compiles the
modules on the hot path of a game from the same typed source.
"""

from __future__ import annotations

import os

from setuptools import setup

COMPILED = [
    *("_board.py", "_rules.py", "_legal.py", "_checks.py", "game.py"),
    *("_threat/patterns.py", "_threat/board.py", "_threat/tactics.py", "_threat/search.py"),
]
"""The modules of ``src/tictactoe`` that the compiled build turns into C extensions: the game's
hot path, and the threat bot's search board and searches (about 2.4 times the nodes a
second, so the bot sees deeper in the same time)."""
MYPY = "mypy==2.4.1"
"""The mypy whose mypyc compiles them: the same one that type-checks the source."""


def _compiled() -> bool:
    return os.environ.get("TICTACTOE_COMPILE", "") == "1"


def _extensions() -> list[object]:
    if not _compiled():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # the first pass of a PEP 517 build, before mypy is in the environment
        return []
    paths = [os.path.join("src", "tictactoe", *name.split("/")) for name in COMPILED]
    return list(mypycify(paths, opt_level="3"))


setup(
    ext_modules=_extensions(),
    setup_requires=[MYPY] if _compiled() else [],
)
