"""Writes OpenSpiel's verdicts on random games of Connect Four and gomoku variants, as test data.

``python tools/openspiel_reference.py``, run with a Python that has OpenSpiel (``pip install
open-spiel==2.0.2``; CI does not install it), plays seeded random games in OpenSpiel and writes
one text file per variant family to ``tests/data/reference/``:

- ``openspiel_connect_four.txt``: ``connect_four`` (rows, columns, x_in_row); our gravity.
- ``openspiel_gomoku_anti.txt``: ``gomoku`` with ``anti=True``; our misère.
- ``openspiel_gomoku_wrap.txt``: ``gomoku`` with ``wrap=True``; our torus.
- ``openspiel_gomoku_anti_wrap.txt``: both; misère on the torus.
- ``openspiel_gomoku_dims.txt``: ``gomoku`` with ``dims=3`` and ``dims=4``, with and without
  ``anti``; our ``SpaceGame``, misère or not.

``tests/core/test_openspiel_variants.py`` replays every game on our ``Game`` (or
``SpaceGame``) without OpenSpiel. A file starts with ``#`` lines (the OpenSpiel version, the
game and its fixed parameters, the seed, and per shape how the games ended), then holds one
game a line::

    ROWSxCOLSkK ACTION,ACTION,... DIGEST RETURN0,RETURN1

In ``openspiel_gomoku_dims.txt`` the shape names every side and whether the game is misère:
``4x4x4k3`` is ``dims=3, size=4, connect=3``, and ``4x4x4k3-anti`` the same with ``anti=True``.

``DIGEST`` is the first 12 hex digits of the SHA-1 of OpenSpiel's legal actions in every
state of the game, from the empty board to the end (where there are none): each state's
actions ascending, in decimal, joined by ``,``; the states joined by ``;``; ASCII. The
returns are OpenSpiel's, the first player's first (``1,-1``: the first player won).

Actions: ``connect_four`` plays a column, and its mark lands on the lowest free cell, which
OpenSpiel numbers row 0 (its row r is our row ``rows - 1 - r``); ``gomoku`` plays the flat
index ``row * size + col`` of a ``size × size`` board (``dims=2``), its rows as ours; with
``dims=d`` the flat index of the cell ``(c0, ..., c(d-1))`` of a ``size^d`` board, first
coordinate slowest, ``c0 * size^(d-1) + ... + c(d-1)``: our ``SpaceGame``'s row-major order
(the script checks OpenSpiel's own name of every action, ``c0,c1,...``, against it).

Random play almost never fills a board of three dimensions (about one game in 600 on 5×5×5
with k = 5, fewer elsewhere), so a shape may also ask for ``full`` games more: random games
played on from the same seed, of which only those that fill the board are kept (drawn, or won
with the last cell), so that the data holds drawn games and wins on the last cell.

Only the shapes where OpenSpiel's game and ours are the same game are written: k at most the
board's longest side for Connect Four (OpenSpiel also takes a longer one, which nobody can
make; we refuse it), and on the torus k at most the side (with a longer k, OpenSpiel's walk
from the last stone goes round a full ring and counts its stones again, so a full ring of 3
makes "4 in a row"; we refuse such a game). ``--check`` makes the files again in memory and
says whether the stored ones are the same, byte for byte.

In three and four dimensions OpenSpiel's gomoku and our ``SpaceGame`` are the same game for
every shape written here: the same 13 (40) line directions, an overline wins, the maker of
the line loses under ``anti``, a full board without a line is a draw. ``wrap`` with ``dims``
is left out (``SpaceGame`` has no torus), and OpenSpiel's boards are cubes only.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

REFERENCE = Path(__file__).resolve().parent.parent / "tests" / "data" / "reference"
OPENSPIEL_VERSION = "2.0.2"
"""The version the stored files were made with; another one is refused unless ``--any-version``."""
SEED = 20260
DIGEST_DIGITS = 12


@dataclass(frozen=True, slots=True)
class Shape:
    """One board and k, and how many random games to play on it."""

    rows: int
    cols: int
    k: int
    games: int
    full: int = 0
    """Games more, kept only if they fill the board (see the module's docstring)."""

    def __str__(self) -> str:
        return f"{self.rows}x{self.cols}k{self.k}"


@dataclass(frozen=True, slots=True)
class Cube:
    """A gomoku board of ``dims`` sides of ``size``, k, misère or not, and how many games."""

    size: int
    dims: int
    k: int
    anti: bool
    games: int
    full: int = 0
    """Games more, kept only if they fill the board (see the module's docstring)."""

    def __str__(self) -> str:
        sides = "x".join([str(self.size)] * self.dims)
        return f"{sides}k{self.k}{'-anti' if self.anti else ''}"

    @property
    def cells(self) -> int:
        return self.size**self.dims


@dataclass(frozen=True, slots=True)
class Family:
    """One variant family: an OpenSpiel game, its fixed parameters, the shapes, the file."""

    name: str
    game: str
    fixed: dict[str, bool | int]
    shapes: tuple[Shape | Cube, ...]
    note: str = ""
    """A further ``#`` line of the header, if any."""

    @property
    def path(self) -> Path:
        return REFERENCE / f"openspiel_{self.name}.txt"

    def parameters(self, shape: Shape | Cube) -> dict[str, bool | int]:
        """The parameters ``pyspiel.load_game`` takes for ``shape``."""
        if isinstance(shape, Cube):
            sized: dict[str, bool | int] = {
                "size": shape.size,
                "connect": shape.k,
                "dims": shape.dims,
                "anti": shape.anti,
            }
        elif self.game == "connect_four":
            sized = {
                "rows": shape.rows,
                "columns": shape.cols,
                "x_in_row": shape.k,
            }
        else:
            sized = {"size": shape.rows, "connect": shape.k, "dims": 2}
        return {**sized, **self.fixed}


def _square(sizes: Sequence[int], games: int) -> tuple[Shape, ...]:
    """Square boards of ``sizes`` with every k from 3 to 5 that fits, ``games`` each."""
    return tuple(Shape(size, size, k, games) for size in sizes for k in range(3, 6) if k <= size)


def _cubes(dims: int, sizes: Sequence[int], games: int) -> tuple[Cube, ...]:
    """Boards of ``dims`` sides of each of ``sizes``, every k from 3 to the side, ± misère."""
    return tuple(
        Cube(size, dims, k, anti, games)
        for size in sizes
        for k in range(3, size + 1)
        for anti in (False, True)
    )


FAMILIES = (
    Family(
        "connect_four",
        "connect_four",
        {},
        (
            Shape(6, 7, 4, 700),
            Shape(5, 4, 4, 500),
            Shape(4, 5, 3, 500),
            Shape(7, 9, 5, 500),
            Shape(6, 7, 3, 500),
        ),
    ),
    Family("gomoku_anti", "gomoku", {"anti": True, "wrap": False}, _square((3, 4, 5, 7), 300)),
    Family("gomoku_wrap", "gomoku", {"anti": False, "wrap": True}, _square((3, 4, 5, 6, 9), 250)),
    Family(
        "gomoku_anti_wrap", "gomoku", {"anti": True, "wrap": True}, _square((3, 4, 5, 6, 9), 250)
    ),
    Family(
        "gomoku_dims",
        "gomoku",
        {"wrap": False},
        (
            *_cubes(3, (3, 4), 160),
            # random play fills a 5x5x5 board about once in 600 games: 24 such games more
            *(replace(cube, full=24) if cube.k == 5 else cube for cube in _cubes(3, (5,), 140)),
            *_cubes(4, (3,), 160),
            *_cubes(4, (4,), 100),
        ),
        "# dims and anti per shape: 4x4x4k3 is dims=3 size=4 connect=3, -anti is anti=True;"
        " an action is the flat index, first coordinate slowest",
    ),
)


def digest(legal_lists: Sequence[Sequence[int]]) -> str:
    """The first digits of the SHA-1 of the legal actions of every state, as the header says."""
    text = ";".join(",".join(map(str, sorted(actions))) for actions in legal_lists)
    return hashlib.sha1(text.encode("ascii")).hexdigest()[:DIGEST_DIGITS]


def play(game: Any, rng: random.Random) -> tuple[list[int], str, tuple[int, int]]:
    """One random game to its end: the actions, the digest of the legal actions, the returns."""
    state = game.new_initial_state()
    actions: list[int] = []
    legal_lists = [list(state.legal_actions())]
    while not state.is_terminal():
        action = rng.choice(legal_lists[-1])
        state.apply_action(action)
        actions.append(action)
        legal_lists.append(list(state.legal_actions()))
    first, second = state.returns()
    return actions, digest(legal_lists), (int(first), int(second))


def check_actions(game: Any, cube: Cube) -> None:
    """Fail unless OpenSpiel names every action of ``cube`` as the cell we take it for."""
    cells = itertools.product(range(cube.size), repeat=cube.dims)  # first coordinate slowest
    for action, cell in enumerate(cells):
        named = game.action_to_string(0, action)
        if named != ",".join(map(str, cell)):
            raise SystemExit(f"{cube}: OpenSpiel calls action {action} {named}, not {cell}")
    if game.num_distinct_actions() != cube.cells:
        raise SystemExit(f"{cube}: {game.num_distinct_actions()} actions, not {cube.cells}")


def family_text(family: Family, pyspiel: Any, seed: int) -> str:
    """The whole file of ``family``: the header, then one line per game."""
    lines: list[str] = []
    endings: list[str] = []
    for shape in family.shapes:
        game = pyspiel.load_game(family.game, family.parameters(shape))
        if isinstance(shape, Cube):
            check_actions(game, shape)
        rng = random.Random(f"{seed} {family.name} {shape}")
        ends: Counter[str] = Counter()
        played = 0
        while played < shape.games or ends["full"] < shape.full:
            actions, summary, (first, second) = play(game, rng)
            played += 1
            if played > shape.games:  # only games that fill the board are kept now
                if len(actions) < game.num_distinct_actions():
                    continue
                ends["full"] += 1
            ends[{1: "first", -1: "second", 0: "draw"}[first]] += 1
            moves = ",".join(map(str, actions))
            lines.append(f"{shape} {moves} {summary} {first},{second}")
        kept = shape.games + ends["full"]
        more = (
            f" ({shape.games} and {ends['full']} that filled the board, of "
            f"{played - shape.games} more)"
            if shape.full
            else ""
        )
        endings.append(
            f"# {shape}: {kept} games{more}, first player won {ends['first']}, "
            f"second {ends['second']}, drawn {ends['draw']}"
        )
    fixed = " ".join(f"{name}={value}" for name, value in family.fixed.items())
    header = [
        f"# OpenSpiel {pyspiel.__version__} {family.game} {fixed}".rstrip(),
        *([family.note] if family.note else []),
        f"# made by tools/openspiel_reference.py, seed {seed}; {len(lines)} games, one a line:",
        "# ROWSxCOLSkK ACTIONS SHA1_OF_LEGAL_ACTIONS_PER_STATE[:12] RETURNS",
        *endings,
    ]
    return "\n".join(header + lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=SEED, help=f"default {SEED}")
    parser.add_argument(
        "--family",
        action="append",
        choices=[family.name for family in FAMILIES],
        help="only this family (may be repeated); default all",
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; say whether the files are current"
    )
    parser.add_argument(
        "--any-version",
        action="store_true",
        help=f"allow an OpenSpiel other than {OPENSPIEL_VERSION}",
    )
    args = parser.parse_args(argv)
    try:
        import pyspiel  # type: ignore[import-not-found]  # the OpenSpiel venv only
    except ImportError:
        print("OpenSpiel is not installed: pip install open-spiel==2.0.2", file=sys.stderr)
        return 2
    if pyspiel.__version__ != OPENSPIEL_VERSION and not args.any_version:
        print(
            f"OpenSpiel {pyspiel.__version__} is not {OPENSPIEL_VERSION}, which made the data; "
            "--any-version to go on",
            file=sys.stderr,
        )
        return 2
    stale = 0
    for family in FAMILIES:
        if args.family and family.name not in args.family:
            continue
        text = family_text(family, pyspiel, args.seed)
        if args.check:
            same = family.path.exists() and family.path.read_text() == text
            stale += not same
            print(f"{family.path.name}: {'current' if same else 'DIFFERS'}")
        else:
            family.path.write_text(text)
            print(f"{family.path.name}: {text.count(chr(10))} lines, {len(text):,} bytes")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
