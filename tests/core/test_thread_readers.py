"""Every public reader of a game against threads that play and undo on it.

The compiled build is where this bites: a compiled loop over the live move list holds no lock
and trusts the length it read first, so a reader racing a writer crashed the process (a
segmentation fault from ``repr`` on a 30×30 board). Each reader here must answer without an
error and with one consistent position, never half of one move and half of the next.
"""

from __future__ import annotations

import contextlib
import html
import random
import re
import threading
import time
from collections.abc import Callable

import pytest

import tictactoe as ttt
from tictactoe import coordinates, notation, records, svg

RACE_SECONDS = 0.25
"""How long each reader races the writers: long enough that the crash showed every run."""


def _replays(cells: list[tuple[int, int]], game: ttt.Game) -> None:
    """Play ``cells`` into a blank game with ``game``'s rules: raises if they are no game."""
    blank = records.Record.from_game(game, played=None)
    records.Record(blank.rows, blank.cols, blank.k, blank.players, tuple(cells)).to_game()


def _read_repr(game: ttt.Game) -> None:
    text = repr(game)
    if text.startswith("Game.from_rows("):
        eval(text, {"Game": ttt.Game})  # a small board: its repr is code that rebuilds it
        return
    listed = re.search(r"moves=\[(.*)\]>$", text)
    assert listed is not None
    cells = re.findall(r"[A-Z](-?\d+),(-?\d+)", listed.group(1))
    _replays([(int(row), int(col)) for row, col in cells], game)


def _read_notation(game: ttt.Game) -> None:
    notation.parse(notation.format(game))  # a torn position would be refused here


def _read_text(game: ttt.Game) -> None:
    text = str(game)
    counts = [text.count(str(mark)) for mark in game.players]
    assert counts[0] - counts[1] in (0, 1)  # the whole board is in view: X leads by 0 or 1


def _read_legal_moves(game: ttt.Game) -> None:
    view = game.legal_moves
    view.near(2)
    _ = (0, 0) in view, bool(view)
    if not game.is_unbounded:
        _ = len(view), list(view)
        with contextlib.suppress(IndexError):  # the game may end between the two reads
            view[0]


def _read_svg(game: ttt.Game) -> None:
    picture = svg.board(game)
    title = re.search(r"<title>(.*)</title>", picture)
    assert title is not None
    shown = notation.parse(html.unescape(title.group(1)))
    crosses = sum(1 for move in shown.moves if move.mark is ttt.Mark.X)
    assert picture.count("<path") == crosses  # every mark is in view: drawn, as the title says
    assert picture.count("<circle") == len(shown.moves) - crosses


def _read_record(game: ttt.Game) -> None:
    records.loads(records.dumps(records.Record.from_game(game), "json"), "json")


READERS: dict[str, Callable[[ttt.Game], object]] = {
    "repr": _read_repr,
    "str": _read_text,
    "rows_text": lambda game: game.rows_text(),
    "notation": _read_notation,
    "svg": _read_svg,
    "record": _read_record,
    "copy": lambda game: _read_notation(game.copy()),
    "moves": lambda game: _replays([move.cell for move in game.moves], game),
    "last_move": lambda game: game.last_move,
    "outcome": lambda game: game.outcome(),
    "is_draw_certain": lambda game: game.is_draw_certain,
    "legal_moves": _read_legal_moves,
    "window": coordinates.window,
}

BOARDS: dict[str, Callable[[], ttt.Game]] = {
    "30x30": lambda: ttt.Game(30, k=5),  # past the 400 cells where repr lists the moves
    "unbounded": lambda: ttt.Game.unbounded(k=4),
}


def _write(game: ttt.Game, seed: int, until: float) -> None:
    """Play random cells near the middle and take moves back, until the clock says stop."""
    rng = random.Random(seed)
    while time.monotonic() < until:
        try:
            if game.is_over or len(game.moves) > 40:
                while len(game.moves) > 4:
                    game.undo()
            game.move(rng.randrange(8, 20), rng.randrange(8, 20))
        except ttt.TicTacToeError:  # the other writer got there first: a race we expect
            pass


@pytest.mark.slow
@pytest.mark.parametrize("board", sorted(BOARDS))
@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_reader_racing_two_writers_sees_whole_positions(reader: str, board: str) -> None:
    game = BOARDS[board]()
    read = READERS[reader]
    until = time.monotonic() + RACE_SECONDS
    failures: list[BaseException] = []

    def keep_reading() -> None:
        while time.monotonic() < until:
            try:
                read(game)
            except BaseException as error:  # collected, so the test names it
                failures.append(error)
                return

    threads = [threading.Thread(target=_write, args=(game, seed, until)) for seed in (1, 2)]
    threads += [threading.Thread(target=keep_reading) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[0]
    assert len(game.moves) > 0
