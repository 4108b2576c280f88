"""A game of three dimensions on the page: Qubic (4×4×4), 3×3×3 and their kin, layer by layer.

A :class:`SpaceSession` stands beside the plane's :class:`~tictactoe.web._session.Session`
with the verbs the page needs here: a person's move (``cell``: layer, row, column), undo
back to a person's turn, new seats, the state (long-polled by version) and closing. Its bots
think as the plane's do: in the game's :class:`~tictactoe.web._thinking.Worker`, on a copy,
within their time, their move played only if nothing changed meanwhile. What the request
may ask, and what the plane alone does, is in :mod:`tictactoe.web._newspace`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from tictactoe.coordinates import column_label
from tictactoe.errors import IllegalMove, InvalidGame, NothingToUndo
from tictactoe.heuristic import HeuristicBot
from tictactoe.limits import Limit
from tictactoe.outcome import Status
from tictactoe.perfect import PerfectBot
from tictactoe.players import RandomBot
from tictactoe.space import Point, SpaceGame
from tictactoe.web._fields import Conflict
from tictactoe.web._newspace import seat_refusal, space_cell, space_kinds, space_label
from tictactoe.web._seats import BEST, HUMAN
from tictactoe.web._thinking import Decision, Searches, Worker

__all__ = ["SpaceSession"]

_Bot = RandomBot | HeuristicBot | PerfectBot
"""The bots that play a board of three dimensions."""


def _decide(player: _Bot, game: SpaceGame) -> Decision:
    """The move ``player`` chooses in ``game`` (a copy), or its error."""
    try:
        return Decision(cell=player.choose_move(game))
    except Exception as exc:  # whatever a bot raises is shown on the page, never lost
        return Decision(error=f"{player.name} failed: {exc}")


class SpaceSession:
    """A game of three dimensions the page plays: the game, the seats and the bot at work.

    Every method holds the session's lock; each change bumps :attr:`version`, which
    :meth:`wait` watches.

    Args:
        game: the game, with its first moves played.
        kinds: the seat kind of each player, in turn order (see :func:`space_kinds`;
            ``best`` is the strongest of them).
        limit: how long the bots may think (``seconds`` always set).
        searches: the server's cap on the bots thinking at once.

    Raises:
        InvalidGame: a seat kind not offered on this board.
        IllegalMove: not one kind per player.
    """

    def __init__(
        self, game: SpaceGame, kinds: Sequence[str], limit: Limit, *, searches: Searches
    ) -> None:
        self._lock = threading.Condition()
        self._bots = Worker(searches)
        self._game = game
        self._kinds: list[str] = []
        self._players: list[_Bot | None] = []
        self._seconds = 0.0
        self._version = 0
        self._waiting = 0
        self._bot_error: str | None = None
        self._closed = False
        self._seat(kinds, limit)
        with self._lock:
            self._changed()

    @property
    def players(self) -> int:
        """How many players the game has."""
        return len(self._game.players)

    @property
    def size(self) -> str:
        """The board's size, as ``4×4×4``."""
        return self._game.describe()

    @property
    def version(self) -> int:
        """How many times the state has changed."""
        return self._version

    @property
    def waiting(self) -> int:
        """How many requests are waiting in :meth:`wait` now."""
        with self._lock:
            return self._waiting

    def state(self) -> dict[str, Any]:
        """The game as the page draws it, layer by layer."""
        with self._lock:
            return self._state()

    def wait(self, since: int, seconds: float) -> dict[str, Any]:
        """The state once its version differs from ``since``, or after ``seconds``."""
        with self._lock:
            self._waiting += 1
            try:
                self._lock.wait_for(lambda: self._version != since or self._closed, seconds)
            finally:
                self._waiting -= 1
            return self._state()

    def act(self, action: str, fields: dict[str, Any]) -> None:
        """A person's ``move`` (``cell``: layer, row, col) or ``undo``.

        Raises:
            Conflict: a bot's turn, or the game is over or closed.
            BadRequest: a cell that is not a ``[layer, row, col]`` triple.
            IllegalMove: the game's own refusal; or nothing to undo.
        """
        if action == "undo":
            self.undo()
        else:
            self.play(space_cell(fields.get("cell"), "cell"))

    def play(self, cell: Point) -> None:
        """Play ``cell`` for the person to move.

        Raises:
            Conflict: it is a bot's turn, or the game is over or closed.
            IllegalMove: the game's own refusal (a taken cell, a cell off the board).
        """
        with self._lock:
            self._check_open()
            game = self._game
            if game.is_over:
                raise Conflict(f"the game is over: {self._result()}; undo or start a new game")
            seat = game.players.index(game.turn)
            if self._players[seat] is not None:
                raise Conflict(f"it is {game.turn}'s turn, played by {self._kinds[seat]}")
            game.move(*cell)
            self._user_changed()

    def undo(self) -> None:
        """Take back moves until a person is to move (at least one).

        Raises:
            NothingToUndo: no move has been played.
        """
        with self._lock:
            self._check_open()
            game = self._game
            if not game.moves:
                raise NothingToUndo("no move to undo: none has been played")
            game.undo()
            people = None in self._players
            while people and game.moves and not self._is_persons_turn():
                game.undo()
            self._user_changed()

    def set_seats(self, kinds: Sequence[str], limit: Limit) -> None:
        """Seat new players (a bot at work stops); the game stays where it is."""
        with self._lock:
            self._check_open()
            self._seat(kinds, limit)
            self._user_changed()

    def close(self) -> None:
        """Stop: the bot at work stops and its move is ignored."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._version += 1
            self._lock.notify_all()
            self._bots.stop()

    def join(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the bot at work, if any, to finish; True once none is."""
        with self._lock:
            worker = self._bots.thread
        if worker is not None:
            worker.join(seconds)
        return worker is None or not worker.is_alive()

    def _seat(self, kinds: Sequence[str], limit: Limit) -> None:
        """Seat players of ``kinds``, thinking within ``limit``; nothing changes on a refusal."""
        game = self._game
        if len(kinds) != len(game.players):
            raise IllegalMove(
                f"{len(kinds)} seats for a {len(game.players)}-player game: one per player"
            )
        offered = space_kinds(game.shape, len(game.players))
        resolved = [offered[-1] if kind == BEST else kind for kind in kinds]
        for kind in resolved:
            if kind not in offered:
                raise InvalidGame(seat_refusal(kind, game.describe(), offered))
        clock = self._bots.clock
        bots: dict[str, Callable[[], _Bot]] = {
            "random": RandomBot,
            "heuristic": partial(HeuristicBot, limit=limit, clock=clock),
            "perfect": partial(PerfectBot, limit=limit, clock=clock),
        }
        self._players = [None if kind == HUMAN else bots[kind]() for kind in resolved]
        self._kinds = resolved
        self._seconds = limit.seconds or 0.0

    def _names(self) -> list[str]:
        """Every seat as the page names it: ``you`` for the only person, else its kind."""
        alone = self._kinds.count(HUMAN) == 1
        return ["you" if kind == HUMAN and alone else kind for kind in self._kinds]

    def _is_persons_turn(self) -> bool:
        return self._players[self._game.players.index(self._game.turn)] is None

    def _check_open(self) -> None:
        if self._closed:
            raise Conflict("this game is closed: start a new one")

    def _user_changed(self) -> None:
        self._bot_error = None
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

    def _bot_to_move(self) -> _Bot | None:
        game = self._game
        if self._closed or game.is_over or self._bot_error is not None:
            return None
        return self._players[game.players.index(game.turn)]

    def _start_bot(self) -> None:
        """Set the bot to move thinking, unless a worker (perhaps an outdated one) runs."""
        player = self._bot_to_move()
        if player is None or self._bots.thread is not None:
            return
        version = self._version
        self._bots.start(
            player.name,
            partial(_decide, player, self._game.copy()),
            lambda: self._is_outdated(version),
            partial(self._decided, player.name, version),
        )

    def _decided(self, name: str, version: int, decision: Decision) -> None:
        """The bot's move, found on a copy: played if nothing changed since ``version``."""
        with self._lock:
            self._bots.finished()
            if self._is_outdated(version):
                self._start_bot()
                return
            error = decision.error
            if error is None and decision.cell is not None:
                try:
                    self._game.move(*decision.cell)
                except (IllegalMove, TypeError) as exc:
                    error = f"{name} chose an illegal move {decision.cell!r}: {exc}"
            self._bot_error = error
            self._changed()

    def _result(self) -> str:
        game = self._game
        last = game.last_move
        if game.status is Status.WON and game.misere and last is not None:
            return f"{last.mark} made the line and loses, {game.winner} wins"
        if game.status is Status.WON:
            return f"{game.winner} wins"
        return "draw"

    def _message(self, thinking: bool) -> str:
        """The status line: the result, the bot's error, the bot at work, or who is to move."""
        game = self._game
        if game.is_over:
            return self._result()
        if self._bot_error is not None:
            return self._bot_error
        name = self._names()[game.players.index(game.turn)]
        who = str(game.turn) if name == HUMAN else f"{game.turn} ({name})"
        return f"{who} is thinking…" if thinking else f"{who} to move"

    def _state(self) -> dict[str, Any]:
        game = self._game
        players = game.players
        thinking = self._bot_to_move() is not None
        last = game.last_move
        live = game.status is Status.IN_PROGRESS and not self._closed
        return {
            "version": self._version,
            "rules": {
                "shape": list(game.shape),
                "k": game.k,
                "players": len(players),
                "exact": game.exact,
                "misere": game.misere,
            },
            "columns": [column_label(col) for col in range(game.shape[-1])],
            "seats": [
                {"mark": str(mark), "kind": kind, "name": name}
                for mark, kind, name in zip(players, self._kinds, self._names(), strict=True)
            ],
            "offered": space_kinds(game.shape, len(players)),
            "seconds": self._seconds,
            "line": [
                {"cell": list(move.cell), "mark": str(move.mark), "label": space_label(move.cell)}
                for move in game.moves
            ],
            "ply": len(game.moves),
            "turn": str(game.turn),
            "status": game.status.value,
            "winner": None if game.winner is None else str(game.winner),
            "winning_line": [list(cell) for cell in game.winning_line or ()],
            "last_move": None if last is None else list(last.cell),
            "thinking": thinking,
            "persons_turn": live and self._is_persons_turn(),
            "message": self._message(thinking),
            "evaluation": None,
            "error": self._bot_error,
            "can_analyse": False,
            "opening": None,
            "forbidden": [],
            "landing": [],
            "closed": self._closed,
        }
