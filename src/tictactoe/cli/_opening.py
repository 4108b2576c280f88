"""Swap and swap2 on the command line: the opening before a game, for people and for bots.

The protocol is :class:`tictactoe.swap.Opening`'s. A person is asked at the terminal, one
stone or one choice at a time; a bot or a Gomocup engine answers through a
:class:`~tictactoe.swap.Chooser`, from a search (the Gomocup protocol has no opening commands
that managers share, so our search decides for engines too). Every step is told in one line.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Protocol

from tictactoe.cli._board import board_options
from tictactoe.cli._options import UsageError
from tictactoe.cli._terminal import render, safe
from tictactoe.coordinates import cell_label, parse_cell
from tictactoe.errors import InvalidPosition, OffBoard
from tictactoe.game import Game
from tictactoe.human import QuitRequested
from tictactoe.limits import Limit
from tictactoe.outcome import Cell
from tictactoe.swap import PROTOCOLS, Chooser, Opening

__all__ = [
    "NONE",
    "OPENINGS",
    "BotSide",
    "PersonSide",
    "Side",
    "add_opening_option",
    "check_opening",
    "does",
    "play_opening",
    "seated",
    "told",
]

NONE = "none"
"""The ``--opening`` that starts the game at once, X first."""
OPENINGS = (NONE, *PROTOCOLS)
"""The values of ``--opening``."""
_WORDS = {"black": "black", "b": "black", "white": "white", "w": "white"}
_WORDS |= {"place2": "place2", "p": "place2", "2": "place2"}
_OPTION_HELP = {
    "black": "black (play {x})",
    "white": "white (play {o})",
    "place2": "place2 (2 more)",
}
_HELP = """\
In {protocol} the opener places 3 stones ({x}, {o}, {x}) and the other player chooses:
black (play {x}), white (play {o}){place2}. Whoever plays {o} moves next.
  a stone: type a cell, like b2 or 2 2; a choice: its word or first letter
  help   show this text
  quit   leave the game (so do Ctrl-D and Ctrl-C)"""
_PLACE2_HELP = ",\nor place2: 2 more stones ({o}, {x}), after which the opener chooses"


def add_opening_option(parser: argparse.ArgumentParser, *, seats: str) -> None:
    """--opening: none, swap or swap2; ``seats`` says which option names the opener."""
    parser.add_argument(
        "--opening",
        choices=OPENINGS,
        default=NONE,
        help="an opening protocol, as gomoku players use: in swap the opener places 3 "
        "stones (X, O, X) and the other player chooses to play X or O; in swap2 the other "
        f"may instead place 2 more (O, X) and let the opener choose. {seats} Bots and "
        "engines place and choose by our search. Default none: X moves first",
    )


def check_opening(args: argparse.Namespace, players: int) -> str | None:
    """The protocol --opening names, or None; refused for games of more than two players.

    Raises:
        UsageError: an opening with 3 or more players, with --misere, under gravity or on the
            torus (whose stones and lines the opening's search does not know), or with --load.
    """
    protocol = getattr(args, "opening", NONE)
    if protocol == NONE:
        return None
    if players != 2:
        raise UsageError(f"--opening {protocol} is for two players, not {players}")
    if getattr(args, "misere", False):
        raise UsageError(f"--opening {protocol} balances games won by a line, not --misere")
    board = board_options(args)  # --preset connect-four is gravity too
    for name, words in (("gravity", "under gravity"), ("torus", "on the torus")):
        if getattr(board, name, False):
            raise UsageError(f"--opening {protocol} places stones on a plain board, not {words}")
    if getattr(args, "load", None):
        raise UsageError(
            f"--opening {protocol} starts a new game: a saved game has had its opening"
        )
    return str(protocol)


class Side(Protocol):
    """One seat of an opening: who places its stones and makes its choices."""

    @property
    def name(self) -> str:
        """How the seat is shown."""
        ...

    def place(self, game: Game, count: int) -> list[Cell]:
        """``count`` stones to add to ``game`` in its turn order."""
        ...

    def choose(self, game: Game, options: Sequence[str]) -> str:
        """One of ``options``."""
        ...


class BotSide:
    """A bot's or an engine's seat: its :class:`~tictactoe.swap.Chooser` answers.

    ``limit`` bounds each decision, as it bounds each of the bots' moves.
    """

    def __init__(self, name: str, seed: int | None, limit: Limit) -> None:
        self.name = name
        self.chooser = Chooser(seed, limit=limit)

    def place(self, game: Game, count: int) -> list[Cell]:
        """The stones the search rates nearest even."""
        return self.chooser.place(game, count)

    def choose(self, game: Game, options: Sequence[str]) -> str:
        """The option the search rates better."""
        return self.chooser.choose(game, options)

    def because(self) -> str:
        """What the search found for the last decision, in words: ``X +120 by its search``."""
        verdict = self.chooser.last
        return "" if verdict is None else f"{verdict.score:+d} for X by its search"


class PersonSide:
    """A person at the terminal: asked for each stone and each choice until it is valid.

    Args:
        protocol: the opening's name, for help.
        ask: shows a prompt and returns the line typed; ``EOFError`` passes through.
        tell: shows a line.
        colour: whether boards are drawn in colour.
    """

    def __init__(
        self,
        protocol: str,
        *,
        ask: Callable[[str], str] = input,
        tell: Callable[[str], None] = print,
        colour: bool = False,
        name: str = "you",
    ) -> None:
        self.name = name
        self._protocol = protocol
        self._ask = ask
        self._tell = tell
        self._colour = colour

    def place(self, game: Game, count: int) -> list[Cell]:
        """The stones typed, one at a time, each shown on the board as it is placed.

        Raises:
            QuitRequested: the person typed ``quit``.
        """
        trial = game.copy()
        cells: list[Cell] = []
        while len(cells) < count:
            mark = trial.turn
            text = self._line(f"{mark} stone {len(cells) + 1} of {count}> ", game)
            if text is None:
                continue
            try:
                cell = parse_cell(text, trial)
            except InvalidPosition as error:
                self._tell(str(error))
                continue
            refused = _refusal(trial, cell, text.strip())
            if refused is not None:
                self._tell(refused)
                continue
            cells.append(cell)
            self._tell(render(trial, colour=self._colour))
        return cells

    def choose(self, game: Game, options: Sequence[str]) -> str:
        """The option typed: its word or its first letter.

        Raises:
            QuitRequested: the person typed ``quit``.
        """
        x, o = game.players
        offered = ", ".join(_OPTION_HELP[option].format(x=x, o=o) for option in options)
        while True:
            text = self._line(f"choose {offered}> ", game)
            if text is None:
                continue
            option = _WORDS.get(text.strip().lower())
            if option is not None and option in options:
                return option
            self._tell(f"{safe(text.strip())!r} is none of {', '.join(options)}")

    def _line(self, prompt: str, game: Game) -> str | None:
        """A line typed, or None for an empty line or help (shown here).

        Raises:
            QuitRequested: the person typed ``quit``.
        """
        try:
            text = self._ask(prompt)
        except UnicodeDecodeError:
            self._tell("that line could not be read as text")
            return None
        command = text.strip().lower()
        if command in ("quit", "exit", "q"):
            raise QuitRequested
        if command in ("help", "h", "?"):
            x, o = game.players
            more = _PLACE2_HELP.format(x=x, o=o) if self._protocol == "swap2" else ""
            self._tell(_HELP.format(protocol=self._protocol, x=x, o=o, place2=more))
            return None
        return text if command else None


def _refusal(game: Game, cell: Cell, typed: str) -> str | None:
    """Why ``cell`` cannot take the next opening stone in ``game``, for people; else None.

    When it can, it is played on ``game`` (the person's copy).
    """
    try:
        taken = game.cell(*cell)
    except OffBoard:
        return f"{safe(typed)} is off the {game.rows}×{game.cols} board"
    label = cell_label(cell, game)
    if taken is not None:
        return f"{label} is taken by {taken}"
    reason = game.forbidden(*cell)
    if reason is not None:
        return f"{label} is forbidden to {game.turn} under renju: {reason}"
    game.move(*cell)
    if game.is_over:
        game.undo()
        return f"{label} would end the game, which an opening stone may not"
    return None


def play_opening(opening: Opening, sides: Sequence[Side], tell: Callable[[str], None]) -> None:
    """Play ``opening`` to its end, asking ``sides`` (by the opening's seats) in turn.

    Each step is told in one line (:func:`told`). A person's stones were checked as typed;
    a bot's come from a search that places only legal stones.

    Raises:
        QuitRequested: a person typed ``quit``.
        TicTacToeError: a bot found no stones to place (a board too small for the opening).
    """
    game = opening.game
    while (asked := opening.asked) is not None:
        side = sides[asked.seat]
        if asked.what == "place":
            opening.place(side.place(game, asked.count))
        else:
            opening.choose(side.choose(game, asked.options))
        because = side.because() if isinstance(side, BotSide) else ""
        tell(told(opening, [s.name for s in sides], because))


def told(opening: Opening, names: Sequence[str], because: str = "") -> str:
    """The last step of ``opening`` in words: ``swap: threat places h8 (X), i8 (O), i9 (X)``.

    ``names`` are by the opening's seats; ``because`` is added in brackets.
    """
    step = opening.steps[-1]
    game = opening.game
    who = safe(names[step.seat])
    if step.what == "place":
        first = len(game.moves) - len(step.cells)
        stones = ", ".join(
            f"{cell_label(cell, game)} ({game.players[(first + n) % 2]})"
            for n, cell in enumerate(step.cells)
        )
        text = f"{opening.protocol}: {does(who, 'place')} {stones}"
    elif step.option == "place2":
        text = f"{opening.protocol}: {does(who, 'choose')} to place 2 more stones"
    else:
        x, o = game.players
        mark = x if step.option == "black" else o
        text = f"{opening.protocol}: {does(who, 'choose')} {step.option} ({mark})"
    return f"{text} ({because})" if because else text


def does(who: str, verb: str) -> str:
    """``who`` doing ``verb``: ``you place``, but ``threat places``."""
    return f"{who} {verb}" if who == "you" else f"{who} {verb}s"


def seated(opening: Opening, seats: Sequence[int]) -> tuple[int, int]:
    """The players of X and O once ``opening`` is over: ``seats`` are by the opening's seats."""
    black = opening.black
    assert black is not None, "the opening is over"
    return seats[black], seats[1 - black]
