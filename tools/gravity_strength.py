"""The heuristic bot under gravity against random play and against its own gravity-blind self.

``python tools/gravity_strength.py --games 100`` plays Connect Four (6×7, four in a row,
gravity) from varied two-move openings, each played twice with colours swapped, and prints
the heuristic bot's score with its 95% margin against two rivals:

- ``random``: a random legal move;
- ``blind``: the heuristic bot as it was before it knew gravity: its choice on the same
  moves without gravity, played where it is legal, else the best-scored legal cell (the way
  it falls back from a cell renju forbids).

``--nodes`` is the bot's budget a move (no clock, so a run is the same on any machine).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from scores import score_line

import tictactoe as ttt
from tictactoe._lines import Lines
from tictactoe.heuristic import HeuristicBot

Chooser = Callable[[ttt.Game], ttt.Cell]


def blind(seed: int, nodes: int) -> Chooser:
    """The gravity-blind heuristic bot: see the module's docstring."""
    bot = HeuristicBot(seed, limit=ttt.Limit(nodes=nodes))
    rng = random.Random(seed)

    def choose(game: ttt.Game) -> ttt.Cell:
        assert game.rows is not None
        plain = ttt.Game(game.rows, game.cols, game.k)
        for move in game.moves:
            plain.move(*move.cell)
        cell = bot.choose_move(plain)
        if cell in game.legal_moves:
            return cell
        lines = Lines.from_game(plain)
        me = game.players.index(game.turn)
        return max(game.legal_moves, key=lambda c: (lines.score(c, me), rng.random()))

    return choose


def random_player(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda game: rng.choice(sorted(game.legal_moves))


def play(first: Chooser, second: Chooser, opening: list[ttt.Cell]) -> ttt.Mark | None:
    """One game from ``opening``; the winner's mark, None for a draw."""
    game = ttt.Game(6, 7, k=4, gravity=True)
    for cell in opening:
        game.move(*cell)
    while not game.is_over:
        chooser = first if game.turn is ttt.Mark.X else second
        game.move(*chooser(game))
    return game.winner


def opening(number: int) -> list[ttt.Cell]:
    """Two random first moves, the same for both games of a pair."""
    rng = random.Random(number)
    game = ttt.Game(6, 7, k=4, gravity=True)
    for _ in range(2):
        game.move(*rng.choice(sorted(game.legal_moves)))
    return [move.cell for move in game.moves]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games per rival (even)")
    parser.add_argument("--nodes", type=int, default=2000, help="the bots' nodes a move")
    parser.add_argument("--rival", choices=("random", "blind", "both"), default="both")
    args = parser.parse_args()
    rivals = ("random", "blind") if args.rival == "both" else (args.rival,)
    for rival in rivals:
        points = []
        for number in range(args.games // 2):
            for bot_first in (True, False):
                bot = HeuristicBot(number, limit=ttt.Limit(nodes=args.nodes)).choose_move
                other = random_player(number) if rival == "random" else blind(number, args.nodes)
                first, second = (bot, other) if bot_first else (other, bot)
                winner = play(first, second, opening(number))
                mine = ttt.Mark.X if bot_first else ttt.Mark.O
                points.append(0.5 if winner is None else float(winner is mine))
        print(f"heuristic against {rival}: {score_line(points)}")


if __name__ == "__main__":
    main()
