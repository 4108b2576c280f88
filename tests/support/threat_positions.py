"""Builds the threat bot's tactics suite: positions by construction, answers by brute force.

Run ``python threat_positions.py > data/tactics/suite.txt`` in ``tests/`` to write it again
(it takes a while; ``python threat_positions.py vcf`` writes one part: ``vcf``, ``deep``,
``vct``, ``long``). Every answer comes from :mod:`threat_oracle`, never from the bot.

- *VCF chains*: a zigzag of gapped fours, each four's stone a stone of the next one, ending
  in a double four; every window capped at both ends by a defender stone so that no open
  three gives a shortcut. Built 1 to 12 fours long; stones of different fours that line up
  by chance make some wins shorter, and the depth written is always the prover's.
- *Long chains*: chains 9 and 10 fours long whose windows' lines stay apart (no five cells
  off a window's own line hold more than two of the chain's cells), so that the shortest
  win is the one built; kept only when the prover finds exactly that depth.
- *Forks*: two twos that one stone turns into two open threes (a VCT: the defender can stop
  one three, the other becomes an open four).
- *Defences*: the same positions with the defender to move (an isolated stone added to
  keep the turn order legal); the answers are every move after which the rival has no win.
"""

from __future__ import annotations

import random
import sys

from support.threat_oracle import STEPS, Stones, defences, vcf_moves, vct_moves

Cell = tuple[int, int]
SIZE = 20
"""The board: Gomocup's bigger board, room for chains a dozen fours long."""
K = 5
DEPTH = 14
"""The oracle's depth: deeper than the bot's VCF (12 fours and the last double)."""
DIRECTIONS = [*STEPS, *((-d_row, -d_col) for d_row, d_col in STEPS)]


def on_board(cell: Cell) -> bool:
    return 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE


def along(start: Cell, step: Cell, count: int) -> list[Cell]:
    return [(start[0] + i * step[0], start[1] + i * step[1]) for i in range(count)]


class Builder:
    """Attacker stones (1) and defender stones (2), with the cells already spoken for."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.stones: dict[Cell, int] = {}
        self.used: set[Cell] = set()
        self.kept_apart: set[Cell] = set()
        """Cells next to the windows before the last: new windows stay off them, so that
        stones of different fours do not line up by chance."""
        self._last: list[Cell] = []

    def window(self, anchor: Cell, anchor_slot: int, step: Cell) -> list[Cell] | None:
        """Seven cells along ``step`` with ``anchor`` at ``anchor_slot`` of the middle five
        (caps at both ends), or None if they leave the board or touch used cells."""
        back = anchor_slot + 1
        start = (anchor[0] - back * step[0], anchor[1] - back * step[1])
        cells = along(start, step, 7)
        if not all(on_board(cell) for cell in cells):
            return None
        for cell in cells:
            if cell == anchor:
                continue
            near_anchor = max(abs(cell[0] - anchor[0]), abs(cell[1] - anchor[1])) <= 1
            if cell in self.used or (cell in self.kept_apart and not near_anchor):
                return None
        return cells

    def take(self, cells: list[Cell]) -> None:
        """Mark a window's cells used; the window before it becomes kept apart."""
        for row, col in self._last:
            self.kept_apart.update(
                (row + d_row, col + d_col) for d_row in (-1, 0, 1) for d_col in (-1, 0, 1)
            )
        self.used.update(cells)
        self._last = cells

    def chain(self, depth: int) -> list[Cell] | None:
        rng = self.rng
        previous = (rng.randint(7, 12), rng.randint(7, 12))
        self.stones[previous] = 1
        self.used.add(previous)
        last_step: Cell | None = None
        moves = []
        for _ in range(depth):
            for _attempt in range(60):
                step = rng.choice(DIRECTIONS)
                if last_step is not None and step[0] * last_step[1] == step[1] * last_step[0]:
                    continue
                gap = rng.randint(1, 3)
                own, new = rng.sample([slot for slot in range(5) if slot != gap], 2)
                if abs(own - new) > 3:  # short steps keep the chain on the board
                    continue
                cells = self.window(previous, own, step)
                if cells is None:
                    continue
                middle = cells[1:6]
                for slot, cell in enumerate(middle):
                    if slot not in (gap, own, new):
                        self.stones[cell] = 1
                self.stones[cells[0]] = self.stones[cells[6]] = 2
                self.take(cells)
                previous, last_step = middle[new], step
                moves.append(previous)
                break
            else:
                return None
        for _attempt in range(60):
            step = rng.choice(DIRECTIONS)
            if step[0] * last_step[1] == step[1] * last_step[0]:
                continue
            gap = rng.randint(1, 3)
            own = rng.choice([slot for slot in range(5) if slot != gap])
            cells = self.window(previous, own, step)
            if cells is None:
                continue
            for slot, cell in enumerate(cells[1:6]):
                if slot not in (gap, own):
                    self.stones[cell] = 1
            self.stones[cells[0]] = self.stones[cells[6]] = 2
            self.take(cells)
            return moves
        return None

    def long_chain(self, depth: int, budget: int = 3000) -> list[Cell] | None:
        """A chain of ``depth`` fours whose windows' lines stay apart, so that its shortest
        win is the one built: ``depth`` fours, the last a double four.

        Searched window by window, backing up when stuck: each window along any line not
        parallel to the one before, its new stone three or four cells past its anchor; a
        window is kept only if every five cells in a row that hold no defender stone and are
        not a window's own five hold at most two of the chain's cells (its stones and the
        cells it will play, gaps included). The attacker's every four then lies on a window's
        own line, whatever fours it tries first: it cannot make a four off the chain, nor two
        at once before the last window's. The caps stay on their windows' lines, and one that
        falls off the board is left out: the edge caps the line as well. Returns the chain's
        moves in order, or None when ``budget`` windows tried did not make one."""
        rng = self.rng
        start = (rng.randrange(SIZE), rng.randrange(SIZE))
        self.stones[start] = 1
        chain = {start}
        lines: set[frozenset[Cell]] = set()
        moves: list[Cell] = []
        tries = budget

        def apart(middle: list[Cell]) -> bool:
            for cell in middle:
                for step in STEPS:
                    for back in range(K):
                        first = (cell[0] - back * step[0], cell[1] - back * step[1])
                        five = along(first, step, K)
                        if not (on_board(five[0]) and on_board(five[-1])):
                            continue
                        if any(self.stones.get(spot) == 2 for spot in five):
                            continue
                        if frozenset(five) in lines:
                            continue
                        if sum(spot in chain for spot in five) > 2:
                            return False
            return True

        def place(index: int, anchor: Cell, last_step: Cell | None) -> bool:
            nonlocal tries
            final = index == depth
            shapes = [(own, None) for own in range(5)] if final else [(0, 3), (0, 4), (1, 4)]
            options = [
                (step, own, new, gap)
                for step in DIRECTIONS
                if last_step is None or step[0] * last_step[1] != step[1] * last_step[0]
                for own, new in shapes
                for gap in (1, 2, 3)
                if gap not in (own, new)
            ]
            rng.shuffle(options)
            for step, own, new, gap in options:
                tries -= 1
                if tries < 0:
                    return False
                back = own + 1
                window = along((anchor[0] - back * step[0], anchor[1] - back * step[1]), step, 7)
                middle = window[1:6]
                caps = [cell for cell in (window[0], window[6]) if on_board(cell)]
                if (
                    not all(on_board(cell) for cell in middle)
                    or any(cell in self.stones for cell in middle if cell != anchor)
                    or any(cell in chain for cell in middle if cell != anchor)
                    or any(cell in chain for cell in caps)
                ):
                    continue
                fresh = [cell for cell in middle if cell != anchor]
                new_caps = [cell for cell in caps if cell not in self.stones]
                stones = [cell for slot, cell in enumerate(middle) if slot not in (own, gap, new)]
                chain.update(fresh)
                lines.add(frozenset(middle))
                for cell in new_caps:
                    self.stones[cell] = 2
                for cell in stones:
                    self.stones[cell] = 1
                if apart(middle) and (new is None or place(index + 1, middle[new], step)):
                    if new is not None:
                        moves.append(middle[new])
                    return True
                for cell in new_caps + stones:
                    del self.stones[cell]
                chain.difference_update(fresh)
                lines.discard(frozenset(middle))
            return False

        if not place(0, start, None):
            return None
        return moves[::-1]

    def fork(self) -> Cell | None:
        rng = self.rng
        centre = (rng.randint(5, 14), rng.randint(5, 14))
        self.used.add(centre)
        first, second = rng.sample(STEPS, 2)
        for step in (first, second):
            sign = rng.choice((1, -1))
            step = (sign * step[0], sign * step[1])
            shape = rng.choice([(1, 2), (1, 3), (2, 3), (-1, 1), (-1, 2)])
            cells = [(centre[0] + o * step[0], centre[1] + o * step[1]) for o in shape]
            ends = [(centre[0] + o * step[0], centre[1] + o * step[1]) for o in range(-3, 5)]
            if not all(on_board(cell) for cell in ends) or any(
                cell in self.used for cell in ends if cell != centre
            ):
                return None
            for cell in cells:
                self.stones[cell] = 1
            self.used.update(ends)
        for _ in range(rng.randint(0, 3)):  # defender stones nearby, off the lines
            cell = (centre[0] + rng.randint(-3, 3), centre[1] + rng.randint(-3, 3))
            if on_board(cell) and cell not in self.used:
                self.stones[cell] = 2
                self.used.add(cell)
        return centre

    def balance(self, attacker_moves: bool) -> bool:
        """Add isolated stones until the counts give the move to the side wanted, the
        attacker playing X. Returns False when no room is left."""
        while True:
            ones = sum(1 for owner in self.stones.values() if owner == 1)
            twos = len(self.stones) - ones
            want_ones = twos if attacker_moves else twos + 1
            if ones == want_ones:
                return True
            player = 1 if ones < want_ones else 2
            for _attempt in range(200):
                cell = (self.rng.randrange(SIZE), self.rng.randrange(SIZE))
                if all(max(abs(cell[0] - r), abs(cell[1] - c)) >= 4 for r, c in self.stones):
                    self.stones[cell] = player
                    break
            else:
                return False


def rows_of(stones: dict[Cell, int]) -> str:
    grid = [["."] * SIZE for _ in range(SIZE)]
    for (row, col), owner in stones.items():
        grid[row][col] = "X" if owner == 1 else "O"
    return "/".join("".join(row) for row in grid)


def label(cell: Cell) -> str:
    return f"{chr(ord('a') + cell[1])}{cell[0] + 1}"


def shortest(stones: Stones, attacker: int) -> int:
    for depth in range(1, DEPTH + 1):
        if stones.vcf(attacker, depth):
            return depth
    return 0


def emit(name: str, kind: str, depth: int, answers: list[Cell], stones: dict[Cell, int]) -> None:
    print(f"{name} {kind} {depth} {','.join(map(label, answers))} {rows_of(stones)}", flush=True)


def vcf_part(rng: random.Random, made: dict[str, int]) -> None:
    """24 VCF wins of every depth the chains give, and 12 defences against them."""
    depth_cycle = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10]
    deep = 0
    tries = 0
    while made["vcf"] < 24 or made["vcf-defence"] < 12:
        tries += 1
        depth = depth_cycle[tries % len(depth_cycle)]
        defend = made["vcf-defence"] < 12 and tries % 3 == 0
        builder = Builder(rng)
        if builder.chain(depth) is None or not builder.balance(not defend):
            continue
        stones = Stones(builder.stones, SIZE, SIZE, K)
        if stones.fives(1) or stones.fives(2) or (stones.vcf(2, DEPTH) and not defend):
            continue
        found = shortest(stones, 1)
        if not found or found < depth - 3 or (depth >= 5 and found < 5 and deep < 8):
            continue
        deep += found >= 5
        print(made, "deep", deep, file=sys.stderr, flush=True)
        if defend:
            emit_defence(stones, builder, found, made)
        elif made["vcf"] < 24:
            made["vcf"] += 1
            emit(f"vcf-{made['vcf']:02}", "vcf", found, vcf_moves(stones, 1, DEPTH), builder.stones)


def emit_defence(stones: Stones, builder: Builder, found: int, made: dict[str, int]) -> None:
    if stones.vcf(2, DEPTH) or made["vcf-defence"] >= 12 + made["deep-defence"]:
        return
    answers = defences(stones, 2, DEPTH, threats=False)
    if answers:
        made["vcf-defence"] += 1
        name = f"vcf-defence-{made['vcf-defence']:02}"
        emit(name, "vcf-defence", found, answers, builder.stones)


def deep_part(rng: random.Random, made: dict[str, int]) -> None:
    """VCF wins at least six fours deep (chains built eight to twelve long), and defences."""
    made["deep-defence"] = 3
    while made["deep"] < 6 or made["vcf-defence"] < 15:
        defend = made["deep"] >= 6 or (made["vcf-defence"] < 15 and rng.random() < 0.3)
        builder = Builder(rng)
        if builder.chain(rng.randint(8, 12)) is None or not builder.balance(not defend):
            continue
        stones = Stones(builder.stones, SIZE, SIZE, K)
        if stones.fives(1) or stones.fives(2) or (stones.vcf(2, DEPTH) and not defend):
            continue
        found = shortest(stones, 1)
        print(made, "found", found, file=sys.stderr, flush=True)
        if found < 6:
            continue
        if defend:
            emit_defence(stones, builder, found, made)
        elif made["deep"] < 6:
            made["deep"] += 1
            made["vcf"] += 1
            emit(f"vcf-{made['vcf']:02}", "vcf", found, vcf_moves(stones, 1, DEPTH), builder.stones)


def vct_part(rng: random.Random, made: dict[str, int]) -> None:
    """12 VCT wins (forks of two open threes) and 6 defences against them."""
    while made["vct"] < 12 or made["vct-defence"] < 6:
        defend = made["vct-defence"] < 6 and made["vct"] % 2 == 1
        builder = Builder(rng)
        if builder.fork() is None or not builder.balance(not defend):
            continue
        stones = Stones(builder.stones, SIZE, SIZE, K)
        if stones.vcf(1, DEPTH) or stones.vcf(2, DEPTH) or not stones.vct(1, DEPTH):
            continue
        if defend:
            if stones.vct(2, DEPTH):
                continue
            answers = defences(stones, 2, DEPTH, threats=True)
            if not answers:
                continue
            made["vct-defence"] += 1
            name = f"vct-defence-{made['vct-defence']:02}"
            emit(name, "vct-defence", 1, answers, builder.stones)
        elif made["vct"] < 12:
            made["vct"] += 1
            emit(f"vct-{made['vct']:02}", "vct", 1, vct_moves(stones, 1, DEPTH), builder.stones)
        print(made, file=sys.stderr, flush=True)


LONG = [10, 9, 10, 9, 10]
"""The long part's wins: the depth each is built to, and is kept only if the prover agrees."""


def long_part(rng: random.Random, made: dict[str, int]) -> None:
    """VCF wins exactly 9 and 10 fours deep: long chains whose lines stay apart.

    No defences: against the chains tried, every move that stopped the VCF still lost to a
    VCT (a quiet move and the fours left of the chain), so a defence would ask for a move
    that does not save the game.
    """
    made["vcf"] = 30  # the numbering goes on from the deep part's, run or not
    for depth in LONG:
        while True:
            builder = Builder(rng)
            if builder.long_chain(depth) is None or not builder.balance(True):
                continue
            stones = Stones(builder.stones, SIZE, SIZE, K)
            if stones.fives(1) or stones.fives(2) or stones.vcf(2, DEPTH):
                continue
            found = shortest(stones, 1)
            print(made, "built", depth, "found", found, file=sys.stderr, flush=True)
            if found == depth:
                made["vcf"] += 1
                answers = vcf_moves(stones, 1, DEPTH)
                emit(f"vcf-{made['vcf']:02}", "vcf", found, answers, builder.stones)
                break


PARTS = {
    "vcf": (vcf_part, 20261130),
    "deep": (deep_part, 20261201),
    "vct": (vct_part, 20261202),
    "long": (long_part, 20261203),
}


def main() -> None:
    """Print the parts named on the command line (all four by default), in order."""
    parts = sys.argv[1:] or list(PARTS)
    made = dict.fromkeys(["vcf", "vcf-defence", "deep", "deep-defence", "vct", "vct-defence"], 0)
    if "vcf" not in parts:  # the numbering goes on from the vcf part's
        made.update({"vcf": 24, "vcf-defence": 12})
    if "vcf" in parts:
        print("# name kind depth answers rows (X moves first; the attacker is X)")
        print(f"# {SIZE}x{SIZE}, {K} in a row, freestyle; answers as column letter and row number")
    for name in parts:
        make, seed = PARTS[name]
        make(random.Random(seed), made)


if __name__ == "__main__":
    main()
