"""Run the benchmarks and print figures with their ratios: ``python bench/run.py``.

``--quick`` runs fewer repeats (for a smoke test). Every ratio compares figures taken in the
same run, so a slow or busy machine shifts both sides alike.

The last section measures the build this interpreter imports against OpenSpiel (``peers.py``;
``pip install -e '.[bench]'``; without it the section says so). ``--python PATH``
(repeatable) re-runs that section in another interpreter, say a venv with the mypyc-compiled
build, so one command prints the pure and the compiled figures::

    python bench/run.py --python ../compiled-venv/bin/python
"""

from __future__ import annotations

import argparse
import platform
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import core
import peers
import play

HERE = Path(__file__).parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats, for a smoke test")
    parser.add_argument(
        "--python",
        action="append",
        default=[],
        metavar="PATH",
        help="also run the OpenSpiel section in this interpreter (repeatable), e.g. another build",
    )
    args = parser.parse_args()
    repeats = 3 if args.quick else 7
    print(f"Python {platform.python_version()} on {platform.machine()}, medians of {repeats}")

    print("\nCost per move (random games replayed through Game.move)")
    table = core.per_move_table(repeats)
    base = table[0][1]
    for name, rate in table:
        print(f"  {name:<28} {rate:>12,.0f} moves/s   {rate / base:5.2f} × 3×3")

    print("\nRandom 3×3 games through the public API (random legal move via legal_moves)")
    games = core.random_games(200, 20 if args.quick else 100)
    for name in ("tictactoe", "naive"):
        print(f"  {name:<28} {games[name]:>12.1f} µs/game")
    print(f"  speed-up over naive          {games['speed-up']:>12.2f} ×  (median of paired runs)")

    print("\nSolver and counts")
    solved = play.solve_3x3_against_plain(repeats)
    print(f"  solve 3×3, our solver        {solved['solver'] * 1e3:>12.2f} ms")
    print(f"  solve 3×3, plain alpha-beta  {solved['plain alpha-beta'] * 1e3:>12.2f} ms")
    ratio = solved["plain alpha-beta"] / solved["solver"]
    print(f"  speed-up over plain          {ratio:>12.1f} ×")
    seconds, solution = play.solve_seconds(4, 4, 4, 1 if args.quick else 3)
    detail = f"({solution.value}, {solution.nodes:,} nodes)"
    print(f"  solve 4×4 k=4                {seconds:>12.2f} s  {detail}")
    print(f"  count all 3×3 games          {play.count_3x3_seconds(repeats) * 1e3:>12.1f} ms")

    print("\nSelf-play")
    for name, rate in play.selfplay_table():
        print(f"  {name:<34} {rate:>10,.1f} games/s")

    peers.print_section(quick=args.quick)
    failed = 0
    for python in args.python:
        sys.stdout.flush()
        command = [python, str(HERE / "peers.py"), *(["--quick"] if args.quick else [])]
        try:
            code = subprocess.run(command, check=False).returncode
        except OSError as error:
            code = error.errno or 1
        if code != 0:
            print(f"bench: the OpenSpiel section failed in {python}", file=sys.stderr)
            failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
