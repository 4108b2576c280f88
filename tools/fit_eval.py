"""Fit the threat bot's evaluation weights to the outcomes of games (Texel-style tuning).

``python tools/fit_eval.py GAMES.json [GAMES.json ...]`` reads 15×15 games saved by
``tools/strength.py --save`` and takes every quiet position in them: no four on the board and
no open three, the positions where the main search calls its evaluation. For each it counts,
for the side to move and for the rival, the cells and lines at each level from a two to a
four and the cells of each threat class, and notes who won. It fits the chance that the side
to move wins as a logistic function of those counts (Newton's method, a small ridge), on
four games in five, and prints the log-loss on the fifth held out, for the bot's present
weights and for the fitted ones, and the fitted weights in the units of the evaluation.

The games are between the threat bot and the heuristic bot, which wins far less often; a
term for "the threat bot is to move" takes that out of the other weights and is left out
of what is printed. So is the constant: the evaluation's term for the side to move is set
so that the search's odd and even depths agree, not by these outcomes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence

import tictactoe as ttt
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.patterns import BLOCK4, FLEX2
from tictactoe._threat.scoring import WIN_CELL
from tictactoe._threat.search import Search
from tictactoe._threat.tactics import Budget

LEVELS = range(FLEX2, BLOCK4 + 1)
"""The levels weighed: two, closed three, open three, four (no open four is quiet)."""
CLASSES = range(1, WIN_CELL)
"""The threat classes weighed: three, two threes, four, four and three."""
RIDGE = 1e-2
"""The ridge penalty on the standardised weights: the classes are few and correlated."""


def counts(board: PatternBoard, player: int) -> tuple[list[int], list[int]]:
    """Lines at each weighed level and cells of each weighed class, for ``player``."""
    levels = [0] * (BLOCK4 + 1)
    classes = [0] * WIN_CELL
    for index, stone in enumerate(board.stones):
        if stone == 0:
            for direction in range(4):
                levels[board.level(index, direction, player)] += 1
            classes[board.threat[player][index]] += 1
    return [levels[level] for level in LEVELS], [classes[kind] for kind in CLASSES]


def best_class(board: PatternBoard, me: int) -> int:
    """The side to move's best threat class when the rival has no four to answer it with."""
    if board.fours[3 - me]:
        return 0
    threat = board.threat[me]
    return max((threat[cell] for cell in board.fours[me] | board.threes[me]), default=0)


def is_quiet(board: PatternBoard) -> bool:
    """No four on the board and no open three: what the search leaves to the evaluation."""
    return not any(
        board.fives[player]
        or any(board.threat[player][cell] == WIN_CELL for cell in board.fours[player])
        for player in (1, 2)
    )


class Sample:
    """One quiet position: the counts, the initiative, and what became of the side to move."""

    def __init__(self, board: PatternBoard, won: float, favoured: bool) -> None:
        me = board.to_move
        self.my_levels, self.my_classes = counts(board, me)
        self.their_levels, self.their_classes = counts(board, 3 - me)
        self.initiative = best_class(board, me)
        self.present = float(Search(board, Budget(time.perf_counter, None))._evaluate(me))
        """The bot's own evaluation of the position, with its present weights."""
        self.won = won
        self.favoured = favoured
        """Whether the threat bot, the stronger player, is the side to move."""

    def features(self) -> list[float]:
        """Level differences, own classes, the rival's classes, the initiative, one-hot."""
        levels = [
            mine - theirs for mine, theirs in zip(self.my_levels, self.their_levels, strict=True)
        ]
        initiative = [float(self.initiative == kind) for kind in CLASSES]
        return [*levels, *self.my_classes, *self.their_classes, *initiative]


def samples(paths: Sequence[str]) -> list[tuple[int, Sample]]:
    """The quiet positions of the saved games, each with the number of its game."""
    found = []
    number = 0
    for path in paths:
        with open(path, encoding="utf-8") as file:
            games = json.load(file)
        for record in games:
            number += 1
            threat_first = record["threat"] == "X"
            first_points = record["points"] if threat_first else 1 - record["points"]
            game = ttt.Game(15, k=5)
            board = PatternBoard.from_game(game)
            for ply, cell in enumerate(record["moves"]):
                me = board.to_move
                if ply >= 4 and is_quiet(board):
                    won = first_points if me == 1 else 1 - first_points
                    found.append((number, Sample(board, won, (me == 1) == threat_first)))
                board.play(board.index(tuple(cell)), me)
    return found


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """The solution of a small linear system (Gaussian elimination with pivoting)."""
    size = len(vector)
    rows = [[*matrix[row], vector[row]] for row in range(size)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(column + 1, size):
            factor = rows[row][column] / rows[column][column]
            for index in range(column, size + 1):
                rows[row][index] -= factor * rows[column][index]
    solution = [0.0] * size
    for row in reversed(range(size)):
        known = sum(rows[row][index] * solution[index] for index in range(row + 1, size))
        solution[row] = (rows[row][size] - known) / rows[row][row]
    return solution


def chance(weights: Sequence[float], features: Sequence[float]) -> float:
    """The logistic model's chance of a win."""
    logit = sum(weight * feature for weight, feature in zip(weights, features, strict=True))
    return 1 / (1 + math.exp(-max(-50.0, min(50.0, logit))))


def log_loss(weights: Sequence[float], rows: Sequence[list[float]], wins: Sequence[float]) -> float:
    """The mean log-loss of the model on these rows."""
    total = 0.0
    for features, won in zip(rows, wins, strict=True):
        p = min(max(chance(weights, features), 1e-9), 1 - 1e-9)
        total -= won * math.log(p) + (1 - won) * math.log(1 - p)
    return total / len(rows)


def fit(
    rows: Sequence[list[float]], wins: Sequence[float], ridge: float = RIDGE, iterations: int = 12
) -> list[float]:
    """Ridge logistic regression by Newton's method (the rows already standardised)."""
    size = len(rows[0])
    weights = [0.0] * size
    for _ in range(iterations):
        gradient = [ridge * weight for weight in weights]
        hessian = [[ridge * (row == column) for column in range(size)] for row in range(size)]
        share = 1 / len(rows)
        for features, won in zip(rows, wins, strict=True):
            p = chance(weights, features)
            curve = p * (1 - p) * share
            for row in range(size):
                gradient[row] += (p - won) * features[row] * share
                scaled = curve * features[row]
                line = hessian[row]
                for column in range(row, size):
                    line[column] += scaled * features[column]
        for row in range(size):
            for column in range(row):
                hessian[row][column] = hessian[column][row]
        step = solve(hessian, gradient)
        weights = [weight - change for weight, change in zip(weights, step, strict=True)]
    return weights


class Standard:
    """Scales features to mean 0 and spread 1 (on the training rows); the last two, the
    constant and the favoured side, stay as they are.
    """

    def __init__(self, rows: Sequence[list[float]]) -> None:
        size = len(rows[0]) - 2
        self.mean = [sum(row[index] for row in rows) / len(rows) for index in range(size)]
        self.mean += [0.0, 0.0]
        self.spread = [
            math.sqrt(sum((row[index] - mean) ** 2 for row in rows) / len(rows)) or 1.0
            for index, mean in enumerate(self.mean[:size])
        ]
        self.spread += [1.0, 1.0]

    def __call__(self, row: list[float]) -> list[float]:
        return [
            (value - mean) / spread
            for value, mean, spread in zip(row, self.mean, self.spread, strict=True)
        ]

    def raw(self, weights: Sequence[float]) -> list[float]:
        """The weights on the unscaled features (the constant's aside)."""
        return [weight / spread for weight, spread in zip(weights, self.spread, strict=True)]


def held_out(found: list[tuple[int, Sample]], rows: list[list[float]]) -> tuple[list[float], float]:
    """Fit on four games in five: the raw weights, and the log-loss on the fifth."""
    games = sorted({number for number, _ in found})
    test = set(random.Random(0).sample(games, len(games) // 5))
    pairs = [
        (number in test, row, sample.won) for (number, sample), row in zip(found, rows, strict=True)
    ]
    standard = Standard([row for tested, row, _ in pairs if not tested])
    weights = fit(
        [standard(row) for tested, row, _ in pairs if not tested],
        [won for tested, _, won in pairs if not tested],
    )
    loss = log_loss(
        weights,
        [standard(row) for tested, row, _ in pairs if tested],
        [won for tested, _, won in pairs if tested],
    )
    return standard.raw(weights), loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="+", help="JSON files saved by tools/strength.py")
    args = parser.parse_args()
    found = samples(args.games)
    print(f"{len(found)} quiet positions from {len({number for number, _ in found})} games")
    present_rows = [[sample.present, 1.0, float(sample.favoured)] for _, sample in found]
    scale, present_loss = held_out(found, present_rows)
    print(f"held-out log-loss, present weights: {present_loss:.4f}")
    rows = [[*sample.features(), 1.0, float(sample.favoured)] for _, sample in found]
    weights, loss = held_out(found, rows)
    print(f"held-out log-loss, fitted weights:  {loss:.4f} (favoured side {weights[-1]:+.2f})")
    units = [round(weight / scale[0]) for weight in weights[:-2]]
    first, size = len(LEVELS), len(CLASSES)
    levels, mine = units[:first], units[first : first + size]
    theirs, initiative = units[first + size : first + 2 * size], units[first + 2 * size :]
    bonus = [round((own - their) / 2) for own, their in zip(mine, theirs, strict=True)]
    tempo = [round((own + their) / 2) for own, their in zip(mine, theirs, strict=True)]
    print(f"level weights (two .. four):   {levels}")
    print(f"bonus by class (three .. 4-3): {bonus}")
    print(f"tempo by class:                {tempo}")
    print(f"initiative by class:           {initiative}")


if __name__ == "__main__":
    main()
