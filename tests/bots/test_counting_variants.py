"""Counts under gravity and on the torus, against a plain enumeration and OEIS A212693.

The enumeration plays every game through :class:`~tictactoe.Game` (move and undo), so it
shares nothing with the counter's bit masks. Connect Four's positions after each ply are
OEIS A212693 (John Tromp, 2012): https://oeis.org/A212693.
"""

from __future__ import annotations

import pytest

import tictactoe as ttt
from tictactoe.counting import count, count_plies

A212693 = (1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275)
"""Legal 7×6 Connect Four positions after 0 to 8 plies."""


def enumerate_games(game: ttt.Game) -> tuple[list[int], int, set[tuple[object, ...]]]:
    """Every game from ``game`` by result (wins per player, draws) and the positions met."""
    wins = [0] * len(game.players)
    draws = 0
    seen: set[tuple[object, ...]] = set()

    def walk() -> None:
        nonlocal draws
        for cell in list(game.legal_moves):
            status = game.move(*cell)
            seen.add(tuple(game.rows_text()))
            if status is ttt.Status.WON:
                wins[game.players.index(game.winner)] += 1  # type: ignore[arg-type]
            elif status is ttt.Status.DRAW:
                draws += 1
            else:
                walk()
            game.undo()

    walk()
    return wins, draws, seen


@pytest.mark.parametrize(
    ("rows", "cols", "k", "options"),
    [
        (3, 3, 3, {"gravity": True}),
        (3, 4, 3, {"gravity": True}),
        (4, 3, 3, {"gravity": True, "misere": True}),
        (2, 4, 2, {"gravity": True, "players": 3}),
        (3, 3, 3, {"torus": True}),
        (2, 4, 2, {"torus": True}),
    ],
)
def test_counts_agree_with_a_plain_enumeration(
    rows: int, cols: int, k: int, options: dict[str, object]
) -> None:
    counts = count(rows, cols, k, **options)  # type: ignore[arg-type]
    wins, draws, seen = enumerate_games(ttt.Game(rows, cols, k, **options))  # type: ignore[arg-type]
    assert counts.wins == tuple(wins)
    assert counts.draws == draws
    assert counts.positions == len(seen) + 1  # and the empty board


def test_connect_four_positions_after_each_ply_are_oeis_a212693() -> None:
    assert count_plies(plies=len(A212693) - 1) == A212693


@pytest.mark.parametrize(
    ("rows", "cols", "k", "options"),
    [(3, 3, 3, {}), (3, 4, 3, {"gravity": True}), (3, 3, 3, {"torus": True, "misere": True})],
)
def test_positions_by_ply_add_up_to_the_whole_count(
    rows: int, cols: int, k: int, options: dict[str, bool]
) -> None:
    settings = {"gravity": False, **options}  # count_plies plays gravity by default
    by_ply = count_plies(rows, cols, k, plies=rows * cols, **settings)
    assert sum(by_ply) == count(rows, cols, k, **options).positions


def test_a_ply_count_stops_at_its_limits() -> None:
    with pytest.raises(ttt.Unsolvable, match="ply 3 holds 238 positions, past the limit of 100"):
        count_plies(plies=5, max_positions=100)
    with pytest.raises(ttt.InvalidArgument, match="plies must be between 0 and 42"):
        count_plies(plies=-1)
    with pytest.raises(ttt.InvalidArgument, match="not 43"):
        count_plies(plies=43)
    ticks = iter(range(100))
    with pytest.raises(ttt.OutOfTime, match="not counted within 5 s"):
        count_plies(plies=8, seconds=5, clock=lambda: float(next(ticks)))
