"""Many threads on one game: each move and undo is atomic, no turn is played twice."""

from __future__ import annotations

import random
import sys
import threading
from typing import Any

import pytest
from support.builds import compiled
from support.oracle import judge, marks_of

import tictactoe as ttt


def test_threads_racing_for_the_same_cells_never_play_a_turn_twice() -> None:
    game = ttt.Game.unbounded(k=901)  # no line can end the game early
    cells = [(r, c) for r in range(30) for c in range(30)]
    start = threading.Barrier(8)
    wins: list[int] = [0] * 8

    def worker(number: int) -> None:
        start.wait()
        for cell in cells:
            try:
                game.move(*cell)
            except ttt.CellTaken:
                continue
            wins[number] += 1

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(wins) == 900 == len(game.moves)
    assert len({move.cell for move in game.moves}) == 900
    assert [move.mark for move in game.moves] == [game.players[i % 2] for i in range(900)]


def test_moves_and_undos_from_many_threads_leave_a_consistent_game() -> None:
    game = ttt.Game(8, k=5)
    start = threading.Barrier(6)

    def worker(number: int) -> None:
        start.wait()
        for step in range(300):
            try:
                if (step + number) % 3 == 0:
                    game.undo()
                else:
                    game.move((step * 7 + number) % 8, (step * 3 + number * 5) % 8)
            except (ttt.IllegalMove, ttt.NothingToUndo):
                pass

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    history = game.moves
    assert [move.mark for move in history] == [game.players[i % 2] for i in range(len(history))]
    assert len({move.cell for move in history}) == len(history)
    board = {
        (r, c): mark for r in range(8) for c in range(8) if (mark := game.cell(r, c)) is not None
    }
    assert board == marks_of(game)
    last = history[-1].cell if history else None
    assert game.winner is judge(board, 5, last).winner


class _Guarded:
    """Stands in for a game's board or detector and checks the game's lock on every change."""

    def __init__(self, inner: object, game: ttt.Game, changing: set[str]) -> None:
        self._inner = inner
        self._game = game
        self._changing = changing
        self.checked = 0

    def __getattr__(self, name: str) -> Any:
        if name in self._changing:
            assert self._game._lock.locked(), f"{name} ran without the game's lock"
            self.checked += 1
        return getattr(self._inner, name)


@pytest.mark.skipif(
    compiled(ttt.game),
    reason="a compiled game's attributes are typed, so no proxy can stand in for its board; "
    "the pure build runs this check on the same source",
)
@pytest.mark.parametrize("shape", [(3, 3, 3), (6, 7, 4)])
def test_every_change_of_state_happens_under_the_lock(shape: tuple[int, int, int]) -> None:
    """Deterministic: any call that starts or changes the board or detector holds the lock."""
    rows, cols, k = shape
    game = ttt.Game(rows, cols, k)
    _ = game.legal_moves  # the view reads the real board's free lists, made before the guard
    detector = _Guarded(game._detector, game, {"place", "remove", "is_blocked"})
    board = _Guarded(game._board, game, {"claim", "place", "pop"})
    game._detector = detector  # type: ignore[assignment]
    game._board = board  # type: ignore[assignment]
    rng = random.Random(7)
    for _ in range(60):
        if game.is_over or rng.random() < 0.3:
            if game.moves:
                game.undo()
        else:
            game.move(*rng.choice(list(game.legal_moves)))
        assert isinstance(game.is_draw_certain, bool)
        game.legal_moves.near(1)
    assert detector.checked > 60
    assert board.checked > 30


def test_reading_draw_certainty_while_another_thread_plays_keeps_the_counts_exact() -> None:
    """The first is_draw_certain builds the blocking counts; a move must not interleave."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for seed in range(100):
            game = ttt.Game(9, k=4)
            cells = [(r, c) for r in range(9) for c in range(9)]
            random.Random(seed).shuffle(cells)
            halfway = threading.Event()

            def play(
                game: ttt.Game = game,
                cells: list[ttt.Cell] = cells,
                halfway: threading.Event = halfway,
            ) -> None:
                for number, cell in enumerate(cells[:40]):
                    if number == 20:
                        halfway.set()
                    if game.move(*cell) is not ttt.Status.IN_PROGRESS:
                        break
                halfway.set()

            def read(game: ttt.Game = game, halfway: threading.Event = halfway) -> None:
                halfway.wait()
                _ = game.is_draw_certain

            threads = [threading.Thread(target=play), threading.Thread(target=read)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            twin = game.copy()
            assert game._detector.is_blocked == twin._detector.is_blocked
            assert game._detector._blocked == twin._detector._blocked  # type: ignore[attr-defined]
            assert game._detector._windows == twin._detector._windows  # type: ignore[attr-defined]
    finally:
        sys.setswitchinterval(interval)
