"""The RL face against its peers: ``python bench/rl.py`` (``--quick`` for a smoke run).

Three sections, every figure a median over short alternating batches, every ratio the median
of the per-cycle ratios (both sides timed under the same load):

1. The PettingZoo AEC environment against ``tictactoe_v3`` on 3×3, each wrapped as its package
   serves it (``env()``) and raw. The loop is the one PettingZoo's docs show: ``agent_iter``,
   ``last()``, a uniformly random legal action from the mask (the same policy code on both
   sides), ``step``. ``tictactoe_v3`` needs ``pettingzoo[classic]`` (pygame), which the ``rl``
   extra leaves out: install it in another environment together with this repository and run
   this file with that environment's python; without it the section says so.
2. ``VectorGame`` at batch sizes 1, 64, 1024 and 16384 on 3×3 and 15×15 k = 5 against
   OpenSpiel stepping one state at a time (``tic_tac_toe`` and ``gomoku(size=15,connect=5)``),
   both counting what an RL loop needs each move: the observation, the legal-action mask, a
   random legal action, the step, and a new game when one ends. OpenSpiel is the ``bench``
   extra; without it the section gives our figures alone.
3. Where ``VectorGame``'s time goes at 16384 games: observation, mask, random actions, step.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np
from timing import interleaved_times, median_ratio

from tictactoe.rl import VectorGame
from tictactoe.rl import env as mnk_env
from tictactoe.rl import raw_env as mnk_raw_env

AEC_TARGET = 3.0
VECTOR_TARGET = 10.0
BATCHES = (1, 64, 1024, 16384)
BOARDS = (
    ("3×3", (3, 3, 3), "tic_tac_toe"),
    ("15×15 k=5", (15, 15, 5), "gomoku(size=15,connect=5)"),
)
CLASSIC_HINT = (
    "tictactoe_v3 not installed: pettingzoo[classic] (pygame) is not part of the rl extra; "
    "python3 -m venv OTHER && OTHER/bin/pip install 'pettingzoo[classic]' -e . && "
    "OTHER/bin/python bench/rl.py"
)
OPENSPIEL_HINT = "OpenSpiel not installed (pip install -e '.[bench]'): our figures alone"


def aec_games(make: Callable[[], Any], games: int) -> Callable[[int], int]:
    """``games`` random games through an AEC environment; returns the steps taken."""
    environment = make()

    def run(seed: int) -> int:
        choose = random.Random(seed).choice
        steps = 0
        for _ in range(games):
            environment.reset()
            for _agent in environment.agent_iter():
                observation, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    action = None
                else:
                    action = int(choose(np.flatnonzero(observation["action_mask"])))
                environment.step(action)
                steps += 1
        return steps

    return run


def aec_section(cycles: int, games: int) -> None:
    print("PettingZoo AEC, 3×3: random games, agent_iter + last() + step(), policy included")
    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError:
        tictactoe_v3 = None
        print(f"  {CLASSIC_HINT}")
    runs: dict[str, Callable[[int], int]] = {
        "tictactoe.rl.env()": aec_games(mnk_env, games),
        "tictactoe.rl.raw_env()": aec_games(mnk_raw_env, games),
    }
    if tictactoe_v3 is not None:
        runs["tictactoe_v3.env()"] = aec_games(tictactoe_v3.env, games)
        runs["tictactoe_v3.raw_env()"] = aec_games(tictactoe_v3.raw_env, games)
    steps = {name: run(0) for name, run in runs.items()}  # one untimed pass counts the steps
    times = interleaved_times(runs, cycles=cycles)
    for name in runs:
        seconds = statistics.median(times[name])
        line = (
            f"  {name:24} {steps[name] / seconds:>10,.0f} steps/s {games / seconds:>8,.0f} games/s"
        )
        theirs = name.replace("tictactoe.rl.", "tictactoe_v3.")
        if theirs != name and theirs in times:
            speed = median_ratio(
                [t / steps[theirs] for t in times[theirs]], [t / steps[name] for t in times[name]]
            )
            line += f"  {speed:5.2f} × tictactoe_v3"
            if name == "tictactoe.rl.env()":
                line += f" (target ≥ {AEC_TARGET:g}×: {'met' if speed >= AEC_TARGET else 'MISSED'})"
        print(line)


STEPS_PER_RUN = {1: 400, 64: 200, 1024: 40, 16384: 8}
"""Steps of each batch size per timed run: a few tens of milliseconds each."""


def vector_run(batch: int, shape: tuple[int, int, int], steps: int) -> Callable[[int], int]:
    """``steps`` steps of ``VectorGame`` with ``batch`` games; returns the moves made."""
    games = VectorGame(batch, *shape, seed=0)
    for _ in range(10):  # past the opening, so the batch holds games of every length
        games.step(games.random_actions())

    def run(_seed: int) -> int:
        for _ in range(steps):
            games.observation()
            games.legal_mask()
            games.step(games.random_actions())
        return steps * batch

    return run


def openspiel_run(pyspiel: Any, name: str, moves: int) -> Callable[[int], int]:
    """``moves`` moves through one OpenSpiel state at a time, as an RL loop steps it."""
    game = pyspiel.load_game(name)

    def run(seed: int) -> int:
        choose = random.Random(seed).choice
        state = game.new_initial_state()
        for _ in range(moves):
            np.asarray(state.observation_tensor(), dtype=np.float32)
            np.asarray(state.legal_actions_mask(), dtype=np.int8)
            state.apply_action(choose(state.legal_actions()))
            if state.is_terminal():
                state = game.new_initial_state()
        return moves

    return run


def vector_section(cycles: int, scale: float) -> None:
    print("VectorGame: moves/s with observation + mask + random action + step per move")
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print(f"  {OPENSPIEL_HINT}")
    for label, shape, spiel_name in BOARDS:
        runs = {
            f"batch {batch}": vector_run(batch, shape, max(1, int(STEPS_PER_RUN[batch] * scale)))
            for batch in BATCHES
        }
        if pyspiel is not None:
            runs["OpenSpiel"] = openspiel_run(pyspiel, spiel_name, int(2000 * scale))
        done = {name: run(0) for name, run in runs.items()}
        times = interleaved_times(runs, cycles=cycles)
        print(f"  {label}")
        for name in runs:
            rate = done[name] / statistics.median(times[name])
            line = f"    {name:12} {rate:>12,.0f} moves/s"
            if pyspiel is not None and name != "OpenSpiel":
                speed = median_ratio(
                    [t / done["OpenSpiel"] for t in times["OpenSpiel"]],
                    [t / done[name] for t in times[name]],
                )
                line += f"  {speed:7.2f} × OpenSpiel"
                if name == f"batch {BATCHES[-1]}" and shape[0] == 15:
                    verdict = "met" if speed >= VECTOR_TARGET else "MISSED"
                    line += f" (target ≥ {VECTOR_TARGET:g}×: {verdict})"
            print(line)


def breakdown_section(repeats: int) -> None:
    batch = BATCHES[-1]
    print(f"Where VectorGame's time goes at {batch:,} games (median ms per call)")
    for label, shape, _ in BOARDS:
        games = VectorGame(batch, *shape, seed=0)
        for _ in range(10):
            games.step(games.random_actions())
        parts: dict[str, list[float]] = {
            "observation": [],
            "legal_mask": [],
            "random": [],
            "step": [],
        }
        for _ in range(repeats):
            start = time.perf_counter()
            games.observation()
            observed = time.perf_counter()
            games.legal_mask()
            masked = time.perf_counter()
            actions = games.random_actions()
            drawn = time.perf_counter()
            games.step(actions)
            stepped = time.perf_counter()
            parts["observation"].append(observed - start)
            parts["legal_mask"].append(masked - observed)
            parts["random"].append(drawn - masked)
            parts["step"].append(stepped - drawn)
        cells = "  ".join(f"{name} {statistics.median(t) * 1e3:6.2f}" for name, t in parts.items())
        print(f"  {label:10} {cells}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, for a smoke test")
    quick = parser.parse_args().quick
    print(f"python {sys.version.split()[0]}, numpy {np.__version__}")
    aec_section(cycles=3 if quick else 15, games=20 if quick else 200)
    vector_section(cycles=3 if quick else 11, scale=0.25 if quick else 1.0)
    breakdown_section(repeats=3 if quick else 15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
