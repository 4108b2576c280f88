"""The rules and variants on the page: what the new-game form offers, and how they play there.

The rules themselves are the game's (:class:`~tictactoe.game.Game`'s ``rule``, ``gravity``,
``torus`` and ``misere``); this module only puts them into words for the form, gathers what
the board marks (Black's forbidden cells under renju, where a mark lands under gravity), plays
a person's move as the page sends it, and makes sure a saved record keeps the variants.
"""

from __future__ import annotations

from dataclasses import dataclass

from tictactoe import records
from tictactoe._rules import CARO, CARO_OVERLINE, FREESTYLE, GOMOKU_RULES, RENJU, RULES, STANDARD
from tictactoe.coordinates import cell_label, column_label
from tictactoe.errors import CellTaken, ForbiddenMove, RecordError
from tictactoe.game import Game
from tictactoe.outcome import Cell
from tictactoe.web._fields import BadRequest

__all__ = [
    "VARIANTS",
    "ForbiddenCell",
    "checked_record",
    "forbidden_cells",
    "forbidden_message",
    "landing_cells",
    "play",
    "rule_choices",
    "variant_choices",
]

_DESCRIPTIONS = {
    FREESTYLE: "freestyle: k or more in a row wins",
    STANDARD: "standard: exactly k in a row wins, an overline does not",
    RENJU: "renju: Black (X) may not make a double three, a double four or an overline",
    CARO: "caro: exactly five, not blocked at both ends by the rival",
    CARO_OVERLINE: "caro-overline: caro, and six or more in a row win too (Gomocup's caro)",
}
VARIANTS = {
    "gravity": ("gravity", "marks drop to the lowest free cell of their column", "marks drop"),
    "torus": ("torus", "lines run over each edge and come back at the opposite one", "lines wrap"),
    "misere": ("misère", "whoever makes the line loses (two players)", "the line loses"),
}
"""The variants by the name the API and the game give them (a flag of each): the word for
each, what it is, for the form, and in short, for the game's title."""
_BOUNDED = ("gravity", "torus")
"""The variants that need a board's edges: gravity a bottom row, the torus edges to wrap."""
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


def variant_choices() -> list[dict[str, object]]:
    """The variants for the new-game form: a name, what it is, and its words for the title.

    ``bounded`` marks the variants that need a bounded board (gravity, the torus), which the
    form offers only for such boards.
    """
    return [
        {
            "name": name,
            "description": f"{word}: {long}",
            "short": f"{word}: {short}",
            "bounded": name in _BOUNDED,
        }
        for name, (word, long, short) in VARIANTS.items()
    ]


def play(game: Game, row: int | None, col: int) -> Cell:
    """Play a person's move in ``game`` and return the cell played.

    The move is ``(row, col)``, or under gravity column ``col`` alone (``row`` None): the
    mark drops to the column's lowest free cell.

    Raises:
        BadRequest: no row, in a game without gravity.
        ForbiddenMove: under renju, a cell forbidden to Black, in the page's words.
        IllegalMove: the game's own refusal (a full column is named by its label).
    """
    if row is None:
        if not game.gravity:
            raise BadRequest("row: missing, expected a whole number")
        try:
            game.drop(col)
        except CellTaken:
            raise CellTaken(f"column {column_label(col)} is full") from None
        return game.moves[-1].cell
    try:
        game.move(row, col)
    except ForbiddenMove as refused:
        reason = refused.reason
        raise ForbiddenMove(forbidden_message(game, (row, col), reason), reason=reason) from None
    return row, col


def landing_cells(game: Game) -> list[Cell]:
    """Under gravity, the cell each open column's next mark lands on, by column; else none."""
    return sorted(game.legal_moves, key=lambda cell: cell[1]) if game.gravity else []


def checked_record(text: str, fmt: str, game: Game) -> str:
    """``text``, the record of ``game`` in ``fmt``, once read back it keeps the game's variants.

    Raises:
        RecordError: the record, read back, lacks a variant of the game: saving it would
            lose the rule the game was played by.
    """
    back = records.loads(text, fmt, k=game.k).new_game()
    lost = [name for name in VARIANTS if getattr(game, name) and not getattr(back, name)]
    if lost:
        words = " and ".join(VARIANTS[name][0] for name in lost)
        raise RecordError(f"a {fmt.upper()} record would lose this game's {words}: not saved")
    return text


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
