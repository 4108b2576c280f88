"""The renju and caro referee of support.renju_oracle against published and hand-made positions."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.renju_oracle import FORBIDDEN, caro_wins, is_forbidden, renju_verdict
from support.renju_positions import PUBLISHED, VERDICTS, Position, parse_board, symmetries

Cell = tuple[int, int]
Stones = dict[Cell, int]


def rows_of(*lines: str) -> tuple[Stones, int, int]:
    """A position drawn as rows of ``.XO`` (all of one length), free rows added up to five."""
    padding = ["." * len(lines[0])] * (5 - len(lines))
    return parse_board("/".join([*lines, *padding]))


def test_the_file_is_well_formed_and_covers_every_verdict() -> None:
    names = [position.name for position in PUBLISHED]
    assert len(names) >= 8
    assert len(set(names)) == len(names)
    for position in PUBLISHED:
        assert position.verdict in VERDICTS
        assert (position.rows, position.cols) == (15, 15)
        assert position.move not in position.stones
    assert {position.verdict for position in PUBLISHED} == VERDICTS


@pytest.mark.parametrize("position", PUBLISHED, ids=[position.name for position in PUBLISHED])
def test_each_published_position_gets_its_verdict(position: Position) -> None:
    verdict = renju_verdict(
        position.stones, position.rows, position.cols, position.move, position.player
    )
    assert verdict == position.verdict


@pytest.mark.parametrize("position", PUBLISHED, ids=[position.name for position in PUBLISHED])
def test_a_verdict_does_not_change_when_the_board_turns_or_flips(position: Position) -> None:
    for index in range(8):
        stones = {symmetries(cell, 15)[index]: stone for cell, stone in position.stones.items()}
        move = symmetries(position.move, 15)[index]
        assert renju_verdict(stones, 15, 15, move, position.player) == position.verdict


@pytest.mark.parametrize(
    "position",
    [position for position in PUBLISHED if position.player == 1],
    ids=[position.name for position in PUBLISHED if position.player == 1],
)
def test_is_forbidden_names_the_forbidden_verdicts_only(position: Position) -> None:
    reason = is_forbidden(position.stones, position.rows, position.cols, position.move)
    assert reason == (position.verdict if position.verdict in FORBIDDEN else None)


def test_two_fours_on_one_line_count_twice_in_every_spacing() -> None:
    # X.XXX.X, XX.XX.XX and XXX.X.XXX through their middle: two fours on one line.
    cases = (("...X.X.X.X..", (0, 6)), ("..XX.X..XX..", (0, 6)), (".XXX...XXX..", (0, 5)))
    for line, move in cases:
        stones, rows, cols = rows_of(line, *["." * 12] * 4)
        assert renju_verdict(stones, rows, cols, move, 1) == "double four"
    # A straight four is one four, however many five-points it has.
    stones, rows, cols = rows_of("...XXX......", *["." * 12] * 4)
    assert renju_verdict(stones, rows, cols, (0, 6), 1) == "ok"


def test_a_three_whose_four_point_makes_a_five_elsewhere_is_no_three() -> None:
    # The move (3, 3) makes the three (3, 3)-(3, 5) on the row and the shape
    # (3, 3)-(4, 3)-_-(6, 3) on the column, whose only four-point (5, 3) would also complete
    # the five (5, 0)-(5, 4). By the RIF definition a three becomes a straight four "without
    # at the same time a five in a row is made": the column is no three.
    stones, rows, cols = rows_of(
        ".........",
        ".........",
        ".........",
        "....XX...",
        "...X.....",
        "XXX.X....",
        "...X.....",
        ".........",
        ".........",
    )
    assert renju_verdict(stones, rows, cols, (3, 3), 1) == "ok"
    # Without the row of four below, the same move is a double three.
    for col in (0, 1, 2, 4):
        del stones[(5, col)]
    assert renju_verdict(stones, rows, cols, (3, 3), 1) == "double three"


def test_the_recursion_goes_as_deep_as_the_position_asks() -> None:
    # Found by a random search and confirmed by the Gomocup judge's own forbidden-move check
    # (GomocupJudge client/check_forbid.py, after Piskvork). The move (3, 5) makes a three on
    # the diagonal ((2, 4) gives the straight four (2, 4)-(5, 7)) and the shape
    # (3, 5)-_-(5, 5)-(6, 5) on the column, whose four-point is (4, 5). (4, 5) would make a
    # four on the column and two shapes of three, the row (4, 5)-(4, 6)-_-(4, 8) and the
    # diagonal (3, 4)-(4, 5)-_-(6, 7); that diagonal's only four-point (5, 6) is a double four
    # (the column (4, 6)-(7, 6) and the diagonal (3, 4)-(6, 7)), so it is no three, (4, 5) is
    # a lawful 4x3, the column is a real three and the move a double three. Stopping the
    # recursion one level early would call (4, 5) a 4x3x3 and the move lawful.
    stones, rows, cols = rows_of(
        "........X......",
        "............O..",
        "...............",
        "....X.O........",
        ".O....X.X..X...",
        ".O.O.X.X.......",
        "...X.XXX.X.....",
        "......X........",
        ".O.............",
        ".....X.X.......",
        ".O....O....X...",
        ".........X.....",
        "..........X....",
        "...............",
        "...............",
    )
    assert renju_verdict(stones, rows, cols, (3, 5), 1) == "double three"
    after = {**stones, (3, 5): 1}
    assert renju_verdict(after, rows, cols, (4, 5), 1) == "ok"
    assert renju_verdict({**after, (4, 5): 1}, rows, cols, (5, 6), 1) == "double four"


def test_white_wins_with_five_or_more_and_has_no_forbidden_moves() -> None:
    stones, rows, cols = rows_of("OOOO.O", "......", "......", "......", "......")
    assert renju_verdict(stones, rows, cols, (0, 4), 2) == "five"
    # The double three that Black may not make, White may.
    shape = ("........", "..OO....", ".O......", ".O......", "........", "........")
    stones, rows, cols = rows_of(*shape)
    assert renju_verdict(stones, rows, cols, (1, 1), 2) == "ok"
    stones, rows, cols = rows_of(*(line.replace("O", "X") for line in shape))
    assert renju_verdict(stones, rows, cols, (1, 1), 1) == "double three"


def test_a_move_on_a_taken_or_missing_cell_is_an_error() -> None:
    stones = {(2, 2): 1}
    with pytest.raises(ValueError, match="not a free cell"):
        renju_verdict(stones, 5, 5, (2, 2), 2)
    with pytest.raises(ValueError, match="not a free cell"):
        caro_wins(stones, 5, 5, (5, 0), 1)
    with pytest.raises(ValueError, match="neither"):
        renju_verdict(stones, 5, 5, (0, 0), 3)


# Caro: exactly five, not blocked at both ends by the rival; the board edge blocks nothing.


def test_caro_five_blocked_at_both_ends_does_not_win() -> None:
    stones, rows, cols = rows_of(".OXXXX.O..", "..........", "..........")
    assert not caro_wins(stones, rows, cols, (0, 6), 1)


def test_caro_five_with_one_open_end_wins() -> None:
    stones, rows, cols = rows_of(".OXXXX....", "..........", "..........")
    assert caro_wins(stones, rows, cols, (0, 6), 1)
    stones, rows, cols = rows_of("..XXXX.O..", "..........", "..........")
    assert caro_wins(stones, rows, cols, (0, 6), 1)


def test_caro_the_board_edge_is_no_block() -> None:
    stones, rows, cols = rows_of("XXXX.O", "......", "......", "......", "......")
    assert caro_wins(stones, rows, cols, (0, 4), 1)
    # Both ends at the edge: a five across a 5-wide board.
    stones, rows, cols = rows_of("OO.OO", ".....", ".....", ".....", ".....")
    assert caro_wins(stones, rows, cols, (0, 2), 2)


def test_caro_an_overline_does_not_win_unless_rule_8_alone() -> None:
    stones, rows, cols = rows_of("..XXX.XX..", "..........", "..........")
    assert not caro_wins(stones, rows, cols, (0, 5), 1)
    assert caro_wins(stones, rows, cols, (0, 5), 1, overline_wins=True)
    stones, rows, cols = rows_of(".OXXX.XXO.", "..........", "..........")
    assert caro_wins(stones, rows, cols, (0, 5), 1, overline_wins=True)


def test_caro_a_four_does_not_win_and_a_rival_stone_past_an_end_blocks_nothing() -> None:
    stones, rows, cols = rows_of(".OXXX.O...", "..........", "..........")
    assert not caro_wins(stones, rows, cols, (0, 5), 1)
    stones, rows, cols = rows_of("O.XXXX.O..", "..........", "..........")
    assert caro_wins(stones, rows, cols, (0, 6), 1)


def test_caro_a_blocked_five_does_not_hide_an_open_one_on_another_line() -> None:
    stones, rows, cols = rows_of(
        "OXXXX.O.",
        ".....X..",
        ".....X..",
        ".....X..",
        ".....X..",
        "........",
    )
    assert caro_wins(stones, rows, cols, (0, 5), 1)
    for row in (1, 2, 3, 4):
        del stones[(row, 5)]
    assert not caro_wins(stones, rows, cols, (0, 5), 1)


# Purity: the referee works on a copy and leaves the caller's position as it was.

positions = st.integers(5, 15).flatmap(
    lambda rows: st.integers(5, 15).flatmap(
        lambda cols: st.tuples(
            st.just(rows),
            st.just(cols),
            st.dictionaries(
                st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
                st.sampled_from([1, 1, 2]),
                max_size=rows * cols // 2,
            ),
            st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)),
            st.sampled_from([1, 2]),
        )
    )
)


@given(positions)
def test_the_verdicts_never_change_the_stones(
    position: tuple[int, int, Stones, Cell, int],
) -> None:
    rows, cols, stones, move, player = position
    stones.pop(move, None)
    before = dict(stones)
    verdict = renju_verdict(stones, rows, cols, move, player)
    assert verdict in VERDICTS
    assert stones == before
    assert (is_forbidden(stones, rows, cols, move) is None) == (
        renju_verdict(stones, rows, cols, move, 1) not in FORBIDDEN
    )
    assert stones == before
    caro_wins(stones, rows, cols, move, player)
    caro_wins(stones, rows, cols, move, player, overline_wins=True)
    assert stones == before
