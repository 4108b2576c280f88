"""Line patterns: what a stone placed on a cell makes along one line, relative to k.

A cell's line in one direction is read ``reach`` cells each side (k - 1, or k under the
exact rule, which must see the cell past a run of k to rule out an overline). Each neighbour
is empty, the player's own, or blocked (the rival's stone or the board's edge). The level of
the cell for the player, from the strongest:

- :data:`FIVE`: the stone makes k in a row (exactly k under the exact rule);
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
same k and rule.
"""

from __future__ import annotations

from functools import cache

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

_EMPTY, _MINE, _BLOCKED = 0, 1, 2
_WALL = 3
"""A neighbour's code in a line key: 0 empty, 1 or 2 a player's stone, 3 off the board."""


def level_of(line: tuple[int, ...], k: int, *, exact: bool) -> int:
    """The level a stone at the centre of ``line`` makes (the centre counted as the player's).

    Args:
        line: 2 * reach + 1 cells, each 0 (empty), 1 (the player's) or 2 (blocked).
        k: stones in a row that win.
        exact: only exactly k in a row wins.
    """
    return _level(_normalised(line), k, exact)


def _normalised(line: tuple[int, ...]) -> tuple[int, ...]:
    """``line`` with the centre the player's and everything past a blocker blocked.

    No run through the centre crosses a blocker, so what lies beyond it changes nothing.
    """
    cells = list(line)
    centre = len(cells) // 2
    cells[centre] = _MINE
    for side in (range(centre + 1, len(cells)), range(centre - 1, -1, -1)):
        blocked = False
        for index in side:
            blocked = blocked or cells[index] == _BLOCKED
            if blocked:
                cells[index] = _BLOCKED
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


def _wins(cells: tuple[int, ...], k: int, exact: bool) -> bool:
    first, last = _run(cells, len(cells) // 2)
    length = last - first + 1
    return length == k if exact else length >= k


def _has_room(cells: tuple[int, ...], k: int) -> bool:
    centre = len(cells) // 2
    free = [cell != _BLOCKED for cell in cells]
    return any(
        all(free[start : start + k])
        for start in range(max(0, centre - k + 1), min(centre, len(cells) - k) + 1)
    )


@cache
def _level(cells: tuple[int, ...], k: int, exact: bool) -> int:
    if _wins(cells, k, exact):
        return FIVE
    if not _has_room(cells, k):
        return DEAD
    centre = len(cells) // 2
    empties = [index for index, cell in enumerate(cells) if cell == _EMPTY]
    grown = [(*cells[:index], _MINE, *cells[index + 1 :]) for index in empties]
    completing = 0
    for more, index in zip(grown, empties, strict=True):
        first, last = _run(more, centre)
        if first <= index <= last and _wins(more, k, exact):
            completing += 1
    if completing >= 2:
        return FLEX4
    if completing == 1:
        return BLOCK4
    best = ROOM
    for more in grown:
        best = max(best, _level(more, k, exact) - 2)
    return best


class PatternTable:
    """Levels by line key: the pair of levels (first player's, second's) packed in one int.

    A key holds two bits for each neighbour in the order of the offsets ``-reach .. -1,
    1 .. reach``: 0 empty, 1 the first player's stone, 2 the second's, 3 off the board.

    Args:
        k: stones in a row that win.
        exact: only exactly k in a row wins.
    """

    def __init__(self, k: int, *, exact: bool) -> None:
        self.k = k
        self.exact = exact
        self.reach = k if exact else k - 1
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
        for player in (1, 2):
            line = tuple(
                _EMPTY if code == _EMPTY else _MINE if code == player else _BLOCKED
                for code in codes
            )
            packed |= level_of(line, self.k, exact=self.exact) << (LEVEL_BITS * (player - 1))
        return packed
