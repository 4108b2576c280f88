"""The Game: construction, turns, the end of the game, undo, errors and their messages."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.oracle import played, random_cell
from support.snapshots import full_state

import tictactoe as ttt
from tictactoe import Mark, Status


class TestConstruction:
    def test_defaults_are_classic_tic_tac_toe(self) -> None:
        game = ttt.Game()
        assert not game.outcome().is_over
        assert (game.rows, game.cols, game.k, game.players) == (3, 3, 3, (Mark.X, Mark.O))
        assert game.turn is Mark.X
        assert game.status is Status.IN_PROGRESS
        assert game.moves == ()
        assert not game.is_unbounded

    @pytest.mark.parametrize(
        ("args", "kwargs", "expected"),
        [
            ((4,), {}, (4, 4, 4)),
            ((15,), {"k": 5}, (15, 15, 5)),
            ((6, 7), {"k": 4}, (6, 7, 4)),
            ((6, 7), {}, (6, 7, 6)),
            ((1, 9), {"k": 9}, (1, 9, 9)),
        ],
    )
    def test_sizes_and_k(
        self, args: tuple[int, ...], kwargs: dict[str, int], expected: tuple[int, int, int]
    ) -> None:
        game = ttt.Game(*args, **kwargs)
        assert (game.rows, game.cols, game.k) == expected

    def test_more_players_take_turns_in_order(self) -> None:
        game = ttt.Game(5, k=4, players=3)
        assert game.players == (Mark.X, Mark.O, Mark.Y)
        seen = []
        for col in range(5):
            seen.append(game.turn)
            game.move(0, col)
        assert seen == [Mark.X, Mark.O, Mark.Y, Mark.X, Mark.O]
        assert [move.mark for move in game.moves] == seen

    def test_unbounded_takes_any_coordinates(self) -> None:
        game = ttt.Game.unbounded(k=5)
        assert (game.rows, game.cols, game.k) == (None, None, 5)
        game.move(-(10**12), 10**12)
        assert game.cell(-(10**12), 10**12) is Mark.X
        assert game.is_unbounded

    @pytest.mark.parametrize(
        ("args", "kwargs", "words"),
        [
            ((0,), {}, "rows=0"),
            ((3, 0), {}, "cols=0"),
            ((-2,), {}, "rows=-2"),
            ((3,), {"k": 4}, "k=4"),
            ((3, 5), {"k": 6}, "k=6"),
            ((3,), {"k": 0}, "k=0"),
            ((3,), {"players": 1}, "players=1"),
            ((3,), {"players": 9}, "players=9"),
        ],
    )
    def test_bad_setups_are_value_errors_naming_the_value(
        self, args: tuple[int, ...], kwargs: dict[str, int], words: str
    ) -> None:
        with pytest.raises(ttt.InvalidGame, match=words) as caught:
            ttt.Game(*args, **kwargs)
        assert isinstance(caught.value, ValueError)

    def test_bad_unbounded_setups(self) -> None:
        with pytest.raises(ttt.InvalidGame, match="k=0"):
            ttt.Game.unbounded(0)
        with pytest.raises(ttt.InvalidGame, match="players=1"):
            ttt.Game.unbounded(3, players=1)
        with pytest.raises(ttt.WrongType):
            ttt.Game.unbounded("5")  # type: ignore[arg-type]

    @pytest.mark.parametrize("bad", ["3", 3.0, True, None, [3]])
    def test_wrong_types_in_the_setup_are_type_errors(self, bad: object) -> None:
        with pytest.raises(TypeError, match="must be an int"):
            ttt.Game(bad)  # type: ignore[arg-type]
        if bad is not None:  # k=None means "the default k"
            with pytest.raises(TypeError, match="must be an int"):
                ttt.Game(3, k=bad)  # type: ignore[arg-type]

    def test_early_draw_must_be_a_bool(self) -> None:
        with pytest.raises(ttt.InvalidGame, match="early_draw"):
            ttt.Game(early_draw=1)  # type: ignore[arg-type]

    def test_int_like_coordinates_are_accepted(self) -> None:
        class Index:
            def __index__(self) -> int:
                return 2

        game = ttt.Game()
        game.move(Index(), Index())
        assert game.cell(2, 2) is Mark.X
        assert type(game.moves[0].row) is int

    def test_numpy_ints_are_accepted_everywhere_an_int_is(self) -> None:
        """As RL code passes them; the compiled build must not refuse them either."""
        game = ttt.Game(np.int64(4), np.int32(5), np.int8(3), players=np.int16(2))
        assert (game.rows, game.cols, game.k) == (4, 5, 3)
        game.move(np.int64(1), np.uint8(2))
        assert game.cell(np.int64(1), np.int64(2)) is Mark.X
        assert game.legal_moves[np.int64(0)] in game.legal_moves
        assert len(game.legal_moves.near(np.int64(1))) == 8
        assert ttt.Game.unbounded(np.int64(5)).k == 5


class TestPlay:
    def test_a_row_wins_and_reports_the_line(self) -> None:
        game = played(ttt.Game(), (0, 0), (1, 0), (0, 1), (1, 1))
        assert game.move(0, 2) is Status.WON
        assert game.winner is Mark.X
        assert game.winning_line == ((0, 0), (0, 1), (0, 2))
        assert game.outcome() == ttt.Outcome(Status.WON, Mark.X, ((0, 0), (0, 1), (0, 2)))
        assert game.is_over
        assert game.outcome().is_over

    def test_the_anti_diagonal_is_listed_from_its_top(self) -> None:
        game = played(ttt.Game(), (0, 2), (0, 0), (1, 1), (0, 1), (2, 0))
        assert game.winning_line == ((0, 2), (1, 1), (2, 0))

    def test_a_full_board_without_a_line_is_a_draw(self) -> None:
        game = played(ttt.Game(), (0, 0), (0, 1), (0, 2), (1, 1), (1, 0), (1, 2), (2, 1), (2, 0))
        assert game.move(2, 2) is Status.DRAW
        assert game.winner is None
        assert game.winning_line is None

    def test_the_win_is_checked_before_the_draw(self) -> None:
        # X's ninth mark fills the board and completes the diagonal.
        game = played(ttt.Game(), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 1), (2, 0))
        assert len(game.legal_moves) == 1
        assert game.move(2, 2) is Status.WON
        assert game.winner is Mark.X

    def test_k_in_a_row_on_a_big_board_with_an_overline(self) -> None:
        game = ttt.Game(15, k=5)
        for col in (0, 1, 3, 4):
            game.move(7, col)
            game.move(0, col)
        assert game.move(7, 2) is Status.WON
        assert game.winning_line == tuple((7, col) for col in range(5))

    def test_a_lone_cell_board_is_won_by_the_first_move(self) -> None:
        assert ttt.Game(1).move(0, 0) is Status.WON

    def test_str_is_a_plain_grid_and_repr_rebuilds_the_game(self) -> None:
        game = played(ttt.Game(2, 3, 2), (0, 1), (1, 2))
        assert str(game) == ".X.\n..O"
        rebuilt = eval(repr(game), {"Game": ttt.Game})
        assert str(rebuilt) == str(game)
        assert rebuilt.k == 2

    def test_str_of_the_unbounded_grid_is_the_marks_bounding_box(self) -> None:
        game = ttt.Game.unbounded(4)
        assert str(game) == "."
        played(game, (-1, -1), (1, 2))
        assert str(game) == "X...\n....\n...O"
        assert "unbounded" in repr(game)

    def test_copy_is_independent(self) -> None:
        game = played(ttt.Game(4, k=3, players=3), (0, 0), (1, 1))
        twin = game.copy()
        assert twin.moves == game.moves
        assert (twin.rows, twin.cols, twin.k, twin.players) == (4, 4, 3, game.players)
        twin.move(2, 2)
        assert len(game.moves) == 2
        unbounded = played(ttt.Game.unbounded(3), (5, 5)).copy()
        assert unbounded.cell(5, 5) is Mark.X


class TestIllegalMoves:
    """Invariant 1: an illegal call changes nothing, and says why."""

    @given(
        seed=st.integers(0, 2**32),
        size=st.sampled_from([(3, 3, 3), (4, 5, 3), (2, 2, 2)]),
        misere=st.booleans(),
    )
    def test_an_illegal_move_changes_nothing(
        self, seed: int, size: tuple[int, int, int], misere: bool
    ) -> None:
        rng = random.Random(seed)
        game = ttt.Game(*size, misere=misere)
        for _ in range(rng.randrange(size[0] * size[1] + 1)):
            if game.is_over:
                break
            game.move(*random_cell(game, rng))
        before = full_state(game)
        rows, cols = size[0], size[1]
        attempts: list[tuple[object, object]] = [
            (rows, 0),
            (0, cols),
            (-1, 0),
            (0, -1),
            ("1", 1),
            (1.0, 1),
            (True, 0),
            (None, 0),
        ]
        attempts += [move.cell for move in game.moves]
        if game.is_over:
            attempts.append(next(iter([(r, c) for r in range(rows) for c in range(cols)])))
        for row, col in attempts:
            with pytest.raises((ttt.IllegalMove, ttt.WrongType)):
                game.move(row, col)  # type: ignore[arg-type]
            assert full_state(game) == before

    def test_off_board_names_the_cell_and_board(self) -> None:
        with pytest.raises(ttt.OffBoard, match=r"cell \(3, 0\) is off the 3×3 board"):
            ttt.Game().move(3, 0)

    def test_a_taken_cell_names_its_owner(self) -> None:
        game = played(ttt.Game(), (1, 2))
        with pytest.raises(ttt.CellTaken, match=r"cell \(1, 2\) is taken by X") as caught:
            game.move(1, 2)
        assert isinstance(caught.value, ValueError)

    def test_no_move_after_the_end(self) -> None:
        game = played(ttt.Game(), (0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
        with pytest.raises(ttt.GameOver, match="X won"):
            game.move(2, 2)
        drawn = played(ttt.Game(1, 2, 2), (0, 0), (0, 1))
        assert drawn.status is Status.DRAW
        with pytest.raises(ttt.GameOver, match="drawn"):
            drawn.move(0, 0)

    @pytest.mark.parametrize("bad", ["1", 1.0, 1.5, True, False, None, (1,)])
    def test_wrong_types_are_type_errors_quoting_the_value(self, bad: object) -> None:
        game = ttt.Game()
        with pytest.raises(TypeError, match=rf"row must be an int, not {type(bad).__name__}"):
            game.move(bad, 0)  # type: ignore[arg-type]
        with pytest.raises(ttt.WrongType, match="col must be an int"):
            game.move(0, bad)  # type: ignore[arg-type]
        with pytest.raises(ttt.WrongType):
            game.cell(bad, 0)  # type: ignore[arg-type]

    def test_cell_off_the_board(self) -> None:
        with pytest.raises(ttt.OffBoard):
            ttt.Game().cell(0, 3)


class TestUndo:
    def test_undo_returns_the_move_and_passes_the_turn_back(self) -> None:
        game = played(ttt.Game(), (1, 1), (0, 0))
        assert game.undo() == ttt.Move(0, 0, Mark.O)
        assert game.turn is Mark.O
        assert game.cell(0, 0) is None

    def test_undo_on_an_empty_history_is_a_clear_error(self) -> None:
        with pytest.raises(ttt.NothingToUndo, match="no move to undo") as caught:
            ttt.Game().undo()
        assert isinstance(caught.value, IndexError)

    def test_undo_reopens_a_finished_game(self) -> None:
        game = played(ttt.Game(), (0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
        game.undo()
        assert game.status is Status.IN_PROGRESS
        assert game.winner is None
        assert game.move(2, 2) is Status.IN_PROGRESS

    @pytest.mark.slow
    @given(seed=st.integers(0, 2**32))
    def test_undo_restores_exactly_the_state_before_the_move(self, seed: int) -> None:
        """Invariant 5, on a board with both detectors' counters in play."""
        rng = random.Random(seed)
        for game in (ttt.Game(4), ttt.Game(5, 6, 3, players=3), ttt.Game.unbounded(4)):
            while not game.is_over:
                before = full_state(game)
                game.move(*random_cell(game, rng))
                after = full_state(game)
                game.undo()
                assert full_state(game) == before
                game.move(*after["moves"][-1].cell)
                assert full_state(game) == after


class TestEarlyDraw:
    def test_the_game_ends_as_soon_as_no_line_is_possible(self) -> None:
        moves = [(0, 0), (1, 0), (1, 2), (0, 2), (2, 0), (2, 2), (2, 1), (1, 1)]
        classic = played(ttt.Game(), *moves)
        early = ttt.Game(early_draw=True)
        statuses = [early.move(*cell) for cell in moves]
        assert classic.status is Status.IN_PROGRESS
        assert classic.is_draw_certain
        assert statuses[-1] is Status.DRAW
        assert Status.DRAW not in statuses[:-1]
        assert early.early_draw
        early.undo()
        assert early.status is Status.IN_PROGRESS

    def test_never_certain_on_the_unbounded_grid(self) -> None:
        game = played(ttt.Game.unbounded(3, early_draw=True), (0, 0), (0, 1), (1, 0), (1, 1))
        assert not game.is_draw_certain
