"""The published renju positions of ``data/renju/positions.txt``, and the board's symmetries."""

from __future__ import annotations

from typing import NamedTuple

from support import DATA
from support.renju_oracle import FORBIDDEN

Cell = tuple[int, int]
Stones = dict[Cell, int]

POSITIONS = DATA / "renju" / "positions.txt"
VERDICTS = {"five", "ok", *FORBIDDEN}
"""Every verdict a position may have."""


class Position(NamedTuple):
    name: str
    player: int
    move: Cell
    verdict: str
    stones: Stones
    rows: int
    cols: int


def parse_board(text: str) -> tuple[Stones, int, int]:
    lines = text.split("/")
    stones = {
        (row, col): 1 if mark == "X" else 2
        for row, line in enumerate(lines)
        for col, mark in enumerate(line)
        if mark in "XO"
    }
    return stones, len(lines), len(lines[0])


def load_positions() -> list[Position]:
    positions = []
    for line in POSITIONS.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        name, player, move, verdict, board = line.split(" | ")
        row, col = (int(part) for part in move.split(","))
        stones, rows, cols = parse_board(board)
        positions.append(
            Position(name, {"B": 1, "W": 2}[player], (row, col), verdict, stones, rows, cols)
        )
    return positions


PUBLISHED = load_positions()


def symmetries(cell: Cell, size: int) -> list[Cell]:
    """``cell`` under the 8 symmetries of a size x size board."""
    row, col = cell
    last = size - 1
    return [
        (row, col),
        (col, last - row),
        (last - row, last - col),
        (last - col, row),
        (row, last - col),
        (last - row, col),
        (col, row),
        (last - col, last - row),
    ]
