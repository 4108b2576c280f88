"""Argument checks shared by the core: input is checked, never trusted."""

from __future__ import annotations

import math
import operator
from typing import TypeAlias

from tictactoe.errors import InvalidGame, WrongType

__all__ = ["Flag", "as_flag", "as_int", "check_count", "check_seconds"]

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
    raise WrongType(f"{name} must be an int, not {type(value).__name__} {value!r}")


def as_flag(name: str, value: object) -> bool:
    """``value`` as a bool option called ``name``: only True and False are accepted.

    Raises:
        InvalidGame: anything else, 1 and 0 included.
    """
    if value is True or value is False:
        return value
    raise InvalidGame(f"{name} must be True or False, not {value!r}")


def check_count(name: str, value: object) -> int:
    """``value`` checked as a count called ``name`` (nodes, depth, width): an int of at least 1.

    Raises:
        TypeError: not an int (a bool, a float or a str, say).
        ValueError: zero or negative.
    """
    if type(value) is not int:
        raise TypeError(f"{name} must be an int, not {value!r}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, not {value}")
    return value


def check_seconds(seconds: object) -> float | None:
    """``seconds`` checked as a time limit: None (no limit), or a finite number above 0.

    Raises:
        TypeError: not a number (a bool or a str, say).
        ValueError: zero, negative, infinite or NaN.
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise TypeError(f"seconds must be a number or None, not {seconds!r}")
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"seconds must be a finite number greater than 0, not {seconds!r}")
    return float(seconds)
