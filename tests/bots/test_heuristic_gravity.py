"""The heuristic bot under gravity: only landing cells, wins taken, threats blocked, the odd
and even rows of Connect Four's endgames; against random play it wins (slow test).

Its strength against the gravity-blind bot it was is measured by
``tools/gravity_strength.py`` (figures in docs/research.md).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe.heuristic import HeuristicBot


def bot(seed: int = 0, nodes: int = 2000) -> HeuristicBot:
    return HeuristicBot(seed, limit=ttt.Limit(nodes=nodes))


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    shape=st.sampled_from(
        [
            (6, 7, 4, {}),
            (5, 6, 4, {"misere": True}),
            (6, 7, 4, {"exact": True}),
            (6, 7, 4, {"players": 3}),
            (5, 5, 3, {"torus": True}),
        ]
    ),
)
def test_every_move_is_a_landing_cell(
    seed: int, shape: tuple[int, int, int, dict[str, object]]
) -> None:
    rows, cols, k, options = shape
    rng = random.Random(seed)
    game = ttt.Game(rows, cols, k, gravity=True, **options)  # type: ignore[arg-type]
    player = bot(seed, nodes=300)
    while not game.is_over:
        if rng.random() < 0.5:
            cell = player.choose_move(game)
            assert cell in game.legal_moves
        else:
            cell = rng.choice(sorted(game.legal_moves))
        game.move(*cell)


def test_a_win_is_taken_and_a_threat_is_blocked() -> None:
    game = ttt.Game.from_rows(
        [".......", ".......", ".......", ".......", "O......", "OXXX..O"], k=4, gravity=True
    )
    assert game.turn is ttt.Mark.X
    assert bot().choose_move(game) == (5, 4)
    blocking = ttt.Game.from_rows(
        [".......", ".......", ".......", "X......", "XO.....", "XOO...X"], k=4, gravity=True
    )
    assert blocking.turn is ttt.Mark.O
    assert bot().choose_move(blocking) == (2, 0)


def test_the_cell_under_a_rival_win_is_left_alone() -> None:
    # O's three on row 4 waits for (4, 3): X playing (5, 3) would let O drop onto it
    game = ttt.Game.from_rows(
        [".......", ".......", ".......", ".......", "OOO....", "XXO.X.X"], k=4, gravity=True
    )
    assert game.turn is ttt.Mark.X
    chosen = bot().choose_move(game)
    assert chosen != (5, 3)
    game.move(*chosen)
    for cell in game.legal_moves:
        assert game.copy().move(*cell) is not ttt.Status.WON, f"{chosen} lets O win at {cell}"


def test_under_misere_its_own_line_is_avoided_while_it_can_be() -> None:
    rows = [".......", ".......", ".......", ".......", "OO.....", "XXX.O.."]
    game = ttt.Game.from_rows(rows, k=4, gravity=True, misere=True)
    assert game.turn is ttt.Mark.X
    assert bot().choose_move(game) != (5, 3)


@pytest.mark.slow
def test_it_beats_random_play_every_game() -> None:
    for number in range(10):
        rng = random.Random(number)
        game = ttt.Game(6, 7, k=4, gravity=True)
        player = bot(number)
        bot_first = number % 2 == 0
        while not game.is_over:
            if (game.turn is ttt.Mark.X) == bot_first:
                game.move(*player.choose_move(game))
            else:
                game.move(*rng.choice(sorted(game.legal_moves)))
        assert game.winner is (ttt.Mark.X if bot_first else ttt.Mark.O)
