"""The public namespace is curated: __all__ is sorted, complete, and nothing else leaks."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
import types
from pathlib import Path

import tictactoe


def test_all_is_sorted_and_every_name_exists() -> None:
    assert tictactoe.__all__ == sorted(tictactoe.__all__)
    for name in tictactoe.__all__:
        assert hasattr(tictactoe, name)


def test_nothing_public_leaks() -> None:
    public = {
        name
        for name, value in vars(tictactoe).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert public == set(tictactoe.__all__)


def test_the_contract_names_are_exported() -> None:
    contract = {"Game", "Mark", "Move", "Status", "TicTacToeError", "IllegalMove"}
    contract |= {"InvalidPosition", "OffBoard", "CellTaken", "GameOver"}
    assert contract <= set(tictactoe.__all__)


def test_import_loads_the_core_and_the_players_only() -> None:
    """Formats, pictures and the command load when asked for, as chess.svg and chess.pgn do."""
    code = "import sys, tictactoe; print(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    for name in ("tictactoe.notation", "tictactoe.records", "tictactoe.svg", "tictactoe.cli"):
        assert name not in loaded
    assert {"tictactoe.game", "tictactoe.players", "tictactoe.heuristic"} <= loaded


def test_private_modules_are_marked_and_public_ones_documented() -> None:
    package = Path(tictactoe.__file__).parent
    public = {
        path.stem
        for path in package.glob("*.py")
        if not path.stem.startswith("_") and path.stem != "py"
    }
    assert public == {
        "coordinates",
        "counting",
        "engine",
        "errors",
        "game",
        "heuristic",
        "human",
        "limits",
        "marks",
        "notation",
        "openings",
        "outcome",
        "perfect",
        "players",
        "records",
        "solver",
        "space",
        "specs",
        "svg",
        "swap",
        "threat",
        "threats",
    }
    for name in public:
        module = importlib.import_module(f"tictactoe.{name}")
        source = (package / f"{name}.py").read_text(encoding="utf-8")
        assert ast.get_docstring(ast.parse(source)), name  # the source's: mypyc drops docstrings
        assert sorted(module.__all__) == sorted(set(module.__all__)), name
    command = {path.stem for path in (package / "cli").glob("*.py")}
    assert all(name.startswith("_") for name in command)
