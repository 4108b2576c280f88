"""The gomoku rules beyond freestyle and exact five: renju's forbidden moves, caro's fives.

Every verdict reads only the four lines through one cell, a few cells each way, so a move
costs O(k) as the win detectors do; nothing is rescanned.

**Renju** (the Renju International Federation's rules): only Black, the first player, is
restricted. A Black move that makes five in a row, exactly, wins, whatever else it makes.
Otherwise it is forbidden if it makes an overline (six or more), two fours at once (on two
lines, or on one: ``X.XXX.X``) or two threes at once. A *four* is a line that one more stone
turns into exactly five; a *three* is a line that one more stone, on a cell not itself
forbidden and without making a five at the same time, turns into a straight four
(``.XXXX.``, both ends making exactly five). That clause makes the definition recursive, and
it is followed as it stands. A move that makes a five on one line and a forbidden shape on
another wins, as Piskvork's and GomocupJudge's judges rule. White wins with five or more.

**Caro**: five wins only if it is exactly five and not blocked at both ends by the rival's
stones; the board's edge blocks nothing (Gomocup's rule 9, "standard caro", as Piskvork and
GomocupJudge judge it). **Caro with overlines** (``caro-overline``) is Gomocup's caro league,
``INFO rule 8`` alone: six or more in a row win as well, blocked or not, as GomocupJudge's
referee rules.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = [
    "CARO",
    "CARO_OVERLINE",
    "FREESTYLE",
    "GOMOKU_RULES",
    "LINE_RULES",
    "RENJU",
    "RULES",
    "STANDARD",
    "caro_line",
    "forbidden",
    "renju_line",
]

FREESTYLE = "freestyle"
STANDARD = "standard"
RENJU = "renju"
CARO = "caro"
CARO_OVERLINE = "caro-overline"
RULES = (FREESTYLE, STANDARD, RENJU, CARO, CARO_OVERLINE)
"""The rules by name: five or more wins; exactly five; renju; caro; caro with overlines."""
LINE_RULES = (FREESTYLE, STANDARD)
"""The rules that judge lines alone, as the m,n,k-game does: every decider plays them."""
GOMOKU_RULES = (RENJU, CARO, CARO_OVERLINE)
"""The rules of two players making five that this module judges: a field of their own in a
record or a position, and not known to the solver."""

_FIVE = 5
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
_SPAN = 5
"""How far along a line a verdict reads: a five through a cell reaches four cells from it,
and the cell past it tells an exact five from an overline."""
_ALONG = range(-_SPAN, _SPAN + 1)

Stone = Callable[[int, int], int]
"""What lies at a cell: 0 empty, 1 Black, 2 White, -1 off the board."""


def forbidden(stone: Stone, row: int, col: int) -> str | None:
    """Why Black may not play the empty cell ``(row, col)``: a reason, or None when it may.

    ``stone`` reads the position; the move is tried on a layer above it, never on the board.
    """
    return _Trial(stone).forbidden(row, col)


def renju_line(stone: Stone, row: int, col: int, player: int) -> tuple[int, int, int] | None:
    """The line that the stone just placed at ``(row, col)`` wins by under renju, or None.

    Returns (direction, first offset, length) of the run: Black's must be exactly five,
    White's five or more.
    """
    for direction, (d_row, d_col) in enumerate(_DIRECTIONS):
        back, ahead = _run(stone, row, col, d_row, d_col, player)
        length = back + ahead + 1
        if length == _FIVE or (player == 2 and length > _FIVE):
            return direction, -back, length
    return None


def caro_line(
    stone: Stone, row: int, col: int, player: int, *, overline: bool = False
) -> tuple[int, int, int] | None:
    """The line the stone just placed wins by under caro, or None.

    Exactly five, not blocked at both ends by the rival's stones; with ``overline``, six or
    more as well, blocked or not.
    """
    for direction, (d_row, d_col) in enumerate(_DIRECTIONS):
        back, ahead = _run(stone, row, col, d_row, d_col, player)
        if overline and back + ahead + 1 > _FIVE:
            return direction, -back, back + ahead + 1
        if back + ahead + 1 != _FIVE:
            continue
        before = stone(row - (back + 1) * d_row, col - (back + 1) * d_col)
        after = stone(row + (ahead + 1) * d_row, col + (ahead + 1) * d_col)
        if not (before > 0 and before != player and after > 0 and after != player):
            return direction, -back, _FIVE
    return None


def direction_of(index: int) -> tuple[int, int]:
    """The step of direction ``index`` (as :func:`renju_line` returns it)."""
    return _DIRECTIONS[index]


def _run(stone: Stone, row: int, col: int, d_row: int, d_col: int, player: int) -> tuple[int, int]:
    """How many of ``player``'s stones run back from and ahead of ``(row, col)`` (not counted)."""
    back = 0
    while stone(row - (back + 1) * d_row, col - (back + 1) * d_col) == player:
        back += 1
    ahead = 0
    while stone(row + (ahead + 1) * d_row, col + (ahead + 1) * d_col) == player:
        ahead += 1
    return back, ahead


class _Trial:
    """Black's stones tried on top of a position: the recursion of renju's threes.

    Each verdict reads the four lines through its cell once, :data:`_SPAN` cells each way,
    into lists, and tries the stones of a line on its list; only a three's four-point,
    which must itself be playable, takes a verdict of its own, on the position with the
    stones tried so far.
    """

    def __init__(self, stone: Stone) -> None:
        self._below = stone
        self._placed: set[tuple[int, int]] = set()

    def stone(self, row: int, col: int) -> int:
        return 1 if (row, col) in self._placed else self._below(row, col)

    def forbidden(self, row: int, col: int) -> str | None:
        """Why Black may not play the empty ``(row, col)`` here, or None."""
        self._placed.add((row, col))
        try:
            return self._verdict(row, col)
        finally:
            self._placed.discard((row, col))

    def _lines(self, row: int, col: int) -> list[list[int]]:
        """The four lines through ``(row, col)``, :data:`_SPAN` cells each way."""
        stone = self.stone
        return [
            [stone(row + step * d_row, col + step * d_col) for step in _ALONG]
            for d_row, d_col in _DIRECTIONS
        ]

    def _verdict(self, row: int, col: int) -> str | None:
        """Why Black's stone, placed at ``(row, col)``, may not stand there; None if it may."""
        lines = self._lines(row, col)
        if _too_few(lines):
            return None
        lengths = [_length(line) for line in lines]
        if _FIVE in lengths:
            return None
        if max(lengths) > _FIVE:
            return "overline"
        fours = 0
        for line in lines:
            ends = _fives(line)  # a straight four's two five-points make one four
            fours += len(ends) - (len(ends) == 2 and ends[1] - ends[0] == _FIVE)
        if fours >= 2:
            return "double four"
        threes = 0
        for line, (d_row, d_col) in zip(lines, _DIRECTIONS, strict=True):
            threes += self._is_three(line, row, col, d_row, d_col)
            if threes >= 2:
                return "double three"
        return None

    def _is_three(self, line: list[int], row: int, col: int, d_row: int, d_col: int) -> bool:
        """Whether ``line``, through ``(row, col)``, holds a three through it.

        One more Black stone on it, on a cell not itself forbidden, makes a straight four.
        """
        for offset in range(-4, 5):
            at = _SPAN + offset
            if offset == 0 or line[at] != 0:
                continue
            line[at] = 1
            straight = _straight_four(line, at)
            line[at] = 0
            if straight and self._playable(row + offset * d_row, col + offset * d_col):
                return True
        return False

    def _playable(self, row: int, col: int) -> bool:
        """Whether Black may play ``(row, col)`` here without making a five.

        A three's four-point counts only then.
        """
        self._placed.add((row, col))
        try:
            lines = self._lines(row, col)
            if _FIVE in (_length(line) for line in lines):
                return False
            return self._verdict(row, col) is None
        finally:
            self._placed.discard((row, col))


def _too_few(lines: list[list[int]]) -> bool:
    """Whether Black has too few stones near the centre of ``lines`` for it to be anything.

    Within four cells on each line: a five or two fours on one line need three others on
    a line or more, two threes or fours need two others on each of two lines. Most cells
    of a game are settled here, before any line is tried.
    """
    near = [line[1:_SPAN].count(1) + line[_SPAN + 1 : -1].count(1) for line in lines]
    return max(near) < 3 and sum(count >= 2 for count in near) < 2


def _run_ends(line: list[int]) -> tuple[int, int]:
    """The first and last index of Black's run through the centre of ``line``.

    A run that reaches an end of the list may go on past it: its length reads as six or
    more, never as an exact five or four.
    """
    first = last = _SPAN
    while first > 0 and line[first - 1] == 1:
        first -= 1
    while last < 2 * _SPAN and line[last + 1] == 1:
        last += 1
    return first, last


def _length(line: list[int]) -> int:
    """The length of Black's run through the centre of ``line`` (a run to its end: six+)."""
    first, last = _run_ends(line)
    return last - first + 1


def _fives(line: list[int]) -> list[int]:
    """The offsets on ``line`` where one more Black stone makes exactly five with its centre."""
    found = []
    for offset in range(-4, 5):
        at = _SPAN + offset
        if offset == 0 or line[at] != 0:
            continue
        line[at] = 1
        first, last = _run_ends(line)
        line[at] = 0
        if last - first + 1 == _FIVE and first <= at <= last:
            found.append(offset)
    return found


def _straight_four(line: list[int], at: int) -> bool:
    """Whether Black's run through the centre of ``line`` is a straight four holding ``at``.

    Four in a row, an empty cell at each end, and no Black stone past either: each end then
    makes exactly five.
    """
    first, last = _run_ends(line)
    return (
        last - first == 3
        and first <= at <= last
        and line[first - 1] == 0
        and line[last + 1] == 0
        and line[first - 2] != 1
        and line[last + 2] != 1
    )
