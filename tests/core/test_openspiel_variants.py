"""OpenSpiel's Connect Four and gomoku variants, replayed on our games: a differential oracle.

``tests/data/reference/openspiel_*.txt`` hold thousands of seeded random games that
OpenSpiel 2.0.2 played to the end: ``connect_four`` (our gravity), and ``gomoku`` with
``anti`` (our misère), ``wrap`` (our torus) and both, and with ``dims=3`` and ``dims=4``,
misère or not (our :class:`~tictactoe.SpaceGame`). Each line gives the shape, OpenSpiel's
actions, a digest of its legal actions in every state and its returns. Here every game is
replayed on :class:`tictactoe.Game` (or ``SpaceGame``) and after every ply our legal moves,
as OpenSpiel's actions, must give the same digest, the game must be over exactly at the last
action, and the winner (or the draw) must be the one the returns name. OpenSpiel is not
needed to run this; it is needed to make the data again::

    /path/to/venv-with-open-spiel/bin/python tools/openspiel_reference.py          # write
    /path/to/venv-with-open-spiel/bin/python tools/openspiel_reference.py --check  # compare

(``pip install open-spiel==2.0.2`` in a venv of its own; the script's docstring gives the
file format and where OpenSpiel's games differ from ours, which the data leaves out.)
The plane's games replay in about three seconds, so the default run replays every one; of
the games in space it replays those of 3×3×3, 4×4×4 and 3×3×3×3 and a share of the longer
games of 5×5×5 and 4×4×4×4 (about two seconds in all), and ``-m slow`` the rest.
"""

from __future__ import annotations

import hashlib
import itertools
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from support import DATA

import tictactoe as ttt
from tictactoe import Mark, SpaceGame, Status

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

SPACE = REFERENCE / "openspiel_gomoku_dims.txt"
"""``gomoku`` with ``dims`` 3 and 4: shapes ``4x4x4k3`` (``-anti``: misère), cubes only."""


def _cubes(dims: int, sizes: tuple[int, ...]) -> set[str]:
    sides = ["x".join([str(size)] * dims) for size in sizes]
    return {
        f"{side}k{k}{anti}"
        for side, size in zip(sides, sizes, strict=True)
        for k in range(3, size + 1)
        for anti in ("", "-anti")
    }


SPACE_SHAPES = frozenset(_cubes(3, (3, 4, 5)) | _cubes(4, (3, 4)))


def games_of(family: Family | Path) -> list[str]:
    path = family if isinstance(family, Path) else family.path
    lines = path.read_text(encoding="ascii").splitlines()
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


def test_every_openspiel_games_file_is_replayed() -> None:
    """A new file of OpenSpiel's random games must be added here, or it is never checked."""
    stored = {path.name for path in REFERENCE.glob("openspiel_*.txt")}
    games = {name for name in stored if "playthrough" not in name}  # the golden extracts
    assert games == {family.path.name for family in FAMILIES.values()} | {SPACE.name}


def space_replay(line: str) -> None:
    """Play one stored game of ``gomoku`` with ``dims`` on our SpaceGame and check it."""
    shape, moves, expected_digest, returns = line.split(" ")
    sides, rest = shape.split("k")
    k, _, anti = rest.partition("-")
    size, dims = int(sides.split("x")[0]), sides.count("x") + 1
    assert sides == "x".join([str(size)] * dims), line
    assert anti in ("", "anti"), line
    game = SpaceGame((size,) * dims, int(k), misere=anti == "anti")
    cells = list(itertools.product(range(size), repeat=dims))  # OpenSpiel's: first one slowest
    actions_of = {cell: action for action, cell in enumerate(cells)}

    def legal_actions() -> list[int]:
        return sorted(map(actions_of.__getitem__, game.legal_moves))

    legal_lists = [legal_actions()]
    actions = [int(action) for action in moves.split(",")]
    for ply, action in enumerate(actions, 1):
        assert not game.is_over, f"{line}: over before ply {ply}"
        game.move(*cells[action])
        legal_lists.append(legal_actions())
        assert game.is_over == (ply == len(actions)), f"{line}: ply {ply}"
    assert digest(legal_lists) == expected_digest, f"{line}: legal moves differ"
    winner = RESULTS[returns]
    assert game.winner is winner, line
    assert game.status is (Status.DRAW if winner is None else Status.WON), line


def test_the_dims_file_holds_its_shapes_and_enough_games() -> None:
    games = games_of(SPACE)
    shapes = Counter(line.split(" ", 1)[0] for line in games)
    assert set(shapes) == SPACE_SHAPES
    assert len(games) >= 2500
    assert min(shapes.values()) >= 100
    text = SPACE.read_text(encoding="ascii")
    assert text.startswith("# OpenSpiel 2.0.2 gomoku wrap=False\n")
    assert {line.rsplit(" ", 1)[1] for line in games} == set(RESULTS)
    # random play rarely fills a board in space: the file keeps some games that do
    full = [line for line in games if line.startswith("5x5x5k5")]
    assert sum(line.split(" ")[1].count(",") + 1 == 125 for line in full) >= 40


SPACE_BOARDS = {"3x3x3": 1, "4x4x4": 1, "3x3x3x3": 1, "5x5x5": 8, "4x4x4x4": 10}
"""Each board of the file, and one game in how many of it the default run replays; ``-m slow``
replays the rest (about six seconds): on the two largest boards a game takes about 60 and 85
plies, each asking for 100 to 250 legal moves."""


@pytest.mark.parametrize(
    ("board", "rest"),
    [pytest.param(board, False, id=board) for board in SPACE_BOARDS]
    + [
        pytest.param(board, True, id=f"{board}-rest", marks=pytest.mark.slow)
        for board, step in SPACE_BOARDS.items()
        if step > 1
    ],
)
def test_our_space_game_agrees_with_openspiel_ply_by_ply(board: str, rest: bool) -> None:
    games = [line for line in games_of(SPACE) if line.split("k", 1)[0] == board]
    step = SPACE_BOARDS[board]
    chosen = [line for number, line in enumerate(games) if (number % step == 0) != rest]
    assert len(chosen) >= 40
    for line in chosen:
        space_replay(line)
