"""``tools/variant.py``: the variant's tuning holds for its moves alone, and the summary
counts its points.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import variant

import tictactoe as ttt
from tictactoe.threat import Params, ThreatBot


def test_a_setting_is_a_field_of_the_bots_tuning() -> None:
    assert variant.setting("to_move=0") == ("to_move", 0)
    assert variant.setting("width=12") == ("width", 12)
    assert variant.setting("vct_share=0.4") == ("vct_share", 0.4)
    assert variant.setting("tempo=0,1,2,3,4,5,6") == ("tempo", (0, 1, 2, 3, 4, 5, 6))
    bad = ("to_move", "NO_SUCH=1", "WIDTH=12", "width=wide", "width=1.5", "tempo=1,x", "seed=2")
    for text in bad:
        with pytest.raises(argparse.ArgumentTypeError):
            variant.setting(text)


@pytest.mark.parametrize("number", [0, 1])
def test_each_bot_searches_with_its_own_params(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spy on the bots' moves notes the tuning each move was chosen with: the variant's
    in the variant's moves (the first player's when ``number`` is even), the tuned one in
    the other's.
    """
    seen: dict[int, set[Params]] = {0: set(), 1: set()}
    choose = ThreatBot.choose_move

    def spy(bot: ThreatBot, game: ttt.Game) -> ttt.Cell:
        seen[len(game.moves) % 2].add(bot.params)
        return choose(bot, game)

    monkeypatch.setattr(ThreatBot, "choose_move", spy)
    changed = Params(vct_depth=Params().vct_depth + 1, to_move=0)
    points = variant.play(number, [(7, 7), (7, 8), (9, 5)], 150, changed)
    assert points in (0.0, 0.5, 1.0)
    mine = number % 2  # the first player moves after an even number of moves
    assert seen[mine] == {changed}
    assert seen[1 - mine] == {Params()}


def test_a_setting_out_of_range_is_a_usage_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["variant.py", "--set", "width=0"])
    with pytest.raises(SystemExit):
        variant.main()
    assert "width must be at least 1, not 0" in capsys.readouterr().err


def test_the_summary_counts_the_variants_points(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["variant.py", "--set", "width=4", "--games", "2", "--nodes", "100"]
    monkeypatch.setattr(sys, "argv", argv)
    variant.main()
    out = capsys.readouterr().out
    games = [float(points) for points in re.findall(r"^game \d+: (\S+)$", out, re.MULTILINE)]
    assert len(games) == 2
    summary = out.splitlines()[-1]
    assert summary.startswith(f"width=4 at 100 nodes a move: {sum(games):g}/2 = ")
    assert f"(first {games[0]:g}/1, second {games[1]:g}/1)" in summary


def test_a_game_begins_with_its_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [(3, 11), (7, 7), (10, 2)]
    openings: list[list[ttt.Cell]] = []
    choose = ThreatBot.choose_move

    def spy(bot: ThreatBot, game: ttt.Game) -> ttt.Cell:
        openings.append([move.cell for move in game.moves[:3]])
        return choose(bot, game)

    monkeypatch.setattr(ThreatBot, "choose_move", spy)
    variant.play(1, cells, 100, Params(width=4))
    assert openings[0] == cells
    assert all(opening == cells for opening in openings)


def test_openings_come_from_a_file_from_the_first_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("# two openings\n7,7 8,8 9,9\n7,7 3,3 11,11\n", encoding="utf-8")
    assert variant.chosen_openings(str(path), 1, 1) == [[(7, 7), (3, 3), (11, 11)]]
    assert variant.chosen_openings(str(path), 0, 2)[0] == [(7, 7), (8, 8), (9, 9)]
    with pytest.raises(ttt.InvalidArgument, match="fewer than 2 openings from number 1"):
        variant.chosen_openings(str(path), 1, 2)
    drawn = variant.chosen_openings(None, 5, 3)
    assert drawn == [variant.opening(number, False) for number in (5, 6, 7)]


def test_too_few_openings_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("7,7 8,8 9,9\n", encoding="utf-8")
    argv = ["variant.py", "--set", "width=4", "--games", "3", "--openings", str(path)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit):
        variant.main()
    assert "fewer than 2 openings from number 0" in capsys.readouterr().err


def test_both_bots_are_seeded_by_the_seed_plus_the_games_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seeds: list[int] = []

    def made(seed: int, **options: Any) -> ThreatBot:
        seeds.append(seed)
        return ThreatBot(seed, **options)

    monkeypatch.setattr(variant, "ThreatBot", made)
    variant.play(3, [(7, 7), (7, 8), (9, 5)], 100, Params(width=4), seed=1000)
    assert seeds == [1003, 1003]
