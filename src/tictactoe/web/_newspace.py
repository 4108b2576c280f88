"""A new game of three dimensions as a request asks for it, and what the page offers there.

A new-game request with a ``shape`` (layers, rows, columns) asks for a
:class:`~tictactoe.space.SpaceGame`: Qubic (4×4×4, four in a row), 3×3×3, or another board of
at most :data:`MAX_SPACE_SIDE` a side, with k, the players, exact and misère, and moves to
start from as ``[layer, row, col]`` triples. The plane's own fields (rows and columns, the
unbounded grid, gravity, the torus, the rules of five, openings) are refused in words, and so
are the plane's own actions on such a game (:func:`plane_only`).

The seats offered (:func:`space_kinds`) are a person, the random bot, the heuristic (the
full-width search of :mod:`tictactoe._bitsearch`), and the perfect bot where the solver
answers a move in time: two players on at most :data:`PERFECT_CELLS` cells (3×3×3). On Qubic
the perfect bot would only fall back to the heuristic, so it is not offered there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tictactoe.coordinates import column_label
from tictactoe.marks import MAX_PLAYERS
from tictactoe.space import Point, SpaceGame
from tictactoe.web._fields import BadRequest, boolean, integer
from tictactoe.web._seats import HUMAN

__all__ = [
    "MAX_SPACE_SIDE",
    "PERFECT_CELLS",
    "SPACE_ACTIONS",
    "new_space_game",
    "plane_only",
    "seat_refusal",
    "space_cell",
    "space_kinds",
    "space_label",
    "space_presets",
]

MAX_SPACE_SIDE = 6
"""The longest side of a board of three dimensions on the page: six layers of 6×6 fit it."""
PERFECT_CELLS = 27
"""Perfect play is offered on boards of up to this many cells (3×3×3): the solver answers a
move there in time; on Qubic's 64 it would only fall back to the heuristic."""
SPACE_ACTIONS = ("move", "undo", "seats")
"""The actions on a game of three dimensions; the plane's others are refused in words."""
_DIMENSIONS = 3
_PRESETS = (
    ("qubic", "Qubic 4×4×4", (4, 4, 4), 4),
    ("cube", "3×3×3", (3, 3, 3), 3),
)
_PLANE_FIELDS = ("rows", "cols", "unbounded", "gravity", "torus", "opening")
_PLANE_ACTIONS = {
    "goto": "stepping through the moves",
    "continue": "stepping through the moves",
    "resign": "resigning",
    "place": "an opening",
    "choose": "an opening",
    "hint": "a hint",
    "analysis": "the perfect-play overlay",
    "record": "saving to a file (JSON, PSQ, SGF)",
}


def space_kinds(shape: Sequence[int], players: int) -> list[str]:
    """The seat kinds offered on a board of ``shape`` for ``players``: perfect where in time."""
    kinds = [HUMAN, "random", "heuristic"]
    cells = 1
    for side in shape:
        cells *= side
    if players == 2 and cells <= PERFECT_CELLS:
        kinds.append("perfect")
    return kinds


def space_presets() -> list[dict[str, Any]]:
    """The boards of three dimensions the new-game form offers, with their seat kinds."""
    return [
        {
            "name": name,
            "label": label,
            "shape": list(shape),
            "k": k,
            "seats": space_kinds(shape, 2),
            "bot": space_kinds(shape, 2)[-1],
        }
        for name, label, shape, k in _PRESETS
    ]


def plane_only(action: str, size: str) -> str | None:
    """Why ``action``, one of the plane's alone, is refused on a board of ``size``; else None."""
    what = _PLANE_ACTIONS.get(action)
    if what is None:
        return None
    return f"{action}: {what} is for boards of two dimensions, not this {size} board"


def new_space_game(fields: dict[str, Any]) -> SpaceGame:
    """The game of three dimensions the fields ask for, with their ``moves`` played in turn.

    Raises:
        BadRequest: a field of the wrong kind or out of range, or one of the plane's only.
        InvalidGame: settings the game refuses together (misère for three players).
        IllegalMove: a move the game refuses.
    """
    for name in _PLANE_FIELDS:
        if fields.get(name) not in (None, False):
            raise BadRequest(f"{name}: not on a board of three dimensions")
    if fields.get("rule") not in (None, "freestyle"):
        raise BadRequest(
            "rule: boards of three dimensions play freestyle; send exact for exactly k"
        )
    shape = fields.get("shape")
    if not isinstance(shape, list) or len(shape) != _DIMENSIONS:
        raise BadRequest("shape: expected [layers, rows, cols], such as [4, 4, 4]")
    named = dict(zip(("layers", "rows", "cols"), shape, strict=True))
    sides = [integer(named, name, MAX_SPACE_SIDE, low=1) for name in named]
    k = fields.get("k")
    game = SpaceGame(
        sides,
        None if k is None else integer(fields, "k", max(sides), low=1),
        players=integer(fields, "players", MAX_PLAYERS, default=2, low=2),
        exact=boolean(fields, "exact"),
        misere=boolean(fields, "misere"),
    )
    for cell in space_cells(fields, "moves", default=[]):
        game.move(*cell)
    return game


def space_cells(fields: dict[str, Any], name: str, default: list[Any] | None = None) -> list[Point]:
    """A field that lists cells as ``[layer, row, col]`` triples, each on the page's boards."""
    listed = fields.get(name, default)
    if not isinstance(listed, list):
        raise BadRequest(f"{name}: expected a list of [layer, row, col] triples")
    return [space_cell(cell, f"{name}[{index}]") for index, cell in enumerate(listed)]


def space_cell(cell: object, name: str) -> Point:
    """``cell`` checked: a ``[layer, row, col]`` list of whole numbers."""
    if not (isinstance(cell, list) and len(cell) == _DIMENSIONS):
        raise BadRequest(f"{name}: expected a [layer, row, col] triple")
    named = dict(zip(("layer", "row", "col"), cell, strict=True))
    return tuple(integer(named, part, MAX_SPACE_SIDE) for part in named)


def space_label(cell: Point) -> str:
    """A cell as the page writes it: the layer's number, then the plane's ``b3`` (``2b3``)."""
    layer, row, col = cell
    return f"{layer + 1}{column_label(col)}{row + 1}"


def seat_refusal(kind: str, size: str, offered: Sequence[str]) -> str:
    """Why a seat of ``kind`` is not offered on a board of ``size`` (``4×4×4``)."""
    choices = ", ".join(offered)
    if kind == "perfect":
        return (
            f"perfect play answers in time for two players on at most {PERFECT_CELLS} cells "
            f"(3×3×3), not on this {size} board: choose from {choices}"
        )
    return f"unknown player {kind[:40]!r} for a {size} board: choose from {choices}"
