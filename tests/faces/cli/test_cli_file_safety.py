"""The command never loses a file it was not asked to replace, and prints names it was given.

``render -o`` wrote SVG over the game it read; ``play --save`` replaced any file; resuming a
game with ``--load X --save X`` renamed the person "you"; a brain's ``ABOUT`` name reached the
terminal raw (escape sequences and all); a finished game to resume was a usage error (2),
though a bad file is a failure at run time (1).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from support import DATA
from support.commandline import run

from tictactoe import records

GOLDEN = DATA / "heuristic_beats_random.json"
HOSTILE_NAME = "Mallory\x1b]0;owned\x07\x1b[2J"
"""A brain's name that would set the terminal's title and clear its screen if printed raw."""


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """A copy of a finished 15×15 game, in a folder of its own."""
    copy = tmp_path / "game.json"
    copy.write_bytes(GOLDEN.read_bytes())
    return copy


@pytest.mark.parametrize("output", ["game.json", "./game.json", "link.json"])
def test_render_refuses_to_write_over_its_input(
    saved: Path,
    output: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(saved.parent)
    (saved.parent / "link.json").symlink_to(saved)
    before = saved.read_bytes()
    code, _, err = run(["render", "game.json", "-o", output], capsys, monkeypatch)
    assert code == 2
    assert "must end in .svg" in err
    assert saved.read_bytes() == before


@pytest.mark.parametrize("output", ["board.png", "board", "board.svg.json"])
def test_render_writes_only_svg_files(
    saved: Path, output: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    target = saved.parent / output
    code, _, err = run(["render", str(saved), "-o", str(target)], capsys, monkeypatch)
    assert code == 2
    assert "must end in .svg" in err
    assert not target.exists()
    code, _, _ = run(
        ["render", str(saved), "-o", str(saved.with_suffix(".SVG"))], capsys, monkeypatch
    )
    assert code == 0
    assert saved.with_suffix(".SVG").read_text().startswith("<svg")


def test_convert_refuses_to_write_over_its_input(
    saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = saved.read_bytes()
    code, _, err = run(["convert", str(saved), str(saved)], capsys, monkeypatch)
    assert code == 2
    assert "the file being read" in err
    assert saved.read_bytes() == before


def test_play_save_keeps_an_existing_file_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    precious = tmp_path / "precious.json"
    precious.write_text("a game worth keeping")
    argv = ["play", "--seed", "1", "--save", str(precious)]
    code, out, err = run(argv, capsys, monkeypatch, "b2\nquit\n")
    assert code == 2
    assert "exists: add --force" in err
    assert "b2" not in out  # refused before the first move
    assert precious.read_text() == "a game worth keeping"
    code, _, _ = run([*argv, "--force"], capsys, monkeypatch, "b2\nquit\n")
    assert code == 0
    assert len(records.load(precious).moves) == 2


def test_resuming_a_game_saves_it_again_with_the_names_it_had(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "game.json"
    start = records.Record(3, 3, 3, 2, ((1, 1), (0, 0)), ("Ada", "perfect"), None)
    records.save(start, saved)
    argv = ["play", "--seed", "1", "--load", str(saved), "--save", str(saved)]
    code, _, _ = run(argv, capsys, monkeypatch, "c3\nquit\n")  # its own file: no --force
    assert code == 0
    resumed = records.load(saved)
    assert resumed.names == ("Ada", "perfect")
    assert resumed.moves[:3] == ((1, 1), (0, 0), (2, 2))


def test_resuming_a_finished_game_is_a_failure_not_a_usage_error(
    saved: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--size", "15", "--k", "5", "--o", "random", "--load", str(saved)]
    code, _, err = run(argv, capsys, monkeypatch)
    assert code == 1
    assert "finished game" in err


def _brain_named(tmp_path: Path, name: str) -> str:
    """The command of a brain that gives ``name`` in ``ABOUT`` and plays the first free cell."""
    script = tmp_path / "named_brain.py"
    script.write_text(
        "import sys\n"
        "taken = set()\n"
        "def answer(text):\n"
        "    print(text, flush=True)\n"
        "def first_free():\n"
        "    cell = next((x, y) for y in range(20) for x in range(20) if (x, y) not in taken)\n"
        "    taken.add(cell)\n"
        "    answer(f'{cell[0]},{cell[1]}')\n"
        "for line in sys.stdin:\n"
        "    word = line.split(' ', 1)[0].strip().upper()\n"
        "    if word == 'ABOUT':\n"
        f"        answer('name=' + {name!r}.join('\"\"') + ', version=\"1\"')\n"
        "    elif word in ('START', 'RESTART'):\n"
        "        taken.clear()\n"
        "        answer('OK')\n"
        "    elif word == 'TURN':\n"
        "        taken.add(tuple(int(n) for n in line.split(' ', 1)[1].split(',')))\n"
        "        first_free()\n"
        "    elif word == 'BEGIN':\n"
        "        first_free()\n"
        "    elif word == 'END':\n"
        "        break\n"
    )
    return f"engine:{sys.executable} {script}"


@pytest.mark.parametrize("command", ["play", "selfplay"])
def test_a_brains_name_reaches_the_terminal_escaped(
    command: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    brain = _brain_named(tmp_path, HOSTILE_NAME)
    argv = [command, "--size", "15", "--k", "5", "--x", brain, "--o", "random", "--seed", "2"]
    if command == "selfplay":
        argv += ["--games", "1", "--verbose"]
    code, out, err = run(argv, capsys, monkeypatch)
    assert code == 0, err
    assert "\x1b" not in out + err
    assert "\x07" not in out + err
    assert "Mallory\\x1b]0;owned\\x07\\x1b[2J" in out


def test_the_saved_record_keeps_a_brains_name_as_it_gave_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    brain = _brain_named(tmp_path, "Deep Five")
    saved = tmp_path / "game.json"
    argv = ["play", "--size", "15", "--k", "5", "--x", brain, "--o", "random"]
    code, _, err = run([*argv, "--seed", "2", "--save", str(saved)], capsys, monkeypatch)
    assert code == 0, err
    assert records.load(saved).names == ("Deep Five", "random")
