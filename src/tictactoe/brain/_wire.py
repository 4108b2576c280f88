"""The protocol's text: cells, numbers, printable replies, and the stones of BOARD blocks.

Coordinates on the wire are ``x,y``, 0-based, x the column and y the row; the game's cells are
``(row, col)``. Whatever a reply echoes is escaped, so no control character (NUL, ESC, a line
break) ever goes back raw. The stone lines of a BOARD or SWAP2BOARD block are checked as they
come and at most one stone per cell is kept, so a block longer than the board is refused at
``DONE`` and costs no memory however long it runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tictactoe.brain._swap2 import STONES
from tictactoe.outcome import Cell

__all__ = ["Block", "Refused", "number", "pair", "printable", "shown", "wire"]

_PAIR = re.compile(r"\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*", re.ASCII)
_TRIPLE = re.compile(r"\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*", re.ASCII)


class Refused(Exception):
    """A command this brain knows but cannot do now; the message goes out after ERROR."""


@dataclass
class Block:
    """A BOARD or SWAP2BOARD block being read: its stones so far, or the first problem."""

    command: str
    """BOARD or SWAP2BOARD."""
    started: float
    """When the block began: the time spent reading it counts against the move."""
    rows: int
    cols: int
    stones: dict[Cell, int] = field(default_factory=dict)
    """The stones by cell, at most one per cell, in the order read: for BOARD each one's
    field (1 own, 2 the opponent's), for SWAP2BOARD its number in the opening."""
    problem: str | None = None
    """Why the block is refused; once set, further lines are read and dropped until DONE."""

    def add(self, line: str) -> None:
        """Check one stone line and keep its stone; from the first bad one on, only why."""
        if self.problem is not None:
            return
        try:
            if self.command == "SWAP2BOARD":
                self._add_opening_stone(line)
            else:
                self._add_stone(line)
        except Refused as exc:
            self.problem, self.stones = str(exc), {}

    def _add_stone(self, line: str) -> None:
        """A BOARD line, ``x,y,field``: a second stone on a cell is refused."""
        match = _TRIPLE.fullmatch(line)
        if match is None:
            raise Refused(f"BOARD line {shown(line)} is not x,y,field")
        x, y, kind = (int(group) for group in match.groups())
        self._check_on_board(x, y)
        if kind == 3:
            raise Refused("BOARD field 3 (continuous game) is not supported")
        if kind not in (1, 2):
            raise Refused(f"BOARD field {kind} at {x},{y} is not 1 or 2")
        self._check_free(x, y)
        self.stones[(y, x)] = kind

    def _add_opening_stone(self, line: str) -> None:
        """A SWAP2BOARD line, ``x,y``: at most five stones, one a cell."""
        match = _PAIR.fullmatch(line)
        if match is None:
            raise Refused(f"SWAP2BOARD line {shown(line)} is not x,y")
        x, y = int(match[1]), int(match[2])
        self._check_on_board(x, y)
        self._check_free(x, y)
        if len(self.stones) == max(STONES):
            raise Refused(f"SWAP2BOARD takes at most {max(STONES)} stones")
        self.stones[(y, x)] = len(self.stones) + 1

    def _check_on_board(self, x: int, y: int) -> None:
        if not (0 <= x < self.cols and 0 <= y < self.rows):
            raise Refused(f"{self.command} stone {x},{y} is off the {self.cols}x{self.rows} board")

    def _check_free(self, x: int, y: int) -> None:
        if (y, x) in self.stones:
            raise Refused(f"{self.command} puts two stones on {x},{y}")


def number(text: str, command: str) -> int:
    """``text`` as the number ``command`` wants.

    Raises:
        Refused: ``text`` is not an integer.
    """
    try:
        return int(text)
    except ValueError:
        raise Refused(f"{command} wants a number, not {shown(text)}") from None


def pair(text: str, command: str) -> tuple[int, int]:
    """``text``, ``x,y``, as the two numbers ``command`` wants.

    Raises:
        Refused: ``text`` is not two integers with a comma between them.
    """
    match = _PAIR.fullmatch(text)
    if match is None:
        raise Refused(f"{command} wants x,y, not {shown(text)}")
    return int(match[1]), int(match[2])


def wire(cell: Cell) -> str:
    """A cell as the protocol writes it: ``x,y``, the column first.

    >>> wire((2, 5))
    '5,2'
    """
    row, col = cell
    return f"{col},{row}"


def printable(reply: str) -> str:
    r"""``reply`` with every character that is not printable escaped: ``\x00``, ``\x1b``."""
    if reply.isprintable():
        return reply
    return "".join(char if char.isprintable() else repr(char)[1:-1] for char in reply)


def shown(text: str) -> str:
    """``text`` quoted for a reply line, escaped and cut short: replies stay one short line."""
    return repr(text if len(text) <= 40 else text[:40] + "…")
