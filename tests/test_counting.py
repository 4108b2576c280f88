"""Counts of games and positions against published numbers and a game-by-game walk."""

from __future__ import annotations

import time

import pytest

import tictactoe as ttt
from tictactoe import counting
from tictactoe.counting import count, position_bound


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


def test_boards_too_big_to_count_are_refused_at_once() -> None:
    assert counting.MAX_CELLS == 15
    started = time.perf_counter()
    with pytest.raises(ttt.Unsolvable, match=r"the 8×8 board is too big to count: 64 cells, 15 at"):
        count(8, 8, 5)
    with pytest.raises(ttt.Unsolvable, match="16 cells, 15 at most") as caught:
        count(4, 4, 4)  # minutes and gigabytes
    assert isinstance(caught.value, ValueError)
    with pytest.raises(ttt.Unsolvable, match="too big"):
        count(9)
    with pytest.raises(ttt.Unsolvable, match="too big"):
        count(1000, 1000, 5, players=8)
    assert time.perf_counter() - started < 1
    with pytest.raises(ttt.InvalidGame):
        count(3, k=4)


def test_more_players_reach_fewer_cells() -> None:
    # 13 cells hold 5.1 million positions for three players, more than 15 hold for two
    with pytest.raises(ttt.Unsolvable, match=r"3 players is too big to count: up to 5,128,436"):
        count(1, 13, 5, players=3)
    with pytest.raises(ttt.Unsolvable, match="3 players"):
        count(3, players=3, max_cells=10)
    assert count(3, players=3, max_cells=11).positions == 26_930


def test_the_limit_can_be_chosen_or_lifted() -> None:
    with pytest.raises(ttt.Unsolvable, match="8 cells, 6 at most"):
        count(2, 4, 2, max_cells=6)
    assert count(2, 4, 2, max_cells=None).games == count(2, 4, 2).games
    with pytest.raises(ttt.InvalidArgument, match="max_cells must be at least 1"):
        count(2, max_cells=0)
    with pytest.raises(ttt.WrongType, match="max_cells"):
        count(2, max_cells=3.5)  # type: ignore[arg-type]


@pytest.mark.parametrize(("cells", "players"), [(2, 2), (4, 2), (7, 2), (5, 3), (6, 4), (4, 8)])
def test_the_position_bound_is_exact_where_no_one_can_win(cells: int, players: int) -> None:
    # k = the whole row: no player ever holds all of it, so every position is reachable
    assert count(1, cells, cells, players=players).positions == position_bound(cells, players)
