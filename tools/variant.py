"""The threat bot against itself with numbers of its tuning changed: which is stronger.

``python tools/variant.py --set to_move=0 --games 60 --nodes 10000 --jobs 2`` plays the
threat bot with the numbers given (the variant) against the bot as it stands, on 15×15
from the varied openings of ``tools/strength.py``, each twice with colours swapped, and
prints the variant's score with its 95% margin and by colour. Both sides have the same
node budget and no clock, so the games are the same whatever the machine's load; a change
that makes a node dearer is measured by the strength bench at a time budget instead.

Those openings favour the first player, so that most pairs of games are won by the first
player both times and tell nothing about the variant; ``--openings tools/balanced.txt``
plays thirty closer to even (the bot against itself at 40,000 nodes: the first player
scored 39/60 there, 85% to 95% on the strength bench's). ``--seed`` plays other games from
the same openings: both bots draw their ties from it.

The numbers are the fields of the bot's :class:`~tictactoe.threat.Params` (``width``,
``late_move``, ``to_move``, the threat stages' depths and node allowances ``vct_depth``,
``direct_allowance``..., the shares of the time ``vct_share``..., the weights ``tempo``...):
a whole number, a share (``vct_share=0.4``) or a tuple of weights, comma-separated
(``tempo=0,35,771,8,841,0,0``). The variant is a bot made with those ``Params``; the other
has the tuned ones.
"""

from __future__ import annotations

import argparse
import dataclasses
from concurrent.futures import ProcessPoolExecutor

from scores import score_line
from strength import opening, played

import tictactoe as ttt
from tictactoe.errors import InvalidArgument, RecordError, TicTacToeError
from tictactoe.openings import read_openings
from tictactoe.threat import Params, ThreatBot

Value = int | float | tuple[int, ...]
TUNED = Params()
KINDS = {field.name: type(getattr(TUNED, field.name)) for field in dataclasses.fields(Params)}
"""The bot's tuning fields, each with the type of its value: int, float or a tuple of ints."""


def setting(text: str) -> tuple[str, Value]:
    """``NAME=VALUE`` read as a field of the bot's ``Params`` and its value for the variant."""
    name, equals, value = text.partition("=")
    kind = KINDS.get(name)
    if not equals or kind is None:
        raise argparse.ArgumentTypeError(f"{name!r} is not a tuning field of the bot")
    try:
        if kind is tuple:
            return name, tuple(int(part) for part in value.split(","))
        return name, kind(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a value for {name}") from None


def shown(value: Value) -> str:
    """A field's value as ``--set`` reads it."""
    return ",".join(map(str, value)) if isinstance(value, tuple) else str(value)


def play(number: int, cells: list[ttt.Cell], nodes: int, variant: Params, seed: int = 0) -> float:
    """One game from the opening ``cells`` on 15×15: the variant's points (1, 0.5 or 0).

    The variant (a bot made with the ``Params`` given) plays first when ``number`` is even,
    against a bot with the tuned ones. Both bots draw their ties from the seed
    ``seed + number``: the same bots and openings with another seed play other games.
    """
    game = played(cells)
    mine = ThreatBot(seed + number, params=variant, limit=ttt.Limit(nodes=nodes))
    bots = [mine, ThreatBot(seed + number, limit=ttt.Limit(nodes=nodes))]
    if number % 2:
        bots.reverse()
    while not game.is_over:
        game.move(*bots[game.players.index(game.turn)].choose_move(game))
    if game.winner is None:
        return 0.5
    return 1.0 if bots[game.players.index(game.winner)] is mine else 0.0


def chosen_openings(path: str | None, first: int, count: int) -> list[list[ttt.Cell]]:
    """``count`` openings from number ``first`` on: the strength bench's, or those in ``path``.

    Raises:
        RecordError: the file cannot be read.
        InvalidArgument: it holds fewer than ``count`` openings from ``first`` on.
    """
    if path is None:
        return [opening(first + number, False) for number in range(count)]
    openings = read_openings(path)[first:][:count]
    if len(openings) < count:
        raise InvalidArgument(f"--openings {path}: fewer than {count} openings from number {first}")
    return openings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--set",
        type=setting,
        action="append",
        required=True,
        metavar="NAME=VALUE",
        help="a field of the bot's tuning (Params: width, vct_depth, vct_share, tempo...) and "
        "the variant's value for it, a tuple's comma-separated (repeat for more)",
    )
    parser.add_argument("--games", type=int, default=60, help="games (two an opening)")
    parser.add_argument("--nodes", type=int, default=10_000, help="nodes a move, both bots")
    parser.add_argument(
        "--first-opening",
        type=int,
        default=0,
        help="the number of the first opening (with --openings, its place in the file, from 0); "
        "another than an earlier run's plays new openings",
    )
    parser.add_argument(
        "--openings",
        metavar="FILE",
        help="play the openings of FILE (one a line, x,y pairs, as tools/balanced.txt) rather "
        "than the strength bench's",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        help="added to each game's number to seed both bots' ties: another than an earlier "
        "run's plays other games from the same openings",
    )
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    args = parser.parse_args()
    if args.games < 1 or args.nodes < 1 or args.first_opening < 0:
        parser.error("--games and --nodes must be at least 1, --first-opening at least 0")
    changes = dict(args.set)
    try:
        variant = dataclasses.replace(TUNED, **changes)
    except TicTacToeError as error:
        parser.error(str(error))
    try:
        openings = chosen_openings(args.openings, args.first_opening, (args.games + 1) // 2)
    except (InvalidArgument, RecordError) as error:
        parser.error(str(error))
    numbers = range(args.games)
    points: list[float] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = pool.map(
            play,
            numbers,
            [openings[number // 2] for number in numbers],
            [args.nodes] * args.games,
            [variant] * args.games,
            [args.seed] * args.games,
        )
        for number, score in zip(numbers, jobs, strict=True):
            points.append(score)
            print(f"game {number + 1}: {score:g}", flush=True)
    first, second = sum(points[::2]), sum(points[1::2])
    named = " ".join(f"{name}={shown(value)}" for name, value in changes.items())
    print(
        f"{named} at {args.nodes} nodes a move: {score_line(points)} "
        f"(first {first:g}/{len(points[::2])}, second {second:g}/{len(points[1::2])})"
    )


if __name__ == "__main__":
    main()
