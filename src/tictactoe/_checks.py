"""Argument checks shared by the core: input is checked, never trusted."""

from __future__ import annotations

import operator

from tictactoe.errors import WrongType

__all__ = ["as_int"]


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
