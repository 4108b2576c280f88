"""Shared timing helpers: medians of repeated runs, so a noisy shared machine reads fairly."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping


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


def paired_ratio(
    fast: Callable[[], object], slow: Callable[[], object], *, pairs: int
) -> tuple[float, float, float]:
    """Median seconds of each run, and the median of the per-pair ratios slow / fast.

    The two runs alternate in short pairs, so each ratio compares them under the same load;
    on a shared machine the median ratio is far steadier than a ratio of medians.
    """
    fast_times, slow_times, ratios = [], [], []
    for _ in range(pairs):
        start = time.perf_counter()
        fast()
        middle = time.perf_counter()
        slow()
        end = time.perf_counter()
        fast_times.append(middle - start)
        slow_times.append(end - middle)
        ratios.append((end - middle) / (middle - start))
    return statistics.median(fast_times), statistics.median(slow_times), statistics.median(ratios)


def interleaved_times(
    runs: Mapping[str, Callable[[int], object]], *, cycles: int
) -> dict[str, list[float]]:
    """The seconds of each run in each cycle, the runs taking turns in short batches.

    Each cycle calls every run once with the cycle's number (a seed, so every side plays the
    same seeds); the order is reversed on alternate cycles so that no run always goes first.
    One cycle runs first, untimed, to warm up.
    """
    order = list(runs)
    for run in runs.values():
        run(0)
    times: dict[str, list[float]] = {name: [] for name in order}
    for cycle in range(cycles):
        for name in order if cycle % 2 == 0 else reversed(order):
            start = time.perf_counter()
            runs[name](cycle)
            times[name].append(time.perf_counter() - start)
    return times


def median_ratio(numerators: list[float], denominators: list[float]) -> float:
    """The median of the per-cycle ratios ``numerators[i] / denominators[i]``.

    Both sides of each ratio ran under the same load, so on a shared machine this is far
    steadier than a ratio of medians.
    """
    return statistics.median(n / d for n, d in zip(numerators, denominators, strict=True))
