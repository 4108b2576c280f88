"""Boards of three or more dimensions: SpaceGame against a brute-force referee and against Game.

The referee scans every window of k cells along every direction of the whole board after each
move; on two dimensions a SpaceGame must also play exactly as :class:`~tictactoe.Game` does:
the same statuses, winners and winning lines, move for move. OpenSpiel's ``gomoku`` with
``dims=3`` is a further oracle (``test_openspiel_variants.py``).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe.space import SpaceGame


def referee_winners(game: SpaceGame, cells: dict[tuple[int, ...], ttt.Mark]) -> set[ttt.Mark]:
    """The marks that hold k in a row (exactly k under the exact rule) anywhere."""
    shape, k = game.shape, game.k
    steps = [step for step in itertools.product((-1, 0, 1), repeat=len(shape)) if any(step)]
    found = set()
    for start in itertools.product(*(range(side) for side in shape)):
        mark = cells.get(start)
        if mark is None:
            continue
        for step in steps:
            run = [start]
            while True:
                nxt = tuple(a + b for a, b in zip(run[-1], step, strict=True))
                if cells.get(nxt) is not mark:
                    break
                run.append(nxt)
            before = tuple(a - b for a, b in zip(start, step, strict=True))
            if cells.get(before) is mark:
                continue  # not the start of its run
            if len(run) == k or (len(run) > k and not game.exact):
                found.add(mark)
    return found


@pytest.mark.parametrize(
    ("shape", "k", "players", "exact", "games"),
    [
        ((3, 3, 3), 3, 2, False, 300),
        ((4, 4, 4), 4, 2, False, 150),
        ((3, 4, 5), 3, 3, False, 100),
        ((5, 5, 5), 4, 2, True, 60),
        ((2, 3, 2, 3), 2, 2, False, 100),
        ((3, 3, 3, 3), 3, 2, False, 40),
    ],
)
def test_every_move_is_judged_as_the_referee_reads_it(
    shape: tuple[int, ...], k: int, players: int, exact: bool, games: int
) -> None:
    rng = random.Random(f"space {shape} {k} {players} {exact}")
    for _ in range(games):
        game = SpaceGame(shape, k, players=players, exact=exact)
        cells: dict[tuple[int, ...], ttt.Mark] = {}
        while not game.is_over:
            cell = rng.choice(game.legal_moves)
            mover = game.turn
            status = game.move(*cell)
            cells[cell] = mover
            winners = referee_winners(game, cells)
            if winners:
                assert winners == {mover}
                assert status is ttt.Status.WON
                assert game.winner is mover
                line = game.winning_line
                assert line is not None
                assert cell in line
                assert all(cells[point] is mover for point in line)
            elif len(cells) == len(list(itertools.product(*map(range, shape)))):
                assert status is ttt.Status.DRAW
            else:
                assert status is ttt.Status.IN_PROGRESS


@pytest.mark.parametrize(
    ("rows", "cols", "k", "exact", "misere"),
    [
        (3, 3, 3, False, False),
        (6, 7, 4, False, False),
        (9, 9, 5, True, False),
        (4, 4, 3, False, True),
    ],
)
def test_two_dimensions_play_exactly_as_game(
    rows: int, cols: int, k: int, exact: bool, misere: bool
) -> None:
    rng = random.Random(f"plane {rows} {cols} {k}")
    for _ in range(100):
        plane = ttt.Game(rows, cols, k, exact=exact, misere=misere)
        space = SpaceGame((rows, cols), k, exact=exact, misere=misere)
        while not plane.is_over:
            cell = rng.choice(sorted(plane.legal_moves))
            assert space.move(*cell) is plane.move(*cell)
            assert space.winner is plane.winner
            assert space.winning_line == plane.winning_line
            assert sorted(space.legal_moves) == sorted(plane.legal_moves)


def test_a_refused_move_changes_nothing() -> None:
    game = SpaceGame((3, 3, 3))
    game.move(1, 1, 1)
    before = (game.moves, str(game), game.turn)
    with pytest.raises(ttt.CellTaken, match=r"\(1, 1, 1\) is taken by X"):
        game.move(1, 1, 1)
    with pytest.raises(ttt.OffBoard, match="has 2 coordinates; the 3×3×3 board has 3"):
        game.move(1, 1)
    with pytest.raises(ttt.OffBoard, match=r"\(3, 0, 0\) is off the 3×3×3 board"):
        game.move(3, 0, 0)
    with pytest.raises(ttt.WrongType):
        game.move(1, "2", 0)  # type: ignore[arg-type]
    assert (game.moves, str(game), game.turn) == before


@pytest.mark.parametrize(
    ("shape", "k", "message"),
    [
        ((3,), None, "2 to 6 dimensions, not 1"),
        ((2,) * 7, None, "2 to 6 dimensions, not 7"),
        ((3, 0, 3), None, "every side must be at least 1"),
        ((3, 3, 3), 4, "k=4 must be between 1 and 3"),
        ((1000, 1000, 2), None, "more than 1,000,000 cells"),
    ],
)
def test_a_bad_shape_is_refused(shape: tuple[int, ...], k: int | None, message: str) -> None:
    with pytest.raises(ttt.InvalidGame, match=message):
        SpaceGame(shape, k)


def test_a_shape_must_be_a_sequence() -> None:
    with pytest.raises(ttt.WrongType, match="shape must be a sequence"):
        SpaceGame("444")  # type: ignore[arg-type]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 64))
def test_undo_restores_and_copy_goes_its_own_way(seed: int, cut: int) -> None:
    rng = random.Random(seed)
    game = SpaceGame((4, 4, 4), misere=seed % 2 == 0)
    states = [(str(game), game.status, game.winner, game.turn)]
    while not game.is_over and len(game.moves) < cut:
        game.move(*rng.choice(game.legal_moves))
        states.append((str(game), game.status, game.winner, game.turn))
    twin = game.copy()
    if not twin.is_over:
        twin.move(*rng.choice(twin.legal_moves))
        assert (str(game), game.status, game.winner, game.turn) == states[-1]
    while game.moves:
        game.undo()
        states.pop()
        assert (str(game), game.status, game.winner, game.turn) == states[-1]
    with pytest.raises(ttt.NothingToUndo):
        game.undo()


def test_four_dimensions_draw_as_bands_of_planes() -> None:
    game = SpaceGame((2, 2, 2, 2))
    game.move(1, 0, 1, 1)
    assert game.layers_text() == ["..  ..", "..  ..", "", "..  ..", ".X  .."]
    assert "2×2×2×2 k=2" in repr(game)
