"""The score of a run of games with its 95% margin: the summary each match bench prints."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def score_line(points: Sequence[float]) -> str:
    """``S/N = P% ± M%``: the points of ``points`` (1, 0.5 or 0 a game) out of the games,
    and the 95% margin of their mean (normal approximation; none for a single game).
    """
    count = len(points)
    if not count:
        return "no games"
    margin = 1.96 * statistics.pstdev(points) / math.sqrt(count) if count > 1 else 0.0
    return f"{sum(points):g}/{count} = {sum(points) / count:.1%} ± {margin:.1%}"
