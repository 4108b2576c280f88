"""The bot's side of the opening protocols: where to place stones, which colour to take.

A :class:`Chooser` answers what a :class:`~tictactoe.swap.Opening` asks, for a bot, from a
search of the positions at stake (:mod:`tictactoe._balance`), not at random: it places the
stones whose position the search rates nearest even, since the rival then chooses the colour,
and chooses the colour the search rates better. :mod:`tictactoe.swap` is its public home.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from tictactoe._balance import Judge, fits, near, shapes
from tictactoe._checks import as_int, check_callable, check_game, check_seed, shown
from tictactoe.errors import GameOver, InvalidArgument, InvalidGame, WrongType
from tictactoe.game import Game
from tictactoe.limits import DEFAULT, Limit, check_limit
from tictactoe.outcome import Cell

__all__ = ["EVEN_MARGIN", "MOST_STONES", "OPTIONS", "Chooser", "Verdict"]

OPTIONS: Final = ("black", "white", "place2")
"""What a choice may be: play Black, play White, or (swap2) place two more stones."""
MOST_STONES: Final = 5
"""The most stones an opening places at once or in all: swap2's three, then two more."""
EVEN_MARGIN: Final = 100
"""How far from even a search score must be for a side to be clearly better: a third of the
tempo of moving first, about what the threat bot's score moves between two searches."""
_FIRST_ROUND: Final = 0.5
"""The part of a placement's time that scores every candidate; the rest searches the
finalists again, deeper, since a shallow score says less of how even a position is."""
_FINALISTS: Final = 3
"""How many of the placements nearest even are searched again with the rest of the time."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the :class:`Chooser` found for its last decision.

    Args:
        score: the search's score of the position it placed or chose on, for Black:
            positive when Black is better (above 900,000 a proved win).
        positions: how many positions it judged for the decision, each by a search.
        seconds: the time taken.
    """

    score: int
    positions: int
    seconds: float


class Chooser:
    """Places and chooses for a bot in an opening protocol, from a search, within a limit.

    Args:
        seed: breaks ties between placements or options that score the same, repeatably.
        limit: how long a decision may think, in ``seconds`` and ``nodes``, shared over the
            positions it judges; a limit of neither thinks
            :data:`~tictactoe.limits.DEFAULT`'s seconds (``game_seconds`` is a game's, for
            its moves, and is not read here).
        clock: the time source, in seconds (tests pass a fake one).
        margin: how far from even a search's score must be for a side to be clearly better.

    Raises:
        WrongType: an argument of the wrong type.
        InvalidArgument: a negative margin.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        limit: Limit = DEFAULT,
        clock: Callable[[], float] = time.perf_counter,
        margin: int = EVEN_MARGIN,
    ) -> None:
        self.limit = limit
        check_callable("clock", clock, "returning seconds")
        self._margin = as_int("margin", margin)
        if self._margin < 0:
            raise InvalidArgument(f"margin must be at least 0, not {self._margin}")
        self._clock = clock
        self._rng = random.Random(check_seed(seed))
        self._judge = Judge(check_seed(seed), clock)
        self.last: Verdict | None = None
        """What the last decision found; None before the first."""

    @property
    def limit(self) -> Limit:
        """How long a decision may think; it may change between decisions.

        Raises:
            WrongType: set to something not a :class:`~tictactoe.limits.Limit`.
        """
        return self._limit

    @limit.setter
    def limit(self, limit: Limit) -> None:
        limit = check_limit(limit)
        if limit.seconds is None and limit.nodes is None:
            limit = Limit(seconds=DEFAULT.seconds)
        self._limit = limit

    @property
    def margin(self) -> int:
        """How far from even a search's score must be for a side to be clearly better."""
        return self._margin

    def place(self, game: Game, count: int) -> list[Cell]:
        """``count`` stones to add to ``game``, in its turn order, that leave it most even.

        The rival chooses the colour next, so the placement whose position the search rates
        nearest even is taken. From an empty board three stones come from the 26 shapes of
        :func:`~tictactoe._balance.shapes`; otherwise the nearest free cells to the stones
        are tried in turn. Half the time scores them all; the other half scores the three
        nearest even again, deeper, and decides. ``game`` is not changed.

        Raises:
            WrongType: ``game`` is not a game or ``count`` not an int.
            InvalidArgument: ``count`` out of 1 to 5, the most stones an opening places.
            InvalidGame: a game not for two players, or one where no ``count`` stones can
                be placed without ending it.
            GameOver: the game is over.
        """
        game = self._checked(game)
        count = as_int("count", count)
        if not 1 <= count <= MOST_STONES:
            raise InvalidArgument(f"count must be between 1 and {MOST_STONES}, not {shown(count)}")
        tried = shapes(game) if count == 3 and not game.moves else []
        fitting = _fitting(game, tried) or _fitting(game, near(game, count))
        if not fitting:
            raise InvalidGame(f"no {count} stones fit on this board without ending the game")
        started = self._clock()
        scored = self._round(fitting, started, _FIRST_ROUND)
        searched = len(scored)
        if len(scored) > _FINALISTS:
            finalists = sorted(scored, key=lambda found: abs(found[0]))[:_FINALISTS]
            scored = self._round([(cells, trial) for _, cells, trial in finalists], started, 1.0)
            searched += len(scored)
        nearest = min(abs(score) for score, _, _ in scored)
        score, cells, trial = self._rng.choice(
            [found for found in scored if abs(found[0]) == nearest]
        )
        self.last = Verdict(_for_black(trial, score), searched, self._clock() - started)
        return list(cells)

    def _round(
        self, candidates: list[tuple[list[Cell], Game]], started: float, until: float
    ) -> list[tuple[int, list[Cell], Game]]:
        """Each candidate's position scored, sharing the limit up to the part ``until`` of it.

        Stops early, once one is scored, when that part of the time is spent.
        """
        nodes = self.limit.nodes
        each = None if nodes is None else max(int(nodes * until / len(candidates)), 1)
        scored: list[tuple[int, list[Cell], Game]] = []
        for number, (cells, trial) in enumerate(candidates):
            seconds = self._share(started, len(candidates) - number, until)
            if seconds is not None and seconds <= 0 and scored:
                break  # out of time: the placements scored so far decide
            scored.append((self._judge.score(trial, seconds, each), cells, trial))
        return scored

    def choose(self, game: Game, options: Sequence[str]) -> str:
        """The option among ``options`` whose side the search rates better in ``game``.

        ``black`` when the search rates Black better by more than :attr:`margin`, ``white``
        when White; within the margin ``place2`` where it is offered (two stones more then
        decide), else the side the score leans to (the seed decides a dead level).

        Raises:
            WrongType: ``game`` is not a game or ``options`` not a sequence of str.
            InvalidArgument: an option not in ``OPTIONS``, or options without both
                colours.
            InvalidGame: a game not for two players.
            GameOver: the game is over.
        """
        game = self._checked(game)
        offered = _checked_options(options)
        started = self._clock()
        score = _for_black(game, self._judge.score(game, self._share(started, 1), self.limit.nodes))
        self.last = Verdict(score, 1, self._clock() - started)
        if score > self.margin:
            return "black"
        if score < -self.margin:
            return "white"
        if "place2" in offered:
            return "place2"
        if score:
            return "black" if score > 0 else "white"
        return self._rng.choice(("black", "white"))

    def _checked(self, game: object) -> Game:
        game = check_game(game)
        if len(game.players) != 2:
            raise InvalidGame(f"openings are for two players, not {len(game.players)}")
        if game.is_over:
            raise GameOver("the game is over: nothing to place or choose")
        return game

    def _share(self, started: float, searches: int, until: float = 1.0) -> float | None:
        """The seconds each of the ``searches`` left may take; None without a time limit.

        They share what is left of the part ``until`` of the limit since ``started``.
        """
        if self.limit.seconds is None:
            return None
        return (self.limit.seconds * until - (self._clock() - started)) / searches


def _fitting(game: Game, placements: list[list[Cell]]) -> list[tuple[list[Cell], Game]]:
    """The placements that fit ``game``, each with the position it leaves."""
    found = []
    for cells in placements:
        trial = fits(game, cells)
        if trial is not None:
            found.append((cells, trial))
    return found


def _for_black(game: Game, score: int) -> int:
    """A score for the side to move in ``game`` as a score for Black (its first mark)."""
    return score if game.turn is game.players[0] else -score


def _checked_options(options: object) -> tuple[str, ...]:
    """``options`` checked: a sequence of ``OPTIONS``, both colours among them."""
    if not isinstance(options, Sequence) or isinstance(options, str):
        raise WrongType(f"options must be a sequence of str, not {shown(options)}")
    offered = tuple(options)
    for option in offered:
        if not isinstance(option, str):
            raise WrongType(f"an option is a str, not {shown(option)}")
        if option not in OPTIONS:
            raise InvalidArgument(
                f"unknown option {shown(option)}: choose from {', '.join(OPTIONS)}"
            )
    if "black" not in offered or "white" not in offered:
        raise InvalidArgument(f"options {shown(options)} must offer black and white")
    return offered
