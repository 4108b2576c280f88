"""tictactoe: tic-tac-toe and the whole m,n,k-game family.

>>> import tictactoe as ttt
>>> g = ttt.Game(15, k=5)
>>> g.move(7, 7)
Status.IN_PROGRESS
>>> g.turn
Mark.O
"""

from tictactoe.counting import Counts, count
from tictactoe.errors import (
    BadBotMove,
    CellTaken,
    GameOver,
    IllegalMove,
    InvalidGame,
    InvalidPosition,
    NothingToUndo,
    OffBoard,
    RecordError,
    TicTacToeError,
    Unsolvable,
    WrongType,
)
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.human import HumanPlayer
from tictactoe.legal import LegalMoves
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Move, Outcome, Status
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player, RandomBot, ScriptedPlayer, play_match
from tictactoe.records import Record
from tictactoe.solver import Solution, Value, solve

__all__ = [
    "BadBotMove",
    "Cell",
    "CellTaken",
    "Counts",
    "Game",
    "GameOver",
    "HeuristicBot",
    "HumanPlayer",
    "IllegalMove",
    "InvalidGame",
    "InvalidPosition",
    "LegalMoves",
    "Mark",
    "Move",
    "NothingToUndo",
    "OffBoard",
    "Outcome",
    "PerfectBot",
    "Player",
    "RandomBot",
    "Record",
    "RecordError",
    "ScriptedPlayer",
    "Solution",
    "Status",
    "TicTacToeError",
    "Unsolvable",
    "Value",
    "WrongType",
    "count",
    "play_match",
    "solve",
]

__version__ = "0.1.0"
