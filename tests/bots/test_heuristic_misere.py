"""The heuristic bot under misère, and who plays misère: the bots never play it as the plain game.

Under misère the heuristic bot plays the inverted heuristic: never a cell that makes its own
line while another is free, the rival's such cells left to the rival. The threat bot's threats
are lines to make, so it hands misère to the heuristic bot, as ``best`` does.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import STEPS, random_cell

import tictactoe as ttt
from tictactoe import specs

SHAPES = [(3, 3, 3), (5, 5, 4), (6, 7, 4), (9, 9, 5), (None, None, 4)]


def misere_game(rows: int | None, cols: int | None, k: int, *, exact: bool = False) -> ttt.Game:
    if rows is None or cols is None:
        return ttt.Game.unbounded(k, exact=exact, misere=True)
    return ttt.Game(rows, cols, k, exact=exact, misere=True)


def makes_line(game: ttt.Game, cell: ttt.Cell, mark: ttt.Mark) -> bool:
    """Whether ``mark`` at the free ``cell`` would make k or more in a row through it.

    Counted cell by cell through the public API, apart from the bot's own reading of lines.
    """
    row, col = cell
    for d_row, d_col in STEPS:
        length = 1
        for sign in (1, -1):
            at_row, at_col = row + sign * d_row, col + sign * d_col
            while length < game.k and owner(game, at_row, at_col) is mark:
                length += 1
                at_row, at_col = at_row + sign * d_row, at_col + sign * d_col
        if length >= game.k:
            return True
    return False


def owner(game: ttt.Game, row: int, col: int) -> ttt.Mark | None:
    """The mark at a cell, None for an empty one or one off the board."""
    try:
        return game.cell(row, col)
    except ttt.OffBoard:
        return None


def free_cells(game: ttt.Game) -> list[ttt.Cell]:
    """Every free cell of a bounded board; those near the marks on the unbounded grid."""
    return game.legal_moves.near(3) if game.is_unbounded else list(game.legal_moves)


@settings(max_examples=60)
@given(shape=st.sampled_from(SHAPES), exact=st.booleans(), seed=st.integers(0, 2**32))
def test_it_never_makes_its_own_line_while_another_cell_is_free(
    shape: tuple[int | None, int | None, int], exact: bool, seed: int
) -> None:
    rows, cols, k = shape
    rng = random.Random(seed)
    bot = ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=30))
    game = misere_game(rows, cols, k, exact=exact)
    while not game.is_over and len(game.moves) < 50:
        if rng.random() < 0.5:
            game.move(*random_cell(game, rng, spread=3))
            continue
        before = game.moves
        cell = bot.choose_move(game)
        assert game.moves == before
        me, rival = game.turn, game.players[1 - game.players.index(game.turn)]
        safe = [free for free in free_cells(game) if not makes_line(game, free, me)]
        if safe:
            assert not makes_line(game, cell, me)
        near = game.legal_moves.near(2)
        if any(not makes_line(game, c, me) and not makes_line(game, c, rival) for c in near):
            assert not makes_line(game, cell, rival)  # the rival's losing cell is left to it
        game.move(*cell)


@pytest.mark.parametrize(("rows", "cols", "k"), [(5, 5, 4), (7, 7, 4), (9, 9, 5)])
def test_it_beats_the_random_bot(rows: int, cols: int, k: int) -> None:
    tally: Counter[str] = Counter()
    for seed in range(10):
        heuristic = ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=30))
        seats: list[ttt.Player] = [heuristic, ttt.RandomBot(seed)]
        if seed % 2:
            seats.reverse()
        game = ttt.Game(rows, cols, k, misere=True)
        ttt.play_match(game, seats)
        winner = None if game.winner is None else seats[game.players.index(game.winner)]
        tally["heuristic" if winner is heuristic else "draw" if winner is None else "random"] += 1
    assert tally["heuristic"] >= 8, tally


@pytest.mark.parametrize("spec", ["heuristic", "threat", "perfect", "best", "random"])
def test_every_bot_plays_misere_games_to_their_end(spec: str) -> None:
    for rows, cols, k in [(3, 3, 3), (4, 4, 3), (7, 7, 4)]:
        game = ttt.Game(rows, cols, k, misere=True)
        if spec == "perfect" and specs.refusal(spec, game) is not None:
            continue  # perfect play is offered on small boards only, misère or not
        limit = ttt.Limit(seconds=0.2, nodes=20)
        bots = [specs.player(spec, game, seed=seed, limit=limit) for seed in (1, 2)]
        assert ttt.play_match(game, bots).is_over


def test_the_threat_bot_hands_misere_to_the_heuristic_bot() -> None:
    game = ttt.Game(15, k=5, misere=True)
    game.move(7, 7)
    assert not ttt.ThreatBot.plays(game)
    assert ttt.ThreatBot.plays(ttt.Game(15, k=5))
    bot = ttt.ThreatBot(seed=1, limit=ttt.Limit(nodes=20))
    cell = bot.choose_move(game)
    assert bot.last is not None
    assert (bot.last.reason, bot.last.move) == ("fallback", cell)
    assert cell in game.legal_moves


def test_best_plays_misere_perfectly_where_it_can_else_by_the_heuristic() -> None:
    assert specs.best(ttt.Game(misere=True)) == "perfect"
    assert specs.best(ttt.Game(15, k=5, misere=True)) == "heuristic"
    assert specs.best(ttt.Game.unbounded(5, misere=True)) == "heuristic"


def test_engines_are_refused_misere() -> None:
    reason = specs.refusal("engine:./pbrain-x", ttt.Game(15, k=5, misere=True))
    assert reason is not None
    assert "misère" in reason
    with pytest.raises(ttt.InvalidGame, match="not misère"):
        specs.player("engine:./pbrain-x", ttt.Game(15, k=5, misere=True))
