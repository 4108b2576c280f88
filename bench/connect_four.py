"""Random Connect Four games per second: ``python bench/connect_four.py`` (``--quick``: smoke).

Ours, ``Game(6, 7, k=4, gravity=True)`` behind the RL faces, against what a user would pick
instead, interleaved in one process (every figure a median over short alternating batches,
every ratio the median of the per-cycle ratios, both sides under the same load):

- PettingZoo's ``connect_four_v3``, wrapped as its package serves it (``env()``) and raw,
  against ``tictactoe.rl.env(6, 7, 4, gravity=True)`` and its raw form. The loop is the one
  PettingZoo's docs show: ``agent_iter``, ``last()``, a uniformly random legal column from the
  mask (the same policy code on both sides), ``step``. ``connect_four_v3`` needs
  ``pettingzoo[classic]`` (pygame), which the ``rl`` extra leaves out.
- OpenSpiel's ``connect_four``, one state at a time, reading what an RL loop reads each move:
  the observation tensor, the legal-action mask, a random legal action, the step, a new
  state when a game ends. OpenSpiel is the ``bench`` extra.
- ``VectorGame(N, 6, 7, k=4, gravity=True)`` at batch sizes 1, 64, 1024 and 16384, each move
  the observation, the mask, one random legal column per game in numpy, the step; games that
  end restart in the same step.

Both peers live in one other environment beside this repository::

    python3 -m venv .bench-venv
    .bench-venv/bin/pip install -e '.[rl]' open-spiel==2.0.2 'pettingzoo[classic]'
    .bench-venv/bin/python bench/connect_four.py

Without one of them its rows are left out, and the run says how to install it.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
from timing import interleaved_times, median_ratio

from tictactoe.rl import VectorGame
from tictactoe.rl import env as mnk_env
from tictactoe.rl import raw_env as mnk_raw_env

ROWS, COLS, K = 6, 7, 4
BATCHES = (1, 64, 1024, 16384)
STEPS_PER_RUN = {1: 800, 64: 200, 1024: 40, 16384: 6}
"""Steps of each batch size per timed run: a few tens of milliseconds each."""
CLASSIC_HINT = (
    "connect_four_v3 not installed: pettingzoo[classic] (pygame) is not part of the rl extra; "
    "python3 -m venv OTHER && OTHER/bin/pip install -e '.[rl]' 'pettingzoo[classic]' && "
    "OTHER/bin/python bench/connect_four.py"
)
OPENSPIEL_HINT = "OpenSpiel not installed (pip install -e '.[bench]'): its row is left out"

Run = Callable[[int], int]
"""One timed batch: called with the cycle's seed, it returns how many games it finished."""


def ours(*, raw: bool) -> Callable[[], Any]:
    """A maker of our Connect Four AEC environment, wrapped as ``env()`` serves it or raw."""
    factory = mnk_raw_env if raw else mnk_env
    return lambda: factory(ROWS, COLS, K, gravity=True)


def aec_games(make: Callable[[], Any], games: int) -> Run:
    """``games`` random games through an AEC environment, the loop PettingZoo's docs show."""
    environment = make()

    def run(seed: int) -> int:
        choose = random.Random(seed).choice
        for _ in range(games):
            environment.reset()
            for _agent in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    action = None
                else:
                    action = int(choose(np.flatnonzero(observation["action_mask"])))
                environment.step(action)
        return games

    return run


def openspiel_games(pyspiel: Any, games: int) -> Run:
    """``games`` random games of OpenSpiel's ``connect_four``, one state at a time."""
    game = pyspiel.load_game("connect_four")

    def run(seed: int) -> int:
        choose = random.Random(seed).choice
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                np.asarray(state.observation_tensor(), dtype=np.float32)
                np.asarray(state.legal_actions_mask(), dtype=np.int8)
                state.apply_action(choose(state.legal_actions()))
        return games

    return run


def vector_games(batch: int, steps: int) -> Run:
    """``steps`` steps of ``batch`` games at once; returns the games that ended meanwhile."""
    games = VectorGame(batch, ROWS, COLS, K, gravity=True, seed=0)
    for _ in range(2 * ROWS * COLS):  # past the first games, so the batch holds every length
        games.step(games.random_actions())

    def run(_seed: int) -> int:
        finished = 0
        for _ in range(steps):
            games.observation()
            games.legal_mask()
            _, done = games.step(games.random_actions())
            finished += int(done.sum())
        return finished

    return run


def counted(run: Run, into: list[int]) -> Run:
    """``run``, with each call's count of games kept in ``into``."""

    def call(seed: int) -> int:
        into.append(run(seed))
        return into[-1]

    return call


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, for a smoke test")
    quick = parser.parse_args().quick
    cycles, scale = (3, 0.1) if quick else (21, 1.0)
    games = max(4, int(100 * scale))
    print(
        f"python {sys.version.split()[0]}, numpy {np.__version__}, {platform.machine()}, "
        f"{os.cpu_count()} cores"
    )
    runs: dict[str, Run] = {
        "tictactoe.rl.env()": aec_games(ours(raw=False), games),
        "tictactoe.rl.raw_env()": aec_games(ours(raw=True), games),
    }
    try:  # connect_four_v3's own module: pettingzoo.classic.connect_four_v3 warns on import
        from pettingzoo.classic.connect_four import connect_four as connect_four_v3
    except ImportError:
        print(f"  {CLASSIC_HINT}")
    else:
        runs["connect_four_v3.env()"] = aec_games(connect_four_v3.env, games)
        runs["connect_four_v3.raw_env()"] = aec_games(connect_four_v3.raw_env, games)
    try:
        import pyspiel
    except ImportError:
        print(f"  {OPENSPIEL_HINT}")
    else:
        runs["OpenSpiel connect_four"] = openspiel_games(pyspiel, games)
    for batch in BATCHES:
        runs[f"VectorGame, {batch} at once"] = vector_games(
            batch, max(1, int(STEPS_PER_RUN[batch] * scale))
        )
    counts: dict[str, list[int]] = {name: [] for name in runs}
    times = interleaved_times(
        {name: counted(run, counts[name]) for name, run in runs.items()}, cycles=cycles
    )
    seconds_per_game = {
        name: [t / n for t, n in zip(times[name], counts[name][1:], strict=True)] for name in runs
    }  # counts[name][0] is the untimed warm-up's
    peers = [name for name in ("connect_four_v3.env()", "OpenSpiel connect_four") if name in runs]
    print("Random Connect Four games per second (6×7, four in a row), observation and mask read")
    print(f"  {'':28} {'games/s':>10}" + "".join(f"  {'× ' + peer:>26}" for peer in peers))
    for name in runs:
        rate = 1 / statistics.median(seconds_per_game[name])
        line = f"  {name:28} {rate:>10,.0f}"
        for peer in peers:
            speed = median_ratio(seconds_per_game[peer], seconds_per_game[name])
            line += f"  {speed:>26.2f}"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
