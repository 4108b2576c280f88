"""Which build of the package the tests run against: pure Python, or compiled with mypyc."""

from __future__ import annotations

import importlib.machinery
from types import ModuleType


def compiled(module: ModuleType) -> bool:
    """True if ``module`` was loaded from a C extension (the compiled build)."""
    origin = module.__file__ or ""
    return origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
