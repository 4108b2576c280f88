"""HumanPlayer: a person at the terminal, asked for each move."""

from __future__ import annotations

from collections.abc import Callable

from tictactoe._checks import check_callable, check_game
from tictactoe.coordinates import cell_label, column_label, column_number, parse_cell
from tictactoe.errors import GameOver, InvalidArgument, InvalidPosition, OffBoard
from tictactoe.game import Game
from tictactoe.outcome import Cell

__all__ = ["HELP", "HumanPlayer", "QuitRequested", "UndoRequested"]

HELP = """\
Type a cell to play it: b2 (column letter, row number), or row and column: 2 2 or 2,2.
Under gravity the column's letter alone is enough: d drops a mark in column d.
  undo   take back your last move (and the replies to it)
  hint   suggest a move
  help   show this text
  quit   leave the game (so do Ctrl-D and Ctrl-C)"""
"""What ``help`` shows a person in a game at the terminal."""


def typed_move(
    ask: Callable[[str], str],
    tell: Callable[[str], None],
    prompt: str,
    *,
    help_text: str,
    example: str,
    hint: Callable[[], str] | None,
) -> str:
    """The next line a person types that is no command: a move to read.

    Shared by the readers of a person's moves in this package (the plane's and the command's
    for boards of three dimensions); not exported, as its arguments are trusted.

    ``quit`` and ``undo`` raise :class:`QuitRequested` and :class:`UndoRequested`; ``help``
    and ``hint`` are answered through ``tell`` (``hint`` gives the suggested move's label);
    blank lines and bytes that are no text are passed over, the latter with a word of help
    naming ``example``.
    """
    while True:
        try:
            text = ask(prompt)
        except UnicodeDecodeError:
            tell(f"that line could not be read as text; type a cell like {example}")
            continue
        command = text.strip().lower()
        if not command:
            continue
        if command in ("quit", "exit", "q"):
            raise QuitRequested
        if command in ("undo", "u"):
            raise UndoRequested
        if command in ("help", "h", "?"):
            tell(help_text)
        elif command == "hint":
            tell("no hint here" if hint is None else f"hint: {hint()}")
        else:
            return text


class UndoRequested(Exception):
    """The person asked to take back their last move."""


class QuitRequested(Exception):
    """The person asked to leave the game."""


class HumanPlayer:
    """Asks a person for a move until they give a legal one; bad input gets the reason.

    Args:
        ask: shows a prompt and returns the line typed (``input`` by default); an
            ``EOFError`` from it (end of input) passes through to the caller.
        tell: shows a line to the person.
        hint: suggests a move for ``hint``; None when there is no helper.

    Raises:
        WrongType: ``ask``, ``tell`` or ``hint`` cannot be called.
    """

    def __init__(
        self,
        *,
        ask: Callable[[str], str] = input,
        tell: Callable[[str], None] = print,
        hint: Callable[[Game], Cell] | None = None,
        name: str = "you",
    ) -> None:
        check_callable("ask", ask, "taking a prompt and returning the line typed")
        check_callable("tell", tell, "taking a line to show")
        if hint is not None:
            check_callable("hint", hint, "taking a game and returning a cell")
        self.name = name
        self._ask = ask
        self._tell = tell
        self._hint = hint

    def choose_move(self, game: Game) -> Cell:
        """The next legal move the person types.

        Raises:
            UndoRequested: they typed ``undo``.
            QuitRequested: they typed ``quit``.
            GameOver: the game is already won or drawn.
            WrongType: ``game`` is not a game.
        """
        if check_game(game).is_over:
            raise GameOver(f"{self.name} has no move to choose: the game is over")
        hint = self._hint
        while True:
            text = typed_move(
                self._ask,
                self._tell,
                f"{game.turn} to move (help for commands)> ",
                help_text=HELP,
                example="b2",
                hint=None if hint is None else lambda: cell_label(hint(game), game),
            )
            command = text.strip().lower()
            if game.gravity and command.isascii() and command.isalpha():
                cell = self._dropped(command, game)
                if cell is not None:
                    return cell
                continue
            try:
                cell = parse_cell(text, game)
            except InvalidPosition as error:
                self._tell(str(error))
                continue
            try:
                taken = game.cell(*cell)
            except OffBoard:
                self._tell(f"{text.strip()} is off the {game.rows}×{game.cols} board")
                continue
            if taken is not None:
                self._tell(f"{cell_label(cell, game)} is taken by {taken}")
                continue
            if game.gravity and cell not in game.legal_moves:
                landing = self._dropped(column_label(cell[1]), game)
                where = "nowhere: it is full" if landing is None else cell_label(landing, game)
                self._tell(
                    f"{cell_label(cell, game)} has an empty cell below it: a mark in its column "
                    f"lands {where}"
                )
                continue
            reason = game.forbidden(*cell)
            if reason is not None:
                self._tell(
                    f"{cell_label(cell, game)} is forbidden to {game.turn} under renju: {reason}"
                )
                continue
            return cell

    def _dropped(self, letters: str, game: Game) -> Cell | None:
        """Under gravity, the cell a mark in the column ``letters`` lands on, or None (said)."""
        try:
            col = column_number(letters)
        except InvalidArgument as error:
            self._tell(str(error))
            return None
        if game.cols is None or not 0 <= col < game.cols:
            self._tell(f"column {letters} is off the {game.rows}×{game.cols} board")
            return None
        landing = next((cell for cell in game.legal_moves if cell[1] == col), None)
        if landing is None:
            self._tell(f"column {letters} is full")
        return landing
