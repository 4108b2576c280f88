"""How long a player may think: one :class:`Limit` for every bot, the engine client and the command.

A limit bounds a move in time (``seconds``) and in positions searched (``nodes``), and a
player's whole game in time (``game_seconds``, shared out over its moves); None means no
limit of that kind. Every bot that thinks takes one (``ThreatBot(limit=Limit(seconds=1))``),
and so do the Gomocup engine client, the brain, the web page and the command, whose
``--time``, ``--nodes`` and ``--game-time`` build it.

>>> Limit(seconds=0.5)
Limit(seconds=0.5, nodes=None, game_seconds=None)
>>> DEFAULT.seconds, PAGE.seconds
(5.0, 2.0)
>>> round(move_share(60.0, free_cells=200), 2)  # a minute over the 40 moves still to come
1.5
"""

from __future__ import annotations

import enum
import math
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from tictactoe._checks import check_count, check_seconds, shown
from tictactoe.errors import WrongType

if TYPE_CHECKING:
    from tictactoe.game import Game
    from tictactoe.outcome import Cell

__all__ = ["DEFAULT", "PAGE", "Limit"]

FLOOR: Final = 0.01
"""The least time a move gets from its game's share, in seconds: a bot needs a limit above
zero, and wins and forced blocks are found before it reads the clock at all."""
_FEWEST_MOVES_LEFT = 10
"""However full the board, the time left is shared as if 10 more moves were to come."""
_MOST_MOVES_LEFT = 40
"""Games of five in a row rarely last 40 more moves a side; sharing over more wastes time."""


_FIELDS = {"seconds": "seconds", "nodes": "nodes", "default_turn": "seconds"}
"""The field of :class:`Limit` that each deprecated keyword of :func:`with_old` gives."""


class Unset(enum.Enum):
    """The type of :data:`UNSET`: the helpers from here down serve the deprecated spellings."""

    UNSET = "unset"


UNSET: Final = Unset.UNSET
"""The default of a deprecated keyword: it was not given (None is a value of its own)."""


@dataclass(frozen=True, slots=True, init=False)
class Limit:
    """The most a player may think: per move in seconds and in positions, per game in seconds.

    Args:
        seconds: the most a move may take (a finite number above 0), or None.
        nodes: the most positions a move may search (an int of at least 1), or None.
        game_seconds: the most all of a player's moves in one game may take together; each
            move gets its share of what is left (:func:`move_share`), and never more than
            ``seconds``.
        per_move, per_game: the old names of ``seconds`` and ``game_seconds``, taken with a
            DeprecationWarning for one release.

    Raises:
        WrongType: a limit of the wrong type (a bool, a str).
        InvalidArgument: a limit out of range: zero, negative, infinite or NaN.
    """

    seconds: float | None
    nodes: int | None
    game_seconds: float | None

    def __init__(
        self,
        seconds: float | None = None,
        nodes: int | None = None,
        game_seconds: float | None = None,
        *,
        per_move: float | Unset | None = UNSET,
        per_game: float | Unset | None = UNSET,
    ) -> None:
        if per_move is not UNSET or per_game is not UNSET:
            _deprecated("Limit(per_move=, per_game=)", "Limit(seconds=, game_seconds=)")
            seconds = seconds if per_move is UNSET else per_move
            game_seconds = game_seconds if per_game is UNSET else per_game
        object.__setattr__(self, "seconds", check_seconds(seconds))
        object.__setattr__(self, "nodes", None if nodes is None else check_count("nodes", nodes))
        object.__setattr__(self, "game_seconds", check_seconds(game_seconds, "game_seconds"))

    @property
    def per_move(self) -> float | None:
        """The old name of :attr:`seconds` (deprecated)."""
        _deprecated("Limit.per_move", "Limit.seconds")
        return self.seconds

    @property
    def per_game(self) -> float | None:
        """The old name of :attr:`game_seconds` (deprecated)."""
        _deprecated("Limit.per_game", "Limit.game_seconds")
        return self.game_seconds


DEFAULT: Final = Limit(seconds=5.0)
"""A move's limit where no one sets one: the bots in the library and the command, the brain
when its manager sends no time, an engine the client starts. Long enough to play well, short
enough that no one waits long."""
PAGE: Final = Limit(seconds=2.0)
"""A bot's limit on the web page, where a person watches it think."""


def check_limit(limit: object) -> Limit:
    """``limit`` checked as a :class:`Limit`.

    Raises:
        WrongType: it is anything else (a number of seconds, say).
    """
    if not isinstance(limit, Limit):
        raise WrongType(f"limit must be a Limit, such as Limit(seconds=1.0), not {shown(limit)}")
    return limit


def move_share(left: float, free_cells: int | None) -> float:
    """A move's share of ``left`` seconds of game time: spread over the moves still to come.

    The moves to come are guessed from the free cells (half of them are the player's, but
    at least 10 and at most 40); ``free_cells`` is None on the unbounded grid.
    """
    moves = _MOST_MOVES_LEFT
    if free_cells is not None:
        moves = min(max(math.ceil(free_cells / 2), _FEWEST_MOVES_LEFT), _MOST_MOVES_LEFT)
    return left / moves


class GameTime:
    """The game time a player has spent, so that each move gets its share of ``game_seconds``.

    A game that goes on from the player's last move keeps its clock; any other (a new game,
    an undo, a position set up elsewhere) starts it again.
    """

    def __init__(self) -> None:
        self._cells: tuple[Cell, ...] = ()  # the game's cells after the player's last move
        self._spent = 0.0

    def seconds(self, limit: Limit, game: Game) -> float | None:
        """The most the next move in ``game`` may take under ``limit``; None: no limit."""
        if limit.game_seconds is None:
            return limit.seconds
        cells = tuple(move.cell for move in game.moves)
        spent = self._spent if cells[: len(self._cells)] == self._cells else 0.0
        rows, cols = game.rows, game.cols
        free = None if rows is None or cols is None else rows * cols - len(cells)
        left = limit.game_seconds - spent
        share = max(min(move_share(left, free), left), FLOOR)
        return share if limit.seconds is None else min(share, limit.seconds)

    def spend(self, limit: Limit, game: Game, cell: Cell, seconds: float) -> None:
        """Count ``seconds`` spent choosing ``cell`` in ``game`` (before it is played)."""
        if limit.game_seconds is None:
            return
        cells = tuple(move.cell for move in game.moves)
        if cells[: len(self._cells)] != self._cells:
            self._spent = 0.0
        self._cells = (*cells, cell)
        self._spent += seconds


def with_old(limit: Limit, owner: str, **old: float | Unset | None) -> Limit:
    """``limit`` with what the deprecated keywords ``seconds=``, ``nodes=`` said put in.

    ``default_turn=`` (the brain's) is an old name of ``seconds`` too. Each keyword given
    (not :data:`UNSET`) replaces its field, with a DeprecationWarning that names ``owner``,
    the callable that took it.
    """
    given = {name: value for name, value in old.items() if value is not UNSET}
    if not given:
        return limit
    said = ", ".join(f"{name}=" for name in given)
    new = ", ".join(f"{_FIELDS[name]}=" for name in given)
    _deprecated(f"{owner}({said})", f"{owner}(limit=Limit({new}))", stacklevel=4)
    fields: dict[str, Any] = {_FIELDS[name]: value for name, value in given.items()}
    return replace(limit, **fields)


def _deprecated(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is taken for one release more: use ``new``."""
    message = f"{old} is deprecated and goes in the next release: use {new}"
    warnings.warn(message, DeprecationWarning, stacklevel=stacklevel)


def old_constant(
    module: str, name: str, value: float, new: str = "tictactoe.limits.DEFAULT.seconds"
) -> Callable[[str], float]:
    """A module ``__getattr__`` that still gives the deprecated constant ``name`` its ``value``.

    The value now lives in ``new``; each read of the old name warns.
    """

    def module_getattr(attribute: str) -> float:
        if attribute != name:
            raise AttributeError(f"module {module!r} has no attribute {attribute!r}")
        _deprecated(f"{module}.{name}", new)
        return value

    return module_getattr
