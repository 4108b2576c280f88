"""A brute-force referee for renju and caro, written from the rule texts, apart from the core.

It shares nothing with ``tictactoe``: stones in a plain dict (``(row, col) -> 1`` for Black,
the first player, ``2`` for White), the four lines through a cell walked one step at a time,
every extension of a line tried by placing a stone and looking again. Plainness comes first,
speed second (a verdict on a 15x15 position takes well under a millisecond on average), so
that the tests can hold the core's verdicts against it over thousands of games.

Renju, after the International Rules of Renju of the RIF (1996, corrected 1998; section 3,
"Terms and definitions", read at http://www.renju.net/study/rifrules.php):

- FIVE IN A ROW: an unbroken row of exactly five stones; OVERLINE: six or more.
- FOUR: a row of four stones to which one more stone makes five in a row. Fours are counted
  as distinct sets of four Black stones, so a straight four (``.XXXX.``, one four with two
  five-points) counts once, and two fours on one line (``X.XXX.X``, ``XX.XX.XX``,
  ``XXX.X.XXX`` through the middle) count twice.
- STRAIGHT FOUR: an unbroken four to which one more stone makes five in a row in two
  different ways (both ends free, neither completion an overline).
- THREE: a row of three stones to which one more stone, *without at the same time making a
  five in a row*, makes a straight four. A three counts only if that stone may itself be
  played (the "false 3x3" diagrams of the RIF's tutorial, https://www.renju.net/advanced/,
  transcribed in ``tests/data/renju/positions.txt``): here it must get the verdict ``"ok"``
  (no five, nothing forbidden) in the position after the move, from the full verdict with its
  own threes, recursively, as deep as the position asks. Each line through the move gives at
  most one three.
- DOUBLE-FOUR, DOUBLE-THREE: one stone that makes more than one four (three) meeting in it.
- White has no forbidden moves and wins with five or more.

Five against a forbidden shape made by the same stone: the definitions describe shapes, not
this case, and the RIF article on it was not at hand; we follow the judges that Gomocup uses,
which test an exact five on any line first and never call it a foul (Piskvork's renju check,
``source/renju.cpp`` in https://github.com/plastovicka/Piskvork, by Tianyi Hao, and its Python
port ``client/check_forbid.py`` in https://github.com/Gomocup/GomocupJudge: five, then double
four, double three, overline). So a move that makes exactly five on some line is ``"five"``
even if the same stone makes an overline on another line, a double four or a double three.
(A one-off run of that Python port beside this referee, on 1.1 million free cells of random
clustered 15x15 positions, found no cell where they disagreed on forbidden or not.)

Caro (Gomocup's ``INFO rule`` bit 8, "2023-03-20 INFO rule 8 - Caro" in the protocol,
https://github.com/Gomocup/GomocupJudge ``doc/GomocupProtocol.md``; Piskvork 9.0, 28 May 2023,
"Caro rule: five in a row must not be blocked by opponent at both ends"): a five wins unless
the rival's stones stand on both of its ends.

- The board edge is *not* a block. Piskvork (``source/game.cpp``, the winning-line check)
  calls a five blocked only if the squares past both ends hold the rival's symbol
  (``p1->z == 3 - p->z``; a square outside the board holds 3, neither player). GomocupJudge
  (``client/ai_match.py``) counted the edge as a block in its first caro commit (479f382,
  2023-06-05) and took that out in the next two ("bug fix", 77cb935 and 377625e,
  2023-06-08/09): now only a rival stone adds to ``blocked``.
- Overlines: both programs let an overline win under rule 8 *alone* ("8=Caro with overlines,
  9=standard Caro" in Piskvork's ``ruleFive``; ``rule == 8 and (c > 5 or (c == 5 and
  blocked < 2))`` in GomocupJudge), and ask for exactly five under rule 9 (8 + 1, "exactly
  five in a row"). :func:`caro_wins` judges standard caro, exactly five, by default, and
  rule 8 alone with ``overline_wins=True``.
"""

from __future__ import annotations

Cell = tuple[int, int]

BLACK = 1
WHITE = 2
STEPS: tuple[Cell, ...] = ((0, 1), (1, 0), (1, 1), (1, -1))
"""The four lines through a cell: along the row, the column, and the two diagonals."""
REACH = range(-4, 5)
"""How far along a line a five (and so a four, a three) through a cell can reach."""
FORBIDDEN = ("overline", "double four", "double three")
"""Black's forbidden verdicts."""


def renju_verdict(stones: dict[Cell, int], rows: int, cols: int, move: Cell, player: int) -> str:
    """The verdict on ``player`` putting a stone on the free cell ``move`` under renju rules.

    ``"five"``, ``"overline"``, ``"double four"``, ``"double three"`` or ``"ok"`` for Black
    (1), in that order of precedence; ``"five"`` (five or more) or ``"ok"`` for White (2).
    ``stones`` is not changed: the referee works on its own copy.
    """
    board = _board_with(stones, rows, cols, move, player)
    if player == WHITE:
        longest = max(len(_row(board, rows, cols, move, step)) for step in STEPS)
        return "five" if longest >= 5 else "ok"
    return _black_verdict(board, rows, cols, move)


def is_forbidden(stones: dict[Cell, int], rows: int, cols: int, cell: Cell) -> str | None:
    """Why Black may not play on the free ``cell``: ``"overline"``, ``"double four"``,
    ``"double three"``; None if Black may."""
    verdict = renju_verdict(stones, rows, cols, cell, BLACK)
    return verdict if verdict in FORBIDDEN else None


def caro_wins(
    stones: dict[Cell, int],
    rows: int,
    cols: int,
    move: Cell,
    player: int,
    *,
    overline_wins: bool = False,
) -> bool:
    """Whether ``player``'s stone on the free cell ``move`` wins at caro.

    It wins if it makes exactly five in a row whose two ends (the cells just past it) do not
    both hold the rival's stones; a board edge is no block. With ``overline_wins`` (Gomocup's
    rule 8 without the exact-five bit) six or more in a row win as well, blocked or not.
    """
    board = _board_with(stones, rows, cols, move, player)
    rival = WHITE if player == BLACK else BLACK
    for step in STEPS:
        row = _row(board, rows, cols, move, step)
        if len(row) > 5 and overline_wins:
            return True
        if len(row) == 5:
            before = _shift(row[0], step, -1)
            after = _shift(row[-1], step, 1)
            if not (board.get(before) == rival and board.get(after) == rival):
                return True
    return False


def _board_with(
    stones: dict[Cell, int], rows: int, cols: int, move: Cell, player: int
) -> dict[Cell, int]:
    """A copy of ``stones`` with ``player``'s stone on ``move``, after checking the arguments."""
    if rows < 5 or cols < 5:
        raise ValueError(f"a {rows}x{cols} board is too small for five in a row")
    if player not in (BLACK, WHITE):
        raise ValueError(f"player {player} is neither Black (1) nor White (2)")
    if not _on_board(move, rows, cols) or move in stones:
        raise ValueError(f"{move} is not a free cell of the {rows}x{cols} board")
    board = dict(stones)
    board[move] = player
    return board


def _black_verdict(board: dict[Cell, int], rows: int, cols: int, move: Cell) -> str:
    """The verdict on Black's stone at ``move``, already on ``board`` (which ends unchanged)."""
    lengths = [len(_row(board, rows, cols, move, step)) for step in STEPS]
    if 5 in lengths:
        return "five"
    if max(lengths) >= 6:
        return "overline"
    if sum(_fours(board, rows, cols, move, step) for step in STEPS) >= 2:
        return "double four"
    if sum(_is_three(board, rows, cols, move, step) for step in STEPS) >= 2:
        return "double three"
    return "ok"


def _fours(board: dict[Cell, int], rows: int, cols: int, move: Cell, step: Cell) -> int:
    """How many fours through ``move`` lie on its line along ``step``.

    Every free cell of the line near ``move`` is tried: if a Black stone there makes exactly
    five through ``move``, the other four stones of that five are a four. Two five-points of
    one straight four give the same four stones, so they count once.
    """
    fours: set[frozenset[Cell]] = set()
    for distance in REACH:
        cell = _shift(move, step, distance)
        if not _is_free(board, rows, cols, cell):
            continue
        board[cell] = BLACK
        five = _row(board, rows, cols, cell, step)
        del board[cell]
        if len(five) == 5 and move in five:
            fours.add(frozenset(five) - {cell})
    return len(fours)


def _is_three(board: dict[Cell, int], rows: int, cols: int, move: Cell, step: Cell) -> bool:
    """Whether the line through ``move`` along ``step`` holds a three through ``move``.

    It does if a Black stone on some free cell of the line makes a straight four through
    ``move`` and that stone is itself playable: its own verdict, in the position with the
    move on the board, is ``"ok"`` (it makes no five and is not forbidden).
    """
    for distance in REACH:
        cell = _shift(move, step, distance)
        if not _is_free(board, rows, cols, cell):
            continue
        board[cell] = BLACK
        try:
            four = _row(board, rows, cols, cell, step)
            if (
                move in four
                and _is_straight_four(board, rows, cols, four, step)
                and _black_verdict(board, rows, cols, cell) == "ok"
            ):
                return True
        finally:
            del board[cell]
    return False


def _is_straight_four(
    board: dict[Cell, int], rows: int, cols: int, four: list[Cell], step: Cell
) -> bool:
    """Whether the unbroken row ``four`` is four stones that become five at either end."""
    if len(four) != 4:
        return False
    for end, outward in ((four[0], -1), (four[-1], 1)):
        point = _shift(end, step, outward)
        beyond = _shift(point, step, outward)
        if not _is_free(board, rows, cols, point) or board.get(beyond) == BLACK:
            return False
    return True


def _row(board: dict[Cell, int], rows: int, cols: int, cell: Cell, step: Cell) -> list[Cell]:
    """The unbroken row of the owner's stones through ``cell`` along ``step``, in order."""
    owner = board[cell]
    start = cell
    while board.get(_shift(start, step, -1)) == owner:
        start = _shift(start, step, -1)
    row = [start]
    while board.get(_shift(row[-1], step, 1)) == owner:
        row.append(_shift(row[-1], step, 1))
    return row


def _shift(cell: Cell, step: Cell, distance: int) -> Cell:
    """The cell ``distance`` steps from ``cell`` along ``step`` (perhaps off the board)."""
    return (cell[0] + distance * step[0], cell[1] + distance * step[1])


def _on_board(cell: Cell, rows: int, cols: int) -> bool:
    """Whether ``cell`` lies on the rows x cols board."""
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def _is_free(board: dict[Cell, int], rows: int, cols: int, cell: Cell) -> bool:
    """Whether ``cell`` is on the board and holds no stone."""
    return _on_board(cell, rows, cols) and cell not in board
