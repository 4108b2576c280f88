"""The core's renju and caro against the brute-force referee written apart from it.

The referee (``support/renju_oracle.py``) works on plain dicts, straight from the rule texts;
the core must agree with it on the published positions, on every free cell near the stones
of random clustered positions, and on every move of random and bot-played games.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from support import renju_oracle as oracle
from support.renju_positions import PUBLISHED, Position, symmetries

import tictactoe as ttt
from tictactoe._rules import forbidden

Stones = dict[ttt.Cell, int]
SIZES = [(15, 15), (9, 9), (10, 13), (6, 7)]


def reader(stones: Stones, rows: int, cols: int) -> Callable[[int, int], int]:
    """The core's view of a position: 0 free, 1 Black, 2 White, -1 off the board."""

    def stone(row: int, col: int) -> int:
        if not (0 <= row < rows and 0 <= col < cols):
            return -1
        return stones.get((row, col), 0)

    return stone


def expected(verdict: str) -> str | None:
    """The oracle's verdict as the core's: the reason a move is forbidden, or None."""
    return verdict if verdict in oracle.FORBIDDEN else None


def naive_double_three(stones: Stones, rows: int, cols: int, move: ttt.Cell) -> bool:
    """Whether two lines through ``move`` could each become a straight four, whatever the
    four-point's own verdict: the count a double three would have without the recursion."""
    board = {**stones, move: oracle.BLACK}
    lines = 0
    for step in oracle.STEPS:
        for distance in oracle.REACH:
            cell = oracle._shift(move, step, distance)
            if not oracle._is_free(board, rows, cols, cell):
                continue
            board[cell] = oracle.BLACK
            four = oracle._row(board, rows, cols, cell, step)
            straight = move in four and oracle._is_straight_four(board, rows, cols, four, step)
            del board[cell]
            if straight:
                lines += 1
                break
    return lines >= 2


@pytest.mark.parametrize("position", PUBLISHED, ids=[position.name for position in PUBLISHED])
def test_the_core_gives_each_published_position_its_verdict(position: Position) -> None:
    for index in range(8):
        stones = {symmetries(cell, 15)[index]: stone for cell, stone in position.stones.items()}
        row, col = symmetries(position.move, 15)[index]
        found = forbidden(reader(stones, 15, 15), row, col) if position.player == 1 else None
        assert found == expected(position.verdict), (position.name, index)


def clustered(rng: random.Random, rows: int, cols: int, count: int) -> Stones:
    """``count`` stones, each near an earlier one, seven in ten of them Black's.

    Black-heavy clusters make many threes, and so many double threes that hinge on a false
    three; the verdicts read the shapes, not whose turn it is.
    """
    stones: Stones = {}
    cells = [(rows // 2, cols // 2)]
    while len(stones) < count and len(stones) < rows * cols - 1:
        row, col = rng.choice(cells)
        cell = (row + rng.randint(-2, 2), col + rng.randint(-2, 2))
        if 0 <= cell[0] < rows and 0 <= cell[1] < cols and cell not in stones:
            stones[cell] = 1 if rng.random() < 0.7 else 2
            cells.append(cell)
    return stones


def agree_on_positions(seeds: range) -> Counter[str]:
    """Check every free cell near the stones of one random position a seed; count verdicts."""
    seen: Counter[str] = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        rows, cols = SIZES[seed % len(SIZES)]
        stones = clustered(rng, rows, cols, rng.randrange(6, min(60, rows * cols // 2)))
        stone = reader(stones, rows, cols)
        near = {
            (row + d_row, col + d_col)
            for row, col in stones
            for d_row in range(-2, 3)
            for d_col in range(-2, 3)
        }
        for cell in sorted(near):
            if not (0 <= cell[0] < rows and 0 <= cell[1] < cols) or cell in stones:
                continue
            verdict = oracle.renju_verdict(stones, rows, cols, cell, oracle.BLACK)
            assert forbidden(stone, *cell) == expected(verdict), (seed, cell, verdict)
            seen[verdict] += 1
            if verdict != "double three" and naive_double_three(stones, rows, cols, cell):
                seen["false three"] += 1
    return seen


def test_the_core_agrees_on_every_cell_of_random_positions() -> None:
    seen = agree_on_positions(range(150))
    assert min(seen["double three"], seen["double four"], seen["overline"]) > 0


@pytest.mark.slow
@pytest.mark.parametrize("part", range(4))
def test_the_core_agrees_on_thousands_of_positions_with_false_threes(part: int) -> None:
    seen = agree_on_positions(range(1000 + 1000 * part, 2000 + 1000 * part))
    assert seen["false three"] >= 250  # a double three that the recursion undoes: 1,000 in all


def play_and_check(seed: int, rule: str, bot_kind: str | None) -> None:
    """One game under ``rule``, every move tried first as the oracle judges it.

    Random moves near the stones, mixed with a bot's (``"heuristic"`` or ``"threat"``) when
    one is named: a bot plays shapes random stones rarely make, and the threat bot plays
    renju's rules themselves.
    """
    rng = random.Random(seed)
    rows, cols = SIZES[seed % len(SIZES)]
    game = ttt.Game(rows, cols, k=5, rule=rule)
    bot: ttt.Player | None = None
    if bot_kind == "heuristic":
        bot = ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=20))
    elif bot_kind == "threat":
        bot = ttt.ThreatBot(seed, limit=ttt.Limit(nodes=30))
    stones: Stones = {}
    while not game.is_over:
        player = 1 + len(game.moves) % 2
        if bot is not None and rng.random() < 0.3:
            cell = bot.choose_move(game)
        else:
            anchors = list(stones) or [(rows // 2, cols // 2)]
            row, col = rng.choice(anchors)
            cell = (row + rng.randint(-2, 2), col + rng.randint(-2, 2))
            if not (0 <= cell[0] < rows and 0 <= cell[1] < cols) or cell in stones:
                free = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in stones]
                cell = rng.choice(free)  # the oracle alone judges it, as any other
        if rule == "renju":
            verdict = oracle.renju_verdict(stones, rows, cols, cell, player)
            if verdict in oracle.FORBIDDEN:
                before = len(game.moves)
                with pytest.raises(ttt.ForbiddenMove) as refused:
                    game.move(*cell)
                assert (refused.value.reason, len(game.moves)) == (verdict, before)
                assert cell not in game.legal_moves
                continue
            wins = verdict == "five"
        else:
            overline = rule == "caro-overline"
            wins = oracle.caro_wins(stones, rows, cols, cell, player, overline_wins=overline)
        status = game.move(*cell)
        stones[cell] = player
        assert (status is ttt.Status.WON) == wins, (seed, rule, cell)


@pytest.mark.parametrize("seed", range(40))
def test_every_move_of_random_games_is_judged_as_the_oracle_judges_it(seed: int) -> None:
    rule = "renju" if seed % 4 else "caro" if seed % 8 else "caro-overline"
    play_and_check(
        seed, rule, "heuristic" if seed % 3 == 0 else "threat" if seed % 5 == 1 else None
    )


@pytest.mark.slow
@pytest.mark.parametrize("part", range(8))
def test_twenty_thousand_games_are_judged_as_the_oracle_judges_them(part: int) -> None:
    for seed in range(1000 + 2500 * part, 3500 + 2500 * part):
        rule = "renju" if seed % 10 else "caro" if seed % 20 else "caro-overline"
        bot = "heuristic" if seed % 7 == 0 else "threat" if seed % 50 == 1 else None
        play_and_check(seed, rule, bot)
