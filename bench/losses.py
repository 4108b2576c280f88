"""Where the threat bot lost its games against an engine, and what kind of loss each was.

``python bench/losses.py DIR`` reads the games that ``bench/engines.py --save DIR`` kept and,
in each one the bot (the player named ``ours``) lost, finds its move from which on the rival
would win by threats after every move of its (``--depth`` threats deep, as
``bench/defence.py`` rules: a four met by its block puts the rival's threats off, it does
not stop them): the move that lost the game, as an engine that misses a win and wins later
does not tell. Then it sorts the
loss by what happened at that move, among the moves the bot chooses from there (its root's
candidates):

- ``missed``: another of them holds: the bot's defence missed it;
- ``deep``: every one loses, and after the bot's move before, the rival already had a win
  by threats ``--deep`` threats deep: deeper than the bot's check looked;
- ``set up``: every one loses, and the rival had no such win a move before: its last move,
  a quiet one, left threats that no answer stops, which only a deeper main search (or a
  better evaluation) sees coming.

A search that runs out of ``--nodes`` counts as no hold and no win, so a loss it cannot
rule on is ``set up`` at worst; a game lost with no such move is lost ``not to threats``.
Prints each lost game's line and the count of each kind.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from defence import verdict

import tictactoe as ttt
from tictactoe import records
from tictactoe._threat.board import Board
from tictactoe._threat.search import Search
from tictactoe.coordinates import cell_label
from tictactoe.threat import HOLD_DEPTH, RIVAL_VCT_DEPTH

KINDS = ("missed", "deep", "set up", "not to threats")
OURS = "ours"


def opened(moves: tuple[ttt.Cell, ...]) -> ttt.Game:
    """A 15×15 game, five in a row, with ``moves`` played."""
    game = ttt.Game(15, k=5)
    for cell in moves:
        game.move(*cell)
    return game


def losing_move(moves: tuple[ttt.Cell, ...], side: int, depth: int, nodes: int) -> int | None:
    """The place in ``moves`` of ``side``'s move from which on it always lost to threats.

    ``side`` is 0 for the first player, 1 for the second. The moves are ruled on from the
    last back, up to one after which the rival had no win by threats (it may have had one
    earlier, and not played it): the move after that one is where the game was lost.
    None if even the last move left the rival no such win.
    """
    found = None
    for place in reversed(range(side, len(moves), 2)):
        if verdict(opened(moves[:place]), moves[place], depth, nodes) != "loses":
            break
        found = place
    return found


def kind_of_loss(moves: tuple[ttt.Cell, ...], place: int, depth: int, deep: int, nodes: int) -> str:
    """What kind of loss the move at ``place`` made (see the module's docstring)."""
    game = opened(moves[:place])
    board = Board.from_game(game)
    for index in Search.root_moves(board, random.Random(0).random):
        cell = board.cell(index)
        if cell != moves[place] and verdict(game, cell, depth, nodes) == "holds":
            return "missed"
    before = place - 2
    if before >= 0 and verdict(opened(moves[:before]), moves[before], deep, nodes) == "loses":
        return "deep"
    return "set up"


def main(argv: list[str] | None = None) -> Counter[str]:
    """Sort the lost games of the folder; returns the count of each kind of loss."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="a folder of SGF games saved by bench/engines.py --save")
    parser.add_argument(
        "--depth",
        type=int,
        default=RIVAL_VCT_DEPTH,
        help="threats deep the rival's win after a move is looked for (the bot's own check)",
    )
    parser.add_argument(
        "--deep",
        type=int,
        default=HOLD_DEPTH + 4,
        help="threats deep the rival's win is looked for a move before",
    )
    parser.add_argument("--nodes", type=int, default=60_000, help="nodes of each search")
    args = parser.parse_args(argv)
    for name in ("depth", "deep", "nodes"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    paths = sorted(Path(args.folder).glob("*.sgf"))
    if not paths:
        parser.error(f"{args.folder}: no SGF games in it")
    counts: Counter[str] = Counter()
    for path in paths:
        record = records.load(path)
        if OURS not in record.names:
            parser.error(f"{path.name}: no player named {OURS!r}")
        side = record.names.index(OURS)
        game = record.to_game()
        if game.winner is None or game.players.index(game.winner) == side:
            continue
        colour = ("Black", "White")[side]
        place = losing_move(record.moves, side, args.depth, args.nodes)
        if place is None:
            counts["not to threats"] += 1
            print(f"{path.name}: lost as {colour}, not to threats {args.depth} deep")
            continue
        kind = kind_of_loss(record.moves, place, args.depth, args.deep, args.nodes)
        counts[kind] += 1
        move = cell_label(record.moves[place], game)
        print(f"{path.name}: lost as {colour}, its move {place + 1} ({move}): {kind}", flush=True)
    lost = sum(counts.values())
    kinds = ", ".join(f"{kind} {counts[kind]}" for kind in KINDS)
    print(f"lost games: {lost} ({kinds})")
    return counts


if __name__ == "__main__":
    main()
