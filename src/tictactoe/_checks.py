"""Argument checks shared by the package: input is checked, never trusted.

Each check raises an error of the package's tree (:mod:`tictactoe.errors`): ``WrongType`` for
a value of the wrong type, ``InvalidArgument`` for one out of its range.
"""

from __future__ import annotations

import math
import operator
from typing import TYPE_CHECKING, TypeAlias

from tictactoe.errors import InvalidArgument, InvalidGame, WrongType

if TYPE_CHECKING:
    from tictactoe.game import Game

__all__ = [
    "Flag",
    "as_cell",
    "as_flag",
    "as_int",
    "check_callable",
    "check_count",
    "check_game",
    "check_seconds",
    "check_seed",
    "shown",
]

Flag: TypeAlias = object
"""A True-or-False option as a public signature declares it.

Declared ``object`` and checked by :func:`as_flag`, not by the annotation: the compiled build
would otherwise reject a wrong value with mypyc's own TypeError before our check could run.
Likewise int arguments are declared ``SupportsIndex`` and checked by :func:`as_int`.
"""


def as_int(name: str, value: object) -> int:
    """``value`` as an int, for an argument called ``name``.

    Accepts ints and int-like objects (``__index__``, such as NumPy integers). A bool is
    rejected although Python counts it as an int: ``move(True, 0)`` is always a mistake.

    Raises:
        WrongType: ``value`` is a bool, a float, a str or anything else not int-like.
    """
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    raise WrongType(f"{name} must be an int, not {type(value).__name__} {shown(value)}")


def as_cell(value: object) -> tuple[int, int]:
    """``value`` as a ``(row, col)`` cell: a tuple or list of two ints.

    Raises:
        WrongType: anything else.
    """
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise WrongType(f"a cell is a (row, col) pair, not {type(value).__name__}")
    return as_int("row", value[0]), as_int("col", value[1])


def as_flag(name: str, value: object) -> bool:
    """``value`` as a bool option called ``name``: only True and False are accepted.

    Raises:
        InvalidGame: anything else, 1 and 0 included.
    """
    if value is True or value is False:
        return value
    raise InvalidGame(f"{name} must be True or False, not {shown(value)}")


def check_count(name: str, value: object) -> int:
    """``value`` checked as a count called ``name`` (nodes, depth, width): an int of at least 1.

    Raises:
        WrongType: not an int (a bool, a float or a str, say).
        InvalidArgument: zero or negative.
    """
    count = as_int(name, value)
    if count < 1:
        raise InvalidArgument(f"{name} must be at least 1, not {shown(count)}")
    return count


def check_seconds(seconds: object, name: str = "seconds", *, zero: bool = False) -> float | None:
    """``seconds`` checked as a time limit: None (no limit), or a finite number above 0.

    ``name`` is the argument's name in messages; with ``zero``, 0 is a limit too.

    Raises:
        WrongType: not a number (a bool or a str, say).
        InvalidArgument: negative, zero (unless allowed), infinite or NaN.
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise WrongType(f"{name} must be a number or None, not {shown(seconds)}")
    try:
        value = float(seconds)
    except OverflowError:  # an int past a float's range: as good as infinite
        value = math.inf
    if not (math.isfinite(value) and (value > 0 or (zero and value == 0))):
        least = "at least 0" if zero else "greater than 0"
        raise InvalidArgument(f"{name} must be a finite number {least}, not {shown(seconds)}")
    return value


def check_seed(seed: object) -> int | None:
    """``seed`` checked as the seed of a bot's random choices: None or an int.

    Raises:
        WrongType: anything else (``random.Random`` would take a str or a float, but a seed
            of the wrong type is a mistake more often than a wish).
    """
    return None if seed is None else as_int("seed", seed)


def check_callable(name: str, value: object, what: str) -> None:
    """Check that ``value``, an argument called ``name``, can be called; ``what`` says how.

    Raises:
        WrongType: ``value`` is not callable.
    """
    if not callable(value):
        raise WrongType(f"{name} must be a callable {what}, not {shown(value)}")


def check_game(value: object) -> Game:
    """``value`` checked as a game, for the functions and bots that read one.

    Raises:
        WrongType: ``value`` is not a :class:`~tictactoe.game.Game`.
    """
    from tictactoe.game import Game  # here, not above: the game module imports this one

    if not isinstance(value, Game):
        raise WrongType(f"expected a Game, not {type(value).__name__} {shown(value)}")
    return value


def shown(value: object) -> str:
    """``value`` as a message quotes it: its repr, cut short.

    An int too long for Python to write (over 4,300 digits) is named by its size, and a
    value holding one by its type, rather than failing the message.
    """
    if isinstance(value, int) and value.bit_length() > 128:
        return f"an int of {value.bit_length():,} bits"
    try:
        text = repr(value)
    except ValueError:
        return f"a {type(value).__name__} holding a huge int"
    return text if len(text) <= 80 else text[:77] + "..."
