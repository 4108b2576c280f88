"""Loading a script of ``bench/`` as a module, for the tests of its pieces."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).parent.parent / "bench"


def load_bench(name: str) -> ModuleType:
    """The script ``bench/NAME.py``, imported as the module ``name``.

    The bench folder goes on the import path, as it is for a script run from it, so that
    the script finds the modules beside it.
    """
    if str(BENCH) not in sys.path:
        sys.path.append(str(BENCH))
    path = BENCH / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
