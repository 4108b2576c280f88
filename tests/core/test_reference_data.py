"""Games recorded by other programs, replayed through our engine, end as they said."""

from __future__ import annotations

import itertools

from support import DATA

import tictactoe as ttt
from tictactoe import Mark, Status

REFERENCE = DATA / "reference"


def openspiel_actions(name: str) -> list[int]:
    lines = (REFERENCE / name).read_text().splitlines()
    history = next(line for line in lines if not line.startswith("#"))
    return [int(action) for action in history.split(",")]


def test_openspiel_tic_tac_toe_playthrough() -> None:
    game = ttt.Game()
    actions = openspiel_actions("openspiel_tic_tac_toe_playthrough.txt")
    for ply, action in enumerate(actions, 1):
        status = game.move(*divmod(action, 3))
        assert (status is Status.WON) == (ply == len(actions))
    assert game.winner is Mark.X
    assert game.winning_line == ((0, 2), (1, 2), (2, 2))
    assert str(game) == "OOX\nO.X\nX.X"


def test_openspiel_15x15_five_in_a_row_playthrough() -> None:
    game = ttt.Game(15, k=5)
    actions = openspiel_actions("openspiel_mnk_15x15k5_playthrough_history.txt")
    assert len(actions) == 109
    for ply, action in enumerate(actions, 1):
        status = game.move(*divmod(action, 15))
        assert (status is Status.WON) == (ply == 109), f"ply {ply}"
    assert game.winner is Mark.X
    line = game.winning_line
    assert line is not None
    assert len(line) >= 5
    assert (5, 10) in line
    assert all(b[0] - a[0] == 1 and abs(b[1] - a[1]) == 1 for a, b in itertools.pairwise(line))


def test_gomocup_game_white_makes_five_on_move_16() -> None:
    lines = (REFERENCE / "gomocup_20x20_white_wins_16.psq").read_text().splitlines()
    assert lines[0].startswith("Piskvorky 20x20")
    moves = [tuple(map(int, line.split(","))) for line in lines[1:] if line.count(",") == 2]
    game = ttt.Game(20, k=5)
    for number, (x, y, _) in enumerate(moves, 1):
        status = game.move(y - 1, x - 1)
        assert (status is Status.WON) == (number == 16)
    assert game.winner is Mark.O
    assert game.winning_line == tuple((11, col) for col in range(10, 15))
