"""The doctests of each core module's source pass against the module as it is imported.

In the pure build that repeats what ``--doctest-modules`` runs. In the compiled build it is
the only way they run at all: mypyc drops docstrings, so the examples are read from the ``.py``
file beside the extension and run with the compiled module's names.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import io
import os
from pathlib import Path

import pytest
from support.builds import compiled

import tictactoe

COMPILED = ("tictactoe._board", "tictactoe._checks", "tictactoe._legal", "tictactoe._detectors")
COMPILED += ("tictactoe.game", "tictactoe._threat.board", "tictactoe._threat.patterns")
COMPILED += ("tictactoe._threat.scoring", "tictactoe._threat.search", "tictactoe._threat.tactics")
"""The modules setup.py compiles (its ``COMPILED``) in a compiled build."""
WITH_EXAMPLES = ("tictactoe._legal", "tictactoe.game")


def _source_tests(name: str) -> list[doctest.DocTest]:
    """The doctests of module ``name``'s source file, found in a throwaway copy of it."""
    path = Path(tictactoe.__file__).parent / f"{name.rsplit('.', 1)[1]}.py"
    spec = importlib.util.spec_from_file_location(f"_source_of_{name.replace('.', '_')}", path)
    assert spec is not None
    assert spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(source)
    return doctest.DocTestFinder().find(source)


@pytest.mark.parametrize("name", WITH_EXAMPLES)
def test_the_source_examples_hold_for_the_imported_module(name: str) -> None:
    module = importlib.import_module(name)
    tests = [test for test in _source_tests(name) if test.examples]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    for test in tests:
        test.globs = dict(vars(module))
        runner.run(test, out=report.write)
    assert runner.tries > 0, f"no examples found in {name}"
    assert runner.failures == 0, report.getvalue()


def test_the_build_under_test_is_what_ci_asked_for() -> None:
    """CI sets TICTACTOE_EXPECT_COMPILED=1 for its compiled run, so a silent fallback fails."""
    expected = os.environ.get("TICTACTOE_EXPECT_COMPILED", "0") == "1"
    assert all(compiled(importlib.import_module(name)) == expected for name in COMPILED)
