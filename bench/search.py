"""Speed of the threat bot: its search board, its searches, and its time against the budget.

``python bench/search.py`` prints medians:

- play-and-undo pairs a second on the search board (random games near the stones);
- the same for a leaf's move, played lazily as the main search plays it and in full;
- the nodes and time each side's search for a win by threats (fours and open threes, as deep
  as the bot looks for the rival's before each move) takes over the positions, to the end;
- the nodes the main search takes to finish 7 plies in each position, with no clock: the
  same on any machine, fewer with better move ordering;
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

from timing import median_seconds, paired_ratio

import tictactoe as ttt
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.search import Search
from tictactoe._threat.tactics import Budget, ThreatSearch
from tictactoe.heuristic import HeuristicBot
from tictactoe.threat import Params, ThreatBot

RIVAL_VCT_DEPTH = Params().rival_vct_depth
"""How deep the bot looks for the rival's win by threats before each move."""
ORDERING_DEPTH = 7
"""The depth the main search is run to, for its nodes (the measure of its move ordering)."""


def positions(count: int, seed: int) -> list[ttt.Game]:
    """Middle-game positions on 15×15: 10 to 30 moves of two quick heuristic bots."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = ttt.Game(15, k=5)
        bots = [HeuristicBot(rng.getrandbits(32), limit=ttt.Limit(nodes=50)) for _ in range(2)]
        for _ in range(rng.randint(10, 30)):
            game.move(*bots[len(game.moves) % 2].choose_move(game))
            if game.is_over:
                break
        if not game.is_over:
            found.append(game)
    return found


def board_pairs_per_second(games: list[ttt.Game], repeats: int, *, tactical: bool) -> float:
    """Median play-and-undo pairs a second on the search board, 20 random plies a game.

    The plies are drawn once (seeded), so both modes play the same ones; with ``tactical``
    the board keeps only what the threat searches read, as they run it.
    """
    rng = random.Random(0)
    boards = [PatternBoard.from_game(game) for game in games]
    lines = []
    for board in boards:
        line = []
        while len(line) < 20 and board.candidates:
            line.append(rng.choice(sorted(board.candidates)))
            if board.play(line[-1], board.to_move):
                break
        for _ in line:
            board.undo()
        lines.append(line)
        board.set_tactical(tactical)

    def run() -> None:
        for board, line in zip(boards, lines, strict=True):
            for cell in line:
                board.play(cell, board.to_move)
            for _ in line:
                board.undo()

    seconds = median_seconds(run, repeats=repeats)
    return sum(len(line) for line in lines) / seconds


def leaf_pairs_per_second(games: list[ttt.Game], pairs: int) -> tuple[float, float, float]:
    """Pairs a second of a leaf's move played lazily and in full, and the median ratio.

    Each of a position's candidates is played and taken back at once, as the main search
    plays a leaf: lazily, it makes the totals and the threats a leaf is scored by and
    leaves the rest, which no leaf reads (:meth:`PatternBoard.play`). The two ways take turns.
    """
    boards = [PatternBoard.from_game(game) for game in games]
    cells = [sorted(board.candidates) for board in boards]

    def leaves(lazily: bool) -> None:
        for board, moves in zip(boards, cells, strict=True):
            player = board.to_move
            for cell in moves:
                board.play(cell, player, lazily=lazily)
                board.undo()

    count = sum(len(moves) for moves in cells)
    lazy, full, ratio = paired_ratio(lambda: leaves(True), lambda: leaves(False), pairs=pairs)
    return count / lazy, count / full, ratio


def threat_search_cost(games: list[ttt.Game]) -> tuple[int, float, int]:
    """Nodes, seconds and wins of each side's VCT search to the rival's depth, run to the end.

    Each search deepens one threat at a time, with a table of its own, as the bot's check
    of the rival's threats does before each move.
    """
    nodes, wins = 0, 0
    start = time.perf_counter()
    for game in games:
        board = PatternBoard.from_game(game)
        board.set_tactical(True)
        for attacker in (1, 2):
            search = ThreatSearch(board, Budget(time.perf_counter, None))
            wins += search.deepening(attacker, RIVAL_VCT_DEPTH, fours_only=False) is not None
            nodes += search.budget.nodes
    return nodes, time.perf_counter() - start, wins


def nodes_to_depth(games: list[ttt.Game], depth: int) -> tuple[int, float]:
    """Nodes and seconds the main search takes to finish ``depth`` plies in each position.

    With no clock the nodes are the same on any machine and depend on the search alone:
    the better the move ordering, the fewer it takes to reach a depth.
    """
    nodes = 0
    start = time.perf_counter()
    for game in games:
        board = PatternBoard.from_game(game)
        search = Search(board, Budget(time.perf_counter, None))
        search.run(Search.root_moves(board, random.Random(0).random), depth)
        nodes += search.budget.nodes
    return nodes, time.perf_counter() - start


def bot_moves(games: list[ttt.Game], budget: float) -> tuple[list[int], list[float]]:
    """Nodes a second and seconds of each move of the bot on ``games`` at ``budget``."""
    rates, seconds = [], []
    for number, game in enumerate(games):
        bot = ThreatBot(number, limit=ttt.Limit(seconds=budget))
        start = time.perf_counter()
        bot.choose_move(game)
        seconds.append(time.perf_counter() - start)
        assert bot.last is not None
        if bot.last.nodes:
            rates.append(bot.last.nodes_per_second)
    return rates, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="self-play positions measured")
    parser.add_argument(
        "--budgets", default="0.1,0.5,1", help="seconds a move the bot is timed at, comma-separated"
    )
    args = parser.parse_args()
    games = positions(args.positions, seed=1)
    full = board_pairs_per_second(games, repeats=5, tactical=False)
    tactical = board_pairs_per_second(games, repeats=5, tactical=True)
    print(
        f"search board: {full:,.0f} play+undo pairs/s; in tactical mode (the threat "
        f"searches) {tactical:,.0f}, {tactical / full:.2f}x"
    )
    lazy, full, ratio = leaf_pairs_per_second(games, pairs=9)
    print(
        f"a leaf's move: {lazy:,.0f} play+undo pairs/s played lazily, as the main search "
        f"plays it; {full:,.0f} in full, {ratio:.2f}x"
    )
    nodes, seconds, wins = threat_search_cost(games)
    print(
        f"threat search (VCT to depth {RIVAL_VCT_DEPTH}, each side, {len(games)} positions): "
        f"{nodes:,} nodes in {seconds:.2f} s, {nodes / seconds:,.0f} nodes/s, {wins} wins"
    )
    nodes, seconds = nodes_to_depth(games, ORDERING_DEPTH)
    print(
        f"main search to depth {ORDERING_DEPTH} ({len(games)} positions, no clock): "
        f"{nodes:,} nodes in {seconds:.2f} s"
    )
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
