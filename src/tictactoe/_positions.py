"""Positions drawn as rows of text, and an order of moves that reaches them legally.

Used by ``Game.from_rows``: the text is parsed into a grid of marks, checked against the rules
(mark counts that fit the turn order, at most one winner, who moved last, no play after a
win), and turned into a move order that the game then plays through its normal ``move``.
A position without a line is reached by any alternating order of its marks, since no subset of
it holds a line either; a won position also needs one of the winner's marks that lies in every
winning line, played last.

Under the exact rule (only exactly k in a row wins) a subset of an overline can hold a line, so
each player's marks are put in an order that never makes exactly k in a row before the end,
found by taking back, one at a time, a mark whose removal leaves no run of exactly k. The
players' orders are independent (a run is made of one player's marks alone) and are then
interleaved in turn order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from tictactoe._detectors import DIRECTIONS
from tictactoe.errors import InvalidArgument, InvalidPosition, WrongType
from tictactoe.marks import Mark
from tictactoe.outcome import Cell

__all__ = ["EMPTY_LETTERS", "legal_order", "marks_of", "parse_rows", "play_in_order"]

_SEARCH_STEPS = 100_000
"""How much work (marks tried and listed) the exact rule's backtracking search may do before
it gives the position up: a few tenths of a second."""

EMPTY_LETTERS = frozenset(". ")
"""The letters that draw an empty cell."""

Grid = list[list[Mark | None]]


def parse_rows(rows: str | Iterable[str]) -> Grid:
    """Parse rows of cell letters (``'.'`` or ``' '`` empty) into a grid of marks.

    A single string holds the rows separated by ``'/'`` or newlines.

    >>> parse_rows("X./.O")
    [[Mark.X, None], [None, Mark.O]]

    Raises:
        InvalidPosition: no rows, rows of unequal length, or a letter that is not a mark.
        WrongType: ``rows`` is neither a str nor an iterable of rows.
    """
    if isinstance(rows, str):
        lines = rows.replace("\n", "/").split("/")
    elif not isinstance(rows, Iterable):
        raise WrongType(f"rows must be a str or an iterable of str, not {type(rows).__name__}")
    else:
        lines = list(rows)
        for line in lines:
            if not isinstance(line, str):
                raise InvalidPosition(f"each row must be a str, not {type(line).__name__}")
    if not lines or not lines[0]:
        raise InvalidPosition("a position needs at least one row of at least one cell")
    width = len(lines[0])
    grid: Grid = []
    for number, line in enumerate(lines):
        if len(line) != width:
            raise InvalidPosition(
                f"row {number} {line!r} has {len(line)} cells, but row 0 has {width}"
            )
        grid.append([None if letter in EMPTY_LETTERS else _mark(letter) for letter in line])
    return grid


def _mark(letter: str) -> Mark:
    try:
        return Mark.from_letter(letter)
    except InvalidArgument as error:
        raise InvalidPosition(f"{error} or an empty cell ('.' or ' ')") from None


def marks_of(grid: Grid) -> dict[Cell, Mark]:
    """The marks of a grid, keyed by cell, in row-major order.

    >>> marks_of([[Mark.X, None], [None, Mark.O]])
    {(0, 0): Mark.X, (1, 1): Mark.O}
    """
    return {
        (row, col): mark
        for row, line in enumerate(grid)
        for col, mark in enumerate(line)
        if mark is not None
    }


def legal_order(
    marks: Mapping[Cell, Mark], k: int, players: Sequence[Mark], *, exact: bool = False
) -> list[Cell]:
    """An order of the marks that a legal game plays, ending in this position.

    ``marks`` maps each marked cell to its mark (cells of any board, the unbounded grid's
    included); the work follows the number of marks and k, never the board's size. With
    ``exact``, only runs of exactly k count as lines (an overline does not win).

    Raises:
        InvalidPosition: the position cannot arise in a legal game, with the reason.
    """
    cells_of = _cells_by_player(marks, players)
    total = len(marks)
    runs = _runs(marks, k, cells_of, exact=exact)
    winners = sorted({mark for mark, _ in runs}, key=players.index)
    if len(winners) > 1:
        raise InvalidPosition(f"more than one player has a line: {' and '.join(map(str, winners))}")
    if winners:
        winner = winners[0]
        last = players[(total - 1) % len(players)]
        if winner is not last:
            raise InvalidPosition(f"{winner} has {k} in a row but {last} moved last")
        # The last move lies in every k-cell window of every run: in a run of n cells, the
        # cells n-k .. k-1 along it.
        shared = set.intersection(*(set(run[len(run) - k : k]) for _, run in runs))
        if exact:  # and the position before it must hold no run of exactly k
            own = set(cells_of[winner])
            shared = {cell for cell in shared if _can_take_back(own, cell, k)}
        if not shared:
            raise InvalidPosition(f"play went on after {winner} had {k} in a row")
        final = min(shared)
        cells_of[winner].remove(final)
        if exact:
            cells_of[winner] = _exact_order(cells_of[winner], k)
        cells_of[winner].append(final)
    if exact:
        for mark in players:
            if not winners or mark is not winners[0]:
                cells_of[mark] = _exact_order(cells_of[mark], k)
    queues = [iter(cells_of[mark]) for mark in players]
    return [next(queues[turn % len(players)]) for turn in range(total)]


def _cells_by_player(marks: Mapping[Cell, Mark], players: Sequence[Mark]) -> dict[Mark, list[Cell]]:
    """Each player's cells, row-major, checked: marks of the game, in counts that fit the turns.

    Raises:
        InvalidPosition: a mark not in the game, or counts the turn order cannot give.
    """
    cells_of: dict[Mark, list[Cell]] = {mark: [] for mark in players}
    for (row, col), mark in sorted(marks.items()):
        if mark not in cells_of:
            raise InvalidPosition(
                f"mark {mark} at ({row}, {col}) is not in a {len(players)}-player game"
            )
        cells_of[mark].append((row, col))
    total = len(marks)
    expected = [total // len(players) + (i < total % len(players)) for i in range(len(players))]
    actual = [len(cells_of[mark]) for mark in players]
    if actual != expected:
        counts = ", ".join(f"{mark} {count}" for mark, count in zip(players, actual, strict=True))
        raise InvalidPosition(
            f"wrong number of marks ({counts}): players take turns in the order "
            f"{''.join(map(str, players))}"
        )
    return cells_of


def play_in_order(
    marks: Mapping[Cell, Mark],
    players: Sequence[Mark],
    play: Callable[[Cell], bool | None],
    undo: Callable[[], object],
) -> None:
    """Play the marks, through ``play`` and ``undo``, in an order a legal game plays them.

    For rules whose lines or moves the other orders do not know (gravity, the torus), this
    searches on the game itself: ``play(cell)`` plays a cell and says whether the game is
    over (None when the move is illegal). At each turn the mover's cells are tried in this
    order: first those whose cell above holds the next player's mark (under gravity, playing
    one opens that mark to the next player, which keeps the turns flowing), then the lowest
    rows (a column fills from the bottom). A move that ends the game is taken only as the last
    one; a dead end is taken back. Positions already found to be dead ends are not searched
    twice, and the search gives up after a budget of moves tried.

    Raises:
        InvalidPosition: wrong mark counts, or no legal order (or none within the budget).
    """
    cells_of = _cells_by_player(marks, players)
    left = [set(cells_of[mark]) for mark in players]
    total = len(marks)
    count = len(players)
    dead: set[frozenset[Cell]] = set()
    placed: list[Cell] = []
    levels: list[list[Cell]] = []
    """Per turn played or being tried: the mover's cells in the order they are tried."""
    tried: list[int] = []
    work = 0
    while len(placed) < total:
        if work > _SEARCH_STEPS:
            raise InvalidPosition(f"no legal order of these marks found in {_SEARCH_STEPS:,} steps")
        if len(levels) == len(placed):  # a new turn: order the mover's cells
            following = players[(len(placed) + 1) % count]
            levels.append(
                sorted(
                    left[len(placed) % count],
                    key=lambda c: (marks.get((c[0] - 1, c[1])) is not following, -c[0], c[1]),
                )
            )
            tried.append(0)
        candidates, at = levels[-1], tried[-1]
        if at == len(candidates):  # a dead end: take the last move back, try its next sibling
            if not placed:
                raise InvalidPosition("no legal game reaches these marks in any order")
            dead.add(frozenset(placed))
            undo()
            cell = placed.pop()
            left[len(placed) % count].add(cell)
            levels.pop()
            tried.pop()
            tried[-1] += 1
            continue
        cell = candidates[at]
        work += 1
        over = play(cell)
        if over is None or (over and len(placed) + 1 < total):
            if over is not None:
                undo()
            tried[-1] += 1
            continue
        placed.append(cell)
        if frozenset(placed) in dead:
            undo()
            placed.pop()
            tried[-1] += 1
            continue
        left[(len(placed) - 1) % count].remove(cell)


def _runs(
    marks: Mapping[Cell, Mark], k: int, cells_of: Mapping[Mark, list[Cell]], *, exact: bool
) -> list[tuple[Mark, list[Cell]]]:
    """Every maximal run of at least k marks (exactly k with ``exact``) of one player.

    Each run is walked once, from its first cell, so the work is O(marks) per direction; a
    player with fewer than k marks has none.
    """
    found = []
    for mark, cells in cells_of.items():
        if len(cells) < k:
            continue
        for row, col in cells:
            for d_row, d_col in DIRECTIONS:
                if marks.get((row - d_row, col - d_col)) is mark:
                    continue
                run = [(row, col)]
                while marks.get((row + len(run) * d_row, col + len(run) * d_col)) is mark:
                    run.append((row + len(run) * d_row, col + len(run) * d_col))
                if len(run) == k or (len(run) > k and not exact):
                    found.append((mark, run))
    return found


def _can_take_back(cells: set[Cell], cell: Cell, k: int) -> bool:
    """Whether removing ``cell`` from one player's ``cells`` leaves no new run of exactly k.

    Only the runs through ``cell`` change: in each direction they fall into the part before
    it and the part after it.
    """
    row, col = cell
    for d_row, d_col in DIRECTIONS:
        for sign in (-1, 1):
            length = 0
            while length <= k and (
                (row + sign * (length + 1) * d_row, col + sign * (length + 1) * d_col) in cells
            ):
                length += 1
            if length == k:
                return False
    return True


def _exact_order(cells: list[Cell], k: int) -> list[Cell]:
    """An order of one player's ``cells`` in which no set played holds a run of exactly k.

    ``cells`` must hold no such run. Marks are taken back from the end, each one whose removal
    leaves no run of exactly k: first greedily, which settles nearly every position in
    O(marks × k²); where that reaches a dead end, by a search that backtracks, within a budget.

    Raises:
        InvalidPosition: no such order exists, or none was found within the search budget.
    """
    return _taken_back_greedily(cells, k) or _taken_back_by_search(cells, k)


def _taken_back_greedily(cells: list[Cell], k: int) -> list[Cell] | None:
    """The order found by taking back any mark that can go, or None at a dead end.

    A mark that cannot go now is tried again only when a mark on one of its runs goes, as
    only that changes its runs: each removal costs O(k²), never a scan of the whole set.
    """
    left = set(cells)
    taken: list[Cell] = []
    to_try = sorted(cells)
    while to_try:
        cell = to_try.pop()
        if cell not in left or not _can_take_back(left, cell, k):
            continue
        left.remove(cell)
        taken.append(cell)
        row, col = cell
        for d_row, d_col in DIRECTIONS:
            for sign in (-1, 1):
                for step in range(1, k + 2):
                    near = (row + sign * step * d_row, col + sign * step * d_col)
                    if near not in left:
                        break
                    to_try.append(near)
    return None if left else taken[::-1]


def _taken_back_by_search(cells: list[Cell], k: int) -> list[Cell]:
    """The order found by a search that backtracks from dead ends, within a budget of work.

    The budget counts the marks tried and the candidates listed at each level, so a big
    position that the greedy pass could not order is refused in a fraction of a second.
    """
    left = set(cells)
    taken: list[Cell] = []
    # Each level: the candidates still to try for the next mark taken back, last first.
    pending = [sorted(left)]
    work = len(left)
    while left and work <= _SEARCH_STEPS:
        if not pending[-1]:
            if not taken:
                raise InvalidPosition(
                    f"no legal game reaches these marks: each order makes exactly {k} in a row "
                    "early"
                )
            pending.pop()
            left.add(taken.pop())
            continue
        cell = pending[-1].pop()
        work += 1
        if _can_take_back(left, cell, k):
            left.remove(cell)
            taken.append(cell)
            pending.append(sorted(left))
            work += len(left)
    if left:
        raise InvalidPosition(f"no legal order of these marks found in {_SEARCH_STEPS:,} steps")
    return taken[::-1]
