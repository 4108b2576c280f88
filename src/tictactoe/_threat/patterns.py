"""Line patterns: what a stone placed on a cell makes along one line, relative to k.

A cell's line in one direction is read ``reach`` cells each side (k - 1, or k where a rule
wins by exactly k, which must see the cell past a run of k to rule out an overline). Each
neighbour is empty, the player's own, or blocked (the rival's stone or the board's edge;
under caro the two are told apart, since only the rival's stones close a five). The level of
the cell for the player, from the strongest:

- :data:`FIVE`: the stone makes a line that wins by the rule: k or more in a row, exactly k
  (standard, and Black's under renju), or exactly k not closed at both ends by the rival's
  stones (caro);
- :data:`FLEX4`: it makes a four with two or more completing cells (an open four);
- :data:`BLOCK4`: a four with one completing cell;
- :data:`FLEX3`: one more stone can make an open four (an open three);
- :data:`BLOCK3`: one more stone can make a four;
- :data:`FLEX2`: one more stone can make an open three;
- :data:`ROOM`: some k cells through it are free of blockers;
- :data:`DEAD`: none are.

Only runs through the cell itself count, so a four elsewhere on the line does not lend its
level to every cell near it. The levels are computed once per distinct line, on demand, and
kept in a table keyed by the line's code (two bits a neighbour), shared by every board of the
same k and rule. What a line cannot tell is left to the search board: renju's forbidden
points, which hang on every line through a cell at once.
"""

from __future__ import annotations

from functools import cache

from tictactoe._rules import CARO, CARO_OVERLINE, FREESTYLE, RENJU, RULES, STANDARD

__all__ = [
    "BLOCK3",
    "BLOCK4",
    "DEAD",
    "FIVE",
    "FLEX2",
    "FLEX3",
    "FLEX4",
    "LEVEL_BITS",
    "LEVEL_MASK",
    "ROOM",
    "PatternTable",
    "level_of",
]

DEAD, ROOM, FLEX2, BLOCK3, FLEX3, BLOCK4, FLEX4, FIVE = range(8)
LEVEL_BITS = 3
"""Bits one level takes in a packed pair: the first player's level, then the second's."""
LEVEL_MASK = (1 << LEVEL_BITS) - 1
"""Masks one level out of a packed pair (after shifting it down)."""

_EMPTY, _MINE, _BLOCKED, _WALL = 0, 1, 2, 3
"""A neighbour as a level is worked out: empty, the player's, the rival's, off the board."""

_OR_MORE, _EXACTLY, _OPEN_END, _OPEN_END_OR_LONGER = 0, 1, 2, 3
"""How a run wins: k or more; exactly k; exactly k with an end not the rival's stone; that,
or more than k."""
_WINS = {
    FREESTYLE: (_OR_MORE, _OR_MORE),
    STANDARD: (_EXACTLY, _EXACTLY),
    RENJU: (_EXACTLY, _OR_MORE),
    CARO: (_OPEN_END, _OPEN_END),
    CARO_OVERLINE: (_OPEN_END_OR_LONGER, _OPEN_END_OR_LONGER),
}
"""By rule, how the first player's runs win and how the second's do."""


def level_of(
    line: tuple[int, ...], k: int, *, exact: bool, caro: bool = False, overline: bool = False
) -> int:
    """The level a stone at the centre of ``line`` makes (the centre counted as the player's).

    Args:
        line: 2 * reach + 1 cells, each 0 (empty), 1 (the player's), 2 (the rival's) or 3
            (off the board).
        k: stones in a row that win.
        exact: only exactly k in a row wins.
        caro: only exactly k in a row, not closed at both ends by the rival's stones, wins.
        overline: with ``caro``, more than k in a row wins too.
    """
    wins = _EXACTLY if exact else _OR_MORE
    if caro:
        wins = _OPEN_END_OR_LONGER if overline else _OPEN_END
    return _level(_normalised(line, wins), k, wins)


def _normalised(line: tuple[int, ...], wins: int) -> tuple[int, ...]:
    """``line`` with the centre the player's and everything past a blocker blocked.

    No run through the centre crosses a blocker, so what lies beyond it changes nothing.
    The board's edge blocks as the rival's stone does, but for caro, where a five is closed
    by the rival's stones alone.
    """
    cells = [_BLOCKED if cell == _WALL and wins < _OPEN_END else cell for cell in line]
    centre = len(cells) // 2
    cells[centre] = _MINE
    for side in (range(centre + 1, len(cells)), range(centre - 1, -1, -1)):
        blocked = False
        for index in side:
            if blocked:
                cells[index] = _BLOCKED
            blocked = blocked or cells[index] >= _BLOCKED
    return tuple(cells)


def _run(cells: tuple[int, ...], centre: int) -> tuple[int, int]:
    """The first and last index of the player's run through ``centre``."""
    first = centre
    while first > 0 and cells[first - 1] == _MINE:
        first -= 1
    last = centre
    while last < len(cells) - 1 and cells[last + 1] == _MINE:
        last += 1
    return first, last


def _wins(cells: tuple[int, ...], k: int, wins: int) -> bool:
    first, last = _run(cells, len(cells) // 2)
    length = last - first + 1
    if wins == _OR_MORE or (wins == _OPEN_END_OR_LONGER and length > k):
        return length >= k
    return length == k and (wins == _EXACTLY or not _closed(cells, first - 1, first + k))


def _closed(cells: tuple[int, ...], before: int, after: int) -> bool:
    """Whether the rival's stones stand on both ``before`` and ``after`` (caro's closed five)."""
    return all(0 <= at < len(cells) and cells[at] == _BLOCKED for at in (before, after))


def _has_room(cells: tuple[int, ...], k: int, wins: int) -> bool:
    centre = len(cells) // 2
    free = [cell <= _MINE for cell in cells]
    starts = range(max(0, centre - k + 1), min(centre, len(cells) - k) + 1)
    return any(
        all(free[start : start + k])
        and not (wins >= _OPEN_END and _closed(cells, start - 1, start + k))
        for start in starts
    )


@cache
def _level(cells: tuple[int, ...], k: int, wins: int) -> int:
    if _wins(cells, k, wins):
        return FIVE
    if not _has_room(cells, k, wins):
        return DEAD
    centre = len(cells) // 2
    empties = [index for index, cell in enumerate(cells) if cell == _EMPTY]
    grown = [(*cells[:index], _MINE, *cells[index + 1 :]) for index in empties]
    completing = 0
    for more, index in zip(grown, empties, strict=True):
        first, last = _run(more, centre)
        if first <= index <= last and _wins(more, k, wins):
            completing += 1
    if completing >= 2:
        return FLEX4
    if completing == 1:
        return BLOCK4
    best = ROOM
    for more in grown:
        best = max(best, _level(more, k, wins) - 2)
    return best


class PatternTable:
    """Levels by line key: the pair of levels (first player's, second's) packed in one int.

    A key holds two bits for each neighbour in the order of the offsets ``-reach .. -1,
    1 .. reach``: 0 empty, 1 the first player's stone, 2 the second's, 3 off the board.

    Args:
        k: stones in a row that win.
        rule: the rule that says which runs win (see :mod:`tictactoe._rules`); renju's
            forbidden points are not the table's to know.
    """

    def __init__(self, k: int, rule: str = FREESTYLE) -> None:
        if rule not in RULES:
            raise ValueError(f"unknown rule {rule!r}")
        self.k = k
        self.rule = rule
        self._wins = _WINS[rule]
        self.reach = k - 1 if rule == FREESTYLE else k
        self.known: dict[int, int] = {}
        """The packed levels computed so far, by key."""
        self.tactical: dict[int, int] = {}
        """The same with every level below :data:`FLEX3` read as :data:`DEAD`: all that a
        threat search asks of a line, and a stone changes it on far fewer cells."""
        self.low_mask = (1 << 2 * self.reach) - 1
        """The bits of ``reach`` cells: one half of a key."""
        self._blocked: dict[int, tuple[tuple[int, int], ...]] = {}
        """What :meth:`levels_when_blocked` found, by key and player."""

    def packed(self, key: int) -> int:
        """The two players' levels for a line key: the first's in the low bits."""
        found = self.known.get(key)
        if found is None:
            found = self._compute(key)
            self.known[key] = found
        return found

    def tactical_packed(self, key: int) -> int:
        """:meth:`packed` with the levels below :data:`FLEX3` read as :data:`DEAD`."""
        found = self.tactical.get(key)
        if found is None:
            packed = self.packed(key)
            found = 0
            for shift in (0, LEVEL_BITS):
                level = (packed >> shift) & LEVEL_MASK
                found |= (level if level >= FLEX3 else DEAD) << shift
            self.tactical[key] = found
        return found

    def levels_when_blocked(self, key: int, player: int) -> tuple[tuple[int, int], ...]:
        """``player``'s level at the centre of ``key`` with a rival stone on each empty neighbour.

        One pair (offset, level) for each empty neighbour, in the order of the offsets
        ``-reach .. -1, 1 .. reach``: what the rival's stone on that cell leaves of the
        line, where the defence against a four or an open three must go. Kept by key.
        """
        found = self._blocked.get(key << 1 | (player - 1))
        if found is None:
            reach, rival, shift = self.reach, 3 - player, LEVEL_BITS * (player - 1)
            pairs = []
            for index in range(2 * reach):
                if (key >> 2 * index) & 3 == _EMPTY:
                    offset = index - reach if index < reach else index - reach + 1
                    blocked = self.packed(key | rival << 2 * index)
                    pairs.append((offset, (blocked >> shift) & LEVEL_MASK))
            found = self._blocked[key << 1 | (player - 1)] = tuple(pairs)
        return found

    def changes(self, segment: int, tactical: bool) -> list[tuple[int, int, int]]:
        """What a stone at the centre of a line segment changes in the levels around it.

        ``segment`` holds two bits a cell (as a key does) for the ``4 * reach + 1`` cells
        centred on the stone just played, the stone included: every neighbour within
        ``reach`` of it sees its whole line inside. The answer lists, for each empty
        neighbour whose packed levels differ with and without the stone, its offset along
        the line (-reach .. reach) and its packed levels before and after, read through
        :meth:`packed` or, with ``tactical``, :meth:`tactical_packed`.
        """
        packed = self.tactical_packed if tactical else self.packed
        reach = self.reach
        centre = 2 * reach
        empty_centre = segment & ~(3 << 2 * centre)
        changed = []
        for offset in range(-reach, reach + 1):
            place = centre + offset
            if offset == 0 or (segment >> 2 * place) & 3:
                continue
            before = packed(self.key_at(empty_centre, place))
            after = packed(self.key_at(segment, place))
            if after != before:
                changed.append((offset, before, after))
        return changed

    def key_at(self, line: int, place: int) -> int:
        """The key of the cell at ``place`` of ``line`` (two bits a cell, ``reach`` past it).

        The cell's own two bits are left out, so its neighbours read as a key does. The
        search board's hot path works the key out the same way, inline.
        """
        reach = self.reach
        window = line >> 2 * (place - reach)
        below = window & self.low_mask
        above = (window >> 2 * reach + 2) & self.low_mask
        return below | above << 2 * reach

    def _compute(self, key: int) -> int:
        codes = [(key >> (2 * index)) & 3 for index in range(2 * self.reach)]
        codes.insert(self.reach, _EMPTY)
        packed = 0
        for player, wins in zip((1, 2), self._wins, strict=True):
            line = tuple(
                code if code in (_EMPTY, _WALL) else _MINE if code == player else _BLOCKED
                for code in codes
            )
            level = _level(_normalised(line, wins), self.k, wins)
            packed |= level << (LEVEL_BITS * (player - 1))
        return packed
