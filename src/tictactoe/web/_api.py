"""The JSON API the page talks to: games, moves, records and the solver, over the public library.

:meth:`Api.handle` takes a method, a path, the query and the body, and returns a
:class:`Reply`: a status and a JSON object. It knows nothing of HTTP beyond that, so every
endpoint and every error is tested without a socket. Every input is checked here, and every
refusal is an ``{"error": "..."}`` that says what was wrong, in the library's own words.

Endpoints (``ID`` is a game's id; bodies and replies are JSON objects):

========  ==========================  =====================================================
GET       /api/options                the seat kinds, the strongest bot, limits, formats,
                                      the rules, the variants, the openings and the one the
                                      form offers first, the most free cells perfect play
                                      is shown on
POST      /api/games                  a new game: rows, cols or unbounded, k, rule (or
                                      exact), gravity, torus, misere, seats, seconds, and
                                      optionally moves to start from or an opening (swap,
                                      swap2), seat 0 opening; or shape (three sides)
POST      /api/games/open             a game from a record: text, name (its extension
                                      gives the format), k for PSQ and SGF, seats, seconds
GET       /api/games/ID               the state; with ``since=VERSION`` waits a few seconds
                                      for a newer one (a bot's move)
POST      /api/games/ID/move          a person's move: row, col (a cell forbidden to Black
                                      under renju is refused with its ``reason``); under
                                      gravity col alone drops a mark in that column
POST      /api/games/ID/undo          back to the last person's turn
POST      /api/games/ID/goto          the cursor to after ``ply`` moves of the line
POST      /api/games/ID/continue      play on from the cursor, dropping the rest of the line
POST      /api/games/ID/resign        the person to move resigns
POST      /api/games/ID/place         a person's stones for the opening: cells, [row, col]
                                      pairs in turn order
POST      /api/games/ID/choose        a person's choice in the opening: option (black,
                                      white or place2)
POST      /api/games/ID/seats         new seats and seconds; the game stays
POST      /api/games/ID/hint          a suggested move: row, col, label
GET       /api/games/ID/analysis      every free cell's value under perfect play
GET       /api/games/ID/record        the game as a record: ``format=json|psq|sgf``
DELETE    /api/games/ID               the game closed
========  ==========================  =====================================================

A new game with a ``shape`` (layers, rows, cols) is a board of three dimensions
(:mod:`tictactoe.web._newspace`): its moves are a ``cell`` of three coordinates, and the actions
of the plane alone (the cursor, resigning, openings, hints, the overlay, records) are
refused in words.
"""

from __future__ import annotations

import math
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import PurePath
from typing import Any

from tictactoe import records
from tictactoe.errors import ForbiddenMove, InvalidArgument, TicTacToeError
from tictactoe.limits import PAGE, UNSET, Limit, Unset, check_limit, with_old
from tictactoe.marks import MAX_PLAYERS
from tictactoe.swap import PROTOCOLS
from tictactoe.web._analysis import ANALYSIS_EMPTY, MAX_COORDINATE
from tictactoe.web._fields import (
    BadRequest,
    Conflict,
    cell_pairs,
    integer,
    json_object,
    string,
)
from tictactoe.web._newgame import MAX_SIDE, new_game, opening_of
from tictactoe.web._newspace import SPACE_ACTIONS, new_space_game, plane_only, space_presets
from tictactoe.web._opening import opening_choices
from tictactoe.web._seats import BEST, HUMAN, Seats
from tictactoe.web._session import ANALYSIS_SECONDS, Session
from tictactoe.web._space import SpaceSession
from tictactoe.web._thinking import MAX_SEARCHES, Searches
from tictactoe.web._variants import rule_choices, variant_choices

__all__ = [
    "MAX_BODY",
    "MAX_COORDINATE",
    "MAX_SECONDS",
    "MAX_SESSIONS",
    "MAX_SIDE",
    "Api",
    "Reply",
]

MAX_SECONDS = 60.0
"""The most time per move a page may give a bot."""
MAX_SESSIONS = 16
"""Games kept at once; starting another closes the one left alone the longest."""
MAX_BODY = records.MAX_BYTES * 2 + 4096
"""The largest request body: a record of the largest size, escaped as a JSON string."""
WAIT_SECONDS = 10.0
"""How long a ``since`` request waits for a newer state before it answers the same one."""
_AnySession = Session | SpaceSession
"""A game of the plane or of three dimensions."""
_GAME_PATH = re.compile(r"/api/games/([0-9a-f]{16})(?:/([a-z]+))?")


@dataclass(frozen=True, slots=True)
class Reply:
    """An answer: an HTTP status and a JSON object."""

    status: int
    body: dict[str, Any]


class _NotFound(Exception):
    """No such endpoint, or no such game (it may have been closed)."""


class Api:
    """The games of one server, and the requests on them.

    Args:
        seats: the seat kinds on offer.
        limit: how long the bots may think: ``seconds`` a move unless a game asks for other
            (at most :data:`MAX_SECONDS`), and ``nodes`` and ``game_seconds`` if set.
        max_sessions: how many games are kept at once.
        wait_seconds: how long a request for a newer state waits at most.
        max_searches: how many bots may think at once, over every game.
        opening: the opening protocol the new-game form offers first for two players making
            five (``"swap"`` or ``"swap2"``); None for none.

    Raises:
        InvalidArgument: a limit without seconds or over :data:`MAX_SECONDS`, or an unknown
            opening.
    """

    def __init__(
        self,
        seats: Seats | None = None,
        *,
        limit: Limit = PAGE,
        max_sessions: int = MAX_SESSIONS,
        wait_seconds: float = WAIT_SECONDS,
        max_searches: int = MAX_SEARCHES,
        seconds: float | Unset | None = UNSET,
        opening: str | None = None,
    ) -> None:
        limit = with_old(check_limit(limit), "Api", seconds=seconds)
        if limit.seconds is None or limit.seconds > MAX_SECONDS:
            raise InvalidArgument(f"{limit}: the page's bots need seconds, at most {MAX_SECONDS:g}")
        if opening is not None and opening not in PROTOCOLS:
            raise InvalidArgument(f"opening {opening!r}: choose {' or '.join(PROTOCOLS)}, or None")
        self._opening = opening
        self._seats = seats or Seats()
        self._searches = Searches(max_searches)
        self._limit = limit
        self._seconds = limit.seconds
        self._max_sessions = max_sessions
        self._wait_seconds = wait_seconds
        self._sessions: OrderedDict[str, _AnySession] = OrderedDict()
        self._closing: list[_AnySession] = []
        """Games closed (deleted, or dropped for newer ones) whose bot may still be at work:
        :meth:`close` waits for those too."""
        self._lock = threading.Lock()
        self._closed = False

    def handle(self, method: str, path: str, query: Mapping[str, str], body: bytes = b"") -> Reply:
        """Answer one request; never raises for anything a request can contain."""
        try:
            return Reply(200, self._route(method, path, query, body))
        except BadRequest as error:
            return _error(400, str(error))
        except _NotFound as error:
            return _error(404, str(error))
        except _MethodNotAllowed as error:
            return _error(405, str(error))
        except Conflict as error:
            return _error(409, str(error))
        except ForbiddenMove as error:
            return Reply(400, {"error": str(error), "reason": error.reason})
        except (TicTacToeError, ValueError, TypeError) as error:
            return _error(400, str(error))

    def close(self, seconds: float = 10.0, *, clock: Callable[[], float] = time.monotonic) -> None:
        """Close every game and wait up to ``seconds`` in all for the bots at work to finish."""
        with self._lock:
            self._closed = True
            sessions = [*self._sessions.values(), *self._closing]
            self._sessions.clear()
            self._closing = []
        for session in sessions:
            session.close()
        deadline = clock() + seconds
        for session in sessions:
            session.join(max(0.0, deadline - clock()))

    def _route(
        self, method: str, path: str, query: Mapping[str, str], body: bytes
    ) -> dict[str, Any]:
        if path == "/api/options":
            _allow(method, "GET")
            return self._options()
        if path == "/api/games":
            _allow(method, "POST")
            return self._new(json_object(body))
        if path == "/api/games/open":
            _allow(method, "POST")
            return self._open(json_object(body))
        found = _GAME_PATH.fullmatch(path)
        if found is None:
            raise _NotFound(f"no such endpoint: {path[:80]!r}")
        game_id, action = found.groups()
        session = self._session(game_id)
        if action is None:
            if method == "DELETE":
                with self._lock:
                    self._sessions.pop(game_id, None)
                self._retire([session])
                return {"closed": game_id}
            _allow(method, "GET")
            return self._watch(game_id, session, query)
        return self._act(game_id, session, action, method, query, body)

    def _act(
        self,
        game_id: str,
        session: _AnySession,
        action: str,
        method: str,
        query: Mapping[str, str],
        body: bytes,
    ) -> dict[str, Any]:
        """The endpoints on one game."""
        if isinstance(session, SpaceSession):
            return self._act_space(game_id, session, action, method, body)
        if action == "analysis":
            _allow(method, "GET")
            values = session.analysis()
            return {"seconds": ANALYSIS_SECONDS, "cells": [value.to_json() for value in values]}
        if action == "record":
            _allow(method, "GET")
            fmt = query.get("format", "json")
            if fmt not in records.FORMATS:
                raise BadRequest(f"format {fmt[:20]!r}: choose from {', '.join(records.FORMATS)}")
            return {"format": fmt, "text": session.record(fmt), "filename": f"game.{fmt}"}
        _allow(method, "POST")
        fields = json_object(body)
        actions: dict[str, Callable[[], object]] = {
            "move": lambda: session.play(
                None if fields.get("row") is None else integer(fields, "row", MAX_COORDINATE),
                integer(fields, "col", MAX_COORDINATE),
            ),
            "undo": session.undo,
            "goto": lambda: session.goto(integer(fields, "ply", 10**7, low=0)),
            "continue": session.resume,
            "resign": session.resign,
            "place": lambda: session.place(cell_pairs(fields, "cells")),
            "choose": lambda: session.choose(string(fields, "option")),
            "seats": lambda: session.set_seats(*self._seating(fields, session.players)),
        }
        if action == "hint":
            (row, col), label = session.hint()
            return {"row": row, "col": col, "label": label}
        if action not in actions:
            raise _NotFound(f"no such action on a game: {action!r}")
        actions[action]()
        return self._with_id(game_id, session.state())

    def _act_space(
        self, game_id: str, session: SpaceSession, action: str, method: str, body: bytes
    ) -> dict[str, Any]:
        """The endpoints on a game of three dimensions: the plane's others are refused."""
        refused = plane_only(action, session.size)
        if refused is not None:
            raise BadRequest(refused)
        if action not in SPACE_ACTIONS:
            raise _NotFound(f"no such action on a game: {action!r}")
        _allow(method, "POST")
        fields = json_object(body)
        if action == "seats":
            session.set_seats(*self._seating(fields, session.players))
        else:
            session.act(action, fields)
        return self._with_id(game_id, session.state())

    def _options(self) -> dict[str, Any]:
        return {
            "seats": [kind.to_json() for kind in self._seats.kinds],
            "strongest": BEST,
            "seconds": {"default": self._seconds, "max": MAX_SECONDS},
            "max_players": MAX_PLAYERS,
            "max_side": MAX_SIDE,
            "formats": list(records.FORMATS),
            "rules": rule_choices(),
            "variants": variant_choices(),
            "openings": opening_choices(),
            "opening": self._opening,
            "analysis_free_cells": ANALYSIS_EMPTY,
            "space": space_presets(),
        }

    def _new(self, fields: dict[str, Any]) -> dict[str, Any]:
        if "shape" in fields:
            space = new_space_game(fields)
            kinds, limit = self._seating(fields, len(space.players))
            return self._add(SpaceSession(space, kinds, limit, searches=self._searches))
        game = new_game(fields)
        opening = opening_of(fields, game)
        kinds, limit = self._seating(fields, len(game.players))
        session = Session(game, kinds, limit, self._seats, searches=self._searches, opening=opening)
        return self._add(session)

    def _open(self, fields: dict[str, Any]) -> dict[str, Any]:
        text, name = fields.get("text"), fields.get("name")
        if not isinstance(text, str):
            raise BadRequest("text: expected the record's text")
        if not isinstance(name, str) or not name:
            raise BadRequest("name: expected the file's name, such as game.psq")
        if len(text.encode("utf-8", "replace")) > records.MAX_BYTES:
            raise BadRequest(f"{name[:60]!r} is too big: at most {records.MAX_BYTES:,} bytes")
        shown = PurePath(name).name[:80]
        k = fields.get("k")
        record = records.loads(
            text,
            records.format_of(shown),
            source=shown,
            k=None if k is None else integer(fields, "k", 1000, low=1),
        )
        if (
            record.rows is not None
            and record.cols is not None
            and max(record.rows, record.cols) > MAX_SIDE
        ):
            raise BadRequest(f"{shown}: the page shows boards of at most {MAX_SIDE} a side")
        if any(abs(value) > MAX_COORDINATE for cell in record.moves for value in cell):
            raise BadRequest(f"{shown}: a move lies beyond {MAX_COORDINATE:,} cells of the origin")
        game = record.to_game()
        fields.setdefault("seats", [HUMAN] * record.players)
        kinds, limit = self._seating(fields, record.players)
        session = Session(
            game,
            kinds,
            limit,
            self._seats,
            searches=self._searches,
            names=record.names,
            played=record.played,
        )
        return self._add(session)

    def _seating(self, fields: dict[str, Any], players: int) -> tuple[list[str], Limit]:
        """The seat kinds a request names, and the limit with the seconds it names, checked."""
        seats = fields.get("seats", [HUMAN] + [BEST] * (players - 1))
        if not (isinstance(seats, list) and all(isinstance(kind, str) for kind in seats)):
            raise BadRequest("seats: expected a list of seat kinds, one per player")
        if len(seats) != players:
            raise BadRequest(f"seats: {len(seats)} given for {players} players, one per player")
        seconds = fields.get("seconds", self._seconds)
        if type(seconds) not in (int, float) or not (0 < seconds <= MAX_SECONDS):
            raise BadRequest(
                f"seconds: {seconds!r} must be a number above 0, at most {MAX_SECONDS:g}"
            )
        if not math.isfinite(seconds):
            raise BadRequest(f"seconds: {seconds!r} must be finite")
        return seats, replace(self._limit, seconds=float(seconds))

    def _add(self, session: _AnySession) -> dict[str, Any]:
        game_id = secrets.token_hex(8)
        with self._lock:
            if self._closed:
                session.close()
                raise Conflict("the server is stopping")
            self._sessions[game_id] = session
            dropped = []
            while len(self._sessions) > self._max_sessions:
                dropped.append(self._sessions.popitem(last=False)[1])
        self._retire(dropped)
        return self._with_id(game_id, session.state())

    def _retire(self, sessions: list[_AnySession]) -> None:
        """Close games taken off the list, and keep those whose bot is still at work."""
        for session in sessions:
            session.close()
        with self._lock:
            working = [session for session in [*self._closing, *sessions] if not session.join(0)]
            self._closing = working

    @property
    def searching(self) -> int:
        """How many bots are searching now, over every game (at most ``max_searches``)."""
        return self._searches.running

    @property
    def waiting(self) -> int:
        """How many requests are waiting for a newer state, over every game."""
        with self._lock:
            sessions = list(self._sessions.values())
        return sum(session.waiting for session in sessions)

    def _session(self, game_id: str) -> _AnySession:
        with self._lock:
            session = self._sessions.get(game_id)
            if session is None:
                raise _NotFound(f"no game {game_id}: it was closed or the server restarted")
            self._sessions.move_to_end(game_id)
            return session

    def _watch(
        self, game_id: str, session: _AnySession, query: Mapping[str, str]
    ) -> dict[str, Any]:
        since = query.get("since")
        if since is None:
            return self._with_id(game_id, session.state())
        if not (since.isascii() and since.isdigit()) or len(since) > 12:
            raise BadRequest(f"since: {since[:20]!r}, expected a version number")
        return self._with_id(game_id, session.wait(int(since), self._wait_seconds))

    @staticmethod
    def _with_id(game_id: str, state: dict[str, Any]) -> dict[str, Any]:
        return {"id": game_id, **state}


class _MethodNotAllowed(Exception):
    """The endpoint exists but does not take this method."""


def _allow(method: str, allowed: str) -> None:
    if method != allowed:
        raise _MethodNotAllowed(f"{method} is not allowed here: use {allowed}")


def _error(status: int, message: str) -> Reply:
    return Reply(status, {"error": message})
