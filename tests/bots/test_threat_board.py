"""The threat bot's search board, move by move against the Game and a brute-force scan."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import judge, marks_of, new_game

import tictactoe as ttt
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.params import Params
from tictactoe._threat.patterns import BLOCK4, FIVE, FLEX3, FLEX4, PatternTable, level_of
from tictactoe._threat.scoring import EFFECTS_KEPT, FIVE_CELL, FOUR_CELL, WIN_CELL, scoring
from tictactoe._threat.tactics import answers_to_three

SHAPES = [(15, 15, 5, False), (9, 12, 4, False), (11, 11, 6, False), (13, 13, 5, True)]
SHAPES += [(None, None, 5, False), (None, None, 4, True)]
STEPS = ((0, 1), (1, 0), (1, 1), (1, -1))


def started(shape: tuple) -> ttt.Game:
    """A game of ``shape`` (rows, cols, k, exact) with its first stone in the middle."""
    rows, cols, k, exact = shape
    game = new_game(rows, cols, k, 2, exact=exact)
    game.move(0, 0) if rows is None else game.move(rows // 2, cols // 2)
    return game


def is_on(game: ttt.Game, cell: ttt.Cell, board: PatternBoard) -> bool:
    """On the board; on the grid, inside the board's window (its edge is a wall to it)."""
    row, col = cell
    if game.rows is not None and game.cols is not None:
        return 0 <= row < game.rows and 0 <= col < game.cols
    return board.is_inside(cell)


def line_of(
    game: ttt.Game, board: PatternBoard, cell: ttt.Cell, step: ttt.Cell, mark: ttt.Mark
) -> tuple[int, ...]:
    """The cells along one line as level_of reads them: 0 free, 1 ``mark``'s, 2 blocked."""
    row, col = cell
    codes = []
    for offset in range(-board.reach, board.reach + 1):
        spot = (row + offset * step[0], col + offset * step[1])
        if not is_on(game, spot, board):
            codes.append(2)
        elif offset == 0 or game.cell(*spot) is None:
            codes.append(0)
        else:
            codes.append(1 if game.cell(*spot) is mark else 2)
    return tuple(codes)


def makes_five(game: ttt.Game, cell: ttt.Cell, mark: ttt.Mark) -> bool:
    """Brute force: would ``mark`` on ``cell`` win (whoever's turn it is)."""
    cells = marks_of(game) | {cell: mark}
    return judge(cells, game.k, cell, exact=game.exact).winner is mark


def check(board: PatternBoard, game: ttt.Game) -> None:
    """Every free cell near the stones: levels, fives and fours as a fresh scan finds them."""
    for cell in sorted(board.cell(index) for index in board.candidates):
        index = board.index(cell)
        for player, mark in enumerate(game.players, 1):
            levels = [
                level_of(line_of(game, board, cell, step, mark), game.k, exact=game.exact)
                for step in STEPS
            ]
            assert [board.level(index, d, player) for d in range(4)] == levels, cell
            assert (index in board.fives[player]) == makes_five(game, cell, mark), cell
            is_four = FIVE not in levels and (
                FLEX4 in levels or sum(level >= BLOCK4 for level in levels) >= 1
            )
            assert (index in board.fours[player]) == is_four, cell
            has_three = not is_four and FIVE not in levels and FLEX3 in levels
            assert (index in board.threes[player]) == has_three, cell
    fresh = PatternBoard(game.k, board.rows, board.cols, exact=game.exact, origin=board.origin)
    for move in game.moves:
        if board.is_inside(move.cell):
            fresh.play(fresh.index(move.cell), game.players.index(move.mark) + 1)
    assert board.total[1:] == fresh.total[1:]


@pytest.mark.slow
@settings(max_examples=30)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_board_agrees_with_the_game_move_by_move(shape: tuple, seed: int) -> None:
    rng = random.Random(seed)
    game = started(shape)
    board = PatternBoard.from_game(game)
    for _ in range(rng.randrange(5, 40)):
        moves = sorted(board.cell(index) for index in board.candidates)
        cell = rng.choice(moves)
        player = board.to_move
        won = board.play(board.index(cell), player)
        status = game.move(*cell)
        assert won == (status is ttt.Status.WON)
        if game.is_over:
            break
        check(board, game)
    while game.moves:
        game.undo()
        board.undo()
        if rng.random() < 0.2 and game.moves:
            check(board, game)
    assert board.moves == []


def test_a_four_and_an_open_four_are_told_apart() -> None:
    rows = ["." * 15 for _ in range(15)]
    rows[1] = ".XXX..........."
    rows[2] = "OXXX..........."
    rows[14] = "O.O.O.........O"
    rows[12] = "..............O"
    game = ttt.Game.from_rows(rows, k=5)
    board = PatternBoard.from_game(game)
    assert board.threat[1][board.index((1, 4))] == WIN_CELL
    assert board.threat[1][board.index((1, 0))] == FOUR_CELL  # the edge closes it
    assert board.threat[1][board.index((2, 4))] == FOUR_CELL
    assert board.index((2, 4)) in board.fours[1]
    game.move(1, 4)
    game.move(0, 0)
    board = PatternBoard.from_game(game)
    assert board.threat[1][board.index((1, 5))] == FIVE_CELL


def test_a_huge_board_or_far_stones_get_a_window_around_the_last_move() -> None:
    game = ttt.Game(1000, k=5)
    game.move(500, 500)
    board = PatternBoard.from_game(game)
    assert board.rows * board.cols < 2000
    assert board.index((500, 500)) in board.moves
    far = ttt.Game.unbounded(5)
    for cell in [(0, 0), (10**9, 10**9), (1, 1), (10**9 + 1, 10**9 + 1)]:
        far.move(*cell)
    board = PatternBoard.from_game(far)
    assert board.is_inside((10**9, 10**9))
    assert not board.is_inside((0, 0))
    assert board.to_move == 1  # two stones left out: still X to move
    assert board.candidates


def same_threats(board: PatternBoard, twin: PatternBoard) -> None:
    """The fives, fours, open threes, threat classes and full values of two boards agree."""
    empty = [index for index, stone in enumerate(board.stones) if stone == 0]
    for player in (1, 2):
        assert board.fives[player] == twin.fives[player]
        assert board.fours[player] == twin.fours[player]
        assert board.threes[player] == twin.threes[player]
        assert [board.threat[player][i] for i in empty] == [twin.threat[player][i] for i in empty]
        assert [board.full_value(i, player) for i in empty] == [
            twin.full_value(i, player) for i in empty
        ]
    assert [board.full_value_to_both(i) for i in empty] == [
        board.full_value(i, 1) + board.full_value(i, 2) for i in empty
    ]
    assert [twin.full_value_to_both(i) for i in empty] == [
        twin.full_value(i, 1) + twin.full_value(i, 2) for i in empty
    ]


def walk(
    full: PatternBoard,
    other: PatternBoard,
    play_other: Callable[[int, int], bool],
    rng: random.Random,
) -> Iterator[None]:
    """10 to 60 random steps on two boards at once, pausing after each.

    A step takes the last stone back now and then, else plays a cell near the stones of
    ``full`` (whose candidates are kept in every mode) on it and, by ``play_other``, on
    ``other``; both must say alike whether it makes a five.
    """
    for _ in range(rng.randrange(10, 60)):
        if len(full.moves) > 1 and rng.random() < 0.3:
            full.undo()
            other.undo()
        else:
            index = rng.choice(sorted(full.candidates))
            player = full.to_move
            assert play_other(index, player) == full.play(index, player)
        yield


@pytest.mark.slow
@settings(max_examples=30)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_tactical_mode_keeps_every_threat_and_gives_the_values_back(
    shape: tuple, seed: int
) -> None:
    rng = random.Random(seed)
    game = started(shape)
    board, twin = PatternBoard.from_game(game), PatternBoard.from_game(game)
    twin.set_tactical(True)
    for _ in walk(board, twin, twin.play, rng):
        same_threats(board, twin)
        if rng.random() < 0.1:
            twin.set_tactical(not twin.is_tactical)
    twin.set_tactical(False)
    empty = [index for index, stone in enumerate(board.stones) if stone == 0]
    assert twin.total == board.total
    assert twin.candidates == board.candidates
    assert twin.near == board.near
    for player in (1, 2):
        assert [twin.value[player][i] for i in empty] == [board.value[player][i] for i in empty]
    assert [twin.codes[i] for i in empty] == [board.codes[i] for i in empty]


@pytest.mark.slow
@settings(max_examples=30)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_a_stone_played_lazily_is_scored_at_once_and_finished_or_taken_back_exactly(
    shape: tuple, seed: int
) -> None:
    """A lazy stone leaves behind only what ordering the next moves reads.

    Its totals, fives, fours, open threes, threat classes and the answers to an open three
    (which a leaf reads) are at once those of a stone played in full; finished, or taken
    back unfinished, the board is the same as a twin's that played every stone in full.
    """
    rng = random.Random(seed)
    game = started(shape)
    board, twin = PatternBoard.from_game(game), PatternBoard.from_game(game)

    def play_lazily_or_not(index: int, player: int) -> bool:
        lazily = rng.random() < 0.7
        won = board.play(index, player, lazily=lazily)
        assert board.is_finished is not lazily
        return won

    for _ in walk(twin, board, play_lazily_or_not, rng):
        empty = [index for index, stone in enumerate(board.stones) if stone == 0]
        for player in (1, 2):
            for kind in ("fives", "fours", "threes"):
                assert getattr(board, kind)[player] == getattr(twin, kind)[player]
            assert [board.threat[player][i] for i in empty] == [
                twin.threat[player][i] for i in empty
            ]
            assert answers_to_three(board, player) == answers_to_three(twin, player)
        assert (board.total, board.hash) == (twin.total, twin.hash)
        if rng.random() < 0.3:
            board.finish()
            same_board(board, twin)
            assert board.near == twin.near
    board.finish()
    same_board(board, twin)
    assert board.near == twin.near
    while board.moves:
        board.undo()
        twin.undo()
    same_board(board, twin)
    assert board.near == twin.near


def stopping_moves(board: PatternBoard, attacker: int) -> set[int]:
    """Brute force: every free cell of the window where the defender's stone leaves the
    attacker no open four or double four to make."""
    defender = 3 - attacker
    found = set()
    for index, stone in enumerate(board.stones):
        if stone == 0:
            board.play(index, defender)
            threat = board.threat[attacker]
            if all(threat[cell] != WIN_CELL for cell in board.fours[attacker]):
                found.add(index)
            board.undo()
    return found


@pytest.mark.slow
@settings(max_examples=30)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_the_answers_to_an_open_three_are_the_moves_that_stop_it_and_the_fours(
    shape: tuple, seed: int
) -> None:
    """The answers to an open three (or a cell that makes two fours) are every move after
    which the attacker has no open four or double four to make, and the defender's fours:
    any other move loses at once. Read on a board played lazily and switched in and out of
    tactical mode, checked by playing every free cell on a twin. When nothing stops the
    threats and the defender has no four, one cell that makes them stands for every move."""
    rng = random.Random(seed)
    game = started(shape)
    board, twin = PatternBoard.from_game(game), PatternBoard.from_game(game)

    def play_lazily(index: int, player: int) -> bool:
        return board.play(index, player, lazily=True)

    checks = 0
    for _ in walk(twin, board, play_lazily, rng):
        if rng.random() < 0.2:
            board.set_tactical(not board.is_tactical)
        if twin.fives[1] or twin.fives[2] or checks >= 4:
            continue
        for attacker in (1, 2):
            answers = answers_to_three(board, attacker)
            threat = twin.threat[attacker]
            makers = {cell for cell in twin.fours[attacker] if threat[cell] == WIN_CELL}
            if not makers:
                assert answers == []
                continue
            checks += 1
            expected = stopping_moves(twin, attacker) | twin.fours[3 - attacker]
            assert len(answers) == len(set(answers))
            if expected:
                assert set(answers) == expected
            else:
                assert len(answers) == 1
                assert answers[0] in makers


def test_a_cell_that_makes_an_open_four_and_a_four_is_stopped_on_itself_alone() -> None:
    """X's stone on (7, 6) would fill X_XX along row 7 (an open four) and make a four down
    column 6 (O blocks it at the top): a win in two. An O at either end of the row, or
    below the column, takes one of them away and leaves two fours: only (7, 6) stops it."""
    game = ttt.Game(15, k=5)
    x_stones = [(7, 5), (7, 7), (7, 8), (4, 6), (5, 6), (6, 6), (12, 2)]
    o_stones = [(3, 6), (0, 0), (0, 14), (14, 0), (14, 14), (0, 7)]
    for x_stone, o_stone in zip(x_stones, o_stones, strict=False):
        game.move(*x_stone)
        game.move(*o_stone)
    game.move(*x_stones[-1])
    board = PatternBoard.from_game(game)
    gap = board.index((7, 6))
    assert board.threat[1][gap] == WIN_CELL
    assert not board.fours[2]
    assert answers_to_three(board, 1) == [gap]
    assert stopping_moves(board, 1) == {gap}


@pytest.mark.slow
@settings(max_examples=25)
@given(st.sampled_from(SHAPES), st.integers(0, 2**32))
def test_a_round_trip_through_tactical_mode_gives_the_board_back(shape: tuple, seed: int) -> None:
    """Back from tactical mode on the stones it began with, or on others, the board is exact.

    Stones played in one mode and taken back in the other get their values back too.
    """
    rng = random.Random(seed)
    game = started(shape)
    board = PatternBoard.from_game(game)
    for _ in range(rng.randrange(3, 20)):
        cell = rng.choice(sorted(board.cell(index) for index in board.candidates))
        board.play(board.index(cell), board.to_move)
        game.move(*cell)
        if game.is_over:
            return
    for round_trip in range(4):
        board.set_tactical(True)
        played = rng.randrange(0, 8)
        for _ in range(played):
            threats = sorted(board.fours[board.to_move] | board.threes[board.to_move])
            free = [i for i, stone in enumerate(board.stones) if stone == 0]
            board.play(rng.choice(threats or free), board.to_move)
        returns = round_trip % 2 == 0
        for _ in range(played if returns else 0):
            board.undo()
        board.set_tactical(False)
        for _ in range(0 if returns else played):
            board.undo()
        assert board.moves == [board.index(move.cell) for move in game.moves]
        same_board(board, rebuilt(board, game))
        check(board, game)
    while len(board.moves) > 1:
        board.undo()
        game.undo()
    same_board(board, rebuilt(board, game))


def test_a_full_table_of_effects_keeps_no_more_and_is_emptied_when_a_move_begins() -> None:
    """Past its cap the table of what a stone changes keeps nothing new, the board stays
    exact all the same, and the next move's board, made or followed, starts it afresh."""
    effects = scoring(Params()).effects(PatternTable(5), False)
    filler = (0, 0, (), ())

    def fill() -> None:
        effects.clear()
        effects.update({-1 - number: (filler, filler) for number in range(EFFECTS_KEPT)})

    rng = random.Random(7)
    game = started((15, 15, 5, False))
    fill()
    board = PatternBoard.from_game(game)
    assert 0 < len(effects) < 10
    assert all(segment >= 0 for segment in effects)
    fill()
    for _ in range(30):
        cell = rng.choice(sorted(board.cell(index) for index in board.candidates))
        board.play(board.index(cell), board.to_move)
        game.move(*cell)
        if game.is_over:
            break
        check(board, game)
    assert len(effects) == EFFECTS_KEPT
    assert all(segment < 0 for segment in effects)
    board = PatternBoard.from_game(game)
    fill()
    game.move(*rng.choice([board.cell(index) for index in sorted(board.candidates)]))
    assert board.follow(game)
    assert all(segment >= 0 for segment in effects)
    check(board, game)


def same_board(board: PatternBoard, fresh: PatternBoard) -> None:
    """Two boards on the same window hold the same stones, levels and sets.

    A filled cell's code is left behind while it is filled (a stone taken back restores it),
    so the codes of the empty cells are compared.
    """
    assert (board.origin, board.rows, board.cols) == (fresh.origin, fresh.rows, fresh.cols)
    assert board.stones == fresh.stones
    assert board.hash == fresh.hash
    assert board.to_move == fresh.to_move
    empty = [index for index, stone in enumerate(board.stones) if stone == 0]
    assert [board.codes[i] for i in empty] == [fresh.codes[i] for i in empty]
    assert [board.value[1][i] for i in empty] == [fresh.value[1][i] for i in empty]
    assert [board.value[2][i] for i in empty] == [fresh.value[2][i] for i in empty]
    assert board.candidates == fresh.candidates
    assert board.total == fresh.total
    for player in (1, 2):
        assert board.threat[player] == fresh.threat[player]
        assert board.fours[player] == fresh.fours[player]
        assert board.threes[player] == fresh.threes[player]


def rebuilt(board: PatternBoard, game: ttt.Game) -> PatternBoard:
    """A new board on ``board``'s window, with its stones played in order."""
    fresh = PatternBoard(game.k, board.rows, board.cols, exact=game.exact, origin=board.origin)
    fresh.parity = board.parity
    for index in board.moves:
        fresh.play(index, board.stones[index])
    return fresh


def drifting_cell(game: ttt.Game, rng: random.Random, board: PatternBoard) -> ttt.Cell:
    """A free cell near the stones, or on the grid now and then one that drifts away."""
    if game.rows is None and rng.random() < 0.3:
        row, col = game.moves[-1].cell
        while True:
            cell = (row + rng.randrange(3, 8), col + rng.randrange(-7, 8))
            if game.cell(*cell) is None:
                return cell
    free = [board.cell(index) for index in sorted(board.candidates)]
    return rng.choice([cell for cell in free if game.cell(*cell) is None])


@pytest.mark.slow
@settings(max_examples=40)
@given(st.sampled_from([*SHAPES, (40, 50, 5, False)]), st.integers(0, 2**32))
def test_a_board_that_follows_its_game_is_the_board_of_that_game(shape: tuple, seed: int) -> None:
    rows, cols, _, _ = shape
    rng = random.Random(seed)
    game = started(shape)
    board = PatternBoard.from_game(game)
    followed = 0
    for _ in range(rng.randrange(5, 40)):
        for _ in range(rng.choice((1, 1, 2))):
            game.move(*drifting_cell(game, rng, board))
            if game.is_over:
                return
        before = (list(board.stones), board.hash, list(board.moves), board.followed)
        if board.follow(game):
            followed += 1
            assert board.followed == game.moves
            same_board(board, rebuilt(board, game))
            check(board, game)
        else:
            assert (
                rows is None or rows * cols > Params().whole_board
            )  # a whole board always follows
            assert (list(board.stones), board.hash, list(board.moves), board.followed) == before
            board = PatternBoard.from_game(game)
    assert followed >= 1


def test_a_board_follows_only_the_game_it_came_from_as_it_was() -> None:
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (8, 8)]:
        game.move(*cell)
    board = PatternBoard.from_game(game)
    other = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (9, 9), (3, 3)]:
        other.move(*cell)
    assert not board.follow(other)  # not the same moves so far
    bigger = ttt.Game(15, 16, k=5)
    for cell in [(7, 7), (7, 8), (8, 8), (3, 3)]:
        bigger.move(*cell)
    assert not board.follow(bigger)  # another board
    game.move(3, 3)
    board.play(board.index((1, 1)), 2)
    assert not board.follow(game)  # a stone left on it
    board.undo()
    board.set_tactical(True)
    assert not board.follow(game)  # in tactical mode
    board.set_tactical(False)
    assert board.follow(game)
    assert board.stones[board.index((3, 3))] == 2
    game.undo()
    assert not board.follow(game)  # a move taken back


def test_a_window_follows_until_a_stone_comes_near_its_edge() -> None:
    game = ttt.Game.unbounded(5)
    game.move(0, 0)
    board = PatternBoard.from_game(game)
    top, left = board.origin
    assert (top, left) == (-18, -18)  # the margin and the slack
    game.move(0, 1)
    assert board.follow(game)
    game.move(top + 12, 0)
    assert board.follow(game)  # just room enough
    game.move(top + 11, 5)
    assert not board.follow(game)
    assert PatternBoard.from_game(game).origin[0] < top
