"""The RL package's edges: optional dependencies, the public names, action numbers."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tictactoe as ttt
import tictactoe.rl
from tictactoe.rl import action_to_cell, cell_to_action


def run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )


def test_import_tictactoe_loads_none_of_the_rl_dependencies():
    result = run_python(
        "import sys, tictactoe, tictactoe.svg, tictactoe.records, tictactoe.notation\n"
        "print(sorted({'numpy', 'pettingzoo', 'gymnasium'} & set(sys.modules)))"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("missing", ["numpy", "pettingzoo", "gymnasium"])
def test_import_tictactoe_rl_without_the_extra_names_the_extra(missing: str):
    result = run_python(f"import sys\nsys.modules[{missing!r}] = None\nimport tictactoe.rl")
    assert result.returncode == 1
    last_line = result.stderr.strip().splitlines()[-1]
    assert last_line == (
        "ImportError: tictactoe.rl needs the rl extra (numpy, pettingzoo, gymnasium) and "
        f"{missing} is missing: pip install 'tictactoe[rl]'"
    )


def test_the_public_names_are_exactly_all():
    public = {name for name in vars(tictactoe.rl) if not name.startswith("_")}
    modules = {"actions", "aec", "gym_env", "parallel", "vector", "vector_env"}
    assert public - modules == set(tictactoe.rl.__all__)
    assert tictactoe.rl.__all__ == sorted(tictactoe.rl.__all__)


@given(rows=st.integers(1, 50), cols=st.integers(1, 50), data=st.data())
def test_actions_and_cells_are_row_major_both_ways(rows: int, cols: int, data: st.DataObject):
    action = data.draw(st.integers(0, rows * cols - 1))
    row, col = action_to_cell(action, cols)
    assert (row, col) == (action // cols, action % cols)
    assert 0 <= row < rows
    assert cell_to_action((row, col), cols) == action


def test_the_order_is_row_major_not_tictactoe_v3s_column_major():
    assert [action_to_cell(action, 3) for action in range(4)] == [(0, 0), (0, 1), (0, 2), (1, 0)]


def test_cells_and_actions_off_the_board_are_refused():
    with pytest.raises(ttt.InvalidArgument, match="action -1 is negative"):
        action_to_cell(-1, 3)
    with pytest.raises(ttt.InvalidArgument, match=r"cell \(0, 3\) is not on a board 3 columns"):
        cell_to_action((0, 3), 3)
    with pytest.raises(ttt.WrongType):
        action_to_cell(1.0, 3)  # type: ignore[arg-type]
