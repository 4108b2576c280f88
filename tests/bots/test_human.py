"""HumanPlayer: asks until it gets a legal move, explains bad input, passes commands on."""

from __future__ import annotations

import pytest

import tictactoe as ttt
from tictactoe.human import HELP, QuitRequested, UndoRequested


def person(*lines: str) -> tuple[ttt.HumanPlayer, list[str]]:
    said: list[str] = []
    answers = iter(lines)

    def ask(prompt: str) -> str:
        said.append(prompt)
        return next(answers)

    return ttt.HumanPlayer(ask=ask, tell=said.append, hint=lambda game: (2, 2)), said


def test_asks_again_after_bad_input_with_the_reason() -> None:
    game = ttt.Game()
    game.move(0, 0)
    player, said = person("", "nonsense", "d1", "a1", "hint", "help", "b2")
    assert player.choose_move(game) == (1, 1)
    assert "'nonsense' is not a cell: type it like b2, 2 2 or 2,2" in said
    assert "d1 is off the 3×3 board" in said
    assert "a1 is taken by X" in said
    assert "hint: c3" in said
    assert HELP in said


@pytest.mark.parametrize(("word", "signal"), [("undo", UndoRequested), ("quit", QuitRequested)])
def test_commands_leave_the_turn(word: str, signal: type[Exception]) -> None:
    player, _ = person(word)
    with pytest.raises(signal):
        player.choose_move(ttt.Game())


def test_end_of_input_passes_through() -> None:
    def ask(prompt: str) -> str:
        raise EOFError

    with pytest.raises(EOFError):
        ttt.HumanPlayer(ask=ask).choose_move(ttt.Game())


def test_no_hint_without_a_helper() -> None:
    said: list[str] = []
    answers = iter(["hint", "1 1"])
    player = ttt.HumanPlayer(ask=lambda _: next(answers), tell=said.append)
    assert player.choose_move(ttt.Game()) == (0, 0)
    assert "no hint here" in said
