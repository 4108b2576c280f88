"""A base for the package's enums: ``str`` is the value, ``repr`` reads like code."""

from __future__ import annotations

from enum import Enum

__all__ = ["WordEnum"]


class WordEnum(Enum):
    """An enum shown as its value (``won``) and written back as code (``Status.WON``)."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
