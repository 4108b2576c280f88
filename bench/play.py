"""Benchmarks of the deciders: the solver, the counter and self-play."""

from __future__ import annotations

import random
import time

from naive import plain_alpha_beta
from timing import interleaved_medians, median_seconds

import tictactoe as ttt


def solve_3x3_against_plain(repeats: int) -> dict[str, float]:
    """Median seconds to solve 3×3 from the empty board: our solver and plain alpha-beta."""
    return interleaved_medians(
        {
            "solver": lambda: ttt.solve(ttt.Game()),
            "plain alpha-beta": lambda: plain_alpha_beta(3, 3, 3),
        },
        repeats=repeats,
    )


def solve_seconds(rows: int, cols: int, k: int, repeats: int) -> tuple[float, ttt.Solution]:
    """Median seconds to solve an empty board, with the last solution."""
    found: list[ttt.Solution] = []
    seconds = median_seconds(
        lambda: found.append(ttt.solve(ttt.Game(rows, cols, k))), repeats=repeats
    )
    return seconds, found[-1]


def count_3x3_seconds(repeats: int) -> float:
    """Median seconds to count every 3×3 game and position."""
    return median_seconds(lambda: ttt.count(3), repeats=repeats)


def selfplay_games_per_second(
    make: ttt.Player, other: ttt.Player, game: ttt.Game, games: int
) -> float:
    """Games per second of ``make`` (X) against ``other`` (O) from ``game``'s rules."""
    start = time.perf_counter()
    for _ in range(games):
        ttt.play_match(game.copy(), [make, other])
    return games / (time.perf_counter() - start)


def selfplay_table() -> list[tuple[str, float]]:
    seed = random.Random(1).randrange(2**32)
    return [
        (
            "random vs random, 3×3",
            selfplay_games_per_second(
                ttt.RandomBot(seed), ttt.RandomBot(seed + 1), ttt.Game(), 3000
            ),
        ),
        (
            "random vs random, 15×15 k=5",
            selfplay_games_per_second(
                ttt.RandomBot(seed), ttt.RandomBot(seed + 1), ttt.Game(15, k=5), 100
            ),
        ),
        (
            "heuristic vs random, 15×15 k=5",
            selfplay_games_per_second(
                ttt.HeuristicBot(seed), ttt.RandomBot(seed + 1), ttt.Game(15, k=5), 10
            ),
        ),
        (
            "heuristic vs heuristic, 15×15 k=5",
            selfplay_games_per_second(
                ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=100)),
                ttt.HeuristicBot(seed + 1, limit=ttt.Limit(nodes=100)),
                ttt.Game(15, k=5),
                2,
            ),
        ),
    ]
