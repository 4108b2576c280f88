"""The gomoku rules on the page: what the new-game form offers, and Black's forbidden cells.

The rules themselves are the game's (:class:`~tictactoe.game.Game`'s ``rule``); this module
only puts them into words for the form and gathers what the board marks under renju.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe._rules import CARO, CARO_OVERLINE, FREESTYLE, GOMOKU_RULES, RENJU, RULES, STANDARD
from tictactoe.coordinates import cell_label
from tictactoe.game import Game
from tictactoe.outcome import Cell

__all__ = ["ForbiddenCell", "forbidden_cells", "forbidden_message", "rule_choices"]

_DESCRIPTIONS = {
    FREESTYLE: "freestyle: k or more in a row wins",
    STANDARD: "standard: exactly k in a row wins, an overline does not",
    RENJU: "renju: Black (X) may not make a double three, a double four or an overline",
    CARO: "caro: exactly five, not blocked at both ends by the rival",
    CARO_OVERLINE: "caro-overline: caro, and six or more in a row win too (Gomocup's caro)",
}
_LINES = ((0, 1), (1, 0), (1, 1), (1, -1))
_REACH = range(-4, 5)
"""The steps along a line from a Black stone within which a cell can be forbidden to Black:
a three, a four or an overline through a cell takes Black stones within four of it."""


@dataclass(frozen=True, slots=True)
class ForbiddenCell:
    """A free cell Black may not play under renju, and why (``"double three"``...)."""

    cell: Cell
    reason: str

    def to_json(self) -> dict[str, object]:
        """The cell as the API sends it."""
        row, col = self.cell
        return {"row": row, "col": col, "reason": self.reason}


def rule_choices() -> list[dict[str, object]]:
    """The rules for the new-game form: a name, what it is, and whether it is five in a row's.

    ``five`` marks the rules of two players making five in a row (renju, caro), which the
    form offers only for such games.
    """
    return [
        {"name": name, "description": _DESCRIPTIONS[name], "five": name in GOMOKU_RULES}
        for name in RULES
    ]


def forbidden_cells(game: Game) -> list[ForbiddenCell]:
    """Black's forbidden cells, row-major, when Black is to move under renju; else none.

    Only the cells on a line through a Black stone, within four of it, are asked: no other
    can be forbidden. That is a few dozen verdicts a stone, most settled by a count of stones,
    whatever the size of the board.
    """
    if game.rule != RENJU or game.is_over or game.turn is not game.players[0]:
        return []
    black = game.players[0]
    near = {
        (move.row + step * d_row, move.col + step * d_col)
        for move in game.moves
        if move.mark is black
        for d_row, d_col in _LINES
        for step in _REACH
        if step
    }
    found = []
    for row, col in sorted(near):
        reason = game.forbidden(row, col)
        if reason is not None:
            found.append(ForbiddenCell((row, col), reason))
    return found


def forbidden_message(game: Game, cell: Cell, reason: str) -> str:
    """The page's words for a forbidden cell: ``h8 is forbidden for Black (X): double three``."""
    return f"{cell_label(cell, game)} is forbidden for Black ({game.players[0]}): {reason}"
