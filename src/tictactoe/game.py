"""The game: the only thing that changes state.

A :class:`Game` owns its board and its win detector and enforces the rules: turn order (two
or more players rotate), legal cells, the end of the game, history and undo. Players and bots
live outside it; they read it and call :meth:`Game.move`.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Final, SupportsIndex

from tictactoe import coordinates
from tictactoe._board import Board, BoundedBoard, UnboundedBoard
from tictactoe._checks import Flag, as_flag, as_int, shown
from tictactoe._detectors import WinDetector, make_detector
from tictactoe._legal import LegalMoves
from tictactoe._positions import legal_order, marks_of, parse_rows, play_in_order
from tictactoe._rules import (
    CARO_OVERLINE,
    FREESTYLE,
    GOMOKU_RULES,
    RENJU,
    RULES,
    STANDARD,
    caro_line,
    direction_of,
    forbidden,
    renju_line,
)
from tictactoe.errors import (
    CellTaken,
    FloatingMove,
    ForbiddenMove,
    GameOver,
    IllegalMove,
    InvalidArgument,
    InvalidGame,
    InvalidPosition,
    NothingToUndo,
    OffBoard,
    WrongType,
)
from tictactoe.marks import MAX_PLAYERS, Mark
from tictactoe.outcome import DRAWN, IN_PROGRESS, Cell, Move, Outcome, Status

__all__ = ["MAX_CELLS", "RULES", "Game"]

MAX_CELLS = 1_000_000
"""The most cells a bounded board may have (1000×1000: about 17 MB, made in milliseconds).

Larger boards are refused before anything is allocated; the unbounded grid, whose memory
grows with the moves alone, serves any bigger game.
"""
_REPR_CELLS = 400
"""Boards of up to this many cells repr as ``Game.from_rows(...)``; bigger ones list moves."""
_PLAYING: Final = Status.IN_PROGRESS
_WON: Final = Status.WON
_DRAW: Final = Status.DRAW
_TURN_ORDER: Final = Mark.for_players(MAX_PLAYERS)
"""Enum members and marks read once: on Python 3.11 each ``Status.WON`` or ``Mark.for_players``
goes through the enum class's slow attribute hook, 0.25 µs (a fifth of a compiled move)."""


class Game:
    """An m,n,k-game: ``rows × cols`` cells (or an unbounded grid), k in a row wins.

    Args:
        rows: number of rows, at least 1.
        cols: number of columns, at least 1; defaults to ``rows``. The board may have at
            most :data:`MAX_CELLS` cells.
        k: marks in a row that win, ``1 <= k <= max(rows, cols)``; defaults to
            ``min(rows, cols)``, the full line of a square board.
        players: how many players take turns, 2 to 8; their marks are ``Mark.for_players``.
        early_draw: end the game as a draw as soon as no player can complete any line, rather
            than when the board is full.
        exact: only exactly k in a row wins (standard gomoku): an overline of k+1 or more
            does not win, and play goes on. The same as ``rule="standard"``.
        rule: ``"freestyle"`` (k or more in a row wins, the default), ``"standard"`` (exactly
            k), or, for two players and five in a row, ``"renju"`` (Black, the first player,
            may not make an overline, a double four or a double three: :class:`ForbiddenMove`),
            ``"caro"`` (exactly five, not blocked at both ends by the rival's stones) or
            ``"caro-overline"`` (caro where six or more in a row win too).
            See :mod:`tictactoe._rules` for the rules as they are implemented. Declared
            ``object`` and checked here, as :data:`~tictactoe._checks.Flag` is: the compiled
            build would refuse a wrong type with mypyc's own TypeError first.
        misere: misère play, for two players: whoever makes the line (k in a row, or exactly
            k under the standard rule) loses. The game ends at the same move as it would
            otherwise; :attr:`winner` is then the other player and :attr:`winning_line` the
            line that was made. Not with renju or caro, which are rules for making five.
        gravity: marks drop (Connect Four: ``Game(6, 7, k=4, gravity=True)``): a move may
            only go to the lowest free cell of its column, the cell the column's next mark
            lands on (:meth:`drop` names the column alone); ``legal_moves`` holds one cell
            per open column. Any other free cell raises :class:`FloatingMove`.
        torus: lines run over the edges and come back on the other side, so that every row,
            column and diagonal is a ring; k may be at most the shorter side.

    Raises:
        InvalidGame: a size, k or player count out of range (a ``ValueError``).
        WrongType: an argument that is not an int (a ``TypeError``).

    >>> g = Game()
    >>> g.move(1, 1)
    Status.IN_PROGRESS
    >>> g.move(0, 0)
    Status.IN_PROGRESS
    >>> print(g)
    O..
    .X.
    ...
    >>> g.undo()
    Move(row=0, col=0, mark=Mark.O)

    Under the exact rule an overline does not win:

    >>> g = Game.from_rows(["XXX.X", "OO.OO", ".....", "....."], k=4, exact=True)
    >>> g.move(0, 3)
    Status.IN_PROGRESS
    >>> g.exact, g.winner
    (True, None)

    Under renju Black may not make two open threes at once:

    >>> rows = ["O.......O", ".........", "....X....", "....X....", "..XX....."]
    >>> g = Game.from_rows(rows + ["........."] * 3 + ["O.......O"], k=5, rule="renju")
    >>> g.move(4, 4)
    Traceback (most recent call last):
    ...
    tictactoe.errors.ForbiddenMove: X may not play (4, 4) under renju: double three
    >>> (4, 4) in g.legal_moves, g.rule
    (False, 'renju')

    Under misère the line's maker loses:

    >>> g = Game.from_rows(["XX.", "OO.", "X.."], misere=True)
    >>> g.move(1, 2), g.winner, g.winning_line
    (Status.WON, Mark.X, ((1, 0), (1, 1), (1, 2)))

    Under gravity a mark lands on the lowest free cell of its column:

    >>> g = Game(6, 7, k=4, gravity=True)
    >>> g.drop(3), g.last_move
    (Status.IN_PROGRESS, Move(row=5, col=3, mark=Mark.X))
    >>> sorted(g.legal_moves)[:3]
    [(4, 3), (5, 0), (5, 1)]

    On the torus a line may run over an edge:

    >>> g = Game.from_rows(["X...X", "O.O..", ".....", "....."], k=3, torus=True)
    >>> g.move(0, 3), g.winning_line
    (Status.WON, ((0, 3), (0, 4), (0, 0)))
    """

    __slots__ = (
        "_board",
        "_cells",
        "_detector",
        "_early_draw",
        "_exact",
        "_gravity",
        "_k",
        "_legal_moves",
        "_lock",
        "_misere",
        "_moves",
        "_outcome",
        "_over",
        "_players",
        "_renju",
        "_rule",
        "_ruled",
        "_torus",
    )

    _board: Board
    _detector: WinDetector

    def __new__(cls, *args: object, **kwargs: object) -> Game:
        # Spelled out so that copy() and unbounded() can make a blank game in the compiled
        # build too (mypyc cannot call an inherited object.__new__); it costs 0.3 µs a game.
        return object.__new__(cls)

    def __init__(
        self,
        rows: SupportsIndex = 3,
        cols: SupportsIndex | None = None,
        k: SupportsIndex | None = None,
        *,
        players: SupportsIndex = 2,
        early_draw: Flag = False,
        exact: Flag = False,
        rule: object = None,
        misere: Flag = False,
        gravity: Flag = False,
        torus: Flag = False,
    ) -> None:
        height = rows if type(rows) is int and rows >= 1 else _side("rows", rows)
        if cols is None:
            width = height
        else:
            width = cols if type(cols) is int and cols >= 1 else _side("cols", cols)
        if height * width > MAX_CELLS:
            raise InvalidGame(
                f"a {shown(height)}×{shown(width)} board has more than {MAX_CELLS:,} cells; "
                "use Game.unbounded(k) for bigger games"
            )
        run = min(height, width) if k is None else as_int("k", k)
        if not 1 <= run <= max(height, width):
            raise InvalidGame(
                f"k={shown(run)} must be between 1 and {max(height, width)}, the longest side of a "
                f"{height}×{width} board"
            )
        plain = gravity is False and torus is False  # the usual game skips the checks below
        wrapped = False if plain else as_flag("torus", torus)
        if wrapped and run > min(height, width):
            raise InvalidGame(
                f"k={run} must be at most {min(height, width)} on a {height}×{width} torus: "
                "a line longer than a ring would meet itself"
            )
        board = BoundedBoard(height, width)
        self._setup(board, height * width, run, players, early_draw, exact, rule, misere)
        if not plain:
            self._variants(as_flag("gravity", gravity), wrapped)

    @classmethod
    def unbounded(
        cls,
        k: SupportsIndex,
        *,
        players: SupportsIndex = 2,
        early_draw: Flag = False,
        exact: Flag = False,
        rule: object = None,
        misere: Flag = False,
    ) -> Game:
        """A game on an unbounded grid: any int coordinates, negative too; k in a row wins.

        >>> g = Game.unbounded(k=5)
        >>> g.move(-1000, 7)
        Status.IN_PROGRESS
        >>> g.cols is None
        True
        """
        run = as_int("k", k)
        if run < 1:
            raise InvalidGame(f"k={shown(run)} must be at least 1")
        game = cls.__new__(cls)
        game._setup(UnboundedBoard(), -1, run, players, early_draw, exact, rule, misere)
        return game

    @classmethod
    def from_rows(
        cls,
        rows: str | Iterable[str],
        *,
        k: SupportsIndex | None = None,
        players: SupportsIndex = 2,
        exact: Flag = False,
        rule: object = None,
        misere: Flag = False,
        gravity: Flag = False,
        torus: Flag = False,
    ) -> Game:
        """The game at a position drawn as rows of letters, ``'.'`` or ``' '`` for empty.

        Whose turn it is follows from the counts. The game is reached by playing the marks
        through :meth:`move` in a legal order, so ``moves`` holds one such order.

        Args:
            rows: the rows, as a sequence of str or one str with ``'/'`` or newlines between.
            k: marks in a row that win; defaults to the full line of a square board.
            players: how many players the game has (their marks are the first ``players``).
            exact: only exactly k in a row wins (see :class:`Game`).
            rule: the rule (see :class:`Game`).
            misere: whoever makes the line loses (see :class:`Game`).
            gravity: marks drop to the lowest free cell (see :class:`Game`).
            torus: lines run over the edges (see :class:`Game`).

        Raises:
            InvalidPosition: text that is no position, or a position no legal game reaches
                (wrong mark counts, two lines made, play after a line, a line made by a
                player who did not move last, a mark above an empty cell under gravity).

        >>> Game.from_rows(["XOX", " O ", "   "]).turn
        Mark.X
        """
        grid = parse_rows(rows)
        game = cls(
            len(grid),
            len(grid[0]),
            k,
            players=players,
            exact=exact,
            rule=rule,
            misere=misere,
            gravity=gravity,
            torus=torus,
        )
        marks = marks_of(grid)
        if game._gravity or game._torus:
            if game._gravity:
                _check_supported(marks, len(grid))
            play_in_order(marks, game.players, game._try, game.undo)
            return game
        for row, col in legal_order(marks, game.k, game.players, exact=game.exact):
            try:
                game.move(row, col)
            except ForbiddenMove as refused:
                raise InvalidPosition(f"no game under renju reaches it: {refused}") from None
        return game

    def _try(self, cell: Cell) -> bool | None:
        """Play ``cell``: whether the game is now over, None if the move is illegal."""
        try:
            self.move(*cell)
        except IllegalMove:
            return None
        return self._over

    def _setup(
        self,
        board: Board,
        cells: int,
        k: int,
        players: SupportsIndex,
        early_draw: Flag,
        exact: Flag,
        rule: object,
        misere: Flag,
    ) -> None:
        """Set the game up on ``board`` of ``cells`` cells (-1 on the unbounded grid)."""
        count = players if type(players) is int else as_int("players", players)
        if not 2 <= count <= MAX_PLAYERS:
            raise InvalidGame(f"players={shown(count)} must be between 2 and {MAX_PLAYERS}")
        tracking = as_flag("early_draw", early_draw)
        only_k = as_flag("exact", exact)
        name = _rule(rule, only_k, k, count)
        only_k = name == STANDARD
        losing = _checked_misere(as_flag("misere", misere), name, count)
        self._board = board
        self._cells = cells
        self._k = k
        self._players = _TURN_ORDER[:count]
        self._detector = make_detector(
            board, k, self._players, track_blocking=tracking, exact=only_k
        )
        self._early_draw = tracking
        self._exact = only_k
        self._rule = name
        self._misere = losing
        self._renju = name == RENJU
        self._ruled = name in GOMOKU_RULES
        self._gravity = False
        self._torus = False
        self._moves: list[Move] = []
        self._outcome = IN_PROGRESS
        self._over = False
        # acquire/release in try/finally: half the cost of a with-block on this hot path
        self._lock = threading.Lock()
        self._legal_moves: LegalMoves | None = None

    def _variants(self, gravity: bool, torus: bool) -> None:
        """Set gravity and the torus on a bounded game just set up, checked against its rule."""
        if (gravity or torus) and self._ruled:
            variant = "gravity" if gravity else "the torus"
            raise InvalidGame(f"{variant} plays the freestyle and standard rules, not {self._rule}")
        self._gravity = gravity
        self._torus = torus
        if torus:
            self._detector = make_detector(
                self._board,
                self._k,
                self._players,
                track_blocking=self._early_draw,
                exact=self._exact,
                torus=True,
            )

    def move(self, row: SupportsIndex, col: SupportsIndex) -> Status:
        """Place the next player's mark at ``(row, col)`` and return the new status.

        Raises:
            GameOver: the game is already won or drawn.
            OffBoard: the cell is not on the board.
            CellTaken: the cell holds a mark.
            ForbiddenMove: under renju, Black's overline, double four or double three. A game
                where every free cell is forbidden to Black, Black to move, is drawn.
            FloatingMove: under gravity, a free cell with a free cell below it.
            WrongType: ``row`` or ``col`` is not an int.

        An illegal move changes nothing at all.
        """
        if type(row) is not int:
            row = as_int("row", row)
        if type(col) is not int:
            col = as_int("col", col)
        lock = self._lock
        lock.acquire()
        try:
            if self._over:
                raise GameOver(f"no move at {_at(row, col)}: {self._describe_end()}")
            moves = self._moves
            players = self._players
            player = len(moves) % len(players)
            mark = players[player]
            if self._renju and player == 0:
                self._refuse_forbidden(row, col, mark)
            elif self._gravity:
                self._refuse_floating(row, col)
            try:
                taken = self._board.claim(row, col, mark)
            except (IndexError, ValueError):  # ValueError: the board's message on a huge int
                raise OffBoard(
                    f"cell {_at(row, col)} is off the {self._describe_size()} board"
                ) from None
            if taken is not None:
                raise CellTaken(f"cell {_at(row, col)} is taken by {taken}")
            line = self._detector.place(row, col, player)
            if self._ruled:
                line = self._rule_line(row, col, player)
            moves.append(_new_move(Move, (row, col, mark)))
            if line is not None:
                # misère (two players only): the maker loses, so the other one wins; the
                # flag is read here, where a line is made, not on every move
                winner = players[1 - player] if self._misere else mark
                self._outcome = Outcome(_WON, winner, line)
                self._over = True
                return _WON
            if self._renju and player == 1 and not self._black_can_move():
                self._outcome = DRAWN  # every free cell is forbidden to Black: nothing to play
                self._over = True
                return _DRAW
            if len(moves) == self._cells or (self._early_draw and self._detector.is_blocked):
                self._outcome = DRAWN
                self._over = True
                return _DRAW
            return _PLAYING
        finally:
            lock.release()

    def _refuse_forbidden(self, row: int, col: int, mark: Mark) -> None:
        """Raise ForbiddenMove if Black may not play the cell under renju.

        Free cells only: the board's own checks speak for the others.
        """
        board = self._board
        if board.is_on_board(row, col) and board.get(row, col) is None:
            reason = forbidden(self._stone, row, col)
            if reason is not None:
                raise ForbiddenMove(
                    f"{mark} may not play {_at(row, col)} under renju: {reason}", reason=reason
                )

    def _refuse_floating(self, row: int, col: int) -> None:
        """Raise FloatingMove if the free cell has a free cell below it, under gravity."""
        board = self._board
        if board.is_on_board(row, col) and board.get(row, col) is None:
            landing = self._landing(col)
            if landing != row:
                raise FloatingMove(
                    f"cell {_at(row, col)} has an empty cell below it: under gravity a mark "
                    f"in column {col} lands on ({landing}, {col})",
                    landing=(landing, col),
                )

    def _landing(self, col: int) -> int:
        """The lowest free row of column ``col`` on a bounded board, -1 if the column is full.

        The free cells of a column under gravity are the rows above its marks, so a binary
        search finds the last of them: O(log rows).
        """
        board = self._board
        low, high = 0, board.rows or 0  # row `low` is free; row `high` is taken or past the end
        if board.get(0, col) is not None:
            return -1
        while high - low > 1:
            middle = (low + high) // 2
            if board.get(middle, col) is None:
                low = middle
            else:
                high = middle
        return low

    def drop(self, col: SupportsIndex) -> Status:
        """Under gravity, play column ``col``: the mark lands on its lowest free cell.

        Raises:
            InvalidArgument: the game is not played under gravity.
            OffBoard: the column is not on the board.
            CellTaken: the column is full.
            GameOver: the game is already won or drawn.
            WrongType: ``col`` is not an int.
        """
        column = as_int("col", col)
        if not self._gravity:
            raise InvalidArgument("drop(col) is for games under gravity; move(row, col) plays here")
        cols = self._board.cols or 0
        if not 0 <= column < cols:
            raise OffBoard(f"column {shown(column)} is off the {self._describe_size()} board")
        landing = self._landing(column)
        if landing < 0 and not self._over:
            raise CellTaken(f"column {column} is full")
        return self.move(max(landing, 0), column)

    @property
    def gravity(self) -> bool:
        """Whether marks drop to the lowest free cell of their column (Connect Four)."""
        return self._gravity

    @property
    def torus(self) -> bool:
        """Whether lines run over the edges of the board and come back on the other side."""
        return self._torus

    def _black_can_move(self) -> bool:
        """Whether some free cell is open to Black under renju (always, on the unbounded grid).

        Cells are tried in the board's order until one is allowed: far from Black's stones the
        first one is, so this costs one verdict a move until the board is nearly full.
        """
        board = self._board
        if not isinstance(board, BoundedBoard):
            return True
        cols = board.cols
        return any(
            forbidden(self._stone, *divmod(index, cols)) is None for index in board.free_indices
        )

    def _stone(self, row: int, col: int) -> int:
        """The cell as the rules read it: 0 empty, 1 the first player's, 2 the second's, -1 off."""
        board = self._board
        if not board.is_on_board(row, col):
            return -1
        mark = board.get(row, col)
        if mark is None:
            return 0
        return 1 if mark is self._players[0] else 2

    def _rule_line(self, row: int, col: int, player: int) -> tuple[Cell, ...] | None:
        """The line the stone just placed wins by under renju or caro, or None."""
        if self._renju:
            found = renju_line(self._stone, row, col, player + 1)
        else:
            overline = self._rule == CARO_OVERLINE
            found = caro_line(self._stone, row, col, player + 1, overline=overline)
        if found is None:
            return None
        direction, first, length = found
        d_row, d_col = direction_of(direction)
        return tuple(
            (row + (first + at) * d_row, col + (first + at) * d_col) for at in range(length)
        )

    def forbidden(self, row: SupportsIndex, col: SupportsIndex) -> str | None:
        """Why the side to move may not play the free cell ``(row, col)``, or None if it may.

        Only Black under renju is ever refused (``"overline"``, ``"double four"``,
        ``"double three"``); a taken or off-board cell is not this method's business (None).

        Raises:
            WrongType: ``row`` or ``col`` is not an int.
        """
        at_row, at_col = as_int("row", row), as_int("col", col)
        if not self._renju or len(self._moves) % 2 or self._over:
            return None
        if self._stone(at_row, at_col) != 0:
            return None
        return forbidden(self._stone, at_row, at_col)

    @property
    def rule(self) -> str:
        """The rule by name: freestyle, standard, renju, caro or caro-overline."""
        return self._rule

    @property
    def misere(self) -> bool:
        """Whether whoever makes the line loses (misère) rather than wins."""
        return self._misere

    def undo(self) -> Move:
        """Take back the last move, exactly, and return it; reopens a finished game.

        Raises:
            NothingToUndo: no move has been played.
        """
        lock = self._lock
        lock.acquire()
        try:
            moves = self._moves
            if not moves:
                raise NothingToUndo("no move to undo: none has been played")
            move = moves.pop()
            self._board.pop()
            self._detector.remove(move.row, move.col, len(moves) % len(self._players))
            self._outcome = IN_PROGRESS
            self._over = False
            return move
        finally:
            lock.release()

    def outcome(self) -> Outcome:
        """How the game stands: status, winner and winning line, from one place."""
        return self._outcome

    @property
    def status(self) -> Status:
        """``Status.IN_PROGRESS``, ``Status.WON`` or ``Status.DRAW``."""
        return self._outcome.status

    @property
    def winner(self) -> Mark | None:
        """The mark that won, or None; under misère, the player who did not make the line."""
        return self._outcome.winner

    @property
    def winning_line(self) -> tuple[Cell, ...] | None:
        """The cells of the completed line, in order along it, or None.

        Under misère it is the line that lost: the one the last move made.
        """
        return self._outcome.winning_line

    @property
    def is_over(self) -> bool:
        """True once the game is won or drawn."""
        return self._over

    @property
    def is_draw_certain(self) -> bool:
        """True when no player can complete any line any more (kept up to date per move).

        Always False on the unbounded grid, where there is always room for a line. Under the
        exact rule it is conservative: a window only an overline could fill counts as open.
        The first call starts the detector's blocking counts, so it holds the lock like a move does.
        """
        with self._lock:
            return self._outcome.status is Status.DRAW or (
                self._outcome.status is Status.IN_PROGRESS and self._detector.is_blocked
            )

    @property
    def turn(self) -> Mark:
        """The mark to move next (the next in rotation, once the game is over)."""
        return self._players[len(self._moves) % len(self._players)]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played, in order."""
        return tuple(self._moves)

    @property
    def last_move(self) -> Move | None:
        """The most recent move, or None before the first."""
        try:  # one read of the list, so a move undone by another thread cannot slip between
            return self._moves[-1]
        except IndexError:
            return None

    @property
    def legal_moves(self) -> LegalMoves:
        """A live view of the cells the side to move may play (empty once over)."""
        view = self._legal_moves
        if view is None:  # made on first use: most games built for search never ask
            view = self._legal_moves = LegalMoves(self)
        return view

    def cell(self, row: SupportsIndex, col: SupportsIndex) -> Mark | None:
        """The mark at ``(row, col)``, or None if the cell is empty.

        Raises:
            OffBoard: the cell is not on the board.
            WrongType: ``row`` or ``col`` is not an int.
        """
        at_row, at_col = as_int("row", row), as_int("col", col)
        if not self._board.is_on_board(at_row, at_col):
            raise OffBoard(f"cell {_at(at_row, at_col)} is off the {self._describe_size()} board")
        return self._board.get(at_row, at_col)

    @property
    def rows(self) -> int | None:
        """Number of rows, None on the unbounded grid."""
        return self._board.rows

    @property
    def cols(self) -> int | None:
        """Number of columns, None on the unbounded grid."""
        return self._board.cols

    @property
    def k(self) -> int:
        """Marks in a row that win."""
        return self._k

    @property
    def players(self) -> tuple[Mark, ...]:
        """The marks in turn order."""
        return self._players

    @property
    def early_draw(self) -> bool:
        """Whether the game ends as a draw as soon as no line can be completed."""
        return self._early_draw

    @property
    def exact(self) -> bool:
        """Whether only exactly k in a row wins (an overline of more does not)."""
        return self._exact

    @property
    def is_unbounded(self) -> bool:
        """True on the unbounded grid."""
        return self._board.rows is None

    def copy(self) -> Game:
        """An independent game with the same rules, moves and state.

        The board, the detector's counts and the history are duplicated as they are, not
        replayed, so a copy costs about as much as the memory it fills.
        """
        twin = Game.__new__(Game)
        lock = self._lock
        lock.acquire()
        try:
            board = twin._board = self._board.copy()
            twin._detector = self._detector.copy(board)
            twin._moves = self._moves[:]
            twin._outcome = self._outcome
            twin._over = self._over
        finally:
            lock.release()
        twin._cells = self._cells
        twin._k = self._k
        twin._players = self._players
        twin._early_draw = self._early_draw
        twin._exact = self._exact
        twin._rule = self._rule
        twin._misere = self._misere
        twin._renju = self._renju
        twin._ruled = self._ruled
        twin._gravity = self._gravity
        twin._torus = self._torus
        twin._lock = threading.Lock()
        twin._legal_moves = None
        return twin

    def rows_text(self, view: object = None) -> list[str]:
        """The board as rows of letters, ``'.'`` for empty (and for cells off the board).

        Args:
            view: the rows and columns to draw, a :data:`coordinates.Window` of at most
                :data:`MAX_CELLS` cells (declared ``object``: checked here, where the compiled
                build would refuse a wrong one with its own TypeError); by default
                :func:`coordinates.window`: the whole board when it fits, else a window around
                the marks and the last move (on the unbounded grid, the marks' bounding box
                when it fits, one ``'.'`` when there are none).

        Raises:
            WrongType: ``view`` is not a pair of ranges.
            InvalidArgument: ``view`` holds more than :data:`MAX_CELLS` cells.
        """
        window = None if view is None else _checked_view(view)
        lock = self._lock
        lock.acquire()
        try:
            return self._draw(coordinates.window(self) if window is None else window)
        finally:
            lock.release()

    def _draw(self, view: coordinates.Window) -> list[str]:
        """The rows of ``view`` as letters; the caller holds the lock, so no move lands midway."""
        rows, cols = view
        get = self._board.get
        return ["".join(str(get(row, col) or ".") for col in cols) for row in rows]

    def __str__(self) -> str:
        return "\n".join(self.rows_text())

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks; the picture module loads only when asked."""
        from tictactoe import svg  # imported here, so the core does not load it

        return svg.board(self)

    def __repr__(self) -> str:
        if self._cells < 0 or self._cells > _REPR_CELLS:
            moves = ", ".join(str(move) for move in self.moves)  # a snapshot, not the live list
            return (
                f"<Game {self._describe_size()} k={self._k} players={len(self._players)}"
                f"{' exact' if self._exact else ''}"
                f"{' ' + self._rule if self._ruled else ''}"
                f"{' misere' if self._misere else ''}"
                f"{' gravity' if self._gravity else ''}"
                f"{' torus' if self._torus else ''} moves=[{moves}]>"
            )
        options = f", k={self._k}"
        if len(self._players) != 2:
            options += f", players={len(self._players)}"
        if self._exact:
            options += ", exact=True"
        elif self._rule != FREESTYLE:
            options += f", rule={self._rule!r}"
        if self._misere:
            options += ", misere=True"
        if self._gravity:
            options += ", gravity=True"
        if self._torus:
            options += ", torus=True"
        whole = (range(self._board.rows or 0), range(self._board.cols or 0))
        return f"Game.from_rows({self.rows_text(whole)!r}{options})"

    def _describe_size(self) -> str:
        return "unbounded" if self.is_unbounded else f"{self.rows}×{self.cols}"

    def _describe_end(self) -> str:
        outcome = self._outcome
        if outcome.status is Status.WON:
            return f"the game is over, {outcome.winner} won; undo() reopens it"
        return "the game is over, drawn; undo() reopens it"


_new_move = tuple.__new__
"""Builds a Move from a tuple directly: the hot path skips the named tuple's Python __new__."""


def _rule(rule: object, exact: bool, k: int, players: int) -> str:
    """The rule a game is set up with, by name, checked against its other settings.

    Raises:
        InvalidGame: an unknown rule, one that contradicts ``exact``, or renju or caro for a
            game that is not two players making five in a row.
    """
    if rule is None:
        return STANDARD if exact else FREESTYLE
    if not isinstance(rule, str) or rule not in RULES:
        raise InvalidGame(f"rule must be one of {', '.join(RULES)}, not {shown(rule)}")
    if exact and rule != STANDARD:
        raise InvalidGame(f"exact=True is the standard rule; it contradicts rule={rule!r}")
    if rule in GOMOKU_RULES and (k != 5 or players != 2):
        raise InvalidGame(f"{rule} is for two players making five in a row (k=5)")
    return rule


def _checked_misere(misere: bool, rule: str, players: int) -> bool:
    """``misere`` checked against the game's rule and players.

    Raises:
        InvalidGame: misère with more than two players (who would win when one makes a
            line?), or with renju or caro (tournament rules for making five, not for avoiding it).
    """
    if misere and players != 2:
        raise InvalidGame(f"misère is for two players, not {players}: the line's maker loses")
    if misere and rule in GOMOKU_RULES:
        raise InvalidGame(f"misère plays the freestyle and standard rules, not {rule}")
    return misere


def _check_supported(marks: dict[Cell, Mark], rows: int) -> None:
    """Refuse, under gravity, a position with a mark above an empty cell.

    Raises:
        InvalidPosition: such a mark, named.
    """
    for row, col in sorted(marks):
        if row + 1 < rows and (row + 1, col) not in marks:
            raise InvalidPosition(
                f"no game under gravity reaches it: the mark at ({row}, {col}) has an empty "
                "cell below it"
            )


def _side(name: str, value: object) -> int:
    size = as_int(name, value)
    if size < 1:
        raise InvalidGame(f"{name}={shown(size)} must be at least 1")
    return size


def _at(row: int, col: int) -> str:
    """A cell for a message, ``(row, col)``, whatever the size of its ints."""
    return f"({shown(row)}, {shown(col)})"


def _checked_view(view: object) -> coordinates.Window:
    """``view`` checked as a window to draw: two ranges, of at most :data:`MAX_CELLS` cells."""
    if not (
        isinstance(view, tuple)
        and len(view) == 2
        and isinstance(view[0], range)
        and isinstance(view[1], range)
    ):
        raise WrongType(f"view must be a pair of ranges (rows, cols), not {type(view).__name__}")
    rows, cols = view
    if _length(rows) * _length(cols) > MAX_CELLS:
        raise InvalidArgument(f"view holds more than the {MAX_CELLS:,} cells that are drawn")
    return rows, cols


def _length(span: range) -> int:
    """``len(span)``, which overflows past 2**63 where this does not."""
    return max(0, -((span.start - span.stop) // span.step))
