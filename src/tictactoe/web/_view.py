"""A game on the page as JSON and in words: what the page draws and what its status line says.

The session gathers a :class:`Standing` under its lock; everything here reads it and nothing
changes it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tictactoe.coordinates import cell_label, column_label
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Status
from tictactoe.web._analysis import can_analyse
from tictactoe.web._seats import HUMAN
from tictactoe.web._variants import ForbiddenCell, landing_cells

__all__ = ["Standing", "result", "state"]


@dataclass(frozen=True, slots=True)
class Standing:
    """A session at one moment: the game at the cursor and what surrounds it.

    ``resigned`` is the mark that resigned, set only at the end of the line; ``thinking`` says
    a bot is at work on the move; ``stopped`` that bots alone reached their limit of moves;
    ``forbidden`` holds the cells Black may not play at the cursor under renju; ``opening``
    is the opening protocol as the API sends it, and ``asking`` what it waits for, in words.
    """

    game: Game
    line: Sequence[Cell]
    kinds: Sequence[str]
    names: Sequence[str]
    opening: dict[str, Any] | None
    asking: str | None
    resigned: Mark | None
    thinking: bool
    stopped: bool
    error: str | None
    evaluation: str | None
    seconds: float
    version: int
    closed: bool
    forbidden: Sequence[ForbiddenCell]

    @property
    def is_live(self) -> bool:
        """Whether the cursor is at the end of the line, where the game goes on."""
        return len(self.game.moves) == len(self.line)

    @property
    def is_over(self) -> bool:
        """Whether the game at the cursor is won, drawn or resigned."""
        return self.game.is_over or self.resigned is not None


def result(standing: Standing) -> str:
    """How the game at the cursor ended, in words."""
    game = standing.game
    loser = standing.resigned
    if loser is not None:
        if len(game.players) == 2:
            return f"{loser} resigns, {game.players[1 - game.players.index(loser)]} wins"
        return f"{loser} resigns"
    last = game.last_move
    if game.status is Status.WON and game.misere and last is not None:
        return f"{last.mark} made the line and loses, {game.winner} wins"
    if game.status is Status.WON:
        return f"{game.winner} wins"
    return "draw"


def _message(standing: Standing) -> str:
    """The status line: the result, the bot at work, or who is to move."""
    game = standing.game
    if standing.is_over:
        return result(standing)
    if standing.error is not None:
        return standing.error
    if standing.asking is not None:
        return standing.asking
    name = standing.names[game.players.index(game.turn)]
    who = str(game.turn) if name == HUMAN else f"{game.turn} ({name})"
    if standing.thinking:
        return f"{who} is thinking…"
    if standing.stopped:
        return f"stopped after {len(standing.line)} moves"
    if not standing.is_live:
        return f"move {len(game.moves)} of {len(standing.line)}: {who} to move"
    return f"{who} to move"


def _move(game: Game, number: int, cell: Cell) -> dict[str, Any]:
    """Move ``number`` (from 0) of the line: its cell, the mark that plays it and its label."""
    mark = game.players[number % len(game.players)]
    return {"row": cell[0], "col": cell[1], "mark": str(mark), "label": cell_label(cell, game)}


def state(standing: Standing) -> dict[str, Any]:
    """The game as the page draws it: rules, seats, the line, the cursor and the status."""
    game = standing.game
    players = game.players
    status = "resigned" if standing.resigned is not None else game.status.value
    winner = game.winner
    if standing.resigned is not None and len(players) == 2:
        winner = players[1 - players.index(standing.resigned)]
    line = [_move(game, number, cell) for number, cell in enumerate(standing.line)]
    last = game.last_move
    persons_turn = standing.kinds[players.index(game.turn)] == HUMAN and status == "in progress"
    opening = standing.opening
    if opening is not None and opening["asked"] is not None:
        # in the opening the board takes a person's stones, and no click else
        persons_turn = opening["yours"] and opening["asked"]["what"] == "place"
    return {
        "version": standing.version,
        "rules": {
            "rows": game.rows,
            "cols": game.cols,
            "k": game.k,
            "players": len(players),
            "exact": game.exact,
            "rule": game.rule,
            "gravity": game.gravity,
            "torus": game.torus,
            "misere": game.misere,
        },
        "columns": None if game.cols is None else [column_label(c) for c in range(game.cols)],
        "seats": [
            {"mark": str(mark), "kind": kind, "name": name}
            for mark, kind, name in zip(players, standing.kinds, standing.names, strict=True)
        ],
        "seconds": standing.seconds,
        "line": line,
        "ply": len(game.moves),
        "turn": str(game.turn),
        "status": status,
        "winner": None if winner is None else str(winner),
        "winning_line": [list(cell) for cell in game.winning_line or ()],
        "forbidden": [cell.to_json() for cell in standing.forbidden],
        "landing": [list(cell) for cell in landing_cells(game)],
        "opening": standing.opening,
        "last_move": None if last is None else [last.row, last.col],
        "thinking": standing.thinking,
        "persons_turn": persons_turn,
        "message": _message(standing),
        "evaluation": standing.evaluation,
        "error": standing.error,
        "can_analyse": can_analyse(game),
        "closed": standing.closed,
    }
