"""Importing this module checks that the ``rl`` extra is installed, and names it if not.

``tictactoe.rl`` imports it before anything else, so a missing numpy, pettingzoo or
gymnasium fails with the one line that says what to install.
"""

from __future__ import annotations

import importlib

__all__ = ["REQUIRED"]

REQUIRED = ("numpy", "gymnasium", "pettingzoo")
"""The packages of the ``rl`` extra, as ``pyproject.toml`` lists them."""

for _name in REQUIRED:
    try:
        importlib.import_module(_name)
    except ImportError as error:  # name the package missing, maybe one the first needs
        raise ImportError(
            f"tictactoe.rl needs the rl extra (numpy, pettingzoo, gymnasium) and "
            f"{error.name or _name} is missing: pip install 'tictactoe[rl]'"
        ) from error
