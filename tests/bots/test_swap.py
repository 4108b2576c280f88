"""The swap openings: the protocol's referee, and the bot's placements and choices by search."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.clocks import TickingClock

import tictactoe as ttt
from tictactoe import _balance
from tictactoe.outcome import Cell
from tictactoe.swap import OPTIONS, Ask, Chooser, Opening, OpeningError, Step

FAST = ttt.Limit(nodes=2_000)
"""A decision's limit in these tests: repeatable, whatever the machine's speed."""


def gomoku(*rows: str, rule: str = "freestyle") -> ttt.Game:
    """A 15×15 five-in-a-row position: ``rows`` from the top, the rest empty."""
    return ttt.Game.from_rows([*rows, *(["." * 15] * (15 - len(rows)))], k=5, rule=rule)


def snapshot(opening: Opening) -> tuple[object, ...]:
    """Everything an opening step may change."""
    game = opening.game
    return (game.moves, game.status, opening.asked, opening.black, opening.steps)


# -- the protocol ----------------------------------------------------------------------


def test_swap_places_three_then_the_other_seat_chooses_a_colour() -> None:
    opening = Opening("swap", ttt.Game(15, k=5))
    assert opening.asked == Ask("place", 0, count=3)
    opening.place([(7, 7), (7, 8), (8, 8)])
    assert opening.asked == Ask("choose", 1, options=("black", "white"))
    assert opening.black is None
    assert not opening.done
    opening.choose("black")
    assert opening.done
    assert opening.asked is None
    assert opening.black == 1
    assert [move.mark for move in opening.game.moves] == [ttt.Mark.X, ttt.Mark.O, ttt.Mark.X]
    assert opening.game.turn is ttt.Mark.O
    assert opening.steps == (
        Step(0, "place", ((7, 7), (7, 8), (8, 8))),
        Step(1, "choose", option="black"),
    )


@pytest.mark.parametrize(("option", "black"), [("black", 0), ("white", 1)])
def test_after_place2_the_opener_chooses(option: str, black: int) -> None:
    opening = Opening("swap2", ttt.Game.unbounded(k=5))
    opening.place([(0, 0), (0, 1), (1, 1)])
    opening.choose("place2")
    assert opening.asked == Ask("place", 1, count=2)
    opening.place([(-1, -1), (2, 2)])
    assert opening.asked == Ask("choose", 0, options=("black", "white"))
    opening.choose(option)
    assert opening.black == black
    assert len(opening.game.moves) == 5
    assert opening.game.turn is ttt.Mark.O  # White plays the sixth stone


def test_white_after_three_stones_gives_the_chooser_the_next_move() -> None:
    opening = Opening("swap2", ttt.Game(15, k=5, rule="renju"))
    opening.place([(7, 7), (7, 8), (8, 8)])
    opening.choose("white")
    assert opening.black == 0
    assert opening.game.turn is ttt.Mark.O


@pytest.mark.parametrize(
    ("protocol", "game", "error"),
    [
        ("swap3", ttt.Game(15, k=5), ttt.InvalidArgument),
        (2, ttt.Game(15, k=5), ttt.WrongType),
        ("swap", ttt.Game(15, k=5, players=3), ttt.InvalidGame),
        ("swap2", ttt.Game(2, 2, k=2), ttt.InvalidGame),
        ("swap", ttt.Game.from_rows(["X..", "...", "..."]), ttt.InvalidArgument),
        ("swap", "a game", ttt.WrongType),
    ],
)
def test_an_opening_needs_an_empty_two_player_game_with_room(
    protocol: object, game: object, error: type[Exception]
) -> None:
    with pytest.raises(error):
        Opening(protocol, game)  # type: ignore[arg-type]


def test_a_placement_that_fails_midway_takes_its_stones_back() -> None:
    opening = Opening("swap2", ttt.Game(15, k=5))
    before = snapshot(opening)
    with pytest.raises(ttt.CellTaken):
        opening.place([(7, 7), (7, 8), (7, 7)])
    with pytest.raises(ttt.OffBoard):
        opening.place([(7, 7), (7, 8), (15, 0)])
    assert snapshot(opening) == before


def test_an_opening_stone_may_not_end_the_game() -> None:
    opening = Opening("swap2", ttt.Game(3))
    opening.place([(0, 0), (1, 0), (0, 1)])
    opening.choose("place2")
    before = snapshot(opening)
    with pytest.raises(OpeningError, match="may not end the game"):
        opening.place([(2, 2), (0, 2)])
    assert snapshot(opening) == before


def test_steps_out_of_turn_or_not_offered_are_refused() -> None:
    opening = Opening("swap", ttt.Game(15, k=5))
    with pytest.raises(OpeningError, match="place 3 stones"):
        opening.choose("black")
    with pytest.raises(OpeningError, match="place 3 stones, not 2"):
        opening.place([(7, 7), (7, 8)])
    opening.place([(7, 7), (7, 8), (8, 8)])
    with pytest.raises(OpeningError, match="choose a colour"):
        opening.place([(1, 1), (2, 2)])
    with pytest.raises(OpeningError, match="not offered"):
        opening.choose("place2")
    with pytest.raises(ttt.InvalidArgument, match="unknown option"):
        opening.choose("red")
    opening.choose("white")
    with pytest.raises(OpeningError, match="over"):
        opening.choose("white")


def test_a_game_moved_behind_the_openings_back_is_noticed() -> None:
    opening = Opening("swap", ttt.Game(15, k=5))
    opening.game.move(0, 0)
    with pytest.raises(OpeningError, match="holds 1 moves"):
        opening.place([(7, 7), (7, 8), (8, 8)])


_OPENING_CELLS = [(row, col) for row in range(5, 10) for col in range(5, 10)]


def _wrong_step(
    opening: Opening, asked: Ask, data: st.DataObject, free: Iterator[Cell]
) -> Callable[[], None]:
    """A step the protocol must refuse now: a wrong count, kind, option or a taken cell."""
    kind = data.draw(st.sampled_from(["count", "kind", "option", "taken"]))
    if kind == "count" and asked.what == "place":
        stones = [next(free) for _ in range(asked.count + 1)]
        return lambda: opening.place(stones)
    if kind == "option" and asked.what == "choose":
        unoffered = [option for option in OPTIONS if option not in asked.options]
        option = data.draw(st.sampled_from([*unoffered, "pass"]))
        return lambda: opening.choose(option)
    if kind == "taken" and asked.what == "place" and opening.game.moves:
        taken = [opening.game.moves[0].cell] * asked.count
        return lambda: opening.place(taken)
    if asked.what == "place":
        return lambda: opening.choose("black")
    return lambda: opening.place([(0, 0), (0, 1)])


@given(
    protocol=st.sampled_from(["swap", "swap2"]),
    stones=st.permutations(_OPENING_CELLS),
    data=st.data(),
)
def test_valid_steps_end_with_white_to_move_and_invalid_ones_change_nothing(
    protocol: str, stones: list[Cell], data: st.DataObject
) -> None:
    opening = Opening(protocol, ttt.Game(15, k=5))
    free = iter(stones)
    while (asked := opening.asked) is not None:
        before = snapshot(opening)
        wrong = _wrong_step(opening, asked, data, free)
        with pytest.raises(ttt.TicTacToeError):
            wrong()
        assert snapshot(opening) == before
        if asked.what == "place":
            assert asked.options == ()
            opening.place([next(free) for _ in range(asked.count)])
        else:
            assert asked.count == 0
            opening.choose(data.draw(st.sampled_from(asked.options)))
    assert len(opening.game.moves) in (3, 5)
    assert len(opening.game.moves) == 3 or protocol == "swap2"
    assert opening.game.turn is ttt.Mark.O
    assert opening.black in (0, 1)
    chosen = [step for step in opening.steps if step.what == "choose"]
    assert chosen[-1].option in ("black", "white")
    last = chosen[-1]
    assert opening.black == (last.seat if last.option == "black" else 1 - last.seat)


# -- the bot's choices -------------------------------------------------------------------


def test_a_four_with_an_open_three_wins_for_black_though_white_moves() -> None:
    game = gomoku(
        "O.............O",
        "..........X....",
        "..........X....",
        "..........X....",
        ".....O.........",
        "...............",
        "...............",
        "...OXXXX.......",  # White must block at h8, then Black's three becomes an open four
        "...............",
        "O.............O",
    )
    assert game.turn is ttt.Mark.O
    chooser = Chooser(1, limit=FAST)
    assert chooser.choose(game, ("black", "white", "place2")) == "black"
    assert chooser.last is not None
    assert chooser.last.score > 900_000


def test_an_open_four_for_black_is_a_win_for_black_though_white_moves() -> None:
    game = gomoku("O.............O", "...............", ".....XXXX......", "O..............")
    assert game.turn is ttt.Mark.O
    chooser = Chooser(1, limit=FAST)
    assert chooser.choose(game, ("black", "white")) == "black"


def test_an_open_three_for_white_to_move_makes_the_chooser_take_white() -> None:
    game = gomoku("X.............X", "...............", "......OOO......", "X.............X")
    assert game.turn is ttt.Mark.O
    chooser = Chooser(1, limit=FAST)
    assert chooser.choose(game, ("black", "white", "place2")) == "white"
    assert chooser.last is not None
    assert chooser.last.score < -900_000


def test_the_solver_decides_on_small_boards() -> None:
    lost_for_o = ttt.Game.from_rows(["XO.", ".X.", "..."])  # O must block, then X forks
    assert Chooser(limit=FAST).choose(lost_for_o, ("black", "white")) == "black"
    drawn = ttt.Game.from_rows(["O..", ".X.", "..."])
    drawn.move(0, 2)  # X again: O to move in a drawn position
    chooser = Chooser(limit=FAST)
    assert chooser.choose(drawn, ("black", "white", "place2")) == "place2"
    assert chooser.last is not None
    assert chooser.last.score == 0


def test_within_the_margin_place2_is_taken_where_offered_else_the_leaning_side() -> None:
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (8, 8)]:
        game.move(*cell)
    wide = Chooser(3, limit=FAST, margin=10**6)
    assert wide.choose(game, ("black", "white", "place2")) == "place2"
    assert wide.last is not None
    leaning = "black" if wide.last.score > 0 else "white"
    assert Chooser(3, limit=FAST, margin=10**6).choose(game, ("white", "black")) == leaning


@pytest.mark.parametrize(
    "game",
    [ttt.Game(15, k=5), ttt.Game(15, k=5, rule="renju"), ttt.Game.unbounded(k=5), ttt.Game(3)],
    ids=["freestyle", "renju", "unbounded", "3x3"],
)
def test_three_stones_are_placed_near_the_centre(game: ttt.Game) -> None:
    cells = Chooser(5, limit=FAST).place(game, 3)
    assert game.moves == ()  # placed on copies only
    Opening("swap", game).place(cells)
    centre = _balance.centre(game)
    assert all(max(abs(r - centre[0]), abs(c - centre[1])) <= 2 for r, c in cells)


def test_the_placement_is_rated_nearer_even_than_a_lopsided_one() -> None:
    chooser = Chooser(5, limit=FAST)
    cells = chooser.place(ttt.Game(15, k=5), 3)
    assert chooser.last is not None
    placed, lopsided = ttt.Game(15, k=5), ttt.Game(15, k=5)
    for cell in cells:
        placed.move(*cell)
    for cell in [(7, 7), (0, 0), (7, 8)]:  # two black stones side by side, White far away
        lopsided.move(*cell)
    judge = _balance.Judge(5, clock=lambda: 0.0)
    assert abs(judge.score(placed, None, 1_000)) < abs(judge.score(lopsided, None, 1_000))


def test_on_a_solved_board_the_placement_is_a_draw() -> None:
    chooser = Chooser(5, limit=FAST)
    chooser.place(ttt.Game(3), 3)
    assert chooser.last is not None
    assert chooser.last.score == 0


def test_two_more_stones_are_placed_after_three() -> None:
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (9, 9)]:
        game.move(*cell)
    chooser = Chooser(2, limit=FAST)
    cells = chooser.place(game, 2)
    opening = Opening("swap2", ttt.Game(15, k=5))
    opening.place([(7, 7), (7, 8), (9, 9)])
    opening.choose("place2")
    opening.place(cells)
    assert opening.asked == Ask("choose", 0, options=("black", "white"))


def test_the_placement_nearest_even_is_taken_and_ties_go_by_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def by_third_stone(self: object, game: ttt.Game, seconds: object, nodes: object) -> int:
        row, col = game.moves[2].cell
        return 5 * (row - 7) + (col - 7)  # zero only at the centre, where Black opened

    monkeypatch.setattr(_balance.Judge, "score", by_third_stone)
    row, col = Chooser(0, limit=FAST).place(ttt.Game(15, k=5), 3)[2]
    assert abs(5 * (row - 7) + (col - 7)) == 1
    monkeypatch.setattr(_balance.Judge, "score", lambda *args: 0)
    picks = {tuple(Chooser(seed, limit=FAST).place(ttt.Game(15, k=5), 3)) for seed in range(8)}
    assert len(picks) > 1  # every placement ties: the seed picks one...
    again = Chooser(4, limit=FAST).place(ttt.Game(15, k=5), 3)
    assert again == Chooser(4, limit=FAST).place(ttt.Game(15, k=5), 3)  # ...repeatably


def test_no_placement_fits_a_board_where_every_one_ends_the_game() -> None:
    with pytest.raises(ttt.InvalidGame, match="no 3 stones fit"):
        Chooser(limit=FAST).place(ttt.Game(2, 2, k=2), 3)


@pytest.mark.parametrize("count", [0, 6])
def test_counts_beyond_an_openings_are_refused(count: int) -> None:
    with pytest.raises(ttt.InvalidArgument):
        Chooser(limit=FAST).place(ttt.Game(15, k=5), count)


@pytest.mark.parametrize("options", [("black",), ("black", "red", "white"), "black"])
def test_options_must_offer_both_colours(options: object) -> None:
    with pytest.raises(ttt.TicTacToeError):
        Chooser(limit=FAST).choose(ttt.Game(15, k=5), options)  # type: ignore[arg-type]


@pytest.mark.parametrize("decision", ["place", "choose"])
def test_a_decision_keeps_to_its_time_on_a_fake_clock(decision: str) -> None:
    clock = TickingClock(0.005)
    chooser = Chooser(1, limit=ttt.Limit(seconds=0.3), clock=clock)
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (7, 8), (8, 8)]:
        game.move(*cell)
    if decision == "place":
        chooser.place(game, 2)
    else:
        chooser.choose(game, ("black", "white"))
    assert clock.now <= 0.3 + 10 * clock.tick
    assert chooser.last is not None
    assert chooser.last.seconds <= 0.3 + 10 * clock.tick


def test_a_misere_game_has_no_swap_opening() -> None:
    with pytest.raises(ttt.InvalidGame, match="not misère"):
        Opening("swap2", ttt.Game(15, k=5, misere=True))
