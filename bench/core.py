"""Core benchmarks: cost per move on every kind of board, and random 3×3 games.

Figures are medians of repeated runs; each ratio compares two figures from the same run.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from naive import naive_random_game
from timing import median_seconds, paired_ratio

import tictactoe as ttt

MOVES_PER_SIZE = 20_000


def _random_sequence(
    make: Callable[[], ttt.Game], rng: random.Random, limit: int
) -> list[ttt.Cell]:
    """The cells of one random game (at most ``limit`` moves), found on a throwaway game."""
    game = make()
    cells: list[ttt.Cell] = []
    while not game.is_over and len(cells) < limit:
        if game.is_unbounded:
            cell = rng.choice(game.legal_moves.near(2))
        else:
            cell = rng.choice(game.legal_moves)
        game.move(*cell)
        cells.append(cell)
    return cells


def moves_per_second(
    make: Callable[[], ttt.Game], *, moves_per_game: int, total_moves: int, repeats: int
) -> float:
    """Median moves per second replaying random games; making the games is not timed."""
    rng = random.Random(2024)
    sequences: list[list[ttt.Cell]] = []
    while sum(map(len, sequences)) < total_moves:
        sequences.append(_random_sequence(make, rng, moves_per_game))
    count = sum(map(len, sequences))

    def replay_all() -> None:
        for game, cells in zip(games, sequences, strict=True):
            move = game.move
            for row, col in cells:
                move(row, col)

    times = []
    for _ in range(repeats):
        games = [make() for _ in sequences]
        times.append(median_seconds(replay_all, repeats=1))
    times.sort()
    return count / times[len(times) // 2]


def ours_random_game(rng: random.Random) -> ttt.Mark | None:
    """One random 3×3 game through the public API: a random legal move each turn."""
    game = ttt.Game()
    move, choice, legal = game.move, rng.choice, game.legal_moves
    while move(*choice(legal)) is ttt.Status.IN_PROGRESS:
        pass
    return game.winner


def per_move_table(repeats: int) -> list[tuple[str, float]]:
    """(board, median moves per second) for full lines at several n and for k = 5."""
    rows = []
    for n in (3, 10, 100, 1000):
        per_game = 9 if n == 3 else 200 if n < 1000 else 2000
        rate = moves_per_second(
            lambda n=n: ttt.Game(n),  # type: ignore[misc]
            moves_per_game=per_game,
            total_moves=MOVES_PER_SIZE if n < 1000 else MOVES_PER_SIZE // 2,
            repeats=repeats,
        )
        rows.append((f"{n}×{n}, full line (k={n})", rate))
    rows.append(
        (
            "15×15, k=5",
            moves_per_second(
                lambda: ttt.Game(15, k=5),
                moves_per_game=225,
                total_moves=MOVES_PER_SIZE,
                repeats=repeats,
            ),
        )
    )
    rows.append(
        (
            "unbounded, k=5",
            moves_per_second(
                lambda: ttt.Game.unbounded(5),
                moves_per_game=300,
                total_moves=MOVES_PER_SIZE,
                repeats=repeats,
            ),
        )
    )
    return rows


def random_games(games: int, pairs: int) -> dict[str, float]:
    """Microseconds per random 3×3 game (ours, naive) and the median paired speed-up."""

    def ours() -> None:
        rng = random.Random(7)
        for _ in range(games):
            ours_random_game(rng)

    def naive() -> None:
        rng = random.Random(7)
        for _ in range(games):
            naive_random_game(rng)

    fast, slow, ratio = paired_ratio(ours, naive, pairs=pairs)
    return {"tictactoe": fast / games * 1e6, "naive": slow / games * 1e6, "speed-up": ratio}
