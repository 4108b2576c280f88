"""The threat bot's defence: how often its move holds against the rival's threats.

``python tools/defence.py`` replays positions from the bot's games against Pela
(``defence.txt``: White to move, Black would win by threats if it could move now, and the
bot did not find every move lost). In each, the bot chooses a move on ``--nodes`` nodes and
no clock (the same move whatever the machine's load), and a threat search bigger than the
bot's (``--depth`` threats deep, on ``--prover-nodes`` nodes) rules on that move: it holds
(the rival has no win by threats after it), it loses, or the search cannot tell. The bot on
``--reference-nodes`` (four times as many by default) plays the same positions, taking
turns with it: what more time would buy. Prints the counts for both, the ratio of their
holds, and with ``--verbose`` each position's moves and verdicts.

Games against Pela are decided by few moves and their score swings by 10 points over 80
games; here two versions of the bot are compared move for move on the positions where the
bot's games as White were lost or saved.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

import tictactoe as ttt
from tictactoe.coordinates import cell_label
from tictactoe.errors import OutOfTime
from tictactoe.openings import read_openings
from tictactoe.threat import Params, ThreatBot
from tictactoe.threats import holds

POSITIONS = Path(__file__).parent / "defence.txt"
VERDICTS = ("holds", "loses", "unknown")


def positions(every: int) -> list[ttt.Game]:
    """Every ``every``-th position of ``defence.txt``, as games on 15×15 with k = 5."""
    games = []
    for moves in read_openings(str(POSITIONS))[::every]:
        game = ttt.Game(15, k=5)
        for cell in moves:
            game.move(*cell)
        games.append(game)
    return games


def verdict(game: ttt.Game, cell: ttt.Cell, depth: int, nodes: int) -> str:
    """Whether ``cell`` holds against the rival's threats ``depth`` deep, as the bot rules.

    :func:`tictactoe.threats.holds`: one threat deeper at a time, as the bot looks for the
    rival's threat, a four met by its block counting as the rival's move again. "unknown"
    when the searches run out of ``nodes`` first.
    """
    try:
        return "holds" if holds(game, cell, depth=depth, nodes=nodes) else "loses"
    except OutOfTime:
        return "unknown"


def main(argv: list[str] | None = None) -> dict[int, Counter[str]]:
    """Run the benchmark; returns the verdicts' counts by node budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=15_000, help="the bot's nodes a move")
    parser.add_argument(
        "--reference-nodes", type=int, help="the reference bot's nodes a move (4 × --nodes)"
    )
    parser.add_argument(
        "--depth", type=int, default=Params().hold_depth + 2, help="threats deep the verdict looks"
    )
    parser.add_argument(
        "--prover-nodes", type=int, default=60_000, help="nodes of each verdict's search"
    )
    parser.add_argument(
        "--every", type=int, default=3, help="take every N-th position (1: all 211, about 20 min)"
    )
    parser.add_argument("--verbose", action="store_true", help="print each position's verdicts")
    args = parser.parse_args(argv)
    for name in ("nodes", "reference_nodes", "depth", "prover_nodes", "every"):
        value = getattr(args, name)
        if value is not None and value < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1, not {value}")
    budgets = [args.nodes, args.reference_nodes or 4 * args.nodes]
    if budgets[0] == budgets[1]:
        parser.error(f"--reference-nodes must differ from --nodes ({args.nodes:,} both)")
    counts: dict[int, Counter[str]] = {nodes: Counter() for nodes in budgets}
    games = positions(args.every)
    for number, game in enumerate(games, 1):
        found = []
        for nodes in budgets:
            move = ThreatBot(0, limit=ttt.Limit(nodes=nodes)).choose_move(game)
            ruled = verdict(game, move, args.depth, args.prover_nodes)
            counts[nodes][ruled] += 1
            found.append(f"{nodes:,} nodes {cell_label(move, game)} {ruled}")
        if args.verbose:
            print(f"{number:3} after {len(game.moves)} moves: " + "; ".join(found), flush=True)
    print(f"{len(games)} positions, the verdict {args.depth} threats deep:")
    for nodes in budgets:
        tally = ", ".join(f"{verdict_} {counts[nodes][verdict_]}" for verdict_ in VERDICTS)
        print(f"  bot on {nodes:>7,} nodes: {tally}")
    reference = counts[budgets[1]]["holds"]
    if reference:
        print(f"holds, bot / reference: {counts[budgets[0]]['holds'] / reference:.2f}")
    return counts


if __name__ == "__main__":
    main()
