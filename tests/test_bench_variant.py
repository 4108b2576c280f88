"""``bench/variant.py``: the variant's constants hold for its moves alone, and the summary
counts its points."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest
from benches import load_bench

import tictactoe as ttt
from tictactoe import threat
from tictactoe._threat import search
from tictactoe.cli._options import UsageError
from tictactoe.threat import ThreatBot

variant = load_bench("variant")


def test_a_constant_is_one_of_the_bots_whole_numbers() -> None:
    assert variant.constant("_TO_MOVE=0") == ("_TO_MOVE", 0)
    assert variant.constant("WIDTH=12") == ("WIDTH", 12)
    assert variant.constant("VCT_DEPTH=6") == ("VCT_DEPTH", 6)
    assert variant.HOMES["VCT_DEPTH"] is threat
    assert variant.HOMES["WIN"] is search
    bad = ("_TO_MOVE", "NO_SUCH=1", "Search=1", "WIDTH=wide", "Table=3", "DEFAULT_SECONDS=2")
    for text in bad:
        with pytest.raises(argparse.ArgumentTypeError):
            variant.constant(text)


@pytest.mark.parametrize("number", [0, 1])
@pytest.mark.parametrize(("name", "module"), [("_TO_MOVE", search), ("VCT_DEPTH", threat)])
def test_each_bot_searches_with_its_own_constants(
    number: int, name: str, module: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A spy on the bots' moves notes the constant each move saw: the variant's value in
    the variant's moves (the first player's when ``number`` is even), the standing value
    in the other's, and the standing value again once the game is over."""
    standing = getattr(module, name)
    seen: dict[int, set[int]] = {0: set(), 1: set()}
    choose = ThreatBot.choose_move

    def spy(bot: ThreatBot, game: ttt.Game) -> ttt.Cell:
        seen[len(game.moves) % 2].add(getattr(module, name))
        return choose(bot, game)

    monkeypatch.setattr(ThreatBot, "choose_move", spy)
    points = variant.play(number, [(7, 7), (7, 8), (9, 5)], 150, {name: standing + 1})
    assert points in (0.0, 0.5, 1.0)
    assert standing == getattr(module, name)
    mine = number % 2  # the first player moves after an even number of moves
    assert seen[mine] == {standing + 1}
    assert seen[1 - mine] == {standing}


def test_the_summary_counts_the_variants_points(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["variant.py", "--set", "WIDTH=4", "--games", "2", "--nodes", "100"]
    monkeypatch.setattr(sys, "argv", argv)
    variant.main()
    out = capsys.readouterr().out
    games = [float(points) for points in re.findall(r"^game \d+: (\S+)$", out, re.MULTILINE)]
    assert len(games) == 2
    summary = out.splitlines()[-1]
    assert summary.startswith(f"WIDTH=4 at 100 nodes a move: {sum(games):g}/2 = ")
    assert f"(first {games[0]:g}/1, second {games[1]:g}/1)" in summary


def test_a_game_begins_with_its_opening(monkeypatch: pytest.MonkeyPatch) -> None:
    cells = [(3, 11), (7, 7), (10, 2)]
    openings: list[list[ttt.Cell]] = []
    choose = ThreatBot.choose_move

    def spy(bot: ThreatBot, game: ttt.Game) -> ttt.Cell:
        openings.append([move.cell for move in game.moves[:3]])
        return choose(bot, game)

    monkeypatch.setattr(ThreatBot, "choose_move", spy)
    variant.play(1, cells, 100, {"WIDTH": 4})
    assert openings[0] == cells
    assert all(opening == cells for opening in openings)


def test_openings_come_from_a_file_from_the_first_asked_for(tmp_path: Path) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("# two openings\n7,7 8,8 9,9\n7,7 3,3 11,11\n", encoding="utf-8")
    assert variant.chosen_openings(str(path), 1, 1) == [[(7, 7), (3, 3), (11, 11)]]
    assert variant.chosen_openings(str(path), 0, 2)[0] == [(7, 7), (8, 8), (9, 9)]
    with pytest.raises(UsageError, match="fewer than 2 openings from number 1"):
        variant.chosen_openings(str(path), 1, 2)
    drawn = variant.chosen_openings(None, 5, 3)
    assert drawn == [variant.opening(number, False) for number in (5, 6, 7)]


def test_too_few_openings_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("7,7 8,8 9,9\n", encoding="utf-8")
    argv = ["variant.py", "--set", "WIDTH=4", "--games", "3", "--openings", str(path)]
    monkeypatch.setattr(sys, "argv", argv)
    with pytest.raises(SystemExit):
        variant.main()
    assert "fewer than 2 openings from number 0" in capsys.readouterr().err


def test_both_bots_are_seeded_by_the_seed_plus_the_games_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seeds: list[int] = []

    def made(seed: int, *, seconds: float | None, nodes: int) -> ThreatBot:
        seeds.append(seed)
        return ThreatBot(seed, seconds=seconds, nodes=nodes)

    monkeypatch.setattr(variant, "ThreatBot", made)
    variant.play(3, [(7, 7), (7, 8), (9, 5)], 100, {"WIDTH": 4}, seed=1000)
    assert seeds == [1003, 1003]
