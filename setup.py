"""The compiled build: ``pip install .`` compiles the hot path with mypyc when it can.

Everything else about the package is declared in pyproject.toml. A wheel (what ``pip install
.`` builds) gets the modules of :data:`COMPILED` as C extensions, made by mypyc from the same
typed source; setuptools asks the build environment for mypy first (``setup_requires``
becomes a PEP 517 build requirement). Where that cannot work (no C compiler, no Python
headers, mypyc fails) the build says why (``pip -v`` shows it) and the wheel is pure
Python: the same package, slower. An editable install (``pip install -e
.``) stays pure, so that an edit to the source takes effect. ``TICTACTOE_COMPILE=0`` asks
for the pure build, and ``TICTACTOE_COMPILE=1`` compiles an editable install too.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.errors import CCompilerError, ExecError, PlatformError

COMPILED = [
    *("_board.py", "_detectors.py", "_legal.py", "_checks.py", "game.py"),
    *("_threat/patterns.py", "_threat/scoring.py", "_threat/board.py"),
    *("_threat/tactics.py", "_threat/search.py"),
]
"""The modules of ``src/tictactoe`` that the compiled build turns into C extensions: the game's
hot path, and the threat bot's search board, its cells' scoring and its searches (more nodes a
second, so the bot sees deeper in the same time; measurements: docs/research.md)."""
MYPY = "mypy==2.4.1"
"""The mypy whose mypyc compiles them: the same one that type-checks the source."""
SETTING = os.environ.get("TICTACTOE_COMPILE", "")
"""``0``: never compile; ``1``: compile, an editable install too; unset: compile a wheel."""
WHEEL = "bdist_wheel" in sys.argv
"""Whether setuptools is building a wheel (``pip install .``), not an editable install or
the package's metadata."""


def _warn(message: str) -> None:
    print(f"tictactoe: {message}; installing the pure Python build", file=sys.stderr)


def _first_line(error: BaseException, width: int = 120) -> str:
    """The start of an error's message: a compiler's is its whole command line."""
    text = f"{type(error).__name__}: {error}".splitlines()[0]
    return text if len(text) <= width else text[: width - 1] + "…"


def _extensions() -> list[object]:
    """The extensions to build: none unless this is a build that compiles."""
    if SETTING == "0" or (SETTING != "1" and not WHEEL):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # as in the first pass of a PEP 517 build, before mypy is installed
        if WHEEL:
            _warn("mypy is not installed")
        return []
    paths = [os.path.join("src", "tictactoe", *name.split("/")) for name in COMPILED]
    try:
        return list(mypycify(paths, opt_level="3"))
    except (Exception, SystemExit) as error:  # mypyc reports a failure by exiting
        _warn(f"mypyc could not compile the modules ({_first_line(error)})")
        return []


class _OptionalBuildExt(build_ext):
    """Builds the extensions, or none of them when the C compiler fails."""

    def run(self) -> None:
        try:
            super().run()
        except (CCompilerError, ExecError, PlatformError, OSError) as error:
            _warn(f"the C extensions could not be built ({_first_line(error)})")
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)


setup(
    ext_modules=_extensions(),
    cmdclass={"build_ext": _OptionalBuildExt},
    setup_requires=[] if SETTING == "0" else [MYPY],
)
