"""``tools/engines.py``: it deals the openings out, and sums what the matches played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import engines
import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.brains import fake_command as brain

from tictactoe.openings import read_openings

OPENINGS = "7,7 8,6 6,8\n7,7 6,9 7,9\n7,7 9,6 6,7\n"


def bench(tmp_path: Path, engine: str, *options: str) -> Any:
    """Run the bench on three openings, at 0.2 s a move, two matches at once."""
    openings = tmp_path / "openings.txt"
    openings.write_text(OPENINGS, encoding="utf-8")
    return engines.main(
        [engine, "--time", "0.2", "--jobs", "2", "--openings", str(openings), *options]
    )


@given(st.lists(st.text(max_size=3), max_size=40), st.integers(1, 50))
def test_the_openings_are_dealt_in_runs_that_differ_by_one_at_most(
    openings: list[str], jobs: int
) -> None:
    runs = engines.deal(openings, jobs)
    assert [line for run in runs for line in run] == openings
    assert len(runs) == min(jobs, len(openings))
    sizes = [len(run) for run in runs]
    assert all(size >= 1 for size in sizes)
    assert max(sizes, default=0) - min(sizes, default=0) <= 1


@pytest.mark.slow
def test_every_opening_is_played_twice_and_every_game_kept(tmp_path: Path) -> None:
    saved = tmp_path / "games"
    tally = bench(tmp_path, brain("first"), "--ours", "heuristic", "--save", str(saved))
    assert tally.points == [1.0] * 6
    assert tally.colour_score == {"Black": 3, "White": 3}
    assert tally.colour_games == {"Black": 3, "White": 3}
    assert tally.failed == 0
    assert len(list(saved.glob("match*.sgf"))) == 6


def test_a_folder_that_holds_games_already_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Their games would be summed with the new run's.
    (tmp_path / "match01-0009.sgf").write_text("(;FF[4]GM[4]SZ[15])", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        engines.main(["brain", "--save", str(tmp_path)])
    assert stopped.value.code == 2
    assert "holds the games of a run before" in capsys.readouterr().err


@pytest.mark.slow
def test_our_brain_plays_over_the_protocol_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tally = bench(tmp_path, brain("first"))
    assert tally.points == [1.0] * 6
    out = capsys.readouterr().out
    assert "6/6 = 100.0% ± 0.0%" in out
    assert "as Black: 3/3" in out


def test_a_brain_that_crashes_loses_by_forfeit_counted_with_our_colour(tmp_path: Path) -> None:
    tally = bench(tmp_path, brain("crash"), "--ours", "heuristic")
    assert tally.points == [1.0] * 6
    assert tally.forfeits == {"them crash": 6}
    assert tally.colour_score == {"Black": 3, "White": 3}
    assert tally.colour_games == {"Black": 3, "White": 3}


def test_a_match_that_cannot_start_counts_no_game_and_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tally = bench(tmp_path, str(tmp_path / "no-such-brain"))
    assert tally.points == []
    assert tally.failed == 2
    out = capsys.readouterr().out
    assert "match 1: failed" in out
    assert "no games" in out


@pytest.mark.parametrize(("option", "value"), [("--jobs", "0"), ("--time", "0")])
def test_a_bad_count_is_refused_with_its_option_named(
    option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        engines.main(["brain", option, value])
    assert stopped.value.code == 2
    assert f"{option} must be" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7,7 8,6\nnot a move\n", "line 2: 'not a move' is not x,y pairs"),
        ("# only a comment\n", "no openings in it"),
    ],
)
def test_an_openings_file_that_is_no_openings_is_refused(
    text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text(text, encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        engines.main(["brain", "--openings", str(openings)])
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


def test_the_balanced_openings_are_thirty_different_three_stone_starts() -> None:
    openings = read_openings(str(engines.OPENINGS.with_name("balanced.txt")))
    assert len(openings) == 30
    shapes = set()
    for opening in openings:
        assert len(set(opening)) == 3
        assert opening[0] == (7, 7)
        assert all(max(abs(row - 7), abs(col - 7)) <= 4 for row, col in opening)
        shapes.add(min(symmetric(opening, turn) for turn in range(8)))
    assert len(shapes) == 30


def symmetric(opening: list[tuple[int, int]], turn: int) -> tuple[object, ...]:
    """The opening under one of the board's eight symmetries, each side's stones as a set."""
    cells = []
    for row, col in opening:
        dy, dx = row - 7, col - 7
        if turn & 1:
            dx = -dx
        if turn & 2:
            dy = -dy
        if turn & 4:
            dx, dy = dy, dx
        cells.append((dy, dx))
    return (tuple(sorted(cells[0::2])), tuple(sorted(cells[1::2])))
