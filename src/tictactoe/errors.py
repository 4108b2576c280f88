"""The exception tree of the package.

Every error the package raises on purpose derives from :class:`TicTacToeError`, and also from
the builtin that says what kind of mistake it is, so callers can catch either::

    TicTacToeError
    ├── InvalidGame        (ValueError)  a game that cannot be set up: bad size, k or players
    ├── InvalidArgument    (ValueError)  any other argument out of range: a count, a time limit
    ├── InvalidPosition    (ValueError)  a position no legal game reaches
    ├── RecordError        (ValueError)  a game file that cannot be read or written
    ├── IllegalMove        (ValueError)  a move the rules forbid; nothing changes
    │   ├── OffBoard                     the cell is outside the board
    │   ├── CellTaken                    the cell already holds a mark
    │   ├── ForbiddenMove                Black's overline, 4-4 or 3-3 under renju
    │   ├── FloatingMove                 under gravity, a cell with an empty cell below it
    │   ├── GameOver                     the game is already won or drawn
    │   └── BadBotMove                   a player object chose an illegal move
    │       └── engine.EngineError       a Gomocup engine crashed, overran or answered wrong
    ├── Unsolvable         (ValueError)  a game the solver or counter cannot take (out of reach)
    ├── OutOfTime          (TimeoutError) a search that ran past its time limit
    ├── NothingToUndo      (IndexError)  undo() with an empty history
    └── WrongType          (TypeError)   an argument of the wrong type (a str, float or bool)

Messages quote the offending value: ``cell (1, 2) is taken by X``, not ``invalid move``.
A person's requests at the keyboard, :class:`~tictactoe.human.QuitRequested` and
:class:`~tictactoe.human.UndoRequested`, are no errors and stand outside the tree, so that
``except TicTacToeError`` never swallows them.
"""

from __future__ import annotations

__all__ = [
    "BadBotMove",
    "CellTaken",
    "FloatingMove",
    "ForbiddenMove",
    "GameOver",
    "IllegalMove",
    "InvalidArgument",
    "InvalidGame",
    "InvalidPosition",
    "NothingToUndo",
    "OffBoard",
    "OutOfTime",
    "RecordError",
    "TicTacToeError",
    "Unsolvable",
    "WrongType",
]


class TicTacToeError(Exception):
    """The root of every error this package raises on purpose."""


class InvalidGame(TicTacToeError, ValueError):
    """A game that cannot be set up: a board smaller than 1×1, k out of range, bad players."""


class InvalidArgument(TicTacToeError, ValueError):
    """An argument out of its range that sets up no game: a count, a time limit, a size.

    Game setups have :class:`InvalidGame`; this is the rest, such as ``nodes=0``,
    ``seconds=-1``, a picture 10 pixels wide or a letter that names no mark.
    """


class InvalidPosition(TicTacToeError, ValueError):
    """A position that no legal game reaches, or text that is not a position at all."""


class IllegalMove(TicTacToeError, ValueError):
    """A move the rules forbid. The game is left exactly as it was."""


class OffBoard(IllegalMove):
    """The move names a cell outside the board."""


class CellTaken(IllegalMove):
    """The move names a cell that already holds a mark."""


class ForbiddenMove(IllegalMove):
    """A move the renju rule forbids to Black: an overline, a double four or a double three.

    Args:
        message: what happened, for people.
        reason: ``"overline"``, ``"double four"`` or ``"double three"``.
    """

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
        """Why the move is forbidden: ``"overline"``, ``"double four"`` or ``"double three"``."""


class FloatingMove(IllegalMove):
    """Under gravity, a move to a cell that has an empty cell below it: marks drop, not float.

    Args:
        message: what happened, for people.
        landing: the cell a mark dropped into that column lands on.
    """

    def __init__(self, message: str, *, landing: tuple[int, int]) -> None:
        super().__init__(message)
        self.landing = landing
        """The lowest free cell of the column: where the move may go instead."""


class GameOver(IllegalMove):
    """The game is already won or drawn; only ``undo()`` can reopen it."""


class NothingToUndo(TicTacToeError, IndexError):
    """``undo()`` was called before any move was played."""


class WrongType(TicTacToeError, TypeError):
    """An argument has the wrong type, such as a str, a float or a bool for a coordinate."""


class Unsolvable(TicTacToeError, ValueError):
    """The solver or the counter cannot take this game: unbounded, or not two players."""


class OutOfTime(TicTacToeError, TimeoutError):
    """A search (the solver, a bot) ran past the time it was given and stopped cleanly."""


class BadBotMove(IllegalMove):
    """A player (a bot, a script) chose a move the rules forbid; names the player and move."""


class RecordError(TicTacToeError, ValueError):
    """A game file that cannot be read or written: names the file, the place, and why."""
