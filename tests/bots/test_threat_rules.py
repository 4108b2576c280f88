"""The threat bot under renju and caro: its board against the brute-force referee, its moves.

The referee (``support.renju_oracle``) shares nothing with the bot: it says which cells win
for each side and which are forbidden to Black, and the bot's search board must agree after
every move of random games. The positions below are each a case the rules decide and
freestyle play does not: a four whose five-point Black may not take, Black's winning fork
that renju forbids, a caro five closed at both ends.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.renju_oracle import BLACK, WHITE, caro_wins, is_forbidden, renju_verdict

import tictactoe as ttt
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.tactics import makers
from tictactoe.heuristic import HeuristicBot
from tictactoe.threat import ThreatBot
from tictactoe.threats import win_by_threats

SIZE = 15


def stones_of(game: ttt.Game) -> dict[ttt.Cell, int]:
    """The game's stones as the referee reads them: 1 Black, 2 White."""
    return {move.cell: game.players.index(move.mark) + 1 for move in game.moves}


def wins(game: ttt.Game, cell: ttt.Cell, player: int) -> bool:
    """Whether ``player``'s stone on ``cell`` wins, as the referee rules."""
    stones, rows, cols = stones_of(game), game.rows or 0, game.cols or 0
    if game.rule.startswith("caro"):
        overline = game.rule == "caro-overline"
        return caro_wins(stones, rows, cols, cell, player, overline_wins=overline)
    return renju_verdict(stones, rows, cols, cell, player) == "five"


def random_game(rule: str, seed: int, moves: int) -> ttt.Game:
    """A game of up to ``moves`` random legal moves near the centre, stopped if it ends."""
    rng = random.Random(seed)
    game = ttt.Game(SIZE, k=5, rule=rule)
    while len(game.moves) < moves and not game.is_over:
        near = [
            cell
            for cell in game.legal_moves
            if abs(cell[0] - SIZE // 2) <= 3 and abs(cell[1] - SIZE // 2) <= 3
        ]
        if not near:
            break
        game.move(*rng.choice(near))
    return game


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["renju", "caro", "caro-overline"]), st.integers(0, 2**32), st.integers(8, 40)
)
def test_the_board_finds_the_fives_and_forbidden_points_the_referee_finds(
    rule: str, seed: int, moves: int
) -> None:
    game = random_game(rule, seed, moves)
    if game.is_over:
        return
    board = PatternBoard.from_game(game)
    for index in sorted(board.candidates):
        cell = board.cell(index)
        for player in (BLACK, WHITE):
            assert (index in board.fives[player]) == wins(game, cell, player), (cell, player)
        if rule == "renju":
            verdict = is_forbidden(stones_of(game), SIZE, SIZE, cell)
            assert board.is_forbidden(index) == (verdict is not None), cell
        else:
            assert not board.is_forbidden(index)


@pytest.mark.slow
@pytest.mark.parametrize("rule", ["renju", "caro", "caro-overline"])
def test_every_move_of_the_bot_is_legal_under_the_rule(rule: str) -> None:
    """Full games against the heuristic bot, each side in turn: the game refuses nothing."""
    for seed in range(4):
        game = random_game(rule, seed, 6)
        bots = [
            ThreatBot(seed, limit=ttt.Limit(nodes=400)),
            HeuristicBot(seed, limit=ttt.Limit(nodes=200)),
        ]
        if seed:
            bots.reverse()
        while not game.is_over:
            game.move(*bots[len(game.moves) % 2].choose_move(game))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32), st.integers(10, 40))
def test_black_never_chooses_a_forbidden_point(seed: int, moves: int) -> None:
    game = random_game("renju", seed, moves)
    if game.is_over or game.turn is not game.players[0]:
        return
    cell = ThreatBot(seed, limit=ttt.Limit(nodes=300)).choose_move(game)
    assert game.forbidden(*cell) is None


def fork() -> list[str]:
    """Black (X) to move: (7, 7) makes two fours at once, its only win, forbidden under renju.

    Each four is closed at its far end, so no other cell makes an open four or two fours.
    """
    rows = ["." * SIZE for _ in range(SIZE)]
    rows[3] = "." * 7 + "O" + "." * 7
    for row in (4, 5, 6):
        rows[row] = "." * 7 + "X" + "." * 7
    rows[7] = "...OXXX........"
    rows[0] = "..............O"
    rows[14] = "O......O......O"
    return rows


def test_black_leaves_the_forbidden_double_four_that_wins_at_freestyle() -> None:
    freestyle = ttt.Game.from_rows(fork(), k=5)
    renju = ttt.Game.from_rows(fork(), k=5, rule="renju")
    assert renju.forbidden(7, 7) == "double four"
    bot = ThreatBot(1, limit=ttt.Limit(nodes=2000))
    assert bot.choose_move(freestyle) == (7, 7)
    assert bot.last is not None
    assert bot.last.reason == "open four"
    bot = ThreatBot(1, limit=ttt.Limit(nodes=2000))
    cell = bot.choose_move(renju)
    assert cell != (7, 7)
    assert renju.forbidden(*cell) is None


def trap() -> list[str]:
    """White (O) to move: its four on (6, 6) has one five-point, (7, 7), Black's double three.

    Black's (2, 2) closes the diagonal's other end.
    """
    rows = ["." * SIZE for _ in range(SIZE)]
    rows[2] = "..X............"
    rows[3] = "...O..........."
    rows[4] = "....O.........."
    rows[5] = ".....O.X......."
    rows[6] = ".......X......."
    rows[7] = ".....XX........"
    rows[14] = "..............O"
    return rows


def test_white_wins_by_a_four_whose_five_point_black_may_not_take() -> None:
    game = ttt.Game.from_rows(trap(), k=5, rule="renju")
    assert game.turn is game.players[1]
    assert win_by_threats(game, fours_only=True) == [(6, 6), (7, 7)]
    freestyle = ttt.Game.from_rows(trap(), k=5)
    assert win_by_threats(freestyle, fours_only=True) is None
    white, black = (ThreatBot(seed, limit=ttt.Limit(nodes=2000)) for seed in (1, 2))
    assert white.choose_move(game) == (6, 6)
    assert white.last is not None
    assert white.last.reason == "vcf"
    game.move(6, 6)
    assert game.forbidden(7, 7) == "double three"
    game.move(*black.choose_move(game))
    game.move(*white.choose_move(game))
    assert game.winner is game.players[1]


def test_the_board_lists_no_forbidden_point_among_blacks_winning_cells() -> None:
    board = PatternBoard.from_game(ttt.Game.from_rows(fork(), k=5, rule="renju"))
    freestyle = PatternBoard.from_game(ttt.Game.from_rows(fork(), k=5))
    assert makers(freestyle, 1) == [freestyle.index((7, 7))]
    assert makers(board, 1) == []
    assert board.index((7, 7)) in board.fours[1]  # the line patterns alone still see it


def closed() -> list[str]:
    """White (O) to move: X's four on row 7 can only make five between two O stones."""
    rows = ["." * SIZE for _ in range(SIZE)]
    rows[7] = "..OXXXX.O......"
    rows[0] = "X......O......O"
    rows[14] = "O.............X"
    return rows


def test_a_caro_five_closed_at_both_ends_is_no_threat() -> None:
    caro = ttt.Game.from_rows(closed(), k=5, rule="caro")
    freestyle = ttt.Game.from_rows(closed(), k=5)
    assert caro.turn is caro.players[1]
    assert PatternBoard.from_game(caro).fives[1] == set()
    board = PatternBoard.from_game(freestyle)
    assert board.fives[1] == {board.index((7, 7))}
    bot = ThreatBot(1, limit=ttt.Limit(nodes=500))
    assert bot.choose_move(freestyle) == (7, 7)
    bot = ThreatBot(1, limit=ttt.Limit(nodes=500))
    bot.choose_move(caro)
    assert bot.last is not None
    assert bot.last.reason != "block"


def five_and_overline() -> list[str]:
    """Black (X) to move with two fives on row 7: (7, 2) also makes seven in column 2."""
    rows = ["." * SIZE for _ in range(SIZE)]
    for row in (4, 5, 6, 8, 9, 10):
        rows[row] = "..X" + "." * 12
    rows[7] = "...XXXX........"
    rows[0] = "O.O.O.O.O.O.O.O"
    rows[14] = "O.O............"
    return rows


def test_black_wins_by_the_five_that_makes_no_overline_when_it_may_choose() -> None:
    game = ttt.Game.from_rows(five_and_overline(), k=5, rule="renju")
    bot = ThreatBot(1, limit=ttt.Limit(nodes=100))
    assert bot.choose_move(game) == (7, 7)
    game.move(7, 2)  # the core rules the other five a win all the same
    assert game.winner is game.players[0]
