"""One game on the page: the line of moves, a cursor on it, the seats, and the bots' thinking.

The game stands at the cursor. At the end of the line the game is live: a bot whose turn it
is thinks in a worker thread, on a copy of the game, within its time limit, once the server's
cap on searches gives it a turn; its move is played only if nothing changed meanwhile (an
undo, a step back, new seats). Any change, and closing the game, ends its search at once:
our bots keep time by the game's clock, which is then stopped. Stepping back through the line
pauses the bots; a move played there replaces the rest of the line.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from contextlib import ExitStack
from typing import Any

from tictactoe import records, specs
from tictactoe.coordinates import cell_label
from tictactoe.errors import IllegalMove, InvalidArgument, NothingToUndo
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.marks import Mark
from tictactoe.outcome import Cell
from tictactoe.players import Player
from tictactoe.web._analysis import CellValue, cell_values, evaluation, hint, thought
from tictactoe.web._seats import HUMAN, Seats
from tictactoe.web._thinking import GameClock, Searches
from tictactoe.web._view import Standing, result, state

__all__ = ["ANALYSIS_SECONDS", "Conflict", "Session"]

ANALYSIS_SECONDS = 5.0
"""The longest the solver works for one hint's or one overlay's request."""
_EVALUATION_SECONDS = 0.5
"""The longest the solver works to put the perfect bot's move into words."""


class Conflict(Exception):
    """A request that the game's state does not allow now (a bot's turn, a closed game)."""


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

    Raises:
        InvalidGame: a seat kind unknown or unfit for the game.
        InvalidArgument: a limit without ``seconds``.
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
    ) -> None:
        self._lock = threading.Condition()
        self._clock = GameClock()
        self._searches = searches
        self._game = game
        self._line: list[Cell] = [move.cell for move in game.moves]
        self._resigned: Mark | None = None
        self._seats = seats
        self._names = tuple(names)
        self._played = played or records.Record.from_game(game).played
        self._version = 0
        self._waiting = 0
        self._worker: threading.Thread | None = None
        self._retired: list[ExitStack] = []
        self._bot_error: str | None = None
        self._evaluation: str | None = None
        self._closed = False
        self._stack = ExitStack()
        self._kinds: list[str] = []
        self._players: list[Player | None] = []
        self._limit = limit
        self._seconds = _seconds(limit)
        with self._lock:
            self._seat(kinds, limit)
            self._changed()

    def _seat(self, kinds: Sequence[str], limit: Limit) -> None:
        """Make the players of ``kinds``; the old ones' processes close once no bot needs them."""
        if len(kinds) != len(self._game.players):
            raise IllegalMove(
                f"{len(kinds)} seats for a {len(self._game.players)}-player game: one per player"
            )
        kinds = [self._seats.resolve(kind, self._game) for kind in kinds]
        stack = ExitStack()
        try:
            players = [
                self._seats.player(kind, self._game, limit, stack, self._clock) for kind in kinds
            ]
        except BaseException:
            stack.close()
            raise
        self._retire(self._stack)
        self._stack = stack
        self._kinds, self._players = list(kinds), players
        self._limit, self._seconds = limit, _seconds(limit)

    def _retire(self, stack: ExitStack) -> None:
        if self._worker is None:
            stack.close()
        else:
            self._retired.append(stack)

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

    def play(self, row: int, col: int) -> None:
        """Play for the person to move at the cursor; a move off the line replaces its rest.

        Raises:
            Conflict: it is a bot's turn, or the game is closed.
            IllegalMove: the game's own refusal (a taken cell, a finished game...).
        """
        with self._lock:
            self._check_open()
            game = self._game
            if game.is_over or (self._is_live and self._resigned is not None):
                raise Conflict(f"the game is over: {self._result()}; undo or start a new game")
            mover = game.players.index(game.turn)
            if self._players[mover] is not None:
                rest = "" if self._is_live else ": press Continue to let it play from here"
                raise Conflict(f"it is {game.turn}'s turn, played by {self._kinds[mover]}{rest}")
            game.move(row, col)
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
            self._check_open()
            game = self._game
            del self._line[len(game.moves) :]
            if self._resigned is not None:
                self._resigned = None
            elif not game.moves:
                raise NothingToUndo("no move to undo: none has been played")
            else:
                game.undo()
                people = any(player is None for player in self._players)
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
            self._check_open()
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
            self._check_open()
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
            self._check_open()
            game = self._game
            if game.is_over or self._resigned is not None:
                raise Conflict(f"the game is over: {self._result()}")
            people = [
                mark
                for mark, player in zip(game.players, self._players, strict=True)
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
            self._seat(kinds, limit)
            self._user_changed()

    def hint(self) -> tuple[Cell, str]:
        """A good move for the side to move at the cursor, and its label, found in time.

        Raises:
            Conflict: the game is over.
        """
        with self._lock:
            self._check_open()
            if self._game.is_over or (self._is_live and self._resigned is not None):
                raise Conflict("the game is over: no move to suggest")
            game = self._game.copy()
            seconds = min(self._seconds, ANALYSIS_SECONDS)
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
            game = self._game
            names = tuple(
                self._names[i] if player is None and i < len(self._names) else self._name(i)
                for i, player in enumerate(self._players)
            )
            record = records.Record(
                game.rows,
                game.cols,
                game.k,
                len(game.players),
                tuple(self._line),
                names,
                self._played,
                game.exact,
            )
        return records.dumps(record, fmt)

    def close(self) -> None:
        """Stop: the bot at work stops and is ignored; brains close once it has answered."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._version += 1
            self._retire(self._stack)
            self._lock.notify_all()
            self._stop_outdated()

    def join(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the bot at work, if any, to finish; True once none is."""
        with self._lock:
            worker = self._worker
        if worker is not None:
            worker.join(seconds)
        return worker is None or not worker.is_alive()

    @property
    def _is_live(self) -> bool:
        return len(self._game.moves) == len(self._line)

    def _is_persons_turn(self) -> bool:
        return self._players[self._game.players.index(self._game.turn)] is None

    def _check_open(self) -> None:
        if self._closed:
            raise Conflict("this game is closed: start a new one")

    def _name(self, seat: int) -> str:
        kind = self._kinds[seat]
        if kind == HUMAN and self._kinds.count(HUMAN) == 1:
            return "you"
        return kind

    def _user_changed(self) -> None:
        self._bot_error = None
        self._evaluation = None
        self._changed()

    def _changed(self) -> None:
        self._version += 1
        self._lock.notify_all()
        self._stop_outdated()
        self._start_bot()

    def _stop_outdated(self) -> None:
        """End the search of the bot at work, if any: it thinks about a game that changed.

        Our bots stop at their next reading of the clock; a brain answers within its time.
        """
        if self._worker is not None:
            self._clock.stop()
            self._searches.wake()

    def _is_outdated(self, version: int) -> bool:
        """Whether a worker started at ``version`` is no longer needed.

        Read without the lock: the version only grows, so a late reading stops a worker
        late, never wrongly.
        """
        return version != self._version or self._closed

    def _bot_to_move(self) -> Player | None:
        """The bot that should be thinking now, if any."""
        game = self._game
        if self._closed or game.is_over or not self._is_live or self._resigned is not None:
            return None
        if self._bot_error is not None or self._is_stopped():
            return None
        return self._players[game.players.index(game.turn)]

    def _is_stopped(self) -> bool:
        """Bots alone on the unbounded grid stop after a thousand moves, as in the terminal."""
        return (
            self._game.is_unbounded
            and all(player is not None for player in self._players)
            and len(self._line) >= specs.UNBOUNDED_MAX_MOVES
        )

    def _start_bot(self) -> None:
        """Set the bot to move thinking, unless a worker (perhaps an outdated one) runs."""
        player = self._bot_to_move()
        if player is None or self._worker is not None:
            return
        perfect = self._kinds[self._game.players.index(self._game.turn)] == "perfect"
        self._clock.resume()  # no search of an older state is at work
        self._worker = threading.Thread(
            target=self._think,
            args=(player, self._game.copy(), self._version, perfect),
            name=f"tictactoe-bot-{player.name}",
            daemon=True,
        )
        self._worker.start()

    def _think(self, player: Player, game: Game, version: int, explain: bool) -> None:
        """The worker: on its turn, choose a move on a copy; play it if nothing changed since."""
        cell = note = error = None
        if self._searches.enter(lambda: self._is_outdated(version)):
            try:
                cell, note, error = _choose(player, game, explain)
            finally:
                self._searches.leave()
        with self._lock:
            self._worker = None
            for stack in self._retired:
                stack.close()
            self._retired.clear()
            if self._is_outdated(version):
                self._start_bot()
                return
            if cell is not None and error is None:
                try:
                    self._game.move(*cell)
                    self._line.append(self._game.moves[-1].cell)
                except (IllegalMove, TypeError) as exc:
                    error = f"{player.name} chose the illegal move {cell!r}: {exc}"
            self._bot_error = error
            self._evaluation = note if error is None else None
            self._changed()

    def _standing(self) -> Standing:
        """The session as it stands, for the view."""
        live = self._is_live
        return Standing(
            game=self._game,
            line=self._line,
            kinds=self._kinds,
            names=[self._name(seat) for seat in range(len(self._kinds))],
            resigned=self._resigned if live else None,
            thinking=self._bot_to_move() is not None,
            stopped=live and self._is_stopped(),
            error=self._bot_error,
            evaluation=self._evaluation,
            seconds=self._seconds,
            version=self._version,
            closed=self._closed,
        )

    def _result(self) -> str:
        return result(self._standing())

    def _state(self) -> dict[str, Any]:
        return state(self._standing())


def _choose(
    player: Player, game: Game, explain: bool
) -> tuple[Cell | None, str | None, str | None]:
    """The move ``player`` chooses in ``game`` (a copy), what it thought, and any error.

    With ``explain``, what best play gives after the move is worked out too (the game is
    changed by it).
    """
    try:
        cell = player.choose_move(game)
        note = thought(player, game)
        if explain:
            game.move(*cell)
            note = evaluation(game, _EVALUATION_SECONDS)
    except Exception as exc:  # whatever a bot raises is shown on the page, never lost
        return None, None, f"{player.name} failed: {exc}"
    return cell, note, None


def _seconds(limit: Limit) -> float:
    """The bots' time per move under ``limit``: the page has no bot think without end.

    Raises:
        InvalidArgument: ``limit`` has no ``seconds``.
    """
    if limit.seconds is None:
        raise InvalidArgument(f"{limit}: the page's bots need a time per move (seconds)")
    return limit.seconds
