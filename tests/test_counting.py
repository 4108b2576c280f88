"""Counts of games and positions against published numbers and a game-by-game walk."""

from __future__ import annotations

import pytest

import tictactoe as ttt
from tictactoe.counting import count


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


def test_progress_is_reported_on_long_counts() -> None:
    calls: list[int] = []
    count(3, 4, 3, progress=calls.append)
    assert calls
    assert calls == sorted(calls)


def test_boards_too_big_to_count() -> None:
    with pytest.raises(ttt.InvalidGame, match="too big"):
        count(9)
    with pytest.raises(ttt.InvalidGame):
        count(3, k=4)
