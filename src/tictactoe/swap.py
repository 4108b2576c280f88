"""Fair openings for people: the swap and swap2 protocols, and a bot that plays them.

Five in a row favours the first player so much (freestyle 15×15 is a proved win) that people
who play each other agree an opening protocol instead of drawing lots for Black:

- ``swap``: the opener (seat 0) places three stones, Black, White, Black; the other (seat 1)
  chooses to play ``black`` or ``white``.
- ``swap2``: the opener places three stones; the other chooses ``black``, ``white`` or
  ``place2``: two more stones, White then Black, after which the opener chooses the colour.

The opener cannot know which colour they will play, so they aim to place an even position.
Whoever takes White plays the next move: the fourth, or after ``place2`` the sixth. An
:class:`Opening` referees the protocol on a :class:`~tictactoe.game.Game`: :attr:`Opening.asked`
says what the protocol waits for, and :meth:`Opening.place` and :meth:`Opening.choose` answer;
a :class:`Chooser` answers for a bot, from a search (:mod:`tictactoe._balance`).

>>> from tictactoe import Game
>>> opening = Opening("swap2", Game(15, k=5))
>>> opening.asked
Ask(what='place', seat=0, count=3, options=())
>>> opening.place([(7, 7), (7, 8), (8, 8)])
>>> opening.asked
Ask(what='choose', seat=1, count=0, options=('black', 'white', 'place2'))
>>> opening.choose("white")
>>> opening.done, opening.black, opening.game.turn
(True, 0, Mark.O)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tictactoe._checks import as_cell, check_game, shown
from tictactoe._chooser import EVEN_MARGIN, MOST_STONES, OPTIONS, Chooser, Verdict
from tictactoe.errors import IllegalMove, InvalidArgument, InvalidGame, WrongType
from tictactoe.game import Game
from tictactoe.outcome import Cell

__all__ = [
    "EVEN_MARGIN",
    "OPTIONS",
    "PROTOCOLS",
    "Ask",
    "Chooser",
    "Opening",
    "OpeningError",
    "Step",
    "Verdict",
]

PROTOCOLS: Final = ("swap", "swap2")
"""The opening protocols by name."""
_STONES: Final = {"swap": 3, "swap2": MOST_STONES}
"""The most stones each protocol places: a board must have room for one move more."""


class OpeningError(IllegalMove):
    """A step the opening protocol does not take now: out of turn, or the wrong stones.

    Nothing changes: not the opening, not the game.
    """


@dataclass(frozen=True, slots=True)
class Ask:
    """What the opening waits for: stones to ``place`` or a colour to ``choose``, and from whom.

    Args:
        what: ``"place"`` or ``"choose"``.
        seat: 0 for the person who opened, 1 for the other.
        count: how many stones to place (for ``"place"``; 0 otherwise).
        options: what may be chosen (for ``"choose"``; empty otherwise), from ``OPTIONS``.
    """

    what: str
    seat: int
    count: int = 0
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Step:
    """One step taken: ``seat`` placed ``cells`` or chose ``option``."""

    seat: int
    what: str
    cells: tuple[Cell, ...] = ()
    option: str | None = None


_PLACE3: Final = Ask("place", 0, count=3)
_SWAP_CHOICE: Final = Ask("choose", 1, options=("black", "white"))
_SWAP2_CHOICE: Final = Ask("choose", 1, options=OPTIONS)
_PLACE2: Final = Ask("place", 1, count=2)
_LAST_CHOICE: Final = Ask("choose", 0, options=("black", "white"))


class Opening:
    """The swap or swap2 protocol, played on ``game`` from its empty board.

    The stones go on ``game`` itself as they are placed, in the game's turn order; once
    :attr:`done`, the game goes on with :attr:`black` seated as its first mark.

    Args:
        protocol: ``"swap"`` or ``"swap2"``.
        game: an empty two-player game, any rule, any board with room for the stones and a
            move more, or the unbounded grid.

    Raises:
        WrongType: ``protocol`` is not a str or ``game`` not a game.
        InvalidArgument: an unknown protocol, or a game with moves already.
        InvalidGame: a game of more than two players, a misère game (the chooser's search
            rates lines as wins), or a board too small for the stones.
    """

    def __init__(self, protocol: str, game: Game) -> None:
        if not isinstance(protocol, str):
            raise WrongType(f"protocol must be a str, not {shown(protocol)}")
        if protocol not in PROTOCOLS:
            raise InvalidArgument(f"unknown opening {shown(protocol)}: choose swap or swap2")
        game = check_game(game)
        if len(game.players) != 2:
            raise InvalidGame(f"{protocol} is for two players, not {len(game.players)}")
        if game.misere:
            raise InvalidGame(f"{protocol} balances games won by a line, not misère")
        if game.moves:
            raise InvalidArgument(
                f"{protocol} starts on an empty board, not {len(game.moves)} moves in"
            )
        rows, cols = game.rows, game.cols
        if rows is not None and cols is not None and rows * cols <= _STONES[protocol]:
            raise InvalidGame(
                f"{protocol} places up to {_STONES[protocol]} stones: a {rows}×{cols} board "
                "leaves no move after them"
            )
        self.protocol = protocol
        self.game = game
        self._asked: Ask | None = _PLACE3
        self._black: int | None = None
        self._steps: list[Step] = []

    @property
    def asked(self) -> Ask | None:
        """What the protocol waits for now; None once the opening is over."""
        return self._asked

    @property
    def done(self) -> bool:
        """Whether the opening is over: the stones are placed and the colours chosen."""
        return self._asked is None

    @property
    def black(self) -> int | None:
        """The seat that plays Black (the game's first mark), once chosen; else None."""
        return self._black

    @property
    def steps(self) -> tuple[Step, ...]:
        """The steps taken so far, in order: who placed what, who chose what."""
        return tuple(self._steps)

    def place(self, cells: Sequence[Cell]) -> None:
        """Play ``cells`` on the game, the stones :attr:`asked` for, in its turn order.

        Raises:
            OpeningError: no stones are asked for now, the count is not the one asked, the
                game has moves the opening did not place, or a stone would end the game.
            IllegalMove: a cell is off the board, taken, or forbidden (renju).
            WrongType: ``cells`` is not a sequence of (row, col) pairs.

        On any error nothing changes.
        """
        asked = self._expect("place")
        if not isinstance(cells, Sequence) or isinstance(cells, str):
            raise WrongType(f"cells must be a sequence of (row, col) pairs, not {shown(cells)}")
        stones = [as_cell(cell) for cell in cells]
        if len(stones) != asked.count:
            raise OpeningError(f"place {asked.count} stones, not {len(stones)}")
        game = self.game
        played = 0
        try:
            for cell in stones:
                game.move(*cell)
                played += 1
                if game.is_over:
                    raise OpeningError(f"an opening stone may not end the game: {cell} does")
        except BaseException:  # an illegal stone, or Ctrl-C: what was placed is taken back
            for _ in range(played):
                game.undo()
            raise
        self._steps.append(Step(asked.seat, "place", tuple(stones)))
        if asked.count == 2:
            self._asked = _LAST_CHOICE
        else:
            self._asked = _SWAP2_CHOICE if self.protocol == "swap2" else _SWAP_CHOICE

    def choose(self, option: str) -> None:
        """Answer the choice :attr:`asked` for with ``option``, one of its options.

        Raises:
            OpeningError: no choice is asked for now, or ``option`` is not offered now
                (``place2`` in swap, or after two stones more).
            InvalidArgument: ``option`` is none of ``OPTIONS``.
            WrongType: ``option`` is not a str.
        """
        if not isinstance(option, str):
            raise WrongType(f"option must be a str, not {shown(option)}")
        if option not in OPTIONS:
            raise InvalidArgument(
                f"unknown option {shown(option)}: choose from {', '.join(OPTIONS)}"
            )
        asked = self._expect("choose")
        if option not in asked.options:
            raise OpeningError(f"{option} is not offered now: choose {' or '.join(asked.options)}")
        self._steps.append(Step(asked.seat, "choose", option=option))
        if option == "place2":
            self._asked = _PLACE2
            return
        self._black = asked.seat if option == "black" else 1 - asked.seat
        self._asked = None

    def _expect(self, what: str) -> Ask:
        """The ask, checked to be for ``what`` and the game to be where the opening left it."""
        asked = self._asked
        if asked is None:
            raise OpeningError(f"the {self.protocol} opening is over: nothing to {what}")
        if asked.what != what:
            if asked.what == "place":
                raise OpeningError(
                    f"seat {asked.seat} is to place {asked.count} stones, not {what}"
                )
            raise OpeningError(f"seat {asked.seat} is to choose a colour, not {what}")
        placed = sum(len(step.cells) for step in self._steps)
        if len(self.game.moves) != placed:
            raise OpeningError(
                f"the game holds {len(self.game.moves)} moves, the opening placed {placed}"
            )
        return asked

    def __repr__(self) -> str:
        return f"<Opening {self.protocol} asked={self._asked!r} black={self._black}>"
