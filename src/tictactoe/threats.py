"""Threat-space search on a game: wins by fours and open threes, and the moves that hold.

The threat bot's own tactics, for the side to move in any game the bot plays (two players, k
from 4 to 7, any board or the unbounded grid, every rule): a win by continuous fours (a VCF)
or by fours and open threes (a VCT), whether a move holds against the rival's threats, and
the moves the bot's main search chooses among. Under renju a forbidden point is neither a
threat nor an answer for Black, so White's four whose five-point Black may not take wins.
Tools that study the bot's play (why a game was lost, how often its defence holds) ask these
questions here rather than of the bot's internals.

>>> import tictactoe as ttt
>>> rows = ["O.......X"] + ["........."] * 3 + ["..XXX...."] + ["........."] * 3 + ["O.......O"]
>>> game = ttt.Game.from_rows(rows, k=5)    # O to move, facing X's open three
>>> candidates(game)                          # its two blocks
[(4, 5), (4, 1)]
>>> holds(game, (4, 5)), holds(game, (8, 4))
(True, False)
>>> game.move(8, 4)
Status.IN_PROGRESS
>>> win_by_threats(game, fours_only=True)     # X makes an open four
[(4, 1)]
"""

from __future__ import annotations

import random
import time

from tictactoe._checks import as_cell, as_flag, check_count, check_game
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.search import Search
from tictactoe._threat.tactics import Budget, BudgetSpent, ThreatSearch
from tictactoe.errors import GameOver, IllegalMove, InvalidArgument, InvalidGame, OutOfTime
from tictactoe.game import Game
from tictactoe.outcome import Cell
from tictactoe.threat import MAX_K, MIN_K

__all__ = ["DEPTH", "candidates", "holds", "win_by_threats"]

DEPTH = 8
"""How many threats deep a search looks unless told: the depth the bot itself defends to."""


def win_by_threats(
    game: Game, *, depth: int = DEPTH, fours_only: bool = False, nodes: int | None = None
) -> list[Cell] | None:
    """A win for the side to move by threats alone, as a line of moves; None if none is found.

    The line alternates the side's threats and the answers that hold out longest, and ends
    with a threat no answer meets (an open four, two fours at once, a four that Black may not
    block). ``depth`` bounds the
    side's threats; with ``fours_only`` they are fours (a VCF), else fours and open threes (a
    VCT). A None says no such win exists within ``depth``.

    Raises:
        WrongType, InvalidArgument: ``game``, ``depth`` or ``nodes`` of the wrong type or range.
        InvalidGame: a game the threat bot does not play.
        GameOver: the game is over.
        OutOfTime: the search visited ``nodes`` positions before it could tell.
    """
    board, tactics = _searcher(game, depth, nodes)
    fours_only = as_flag("fours_only", fours_only)
    try:
        line = tactics.search(board.to_move, depth, fours_only=fours_only)
    except BudgetSpent:
        raise OutOfTime(f"the threat search spent its {nodes:,} nodes") from None
    return None if line is None else [board.cell(index) for index in line]


def holds(
    game: Game,
    cell: Cell,
    *,
    depth: int = DEPTH,
    fours_only: bool = False,
    nodes: int | None = None,
) -> bool:
    """Whether playing ``cell`` leaves the rival no win by threats within ``depth``.

    As the bot rules on its own moves: the rival's win is sought one threat deeper at a
    time, and a four met by its block only puts the rival's threats off (see the bot's
    pipeline in the documentation). With ``fours_only`` only a win by fours counts.

    Raises:
        WrongType, InvalidArgument, InvalidGame, GameOver, OutOfTime: as
            :func:`win_by_threats`.
        IllegalMove: ``cell`` is taken or off the board.
        InvalidArgument: ``cell`` lies too far from every stone to be searched (the
            unbounded grid).
    """
    board, tactics = _searcher(game, depth, nodes)
    row, col = as_cell(cell)
    if (row, col) not in game.legal_moves:
        raise IllegalMove(f"{(row, col)} is not a free cell of this game")
    if not board.is_inside((row, col)):
        raise InvalidArgument(f"{(row, col)} lies too far from the stones for a threat search")
    move = board.index((row, col))
    fours_only = as_flag("fours_only", fours_only)
    try:
        return not any(
            tactics.wins_after(move, bound, fours_only=fours_only) for bound in range(1, depth + 1)
        )
    except BudgetSpent:
        raise OutOfTime(f"the threat search spent its {nodes:,} nodes") from None


def candidates(game: Game) -> list[Cell]:
    """The moves the threat bot's main search chooses among for the side to move, best first.

    The answers to the rival's open three when it has one, else the best-valued cells near
    the stones; ties in the order a fixed seed draws, so the list is repeatable.

    Raises:
        WrongType: ``game`` is not a game.
        InvalidGame: a game the threat bot does not play.
        GameOver: the game is over.
    """
    board = _board(game)
    return [board.cell(index) for index in Search.root_moves(board, random.Random(0).random)]


def _board(game: object) -> PatternBoard:
    """The bot's search board of ``game``, once the game is one the bot plays and not over."""
    game = check_game(game)
    if len(game.players) != 2 or not MIN_K <= game.k <= MAX_K:
        raise InvalidGame(f"threat search plays two players and k from {MIN_K} to {MAX_K}")
    if game.is_over:
        raise GameOver("the game is over: no threats to search")
    return PatternBoard.from_game(game)


def _searcher(game: object, depth: object, nodes: object) -> tuple[PatternBoard, ThreatSearch]:
    """The board of ``game`` in the searches' tactical mode, and a search on it."""
    check_count("depth", depth)
    limit = None if nodes is None else check_count("nodes", nodes)
    board = _board(game)
    board.set_tactical(True)
    return board, ThreatSearch(board, Budget(time.perf_counter, None, limit))
