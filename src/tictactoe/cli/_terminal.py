"""The board for people at a terminal: coordinates, colour, the last move, the winning line.

Coordinates are drawn as people type them (:mod:`tictactoe.coordinates`). The picture is a
window: the whole board when it fits, else the cells around the marks and the last move, so
a game whose marks lie far apart is still drawn at once. A board of more dimensions is drawn
whole, its layers side by side as :meth:`~tictactoe.space.SpaceGame.layers_text` draws them,
each with its number and the rows' and columns', all counted from 1 as a person types a cell.
"""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from tictactoe.coordinates import column_label, window
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.space import Point, SpaceGame

__all__ = [
    "bar",
    "board_text",
    "clock",
    "render",
    "render_space",
    "result_line",
    "safe",
    "shows_progress",
    "space_label",
    "status",
    "wants_colour",
]

_COLOURS = {Mark.X: "31", Mark.O: "34", Mark.Y: "32", Mark.Z: "35"}
_LAST = "7"
_WINNING = "42;30"
_MARGIN = 2
_SIZE = 32
"""The most rows and columns drawn: a 32-column board is about 100 characters wide."""
_PLANE_GAP = "   "
"""Between two layers of a board of more dimensions."""


def safe(text: str) -> str:
    r"""``text`` with every character a terminal would act on shown escaped, on one line.

    Text read from files (player names, bad properties) and typed by users passes through here
    before it is printed, so an escape sequence or a line break in it is shown, not obeyed.

    >>> safe("Bob\x1b[2J\nEve")
    'Bob\\x1b[2J\\nEve'
    """
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in text)


def shows_progress() -> bool:
    """Whether :func:`status` shows anything: stderr is a terminal."""
    return sys.stderr.isatty()


def status(text: str = "") -> None:
    """Show ``text`` as the progress line on stderr, if stderr is a terminal; "" clears it.

    Long work (solving, counting, matches) reports here; piped output stays clean.
    """
    if shows_progress():
        print(f"\r\x1b[K{text}", end="", file=sys.stderr, flush=True)


def bar(done: float, width: int = 30) -> str:
    """A progress bar, ``done`` from 0 to 1.

    >>> bar(0.5, 10)
    '[#####.....]'
    """
    filled = min(width, max(0, int(done * width)))
    return f"[{'#' * filled}{'.' * (width - filled)}]"


def clock(seconds: float) -> str:
    """A time span as a clock shows it: ``0:07``, ``2:05``, ``1:02:03``.

    >>> clock(7.4), clock(125), clock(3723)
    ('0:07', '2:05', '1:02:03')
    """
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def wants_colour(stream: TextIO) -> bool:
    """Colour on a terminal, none when piped or when ``NO_COLOR`` is set."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


def render(game: Game, *, colour: bool = False) -> str:
    """The board with coordinates; the last move in brackets, the winning line in stars.

    >>> g = Game()
    >>> _ = g.move(1, 1)
    >>> print(render(g))
        a  b  c
     1  .  .  .
     2  . [X] .
     3  .  .  .
    """
    rows, cols = window(game, size=_SIZE, margin=_MARGIN)
    labels = [str(col + 1) if game.is_unbounded else column_label(col) for col in cols]
    width = max(len(label) for label in labels) + 2
    side = max(len(str(row + 1)) for row in rows) + 2
    last = game.last_move.cell if game.last_move else None
    winning = set(game.winning_line or ())
    lines = [" " * side + "".join(label.center(width) for label in labels).rstrip()]
    for row in rows:
        parts = [
            _cell(game.cell(row, col), width, (row, col) in winning, (row, col) == last, colour)
            for col in cols
        ]
        lines.append(str(row + 1).rjust(side - 1) + " " + "".join(parts).rstrip())
    return "\n".join(lines)


def _cell(mark: Mark | None, width: int, winning: bool, last: bool, colour: bool) -> str:
    """One cell, ``width`` wide: in stars on the winning line, the last move in brackets."""
    text = "." if mark is None else str(mark)
    if winning:
        cell = f"*{text}*".center(width)
    elif last:
        cell = f"[{text}]".center(width)
    else:
        cell = text.center(width)
    if colour and mark is not None:
        codes = [_COLOURS.get(mark, "1")]
        if winning:
            codes.append(_WINNING)
        elif last:
            codes.append(_LAST)
        cell = f"\x1b[{';'.join(codes)}m{cell}\x1b[0m"
    return cell


def space_label(point: Point) -> str:
    """A cell of a board of more dimensions as a person types it: ``2,1,3``, counted from 1.

    >>> space_label((1, 0, 2))
    '2,1,3'
    """
    return ",".join(str(at + 1) for at in point)


def render_space(game: SpaceGame, *, colour: bool = False) -> str:
    """A board of more dimensions: its layers side by side, bands of them one under another.

    Each layer is headed by its number (from four dimensions, the numbers of the band and the
    layer), and its rows and columns are numbered: a cell is typed as ``layer row column``.

    >>> g = SpaceGame((2, 2, 2), 2)
    >>> _ = g.move(1, 0, 1)
    >>> print(render_space(g))
        layer 1   layer 2
         1  2      1  2
      1  .  .      . [X]
      2  .  .      .  .
    """
    shape = game.shape
    rows, cols = shape[-2], shape[-1]
    across = shape[-3] if len(shape) > 2 else 1
    width = len(str(cols)) + 2
    side = len(str(rows)) + 2
    last = game.last_move.cell if game.last_move else None
    winning = set(game.winning_line or ())
    lines: list[str] = []
    for band in itertools.product(*(range(at) for at in shape[:-3])):
        planes = [(*band, plane) if len(shape) > 2 else () for plane in range(across)]
        titles = [f"layer {space_label(plane)}" if plane else "" for plane in planes]
        span = max(cols * width, *map(len, titles))
        heads = [title.ljust(span) for title in titles]
        numbers = ["".join(str(col + 1).center(width) for col in range(cols)).ljust(span)] * across
        if lines:
            lines.append("")
        lines.append((" " * (side + 1) + _PLANE_GAP.join(heads)).rstrip())
        lines.append((" " * side + " " + _PLANE_GAP.join(numbers)).rstrip())
        for row in range(rows):
            parts = []
            for plane in planes:
                cells = []
                for col in range(cols):
                    point = (*plane, row, col)
                    mark = game.cell(*point)
                    cells.append(_cell(mark, width, point in winning, point == last, colour))
                parts.append("".join(cells) + " " * (span - cols * width))
            lines.append((str(row + 1).rjust(side) + " " + _PLANE_GAP.join(parts)).rstrip())
    return "\n".join(lines)


def board_text(game: Game | SpaceGame, *, colour: bool = False) -> str:
    """The board for a person: :func:`render` for a plane, :func:`render_space` for more."""
    if isinstance(game, SpaceGame):
        return render_space(game, colour=colour)
    return render(game, colour=colour)


def result_line(winner: Mark | None, marks: Sequence[Mark], names: Sequence[str]) -> str:
    """Who won, by mark and player name (``names`` in the order of ``marks``), or ``draw``."""
    if winner is None:
        return "draw"
    return f"{winner} ({safe(names[marks.index(winner)])}) wins"
