"""Shared timing helpers: medians of repeated runs, so a noisy shared machine reads fairly."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(run: Callable[[], object], *, repeats: int) -> float:
    """The median wall time of ``repeats`` calls of ``run``."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def interleaved_medians(runs: dict[str, Callable[[], object]], *, repeats: int) -> dict[str, float]:
    """Median wall time of each run, the runs taking turns so that load hits all alike."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}
