"""The board for people at a terminal: coordinates, colour, the last move, the winning line.

Coordinates are drawn as people type them (:mod:`tictactoe.coordinates`). The picture is a
window: the whole board when it fits, else the cells around the marks and the last move, so
a game whose marks lie far apart is still drawn at once.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

from tictactoe.coordinates import column_label, window
from tictactoe.game import Game
from tictactoe.marks import Mark

__all__ = ["bar", "clock", "render", "safe", "shows_progress", "status", "wants_colour"]

_COLOURS = {Mark.X: "31", Mark.O: "34", Mark.Y: "32", Mark.Z: "35"}
_LAST = "7"
_WINNING = "42;30"
_MARGIN = 2
_SIZE = 32
"""The most rows and columns drawn: a 32-column board is about 100 characters wide."""


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
        parts = []
        for col in cols:
            mark = game.cell(row, col)
            text = "." if mark is None else str(mark)
            if (row, col) in winning:
                cell = f"*{text}*".center(width)
            elif (row, col) == last:
                cell = f"[{text}]".center(width)
            else:
                cell = text.center(width)
            if colour and mark is not None:
                codes = [_COLOURS.get(mark, "1")]
                if (row, col) in winning:
                    codes.append(_WINNING)
                elif (row, col) == last:
                    codes.append(_LAST)
                cell = f"\x1b[{';'.join(codes)}m{cell}\x1b[0m"
            parts.append(cell)
        lines.append(str(row + 1).rjust(side - 1) + " " + "".join(parts).rstrip())
    return "\n".join(lines)
