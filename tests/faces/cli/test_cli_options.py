"""The command's options: one name for one thing in every subcommand, old spellings kept."""

from __future__ import annotations

import argparse
import json
import re
import shlex
from pathlib import Path

import pytest
from support import ROOT
from support.commandline import run

from tictactoe import notation, records
from tictactoe.cli._parser import build

README = ROOT / "README.md"

DIFFERENT_ON_PURPOSE = {"--players": {"SPEC,SPEC,...", "N"}}
"""Options whose metavar differs between subcommands, each difference said in their help:
``--players`` lists the players where they play, and says how many where they are counted."""


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Every subcommand's parser, by name."""
    found = [
        action
        for action in build("0").__dict__["_actions"]
        if isinstance(action, argparse._SubParsersAction)
    ]
    return dict(found[0].choices)


def one_notice(err: str, old: str, new: str) -> None:
    assert err.splitlines() == [
        f"tictactoe: {old} is now {new}; the old name will go in a later release"
    ]


def test_an_option_has_one_metavar_and_a_help_in_every_subcommand() -> None:
    metavars: dict[str, set[str]] = {}
    for name, parser in subcommands().items():
        for action in parser._actions:
            if action.help == argparse.SUPPRESS or not action.option_strings:
                continue
            assert action.help, f"{name} {action.option_strings} has no help"
            if action.nargs == 0:
                continue
            for option in action.option_strings:
                metavar = str(action.metavar or action.dest.upper())
                metavars.setdefault(option, set()).add(metavar)
    for option, found in metavars.items():
        assert found == DIFFERENT_ON_PURPOSE.get(option, found), option
        if option not in DIFFERENT_ON_PURPOSE:
            assert len(found) == 1, f"{option} is shown as {sorted(found)}"


def test_what_a_command_is_about_is_its_argument() -> None:
    parsers = subcommands()
    for name in ("show", "render", "solve"):
        positional = [action for action in parsers[name]._actions if not action.option_strings]
        assert [action.metavar for action in positional] == ["FILE_OR_POSITION"], name
    assert "--size" not in parsers["render"].format_help()  # the board's size everywhere else


def test_the_two_ways_to_play_bots_say_why_both_exist() -> None:
    parsers = subcommands()
    assert "use match" in parsers["selfplay"].description
    assert "use selfplay" in parsers["match"].description


def test_every_command_line_in_the_readme_and_the_command_page_parses() -> None:
    readme = README.read_text(encoding="utf-8")
    page = (ROOT / "docs" / "command.md").read_text(encoding="utf-8")
    shown = re.findall(r"`(tictactoe [^`]*)`", readme)  # the table's examples
    shown += re.findall(
        r"^(tictactoe .*)$", "\n".join(re.findall(r"```sh\n(.*?)```", readme, re.S)), re.M
    )
    shown += re.findall(r"^\$ (tictactoe .*)$", page, re.M)  # the sessions of every command
    lines = [line.split(" #")[0].strip() for line in shown]
    assert len(lines) > 30
    parser = build("0")
    for line in lines:
        words = shlex.split(line)[1:]
        if not words or words[0].startswith("-"):
            words.insert(0, "play")
        if words[0] in ("brain", "COMMAND"):
            continue  # the brain's options are pbrain-tictactoe's; COMMAND stands for any
        parser.parse_args(words)  # a wrong option would raise UsageError


def test_solve_takes_the_position_as_its_argument_and_the_old_option_with_a_notice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["solve", "X.O/.X./..O", "--json"], capsys, monkeypatch)
    assert (code, err) == (0, "")
    new = json.loads(out)
    code, out, err = run(["solve", "--position", "X.O/.X./..O", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["best_moves"] == new["best_moves"]
    one_notice(err, "--position", "the position argument")
    code, _, err = run(["solve", "X.O/.X./..O", "--position", "X.O/.X./..O"], capsys, monkeypatch)
    assert code == 2
    assert "give the position once" in err


def test_solve_reads_a_saved_game_as_show_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    records.save(records.Record.from_game(notation.parse("X.O/.X./..O X 3x3 k3")), saved)
    code, out, _ = run(["solve", str(saved), "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["best_moves"] == [[1, 2]]
    code, _, err = run(["solve", str(tmp_path / "missing.json")], capsys, monkeypatch)
    assert code == 1
    assert "missing.json" in err


def test_count_takes_players_as_a_number_and_the_old_option_with_a_notice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["count", "--players", "3", "--json"], capsys, monkeypatch)
    assert (code, err) == (0, "")
    assert json.loads(out)["positions"] == 26_930
    code, out, err = run(["count", "--player-count", "3", "--json"], capsys, monkeypatch)
    assert code == 0
    assert json.loads(out)["positions"] == 26_930
    one_notice(err, "--player-count", "--players")


def test_render_takes_width_and_the_old_size_with_a_notice(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    picture = tmp_path / "board.svg"
    for option in ("--width", "--size"):
        argv = ["render", "X../.../...", "-o", str(picture), option, "120"]
        code, _, err = run(argv, capsys, monkeypatch)
        assert code == 0
        assert 'width="120"' in picture.read_text()
        if option == "--size":
            one_notice(err, "--size", "--width")
        else:
            assert err == ""


def test_bots_take_the_old_budget_with_a_notice(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", "--x", "heuristic", "--o", "random", "--games", "1", "--json"]
    code, _, err = run([*argv, "--budget", "5"], capsys, monkeypatch)
    assert code == 0
    one_notice(err, "--budget", "--nodes")
