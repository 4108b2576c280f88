"""Everything a game holds, observable and internal, as plain values to compare."""

from __future__ import annotations

import copy
from typing import Any

import tictactoe as ttt
from tictactoe._board import Board


def slots_of(obj: object) -> dict[str, Any]:
    """A deep copy of every ``__slots__`` attribute of ``obj`` (a board by identity only)."""
    found: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if not hasattr(obj, name):
                continue
            value = getattr(obj, name)
            found[name] = "<board>" if isinstance(value, Board) else copy.deepcopy(value)
    return found


def full_state(game: ttt.Game) -> dict[str, Any]:
    """What the game shows, and its board's and detector's inner counters.

    Asking the detector ``is_blocked`` first switches on its lazy blocking counts (even in a
    finished game, where ``is_draw_certain`` does not ask), so that they are part of every
    snapshot.
    """
    _ = game._detector.is_blocked
    state: dict[str, Any] = {
        "text": game.rows_text(),
        "moves": game.moves,
        "outcome": game.outcome(),
        "draw_certain": game.is_draw_certain,
        "turn": game.turn,
        "board": slots_of(game._board),
        "detector": slots_of(game._detector),
    }
    if not game.is_unbounded:
        state["legal"] = list(game.legal_moves)
    return state
