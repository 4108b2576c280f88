"""A live, lazy view of the legal moves of a game (python-chess's ``LegalMoveGenerator`` idea).

Nothing is copied: ``cell in game.legal_moves`` is O(1), ``len`` is O(1), indexing is O(1) (so
``random.choice(game.legal_moves)`` picks in O(1)), and iteration walks the free cells lazily.
On a bounded board the free cells come in no particular order (``sorted`` gives row-major).
The unbounded grid has infinitely many legal moves: membership works, ``len``, indexing and
iteration raise ``WrongType`` (a ``TypeError``); :meth:`LegalMoves.near` lists the free
cells around the marks.

Under gravity the view holds one cell per open column, the cell its next mark lands on,
found afresh for each question in O(columns × log rows); ``len``, indexing and iteration go
by column. Under renju, with Black to move, the cells Black may not play are left out.
Membership asks the rules about that one cell; ``len``, indexing and iteration work from the
list of Black's forbidden cells, found once per position among the cells within four of a
Black stone (no cell farther away can make a three or a four).
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence
from typing import SupportsIndex

from tictactoe._board import BoundedBoard
from tictactoe._checks import as_int, check_game, shown
from tictactoe.errors import InvalidArgument, WrongType
from tictactoe.outcome import Cell

__all__ = ["MAX_NEAR", "LegalMoves"]

MAX_NEAR = 16
"""The farthest :meth:`LegalMoves.near` looks from each mark."""

_NONE: list[int] = []

_INFINITE = (
    "the unbounded grid has infinitely many legal moves; use legal_moves.near(distance) "
    "for the free cells around the marks"
)


class LegalMoves:
    """The cells the side to move may play: none once the game is over."""

    __slots__ = ("_allowed", "_cells", "_cols", "_free", "_game", "_position")

    def __init__(self, game: object) -> None:
        """The view of ``game`` (declared ``object``: checked here, not by the compiled build).

        Raises:
            WrongType: ``game`` is not a game.
        """
        self._game = game = check_game(game)
        board = game._board
        self._free: MutableSequence[int] | None = None
        self._cells: list[Cell] | None = None
        """The free cells as tuples, kept by the board beside the indices (None on big boards,
        whose cells are computed from the indices)."""
        if isinstance(board, BoundedBoard):
            self._free = board.free_indices
            self._cells = board.free_cells
        self._cols = board.cols or 0
        self._position: tuple[object, ...] | None = None
        """The moves of the position :attr:`_allowed` was found for."""
        self._allowed: list[Cell] | None = None
        """The free cells Black may play there, None when none is forbidden."""

    def _free_list(self) -> MutableSequence[int]:
        """The board's free cells (flat indices), none once over; raises if unbounded."""
        free = self._free
        if free is None:
            raise WrongType(_INFINITE)
        return _NONE if self._game._over else free

    def __contains__(self, cell: object) -> bool:
        if not (isinstance(cell, tuple) and len(cell) == 2):
            return False
        row, col = cell
        if type(row) is not int or type(col) is not int:
            return False
        game = self._game
        board = game._board
        if game._over or not board.is_on_board(row, col) or board.get(row, col) is not None:
            return False
        if game._gravity:
            return game._landing(col) == row
        return not (game._renju and game.forbidden(row, col))

    def _landings(self) -> list[Cell] | None:
        """Under gravity, the cell each open column's next mark lands on; else None."""
        game = self._game
        if not game._gravity:
            return None
        if game._over:
            return []
        landing = game._landing
        return [(row, col) for col in range(self._cols) if (row := landing(col)) >= 0]

    def _renju_allowed(self) -> list[Cell] | None:
        """Under renju with Black to move, the free cells Black may play.

        None when every free cell is a legal move: the usual view serves then. Under gravity
        it is the landing cells (renju never plays with gravity).
        """
        game = self._game
        if game._gravity:
            return self._landings()
        if not game._renju or len(game._moves) % 2 or game._over or self._free is None:
            return None
        position = tuple(game._moves)
        if position != self._position:
            board = game._board
            near = {
                (row + d_row, col + d_col)
                for row, col, _ in position[::2]
                for d_row in range(-4, 5)
                for d_col in range(-4, 5)
            }
            barred = {
                cell
                for cell in near
                if board.is_on_board(*cell) and board.get(*cell) is None and game.forbidden(*cell)
            }
            cols = self._cols
            free = [divmod(index, cols) for index in self._free]
            self._allowed = [cell for cell in free if cell not in barred] if barred else None
            self._position = position
        return self._allowed

    def __len__(self) -> int:
        free = self._free
        if free is None:
            raise WrongType(_INFINITE)
        allowed = self._renju_allowed()
        if allowed is not None:
            return len(allowed)
        return 0 if self._game._over else len(free)

    def __getitem__(self, position: SupportsIndex) -> Cell:
        at = position if type(position) is int else as_int("position", position)
        allowed = self._renju_allowed()
        if allowed is not None:
            try:
                return allowed[at]
            except IndexError:
                raise IndexError(
                    f"legal move index {at} out of range for {len(allowed)} moves"
                ) from None
        free = self._free
        if free is None or self._game._over:
            free = self._free_list()
        try:
            cells = self._cells
            return divmod(free[at], self._cols) if cells is None else cells[at]
        except IndexError:
            raise IndexError(f"legal move index {at} out of range for {len(free)} moves") from None

    def __iter__(self) -> Iterator[Cell]:
        allowed = self._renju_allowed()
        if allowed is not None:
            return iter(allowed)
        free = self._free_list()
        cells = self._cells
        if cells is not None and free:
            return iter(cells)
        cols = self._cols
        return (divmod(index, cols) for index in free)

    def __bool__(self) -> bool:
        return not self._game._over

    def near(self, distance: SupportsIndex = 1) -> list[Cell]:
        """The free cells within ``distance`` (king steps) of a mark, row-major.

        Under gravity only the cells a mark lands on count, as in the whole view.
        On an empty board that is the centre cell (the origin on the unbounded grid) and its
        neighbourhood. Bounded or not, this is the usual candidate list of a search bot. The
        work is O(marks × distance²), so ``distance`` is at most :data:`MAX_NEAR`.

        Raises:
            InvalidArgument: ``distance`` is negative or over :data:`MAX_NEAR`.
            WrongType: ``distance`` is not an int.

        >>> from tictactoe import Game
        >>> g = Game.unbounded(k=5)
        >>> g.move(0, 0)
        Status.IN_PROGRESS
        >>> len(g.legal_moves.near(1))
        8
        """
        reach = as_int("distance", distance)
        if not 0 <= reach <= MAX_NEAR:
            raise InvalidArgument(f"distance={shown(reach)} must be between 0 and {MAX_NEAR}")
        game = self._game
        with game._lock:
            if game._over:
                return []
            centres = [move.cell for move in game._moves]
        board = game._board
        if not centres:
            rows, cols = board.rows, board.cols
            centres = [(0, 0) if rows is None or cols is None else (rows // 2, cols // 2)]
        found = {
            (row + d_row, col + d_col)
            for row, col in centres
            for d_row in range(-reach, reach + 1)
            for d_col in range(-reach, reach + 1)
        }
        free = [cell for cell in found if board.is_on_board(*cell) and board.get(*cell) is None]
        if game._renju:
            free = [cell for cell in free if not game.forbidden(*cell)]
        elif game._gravity:
            free = [cell for cell in free if game._landing(cell[1]) == cell[0]]
        return sorted(free)

    def __repr__(self) -> str:
        if self._free is None:
            return "<LegalMoves on the unbounded grid>"
        return f"<LegalMoves ({len(self)} moves)>"
