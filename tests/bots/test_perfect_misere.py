"""Perfect play under misère: the solver against a plain minimax, the perfect bot, the counts.

Misère tic-tac-toe (3×3, whoever makes three in a row loses) is a draw, and the first player
draws only from the centre; the other values here are checked by a plain minimax over
:class:`~tictactoe.Game` (`support.minimax`), sharing nothing with the solver.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.minimax import minimax
from support.oracle import random_cell

import tictactoe as ttt
from tictactoe.solver import Value, solve


def expected_value(score: int) -> Value:
    return Value.WIN if score > 0 else Value.LOSS if score < 0 else Value.DRAW


def test_misere_tic_tac_toe_is_a_draw_from_the_centre_only() -> None:
    solution = solve(ttt.Game(misere=True))
    assert solution.value is Value.DRAW
    assert solution.plies == 9
    assert solution.best_moves == ((1, 1),)
    scores = minimax(ttt.Game(misere=True))
    assert max(scores.values()) == 0
    assert [cell for cell, score in scores.items() if score == 0] == [(1, 1)]


@pytest.mark.parametrize("size", [(3, 3, 2), (2, 2, 2), (2, 4, 2), (2, 5, 3), (1, 5, 2), (1, 1, 1)])
def test_values_from_the_empty_board_agree_with_minimax(size: tuple[int, int, int]) -> None:
    rows, cols, k = size
    solution = solve(ttt.Game(rows, cols, k, misere=True))
    scores = minimax(ttt.Game(rows, cols, k, misere=True))
    best = max(scores.values())
    assert solution.value is expected_value(best)
    assert set(solution.best_moves) == {cell for cell, score in scores.items() if score == best}
    empties = rows * cols
    assert solution.plies == (empties if best == 0 else empties - (abs(best) - 1))


def test_three_by_three_with_two_in_a_row_is_lost_by_the_first_player() -> None:
    # the minimax above says so too (test_values_from_the_empty_board_agree_with_minimax)
    solution = solve(ttt.Game(3, 3, 2, misere=True))
    assert (solution.value, solution.plies) == (Value.LOSS, 7)


@settings(max_examples=80)
@given(
    size=st.sampled_from([(3, 3, 3), (3, 3, 2), (3, 4, 3), (4, 3, 3), (4, 4, 4), (4, 4, 3)]),
    seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_the_solver_agrees_with_minimax_on_random_positions(
    size: tuple[int, int, int], seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    rows, cols, k = size
    game = ttt.Game(rows, cols, k, misere=True)
    plies = data.draw(st.integers(max(0, rows * cols - 9), rows * cols - 1))
    for _ in range(plies):
        if game.is_over:
            return
        game.move(*random_cell(game, rng))
    if game.is_over:
        return
    before = game.moves
    solution = solve(game)
    assert game.moves == before
    scores = minimax(game)
    best = max(scores.values())
    assert solution.value is expected_value(best)
    assert set(solution.best_moves) == {cell for cell, score in scores.items() if score == best}
    empties = rows * cols - len(game.moves)
    assert solution.plies == (empties if best == 0 else empties - (abs(best) - 1))


def test_a_finished_misere_game_is_won_by_the_side_to_move() -> None:
    game = ttt.Game.from_rows(["XXX", "OO.", "..."], misere=True)
    solution = solve(game)
    assert (solution.to_move, solution.value, solution.plies) == (ttt.Mark.O, Value.WIN, 0)
    drawn = ttt.Game.from_rows(["XOX", "XOO", "OXX"], misere=True)
    assert solve(drawn).value is Value.DRAW


def test_a_mover_left_only_cells_that_make_its_line_loses_at_once() -> None:
    game = ttt.Game.from_rows(["OXO", "XOX", ".X."], misere=True)  # each cell: O's diagonal
    assert game.turn is ttt.Mark.O
    solution = solve(game)
    assert (solution.value, solution.plies) == (Value.LOSS, 1)
    assert solution.best_moves == ((2, 0), (2, 2))
    assert minimax(game) == {(2, 0): -2, (2, 2): -2}


@pytest.mark.parametrize("seat", [0, 1])
def test_the_perfect_bot_never_loses_misere_tic_tac_toe(seat: int) -> None:
    results: Counter[ttt.Mark | None] = Counter()
    for seed in range(20):
        bots: list[ttt.Player] = [ttt.RandomBot(seed), ttt.RandomBot(seed)]
        bots[seat] = ttt.PerfectBot(seed)
        game = ttt.Game(misere=True)
        ttt.play_match(game, bots)
        results[game.winner] += 1
    perfect = ttt.Game().players[seat]
    assert results[perfect] > 0
    assert sum(n for mark, n in results.items() if mark not in (perfect, None)) == 0


def test_two_perfect_bots_draw_misere_tic_tac_toe() -> None:
    game = ttt.play_match(ttt.Game(misere=True), [ttt.PerfectBot(seed=1), ttt.PerfectBot(seed=2)])
    assert game.status is ttt.Status.DRAW


def test_the_perfect_bot_plays_a_board_beyond_the_solver_without_making_its_line() -> None:
    bot = ttt.PerfectBot(seed=3, limit=ttt.Limit(seconds=0.2, nodes=50))
    game = ttt.Game(6, 6, 4, misere=True)
    rng = random.Random(3)
    while not game.is_over:
        if len(game.moves) % 2:
            game.move(*random_cell(game, rng))
        else:
            game.move(*bot.choose_move(game))
    assert game.winner is not ttt.Mark.O  # a win for O: the bot made its line


@pytest.mark.parametrize("size", [(3, 3, 3), (2, 5, 2), (3, 3, 2), (2, 4, 3)])
def test_counts_are_the_plain_games_with_the_wins_swapped(size: tuple[int, int, int]) -> None:
    plain = ttt.count(*size)
    misere = ttt.count(*size, misere=True)
    assert (misere.games, misere.positions, misere.draws) == (
        plain.games,
        plain.positions,
        plain.draws,
    )
    assert misere.terminal_draws == plain.terminal_draws
    assert misere.wins == plain.wins[::-1]
    assert misere.terminal_wins == plain.terminal_wins[::-1]


@pytest.mark.parametrize("size", [(2, 3, 2), (3, 3, 2), (2, 4, 3)])
def test_counts_agree_with_every_misere_game_played_out(size: tuple[int, int, int]) -> None:
    results: Counter[ttt.Mark | None] = Counter()
    game = ttt.Game(*size, misere=True)

    def walk() -> None:
        for cell in list(game.legal_moves):
            game.move(*cell)
            if game.is_over:
                results[game.winner] += 1
            else:
                walk()
            game.undo()

    walk()
    counts = ttt.count(*size, misere=True)
    assert counts.wins == (results[ttt.Mark.X], results[ttt.Mark.O])
    assert counts.draws == results[None]


def test_misere_counts_are_for_two_players() -> None:
    with pytest.raises(ttt.InvalidGame, match="misère is for two players"):
        ttt.count(4, k=3, players=3, misere=True)
