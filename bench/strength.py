"""The threat bot against the heuristic bot: score with its 95% margin, time per move.

``python bench/strength.py --games 100 --time 1`` plays 15×15 (``--unbounded`` for the
grid, where games stop after ``--max-moves``), from varied three-stone openings, each played
twice with colours swapped. Prints the score, wins, draws and losses, the margin, and the
threat bot's median and worst time per move against its budget.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import tictactoe as ttt
from tictactoe.heuristic import HeuristicBot
from tictactoe.threat import ThreatBot


def opening(number: int, unbounded: bool) -> list[ttt.Cell]:
    """Three stones near the centre, different for each number (the same for its pair)."""
    rng = random.Random(number)
    centre = (0, 0) if unbounded else (7, 7)
    cells = [centre]
    while len(cells) < 3:
        cell = (centre[0] + rng.randint(-2, 2), centre[1] + rng.randint(-2, 2))
        if cell not in cells:
            cells.append(cell)
    return cells


def play(number: int, args: argparse.Namespace, times: list[float]) -> float:
    """One game: the threat bot's points (1, 0.5 or 0); colours swap with ``number``."""
    game = ttt.Game.unbounded(5) if args.unbounded else ttt.Game(15, k=5)
    for cell in opening(number // 2, args.unbounded):
        game.move(*cell)
    threat = ThreatBot(number, seconds=args.time)
    heuristic = HeuristicBot(number, seconds=args.time, nodes=args.heuristic_nodes)
    players: list[ttt.Player] = [threat, heuristic]
    if number % 2:
        players.reverse()
    while not game.is_over and len(game.moves) < args.max_moves:
        player = players[game.players.index(game.turn)]
        start = time.perf_counter()
        cell = player.choose_move(game)
        if player is threat:
            times.append(time.perf_counter() - start)
        game.move(*cell)
    if game.winner is None:
        return 0.5
    return 1.0 if players[game.players.index(game.winner)] is threat else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move, both bots")
    parser.add_argument("--heuristic-nodes", type=int, default=2000)
    parser.add_argument("--unbounded", action="store_true")
    parser.add_argument("--max-moves", type=int, default=200)
    args = parser.parse_args()
    points, times = [], []
    for number in range(args.games):
        points.append(play(number, args, times))
        print(f"game {number + 1}: {points[-1]:g}", flush=True)
    games = len(points)
    score = sum(points) / games
    margin = 1.96 * statistics.pstdev(points) / math.sqrt(games) if games > 1 else 0.0
    wins = points.count(1.0)
    draws = points.count(0.5)
    board = "unbounded grid" if args.unbounded else "15x15"
    print(
        f"{board}, {args.time:g} s a move: threat scored {sum(points):g}/{games} "
        f"= {score:.1%} ± {margin:.1%} (W {wins} D {draws} L {games - wins - draws})"
    )
    print(
        f"threat's time a move: median {statistics.median(times):.3f} s, worst "
        f"{max(times):.3f} s ({(max(times) - args.time) * 1000:+.1f} ms against the budget)"
    )


if __name__ == "__main__":
    main()
