"""Time limits of the bots: proved on a fake clock, wired to the real one, and big positions.

A fake clock is a counter that moves on by a fixed step at every read, or jumps past any
limit after a given number of reads: the tests of the limits are then exact and instant.
"""

from __future__ import annotations

import random
import time

import pytest
from support.clocks import CountingClock

import tictactoe as ttt
from tictactoe import limits, solver


def scattered(k: int, marks: int = 1000, *, side: int = 300, seed: int = 1) -> ttt.Game:
    """A game on the unbounded grid with ``marks`` marks strewn over a ``side``² square."""
    rng = random.Random(seed)
    game = ttt.Game.unbounded(k)
    while len(game.moves) < marks:
        cell = (rng.randrange(side), rng.randrange(side))
        if game.cell(*cell) is None:
            game.move(*cell)
            if game.is_over:
                game.undo()
    return game


def middle_game() -> ttt.Game:
    """A 15×15 five-in-a-row position with no win in one for either side."""
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (8, 8), (6, 6), (8, 6), (9, 9), (6, 8), (5, 9)]:
        game.move(*cell)
    return game


@pytest.mark.parametrize("jump_after", [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144])
def test_the_heuristic_bot_stops_when_the_clock_jumps_past_its_limit(jump_after: int) -> None:
    game = middle_game()
    clock = CountingClock(jump_after=jump_after)
    bot = ttt.HeuristicBot(1, depth=50, clock=clock, limit=ttt.Limit(seconds=1.0, nodes=10**9))
    assert bot.choose_move(game) in game.legal_moves
    # one read for the deadline, then one per cell ranked or node searched, until the jump
    assert clock.reads == jump_after + 1


def test_the_heuristic_bot_keeps_to_its_limit_on_a_steady_clock() -> None:
    game = scattered(5, 300, side=60)
    clock = CountingClock(step=0.001)
    bot = ttt.HeuristicBot(1, depth=50, clock=clock, limit=ttt.Limit(seconds=0.25, nodes=10**9))
    assert bot.choose_move(game) in game.legal_moves
    assert clock.reads <= 252


@pytest.mark.parametrize("nodes", [1, 5, 8, 20, 72, 100, 584, 900])
def test_out_of_time_the_heuristic_bot_plays_the_best_move_found_so_far(nodes: int) -> None:
    # the clock is read once for the deadline, once per candidate ranked at the root, then
    # once per node: a clock that jumps past the limit just after node ``nodes`` stops the
    # search where a budget of ``nodes`` nodes does, and the answer is the same
    game = middle_game()
    steady = CountingClock()
    budgeted = ttt.HeuristicBot(
        5, clock=steady, limit=ttt.Limit(seconds=1.0, nodes=nodes)
    ).choose_move(game)
    ranked = steady.reads - 1 - nodes
    jump = CountingClock(jump_after=1 + ranked + nodes)
    timed = ttt.HeuristicBot(5, clock=jump, limit=ttt.Limit(seconds=1.0, nodes=10**9)).choose_move(
        game
    )
    assert timed == budgeted


def test_wins_and_blocks_come_before_the_clock() -> None:
    game = ttt.Game.from_rows(["XX...", "O....", ".....", "....O", "....."], k=3)
    clock = CountingClock(jump_after=0)
    assert ttt.HeuristicBot(clock=clock, limit=ttt.Limit(seconds=1.0)).choose_move(game) == (0, 2)
    game.move(4, 0)
    assert ttt.HeuristicBot(clock=clock, limit=ttt.Limit(seconds=1.0)).choose_move(game) == (0, 2)
    assert clock.reads == 0


def test_without_a_time_limit_the_clock_is_never_read() -> None:
    clock = CountingClock(jump_after=0)
    game = middle_game()
    assert ttt.HeuristicBot(clock=clock, limit=ttt.Limit(nodes=50)).choose_move(game)
    assert clock.reads == 0


def test_every_bot_thinks_within_the_one_default_limit() -> None:
    bots = [ttt.HeuristicBot(), ttt.PerfectBot(), ttt.ThreatBot()]
    assert all(bot.limit is limits.DEFAULT for bot in bots)
    assert limits.DEFAULT.seconds == 5.0


def test_the_heuristic_bot_honours_a_real_time_limit() -> None:
    game = scattered(5)
    bot = ttt.HeuristicBot(1, depth=60, width=30, limit=ttt.Limit(seconds=0.05, nodes=10**9))
    started = time.perf_counter()
    assert bot.choose_move(game) in game.legal_moves
    assert time.perf_counter() - started < 1.5


@pytest.mark.slow
@pytest.mark.parametrize(
    ("k", "side"),
    [
        pytest.param(5, 300, id="k=5"),
        pytest.param(50, 300, id="k=50"),
        pytest.param(10**6, 300, id="k=10**6"),
        pytest.param(50, 100, id="k=50, dense"),
    ],
)
def test_a_move_costs_what_the_play_costs_not_the_marks_or_k(k: int, side: int) -> None:
    # 1,000 marks on the unbounded grid: the bot before took 200 s at k=5, with no time limit
    # of its own; the default limit of 5 s is not what makes this fast. About 1 s alone on
    # 2 cores, 2.05 s once under load in CI: the bound sits below the 5 s limit, not at 2 s.
    game = scattered(k, side=side)
    started = time.perf_counter()
    assert ttt.HeuristicBot(1).choose_move(game) in game.legal_moves
    assert time.perf_counter() - started < 4


def test_the_solver_gives_up_when_its_clock_runs_out() -> None:
    clock = CountingClock(step=1.0)
    with pytest.raises(ttt.OutOfTime, match="not solved within 10 s") as caught:
        solver.solve(ttt.Game(4, k=4), seconds=10.0, clock=clock)
    assert isinstance(caught.value, TimeoutError)
    # the start (1 s), then one read every 1,024 nodes: the 12th reads 12 s, past 1 + 10 s
    assert clock.reads == 12


def test_the_solver_without_a_time_limit_never_reads_the_clock_in_its_search() -> None:
    clock = CountingClock(step=1.0)
    assert solver.solve(ttt.Game(4, k=4), clock=clock).value is ttt.Value.DRAW
    assert clock.reads == 2  # the start and the end, for Solution.seconds


def test_the_perfect_bot_falls_back_on_the_heuristic_when_the_solver_runs_out() -> None:
    game = ttt.Game(4, 5, 4)
    assert len(game.moves) == 0  # 20 empty cells: within reach, but not in the time given
    clock = CountingClock(step=0.05)
    choice = ttt.PerfectBot(1, clock=clock, limit=ttt.Limit(seconds=1.0)).choose_move(game)
    assert choice in game.legal_moves
    assert clock.reads <= 22  # 0.75 s (15 reads) for the solver, the rest for the heuristic


def test_the_perfect_bot_plays_beyond_the_solvers_reach_by_heuristic() -> None:
    game = ttt.Game(5, k=4)
    clock = CountingClock(step=0.001)
    assert ttt.PerfectBot(1, clock=clock).choose_move(game) == (2, 2)
    game.move(2, 2)
    assert ttt.PerfectBot(1, clock=clock).choose_move(game) in game.legal_moves


def test_the_perfect_bot_is_perfect_within_reach_and_time() -> None:
    game = ttt.Game.from_rows(["XX..", "OO..", "....", "...."], k=3)
    assert ttt.PerfectBot(1, clock=CountingClock(step=1e-6)).choose_move(game) in {(0, 2)}


@pytest.mark.parametrize(
    ("seconds", "error"),
    [(0, ttt.InvalidArgument), (-2.0, ttt.InvalidArgument), ("5", ttt.WrongType)],
)
def test_the_perfect_bot_refuses_bad_limits(seconds: object, error: type) -> None:
    with pytest.raises(error, match="seconds"):
        ttt.PerfectBot(limit=ttt.Limit(seconds=seconds))  # type: ignore[arg-type]


def test_ctrl_c_in_the_heuristic_search_reaches_the_caller() -> None:
    def clock() -> float:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ttt.HeuristicBot(1, clock=clock, limit=ttt.Limit(seconds=1.0)).choose_move(middle_game())
