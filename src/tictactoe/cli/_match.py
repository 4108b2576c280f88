"""``tictactoe match``: engines and bots against each other, with a results table and Elo.

Each pair of players meets over ``--games`` games with colours alternating; with an openings
file every opening is played twice, colours swapped; with ``--opening swap`` or ``swap2`` the
players alternate who opens, and our search places and chooses for each (engines too). A
player that crashes, overruns its time, answers garbage or plays an illegal move loses that
game by forfeit, with the reason counted (``forbidden`` for a move renju forbids), and an
engine killed for a crash, a timeout or garbage is started afresh for its next game. The first
Ctrl-C stops the match after the game in progress, which is counted (and saved, with
``--save``); a second stops it at once. What was played is reported either way.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import signal
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from tictactoe import records
from tictactoe.cli._board import describe, new_game
from tictactoe.cli._opening import BotSide, check_opening, play_opening, seated
from tictactoe.cli._options import UsageError, limit_of, player_specs
from tictactoe.cli._session import make_player
from tictactoe.cli._terminal import safe, status
from tictactoe.errors import BadBotMove, ForbiddenMove
from tictactoe.game import Game
from tictactoe.openings import read_openings
from tictactoe.outcome import Cell
from tictactoe.players import Player, play_match
from tictactoe.swap import Opening

__all__ = ["Standing", "elo", "match_command"]


@dataclass
class Standing:
    """One player's results over the match, in all and by the mark it played.

    The split by mark matters where the first move is an advantage, as in gomoku: a score
    made mostly with the first mark says less than the same score made with either.
    """

    name: str
    by_mark: dict[str, list[float]] = field(default_factory=dict)
    """Each mark (``X``, ``O``...): the points of the games played with it (1, 0.5 or 0)."""
    forfeits: Counter[str] = field(default_factory=Counter)

    def record(self, mark: str, points: float, forfeit: str | None = None) -> None:
        """Count one game played with ``mark``: 1 a win, 0.5 a draw, 0 a loss.

        ``forfeit`` is the reason of a loss by forfeit, counted in :attr:`forfeits`.
        """
        self.by_mark.setdefault(mark, []).append(points)
        if forfeit is not None:
            self.forfeits[forfeit] += 1

    def _count(self, points: float) -> int:
        return sum(found.count(points) for found in self.by_mark.values())

    @property
    def wins(self) -> int:
        """Games won."""
        return self._count(1.0)

    @property
    def losses(self) -> int:
        """Games lost, forfeits included."""
        return self._count(0.0)

    @property
    def draws(self) -> int:
        """Games drawn."""
        return self._count(0.5)

    @property
    def games(self) -> int:
        """Games played."""
        return sum(len(found) for found in self.by_mark.values())

    @property
    def score(self) -> float:
        """Points: 1 a win, half a draw."""
        return self.wins + self.draws / 2

    def to_json(self) -> dict[str, object]:
        """The standing as ``match --json`` prints it."""
        low, mid, high = elo(self.wins, self.draws, self.losses)
        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": self.score,
            "elo": None if mid is None else round(mid, 1),
            "elo_margin": None if low is None or high is None else round((high - low) / 2, 1),
            "forfeits": dict(self.forfeits),
            "by_mark": {
                mark: {"games": len(points), "score": float(sum(points))}
                for mark, points in self.by_mark.items()
            },
        }

    def by_mark_line(self) -> str:
        """The score with each mark, as the table shows it: ``X 3/4, O 1.5/4``."""
        return ", ".join(
            f"{mark} {sum(points):g}/{len(points)}" for mark, points in self.by_mark.items()
        )


def elo(wins: int, draws: int, losses: int) -> tuple[float | None, float | None, float | None]:
    """The Elo difference the results imply, with the ends of its 95% interval.

    From the mean score per game and its standard error; None where the score is 0 or 1
    (no finite difference fits it).

    >>> low, mid, high = elo(60, 20, 20)
    >>> round(mid), round(low), round(high)
    (147, 86, 218)
    """
    games = wins + draws + losses
    if not games:
        return None, None, None
    mean = (wins + draws / 2) / games
    variance = (wins * (1 - mean) ** 2 + draws * (0.5 - mean) ** 2 + losses * mean**2) / games
    error = 1.96 * math.sqrt(variance / games)

    def rating(score: float) -> float | None:
        if not 0 < score < 1:
            return None
        return -400 * math.log10(1 / score - 1)

    return rating(mean - error), rating(mean), rating(mean + error)


def _games(
    players: int, games: int, openings: list[list[Cell]]
) -> Iterator[tuple[int, int, list[Cell]]]:
    """(first player, second player, opening) for every game: ``games`` per pair of players.

    Game i of a pair swaps colours when i is odd and starts from opening i // 2 (cycling), so
    each opening is played twice with colours swapped.
    """
    for number in range(games):
        opening = openings[(number // 2) % len(openings)] if openings else []
        for first, second in itertools.combinations(range(players), 2):
            yield (second, first, opening) if number % 2 else (first, second, opening)


def match_command(args: argparse.Namespace) -> int:
    """Run the match and print the table (or JSON); Ctrl-C ends it as the module says."""
    specs = player_specs(args.player, at_least=2)
    protocol = check_opening(args, 2)
    if protocol is not None and args.openings:
        raise UsageError(
            f"--openings gives the first stones, --opening {protocol} has the "
            "players place them: choose one"
        )
    template = new_game(args)
    if template.is_unbounded:
        raise UsageError("a match needs a bounded board: engines play on a fixed board")
    openings = read_openings(args.openings, template) if args.openings else []
    if args.save:
        records.check_target(args.save, template)
    standings = [
        Standing(name, by_mark={str(mark): [] for mark in template.players}) for name, _ in specs
    ]
    played = 0
    interrupted = False
    told: list[dict[str, object]] = []
    with ExitStack() as stack:
        seeds = [None if args.seed is None else args.seed + i for i in range(len(specs))]
        players = [
            make_player(spec, template, seed, args, stack)
            for seed, (_, spec) in zip(seeds, specs, strict=True)
        ]
        sides = [
            BotSide(name, seed, limit_of(args))
            for seed, (name, _) in zip(seeds, specs, strict=True)
        ]
        schedule = list(_games(len(players), args.games, openings))
        try:
            with _stop_after_game() as stopping:
                for first, second, opening in schedule:
                    played += 1
                    game = template.copy()
                    for cell in opening:
                        game.move(*cell)
                    if protocol is None:
                        seats = _seats(game, first, second)
                    else:
                        referee = Opening(protocol, game)
                        seats = _opened(referee, sides, (first, second), played, args)
                        names = [standing.name for standing in standings]
                        told.append(_opening_json(played, referee, names, (first, second)))
                    _play_one(game, players, standings, seats)
                    if args.save:
                        _save(args.save, played, game, *(standings[seat].name for seat in seats))
                    status(f"{played}/{len(schedule)} games")
                    if stopping.is_set():
                        raise KeyboardInterrupt
        except KeyboardInterrupt:
            interrupted = True
        finally:
            status()
    _report(args, template, standings, told)
    if interrupted:
        raise KeyboardInterrupt
    return 0


@contextmanager
def _stop_after_game() -> Iterator[threading.Event]:
    """While the games run, the first Ctrl-C sets the event it gives; a second one raises.

    The match checks the event between games, so the game in progress is finished and
    counted. Outside the main thread, where no handler can be set, Ctrl-C stops at once.
    """
    stopping = threading.Event()

    def interrupt(number: int, frame: FrameType | None) -> None:
        if stopping.is_set():
            raise KeyboardInterrupt
        stopping.set()
        with suppress(RuntimeError, OSError):  # stderr may be busy in the interrupted code
            status("stopping after this game (Ctrl-C again to stop now)")

    if threading.current_thread() is not threading.main_thread():
        yield stopping
        return
    previous = signal.signal(signal.SIGINT, interrupt)
    try:
        yield stopping
    finally:
        signal.signal(signal.SIGINT, previous)


def _opened(
    opening: Opening,
    sides: Sequence[BotSide],
    pair: tuple[int, int],
    number: int,
    args: argparse.Namespace,
) -> tuple[int, int]:
    """Play game ``number``'s ``opening`` between the players ``pair`` (the first opens).

    Our search places and chooses for every player, engines too: the Gomocup protocol has no
    opening commands that managers share. Each step is printed, unless the output is JSON.
    Returns the players of X and O.
    """
    first, second = pair

    def tell(line: str) -> None:
        if not args.json:
            print(f"game {number}: {line}")

    play_opening(opening, [sides[first], sides[second]], tell)
    return seated(opening, pair)


def _opening_json(
    number: int, opening: Opening, names: Sequence[str], pair: tuple[int, int]
) -> dict[str, object]:
    """Game ``number``'s opening for ``match --json``: who placed and chose what, who got X.

    ``names`` are the players'; ``pair`` the opener and the other.
    """
    steps: list[dict[str, object]] = []
    for step in opening.steps:
        who = names[pair[step.seat]]
        if step.what == "place":
            steps.append({"player": who, "placed": [list(cell) for cell in step.cells]})
        else:
            steps.append({"player": who, "chose": step.option})
    x, o = seated(opening, pair)
    return {
        "game": number,
        "protocol": opening.protocol,
        "steps": steps,
        "x": names[x],
        "o": names[o],
    }


def _seats(game: Game, first: int, second: int) -> tuple[int, int]:
    """The players of the first and second mark, ``first`` moving next after the opening.

    After an opening of odd length the second mark moves next, so ``first`` plays it.
    """
    return (first, second) if len(game.moves) % 2 == 0 else (second, first)


def _play_one(
    game: Game, players: Sequence[Player], standings: list[Standing], seats: tuple[int, int]
) -> None:
    """Play one game between two players, seated by mark, and record it in both standings."""
    order = [players[seat] for seat in seats]
    for player in order:
        reset = getattr(player, "new_game", None)
        if callable(reset):
            reset()
    marks = [str(mark) for mark in game.players]
    try:
        outcome = play_match(game, order)
    except BadBotMove as error:
        loser = game.players.index(game.turn)
        reason = _forfeit_reason(error)
        standings[seats[loser]].record(marks[loser], 0, forfeit=reason)
        standings[seats[1 - loser]].record(marks[1 - loser], 1)
        return
    winner = None if outcome.winner is None else game.players.index(outcome.winner)
    for place, seat in enumerate(seats):
        standings[seat].record(marks[place], 0.5 if winner is None else float(winner == place))


def _forfeit_reason(error: BadBotMove) -> str:
    """Why a player forfeits: an engine's failure (crash, timeout...), else ``illegal``.

    A move the rule forbids (renju: Black's overline, 4-4 or 3-3) is ``forbidden``: the
    referee here judges it, whatever the engine thinks of the rule.
    """
    if isinstance(error.__cause__, ForbiddenMove):
        return "forbidden"
    return str(getattr(error, "reason", "illegal"))


def _save(target: str, number: int, game: Game, black: str, white: str) -> None:
    """Write game ``number`` next to ``target``: ``games.sgf`` becomes ``games-0001.sgf``.

    Raises:
        RecordError: the file cannot be written (a failure at run time, not a usage error).
    """
    path = Path(target)
    numbered = path.with_name(f"{path.stem}-{number:04d}{path.suffix}")
    records.save(records.Record.from_game(game, names=(black, white)), numbered)


def _report(
    args: argparse.Namespace,
    game: Game,
    standings: list[Standing],
    openings: list[dict[str, object]],
) -> None:
    """The results table, or JSON; with --opening, each game's opening too."""
    if args.json:
        data: dict[str, object] = {
            "board": describe(game),
            "players": [s.to_json() for s in standings],
        }
        if openings:
            data["openings"] = openings
        print(json.dumps(data))
        return
    rows = [["player", "games", "wins", "losses", "draws", "score", "by mark", "Elo", "forfeits"]]
    for standing in standings:
        data = standing.to_json()
        margin = "" if data["elo_margin"] is None else f" ± {data['elo_margin']}"
        rating = "-" if data["elo"] is None else f"{data['elo']:+}{margin}"
        forfeits = ", ".join(f"{why} {n}" for why, n in sorted(standing.forfeits.items()))
        rows.append(
            [
                safe(standing.name),
                str(standing.games),
                str(standing.wins),
                str(standing.losses),
                str(standing.draws),
                f"{standing.score:g}",
                standing.by_mark_line() or "-",
                rating,
                forfeits or "-",
            ]
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    print(describe(game))
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
