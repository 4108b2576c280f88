"""OpenSpiel's Connect Four and gomoku variants, replayed on our Game: a differential oracle.

``tests/data/reference/openspiel_*.txt`` hold thousands of seeded random games that
OpenSpiel 2.0.2 played to the end: ``connect_four`` (our gravity), and ``gomoku`` with
``anti`` (our misère), ``wrap`` (our torus) and both. Each line gives the shape, OpenSpiel's
actions, a digest of its legal actions in every state and its returns. Here every game is
replayed on :class:`tictactoe.Game` and after every ply our legal moves, as OpenSpiel's
actions, must give the same digest, the game must be over exactly at the last action, and
the winner (or the draw) must be the one the returns name. OpenSpiel is not needed to run
this; it is needed to make the data again::

    /path/to/venv-with-open-spiel/bin/python tools/openspiel_reference.py          # write
    /path/to/venv-with-open-spiel/bin/python tools/openspiel_reference.py --check  # compare

(``pip install open-spiel==2.0.2`` in a venv of its own; the script's docstring gives the
file format and where OpenSpiel's games differ from ours, which the data leaves out.)
All of them replay in about three seconds, so the default run replays every game.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from support import DATA

import tictactoe as ttt
from tictactoe import Mark, Status

REFERENCE = DATA / "reference"


@dataclass(frozen=True, slots=True)
class Family:
    """One file of OpenSpiel games, the rules that make our Game the same game."""

    name: str
    gravity: bool
    misere: bool
    torus: bool
    shapes: frozenset[str]
    least_games: int

    @property
    def path(self) -> Path:
        return REFERENCE / f"openspiel_{self.name}.txt"


def _square(sizes: tuple[int, ...]) -> frozenset[str]:
    return frozenset(f"{n}x{n}k{k}" for n in sizes for k in range(3, 6) if k <= n)


FAMILIES = {
    family.name: family
    for family in (
        Family(
            "connect_four",
            gravity=True,
            misere=False,
            torus=False,
            shapes=frozenset({"6x7k4", "5x4k4", "4x5k3", "7x9k5", "6x7k3"}),
            least_games=2700,
        ),
        Family("gomoku_anti", False, True, False, _square((3, 4, 5, 7)), 2700),
        Family("gomoku_wrap", False, False, True, _square((3, 4, 5, 6, 9)), 3000),
        Family("gomoku_anti_wrap", False, True, True, _square((3, 4, 5, 6, 9)), 3000),
    )
}
RESULTS = {"1,-1": Mark.X, "-1,1": Mark.O, "0,0": None}
"""OpenSpiel's returns (first player's first) as our winner; None is a draw."""


def games_of(family: Family) -> list[str]:
    lines = family.path.read_text(encoding="ascii").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def digest(legal_lists: list[list[int]]) -> str:
    """As ``tools/openspiel_reference.py`` makes it: SHA-1 of the per-state action lists."""
    text = ";".join(",".join(map(str, actions)) for actions in legal_lists)
    return hashlib.sha1(text.encode("ascii")).hexdigest()[:12]


def replay(family: Family, line: str) -> None:
    """Play one stored game on our Game and check it against OpenSpiel's record."""
    shape, moves, expected_digest, returns = line.split(" ")
    rows, rest = shape.split("x")
    cols, k = map(int, rest.split("k"))
    height = int(rows)
    game = ttt.Game(
        height, cols, k, gravity=family.gravity, misere=family.misere, torus=family.torus
    )
    actions = [int(action) for action in moves.split(",")]
    filled = [0] * cols  # Connect Four: marks per column, counted from OpenSpiel's row 0

    def legal_actions() -> list[int]:
        if family.gravity:
            landings = sorted((col, row) for row, col in game.legal_moves)
            # OpenSpiel's rows count up from the bottom; ours count down from the top
            assert all(row == height - 1 - filled[col] for col, row in landings), line
            return [col for col, _ in landings]
        return sorted(row * cols + col for row, col in game.legal_moves)

    legal_lists = [legal_actions()]
    for ply, action in enumerate(actions, 1):
        assert not game.is_over, f"{line}: over before ply {ply}"
        if family.gravity:
            game.move(height - 1 - filled[action], action)
            filled[action] += 1
        else:
            game.move(*divmod(action, cols))
        legal_lists.append(legal_actions())
        assert game.is_over == (ply == len(actions)), f"{line}: ply {ply}"
    assert digest(legal_lists) == expected_digest, f"{line}: legal moves differ"
    winner = RESULTS[returns]
    assert game.winner is winner, line
    assert game.status is (Status.DRAW if winner is None else Status.WON), line


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_file_holds_its_shapes_and_enough_games(name: str) -> None:
    family = FAMILIES[name]
    games = games_of(family)
    shapes = Counter(line.split(" ", 1)[0] for line in games)
    assert set(shapes) == family.shapes
    assert len(games) >= family.least_games
    assert min(shapes.values()) >= 100
    assert family.path.read_text(encoding="ascii").startswith("# OpenSpiel 2.0.2 ")
    # every way a game ends is in the data: both players win, and somewhere a full board
    assert {line.rsplit(" ", 1)[1] for line in games} == set(RESULTS)


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_our_game_agrees_with_openspiel_ply_by_ply(name: str) -> None:
    family = FAMILIES[name]
    for line in games_of(family):
        replay(family, line)
