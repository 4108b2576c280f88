"""The Gomocup brain: transcripts replayed through the pure core, time budgets on a fake
clock, the line reader, and the real process driven over pipes."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tracemalloc

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.clocks import ManualClock

import tictactoe as ttt
from tictactoe.brain import ABOUT, Brain, main, read_lines, serve, threat_chooser
from tictactoe.brain._timing import FLOOR, MIN_MARGIN, TimeKeeper
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.outcome import Cell

MOVE = re.compile(r"(\d+),(\d+)")


class Recorder:
    """A chooser that notes each budget it is given and plays the first free cell, row by row
    (or the heuristic bot's move, when asked), moving the fake clock on by ``think``."""

    def __init__(self, clock: ManualClock | None = None, think: float = 0.0) -> None:
        self.calls: list[tuple[float | None, int | None]] = []
        self.clock = clock
        self.think = think

    def __call__(self, game: Game, *, limit: Limit, seed: int) -> Cell:
        self.calls.append((limit.seconds, limit.nodes))
        if self.clock is not None:
            self.clock.now += self.think
        return min(game.legal_moves)


def replay(brain: Brain, transcript: str) -> list[str]:
    """Every reply to the lines of ``transcript``, in order."""
    return [reply for line in transcript.splitlines() for reply in brain.handle(line)]


def free_move(brain: Brain, reply: str) -> Cell:
    """The cell ``reply`` names, checked to be where the brain's last stone went."""
    match = MOVE.fullmatch(reply)
    assert match, reply
    cell = (int(match[2]), int(match[1]))
    game = brain.game
    assert game is not None
    assert game.last_move is not None
    assert game.last_move.cell == cell
    return cell


def test_begin_and_turns_give_legal_moves_on_free_cells() -> None:
    brain = Brain(limit=Limit(nodes=30), seed=3, chooser=threat_chooser)
    assert brain.handle("START 15") == ["OK"]
    taken: set[Cell] = set()
    taken.add(free_move(brain, brain.handle("BEGIN")[0]))
    for x, y in [(0, 0), (14, 14), (0, 14), (14, 0)]:
        (reply,) = brain.handle(f"TURN {x},{y}")
        taken.add((y, x))
        cell = free_move(brain, reply)
        assert cell not in taken
        taken.add(cell)
    assert brain.game is not None
    assert len(brain.game.moves) == 9


def test_opening_answer_is_the_centre_and_x_is_the_column() -> None:
    brain = Brain(limit=Limit(nodes=30), seed=1, chooser=threat_chooser)
    assert replay(brain, "RECTSTART 20,10\nBEGIN") == ["OK", "10,5"]
    game = brain.game
    assert game is not None
    assert (game.rows, game.cols, game.k) == (10, 20, 5)


def test_case_cr_only_blank_lines_and_tabs() -> None:
    brain = Brain(limit=Limit(nodes=30), seed=1, chooser=threat_chooser)
    assert brain.handle("  start 15  ") == ["OK"]
    assert brain.handle("") == []
    assert brain.handle("   ") == []
    assert brain.handle("turn\t7,7") != []
    assert brain.handle("Info timeout_turn 100") == []


def test_about_is_one_line_of_quoted_keywords() -> None:
    assert Brain(chooser=threat_chooser).handle("ABOUT") == [ABOUT]
    assert f'version="{ttt.__version__}"' in ABOUT
    assert re.fullmatch(r'(\w+="[^"]*")(, \w+="[^"]*")*', ABOUT)


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("START 0", "ERROR unsupported size 0x0"),
        ("START -5", "ERROR unsupported size -5x-5"),
        ("START 2000", "ERROR unsupported size 2000x2000"),
        ("START x", "ERROR START wants a number, not 'x'"),
        ("RECTSTART 20", "ERROR RECTSTART wants x,y, not '20'"),
        ("BEGIN", "ERROR no board yet: send START first"),
        ("TURN 1,1", "ERROR no board yet: send START first"),
        ("RESTART", "ERROR no board yet: send START first"),
        ("TAKEBACK 1,1", "ERROR no board yet: send START first"),
        ("BOARD", "ERROR no board yet: send START first"),
        ("FROB 1", "UNKNOWN FROB 1"),
        ("7,7", "UNKNOWN 7,7"),
        ("DONE", "UNKNOWN DONE"),
    ],
)
def test_errors_before_start(line: str, reply: str) -> None:
    brain = Brain(chooser=threat_chooser)
    assert brain.handle(line) == [reply]
    assert brain.handle("START 10") == ["OK"]  # and the brain goes on


def test_small_and_large_boards() -> None:
    brain = Brain(limit=Limit(nodes=10), seed=0, chooser=threat_chooser)
    assert replay(brain, "START 3\nBEGIN") == ["OK", "1,1"]
    assert brain.game is not None
    assert brain.game.k == 3
    assert brain.handle("START 1000") == ["OK"]
    assert brain.handle("RECTSTART 1001,1000") == ["ERROR unsupported size 1001x1000"]
    game = brain.game
    assert game is not None
    assert game.rows == 1000


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("TURN 15,0", "ERROR 15,0 is off the 15x15 board"),
        ("TURN -1,3", "ERROR -1,3 is off the 15x15 board"),
        ("TURN 8,8", "ERROR 8,8 is taken"),
        ("TURN seven", "ERROR TURN wants x,y, not 'seven'"),
        ("TURN", "ERROR TURN wants x,y, not ''"),
        ("TURN 1,2,3", "ERROR TURN wants x,y, not '1,2,3'"),
        ("BEGIN", "ERROR it is the opponent's turn"),
        ("PLAY 1,1", "ERROR it is the opponent's turn"),
        ("TAKEBACK 3,3", "ERROR 3,3 is not the last stone played"),
    ],
)
def test_bad_moves_change_nothing(line: str, reply: str) -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 15\nBEGIN\nTURN 8,8") == ["OK", "0,0", "1,0"]
    assert brain.handle(line) == [reply]
    game = brain.game
    assert game is not None
    assert [m.cell for m in game.moves] == [(0, 0), (8, 8), (0, 1)]
    assert brain.handle("TURN 2,2") == ["2,0"]


def test_turn_when_it_is_our_move_is_an_error() -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 15\nBEGIN\nTAKEBACK 0,0") == ["OK", "0,0", "OK"]
    assert replay(brain, "TURN 5,5\nTAKEBACK 0,0\nTURN 6,6") == [
        "0,0",
        "OK",
        "ERROR it is this brain's turn, not the opponent's",
    ]
    assert replay(brain, "BEGIN") == ["0,0"]


def test_takeback_then_turn() -> None:
    brain = Brain(chooser=Recorder())
    replies = replay(brain, "START 15\nTURN 7,7\nTAKEBACK 0,0\nTAKEBACK 7,7\nTURN 5,5")
    assert replies == ["OK", "0,0", "OK", "OK", "0,0"]
    game = brain.game
    assert game is not None
    assert [m.cell for m in game.moves] == [(5, 5), (0, 0)]


def test_play_imposes_our_move() -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 15\nPLAY 3,4\nTURN 5,5\nPLAY 4,4") == [
        "OK",
        "3,4",
        "0,0",
        "ERROR it is the opponent's turn",
    ]


def test_restart_and_start_begin_new_games() -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 15\nBEGIN\nRESTART\nTURN 0,0") == ["OK", "0,0", "OK", "1,0"]
    assert replay(brain, "START 9\nBEGIN") == ["OK", "0,0"]
    assert brain.game is not None
    assert brain.game.rows == 9


def test_board_after_restart_with_us_to_move_as_first_player() -> None:
    brain = Brain(limit=Limit(nodes=50), seed=2, chooser=threat_chooser)
    lines = "START 20\nBEGIN\nRESTART\nBOARD\n10,10,1\n10,11,2\n11,11,1\n9,10,2\nDONE"
    replies = replay(brain, lines)
    assert replies[:3] == ["OK", "10,10", "OK"]
    cell = free_move(brain, replies[3])
    game = brain.game
    assert game is not None
    assert len(game.moves) == 5
    assert game.moves[-1].mark is ttt.Mark.X
    assert cell not in {(10, 10), (11, 10), (11, 11), (10, 9)}


def test_board_with_opponent_first_and_a_block() -> None:
    brain = Brain(limit=Limit(nodes=50), seed=2, chooser=threat_chooser)
    lines = "START 15\nBOARD\n0,0,2\n1,0,2\n2,0,2\n3,0,2\n5,5,1\n6,6,1\n7,7,1\ndone"
    assert replay(brain, lines) == ["OK", "4,0"]
    game = brain.game
    assert game is not None
    assert game.moves[-1].mark is ttt.Mark.O
    free_move(brain, brain.handle("TURN 14,14")[0])


def test_board_takes_our_win() -> None:
    brain = Brain(limit=Limit(nodes=50), seed=2, chooser=threat_chooser)
    lines = "START 15\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n5,5,2\n6,6,2\n9,7,2\n3,3,2\nDONE"
    assert replay(brain, lines) == ["OK", "4,0"]
    assert brain.game is not None
    assert brain.game.winner is ttt.Mark.X
    assert brain.handle("TURN 1,1") == ["ERROR the game is over"]


@pytest.mark.parametrize(
    ("stones", "reply"),
    [
        ("1,1,1\n2,2,1", "ERROR BOARD has 2 own and 0 opponent's stones: not this brain's turn"),
        ("1,1,2\n2,2,2", "ERROR BOARD has 0 own and 2 opponent's stones: not this brain's turn"),
        ("1,1,1\n1,1,2", "ERROR BOARD puts two stones on 1,1"),
        ("1,1,3", "ERROR BOARD field 3 (continuous game) is not supported"),
        ("1,1,4", "ERROR BOARD field 4 at 1,1 is not 1 or 2"),
        ("15,1,1", "ERROR BOARD stone 15,1 is off the 15x15 board"),
        ("1;1;1", "ERROR BOARD line '1;1;1' is not x,y,field"),
        ("0,0,2\n1,0,2\n2,0,2\n3,0,2\n4,0,2\n5,5,1\n6,6,1\n7,7,1\n8,8,1", "ERROR the game is over"),
        (
            "0,0,2\n1,0,2\n2,0,2\n3,0,2\n4,0,2\n0,5,1\n1,5,1\n2,5,1\n3,5,1\n4,5,1",
            "ERROR BOARD is no position a game reaches",
        ),
    ],
)
def test_bad_boards(stones: str, reply: str) -> None:
    brain = Brain(chooser=Recorder())
    replies = replay(brain, f"START 15\nBEGIN\nBOARD\n{stones}\nDONE")
    assert replies[:2] == ["OK", "0,0"]
    assert replies[2].startswith(reply)
    assert len(replies) == 3
    game = brain.game
    if not reply.endswith("game is over"):  # a refused BOARD keeps the old game
        assert game is not None
        assert [m.cell for m in game.moves] == [(0, 0)]
    assert brain.handle("BOARD") == []
    assert brain.handle("DONE") == ["0,0"]


def test_empty_board_means_we_begin() -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 15\nBOARD\nDONE") == ["OK", "0,0"]


def test_board_cut_short_by_a_command() -> None:
    brain = Brain(chooser=Recorder())
    replies = replay(brain, "START 15\nBOARD\n1,1,2\nBEGIN")
    assert replies == ["OK", "ERROR BOARD was not ended by DONE", "0,0"]


def test_a_board_block_longer_than_the_board_is_refused_at_done_in_constant_memory() -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 5\nBEGIN\nBOARD") == ["OK", "0,0"]
    tracemalloc.start()
    try:
        replies = [reply for _ in range(100_000) for reply in brain.handle("1,1,2")]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert replies == []
    assert peak < 100_000  # bytes: the block keeps one stone per cell at most, not its lines
    assert brain.handle("DONE") == ["ERROR BOARD puts two stones on 1,1"]
    assert brain.game is not None
    assert [move.cell for move in brain.game.moves] == [(0, 0)]  # the old game stands
    assert replay(brain, "BOARD\n1,1,2\nDONE") == ["0,0"]


def test_a_board_block_as_long_as_the_board_is_read() -> None:
    brain = Brain(chooser=Recorder())
    stones = "\n".join(f"{x},{y},{1 + (x + 2 * y) % 2}" for y in range(4) for x in range(4))
    replies = replay(brain, f"RECTSTART 4,5\nBOARD\n{stones}\nDONE")
    assert replies == ["OK", "0,4"]


CONTROLS = "".join(map(chr, [*range(32), *range(127, 160), 0x2028, 0x2029]))
LINES = st.one_of(
    st.text(),
    st.text(st.sampled_from(CONTROLS + "x,1 ")),
    st.builds(
        str.__add__,
        st.sampled_from(
            [
                "START ",
                "START 9",
                "BOARD",
                "DONE",
                "BEGIN",
                "TURN ",
                "TURN 1,1",
                "PLAY ",
                "INFO ",
                "INFO timeout_turn ",
                "INFO rule ",
                "RECTSTART ",
                "TAKEBACK ",
                "ABOUT",
                "1,1,",
            ]
        ),
        st.text(),
    ),
)


@given(lines=st.lists(LINES, max_size=12))
def test_no_control_character_sent_to_the_brain_comes_back_raw(lines: list[str]) -> None:
    brain = Brain(chooser=Recorder())
    for line in lines:
        for reply in brain.handle(line):
            assert reply.isprintable(), reply


@pytest.mark.parametrize(
    ("line", "reply"),
    [
        ("\x00\x1b[2J\x07", "UNKNOWN \\x00\\x1b[2J\\x07"),
        ("FROB \x9b31m\u2028x\x0bé", "UNKNOWN FROB \\x9b31m\\u2028x\\x0bé"),
        ("START \x1b[5", "ERROR START wants a number, not '\\x1b[5'"),
    ],
)
def test_echoed_text_is_escaped(line: str, reply: str) -> None:
    assert Brain(chooser=Recorder()).handle(line) == [reply]


@pytest.mark.parametrize("transcript", ["END", "BOARD\nEND", "BOARD\n1,1,2\nEND", "BEGIN\nEND"])
def test_end_at_any_point(transcript: str) -> None:
    brain = Brain(chooser=Recorder())
    brain.handle("START 15")
    assert not brain.finished
    assert replay(brain, transcript)[-1:] != ["UNKNOWN END"]
    assert brain.finished


def test_yxstop_and_info_answer_nothing() -> None:
    brain = Brain(chooser=Recorder())
    lines = [
        "INFO timeout_match 300000",
        "INFO max_memory 83886080",
        "INFO game_type 1",
        "INFO evaluate 3,3",
        "INFO folder C:\\temp",
        "INFO made_up_key 7",
        "INFO",
        "YXSTOP",
    ]
    assert all(brain.handle(line) == [] for line in lines)


def test_bad_info_values_are_told_at_the_next_command() -> None:
    brain = Brain(chooser=Recorder())
    assert brain.handle("INFO timeout_turn soon") == []
    assert brain.handle("START 15") == [
        "MESSAGE ignored INFO timeout_turn 'soon': not an integer",
        "OK",
    ]
    assert brain.handle("BEGIN") == ["0,0"]


@pytest.mark.parametrize(
    ("rule", "names"),
    [
        (2, "continuous game"),
        (6, "continuous game"),
        (13, "renju and caro at once"),
    ],
)
def test_unsupported_rules_refuse_moves(rule: int, names: str) -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, f"START 15\nINFO rule {rule}") == ["OK"]
    error = (
        f"ERROR rule not supported: {names} (freestyle, exactly five, renju, caro, "
        "caro with overlines)"
    )
    assert replay(brain, "BEGIN\nTURN 1,1\nRESTART\nBOARD\nDONE") == [error] * 4
    assert replay(brain, "INFO rule 0\nBEGIN") == ["0,0"]


@pytest.mark.parametrize(
    ("rule", "name"), [(4, "renju"), (5, "renju"), (9, "caro"), (8, "caro-overline")]
)
def test_renju_and_both_caros_are_played(rule: int, name: str) -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, f"INFO rule {rule}\nSTART 15\nBEGIN\nTURN 7,7") == ["OK", "0,0", "1,0"]
    assert brain.game is not None
    assert brain.game.rule == name
    assert replay(brain, "INFO rule 0\nTURN 8,8") == ["2,0"]
    assert brain.game.rule == "freestyle"


def test_under_renju_the_brain_never_plays_a_forbidden_cell() -> None:
    stones = [(4, 2), (4, 3), (2, 4), (3, 4)]  # (4, 4) would make two open threes
    whites = [(0, 14), (14, 0), (14, 14), (14, 7)]
    lines = [f"{col},{row},1" for row, col in stones] + [f"{col},{row},2" for row, col in whites]
    brain = Brain(chooser=threat_chooser, limit=Limit(nodes=50))
    assert replay(brain, "INFO rule 4\nSTART 15") == ["OK"]
    for _ in range(20):
        game = brain.game
        assert game is not None
        replies = replay(brain, "\n".join(["BOARD", *lines, "DONE"]))
        x, y = (int(part) for part in replies[-1].split(","))
        assert game is not None
        assert brain.game is not None
        assert brain.game.moves[-1].cell == (y, x)
        assert (y, x) != (4, 4)


SIX_TO_BE = "\n".join(
    ["BOARD"]
    + [f"{x},1,2" for x in (0, 1, 2, 3, 5)]  # the opponent's stones: four, a gap, one
    + [f"{x},5,1" for x in (0, 2, 4, 6, 8)]  # the brain's, apart
    + ["DONE"]
)
"""A position where the opponent's TURN 4,1 makes six in a row."""


@pytest.mark.parametrize(("rule", "after_six"), [(1, ["1,0"]), (0, ["ERROR the game is over"])])
def test_exactly_five_lets_an_overline_play_on(rule: int, after_six: list[str]) -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, f"INFO rule {rule}\nSTART 15\n{SIX_TO_BE}") == ["OK", "0,0"]
    game = brain.game
    assert game is not None
    assert game.exact is (rule == 1)
    assert replay(brain, "TURN 4,1") == after_six


def test_exactly_five_set_after_start_applies_to_the_game_in_play() -> None:
    brain = Brain(chooser=Recorder())
    assert replay(brain, "START 15\nBEGIN\nINFO rule 1\nTURN 7,7") == ["OK", "0,0", "1,0"]
    game = brain.game
    assert game is not None
    assert game.exact
    assert [move.cell for move in game.moves] == [(0, 0), (7, 7), (0, 1)]
    assert replay(brain, "INFO rule 0\nTURN 8,8") == ["2,0"]
    assert brain.game is not None
    assert not brain.game.exact


def test_info_between_moves_and_a_crashing_chooser() -> None:
    def broken(game: Game, *, limit: Limit, seed: int) -> Cell:
        raise RuntimeError("boom")

    brain = Brain(chooser=broken)
    assert replay(brain, "START 15\nINFO time_left 1000\nBEGIN") == [
        "OK",
        "ERROR internal error: RuntimeError: boom",
    ]
    assert brain.handle("ABOUT") == [ABOUT]


def test_moves_seen_at_the_end_of_a_game() -> None:
    brain = Brain(limit=Limit(nodes=50), seed=1, chooser=threat_chooser)
    replay(brain, "START 15\nBOARD\n0,0,1\n1,0,1\n2,0,1\n3,0,1\n0,5,2\n1,5,2\n2,5,2\n3,5,2\nDONE")
    assert brain.game is not None
    assert brain.game.is_over
    assert brain.handle("BEGIN") == ["ERROR the game is over"]
    assert brain.handle("TAKEBACK 4,0") == ["OK"]  # our winning stone comes back
    assert not brain.game.is_over


def test_the_opponents_winning_stone_ends_the_game() -> None:
    brain = Brain(chooser=Recorder())
    stones = "0,10,2\n0,11,2\n0,12,2\n0,13,2\n9,9,1\n5,5,1\n14,14,1\n14,0,1"
    assert replay(brain, f"START 15\nBOARD\n{stones}\nDONE") == ["OK", "0,0"]  # no block
    assert brain.handle("TURN 0,14") == ["ERROR the game is over"]
    game = brain.game
    assert game is not None
    assert game.winner is ttt.Mark.O
    assert len(game.moves) == 10


# -- time ----------------------------------------------------------------------------------


def budgets(
    transcript: str, *, think: float = 0.0, default_turn: float = 5.0
) -> list[tuple[float | None, int | None]]:
    clock = ManualClock(100.0)
    recorder = Recorder(clock, think)
    brain = Brain(clock=clock, chooser=recorder, limit=Limit(seconds=default_turn, nodes=999))
    replay(brain, transcript)
    return recorder.calls


def test_default_turn_without_info() -> None:
    ((seconds, nodes),) = budgets("START 15\nBEGIN", default_turn=2.0)
    assert seconds == pytest.approx(2.0 * 0.85)
    assert nodes == 999


def test_timeout_turn_with_margin() -> None:
    ((seconds, nodes),) = budgets("INFO timeout_turn 1000\nSTART 15\nBEGIN")
    assert seconds == pytest.approx(0.85)
    assert nodes == 999
    ((seconds, _),) = budgets("START 15\nINFO timeout_turn 200\nBEGIN")
    assert seconds == pytest.approx(0.15)  # the margin is at least 50 ms


def test_timeout_turn_zero_plays_at_once() -> None:
    assert budgets("START 15\nINFO timeout_turn 0\nBEGIN") == [(FLOOR, 1)]


def test_time_left_is_shared_over_the_moves_to_come() -> None:
    ((seconds, _),) = budgets("START 15\nINFO timeout_turn 30000\nINFO time_left 40000\nBEGIN")
    assert seconds == pytest.approx(40 / 40 * 0.85)  # 225 free cells: 40 moves at most
    ((seconds, _),) = budgets("START 5\nINFO timeout_turn 30000\nINFO time_left 20000\nBEGIN")
    assert seconds == pytest.approx(20 / 13 * 0.85)  # 25 cells: 13 moves
    ((seconds, _),) = budgets("START 3\nINFO timeout_turn 30000\nINFO time_left 1000\nBEGIN")
    assert seconds == pytest.approx(1 / 10 - MIN_MARGIN)  # never fewer than 10
    ((seconds, _),) = budgets("START 15\nINFO time_left -500\nBEGIN")
    assert seconds == FLOOR
    ((seconds, _),) = budgets("START 15\nINFO time_left 2147483647\nBEGIN", default_turn=3.0)
    assert seconds == pytest.approx(3 * 0.85)  # unlimited


def test_timeout_match_is_counted_by_the_brain() -> None:
    transcript = (
        "INFO timeout_match 20000\nINFO timeout_turn 5000\nSTART 15\nBEGIN\nTURN 9,9\nTURN 9,8"
    )
    calls = budgets(transcript, think=2.0)
    shares = [20 / 40, 18 / 40, 16 / 40]  # each move thinks 2 s of the match's 20 s
    assert [seconds for seconds, _ in calls] == pytest.approx([s * 0.85 for s in shares])


def test_budgets_respect_every_limit() -> None:
    for turn, left, match in [(5000, 3000, 0), (300, 100000, 100000), (1000, 400, 2000)]:
        transcript = f"START 20\nINFO timeout_turn {turn}\nINFO timeout_match {match}\n"
        transcript += f"INFO time_left {left}\nBEGIN"
        ((seconds, _),) = budgets(transcript)
        assert FLOOR <= seconds <= max(min(turn, left) / 1000 - MIN_MARGIN, FLOOR)


def test_time_spent_reading_a_board_counts() -> None:
    clock = ManualClock(100.0)
    recorder = Recorder()
    brain = Brain(clock=clock, chooser=recorder)
    replay(brain, "START 15\nINFO timeout_turn 1000\nBOARD\n1,1,2")
    clock.now += 0.5
    assert brain.handle("DONE") == ["0,0"]
    ((seconds, _),) = recorder.calls
    assert seconds == pytest.approx(0.5 * 0.85)


def test_time_keeper_restarts_with_each_match() -> None:
    keeper = TimeKeeper(Limit(seconds=5.0))
    keeper.set_match(10_000)
    keeper.spend(4.0)
    assert keeper.left == pytest.approx(6.0)
    keeper.new_match()
    assert keeper.left == pytest.approx(10.0)
    keeper.set_match(0)
    assert keeper.left is None


# -- the shell -----------------------------------------------------------------------------


def test_read_lines_splits_at_cr_lf_and_crlf_and_cuts_long_lines() -> None:
    data = b"START 15\r\nBEGIN\rTURN 1,1\nABOUT\r\n\r\n" + b"x" * 70_000 + b"\nEND"
    lines = [line for line in read_lines(io.BytesIO(data)) if line]
    assert lines[:4] == ["START 15", "BEGIN", "TURN 1,1", "ABOUT"]
    assert len(lines[4]) == 65_536
    assert lines[5] == "END"


def test_serve_stops_at_end() -> None:
    sink = io.StringIO()
    brain = Brain(chooser=Recorder())
    serve(brain, io.BytesIO(b"START 15\r\nBEGIN\r\nEND\r\nABOUT\r\n"), sink)
    assert sink.getvalue() == "OK\n0,0\n"


def test_main_help_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    assert "--nodes" in capsys.readouterr().out
    for bad in (["--nodes", "0"], ["--time", "-1"], ["--time", "inf"]):
        with pytest.raises(SystemExit) as exit_info:
            main(bad)
        assert exit_info.value.code == 2


def run_brain(commands: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tictactoe.brain", *args],
        input=commands,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )


def test_process_plays_a_short_game_over_pipes() -> None:
    turns = [(0, 0), (14, 14), (0, 14), (14, 0), (1, 13)]
    commands = "START 15\r\nINFO timeout_turn 300\r\nBEGIN\r\n"
    commands += "".join(f"TURN {x},{y}\r\n" for x, y in turns) + "ABOUT\r\nEND\r\n"
    result = run_brain(commands, "--nodes", "200", "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    messages = [line for line in lines if line.startswith("MESSAGE ")]
    replies = [line for line in lines if not line.startswith("MESSAGE ")]
    assert replies[0] == "OK"
    assert replies[-1] == ABOUT
    assert len(replies) == 8
    assert len(messages) == 6  # one before each of the brain's moves
    assert all(" pv " in line and " nps " in line for line in messages)
    game = Game(15, k=5)
    moves = replies[1:-1]
    for index, reply in enumerate(moves):
        match = MOVE.fullmatch(reply)
        assert match, reply
        game.move(int(match[2]), int(match[1]))
        if index < len(turns):
            x, y = turns[index]
            if game.cell(y, x) is None:
                game.move(y, x)


def test_process_survives_garbage_and_ends_at_eof() -> None:
    result = run_brain("\x00\xff\x1b[31m garbage\nTURN 1,1\nstart 5\nbegin\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[3].startswith("MESSAGE opening ")
    assert lines[:3] + lines[4:] == [
        "UNKNOWN \\x00\xff\\x1b[31m garbage",
        "ERROR no board yet: send START first",
        "OK",
        "2,2",
    ]
