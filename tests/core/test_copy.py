"""Game.copy() duplicates the state: the copy and the original never affect each other."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import judge, marks_of, new_game, random_cell
from support.snapshots import full_state

import tictactoe as ttt

SHAPES = [(3, 3, 3, 2), (4, 4, 4, 3), (15, 15, 5, 2), (5, 8, 4, 2), (None, None, 4, 2)]


def replayed(game: ttt.Game) -> ttt.Game:
    """The same game rebuilt from scratch through move(), the brute-force way."""
    rows, cols = game.rows, game.cols
    players = len(game.players)
    if rows is None or cols is None:
        fresh = ttt.Game.unbounded(game.k, players=players, early_draw=game.early_draw)
    else:
        fresh = ttt.Game(rows, cols, game.k, players=players, early_draw=game.early_draw)
    for move in game.moves:
        fresh.move(move.row, move.col)
    return fresh


def play_some(game: ttt.Game, rng: random.Random, count: int) -> None:
    for _ in range(count):
        if game.is_over:
            if rng.random() < 0.5:
                game.undo()
            return
        if game.moves and rng.random() < 0.2:
            game.undo()
        else:
            game.move(*random_cell(game, rng))


def agrees_with_a_replay(game: ttt.Game) -> None:
    assert full_state(game) == full_state(replayed(game))
    last = game.last_move
    assert game.winner is judge(marks_of(game), game.k, last and last.cell).winner


@settings(max_examples=60)
@given(
    shape=st.sampled_from(SHAPES),
    seed=st.integers(0, 2**32),
    early_draw=st.booleans(),
    ask_first=st.booleans(),
)
def test_a_copy_and_its_original_go_their_own_ways(
    shape: tuple[int | None, int | None, int, int], seed: int, early_draw: bool, ask_first: bool
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = new_game(rows, cols, k, players)
    if early_draw and rows is not None and cols is not None:
        game = ttt.Game(rows, cols, k, players=players, early_draw=True)
    play_some(game, rng, rng.randrange(0, 20))
    if ask_first:
        _ = game.is_draw_certain  # starts the detector's lazy counts before the copy
    before = full_state(game)
    twin = game.copy()
    assert full_state(twin) == before
    play_some(twin, rng, 12)
    assert full_state(game) == before  # nothing done to the copy shows in the original
    copied = full_state(twin)
    play_some(game, rng, 12)
    assert full_state(twin) == copied  # nor the other way round
    agrees_with_a_replay(game)
    agrees_with_a_replay(twin)


def test_a_copy_has_its_own_lock_and_legal_moves() -> None:
    game = ttt.Game()
    game.move(1, 1)
    twin = game.copy()
    assert twin._lock is not game._lock
    twin.move(0, 0)
    assert (0, 0) in game.legal_moves
    assert (0, 0) not in twin.legal_moves
    assert len(game.legal_moves) == 8
    assert len(twin.legal_moves) == 7
