"""A request's body read as the API expects it, and the refusals a request meets.

The body is a JSON object whose fields are checked one by one: a wrong one is a
:class:`BadRequest` that names the field and quotes what was sent, so the page can show it
as it stands. A request the game's state does not allow now is a :class:`Conflict`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tictactoe.web._analysis import MAX_COORDINATE

__all__ = [
    "BadRequest",
    "Conflict",
    "boolean",
    "cell_pairs",
    "choice",
    "integer",
    "json_object",
    "string",
]


class BadRequest(Exception):
    """A request whose content is wrong: a missing field, a value of the wrong kind or range."""


class Conflict(Exception):
    """A request that the game's state does not allow now (a bot's turn, a closed game)."""


def json_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object (an empty body is an empty object)."""
    if not body.strip():
        return {}
    try:
        data = json.loads(body)
    except (UnicodeDecodeError, RecursionError):
        raise BadRequest("the body is not JSON text") from None
    except ValueError as error:
        raise BadRequest(f"the body is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise BadRequest("the body must be a JSON object")
    return data


def integer(
    fields: Mapping[str, Any],
    name: str,
    high: int,
    *,
    default: int | None = None,
    low: int | None = None,
) -> int:
    """A whole-number field between ``low`` (default ``-high``) and ``high``."""
    value = fields.get(name, default)
    if value is None:
        raise BadRequest(f"{name}: missing, expected a whole number")
    if type(value) is not int:
        raise BadRequest(f"{name}: {str(value)[:40]!r} is not a whole number")
    low = -high if low is None else low
    if not low <= value <= high:
        raise BadRequest(f"{name}: {value} is out of range ({low} to {high})")
    return value


def boolean(fields: Mapping[str, Any], name: str) -> bool:
    """A true-or-false field, false when absent."""
    value = fields.get(name, False)
    if type(value) is not bool:
        raise BadRequest(f"{name}: {str(value)[:40]!r}, expected true or false")
    return value


def choice(fields: Mapping[str, Any], name: str, choices: tuple[str, ...]) -> str | None:
    """A field that is one of ``choices``, or None when absent."""
    value = fields.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or value not in choices:
        raise BadRequest(f"{name}: {str(value)[:40]!r}, choose from {', '.join(choices)}")
    return value


def cell_pairs(
    fields: Mapping[str, Any], name: str, default: list[Any] | None = None
) -> list[tuple[int, int]]:
    """A field that lists cells as ``[row, col]`` pairs, each within the page's reach."""
    listed = fields.get(name, default)
    if not isinstance(listed, list):
        raise BadRequest(f"{name}: expected a list of [row, col] pairs")
    found = []
    for index, cell in enumerate(listed):
        if not (isinstance(cell, list) and len(cell) == 2):
            raise BadRequest(f"{name}[{index}]: expected a [row, col] pair")
        pair = dict(zip(("row", "col"), cell, strict=True))
        found.append((integer(pair, "row", MAX_COORDINATE), integer(pair, "col", MAX_COORDINATE)))
    return found


def string(fields: Mapping[str, Any], name: str) -> str:
    """A field that holds a str."""
    value = fields.get(name)
    if not isinstance(value, str):
        raise BadRequest(f"{name}: {str(value)[:40]!r}, expected a string")
    return value
