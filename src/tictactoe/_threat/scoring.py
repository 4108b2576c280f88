"""What an empty cell is to each player: its threat class and its value, from its levels.

A cell's code packs, for each of its four lines, the level a stone there makes for each
player (:mod:`~tictactoe._threat.patterns`). From the four levels come, for each player, the
cell's threat class (what a stone there makes over its lines: :data:`FIVE_CELL` down to
:data:`THREE_CELL`) and its value: the weights of its levels, summed, plus the bonus of its
class (:attr:`Params.level_values <tictactoe._threat.params.Params.level_values>` and
:attr:`~tictactoe._threat.params.Params.class_bonus`). A :class:`Scoring` holds one set of
weights with what they give, kept: the value and class of each code met, and what a stone
does to the cells along a line, by segment of the line, so that the search board's moves
mostly read tables. Every board with the same weights shares one.
"""

from __future__ import annotations

from tictactoe._threat.params import Params
from tictactoe._threat.patterns import (
    BLOCK4,
    FIVE,
    FLEX3,
    FLEX4,
    LEVEL_BITS,
    LEVEL_MASK,
    PatternTable,
)

__all__ = [
    "CODE_BITS",
    "EFFECTS_KEPT",
    "FIVE_CELL",
    "FOUR_CELL",
    "FOUR_THREE_CELL",
    "THREE_CELL",
    "TWO_THREES_CELL",
    "WIN_CELL",
    "Deep",
    "Effect",
    "Info",
    "Scoring",
    "Shallow",
    "scoring",
    "trim_effects",
]

THREE_CELL, TWO_THREES_CELL, FOUR_CELL, FOUR_THREE_CELL, WIN_CELL, FIVE_CELL = range(1, 7)
"""Threat classes of an empty cell for a player: what a stone there makes.

An open three, two open threes, a four, a four and an open three, an open four or two fours
(a win in two moves unless the rival wins first), a five.
"""
CODE_BITS = 2 * LEVEL_BITS
"""Bits of one direction's level pair in a cell's code."""
_CODE_MASK = (1 << CODE_BITS) - 1

Info = tuple[int, int, int, int]
"""A cell's value for player 1, for player 2, its class for 1, for 2."""
Shallow = tuple[tuple[int, int, int, int], ...]
Deep = tuple[tuple[int, int], ...]
Effect = tuple[int, int, Shallow, Deep]
"""What a stone does to the cells along one line: the change of each player's total, then
the cells whose levels change below an open three, each with its offset along the line, the
change of its packed levels and of each player's value; last the cells whose levels change
at or above an open three (so their classes may change), each with its offset and the change
of its packed levels."""
EFFECTS_KEPT = 1 << 16
"""The most segments kept for each mode, about 50 MB. A search of a few thousand nodes
meets a few thousand new segments, most of them again and again; once the table is full,
new ones are worked out and not kept, until :func:`trim_effects` empties it between moves
(emptying a full table takes some 30 ms, too long to do in the middle of a search)."""


class Scoring:
    """One set of weights, and the values, classes and effects of lines they give, kept.

    Args:
        values: a cell's value for a player by level, summed over its four lines.
        bonus: added to a cell's value by its threat class.
    """

    def __init__(self, values: tuple[int, ...], bonus: tuple[int, ...]) -> None:
        self.values = values
        self.bonus = bonus
        self.cells: dict[int, Info] = {}
        """Four packed level pairs -> the cell's :data:`Info`."""
        self._effects: dict[tuple[int, str, bool], dict[int, tuple[Effect, Effect]]] = {}
        """By k, rule and mode: the effects of playing and of taking back the stone at
        the centre of a line segment, by segment (see :meth:`PatternTable.changes`)."""

    def info(self, code: int) -> Info:
        """The values and classes of a cell with these four packed level pairs (kept)."""
        found = self.cells.get(code)
        if found is None:
            found = self.cells[code] = self._cell_info(code)
        return found

    def _cell_info(self, code: int) -> Info:
        pairs = [(code >> (CODE_BITS * direction)) & _CODE_MASK for direction in range(4)]
        found = []
        for shift in (0, LEVEL_BITS):
            own = [(pair >> shift) & LEVEL_MASK for pair in pairs]
            threat = _threat_class(own)
            found.append((sum(self.values[level] for level in own) + self.bonus[threat], threat))
        return found[0][0], found[1][0], found[0][1], found[1][1]

    def effects(self, table: PatternTable, tactical: bool) -> dict[int, tuple[Effect, Effect]]:
        """The effects kept for the lines of ``table``'s k and rule, in one mode, by segment."""
        key = (table.k, table.rule, tactical)
        found = self._effects.get(key)
        if found is None:
            found = self._effects[key] = {}
        return found

    def effect(self, table: PatternTable, segment: int, tactical: bool) -> tuple[Effect, Effect]:
        """The effects of the stone at the centre of ``segment``: played, then taken back.

        Worked out, and kept while :data:`EFFECTS_KEPT` allows. A change below an open three
        cannot change a cell's threat class, so its value changes by the difference of the
        two levels' weights alone, and the board can skip the lookup of the cell's code.
        """
        shallow, deep = [], []
        gain_1 = gain_2 = 0
        values = self.values
        for offset, before, after in table.changes(segment, tactical):
            levels = [
                before & LEVEL_MASK,
                before >> LEVEL_BITS,
                after & LEVEL_MASK,
                after >> LEVEL_BITS,
            ]
            if max(levels) >= FLEX3:
                deep.append((offset, after - before))
                continue
            own_1 = values[levels[2]] - values[levels[0]]
            own_2 = values[levels[3]] - values[levels[1]]
            shallow.append((offset, after - before, own_1, own_2))
            gain_1 += own_1
            gain_2 += own_2
        played = (gain_1, gain_2, tuple(shallow), tuple(deep))
        taken = (
            -gain_1,
            -gain_2,
            tuple((offset, -change, -own_1, -own_2) for offset, change, own_1, own_2 in shallow),
            tuple((offset, -change) for offset, change in deep),
        )
        kept = self.effects(table, tactical)
        if len(kept) < EFFECTS_KEPT:
            kept[segment] = (played, taken)
        return played, taken

    def trim(self) -> None:
        """Empty the tables of effects that are full, so that new segments are kept again."""
        for effects in self._effects.values():
            if len(effects) >= EFFECTS_KEPT:
                effects.clear()


_SCORINGS: dict[tuple[tuple[int, ...], tuple[int, ...]], Scoring] = {}


def scoring(params: Params) -> Scoring:
    """The scoring of ``params``' weights, shared by every board made with the same ones."""
    key = (params.level_values, params.class_bonus)
    found = _SCORINGS.get(key)
    if found is None:
        found = _SCORINGS[key] = Scoring(*key)
    return found


def trim_effects() -> None:
    """Empty every scoring's tables of effects that are full (see :meth:`Scoring.trim`)."""
    for kept in _SCORINGS.values():
        kept.trim()


def _threat_class(levels: list[int]) -> int:
    """The threat class made by a stone with these four line levels (0 for none)."""
    top = max(levels)
    if top == FIVE:
        return FIVE_CELL
    fours = sum(1 for level in levels if level >= BLOCK4)
    threes = sum(1 for level in levels if level == FLEX3)
    if top == FLEX4 or fours >= 2:
        return WIN_CELL
    if fours:
        return FOUR_THREE_CELL if threes else FOUR_CELL
    if threes:
        return TWO_THREES_CELL if threes >= 2 else THREE_CELL
    return 0
