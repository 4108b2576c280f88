"""One game on the page: the line of moves, a cursor on it, the seats, and the bots' thinking.

The game stands at the cursor. At the end of the line the game is live: a bot whose turn it
is thinks in a worker thread, on a copy of the game, within its time limit, once the server's
cap on searches gives it a turn; its move is played only if nothing changed meanwhile (an
undo, a step back, new seats). Any change, and closing the game, ends its search at once:
our bots keep time by the game's clock, which is then stopped. Stepping back through the line
pauses the bots; a move played there replaces the rest of the line.

A game may start with an opening protocol (swap, swap2): its seats are then the opening's
until it is over, when the seat that chose Black takes the first mark. While it lasts the
line is its stones, and nothing takes them back.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from tictactoe import records, specs
from tictactoe.coordinates import cell_label
from tictactoe.errors import IllegalMove, NothingToUndo
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.marks import Mark
from tictactoe.outcome import Cell
from tictactoe.players import Player
from tictactoe.swap import Ask, Chooser, Opening
from tictactoe.web._analysis import CellValue, cell_values, hint
from tictactoe.web._fields import Conflict
from tictactoe.web._opening import SeatedOpening, opening_decision
from tictactoe.web._seats import Seats, Table
from tictactoe.web._thinking import Decision, Searches, Worker, move_decision
from tictactoe.web._variants import ForbiddenCell, checked_record, forbidden_cells, play
from tictactoe.web._view import Standing, result, state

__all__ = ["ANALYSIS_SECONDS", "Session"]

ANALYSIS_SECONDS = 5.0
"""The longest the solver works for one hint's or one overlay's request."""


class Session:
    """A game the page plays: its line of moves, the cursor, the seats and the bots at work.

    Every method holds the session's lock, so requests from several threads and the bots'
    workers see one state at a time; each change bumps :attr:`version`, which
    :meth:`wait` watches.

    Args:
        game: the game, with the moves of the line played; the cursor starts at its end.
        kinds: the seat kind of each player, in turn order (see :class:`Seats`).
        limit: how long the bots may think: ``seconds`` a move (always set: the page has no
            bot think without end), ``nodes`` and ``game_seconds`` as the bots take them.
        seats: the kinds on offer.
        searches: the server's cap on the bots thinking at once.
        names: names of the players from a loaded record, kept for people's seats.
        played: when the game started, as a record says it.
        opening: ``"swap"`` or ``"swap2"`` to open the game so (see :mod:`tictactoe.swap`);
            seat 0 opens.

    Raises:
        InvalidGame: a seat kind unknown or unfit for the game, or a game the opening does
            not take (not two players, a board too small).
        InvalidArgument: a limit without ``seconds``, or an opening on a game with moves.
    """

    def __init__(
        self,
        game: Game,
        kinds: Sequence[str],
        limit: Limit,
        seats: Seats,
        *,
        searches: Searches,
        names: Sequence[str] = (),
        played: str | None = None,
        opening: str | None = None,
    ) -> None:
        self._lock = threading.Condition()
        self._bots = Worker(searches)
        self._game = game
        self._line: list[Cell] = [move.cell for move in game.moves]
        self._resigned: Mark | None = None
        self._played = played or records.Record.from_game(game).played
        self._version = 0
        self._waiting = 0
        self._bot_error: str | None = None
        self._evaluation: str | None = None
        self._closed = False
        self._opening = None if opening is None else SeatedOpening(opening, game)
        self._table = Table(seats, kinds, game, limit, self._bots.clock, names)
        self._forbidden: tuple[int, list[ForbiddenCell]] = (-1, [])
        """Black's forbidden cells under renju, and the version they were found at."""
        with self._lock:
            self._changed()

    @property
    def players(self) -> int:
        """How many players the game has."""
        return len(self._game.players)

    @property
    def version(self) -> int:
        """How many times the state has changed."""
        return self._version

    def state(self) -> dict[str, Any]:
        """The game as the page draws it (see the API's description)."""
        with self._lock:
            return self._state()

    @property
    def waiting(self) -> int:
        """How many requests are waiting in :meth:`wait` now."""
        with self._lock:
            return self._waiting

    def wait(self, since: int, seconds: float) -> dict[str, Any]:
        """The state once its version differs from ``since``, or after ``seconds``."""
        with self._lock:
            self._waiting += 1
            try:
                self._lock.wait_for(lambda: self._version != since or self._closed, seconds)
            finally:
                self._waiting -= 1
            return self._state()

    def play(self, row: int | None, col: int) -> None:
        """Play for the person to move at the cursor; a move off the line replaces its rest.

        Under gravity ``row`` may be None: the mark drops in column ``col``.

        Raises:
            Conflict: it is a bot's turn, or the game is closed.
            IllegalMove: the game's own refusal (a taken cell, a finished game...).
        """
        with self._lock:
            self._check_open(opened=True)
            game = self._game
            if game.is_over or (self._is_live and self._resigned is not None):
                raise Conflict(f"the game is over: {self._result()}; undo or start a new game")
            mover = game.players.index(game.turn)
            if self._table.players[mover] is not None:
                rest = "" if self._is_live else ": press Continue to let it play from here"
                kind = self._table.kinds[mover]
                raise Conflict(f"it is {game.turn}'s turn, played by {kind}{rest}")
            row, col = play(game, row, col)
            ply = len(game.moves)
            if ply > len(self._line) or self._line[ply - 1] != (row, col):
                del self._line[ply - 1 :]
                self._line.append((row, col))
                self._resigned = None
            self._user_changed()

    def undo(self) -> None:
        """Take back moves until a person is to move (at least one), or a resignation.

        Raises:
            NothingToUndo: no move has been played.
        """
        with self._lock:
            self._check_open(opened=True)
            game = self._game
            del self._line[len(game.moves) :]
            if self._resigned is not None:
                self._resigned = None
            elif not game.moves:
                raise NothingToUndo("no move to undo: none has been played")
            else:
                game.undo()
                people = None in self._table.players
                while people and game.moves and not self._is_persons_turn():
                    game.undo()
                del self._line[len(game.moves) :]
            self._user_changed()

    def goto(self, ply: int) -> None:
        """Move the cursor to after ``ply`` moves of the line (0 is the empty board).

        Raises:
            IllegalMove: ``ply`` is not between 0 and the length of the line.
        """
        with self._lock:
            self._check_open(opened=True)
            if not 0 <= ply <= len(self._line):
                raise IllegalMove(f"move {ply} is not in this game of {len(self._line)} moves")
            game = self._game
            while len(game.moves) > ply:
                game.undo()
            while len(game.moves) < ply:
                game.move(*self._line[len(game.moves)])
            self._user_changed()

    def resume(self) -> None:
        """Continue the game from the cursor: the rest of the line is dropped, bots play on."""
        with self._lock:
            self._check_open(opened=True)
            if not self._is_live:
                del self._line[len(self._game.moves) :]
                self._resigned = None
            self._user_changed()

    def resign(self) -> None:
        """The person to move (or the only person seated) resigns, and the game ends.

        Raises:
            Conflict: the game is over, or no one person can be said to resign.
        """
        with self._lock:
            self._check_open(opened=True)
            game = self._game
            if game.is_over or self._resigned is not None:
                raise Conflict(f"the game is over: {self._result()}")
            people = [
                mark
                for mark, player in zip(game.players, self._table.players, strict=True)
                if player is None
            ]
            if self._is_persons_turn():
                mark = game.turn
            elif len(people) == 1:
                mark = people[0]
            elif people:
                raise Conflict("resign on your turn: several people play here")
            else:
                raise Conflict("only a person can resign, and bots play every seat here")
            del self._line[len(game.moves) :]
            self._resigned = mark
            self._user_changed()

    def set_seats(self, kinds: Sequence[str], limit: Limit) -> None:
        """Seat new players (any bot at work stops); the game stays where it is."""
        with self._lock:
            self._check_open()
            self._bots.retire(self._table.seat(kinds, self._game, limit, self._bots.clock))
            self._user_changed()

    def place(self, cells: Sequence[Cell]) -> None:
        """Place the stones the opening asks a person for, in the game's turn order.

        Raises:
            Conflict: no person is asked for stones now.
            IllegalMove: the opening's or the game's refusal (a wrong count, a taken cell).
        """
        with self._lock:
            self._persons_opening("place").place(cells)
            self._follow()
            self._user_changed()

    def choose(self, option: str) -> None:
        """Answer the choice the opening asks a person: ``black``, ``white`` or ``place2``.

        Raises:
            Conflict: no person is asked to choose now.
            IllegalMove: an option not offered now.
            InvalidArgument: an option that is none of the opening's.
        """
        with self._lock:
            self._persons_opening("choose").choose(option)
            self._opened()
            self._user_changed()

    def _persons_opening(self, what: str) -> Opening:
        """The opening, checked to ask a person to ``what`` (place or choose) now."""
        self._check_open()
        if self._opening is None:
            raise Conflict(f"no opening asks to {what} now: play on the board")
        return self._opening.persons(what, self._table.kinds)

    def hint(self) -> tuple[Cell, str]:
        """A good move for the side to move at the cursor, and its label, found in time.

        Raises:
            Conflict: the game is over.
        """
        with self._lock:
            self._check_open(opened=True)
            if self._game.is_over or (self._is_live and self._resigned is not None):
                raise Conflict("the game is over: no move to suggest")
            game = self._game.copy()
            seconds = min(self._table.seconds, ANALYSIS_SECONDS)
        cell = hint(game, seconds)
        return cell, cell_label(cell, game)

    def analysis(self) -> list[CellValue]:
        """The value of every free cell for the side to move at the cursor.

        Raises:
            Unsolvable: the position is beyond the overlay's reach.
            OutOfTime: the solver needed more than :data:`ANALYSIS_SECONDS`.
        """
        with self._lock:
            self._check_open()
            game = self._game.copy()
        return cell_values(game, ANALYSIS_SECONDS)

    def record(self, fmt: str) -> str:
        """The whole line as a record in ``fmt`` (json, psq or sgf).

        Raises:
            RecordError: the format cannot hold this game.
        """
        with self._lock:
            names = self._table.record_names
            record = records.Record.from_game(self._game, names=names, played=self._played)
            record = replace(record, moves=tuple(self._line))
        return checked_record(records.dumps(record, fmt), fmt, self._game)

    def close(self) -> None:
        """Stop: the bot at work stops and is ignored; brains close once it has answered."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._version += 1
            self._bots.retire(self._table.release())
            self._lock.notify_all()
            self._bots.stop()

    def join(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the bot at work, if any, to finish; True once none is."""
        with self._lock:
            worker = self._bots.thread
        if worker is not None:
            worker.join(seconds)
        return worker is None or not worker.is_alive()

    @property
    def _is_live(self) -> bool:
        return len(self._game.moves) == len(self._line)

    def _is_persons_turn(self) -> bool:
        return self._table.players[self._game.players.index(self._game.turn)] is None

    def _check_open(self, *, opened: bool = False) -> None:
        """Refuse a closed game; with ``opened``, also one whose opening is not over."""
        if self._closed:
            raise Conflict("this game is closed: start a new one")
        if opened and self._opening is not None:
            asked = self._opening.waiting(self._opening.by_seat(self._table.names))
            if asked is not None:
                raise Conflict(f"the opening is not over: {asked}")

    def _user_changed(self) -> None:
        self._bot_error = None
        self._evaluation = None
        self._changed()

    def _changed(self) -> None:
        self._version += 1
        self._lock.notify_all()
        self._bots.stop()
        self._start_bot()

    def _is_outdated(self, version: int) -> bool:
        """Whether a worker started at ``version`` is no longer needed.

        Read without the lock: the version only grows, so a late reading stops a worker
        late, never wrongly.
        """
        return version != self._version or self._closed

    def _bot_to_move(self) -> tuple[int, Player] | None:
        """The seat of the bot that should be thinking now, and the bot, if any.

        While the opening lasts, that is the seat it asks, to place stones or to choose.
        """
        game = self._game
        if self._closed or game.is_over or not self._is_live or self._resigned is not None:
            return None
        if self._bot_error is not None or self._is_stopped():
            return None
        asked = self._asked()
        seat = game.players.index(game.turn) if asked is None else asked.seat
        player = self._table.players[seat]
        return None if player is None else (seat, player)

    def _asked(self) -> Ask | None:
        """What the opening waits for; None without one, or once it is over."""
        return None if self._opening is None else self._opening.asked

    def _is_stopped(self) -> bool:
        """Bots alone on the unbounded grid stop after a thousand moves, as in the terminal."""
        return (
            self._game.is_unbounded
            and None not in self._table.players
            and len(self._line) >= specs.UNBOUNDED_MAX_MOVES
        )

    def _start_bot(self) -> None:
        """Set the bot to move thinking, unless a worker (perhaps an outdated one) runs.

        In the opening the bot's stones and choices are the opening chooser's, searching
        within the bot's limit.
        """
        found = self._bot_to_move()
        if found is None or self._bots.thread is not None:
            return
        seat, player = found
        game = self._game.copy()
        asked = self._asked()
        if asked is None:
            explain = self._table.kinds[seat] == "perfect"
            decide = partial(move_decision, player, game, explain)
        else:
            chooser = Chooser(limit=self._table.limit, clock=self._bots.clock)
            decide = partial(opening_decision, chooser, game, asked)
        version = self._version
        self._bots.start(
            player.name,
            decide,
            lambda: self._is_outdated(version),
            partial(self._decided, player.name, version),
        )

    def _decided(self, name: str, version: int, decision: Decision) -> None:
        """The bot's decision, made on a copy: played if nothing changed since ``version``."""
        with self._lock:
            self._bots.finished()
            if self._is_outdated(version):
                self._start_bot()
                return
            error = decision.error
            if error is None:
                try:
                    self._commit(decision)
                except (IllegalMove, TypeError) as exc:
                    chose = "opening step" if decision.cell is None else f"move {decision.cell!r}"
                    error = f"{name} chose an illegal {chose}: {exc}"
            self._bot_error = error
            self._evaluation = decision.note if error is None else None
            self._changed()

    def _commit(self, decision: Decision) -> None:
        """Play a bot's decision at the end of the line: a move, or the opening's answer.

        Raises:
            IllegalMove: the game's or the opening's refusal; nothing changes then.
            TypeError: a move that is not a cell.
        """
        opening = self._opening
        if opening is not None and opening.asked is not None:
            opening.answer(decision)
            self._opened()
        elif decision.cell is not None:
            self._game.move(*decision.cell)
        self._follow()

    def _opened(self) -> None:
        """Once the opening is over, seat first whoever plays Black: the opener may not."""
        if self._opening is not None and self._opening.seat_black():
            self._table.swap()

    def _follow(self) -> None:
        """Add to the line the moves played at its end."""
        self._line.extend(move.cell for move in self._game.moves[len(self._line) :])

    def _standing(self) -> Standing:
        """The session as it stands, for the view."""
        live = self._is_live
        table = self._table
        opening = asking = None
        if self._opening is not None:
            people = [player is None for player in table.players]
            opening, asking = self._opening.view(table.names, people)
        return Standing(
            game=self._game,
            line=self._line,
            kinds=table.kinds,
            names=table.names,
            opening=opening,
            asking=asking,
            resigned=self._resigned if live else None,
            thinking=self._bot_to_move() is not None,
            stopped=live and self._is_stopped(),
            error=self._bot_error,
            evaluation=self._evaluation,
            seconds=table.seconds,
            version=self._version,
            closed=self._closed,
            forbidden=self._forbidden_cells(),
        )

    def _forbidden_cells(self) -> list[ForbiddenCell]:
        """Black's forbidden cells at the cursor, found once a version: every poll asks."""
        version, cells = self._forbidden
        if version != self._version:
            cells = forbidden_cells(self._game)
            self._forbidden = (self._version, cells)
        return cells

    def _result(self) -> str:
        return result(self._standing())

    def _state(self) -> dict[str, Any]:
        return state(self._standing())
