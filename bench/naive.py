"""The naive baseline the benchmarks compare against.

The textbook first design of tic-tac-toe: a list-of-lists board, and after every move a scan
of every row, every column and both diagonals for a full line of one mark. It is written for
any n, as our engine is, and as plainly as a first design usually is.
"""

from __future__ import annotations

import random


class NaiveGame:
    """An n×n game on a list of lists that rescans the whole board after each move."""

    def __init__(self, n: int = 3) -> None:
        self.n = n
        self.board: list[list[str | None]] = [[None] * n for _ in range(n)]
        self.turn = "X"
        self.moves = 0
        self.winner: str | None = None

    def free_cells(self) -> list[tuple[int, int]]:
        return [(r, c) for r in range(self.n) for c in range(self.n) if self.board[r][c] is None]

    def move(self, row: int, col: int) -> bool:
        """Play the cell; True when the game has ended (a win or a full board)."""
        if self.board[row][col] is not None:
            raise ValueError(f"cell ({row}, {col}) is taken")
        self.board[row][col] = self.turn
        self.moves += 1
        self.winner = self.scan()
        self.turn = "O" if self.turn == "X" else "X"
        return self.winner is not None or self.moves == self.n * self.n

    def scan(self) -> str | None:
        """The mark with a full row, column or diagonal, looking at the whole board."""
        n, board = self.n, self.board
        lines = [board[r] for r in range(n)]
        lines += [[board[r][c] for r in range(n)] for c in range(n)]
        lines.append([board[i][i] for i in range(n)])
        lines.append([board[i][n - 1 - i] for i in range(n)])
        for line in lines:
            if line[0] is not None and all(cell == line[0] for cell in line):
                return line[0]
        return None


def naive_random_game(rng: random.Random, n: int = 3) -> str | None:
    """One random game on the naive board; the winner or None."""
    game = NaiveGame(n)
    while not game.move(*rng.choice(game.free_cells())):
        pass
    return game.winner


def plain_alpha_beta(rows: int, cols: int, k: int) -> int:
    """The value of the empty board by plain negamax alpha-beta: no table, no symmetry.

    Same bit-per-cell board and the same scores as the solver (a win scores the empty cells
    left plus one), moves in plain order, so the ratio measures the solver's search.
    """
    windows = []
    for row in range(rows):
        for col in range(cols):
            for d_row, d_col in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(row + i * d_row, col + i * d_col) for i in range(k)]
                if all(0 <= r < rows and 0 <= c < cols for r, c in cells):
                    windows.append(sum(1 << (r * cols + c) for r, c in cells))
    through = [[w for w in windows if w >> bit & 1] for bit in range(rows * cols)]
    full = (1 << rows * cols) - 1

    def search(me: int, opp: int, empties: int, alpha: int, beta: int) -> int:
        best = -(rows * cols) - 2
        free = full & ~(me | opp)
        for bit in range(rows * cols):
            if not free >> bit & 1:
                continue
            mine = me | 1 << bit
            if any(mine & w == w for w in through[bit]):
                score = empties
            elif empties == 1:
                score = 0
            else:
                score = -search(opp, mine, empties - 1, -beta, -alpha)
            if score > best:
                best = score
                alpha = max(alpha, score)
                if alpha >= beta:
                    break
        return best

    return search(0, 0, rows * cols, -(rows * cols) - 2, rows * cols + 2)
