"""tictactoe: tic-tac-toe and the whole m,n,k-game family.

>>> import tictactoe as ttt
>>> g = ttt.Game(15, k=5)
>>> g.move(7, 7)
Status.IN_PROGRESS
>>> g.turn
Mark.O
"""

from tictactoe.errors import (
    CellTaken,
    GameOver,
    IllegalMove,
    InvalidGame,
    InvalidPosition,
    NothingToUndo,
    OffBoard,
    TicTacToeError,
    WrongType,
)
from tictactoe.game import Game
from tictactoe.legal import LegalMoves
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Move, Outcome, Status

__all__ = [
    "Cell",
    "CellTaken",
    "Game",
    "GameOver",
    "IllegalMove",
    "InvalidGame",
    "InvalidPosition",
    "LegalMoves",
    "Mark",
    "Move",
    "NothingToUndo",
    "OffBoard",
    "Outcome",
    "Status",
    "TicTacToeError",
    "WrongType",
]

__version__ = "0.1.0"
