"""The players' marks, in turn order.

Two-player games use ``Mark.X`` and ``Mark.O``; games with more players take the next marks
in declaration order, so ``Game(players=3)`` plays X, O, Y.
"""

from __future__ import annotations

from tictactoe._checks import as_int, shown
from tictactoe._enums import WordEnum
from tictactoe.errors import InvalidArgument, InvalidGame, WrongType

__all__ = ["Mark"]


class Mark(WordEnum):
    """A player's symbol on the board; ``str(mark)`` is the single letter drawn in a cell."""

    X = "X"
    O = "O"  # noqa: E741 - the letter O is the name of the mark
    Y = "Y"
    Z = "Z"
    A = "A"
    B = "B"
    C = "C"
    D = "D"

    # Members are singletons compared by identity; hashing by identity too keeps dict lookups
    # keyed by a mark as cheap as any object's (Enum's own hash runs Python code).
    __hash__ = object.__hash__

    @classmethod
    def for_players(cls, players: int) -> tuple[Mark, ...]:
        """The marks of a ``players``-player game, in turn order.

        >>> Mark.for_players(3)
        (Mark.X, Mark.O, Mark.Y)

        Raises:
            InvalidGame: ``players`` is not from 2 to the number of marks.
            WrongType: ``players`` is not an int.
        """
        count = as_int("players", players)
        if not 2 <= count <= len(_ALL_MARKS):
            raise InvalidGame(f"players={shown(count)} must be between 2 and {len(_ALL_MARKS)}")
        return _ALL_MARKS[:count]

    @classmethod
    def from_letter(cls, letter: str) -> Mark:
        """The mark drawn as ``letter`` (upper case).

        Raises:
            InvalidArgument: ``letter`` is no mark's letter.
            WrongType: ``letter`` is not a str.
        """
        if not isinstance(letter, str):
            raise WrongType(f"a mark's letter is a str, not {type(letter).__name__}")
        try:
            return cls(letter)
        except ValueError:
            allowed = ", ".join(m.value for m in cls)
            why = f"{shown(letter)} is not a mark (expected one of {allowed})"
            raise InvalidArgument(why) from None


_ALL_MARKS = tuple(Mark)
MAX_PLAYERS = len(_ALL_MARKS)
