"""Where the threat bot lost its games against an engine, and what kind of loss each was.

``python tools/losses.py DIR`` reads the games that ``tools/engines.py --save DIR`` kept and,
in each one the bot (the player named ``ours``) lost, finds its move from which on the rival
would win by threats after every move of its (``--depth`` threats deep, as
``tools/defence.py`` rules: a four met by its block puts the rival's threats off, it does
not stop them): the move that lost the game. The first move after which the rival had
such a win can come earlier, when the rival did not play it. Then it sorts the loss by what
happened at that move, among the moves the bot chooses from there (its root's candidates):

- ``missed``: another of them holds: the bot's defence missed it;
- ``deep``: every one loses, and after the bot's move before, the rival already had a win
  by threats ``--deep`` threats deep: deeper than the bot's check looked;
- ``set up``: every one loses, and the rival had no such win a move before: its last move,
  a quiet one, left threats that no answer stops, which only a deeper main search (or a
  better evaluation) sees coming.

A search that runs out of ``--nodes`` counts as no hold and no win, so a loss it cannot
rule on is ``set up`` at worst; a game lost with no such move is lost ``not to threats``.
Prints each lost game's line and the count of each kind. With ``--earlier`` it also asks,
of each set-up, whether the bot could have seen it coming: how many of the candidates of
its move before leave every answer of the rival's (among its candidates) a reply that holds.
Where none does, the game was lost earlier still, and no check of the rival's set-ups at
the root would have saved it.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from defence import verdict
from strength import played

import tictactoe as ttt
from tictactoe import records
from tictactoe.coordinates import cell_label
from tictactoe.threat import Params
from tictactoe.threats import candidates

KINDS = ("missed", "deep", "set up", "not to threats")
OURS = "ours"


def losing_move(moves: tuple[ttt.Cell, ...], side: int, depth: int, nodes: int) -> int | None:
    """The place in ``moves`` of ``side``'s move from which on it always lost to threats.

    ``side`` is 0 for the first player, 1 for the second. The moves are ruled on from the
    last back, up to one after which the rival had no win by threats (it may have had one
    earlier, and not played it): the move after that one is where the game was lost.
    None if even the last move left the rival no such win.
    """
    found = None
    for place in reversed(range(side, len(moves), 2)):
        if verdict(played(moves[:place]), moves[place], depth, nodes) != "loses":
            break
        found = place
    return found


def kind_of_loss(moves: tuple[ttt.Cell, ...], place: int, depth: int, deep: int, nodes: int) -> str:
    """What kind of loss the move at ``place`` made (see the module's docstring)."""
    game = played(moves[:place])
    for cell in candidates(game):
        if cell != moves[place] and verdict(game, cell, depth, nodes) == "holds":
            return "missed"
    before = place - 2
    if before >= 0 and verdict(played(moves[:before]), moves[before], deep, nodes) == "loses":
        return "deep"
    return "set up"


def set_up_against(
    moves: tuple[ttt.Cell, ...], move: ttt.Cell, depth: int, nodes: int
) -> ttt.Cell | None:
    """A rival's answer to ``move`` (played after ``moves``) that no candidate then holds.

    Among the rival's candidates, the first after which each of ours leaves it a win by
    threats ``depth`` deep (or that wins at once); None if every one has an answer.
    """
    game = played((*moves, move))
    for answer in candidates(game):
        after = played((*moves, move, answer))
        if after.is_over or not any(
            verdict(after, cell, depth, nodes) == "holds" for cell in candidates(after)
        ):
            return answer
    return None


def safe_before(moves: tuple[ttt.Cell, ...], place: int, depth: int, nodes: int) -> int:
    """How many of the candidates of the move before ``place`` meet every rival's set-up."""
    before = moves[: place - 2]
    return sum(
        set_up_against(before, cell, depth, nodes) is None for cell in candidates(played(before))
    )


def main(argv: list[str] | None = None) -> Counter[str]:
    """Sort the lost games of the folder; returns the count of each kind of loss."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="a folder of SGF games saved by tools/engines.py --save")
    parser.add_argument(
        "--depth",
        type=int,
        default=Params().rival_vct_depth,
        help="threats deep the rival's win after a move is looked for (the bot's own check)",
    )
    parser.add_argument(
        "--deep",
        type=int,
        default=Params().hold_depth + 4,
        help="threats deep the rival's win is looked for a move before",
    )
    parser.add_argument("--nodes", type=int, default=60_000, help="nodes of each search")
    parser.add_argument(
        "--earlier",
        action="store_true",
        help="for a set-up, count the candidates of the move before that every rival's "
        "answer leaves a hold (each answer and hold among the candidates; slow)",
    )
    args = parser.parse_args(argv)
    for name in ("depth", "deep", "nodes"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1, not {getattr(args, name)}")
    paths = sorted(Path(args.folder).glob("*.sgf"))
    if not paths:
        parser.error(f"{args.folder}: no SGF games in it")
    counts: Counter[str] = Counter()
    met = 0
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
        line = f"{path.name}: lost as {colour}, its move {place + 1} ({move}): {kind}"
        if args.earlier and kind == "set up" and place >= 2:
            safe = safe_before(record.moves, place, args.depth, args.nodes)
            met += safe > 0
            line += f"; {safe} candidates of its move before met every set-up"
        print(line, flush=True)
    lost = sum(counts[kind] for kind in KINDS)
    kinds = ", ".join(f"{kind} {counts[kind]}" for kind in KINDS)
    print(f"lost games: {lost} ({kinds})")
    if args.earlier:
        print(f"set-ups that a candidate of the move before met: {met}")
    return counts


if __name__ == "__main__":
    main()
