"""Our brain against another Gomocup brain, many matches at once: the score with its margin.

``python tools/engines.py ENGINE`` plays our brain against the brain command ENGINE as a
tournament manager runs them: each through the protocol in a process of its own, on 15×15
at 1 s a move (``--time``), from every opening of ``tools/openings.txt`` (or ``--openings``)
played twice with colours swapped (``tools/balanced.txt`` holds thirty that a stronger
engine scores close to even, where those of ``openings.txt`` favour Black). The openings
are dealt to ``--jobs`` matches that run at once, each a ``tictactoe match`` of its own;
the two brains of a match take turns, so a match keeps about one core busy. Prints each
match's score, then the sum: the score with its 95% margin, as Black and as White, the
draws and the forfeits by reason.
``--save DIR`` keeps every game as SGF (``match01-0001.sgf``...).

``--ours`` names our side, any player of ``tictactoe match`` (the brain over the protocol by
default: ``engine:`` and this interpreter running ``tictactoe.brain``). A match that fails
(its process ends with an error) is reported with its output and counts no game.
"""

from __future__ import annotations

import argparse
import json
import shlex
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scores import score_line

from tictactoe.errors import RecordError
from tictactoe.openings import read_openings
from tictactoe.outcome import Cell

OPENINGS = Path(__file__).parent / "openings.txt"
OURS, THEM = "ours", "them"
COLOURS = {"X": "Black", "O": "White"}
"""The gomoku colour of each mark of ``tictactoe match``: the first mark is Black."""


@dataclass
class Tally:
    """Our points and games, in all and by colour, with the draws and forfeits."""

    points: list[float] = field(default_factory=list)
    colour_score: Counter[str] = field(default_factory=Counter)
    colour_games: Counter[str] = field(default_factory=Counter)
    forfeits: Counter[str] = field(default_factory=Counter)
    failed: int = 0


def deal(openings: list[str], jobs: int) -> list[list[str]]:
    """The openings in ``jobs`` runs of consecutive lines, sizes differing by one at most.

    Fewer runs when there are fewer openings than jobs; none is empty (no openings, no runs).
    """
    if not openings:
        return []
    jobs = max(1, min(jobs, len(openings)))
    size, extra = divmod(len(openings), jobs)
    runs, start = [], 0
    for number in range(jobs):
        end = start + size + (1 if number < extra else 0)
        runs.append(openings[start:end])
        start = end
    return runs


def match_command(
    args: argparse.Namespace, openings: Path, games: int, save: Path | None
) -> list[str]:
    """The ``tictactoe match`` command line of one match, JSON out, its games saved to ``save``."""
    command = [
        sys.executable,
        "-m",
        "tictactoe",
        "match",
        "--size",
        "15",
        "--k",
        "5",
        "--player",
        f"{OURS}={args.ours}",
        "--player",
        f"{THEM}=engine:{args.engine}",
        "--time",
        f"{args.time:g}",
        "--games",
        str(games),
        "--openings",
        str(openings),
        "--json",
    ]
    return command if save is None else [*command, "--save", str(save)]


def run(args: argparse.Namespace, openings: list[list[Cell]], folder: Path) -> Tally:
    """Play every match at once, print each one's score in order as they end, and sum them."""
    lines = [" ".join(f"{col},{row}" for row, col in moves) for moves in openings]
    runs = deal(lines, args.jobs)
    commands = []
    for number, chunk in enumerate(runs, 1):
        dealt = folder / f"openings{number:02d}.txt"
        dealt.write_text("\n".join(chunk) + "\n", encoding="utf-8")
        save = folder / f"match{number:02d}.sgf" if args.save else None
        commands.append(match_command(args, dealt, 2 * len(chunk), save))
    tally = Tally()
    with ThreadPoolExecutor(len(commands)) as pool:
        done = pool.map(
            lambda command: subprocess.run(command, capture_output=True, text=True), commands
        )
        for number, finished in enumerate(done, 1):
            if finished.returncode != 0:
                tally.failed += 1
                print(f"match {number}: failed ({finished.returncode}): {finished.stderr.strip()}")
                continue
            players = json.loads(finished.stdout)["players"]
            standing = next(player for player in players if player["name"] == OURS)
            tally.forfeits.update(_forfeits(players))
            points = (
                [1.0] * standing["wins"] + [0.5] * standing["draws"] + [0.0] * standing["losses"]
            )
            tally.points += points
            for mark, colour in COLOURS.items():
                tally.colour_score[colour] += standing["by_mark"][mark]["score"]
                tally.colour_games[colour] += standing["by_mark"][mark]["games"]
            print(f"match {number}: {sum(points):g}/{len(points)}", flush=True)
    return tally


def _forfeits(players: list[dict[str, Any]]) -> Counter[str]:
    """The forfeits of a match's players, by player and reason: ``ours crash``..."""
    return Counter(
        {
            f"{player['name']} {reason}": count
            for player in players
            for reason, count in player["forfeits"].items()
        }
    )


def main(argv: list[str] | None = None) -> Tally:
    """Run the benchmark; returns the sum of the matches."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", help="the other brain's command line")
    parser.add_argument("--ours", help="our player (default: our brain over the protocol)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move (default 1)")
    parser.add_argument("--jobs", type=int, default=2, help="matches at once (default 2)")
    parser.add_argument("--openings", default=str(OPENINGS), help="the openings file")
    parser.add_argument("--save", help="a folder to keep every game in, as SGF")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    if not args.time > 0:
        parser.error(f"--time must be above 0, not {args.time:g}")
    if args.ours is None:
        args.ours = "engine:" + shlex.join([sys.executable, "-m", "tictactoe.brain"])
    try:
        openings = read_openings(args.openings)
    except RecordError as error:
        parser.error(str(error))
    if not openings:
        parser.error(f"--openings {args.openings}: no openings in it")
    if args.save and any(Path(args.save).glob("match*.sgf")):
        parser.error(f"--save {args.save}: holds the games of a run before; name another folder")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.save) if args.save else Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        tally = run(args, openings, folder)
    print(f"ours against {args.engine}, {args.time:g} s a move: {score_line(tally.points)}")
    for colour in COLOURS.values():
        print(f"  as {colour}: {tally.colour_score[colour]:g}/{tally.colour_games[colour]}")
    draws = tally.points.count(0.5)
    forfeits = ", ".join(f"{why} {count}" for why, count in sorted(tally.forfeits.items()))
    print(f"  draws {draws}; forfeits: {forfeits or 'none'}; matches failed: {tally.failed}")
    return tally


if __name__ == "__main__":
    main()
