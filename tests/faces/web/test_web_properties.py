"""The web API against models written apart from it: a line with a cursor, and brute force."""

from __future__ import annotations

from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import judge
from support.web import call, new_game, ok

import tictactoe as ttt
from tictactoe.web import Api

ROWS = COLS = 4
K = 3
actions = st.lists(
    st.one_of(
        st.tuples(st.just("move"), st.integers(0, ROWS - 1), st.integers(0, COLS - 1)),
        st.tuples(st.just("undo")),
        st.tuples(st.just("goto"), st.integers(0, 16)),
        st.tuples(st.just("continue")),
    ),
    max_size=40,
)


class LineModel:
    """What the page should show: the line of moves, the cursor on it, and who won at the cursor."""

    def __init__(self) -> None:
        self.line: list[tuple[int, int]] = []
        self.ply = 0

    def cells(self) -> dict[ttt.Cell, ttt.Mark]:
        marks = (ttt.Mark.X, ttt.Mark.O)
        return {cell: marks[i % 2] for i, cell in enumerate(self.line[: self.ply])}

    def winner(self) -> ttt.Mark | None:
        last = self.line[self.ply - 1] if self.ply else None
        return judge(self.cells(), K, last).winner

    def apply(self, action: tuple[Any, ...]) -> bool:
        """Change the model as the API should; False when the API should refuse."""
        if action[0] == "move":
            cell = (action[1], action[2])
            if cell in self.cells() or self.winner() or self.ply == ROWS * COLS:
                return False
            if self.ply < len(self.line) and self.line[self.ply] == cell:
                self.ply += 1
            else:
                del self.line[self.ply :]
                self.line.append(cell)
                self.ply += 1
        elif action[0] == "undo":
            del self.line[self.ply :]
            if not self.ply:
                return False
            self.line.pop()
            self.ply -= 1
        elif action[0] == "goto":
            if action[1] > len(self.line):
                return False
            self.ply = action[1]
        else:
            del self.line[self.ply :]
        return True


@settings(max_examples=60)
@given(actions)
def test_the_line_and_the_cursor_follow_a_model_and_the_referee(
    steps: list[tuple[Any, ...]],
) -> None:
    api = Api()
    state = new_game(api, rows=ROWS, cols=COLS, k=K)
    path = f"/api/games/{state['id']}"
    model = LineModel()
    for action in steps:
        fields: dict[str, int] = {}
        if action[0] == "move":
            fields = {"row": action[1], "col": action[2]}
        elif action[0] == "goto":
            fields = {"ply": action[1]}
        status, reply = call(api, "POST", f"{path}/{action[0]}", fields)
        assert (status == 200) == model.apply(action), (action, reply)
        state = ok(api, "GET", path)
        assert [(m["row"], m["col"]) for m in state["line"]] == model.line
        assert state["ply"] == model.ply
        winner = model.winner()
        assert state["winner"] == (None if winner is None else str(winner))
        full = model.ply == ROWS * COLS
        expected = "won" if winner else "draw" if full else "in progress"
        assert state["status"] == expected
    api.close()


@cache
def minimax(cells: frozenset[tuple[ttt.Cell, ttt.Mark]], to_move: ttt.Mark) -> int:
    """+1, 0 or -1 for the side to move on 3×3: every continuation tried, nothing pruned."""
    board = dict(cells)
    other = ttt.Mark.O if to_move is ttt.Mark.X else ttt.Mark.X
    free = [(r, c) for r in range(3) for c in range(3) if (r, c) not in board]
    if not free:
        return 0
    best = -1
    for cell in free:
        board[cell] = to_move
        if judge(board, 3, cell).winner is to_move:
            score = 1
        elif len(free) == 1:
            score = 0
        else:
            score = -minimax(frozenset(board.items()), other)
        del board[cell]
        best = max(best, score)
    return best


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(0, 2)), unique=True, max_size=7))
def test_perfect_play_shown_on_each_cell_agrees_with_brute_force(cells: list[ttt.Cell]) -> None:
    game = ttt.Game()
    for cell in cells:
        if game.is_over:
            break
        game.move(*cell)
    if game.is_over:
        return
    api = Api()
    state = new_game(api, moves=[list(move.cell) for move in game.moves])
    values = ok(api, "GET", f"/api/games/{state['id']}/analysis")["cells"]
    assert {(v["row"], v["col"]) for v in values} == set(game.legal_moves)
    other = ttt.Mark.O if game.turn is ttt.Mark.X else ttt.Mark.X
    for value in values:
        cell = (value["row"], value["col"])
        board = {move.cell: move.mark for move in game.moves} | {cell: game.turn}
        if judge(board, 3, cell).winner is game.turn:
            expected = 1
        elif len(board) == 9:
            expected = 0
        else:
            expected = -minimax(frozenset(board.items()), other)
        assert value["value"] == {1: "win", 0: "draw", -1: "loss"}[expected], cell
    api.close()
