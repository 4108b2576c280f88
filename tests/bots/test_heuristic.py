"""HeuristicBot: never misses a win in one, always blocks a loss in one, beats random play."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import judge, marks_of, random_position

import tictactoe as ttt

BOARDS = [(15, 15, 5, 2), (7, 7, 4, 2), (3, 3, 3, 2), (9, 6, 4, 3), (None, None, 4, 2)]


def wins_in_one(game: ttt.Game, mark: ttt.Mark) -> set[ttt.Cell]:
    """Free cells where ``mark`` would complete a line, by the brute-force referee."""
    cells = marks_of(game)
    candidates = {(r + dr, c + dc) for r, c in cells for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    found = set()
    for cell in candidates:
        if cell in cells or cell not in game.legal_moves:
            continue
        if judge({**cells, cell: mark}, game.k, cell).winner is mark:
            found.add(cell)
    return found


@settings(max_examples=150)
@given(shape=st.sampled_from(BOARDS), seed=st.integers(0, 2**32))
def test_takes_a_win_or_blocks_the_next_players_win(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    game = random_position(shape, seed)
    if game.is_over:
        return
    before = (str(game), game.moves)
    choice = ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=30)).choose_move(game)
    assert (str(game), game.moves) == before
    assert choice in game.legal_moves
    mine = wins_in_one(game, game.turn)
    if mine:
        assert choice in mine
        return
    following = game.players[(game.players.index(game.turn) + 1) % len(game.players)]
    threats = wins_in_one(game, following)
    if threats:
        assert choice in threats


def test_plays_the_centre_of_an_empty_board_and_anywhere_on_the_unbounded_grid() -> None:
    assert ttt.HeuristicBot(1).choose_move(ttt.Game(15, k=5)) == (7, 7)
    assert ttt.HeuristicBot(1).choose_move(ttt.Game.unbounded(5)) in {
        (r, c) for r in (-1, 0, 1) for c in (-1, 0, 1)
    }


def test_a_win_far_from_the_last_moves_is_taken_and_blocked() -> None:
    # X's gapped four (XX.XX) lies far from where play has moved on to
    game = ttt.Game.unbounded(5)
    x_moves = [(0, 0), (0, 1), (0, 3), (0, 4), (45, 45), (45, 47)]
    o_moves = [(50, 50), (50, 52), (50, 54), (-40, 40), (-40, 42), (-38, 40)]
    for x_cell, o_cell in zip(x_moves, o_moves, strict=True):
        game.move(*x_cell)
        game.move(*o_cell)
    assert ttt.HeuristicBot(1).choose_move(game) == (0, 2)
    game.move(47, 45)  # X looks elsewhere: O must block at (0, 2)
    assert ttt.HeuristicBot(1).choose_move(game) == (0, 2)


def test_a_finished_game_has_no_move_to_choose() -> None:
    with pytest.raises(ttt.GameOver, match="over"):
        ttt.HeuristicBot().choose_move(ttt.Game.from_rows(["XXX", "OO.", "..."]))


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"nodes": 0}, ttt.InvalidArgument, "nodes must be at least 1"),
        ({"depth": -1}, ttt.InvalidArgument, "depth must be at least 1"),
        ({"width": 0}, ttt.InvalidArgument, "width must be at least 1"),
        ({"nodes": 2.5}, ttt.WrongType, "nodes must be an int"),
        ({"depth": True}, ttt.WrongType, "depth must be an int"),
        ({"seconds": 0}, ttt.InvalidArgument, "greater than 0"),
        ({"seconds": -1.0}, ttt.InvalidArgument, "greater than 0"),
        ({"seconds": float("nan")}, ttt.InvalidArgument, "finite"),
        ({"seconds": float("inf")}, ttt.InvalidArgument, "finite"),
        ({"seconds": "1"}, ttt.WrongType, "seconds must be a number"),
        ({"clock": 3.0}, ttt.WrongType, "clock must be a callable"),
    ],
)
def test_bad_budgets_are_refused(options: dict[str, object], error: type, message: str) -> None:
    limits = {name: options.pop(name) for name in ("seconds", "nodes") if name in options}
    with pytest.raises(error, match=message):
        ttt.HeuristicBot(limit=ttt.Limit(**limits), **options)  # type: ignore[arg-type]


def test_beats_random_play_on_15x15_five_in_a_row() -> None:
    wins = 0
    for seed in range(100):
        game = ttt.Game(15, k=5)
        outcome = ttt.play_match(
            game, [ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=40)), ttt.RandomBot(seed)]
        )
        wins += outcome.winner is ttt.Mark.X
    assert wins >= 95


def test_holds_its_own_on_the_unbounded_grid() -> None:
    wins = 0
    for seed in range(10):
        game = ttt.Game.unbounded(5)
        outcome = ttt.play_match(
            game, [ttt.RandomBot(seed), ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=40))]
        )
        wins += outcome.winner is ttt.Mark.O
    assert wins >= 9
