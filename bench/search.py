"""Speed of the threat bot: its search board, its searches, and its time against the budget.

``python bench/search.py`` prints medians:

- play-and-undo pairs a second on the search board (random games near the stones);
- nodes a second of the whole bot, over middle-game positions;
- for each budget, the median and the worst time a move took, and the worst overrun.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from timing import median_seconds

import tictactoe as ttt
from tictactoe._threat.board import Board
from tictactoe.heuristic import HeuristicBot
from tictactoe.threat import ThreatBot


def positions(count: int, seed: int) -> list[ttt.Game]:
    """Middle-game positions on 15×15: 10 to 30 moves of two quick heuristic bots."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = ttt.Game(15, k=5)
        bots = [HeuristicBot(rng.getrandbits(32), nodes=50, seconds=None) for _ in range(2)]
        for _ in range(rng.randint(10, 30)):
            game.move(*bots[len(game.moves) % 2].choose_move(game))
            if game.is_over:
                break
        if not game.is_over:
            found.append(game)
    return found


def board_pairs_per_second(games: list[ttt.Game], repeats: int) -> float:
    """Median play-and-undo pairs a second on the search board, 20 random plies a game."""
    rng = random.Random(0)
    boards = [Board.from_game(game) for game in games]
    plies = 20

    def run() -> None:
        for board in boards:
            played = 0
            for _ in range(plies):
                if not board.candidates:
                    break
                cell = rng.choice(sorted(board.candidates))
                won = board.play(cell, board.to_move)
                played += 1
                if won:
                    break
            for _ in range(played):
                board.undo()

    seconds = median_seconds(run, repeats=repeats)
    return len(boards) * plies / seconds


def bot_moves(games: list[ttt.Game], budget: float) -> tuple[list[int], list[float]]:
    """Nodes a second and seconds of each move of the bot on ``games`` at ``budget``."""
    rates, seconds = [], []
    for number, game in enumerate(games):
        bot = ThreatBot(number, seconds=budget)
        start = time.perf_counter()
        bot.choose_move(game)
        seconds.append(time.perf_counter() - start)
        assert bot.last is not None
        if bot.last.nodes:
            rates.append(bot.last.nodes_per_second)
    return rates, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--budgets", default="0.1,0.5,1")
    args = parser.parse_args()
    games = positions(args.positions, seed=1)
    print(f"search board: {board_pairs_per_second(games, repeats=5):,.0f} play+undo pairs/s")
    for budget in (float(text) for text in args.budgets.split(",")):
        rates, seconds = bot_moves(games, budget)
        over = max(seconds) - budget
        print(
            f"budget {budget:g} s: {statistics.median(rates):,.0f} nodes/s (median), "
            f"move time median {statistics.median(seconds):.3f} s, worst {max(seconds):.3f} s "
            f"({over * 1000:+.1f} ms against the budget)"
        )


if __name__ == "__main__":
    main()
