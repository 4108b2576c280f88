"""tictactoe: tic-tac-toe and the whole m,n,k-game family.

>>> import tictactoe as ttt
>>> g = ttt.Game(15, k=5)
>>> g.move(7, 7)
Status.IN_PROGRESS
>>> g.turn
Mark.O
"""

from tictactoe._legal import LegalMoves
from tictactoe.counting import Counts, count
from tictactoe.errors import (
    BadBotMove,
    CellTaken,
    FloatingMove,
    ForbiddenMove,
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidGame,
    InvalidPosition,
    NothingToUndo,
    OffBoard,
    OutOfTime,
    RecordError,
    TicTacToeError,
    Unsolvable,
    WrongType,
)
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.human import HumanPlayer
from tictactoe.limits import Limit
from tictactoe.marks import Mark
from tictactoe.outcome import Cell, Move, Outcome, Status
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player, RandomBot, ScriptedPlayer, play_match
from tictactoe.solver import Solution, Value, solve
from tictactoe.space import SpaceGame, SpaceMove
from tictactoe.threat import ThreatBot

__all__ = [
    "BadBotMove",
    "Cell",
    "CellTaken",
    "Counts",
    "FloatingMove",
    "ForbiddenMove",
    "Game",
    "GameOver",
    "HeuristicBot",
    "HumanPlayer",
    "IllegalMove",
    "InvalidArgument",
    "InvalidGame",
    "InvalidPosition",
    "LegalMoves",
    "Limit",
    "Mark",
    "Move",
    "NothingToUndo",
    "OffBoard",
    "OutOfTime",
    "Outcome",
    "PerfectBot",
    "Player",
    "RandomBot",
    "RecordError",
    "ScriptedPlayer",
    "Solution",
    "SpaceGame",
    "SpaceMove",
    "Status",
    "ThreatBot",
    "TicTacToeError",
    "Unsolvable",
    "Value",
    "WrongType",
    "count",
    "play_match",
    "solve",
]


def _version() -> str:
    """The installed version, from the package metadata: pyproject.toml is its one source."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tictactoe")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


__version__ = _version()
