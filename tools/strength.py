"""The threat bot against the heuristic bot: score with its 95% margin, time per move.

``python tools/strength.py --games 100 --time 1`` plays 15×15 (``--unbounded`` for the
grid, where games stop after ``--max-moves``), from varied three-stone openings, each played
twice with colours swapped. Prints the score, wins, draws and losses, the margin, and the
threat bot's median and worst time per move against its budget.

With ``--nodes N`` the threat bot has N nodes a move and no clock (the heuristic bot its
``--heuristic-nodes``): the games are then the same whatever the machine's load, so two
versions of the bot can be compared game for game. ``--jobs`` plays games in parallel
processes; ``--first-opening`` starts the openings further on, for a sample the other
runs have not seen; ``--save`` writes every game's moves to a JSON file, to replay the losses,
with the threat bot's time for each of its moves, to find a late one.

The worst move comes with the longest pause between two of its clock readings. A search
reads the clock every few dozen nodes, a millisecond or two apart, so a move late by much
more than that was either stopped between two readings (a pause as long as the lateness:
the machine held the process, as a shared machine may when it maps fresh memory) or spent
its time after the last one (a short pause: the bot's own fault, to trace).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from scores import score_line

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


def opened(number: int, unbounded: bool) -> ttt.Game:
    """A new 15×15 game (or grid game), five in a row, with opening ``number`` played."""
    return played(opening(number, unbounded), unbounded)


def played(cells: Sequence[ttt.Cell], unbounded: bool = False) -> ttt.Game:
    """A new 15×15 game (or grid game), five in a row, with ``cells`` played in turn."""
    game = ttt.Game.unbounded(5) if unbounded else ttt.Game(15, k=5)
    for cell in cells:
        game.move(*cell)
    return game


class PauseClock:
    """:func:`time.perf_counter`, noting the longest time between two readings of a move."""

    def __init__(self) -> None:
        self.last: float | None = None
        self.longest = 0.0

    def __call__(self) -> float:
        now = time.perf_counter()
        if self.last is not None:
            self.longest = max(self.longest, now - self.last)
        self.last = now
        return now

    def new_move(self) -> None:
        """Forget the last move's readings."""
        self.last, self.longest = None, 0.0


Played = tuple[float, list[float], list[float], list[ttt.Cell]]


def play(number: int, args: argparse.Namespace) -> Played:
    """One game: the threat bot's points (1, 0.5 or 0), its times a move, its longest pause
    between two clock readings in each move, and the moves.

    Colours swap with ``number``.
    """
    game = opened(args.first_opening + number // 2, args.unbounded)
    seconds = None if args.nodes else args.time
    clock = PauseClock()
    threat = ThreatBot(number, clock=clock, limit=ttt.Limit(seconds=seconds, nodes=args.nodes))
    heuristic = HeuristicBot(number, limit=ttt.Limit(seconds=seconds, nodes=args.heuristic_nodes))
    players: list[ttt.Player] = [threat, heuristic]
    if number % 2:
        players.reverse()
    times, pauses = [], []
    while not game.is_over and len(game.moves) < args.max_moves:
        player = players[game.players.index(game.turn)]
        clock.new_move()
        start = time.perf_counter()
        cell = player.choose_move(game)
        if player is threat:
            times.append(time.perf_counter() - start)
            pauses.append(clock.longest)
        game.move(*cell)
    moves = [move.cell for move in game.moves]
    if game.winner is None:
        return 0.5, times, pauses, moves
    points = 1.0 if players[game.players.index(game.winner)] is threat else 0.0
    return points, times, pauses, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=20, help="games (two an opening, colours swapped)"
    )
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move, both bots")
    parser.add_argument("--nodes", type=int, help="the threat bot's nodes a move, no clock")
    parser.add_argument(
        "--heuristic-nodes", type=int, default=2000, help="the heuristic bot's nodes a move"
    )
    parser.add_argument(
        "--unbounded", action="store_true", help="play on the unbounded grid, not 15×15"
    )
    parser.add_argument(
        "--first-opening",
        type=int,
        default=0,
        help="the number of the first opening; another than an earlier run's plays new openings",
    )
    parser.add_argument(
        "--max-moves", type=int, default=200, help="moves after which a game is a draw"
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--save", help="a JSON file for every game's moves and result")
    args = parser.parse_args()
    points: list[float] = []
    times: list[float] = []
    games: list[dict[str, object]] = []
    worst = (0.0, 0, 0, 0.0)  # the slowest move: its time, game, place there, longest pause
    with ProcessPoolExecutor(args.jobs) as pool:
        numbers = range(args.games)
        for number, (score, used, pauses, moves) in zip(
            numbers, pool.map(play, numbers, [args] * args.games), strict=True
        ):
            points.append(score)
            for place, (seconds, pause) in enumerate(zip(used, pauses, strict=True)):
                if seconds > worst[0]:
                    worst = (seconds, number, place, pause)
            times += used
            mark = "X" if number % 2 == 0 else "O"
            game = {"number": number, "threat": mark, "points": score, "moves": moves}
            games.append(game | {"times": used, "pauses": pauses})
            print(f"game {number + 1}: {score:g}", flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(games, file)
    count = len(points)
    wins = points.count(1.0)
    draws = points.count(0.5)
    board = "unbounded grid" if args.unbounded else "15x15"
    budget = f"{args.nodes} nodes" if args.nodes else f"{args.time:g} s"
    print(
        f"{board}, {budget} a move: threat scored {score_line(points)} "
        f"(W {wins} D {draws} L {count - wins - draws})"
    )
    slowest, game_number, place, pause = worst
    print(
        f"threat's time a move: median {statistics.median(times):.3f} s, worst {slowest:.3f} s"
        + ("" if args.nodes else f" ({(slowest - args.time) * 1000:+.1f} ms against the budget)")
        + f", its move {place + 1} of game {game_number + 1}, whose longest pause "
        f"between two clock readings was {pause * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
