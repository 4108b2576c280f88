"""Many threads on one game: each move and undo is atomic, no turn is played twice."""

from __future__ import annotations

import threading

from oracle import judge, marks_of

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
