"""A new game as a request asks for it: the board, k, the rule, the variants, the first moves.

Every field is checked here, and the game checks the rest with its own words: a k too long
for a torus, misère for three players, gravity under renju. An opening (swap, swap2) is
refused under gravity and on the torus, where its stones could not stand where it puts them
or its bots would not see the lines; misère the opening itself refuses.
"""

from __future__ import annotations

from typing import Any

from tictactoe._rules import GOMOKU_RULES, RULES
from tictactoe.game import Game
from tictactoe.marks import MAX_PLAYERS
from tictactoe.swap import PROTOCOLS
from tictactoe.web._fields import BadRequest, boolean, cell_pairs, choice, integer

__all__ = ["MAX_SIDE", "new_game", "opening_of"]

MAX_SIDE = 100
"""The longest side of a bounded board on the page; bigger games belong on the unbounded grid."""
_NO_GRID = {
    "gravity": "the unbounded grid has no bottom row for marks to drop to",
    "torus": "the unbounded grid has no edges for lines to run over",
}


def new_game(fields: dict[str, Any]) -> Game:
    """The game the fields ask for, with their ``moves`` played in turn.

    Raises:
        BadRequest: a field of the wrong kind or out of range.
        InvalidGame: settings the game refuses together.
        IllegalMove: a move the game refuses.
    """
    players = integer(fields, "players", MAX_PLAYERS, default=2, low=2)
    exact = boolean(fields, "exact")
    rule = choice(fields, "rule", RULES)
    gravity, torus = boolean(fields, "gravity"), boolean(fields, "torus")
    misere = boolean(fields, "misere")
    k = fields.get("k")
    if boolean(fields, "unbounded"):
        for name in ("rows", "cols"):
            if fields.get(name) is not None:
                raise BadRequest(f"{name}: an unbounded grid has no size")
        for name in _NO_GRID:
            if boolean(fields, name):
                raise BadRequest(f"{name}: {_NO_GRID[name]}")
        run = integer(fields, "k", 1000, default=5, low=1)
        game = Game.unbounded(run, players=players, exact=exact, rule=rule, misere=misere)
    else:
        rows = integer(fields, "rows", MAX_SIDE, default=3, low=1)
        cols = integer(fields, "cols", MAX_SIDE, default=rows, low=1)
        if k is not None:
            k = integer(fields, "k", max(rows, cols), low=1)
        elif rule in GOMOKU_RULES and max(rows, cols) >= 5:
            k = 5  # renju and caro are five in a row on any board that holds one
        game = Game(
            rows,
            cols,
            k,
            players=players,
            exact=exact,
            rule=rule,
            misere=misere,
            gravity=gravity,
            torus=torus,
        )
    for row, col in cell_pairs(fields, "moves", default=[]):
        game.move(row, col)
    return game


def opening_of(fields: dict[str, Any], game: Game) -> str | None:
    """The opening the fields ask ``game`` to start with (swap, swap2), or None.

    Raises:
        BadRequest: an unknown opening, or one under gravity or on the torus.
    """
    opening = choice(fields, "opening", PROTOCOLS)
    if opening is not None and (game.gravity or game.torus):
        variant = "gravity" if game.gravity else "the torus"
        raise BadRequest(
            f"opening: {opening} places stones anywhere to balance gomoku; not under {variant}"
        )
    return opening
