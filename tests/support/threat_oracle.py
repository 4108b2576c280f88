"""A brute-force prover of threat wins, written apart from the threat bot, for its tactics.

It shares no code with the bot: stones in a dict, a five found by walking the four lines
through a cell, every candidate tried by placing a stone and looking again. Freestyle (five
or more wins), two players numbered 1 and 2.

- :func:`vcf_moves`: every first move that wins by continuous fours within a depth (the
  defender's only answer to a four is the block; a defender who can make five first wins).
- :func:`vct_moves`: every first move that wins by one threat (a four, or a move that
  leaves a move making two fives) followed by a VCF, against *every* defender reply within
  two cells of the attacker's stones and every defender four (a stone farther away touches no
  line that holds three of the attacker's stones).
- :func:`defences`: every move of the side to move after which the rival has no such win.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

Cell = tuple[int, int]
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))
DEPTH_NEVER = 10**9


class Stones:
    """Stones on a rows x cols board, k in a row (or more) to win."""

    def __init__(self, stones: dict[Cell, int], rows: int, cols: int, k: int) -> None:
        self.stones = dict(stones)
        self.rows, self.cols, self.k = rows, cols, k
        self._memo: dict[tuple[frozenset[tuple[Cell, int]], int, int, str], bool] = {}
        self._vcf_known: dict[tuple[frozenset[tuple[Cell, int]], int], tuple[int, int]] = {}
        """Position and attacker -> (deepest search that failed, shallowest that won)."""

    def is_free(self, cell: Cell) -> bool:
        row, col = cell
        return 0 <= row < self.rows and 0 <= col < self.cols and cell not in self.stones

    def makes_five(self, cell: Cell, player: int) -> bool:
        row, col = cell
        for d_row, d_col in STEPS:
            run = 1
            for sign in (1, -1):
                r, c = row + sign * d_row, col + sign * d_col
                while self.stones.get((r, c)) == player:
                    run += 1
                    r, c = r + sign * d_row, c + sign * d_col
            if run >= self.k:
                return True
        return False

    def near(self, player: int, reach: int) -> list[Cell]:
        """Free cells within ``reach`` king steps of ``player``'s stones (any player: 0)."""
        found = set()
        for (row, col), owner in self.stones.items():
            if player and owner != player:
                continue
            for d_row in range(-reach, reach + 1):
                for d_col in range(-reach, reach + 1):
                    cell = (row + d_row, col + d_col)
                    if self.is_free(cell):
                        found.add(cell)
        return sorted(found)

    def fives(self, player: int) -> list[Cell]:
        """The cells where ``player`` would make five."""
        return [cell for cell in self.near(player, 1) if self.makes_five(cell, player)]

    @contextmanager
    def placed(self, cell: Cell, player: int) -> Iterator[None]:
        self.stones[cell] = player
        try:
            yield
        finally:
            del self.stones[cell]

    def fours(self, player: int) -> list[Cell]:
        """The moves after which ``player`` has a new cell that makes five.

        A new five can only lie on the move's own lines, within k - 1 cells of it.
        """
        found = []
        for cell in self.near(player, 2):
            with self.placed(cell, player):
                if any(self.makes_five(spot, player) for spot in self.lines(cell)):
                    found.append(cell)
        return found

    def lines(self, cell: Cell) -> list[Cell]:
        """The free cells within k - 1 steps of ``cell`` along its four lines."""
        row, col = cell
        return [
            (row + i * d_row, col + i * d_col)
            for d_row, d_col in STEPS
            for i in range(1 - self.k, self.k)
            if i and self.is_free((row + i * d_row, col + i * d_col))
        ]

    def _key(self, attacker: int, depth: int, kind: str) -> tuple:
        return (frozenset(self.stones.items()), attacker, depth, kind)

    # -- VCF ----------------------------------------------------------------------------

    def vcf(self, attacker: int, depth: int) -> bool:
        """Whether ``attacker``, to move, wins by continuous fours within ``depth`` moves."""
        if self.fives(attacker):
            return True
        defender = 3 - attacker
        threats = self.fives(defender)
        if len(threats) > 1 or depth == 0:
            return False
        key = (frozenset(self.stones.items()), attacker)
        failed, won = self._vcf_known.get(key, (0, DEPTH_NEVER))
        if depth <= failed:
            return False
        if depth >= won:
            return True
        moves = threats or self.fours(attacker)
        result = any(self.four_wins(attacker, move, depth) for move in moves)
        if result:
            won = depth
        else:
            failed = depth
        self._vcf_known[key] = (failed, won)
        return result

    def four_wins(self, attacker: int, move: Cell, depth: int) -> bool:
        """Whether ``move``, a four (or a block that makes one), wins by fours from there."""
        defender = 3 - attacker
        with self.placed(move, attacker):
            if self.fives(defender):
                return False
            wins = self.fives(attacker)
            if len(wins) != 1:
                return len(wins) > 1
            with self.placed(wins[0], defender):
                return self.vcf(attacker, depth - 1)

    # -- one threat, then VCF -----------------------------------------------------------

    def threat_wins(self, attacker: int, move: Cell, depth: int) -> bool:
        """Whether ``move`` wins against every reply, each answered by a VCF."""
        defender = 3 - attacker
        if self.makes_five(move, attacker):
            return True
        with self.placed(move, attacker):
            if self.fives(defender):
                return False
            replies = dict.fromkeys(self.near(attacker, 2))
            replies.update(dict.fromkeys(self.fours(defender)))
            ordered = sorted(replies, key=lambda cell: _distance(cell, move))
            for reply in ordered:
                with self.placed(reply, defender):
                    if not self.vcf(attacker, depth):
                        return False
            return True

    def vct(self, attacker: int, depth: int) -> bool:
        """Whether ``attacker``, to move, wins by a VCF or by one threat then a VCF."""
        if self.vcf(attacker, depth):
            return True
        key = self._key(attacker, depth, "vct")
        if key not in self._memo:
            threats = self.fives(3 - attacker)
            moves = [] if len(threats) > 1 else threats or self.near(attacker, 2)
            self._memo[key] = any(self.threat_wins(attacker, move, depth) for move in moves)
        return self._memo[key]


def _distance(one: Cell, other: Cell) -> int:
    return max(abs(one[0] - other[0]), abs(one[1] - other[1]))


def vcf_moves(stones: Stones, attacker: int, depth: int) -> list[Cell]:
    """Every first move of ``attacker`` that wins by continuous fours within ``depth``."""
    if stones.fives(attacker):
        return stones.fives(attacker)
    threats = stones.fives(3 - attacker)
    moves = threats or stones.fours(attacker)
    return [move for move in moves if stones.four_wins(attacker, move, depth)]


def vct_moves(stones: Stones, attacker: int, depth: int) -> list[Cell]:
    """Every first move that wins by a VCF, or by one threat answered by a VCF."""
    found = set(vcf_moves(stones, attacker, depth))
    threats = stones.fives(3 - attacker)
    moves = threats or stones.near(attacker, 2)
    found.update(move for move in moves if stones.threat_wins(attacker, move, depth))
    return sorted(found)


def defences(stones: Stones, defender: int, depth: int, *, threats: bool) -> list[Cell]:
    """Every move of ``defender`` (to move) after which the rival has no VCF (with
    ``threats``, no VCT either), plus the defender's own winning first moves."""
    attacker = 3 - defender
    good = set(vcf_moves(stones, defender, depth))
    for move in stones.near(0, 2):
        with stones.placed(move, defender):
            lost = stones.vct(attacker, depth) if threats else stones.vcf(attacker, depth)
            if not lost:
                good.add(move)
    return sorted(good)
