"""Counts of games and positions against published numbers and a game-by-game walk."""

from __future__ import annotations

import time

import pytest

import tictactoe as ttt
from tictactoe import counting
from tictactoe.counting import count, estimate, position_bound


def walk(game: ttt.Game, seen: set[str], finals: dict[str, str]) -> dict[str, int]:
    """Every game from here, one by one through Game.move/undo, by result."""
    results: dict[str, int] = {}
    seen.add(str(game))
    if game.is_over:
        key = "draw" if game.winner is None else str(game.winner)
        finals[str(game)] = key
        return {key: 1}
    for cell in sorted(game.legal_moves):
        game.move(*cell)
        for key, n in walk(game, seen, finals).items():
            results[key] = results.get(key, 0) + n
        game.undo()
    return results


def test_tic_tac_toe_numbers() -> None:
    counts = count(3)
    assert counts.games == 255_168
    assert counts.wins == (131_184, 77_904)
    assert counts.draws == 46_080
    assert counts.positions == 5_478
    assert counts.terminal_positions == 958
    assert counts.terminal_wins == (626, 316)
    assert counts.terminal_draws == 16


@pytest.mark.parametrize(
    ("rows", "cols", "k", "players"),
    [(2, 2, 2, 2), (2, 3, 2, 2), (3, 3, 2, 2), (1, 4, 2, 2), (2, 3, 3, 2), (2, 3, 2, 3)],
)
def test_counts_agree_with_walking_every_game(rows: int, cols: int, k: int, players: int) -> None:
    seen: set[str] = set()
    finals: dict[str, str] = {}
    games = walk(ttt.Game(rows, cols, k, players=players), seen, finals)
    counts = count(rows, cols, k, players=players)
    marks = ttt.Mark.for_players(players)
    assert counts.wins == tuple(games.get(str(mark), 0) for mark in marks)
    assert counts.draws == games.get("draw", 0)
    assert counts.positions == len(seen)
    assert counts.terminal_positions == len(finals)
    assert counts.terminal_draws == list(finals.values()).count("draw")


def test_json_shape() -> None:
    data = count(3).to_json()
    assert data["games"] == 255_168
    assert data["wins"] == {"X": 131_184, "O": 77_904}
    assert data["draws"] == 46_080
    assert data["positions"] == 5_478
    assert data["terminal_positions"] == 958


def test_progress_is_reported_on_long_counts_and_ctrl_c_reaches_the_caller() -> None:
    calls: list[int] = []

    def progress(positions: int) -> None:
        calls.append(positions)
        raise KeyboardInterrupt  # what Ctrl-C raises, wherever the count is

    with pytest.raises(KeyboardInterrupt):
        count(3, 4, 3, progress=progress)
    assert len(calls) == 1
    assert calls[0] > 65_536


def test_boards_beyond_reach_are_refused_at_once_with_what_they_would_cost() -> None:
    assert counting.MAX_POSITIONS == 16 * 2**30 // counting.BYTES_PER_POSITION
    started = time.perf_counter()
    with pytest.raises(ttt.Unsolvable) as caught:
        count(5, 5, 4)
    message = str(caught.value)
    assert message.startswith("counting the 5×5 board, 4 in a row, is beyond reach: about ")
    assert " billion positions (" in message
    assert "days and " in message
    assert "TB of memory), past the limit of 75 million" in message
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ttt.Unsolvable, match=r"8×8 board, 5 in a row, is beyond reach: more th"):
        count(8, 8, 5)
    with pytest.raises(ttt.Unsolvable, match="1,000,000 cells, 1,000 at most; more than"):
        count(1000, 1000, 5, players=8)
    with pytest.raises(ttt.Unsolvable, match="3 players, is beyond reach"):
        count(3, players=3, max_positions=20_000)  # 26,930 positions
    assert time.perf_counter() - started < 5
    with pytest.raises(ttt.InvalidGame):
        count(3, k=4)


def test_the_limits_can_be_chosen_or_lifted() -> None:
    assert count(3, players=3, max_positions=30_000).positions == 26_930
    assert count(2, 4, 2, max_positions=None).games == count(2, 4, 2).games
    with pytest.raises(ttt.Unsolvable, match="8 cells, 6 at most"):
        count(2, 4, 2, max_cells=6)  # the coarser limit of earlier releases, still taken
    with pytest.raises(ttt.Unsolvable, match=r"3 players is too big to count: up to 5,128,436"):
        count(1, 13, 5, players=3, max_cells=15)
    assert count(3, players=3, max_cells=11).positions == 26_930
    for name in ("max_positions", "max_cells"):
        with pytest.raises(ttt.InvalidArgument, match=f"{name} must be at least 1"):
            count(2, **{name: 0})  # type: ignore[arg-type]
        with pytest.raises(ttt.WrongType, match=name):
            count(2, **{name: 3.5})  # type: ignore[arg-type]


def test_a_count_past_its_time_stops_cleanly_saying_how_far_it_got() -> None:
    ticks = iter(range(0, 10**6, 100))
    with pytest.raises(ttt.OutOfTime, match="not counted within 50 s: 94,190 positions found"):
        count(3, 4, 3, seconds=50.0, clock=lambda: float(next(ticks)))
    with pytest.raises(ttt.InvalidArgument, match="seconds"):
        count(3, seconds=0.0)
    with pytest.raises(ttt.WrongType, match="clock"):
        count(3, clock=None)  # type: ignore[arg-type]


def test_a_count_that_finds_more_than_its_limit_stops(monkeypatch: pytest.MonkeyPatch) -> None:
    # the estimate is within 1%, so only a wrong one lets a count past its limit: fake one
    monkeypatch.setattr(counting, "_estimate", lambda *args, **kwargs: counting.Estimate(1))
    with pytest.raises(
        ttt.Unsolvable, match="stopped at 94,190 positions, past its limit of 60,000"
    ):
        count(3, 4, 3, max_positions=60_000)


@pytest.mark.parametrize(
    ("rows", "cols", "k", "players", "positions"),
    [(3, 3, 3, 2, 5_478), (3, 3, 3, 3, 26_930), (2, 4, 2, 2, 605), (3, 3, 2, 2, 1_234)],
)
def test_the_estimate_is_close_and_repeatable(
    rows: int, cols: int, k: int, players: int, positions: int
) -> None:
    assert count(rows, cols, k, players=players).positions == positions
    found = estimate(rows, cols, k, players=players)
    assert not found.at_least
    assert abs(found.positions - positions) <= positions // 50
    assert estimate(rows, cols, k, players=players) == found


def test_the_estimate_is_exact_where_no_one_can_win_and_says_what_it_costs() -> None:
    assert estimate(1, 7, 7).positions == position_bound(7)
    found = estimate(4)  # counted: 9,722,011 positions, 2.1 GB, two minutes
    assert str(found).startswith("about 9.7 million positions (")
    assert found.cost.memory == found.positions * counting.BYTES_PER_POSITION
    assert found.cost.seconds == found.positions * counting.SECONDS_PER_POSITION
    assert str(counting.Cost(80.0, 2_200_000_000)) == "80 seconds and 2.2 GB of memory"
    assert str(counting.Cost(0.2, 5_000)) == "under a second and under 1 MB of memory"
    assert str(counting.Cost(10**7, 10**14)) == "120 days and 100 TB of memory"
    assert str(counting.Cost(1e15, 10**30)) == "3.2e+07 years and 1.0e+18 TB of memory"
    assert str(counting.Cost(1e300, 1)).startswith("more time than the universe has had and")


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (-5, "-5"),
        (999_999, "999,999"),
        (994_999_999, "990 million"),
        (999_999_999, "1.0 billion"),
        (79_000_000_000_000, "7.9e+13"),
        (99_999_999_999_999, "1.0e+14"),
    ],
)
def test_big_numbers_are_written_for_people(number: int, text: str) -> None:
    assert counting.amount(number) == text
    assert counting.amount(10**5000) == "1.0e+5000"  # too long for str(), not for amount()
    with pytest.raises(ttt.InvalidArgument, match="1,000 at most"):
        estimate(40)


def test_an_estimate_past_its_limit_stops_early_as_an_at_least_one() -> None:
    started = time.perf_counter()
    found = estimate(8, k=5, limit=10**6)
    assert found.at_least
    assert found.positions > 10**6 * 10_000
    assert str(found).startswith("more than ")
    assert time.perf_counter() - started < 2
    assert estimate(3, limit=10**6) == estimate(3)
    with pytest.raises(ttt.InvalidArgument, match="limit must be at least 1"):
        estimate(3, limit=0)


@pytest.mark.parametrize(("cells", "players"), [(2, 2), (4, 2), (7, 2), (5, 3), (6, 4), (4, 8)])
def test_the_position_bound_is_exact_where_no_one_can_win(cells: int, players: int) -> None:
    # k = the whole row: no player ever holds all of it, so every position is reachable
    assert count(1, cells, cells, players=players).positions == position_bound(cells, players)
