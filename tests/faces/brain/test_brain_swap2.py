"""SWAP2BOARD: the swap2 opening as Gomocup managers run it, replayed as transcripts.

The decisions come from :class:`tictactoe.swap.Chooser`'s search on a node limit, so they
are repeatable; the positions are far enough from even that the search's choice is clear.
The brain's own moves come from a chooser that plays the first free cell, so that a move
after taking White is known in advance.
"""

from __future__ import annotations

import re

import pytest

import tictactoe as ttt
from tictactoe.brain import Brain
from tictactoe.brain._stopping import StopRequests
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.outcome import Cell

PAIRS = re.compile(r"\d+,\d+( \d+,\d+)*")
NOTE = re.compile(r"MESSAGE swap2 (place|black|white|place2): Black scores -?\d+ after \d+ ")

BLACK_AHEAD = ["7,7", "0,0", "8,7"]
"""Black's two stones side by side, White's in a corner: the search takes Black."""
WHITE_AHEAD = ["0,0", "7,7", "14,14"]
"""Black's stones in two corners, White's in the middle: the search takes White."""
EVEN = ["7,7", "11,7", "12,2"]
"""Three stones the search rates near even: it places two more."""
BLACK_AHEAD_5 = [*BLACK_AHEAD, "14,0", "9,7"]
"""Black's three in a row, White's stones in corners: the opener takes Black."""
WHITE_AHEAD_5 = [*WHITE_AHEAD, "8,7", "14,0"]
"""White's two in the middle against Black's corners: the opener takes White."""


def first_free(game: Game, *, limit: Limit, seed: int) -> Cell:
    """The brain's moves in these tests: the first free cell, row by row."""
    return min(game.legal_moves)


def swap2board(stones: list[str]) -> list[str]:
    return ["SWAP2BOARD", *stones, "DONE"]


def replay(brain: Brain, lines: list[str]) -> list[str]:
    return [reply for line in lines for reply in brain.handle(line)]


def started() -> Brain:
    brain = Brain(limit=Limit(nodes=300), seed=1, chooser=first_free)
    assert brain.handle("START 15") == ["OK"]
    return brain


def cells(brain: Brain) -> list[Cell]:
    assert brain.game is not None
    return [move.cell for move in brain.game.moves]


def wire(text: str) -> list[Cell]:
    """``x,y`` pairs as cells, (row, col)."""
    return [(int(y), int(x)) for x, y in (pair.split(",") for pair in text.split())]


def test_on_an_empty_board_the_brain_opens_with_three_stones() -> None:
    brain = started()
    note, answer = replay(brain, swap2board([]))
    assert NOTE.match(note), note
    assert note.startswith("MESSAGE swap2 place: ")
    assert PAIRS.fullmatch(answer), answer
    placed = wire(answer)
    assert len(set(placed)) == 3
    assert cells(brain) == placed  # Black, White, Black, as the opening plays them
    # the rival takes Black (SWAP): the manager sends the game as BOARD, the brain White
    stones = [f"{col},{row},{2 - index % 2}" for index, (row, col) in enumerate(placed)]
    assert replay(brain, ["BOARD", *stones, "DONE"])[-1] == "0,0"
    assert set(cells(brain)) == {*placed, (0, 0)}


def test_with_black_ahead_the_brain_swaps_and_plays_black() -> None:
    brain = started()
    note, answer = replay(brain, swap2board(BLACK_AHEAD))
    assert note.startswith("MESSAGE swap2 black: ")
    assert answer == "SWAP"
    assert cells(brain) == wire(" ".join(BLACK_AHEAD))
    assert replay(brain, ["TURN 5,5"]) == ["1,0"]  # the opener's White move, then Black's
    assert brain.game is not None
    assert brain.game.moves[-1].mark is ttt.Mark.X


def test_with_white_ahead_the_brain_takes_white_and_plays_the_fourth_stone() -> None:
    brain = started()
    note, answer = replay(brain, swap2board(WHITE_AHEAD))
    assert note.startswith("MESSAGE swap2 white: ")
    assert answer == "1,0"  # the first free cell: the brain's move as White
    assert cells(brain) == [*wire(" ".join(WHITE_AHEAD)), (0, 1)]
    assert brain.game is not None
    assert brain.game.moves[-1].mark is ttt.Mark.O


def test_near_even_the_brain_places_two_more_and_leaves_the_colour() -> None:
    brain = started()
    note, answer = replay(brain, swap2board(EVEN))
    assert note.startswith("MESSAGE swap2 place2: ")
    assert PAIRS.fullmatch(answer), answer
    placed = wire(answer)
    assert len(placed) == 2
    assert cells(brain) == [*wire(" ".join(EVEN)), *placed]  # White's, then Black's


@pytest.mark.parametrize(
    ("stones", "option", "answer"),
    [(BLACK_AHEAD_5, "black", "SWAP"), (WHITE_AHEAD_5, "white", "1,0")],
)
def test_after_five_stones_the_brain_takes_a_colour(
    stones: list[str], option: str, answer: str
) -> None:
    brain = started()
    note, reply = replay(brain, swap2board(stones))
    assert note.startswith(f"MESSAGE swap2 {option}: ")
    assert reply == answer
    assert len(cells(brain)) == 5 + (option == "white")


def test_the_brain_thinks_its_own_move_as_white_with_the_threat_bot() -> None:
    brain = Brain(limit=Limit(nodes=300), seed=1)
    replies = replay(brain, ["START 15", *swap2board(WHITE_AHEAD)])
    assert replies[0] == "OK"
    assert replies[1].startswith("MESSAGE swap2 white: ")
    assert replies[2].startswith("MESSAGE ")  # what the bot thought of its move
    assert re.fullmatch(r"\d+,\d+", replies[3])


@pytest.mark.parametrize(
    ("lines", "error"),
    [
        (["7,7", "8,8"], "SWAP2BOARD takes 0, 3 or 5 stones, not 2"),
        (["7,7", "8,8", "9,9", "1,1"], "SWAP2BOARD takes 0, 3 or 5 stones, not 4"),
        (["1,1", "2,2", "3,3", "4,4", "5,5", "6,6"], "SWAP2BOARD takes at most 5 stones"),
        (["7,7", "8,8", "7,7"], "SWAP2BOARD puts two stones on 7,7"),
        (["7,7,1"], "SWAP2BOARD line '7,7,1' is not x,y"),
        (["15,0"], "SWAP2BOARD stone 15,0 is off the 15x15 board"),
    ],
)
def test_bad_swap2boards_are_refused_and_change_nothing(lines: list[str], error: str) -> None:
    brain = started()
    assert replay(brain, ["BEGIN"]) == ["0,0"]
    assert replay(brain, swap2board(lines)) == [f"ERROR {error}"]
    assert cells(brain) == [(0, 0)]


def test_opening_stones_that_end_the_game_or_leave_no_room_are_refused() -> None:
    brain = Brain(limit=Limit(nodes=50), seed=1, chooser=first_free)
    five = swap2board(["0,0", "1,1", "1,0", "2,2", "2,0"])  # Black's third makes three
    (reply,) = replay(brain, ["START 3", *five])[1:]
    assert reply.startswith("ERROR an opening stone may not end the game")
    (reply,) = replay(brain, ["START 2", *swap2board([])])[1:]
    assert reply.startswith("ERROR swap2 places up to 5 stones")


def test_swap2board_before_start_and_cut_short() -> None:
    brain = Brain(limit=Limit(nodes=50), seed=1, chooser=first_free)
    assert replay(brain, swap2board([])) == ["ERROR no board yet: send START first", "UNKNOWN DONE"]
    assert replay(brain, ["START 15", "SWAP2BOARD", "7,7", "BEGIN"]) == [
        "OK",
        "ERROR SWAP2BOARD was not ended by DONE",
        "0,0",
    ]


class StopAt:
    """A clock standing at 0 that counts a stop in :attr:`stops` at its ``at``-th reading,
    as the shell does when it reads YXSTOP."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.reads = 0
        self.stops: StopRequests | None = None

    def __call__(self) -> float:
        self.reads += 1
        if self.reads == self.at and self.stops is not None:
            self.stops.add()
        return 0.0


def test_a_stop_ends_the_opening_search_at_once() -> None:
    """On a clock that stands still only the stop ends the search of the openings, each
    allowed a million nodes: the answer comes after the first."""
    clock = StopAt(10)
    brain = Brain(limit=Limit(seconds=60.0, nodes=10**6), seed=1, clock=clock)
    clock.stops = brain.stops
    assert brain.handle("START 15") == ["OK"]
    note, answer = replay(brain, swap2board([]))
    assert " after 1 position searched, " in note
    assert len(set(wire(answer))) == 3
    assert clock.reads > clock.at
