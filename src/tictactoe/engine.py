"""Gomocup brains as players: start a brain process, speak the protocol, never hang.

:meth:`Engine.popen` starts any program that speaks the Gomocup (Piskvork) protocol, such as
``pbrain-tictactoe``, and the :class:`Engine` it returns is a
:class:`~tictactoe.players.Player`: :func:`~tictactoe.players.play_match` runs it like any bot.
Every read from the brain has a deadline; a brain that crashes, overruns its time or answers
nonsense raises :class:`EngineError` (a :class:`~tictactoe.errors.BadBotMove`), and the
process is killed and reaped with everything it started, so the caller never waits forever
and no process is left behind; the next game starts a fresh one, as tournament managers do::

    with Engine.popen("pbrain-tictactoe", limit=Limit(seconds=1.0)) as brain:
        outcome = play_match(Game(15, 15, k=5), [brain, RandomBot()])

On the wire a cell is ``x,y``: x the column, y the row, both from 0; the game's cells are
``(row, col)``. A Gomocup brain plays five in a row whatever ``game.k`` says; ``INFO rule 1``
(exactly five) goes out for the standard rule, ``INFO rule 4`` for renju and ``8`` for caro.
"""

from __future__ import annotations

import collections
import contextlib
import queue
import re
import shlex
import time
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Final

from tictactoe._brain_process import EOF, BrainProcess, how_it_ended
from tictactoe._checks import check_callable, check_seconds
from tictactoe.errors import BadBotMove, InvalidArgument, WrongType
from tictactoe.game import Game
from tictactoe.limits import DEFAULT, Limit, check_limit
from tictactoe.outcome import Cell, Move

__all__ = ["REASONS", "Engine", "EngineError", "Limit"]

REASONS: Final = ("crash", "timeout", "garbage", "illegal", "refused")
"""Why an engine failed: it died, it overran, it said nonsense, it chose an illegal cell, or
it answered ``ERROR``/``UNKNOWN`` (or would not start)."""

GRACE: Final = 0.1
"""Seconds a reply may come late on top of its limit (and 10% of the limit): the pipe and the
process scheduler take some milliseconds the brain cannot control."""
END_WAIT: Final = 0.5
"""Seconds :meth:`Engine.close` waits for the brain to exit after ``END`` before killing it."""
_NOTES_KEPT = 5
"""MESSAGE/DEBUG lines kept to explain a failure."""
_OUT_OF_STEP = ("crash", "timeout", "garbage")
"""The failures after which the brain may be out of step with us: its process is killed."""
_RULE_BITS = {"standard": 1, "renju": 4, "caro": 9, "caro-overline": 8}
"""The ``INFO rule`` a game's rule is sent as (freestyle: 0; caro, exactly five, is 8 + 1; caro
with overlines, Gomocup's caro league, 8)."""
_CELL = re.compile(r"\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*", re.ASCII)
_NAME = re.compile(r'\bname\s*=\s*"([^"]*)"', re.IGNORECASE)


class EngineError(BadBotMove):
    """A brain failed: it crashed, overran, answered garbage, played illegally or refused.

    The message names the engine, the move number and the reason.

    Args:
        message: what happened, for people.
        reason: one of :data:`REASONS`.
    """

    def __init__(self, message: str, *, reason: str) -> None:
        super().__init__(message)
        self.reason = reason
        """One of ``"crash"``, ``"timeout"``, ``"garbage"``, ``"illegal"``, ``"refused"``."""


class Engine:
    """A Gomocup brain process, played as a :class:`~tictactoe.players.Player`.

    Make one with :meth:`popen`. The engine remembers the moves the brain knows: a game that
    goes on from there costs one ``TURN``; any other position (a new game, an undo, a game
    set up elsewhere) is sent afresh with ``START`` and ``BOARD``. After a crash, a timeout
    or a garbled reply the process is killed, with every process it started: the brain may
    be out of step, so later calls raise ``EngineError(reason="crash")`` until
    :meth:`new_game`, after which the next move starts a fresh process. After an illegal move
    or a refusal the brain lives on and the next move starts its game afresh.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        name: str,
        limit: Limit,
        startup: float,
        clock: Callable[[], float],
    ) -> None:
        """Start the brain's process (an OSError if it cannot); use :meth:`popen` instead."""
        self.name = name
        self.limit = limit
        self._argv = list(argv)
        self._startup = startup
        self._clock = clock
        self._notes: collections.deque[str] = collections.deque(maxlen=_NOTES_KEPT)
        self._known: list[Move] | None = None  # the moves the brain has, None: none sent yet
        self._size: tuple[int, int] | None = None  # (rows, cols) of the brain's board
        self._used = 0.0  # game time the brain has spent, in seconds on ``clock``
        self._dead: str | None = None  # why the process was killed, once it was
        self._restart = False  # start a fresh process for the next move (a new game)
        self._closed = False
        self._budget: float | None = None  # seconds the move asked for may take
        self._asked = 0.0  # when it was asked, on ``clock``
        self._brain = BrainProcess(self._argv, name)

    @classmethod
    def popen(
        cls,
        command: str | Sequence[str],
        *,
        limit: Limit = DEFAULT,
        name: str | None = None,
        startup: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> Engine:
        """Start a brain and ask its name with ``ABOUT``.

        Args:
            command: the program and its arguments; a string is split like a shell would
                (:func:`shlex.split`), but no shell runs.
            limit: the time limits of the brain's moves, per move (``INFO timeout_turn``)
                and per game (``INFO timeout_match`` and ``time_left``); the protocol has
                no node limit, so a limit with ``nodes`` is refused.
            name: how the engine is shown; None takes the name the brain gives in its
                ``ABOUT`` reply, or else the command.
            startup: seconds the brain may take to answer ``ABOUT`` (and ``START``).
            clock: the time source that counts the game time spent, in seconds.

        Raises:
            EngineError: the program would not start (``refused``: an empty command, or
                one that cannot be split or run), exited before it answered (``refused``)
                or did not answer in time (``timeout``).
            WrongType: ``command`` is not a str or a sequence of them, ``limit`` not a
                :class:`Limit`, ``name`` not a str or None, ``startup`` not a number or
                ``clock`` not callable.
            InvalidArgument: ``startup`` is not a finite number above 0, or ``limit`` has
                ``nodes``.
        """
        argv = _argv(command)
        _check_options(limit, name, startup, clock)
        shown = shlex.join(argv)
        try:
            engine = cls(argv, name=name or shown, limit=limit, startup=startup, clock=clock)
        except OSError as error:
            detail = f"would not start: {error.strerror or error}"
            raise EngineError(_message(shown, 0, "refused", detail), reason="refused") from None
        about = engine._hello(0)
        if name is None:
            found = _NAME.search(about)
            if found and found[1].strip():
                engine.name = found[1].strip()
        return engine

    # -- the Player face ----------------------------------------------------------------

    def choose_move(self, game: Game) -> Cell:
        """Ask the brain for its move in ``game``, where it is the brain's turn.

        Raises:
            EngineError: the brain crashed, overran its time, answered garbage, chose a
                taken or off-board cell, or refused (or would not start again after
                :meth:`new_game`); or the game is not one a Gomocup brain plays
                (unbounded, not two players, over).
        """
        number = len(game.moves) + 1
        if self._restart and not self._closed:
            self._relaunch(number)
        if self._dead is not None or self._closed:
            why = "closed" if self._dead is None else f"dead ({self._dead})"
            raise self._error("crash", f"the engine is {why}", number)
        if game.rows is None or game.cols is None or len(game.players) != 2:
            raise self._error("refused", f"a Gomocup brain cannot play {game!r}", number)
        if game.is_over:
            raise self._error("refused", "the game is over", number)
        size = (game.rows, game.cols)
        moves = list(game.moves)
        known = self._known
        goes_on = (  # only the opponent's reply to the brain's last move is new
            known is not None
            and self._size == size
            and len(moves) == len(known) + 1
            and moves[:-1] == known
        )
        try:
            if goes_on:
                self._think(f"TURN {_wire(moves[-1])}", [], number)
            else:
                self._start(game, size, number)
                own = game.turn
                stones = [f"{_wire(move)},{1 if move.mark is own else 2}" for move in moves]
                if stones:
                    self._think("BOARD", [*stones, "DONE"], number)
                else:
                    self._think("BEGIN", [], number)
            cell = self._parse(self._read_reply(number), game, number)
        except EngineError:
            self._known = None
            raise
        self._known = [*moves, Move(cell[0], cell[1], game.turn)]
        return cell

    def new_game(self) -> None:
        """Forget the game the brain has: the next move starts afresh with ``START``.

        A brain killed for a crash, a timeout or a garbled reply is started again for that
        move, so that one bad game does not forfeit every later game of a match.
        """
        self._known = None
        self._restart = self._dead is not None

    def close(self) -> None:
        """Send ``END``, give the brain a moment to exit, then kill it and reap it.

        Safe to call more than once, and on a dead engine.
        """
        if self._closed:
            return
        self._closed = True
        if self._dead is None:
            with contextlib.suppress(EngineError):
                self._send("END", move=0)
            self._brain.reader.join(END_WAIT)  # the brain's output ends as it exits
        self._brain.end()

    def __enter__(self) -> Engine:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "dead" if self._dead else "running"
        return f"<Engine {self.name!r} pid={self._brain.process.pid} {state}>"

    # -- the protocol ---------------------------------------------------------------------

    def _hello(self, move: int) -> str:
        """Ask ``ABOUT`` of a brain just started; its reply.

        Raises:
            EngineError: the brain exited or refused (``refused``) or sent nothing in time
                (``timeout``); it is killed.
        """
        try:
            self._send("ABOUT", move, ended="refused")
            return self._read(self._startup, move=move, what="ABOUT reply", ended="refused")
        except EngineError:
            self._dead = self._dead or "refused"
            self._brain.end()
            raise

    def _relaunch(self, move: int) -> None:
        """Start a fresh process in place of the one killed, for a new game."""
        self._restart = False
        try:
            brain = BrainProcess(self._argv, self.name)
        except OSError as error:
            detail = f"would not start again: {error.strerror or error}"
            raise self._error("refused", detail, move) from None
        self._brain = brain
        self._dead = None
        self._notes.clear()
        self._hello(move)

    def _start(self, game: Game, size: tuple[int, int], number: int) -> None:
        """``START``/``RECTSTART`` and the ``INFO`` lines: a new game for the brain."""
        rows, cols = size
        self._known = None
        self._send(f"START {rows}" if rows == cols else f"RECTSTART {cols},{rows}", number)
        reply = self._read(self._startup, move=number, what="START reply")
        if reply.split(maxsplit=1)[0].upper() != "OK":
            raise self._error("garbage", f"answered {_shown(reply)} to START, not OK", number)
        self._size = size
        self._used = 0.0
        info = []
        if self.limit.seconds is not None:
            info.append(f"INFO timeout_turn {_ms(self.limit.seconds)}")
        info.append(f"INFO timeout_match {_ms(self.limit.game_seconds or 0.0)}")
        info.append(f"INFO rule {_RULE_BITS.get(game.rule, 0)}")
        for line in info:
            self._send(line, number)
        self._known = []

    def _think(self, command: str, more: list[str], number: int) -> None:
        """Send the command that asks for a move (with ``time_left`` first when timed)."""
        self._budget = self._allowed()
        self._asked = self._clock()
        if self.limit.game_seconds is not None:
            self._send(f"INFO time_left {_ms(self.limit.game_seconds - self._used)}", number)
        for line in [command, *more]:
            self._send(line, number)

    def _allowed(self) -> float | None:
        """Seconds the next move may take, grace not counted; None when unlimited."""
        limits = []
        if self.limit.seconds is not None:
            limits.append(self.limit.seconds)
        if self.limit.game_seconds is not None:
            limits.append(max(self.limit.game_seconds - self._used, 0.0))
        return min(limits) if limits else None

    def _read_reply(self, number: int) -> str:
        """The move line, within the move's time; the time spent counts against the game."""
        budget = self._budget
        wait = None if budget is None else budget * 1.1 + GRACE
        reply = self._read(wait, move=number, what="move")
        spent = self._clock() - self._asked
        self._used += spent
        if wait is not None and spent > wait:
            raise self._error("timeout", f"took {spent:.3f} s, allowed {budget:g} s", number)
        return reply

    def _parse(self, reply: str, game: Game, number: int) -> Cell:
        """The cell a move reply names, checked against the game."""
        found = _CELL.fullmatch(reply)
        if found is None:
            raise self._error("garbage", f"answered {_shown(reply)}, not x,y", number)
        x, y = int(found[1]), int(found[2])
        assert game.rows is not None
        assert game.cols is not None
        if not (0 <= x < game.cols and 0 <= y < game.rows):
            raise self._error(
                "illegal", f"played {x},{y}, off the {game.cols}x{game.rows} board", number
            )
        taken = game.cell(y, x)
        if taken is not None:
            raise self._error("illegal", f"played {x},{y}, taken by {taken}", number)
        return (y, x)

    # -- the pipes ------------------------------------------------------------------------

    def _send(self, line: str, move: int, *, ended: str = "crash") -> None:
        """Write one line to the brain (CR LF, as managers do).

        Raises:
            EngineError: the brain's input is closed; ``ended`` is the reason given.
        """
        try:
            self._brain.write(line.encode() + b"\r\n")
        except (OSError, ValueError):  # a broken pipe, or a pipe already closed
            word = line.split()[0]
            raise self._error(ended, f"exited before {word} could be sent", move) from None

    def _read(self, seconds: float | None, *, move: int, what: str, ended: str = "crash") -> str:
        """The next line that is not a MESSAGE/DEBUG note, within ``seconds`` (real time).

        Raises:
            EngineError: the output ended (``ended``, a crash unless said), no line in time
                (``timeout``), or ``ERROR`` or ``UNKNOWN`` (``refused``).
        """
        lines = self._brain.lines
        deadline = None if seconds is None else time.monotonic() + seconds
        while True:
            try:
                if deadline is None:
                    line = lines.get()
                else:
                    line = lines.get(timeout=max(deadline - time.monotonic(), 0.0))
            except queue.Empty:
                detail = f"sent no {what} within {seconds:g} s"
                raise self._error("timeout", detail, move) from None
            if line is EOF:
                lines.put(EOF)  # every later read sees the end too
                how = how_it_ended(self._brain.process)
                raise self._error(ended, f"{how} before its {what}", move)
            word = line.split(maxsplit=1)[0].upper() if line.strip() else ""
            if not word:
                continue
            if word in ("MESSAGE", "DEBUG"):
                self._notes.append(line)
                continue
            if word in ("ERROR", "UNKNOWN"):
                raise self._error("refused", f"answered {_shown(line)}", move)
            return line.strip()

    def _error(self, reason: str, detail: str, move: int) -> EngineError:
        """An error naming the engine, the move and why; kills the brain when out of step."""
        if reason in _OUT_OF_STEP and self._dead is None:
            self._dead = reason
            self._brain.end()
        notes = f" [brain said: {' | '.join(self._notes)}]" if self._notes else ""
        return EngineError(_message(self.name, move, reason, detail) + notes, reason=reason)


def _message(name: str, move: int, reason: str, detail: str) -> str:
    """An engine failure for people: ``engine 'x', move 5: timeout: took 1.2 s...``."""
    where = f"move {move}" if move else "startup"
    return f"engine {name!r}, {where}: {reason}: {detail}"


def _wire(cell: Move | Cell) -> str:
    """A cell as the protocol writes it: ``x,y``, the column first."""
    return f"{cell[1]},{cell[0]}"


def _argv(command: object) -> list[str]:
    """The program and arguments of ``command``, refused before any process starts."""
    if isinstance(command, str):
        try:
            argv = shlex.split(command)
        except ValueError as error:  # an unclosed quotation
            why = f"cannot split {_shown(command)}: {error}"
            raise EngineError(why, reason="refused") from None
    elif isinstance(command, Sequence) and all(isinstance(part, str) for part in command):
        argv = list(command)
    else:
        raise WrongType(f"command must be a str or a sequence of str, not {type(command).__name__}")
    if not argv:
        raise EngineError("empty engine command", reason="refused")
    if any("\x00" in part for part in argv):
        raise EngineError("a command cannot hold a NUL character", reason="refused")
    return argv


def _check_options(limit: object, name: object, startup: object, clock: object) -> None:
    """Check the options of :meth:`Engine.popen` other than the command."""
    if check_limit(limit).nodes is not None:
        raise InvalidArgument(
            f"{limit}: a Gomocup brain takes no node limit (the protocol has none); "
            "give it on the brain's own command line"
        )
    if name is not None and not isinstance(name, str):
        raise WrongType(f"name must be a str or None, not {type(name).__name__}")
    if startup is None:
        raise WrongType("startup must be a number of seconds, not None: a brain never hangs")
    check_seconds(startup, "startup")
    check_callable("clock", clock, "returning seconds")


def _ms(seconds: float) -> int:
    """Seconds as whole milliseconds, the unit of ``INFO``."""
    return round(seconds * 1000)


def _shown(text: str) -> str:
    """``text`` quoted and cut short for a message."""
    return repr(text if len(text) <= 60 else text[:60] + "…")
