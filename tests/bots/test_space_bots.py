"""Perfect play and the bots on boards of three or more dimensions.

The solver is checked against a plain minimax over :class:`~tictactoe.SpaceGame` (every legal
move played and taken back, the game's own status the judge), and against the published
value: 3×3×3 tic-tac-toe is a first-player win, from the centre (a classic; OpenSpiel's
solver agrees).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe.solver import Value, solve
from tictactoe.space import SpaceGame


def minimax(game: SpaceGame, memo: dict[str, int]) -> dict[tuple[int, ...], int]:
    """The solver's score of every move: +(empty cells at the end + 1) a win, minus a loss."""
    size = len(game.legal_moves) + len(game.moves)
    found = {}
    mover = game.turn
    for cell in game.legal_moves:
        status = game.move(*cell)
        if status is ttt.Status.WON:
            end = size - len(game.moves) + 1
            found[cell] = end if game.winner is mover else -end
        elif status is ttt.Status.DRAW:
            found[cell] = 0
        else:
            key = str(game)
            if key not in memo:
                memo[key] = max(minimax(game, memo).values())
            found[cell] = -memo[key]
        game.undo()
    return found


def agrees_with_minimax(game: SpaceGame) -> None:
    solution = solve(game, max_empty=None)
    scores = minimax(game, {})
    best = max(scores.values())
    assert solution.value is (Value.WIN if best > 0 else Value.LOSS if best < 0 else Value.DRAW)
    assert set(solution.best_moves) == {cell for cell, score in scores.items() if score == best}


@pytest.mark.parametrize(
    ("shape", "k", "misere"),
    [((2, 2, 2), 2, False), ((2, 2, 3), 2, False), ((2, 2, 2), 2, True), ((1, 3, 3), 3, False)],
)
def test_values_from_the_empty_board_agree_with_minimax(
    shape: tuple[int, ...], k: int, misere: bool
) -> None:
    agrees_with_minimax(SpaceGame(shape, k, misere=misere))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), shape=st.sampled_from([(3, 3, 3, False), (3, 3, 4, True)]))
def test_positions_with_ten_empty_cells_agree_with_minimax(
    seed: int, shape: tuple[int, int, int, bool]
) -> None:
    *sides, exact = shape
    rng = random.Random(seed)
    game = SpaceGame(tuple(sides), 3, exact=exact)
    while len(game.legal_moves) > 10:
        quiet = []
        for cell in game.legal_moves:  # moves that end nothing, so the position stays open
            if game.move(*cell) is ttt.Status.IN_PROGRESS:
                quiet.append(cell)
            game.undo()
        assume(quiet)
        game.move(*rng.choice(quiet))
    agrees_with_minimax(game)


def test_three_by_three_by_three_is_a_first_player_win_from_the_centre() -> None:
    solution = solve(SpaceGame((3, 3, 3)), max_empty=None)
    assert solution.value is Value.WIN
    assert solution.best_moves == ((1, 1, 1),)
    assert solution.plies == 7
    assert solution.to_json()["best_moves"] == [[1, 1, 1]]


def test_the_perfect_bot_wins_three_by_three_by_three_as_first() -> None:
    for seed in range(3):
        game = SpaceGame((3, 3, 3))
        perfect = ttt.PerfectBot(seed, limit=ttt.Limit(seconds=30))
        rival = ttt.RandomBot(seed)
        while not game.is_over:
            player = perfect if game.turn is ttt.Mark.X else rival
            game.move(*player.choose_move(game))
        assert game.winner is ttt.Mark.X


def test_the_heuristic_bot_beats_random_play_on_qubic() -> None:
    for number in range(4):
        game = SpaceGame((4, 4, 4))
        bot = ttt.HeuristicBot(number, limit=ttt.Limit(nodes=2000))
        rival = ttt.RandomBot(number)
        bot_first = number % 2 == 0
        while not game.is_over:
            player = bot if (game.turn is ttt.Mark.X) == bot_first else rival
            game.move(*player.choose_move(game))
        assert game.winner is (ttt.Mark.X if bot_first else ttt.Mark.O)


@pytest.mark.parametrize("options", [{"players": 3}, {"misere": True}, {"exact": True}])
def test_the_bots_play_legal_moves_under_every_option(options: dict[str, object]) -> None:
    rng = random.Random(5)
    game = SpaceGame((3, 3, 3, 3), 3, **options)  # type: ignore[arg-type]
    bot = ttt.HeuristicBot(1, limit=ttt.Limit(nodes=300))
    while not game.is_over:
        cell = bot.choose_move(game) if rng.random() < 0.5 else rng.choice(game.legal_moves)
        assert cell in game.legal_moves
        game.move(*cell)


def test_under_misere_the_heuristic_leaves_its_own_line_alone() -> None:
    game = SpaceGame((3, 3, 3), misere=True)
    for cell in [(0, 0, 0), (2, 2, 1), (0, 0, 1), (2, 1, 2)]:
        game.move(*cell)
    assert game.turn is ttt.Mark.X
    assert ttt.HeuristicBot(0).choose_move(game) != (0, 0, 2)


def test_a_finished_game_has_no_move() -> None:
    game = SpaceGame((2, 2, 2), 2)
    game.move(0, 0, 0)
    game.move(1, 1, 1)
    game.move(0, 0, 1)
    for bot in (ttt.HeuristicBot(0), ttt.PerfectBot(0)):
        with pytest.raises(ttt.GameOver):
            bot.choose_move(game)
    assert solve(game).value is Value.LOSS
