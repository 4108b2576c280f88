"""SVG pictures of a board: coordinates, marks drawn as shapes, the last move, the winning line.

The output is deterministic (same game and options, same bytes) and valid XML. Marks are
shapes, not font glyphs, so they look the same everywhere: X two strokes, O a circle, and for
more players a triangle, a square, a diamond, a pentagon, a hexagon and a plus sign. A board of
three or more dimensions (a :class:`~tictactoe.space.SpaceGame`) is drawn as its planes side
by side, as :meth:`~tictactoe.space.SpaceGame.layers_text` writes them.

>>> from tictactoe import Game
>>> picture = board(Game(), size=120)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from xml.sax.saxutils import escape

from tictactoe import notation
from tictactoe._checks import as_int, shown
from tictactoe.coordinates import column_label, window
from tictactoe.errors import InvalidArgument, WrongType
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.space import Point, SpaceGame

__all__ = ["DEFAULT_COLOURS", "board"]

DEFAULT_COLOURS: Mapping[Mark, str] = {
    Mark.X: "#c62828",
    Mark.O: "#1565c0",
    Mark.Y: "#2e7d32",
    Mark.Z: "#6a1b9a",
    Mark.A: "#ef6c00",
    Mark.B: "#00838f",
    Mark.C: "#4e342e",
    Mark.D: "#ad1457",
}
"""Each mark's colour in a picture, unless :func:`board` is given others."""
_SIDES = {Mark.Y: 3, Mark.Z: 4, Mark.B: 5, Mark.C: 6}


_MIN_SIZE = 16
"""The narrowest picture drawn, in pixels."""
_MAX_SIZE = 100_000
"""The widest picture drawn, in pixels: far beyond any screen or page, and every coordinate
stays a short exact number."""
_MAX_PLANES = 1_024
"""The most planes a picture of a board of more dimensions draws."""
_PLANE_GAP = 0.5
"""The space between two planes, in cells."""


def _attr(value: str) -> str:
    """``value`` made safe inside a double-quoted XML attribute."""
    return escape(value, {'"': "&quot;"})


def _n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def board(
    game: Game | SpaceGame,
    *,
    size: int = 480,
    coordinates: bool = True,
    colours: Mapping[Mark, str] | None = None,
    background: str = "#fbf7ee",
    grid: str = "#8d8574",
    highlight: str = "#ffe082",
    line: str = "#2e7d32",
) -> str:
    """The board as an SVG document, ``size`` pixels wide.

    Args:
        game: the game to draw; a big board or the unbounded grid as a window of at most
            :data:`~tictactoe.coordinates.VIEW_SIZE` cells a side around the marks. A board
            of more dimensions is drawn whole, its planes side by side (the first coordinates
            above each, counted from 1), bands of them one under another from four on.
        size: the picture's width in pixels (at least 16); the height follows the shape.
        coordinates: label the columns (letters) and rows (numbers from 1).
        colours: colour of each mark, over :data:`DEFAULT_COLOURS`.
        background: the board's colour.
        grid: the colour of the grid lines and labels.
        highlight: the colour behind the last move.
        line: the colour of the stroke through the winning line.

    Raises:
        WrongType: ``game`` is not a game, ``size`` not an int, or a colour not a string.
        InvalidArgument: ``size`` outside 16 to 100,000 pixels (a ValueError), or a board of
            more dimensions with more than 1,024 planes.
    """
    if not isinstance(game, Game | SpaceGame):
        raise WrongType(f"game must be a Game or a SpaceGame, not {type(game).__name__}")
    size = _checked_size(size)
    palette = _palette(colours, background=background, grid=grid, highlight=highlight, line=line)
    if isinstance(game, SpaceGame):
        colours_of = {"background": background, "grid": grid, "highlight": highlight, "line": line}
        return _space_board(game.copy(), size, coordinates, palette, colours_of)
    game = game.copy()  # one consistent position, though another thread may be playing
    rows, cols = window(game)
    margin = size * 0.06 if coordinates else 0.0
    pad = max(2.0, size * 0.01)
    cell = (size - margin - 2 * pad) / len(cols)
    margin += pad
    right, bottom = margin + cell * len(cols), margin + cell * len(rows)
    height = bottom + pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(size)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(size)} {_n(height)}">',
        f"<title>{escape(notation.format(game))}</title>",
        f'<rect width="{_n(size)}" height="{_n(height)}" fill="{_attr(background)}"/>',
    ]

    def centre(row: int, col: int) -> tuple[float, float]:
        return margin + (col - cols.start + 0.5) * cell, margin + (row - rows.start + 0.5) * cell

    last = game.last_move
    if last is not None and last.row in rows and last.col in cols:
        x, y = centre(last.row, last.col)
        parts.append(
            f'<rect x="{_n(x - cell / 2)}" y="{_n(y - cell / 2)}" width="{_n(cell)}" '
            f'height="{_n(cell)}" fill="{_attr(highlight)}"/>'
        )
    stroke = max(1.0, cell / 40)
    for i in range(len(cols) + 1):
        x = margin + i * cell
        parts.append(
            f'<line x1="{_n(x)}" y1="{_n(margin)}" x2="{_n(x)}" y2="{_n(bottom)}" '
            f'stroke="{_attr(grid)}" stroke-width="{_n(stroke)}"/>'
        )
    for i in range(len(rows) + 1):
        y = margin + i * cell
        parts.append(
            f'<line x1="{_n(margin)}" y1="{_n(y)}" x2="{_n(right)}" y2="{_n(y)}" '
            f'stroke="{_attr(grid)}" stroke-width="{_n(stroke)}"/>'
        )
    if coordinates:
        font = _n(min(margin * 0.6, cell * 0.5))
        style = f'font-family="sans-serif" font-size="{font}" fill="{_attr(grid)}"'
        for col in cols:
            label = str(col + 1) if game.is_unbounded else column_label(col)
            x, _ = centre(rows.start, col)
            parts.append(
                f'<text x="{_n(x)}" y="{_n(margin * 0.75)}" text-anchor="middle" {style}>'
                f"{label}</text>"
            )
        for row in rows:
            _, y = centre(row, cols.start)
            parts.append(
                f'<text x="{_n(margin * 0.5)}" y="{_n(y)}" text-anchor="middle" '
                f'dominant-baseline="central" {style}>{row + 1}</text>'
            )
    for move in game.moves:
        if move.row in rows and move.col in cols:
            x, y = centre(move.row, move.col)
            parts.append(_mark(move.mark, x, y, cell * 0.34, palette[move.mark], cell / 10))
    winning = game.winning_line
    if winning:
        (x1, y1), (x2, y2) = centre(*winning[0]), centre(*winning[-1])
        parts.append(
            f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
            f'stroke="{_attr(line)}" stroke-width="{_n(cell / 8)}" stroke-linecap="round" '
            'stroke-opacity="0.75"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _space_board(
    game: SpaceGame,
    size: int,
    coordinates: bool,
    palette: Mapping[Mark, str],
    colours: Mapping[str, str],
) -> str:
    """:func:`board` for a board of any number of dimensions: its planes side by side."""
    shape = game.shape
    rows, cols = shape[-2], shape[-1]
    across = shape[-3] if len(shape) > 2 else 1
    bands = {
        prefix: number
        for number, prefix in enumerate(itertools.product(*(range(side) for side in shape[:-3])))
    }
    if across * len(bands) > _MAX_PLANES:
        raise InvalidArgument(
            f"a {game.describe()} board has {across * len(bands):,} planes: too many to draw "
            f"(at most {_MAX_PLANES:,})"
        )
    pad = max(2.0, size * 0.01)
    left = size * 0.06 if coordinates else 0.0
    cell = (size - left - 2 * pad) / (across * cols + (across - 1) * _PLANE_GAP)
    head = cell * 1.2 if coordinates else 0.0
    band = head + rows * cell + _PLANE_GAP * cell
    height = 2 * pad + len(bands) * band - _PLANE_GAP * cell
    grid, line = _attr(colours["grid"]), _attr(colours["line"])
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(size)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(size)} {_n(height)}">',
        f"<title>{escape(notation.format(game))}</title>",
        f'<rect width="{_n(size)}" height="{_n(height)}" fill="{_attr(colours["background"])}"/>',
    ]

    def corner(point: Point) -> tuple[float, float]:
        """The top-left corner of the cell at ``point``."""
        plane = point[-3] if len(point) > 2 else 0
        x = pad + left + (plane * (cols + _PLANE_GAP) + point[-1]) * cell
        return x, pad + bands[point[:-3]] * band + head + point[-2] * cell

    def centre(point: Point) -> tuple[float, float]:
        x, y = corner(point)
        return x + cell / 2, y + cell / 2

    font = _n(min(cell * 0.45, size * 0.05))
    style = f'font-family="sans-serif" font-size="{font}" fill="{grid}"'
    stroke = _n(max(1.0, cell / 40))
    for prefix in bands:
        for plane in range(across):
            here = (*prefix, plane)[-(len(shape) - 2) :] if len(shape) > 2 else ()
            x, y = corner((*here, 0, 0))
            if coordinates:
                name = ",".join(str(at + 1) for at in here)
                parts.append(
                    f'<text x="{_n(x)}" y="{_n(y - head * 0.6)}" {style}>layer {name}</text>'
                )
                for col in range(cols):
                    parts.append(
                        f'<text x="{_n(x + (col + 0.5) * cell)}" y="{_n(y - head * 0.12)}" '
                        f'text-anchor="middle" {style}>{col + 1}</text>'
                    )
                if plane == 0:
                    for row in range(rows):
                        parts.append(
                            f'<text x="{_n(x - left * 0.5)}" y="{_n(y + (row + 0.5) * cell)}" '
                            f'text-anchor="middle" dominant-baseline="central" {style}>'
                            f"{row + 1}</text>"
                        )
            last = game.last_move
            if last is not None and last.cell[:-2] == here:
                lx, ly = corner(last.cell)
                parts.append(
                    f'<rect x="{_n(lx)}" y="{_n(ly)}" width="{_n(cell)}" height="{_n(cell)}" '
                    f'fill="{_attr(colours["highlight"])}"/>'
                )
            for i in range(cols + 1):
                parts.append(
                    f'<line x1="{_n(x + i * cell)}" y1="{_n(y)}" x2="{_n(x + i * cell)}" '
                    f'y2="{_n(y + rows * cell)}" stroke="{grid}" stroke-width="{stroke}"/>'
                )
            for i in range(rows + 1):
                parts.append(
                    f'<line x1="{_n(x)}" y1="{_n(y + i * cell)}" x2="{_n(x + cols * cell)}" '
                    f'y2="{_n(y + i * cell)}" stroke="{grid}" stroke-width="{stroke}"/>'
                )
    for move in game.moves:
        x, y = centre(move.cell)
        parts.append(_mark(move.mark, x, y, cell * 0.34, palette[move.mark], cell / 10))
    winning = game.winning_line
    if winning:  # each cell marked, and a stroke through them from plane to plane
        for point in winning:
            x, y = corner(point)
            parts.append(
                f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(cell)}" height="{_n(cell)}" '
                f'fill="{line}" fill-opacity="0.2"/>'
            )
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in map(centre, winning))
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{line}" '
            f'stroke-width="{_n(cell / 8)}" stroke-linecap="round" stroke-linejoin="round" '
            'stroke-opacity="0.75"/>'
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _checked_size(size: object) -> int:
    """``size`` as a width in whole pixels, from :data:`_MIN_SIZE` to :data:`_MAX_SIZE`."""
    width = as_int("size", size)
    if not _MIN_SIZE <= width <= _MAX_SIZE:
        given = f"={width}" if width.bit_length() <= 128 else f" of {width.bit_length():,} bits"
        raise InvalidArgument(f"size{given}: a picture is {_MIN_SIZE} to {_MAX_SIZE:,} pixels wide")
    return width


def _palette(colours: object, **named: object) -> dict[Mark, str]:
    """The colour of each mark, ``colours`` over the defaults, once every colour is checked."""
    if colours is not None and not isinstance(colours, Mapping):
        raise WrongType(f"colours must map marks to colours, not {type(colours).__name__}")
    given = dict(colours or {})
    for mark, colour in given.items():
        if not isinstance(mark, Mark) or not isinstance(colour, str):
            raise WrongType(
                f"colours: {shown(mark)}: {shown(colour)}, expected a Mark and a string"
            )
    for name, colour in named.items():
        if not isinstance(colour, str):
            raise WrongType(f"{name} must be a colour string, not {shown(colour)}")
    return {**DEFAULT_COLOURS, **given}


def _mark(mark: Mark, x: float, y: float, radius: float, colour: str, width: float) -> str:
    """One mark as a shape centred on (x, y)."""
    paint = f'fill="none" stroke="{_attr(colour)}" stroke-width="{_n(width)}"'
    if mark is Mark.X:
        a, b = x - radius, x + radius
        c, d = y - radius, y + radius
        return (
            f'<path d="M{_n(a)} {_n(c)}L{_n(b)} {_n(d)}M{_n(b)} {_n(c)}L{_n(a)} {_n(d)}" '
            f'{paint} stroke-linecap="round"/>'
        )
    if mark is Mark.O:
        return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(radius)}" {paint}/>'
    if mark is Mark.D:
        return (
            f'<path d="M{_n(x - radius)} {_n(y)}H{_n(x + radius)}M{_n(x)} {_n(y - radius)}'
            f'V{_n(y + radius)}" {paint} stroke-linecap="round"/>'
        )
    sides = _SIDES.get(mark, 4)
    turn = math.pi / 4 if mark is Mark.Z else -math.pi / 2
    points = " ".join(
        f"{_n(x + radius * math.cos(turn + 2 * math.pi * i / sides))},"
        f"{_n(y + radius * math.sin(turn + 2 * math.pi * i / sides))}"
        for i in range(sides)
    )
    return f'<polygon points="{points}" {paint} stroke-linejoin="round"/>'
