"""Remakes the pictures of the variants page (``docs/variants.md``) from real games.

``python tools/variant_pictures.py`` writes ``docs/images/variants/*.svg``: a Connect Four
game won on the bottom row, a torus line over the edge, a misère loss, and a 3×3×3 game
won across its layers (drawn by ``svg.board`` where it draws boards of three dimensions, else
skipped with a note). The games are fixed move lists, so the pictures are the same each run.
"""

from __future__ import annotations

from pathlib import Path

import tictactoe as ttt
from tictactoe import svg

FOLDER = Path(__file__).resolve().parent.parent / "docs" / "images" / "variants"

CONNECT_FOUR = [3, 3, 2, 2, 4, 4, 5]
"""Columns dropped in turn: X's four on the bottom row, columns c to f, O's stones on theirs."""
TORUS = [(0, 3), (1, 1), (0, 4), (2, 2), (0, 0)]
"""On a 4×5 torus, three in a row: X's row 0 runs from column 3 over the edge to column 0."""
MISERE = [(0, 0), (0, 1), (1, 1), (1, 0), (2, 2)]
"""Misère 3×3: X's last move makes the diagonal, so O wins."""
SPACE = [(1, 1, 1), (0, 0, 0), (0, 0, 2), (2, 2, 2), (2, 2, 0)]
"""3×3×3: X's line from (0, 0, 2) through the centre to (2, 2, 0), across the three layers."""


def pictures() -> dict[str, str]:
    """Each picture's file name and its SVG text."""
    connect = ttt.Game(6, 7, k=4, gravity=True)
    for col in CONNECT_FOUR:
        connect.drop(col)
    torus = ttt.Game(4, 5, k=3, torus=True)
    misere = ttt.Game(misere=True)
    for game, cells in ((torus, TORUS), (misere, MISERE)):
        for cell in cells:
            game.move(*cell)
    found = {
        "connect-four.svg": svg.board(connect, size=280),
        "torus.svg": svg.board(torus, size=240),
        "misere.svg": svg.board(misere, size=180),
    }
    space = ttt.SpaceGame((3, 3, 3))
    for cell in SPACE:
        space.move(*cell)
    try:
        found["space.svg"] = svg.board(space, size=360)  # type: ignore[arg-type]
    except ttt.WrongType:
        print("svg.board does not draw boards of three dimensions yet: space.svg skipped")
    return found


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, text in pictures().items():
        (FOLDER / name).write_text(text, encoding="utf-8")
        print(f"wrote {FOLDER / name}")


if __name__ == "__main__":
    main()
