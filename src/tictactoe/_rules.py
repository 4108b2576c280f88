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
GomocupJudge judge it; their rule 8 alone would let an overline win too).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = [
    "CARO",
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
RULES = (FREESTYLE, STANDARD, RENJU, CARO)
"""The rules by name: five or more wins; exactly five; renju; caro."""
LINE_RULES = (FREESTYLE, STANDARD)
"""The rules that judge lines alone, as the m,n,k-game does: every decider plays them."""
GOMOKU_RULES = (RENJU, CARO)
"""The rules of two players making five that this module judges: a field of their own in a
record or a position, and not yet known to the solver and the threat searches."""

_FIVE = 5
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
_AROUND = range(-4, 5)
"""The offsets along a line that a five, a four or a three through a cell can reach."""

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


def caro_line(stone: Stone, row: int, col: int, player: int) -> tuple[int, int, int] | None:
    """The line the stone just placed wins by under caro, or None.

    Exactly five, not blocked at both ends by the rival's stones.
    """
    for direction, (d_row, d_col) in enumerate(_DIRECTIONS):
        back, ahead = _run(stone, row, col, d_row, d_col, player)
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
    """Black's stones tried on top of a position: the recursion of renju's threes."""

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

    def _verdict(self, row: int, col: int) -> str | None:
        stone = self.stone
        if self._too_few(row, col):
            return None
        runs = [_run(stone, row, col, d_row, d_col, 1) for d_row, d_col in _DIRECTIONS]
        lengths = [back + ahead + 1 for back, ahead in runs]
        if _FIVE in lengths:
            return None
        if max(lengths) > _FIVE:
            return "overline"
        fours = sum(len(self._fives(row, col, d_row, d_col)) for d_row, d_col in _DIRECTIONS)
        fours -= sum(self._is_straight(row, col, d_row, d_col) for d_row, d_col in _DIRECTIONS)
        if fours >= 2:
            return "double four"
        threes = sum(self._is_three(row, col, d_row, d_col) for d_row, d_col in _DIRECTIONS)
        return "double three" if threes >= 2 else None

    def _too_few(self, row: int, col: int) -> bool:
        """Whether Black has too few stones near ``(row, col)`` for the move to be anything.

        Within four cells on each line: a five or two fours on one line need three others on
        a line or more, two threes or fours need two others on each of two lines. Most cells
        of a game are settled here, before any line is tried.
        """
        stone = self.stone
        lines = most = 0
        for d_row, d_col in _DIRECTIONS:
            near = sum(
                stone(row + step * d_row, col + step * d_col) == 1 for step in _AROUND if step
            )
            lines += near >= 2
            most = max(most, near)
        return most < 3 and lines < 2

    def _fives(self, row: int, col: int, d_row: int, d_col: int) -> list[int]:
        """The offsets on this line where one more Black stone makes exactly five.

        Fives that hold the stone at ``(row, col)`` alone count.
        """
        stone = self.stone
        found = []
        for offset in range(-4, 5):
            at_row, at_col = row + offset * d_row, col + offset * d_col
            if offset == 0 or stone(at_row, at_col) != 0:
                continue
            back, ahead = _run(stone, at_row, at_col, d_row, d_col, 1)
            if back + ahead + 1 == _FIVE and -back <= -offset <= ahead:
                found.append(offset)
        return found

    def _is_straight(self, row: int, col: int, d_row: int, d_col: int) -> bool:
        """Whether this line holds a straight four through ``(row, col)``.

        Two cells that each make exactly five, five apart: one four, not two.
        """
        ends = self._fives(row, col, d_row, d_col)
        return len(ends) == 2 and ends[1] - ends[0] == _FIVE

    def _is_three(self, row: int, col: int, d_row: int, d_col: int) -> bool:
        """Whether this line holds a three through ``(row, col)``.

        One more Black stone on it, on a cell not itself forbidden, makes a straight four.
        """
        stone = self.stone
        for offset in range(-4, 5):
            at_row, at_col = row + offset * d_row, col + offset * d_col
            if offset == 0 or stone(at_row, at_col) != 0:
                continue
            self._placed.add((at_row, at_col))
            try:
                ends = self._fives(row, col, d_row, d_col)
            finally:
                self._placed.discard((at_row, at_col))
            # a straight four, and the stone just tried one of its four: not a four already
            straight = len(ends) == 2 and ends[1] - ends[0] == _FIVE and ends[0] < offset < ends[1]
            if straight and self._playable(at_row, at_col):
                return True
        return False

    def _playable(self, row: int, col: int) -> bool:
        """Whether Black may play ``(row, col)`` here without making a five.

        A three's four-point counts only then.
        """
        self._placed.add((row, col))
        try:
            stone = self.stone
            for d_row, d_col in _DIRECTIONS:
                back, ahead = _run(stone, row, col, d_row, d_col, 1)
                if back + ahead + 1 == _FIVE:
                    return False
            return self._verdict(row, col) is None
        finally:
            self._placed.discard((row, col))
