"""Against the anchor: our public API beside OpenSpiel (pyspiel), interleaved in one run.

``python bench/run.py`` prints this section after the others; ``python bench/peers.py`` prints
it alone (``--quick`` for a smoke run, either way). It measures the build of ``tictactoe``
that the interpreter imports, and its header says which: pure Python, or compiled with mypyc
(``.so`` modules next to the ``.py`` files).

Pure and compiled in one command: install each build in its own environment and name the
other interpreters, ``python bench/run.py --python /path/to/compiled-venv/bin/python``
(repeatable). The run prints this section for its own interpreter, then re-runs it in each
named one as a subprocess, each under its own header. Each section compares its build with
OpenSpiel in the same process, so the ratios of the two builds read side by side.

OpenSpiel is the ``bench`` extra (``pip install -e '.[bench]'``). Without it the section says
so in one line and the rest of the bench still runs.

What is measured, ours through the public API only, theirs through ``pyspiel``:

- random playouts, 3×3 against ``tic_tac_toe`` and 15×15 k = 5 against
  ``gomoku(size=15,connect=5)``, our three idioms against
  ``state.apply_action(rng.choice(state.legal_actions()))`` until ``state.is_terminal()``;
  each side plays the same number of games from the same seeds;
- ``Game.copy()`` against ``state.clone()``, on one position 4 moves in (3×3) and one 30 moves
  in (15×15), the same cells on both sides;
- ``move`` + ``undo`` against ``apply_action`` + ``undo_action`` on those positions. OpenSpiel
  2.0.2's gomoku has no ``undo_action``, so on 15×15 the pair runs on
  ``mnk(m=15,n=15,k=5)``, which rescans the whole board after each move (flattering to us);
  gomoku's ``clone()`` + ``apply_action``, its way to try a move and go back, is shown too.

Every figure is a median over many short alternating batches, and each speed is the median of
the per-cycle ratios OpenSpiel's time / ours: above 1 we are faster.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from timing import interleaved_times, median_ratio

import tictactoe as ttt

INSTALL_HINT = "pip install -e '.[bench]'"
IN_PROGRESS = ttt.Status.IN_PROGRESS
TARGETS = {"pure Python": 0.5, "compiled (mypyc)": 1.0}
"""The issue's floor for the ``list(...)`` idiom against OpenSpiel, per build."""


@dataclass(frozen=True, slots=True)
class Board:
    """One board of the comparison: how to make it on each side, and its batch sizes."""

    name: str
    make: Callable[[], ttt.Game]
    playout_game: str
    undo_game: str
    opening: int
    games_per_batch: int
    playout_cycles: int
    ops_per_batch: int


BOARDS = (
    Board(
        name="3×3",
        make=ttt.Game,
        playout_game="tic_tac_toe",
        undo_game="tic_tac_toe",
        opening=4,
        games_per_batch=50,
        playout_cycles=300,
        ops_per_batch=1000,
    ),
    Board(
        name="15×15 k=5",
        make=lambda: ttt.Game(15, k=5),
        playout_game="gomoku(size=15,connect=5)",
        undo_game="mnk(m=15,n=15,k=5)",
        opening=30,
        games_per_batch=5,
        playout_cycles=200,
        ops_per_batch=200,
    ),
)


def build() -> str:
    """Which build of ``tictactoe`` is imported: ``pure Python`` or ``compiled (mypyc)``."""
    return "compiled (mypyc)" if _compiled_modules() else "pure Python"


def _compiled_modules() -> list[str]:
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if (name == "tictactoe" or name.startswith("tictactoe."))
        and (getattr(module, "__file__", None) or "").endswith((".so", ".pyd"))
    )


# Our three idioms, exactly as a user writes them.


def ours_list(make: Callable[[], ttt.Game], rng: random.Random) -> ttt.Game:
    g = make()
    while g.status is IN_PROGRESS:
        g.move(*rng.choice(list(g.legal_moves)))
    return g


def ours_view(make: Callable[[], ttt.Game], rng: random.Random) -> ttt.Game:
    g = make()
    while g.status is IN_PROGRESS:
        g.move(*rng.choice(g.legal_moves))
    return g


def ours_returned(make: Callable[[], ttt.Game], rng: random.Random) -> ttt.Game:
    g = make()
    while g.move(*rng.choice(g.legal_moves)) is IN_PROGRESS:
        pass
    return g


def theirs_playout(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


Idiom = Callable[[Callable[[], ttt.Game], random.Random], ttt.Game]
IDIOMS: dict[str, Idiom] = {
    "rng.choice(list(g.legal_moves)), while g.status": ours_list,
    "rng.choice(g.legal_moves), while g.status": ours_view,
    "while g.move(*rng.choice(g.legal_moves)) is IN_PROGRESS": ours_returned,
}
FIRST_IDIOM = next(iter(IDIOMS))
THEIRS = "OpenSpiel: apply_action(rng.choice(legal_actions()))"
LABEL_WIDTH = 58


def _short(game: str) -> str:
    """An OpenSpiel game string without parameters: ``gomoku(size=15,connect=5)``, ``gomoku``."""
    return game.split("(")[0]


@dataclass(frozen=True, slots=True)
class Row:
    """One printed figure: median µs per game or operation, and how it compares."""

    label: str
    micros: float
    moves: float | None = None
    speed: str = ""


def playouts(board: Board, pyspiel: Any, cycles: int, target: float, build_name: str) -> list[Row]:
    """OpenSpiel's random playouts on ``board``, then ours in each idiom with its speed."""
    game = pyspiel.load_game(board.playout_game)
    games = board.games_per_batch

    def ours(idiom: Idiom) -> Callable[[int], None]:
        def run(seed: int) -> None:
            rng = random.Random(seed)
            for _ in range(games):
                idiom(board.make, rng)

        return run

    def theirs(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(games):
            theirs_playout(game, rng)

    runs = {THEIRS: theirs} | {label: ours(idiom) for label, idiom in IDIOMS.items()}
    times = interleaved_times(runs, cycles=cycles)

    # The lengths of the very games timed, replayed untimed: the two sides should play alike.
    played = games * cycles
    moves = {
        THEIRS: sum(theirs_playout(game, rng).move_number() for rng in _rngs(cycles, games))
        / played
    }
    for label, idiom in IDIOMS.items():
        lengths = sum(len(idiom(board.make, rng).moves) for rng in _rngs(cycles, games))
        moves[label] = lengths / played

    rows = [Row(THEIRS, statistics.median(times[THEIRS]) / games * 1e6, moves[THEIRS])]
    for label in IDIOMS:
        speed = median_ratio(times[THEIRS], times[label])
        text = f"{speed:5.2f} ×"
        if label == FIRST_IDIOM:
            text += (
                f"  (target ≥ {target}× for {build_name}: {'met' if speed >= target else 'MISSED'})"
            )
        rows.append(Row(label, statistics.median(times[label]) / games * 1e6, moves[label], text))
    return rows


def _rngs(cycles: int, games: int) -> Iterator[random.Random]:
    """Each game's random source as the timed batches have it: one per cycle, seeded by it."""
    for seed in range(cycles):
        rng = random.Random(seed)
        for _ in range(games):
            yield rng


def position(board: Board, seed: int = 2024) -> tuple[ttt.Game, list[ttt.Cell], ttt.Cell]:
    """A random position ``board.opening`` moves in, its cells, and a move that does not end it.

    Cells are drawn from the sorted legal moves, so every build reaches the same position.
    """
    rng = random.Random(seed)
    while True:
        game = board.make()
        cells: list[ttt.Cell] = []
        while len(cells) < board.opening and game.status is IN_PROGRESS:
            cell = rng.choice(sorted(game.legal_moves))
            game.move(*cell)
            cells.append(cell)
        if game.status is not IN_PROGRESS:
            continue
        for cell in sorted(game.legal_moves):
            trial = board.make()
            for earlier in cells:
                trial.move(*earlier)
            if trial.move(*cell) is IN_PROGRESS:
                return game, cells, cell


def replayed(pyspiel: Any, name: str, cols: int, cells: list[ttt.Cell]) -> Any:
    """An OpenSpiel state of game ``name`` after the same cells, as actions ``row * cols + col``."""
    state = pyspiel.load_game(name).new_initial_state()
    for row, col in cells:
        state.apply_action(row * cols + col)
    return state


def copies(board: Board, pyspiel: Any, cycles: int) -> list[Row]:
    """``state.clone()`` against ``g.copy()`` on the same position."""
    game, cells, _ = position(board)
    state = replayed(pyspiel, board.playout_game, game.cols or 0, cells)
    ops = board.ops_per_batch

    def clone(_seed: int) -> None:
        copy = state.clone
        for _ in range(ops):
            copy()

    def copy(_seed: int) -> None:
        copy = game.copy
        for _ in range(ops):
            copy()

    theirs = f"OpenSpiel {_short(board.playout_game)}: state.clone()"
    times = interleaved_times({theirs: clone, "g.copy()": copy}, cycles=cycles)
    return [
        Row(theirs, statistics.median(times[theirs]) / ops * 1e6),
        Row(
            "g.copy()",
            statistics.median(times["g.copy()"]) / ops * 1e6,
            speed=f"{median_ratio(times[theirs], times['g.copy()']):5.2f} ×",
        ),
    ]


def take_backs(board: Board, pyspiel: Any, cycles: int) -> list[Row]:
    """``apply_action`` + ``undo_action`` against ``g.move`` + ``g.undo()`` on that position.

    Where the playout game has no ``undo_action`` (gomoku), the pair runs on ``board.undo_game``
    and the playout game's ``clone()`` + ``apply_action`` is timed beside it.
    """
    game, cells, (row, col) = position(board)
    cols = game.cols or 0
    action = row * cols + col
    ops = board.ops_per_batch
    undo_state = replayed(pyspiel, board.undo_game, cols, cells)
    player = undo_state.current_player()
    state = replayed(pyspiel, board.playout_game, cols, cells)

    def apply_undo(_seed: int) -> None:
        apply, undo = undo_state.apply_action, undo_state.undo_action
        for _ in range(ops):
            apply(action)
            undo(player, action)

    def clone_apply(_seed: int) -> None:
        copy = state.clone
        for _ in range(ops):
            copy().apply_action(action)

    def move_undo(_seed: int) -> None:
        move, undo = game.move, game.undo
        for _ in range(ops):
            move(row, col)
            undo()

    ours = "g.move(r, c) + g.undo()"
    # label: (what the speed is against when there are two, the run)
    theirs = {
        f"OpenSpiel {_short(board.undo_game)}: apply_action + undo_action": (
            _short(board.undo_game),
            apply_undo,
        ),
    }
    if board.undo_game != board.playout_game:
        theirs[f"OpenSpiel {_short(board.playout_game)}: state.clone().apply_action"] = (
            _short(board.playout_game),
            clone_apply,
        )
    runs = {label: run for label, (_, run) in theirs.items()} | {ours: move_undo}
    times = interleaved_times(runs, cycles=cycles)
    speeds = [
        f"{median_ratio(times[label], times[ours]):5.2f} ×"
        + (f" {short}'s" if len(theirs) > 1 else "")
        for label, (short, _) in theirs.items()
    ]
    rows = [Row(label, statistics.median(times[label]) / ops * 1e6) for label in theirs]
    rows.append(Row(ours, statistics.median(times[ours]) / ops * 1e6, speed=", ".join(speeds)))
    return rows


def print_section(*, quick: bool) -> None:
    """Print the comparison with OpenSpiel for the imported build, or why it cannot run."""
    build_name = build()
    print(f"\nAgainst OpenSpiel: tictactoe {_version('tictactoe')}, {build_name}")
    print(f"  Python {platform.python_version()} at {sys.executable}")
    print(f"  tictactoe from {Path(ttt.__file__).parent}")
    if compiled := _compiled_modules():
        print(f"  compiled modules: {', '.join(compiled)}")
    try:
        import pyspiel
    except ImportError:
        print(f"  OpenSpiel (pyspiel) is not installed: skipped. Install it with {INSTALL_HINT}")
        return
    print(f"  OpenSpiel {_version('open-spiel')} (pyspiel at {pyspiel.__file__})")
    print("  speed × = OpenSpiel's time / ours, the median of per-cycle ratios: > 1, we are faster")
    target = TARGETS[build_name]
    for board in BOARDS:
        cycles = 10 if quick else board.playout_cycles
        print(
            f"\n  Random playouts, {board.name} against {board.playout_game}: "
            f"{cycles} cycles of {board.games_per_batch} games a side, same seeds"
        )
        for row in playouts(board, pyspiel, cycles, target, build_name):
            figure = f"{row.micros:>9.1f} µs/game {row.moves or 0:>6.1f} moves"
            print(f"    {row.label:<{LABEL_WIDTH}} {figure}  {row.speed}".rstrip())
    for board in BOARDS:
        cycles = 10 if quick else 100
        print(
            f"\n  Copy and take back, {board.name} against {board.playout_game}: "
            f"{cycles} cycles of {board.ops_per_batch} a side,\n"
            f"  on one position {board.opening} moves in, the same cells on each side"
        )
        if board.undo_game != board.playout_game:
            print(
                f"  ({_short(board.playout_game)} has no undo_action:"
                f" that pair runs on {board.undo_game})"
            )
        for row in copies(board, pyspiel, cycles) + take_backs(board, pyspiel, cycles):
            print(f"    {row.label:<{LABEL_WIDTH}} {row.micros:>9.2f} µs/op  {row.speed}".rstrip())


def _version(distribution: str) -> str:
    try:
        return version(distribution)
    except PackageNotFoundError:
        return "(version unknown)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer cycles, for a smoke test")
    args = parser.parse_args()
    print_section(quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
