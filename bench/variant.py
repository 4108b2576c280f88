"""The threat bot against itself with constants of its search changed: which is stronger.

``python bench/variant.py --set _TO_MOVE=0 --games 60 --nodes 10000 --jobs 2`` plays the
threat bot with the constants given (the variant) against the bot as it stands, on 15×15
from the varied openings of ``bench/strength.py``, each twice with colours swapped, and
prints the variant's score with its 95% margin and by colour. Both sides have the same
node budget and no clock, so the games are the same whatever the machine's load; a change
that makes a node dearer is measured by the strength bench at a time budget instead.

Those openings favour the first player, so that most pairs of games are won by the first
player both times and tell nothing about the variant; ``--openings bench/balanced.txt``
plays thirty closer to even (the bot against itself at 40,000 nodes: the first player
scored 39/60 there, 85% to 95% on the strength bench's). ``--seed`` plays other games from
the same openings: both bots draw their ties from it.

The constants are the whole numbers at the top of ``tictactoe._threat.search`` (``WIDTH``,
``_LATE_MOVE``, ``_TO_MOVE``...) and of ``tictactoe.threat`` (the threat stages' depths and
node allowances: ``VCT_DEPTH``, ``DIRECT_ALLOWANCE``...); both bots run in one process, and
the variant's values are set before each of its moves and the bot's own before each of the
other's.
"""

from __future__ import annotations

import argparse
from concurrent.futures import ProcessPoolExecutor
from types import ModuleType

from scores import score_line
from strength import opening, played

import tictactoe as ttt
from tictactoe import threat
from tictactoe._threat import search
from tictactoe.cli._match import read_openings
from tictactoe.cli._options import UsageError
from tictactoe.errors import RecordError
from tictactoe.threat import ThreatBot

Constants = dict[str, int]
HOMES: dict[str, ModuleType] = {
    name: module
    for module in (threat, search)
    for name, value in vars(module).items()
    if type(value) is int and name.lstrip("_").isupper()
}
"""The bot's whole-number constants, each with the module it is read from: the main
search's and the threat stages' (the main search's where both modules have the name)."""


def constant(text: str) -> tuple[str, int]:
    """``NAME=VALUE`` read as one of the bot's whole-number constants and its new value."""
    name, equals, value = text.partition("=")
    if not equals or name not in HOMES:
        raise argparse.ArgumentTypeError(f"{name!r} is not a whole-number constant of the bot")
    try:
        return name, int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None


def play(
    number: int, cells: list[ttt.Cell], nodes: int, variant: Constants, seed: int = 0
) -> float:
    """One game from the opening ``cells`` on 15×15: the variant's points (1, 0.5 or 0).

    The variant plays first when ``number`` is even. Both bots draw their ties from the seed
    ``seed + number``: the same bots and openings with another seed play other games.
    """
    game = played(cells)
    standing = {name: getattr(HOMES[name], name) for name in variant}
    sides = [(ThreatBot(seed + number, seconds=None, nodes=nodes), variant)]
    sides.append((ThreatBot(seed + number, seconds=None, nodes=nodes), standing))
    if number % 2:
        sides.reverse()
    try:
        while not game.is_over:
            bot, constants = sides[game.players.index(game.turn)]
            for name, value in constants.items():
                setattr(HOMES[name], name, value)
            game.move(*bot.choose_move(game))
    finally:
        for name, value in standing.items():
            setattr(HOMES[name], name, value)
    if game.winner is None:
        return 0.5
    return 1.0 if sides[game.players.index(game.winner)][1] is variant else 0.0


def chosen_openings(path: str | None, first: int, count: int) -> list[list[ttt.Cell]]:
    """``count`` openings from number ``first`` on: the strength bench's, or those in ``path``.

    Raises:
        RecordError: the file cannot be read.
        UsageError: it holds fewer than ``count`` openings from ``first`` on.
    """
    if path is None:
        return [opening(first + number, False) for number in range(count)]
    openings = read_openings(path)[first:][:count]
    if len(openings) < count:
        raise UsageError(f"--openings {path}: fewer than {count} openings from number {first}")
    return openings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--set",
        type=constant,
        action="append",
        required=True,
        metavar="NAME=VALUE",
        help="a constant of the search or of the bot's threat stages, and the variant's value "
        "for it (repeat for more)",
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
        help="play the openings of FILE (one a line, x,y pairs, as bench/balanced.txt) rather "
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
    variant = dict(args.set)
    try:
        openings = chosen_openings(args.openings, args.first_opening, (args.games + 1) // 2)
    except (UsageError, RecordError) as error:
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
    changes = " ".join(f"{name}={value}" for name, value in variant.items())
    print(
        f"{changes} at {args.nodes} nodes a move: {score_line(points)} "
        f"(first {first:g}/{len(points[::2])}, second {second:g}/{len(points[1::2])})"
    )


if __name__ == "__main__":
    main()
