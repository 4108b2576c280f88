"""The threat bot in the command and the brain: default opponent, hint, --verbose, MESSAGE."""

from __future__ import annotations

import pytest
from support.commandline import run

import tictactoe as ttt
from tictactoe import specs
from tictactoe.brain import Brain, ThreatChooser
from tictactoe.brain._choosers import message
from tictactoe.heuristic import HeuristicBot
from tictactoe.threat import ThreatBot


@pytest.mark.parametrize(
    ("game", "kind"),
    [
        (ttt.Game(), "perfect"),
        (ttt.Game(15, k=5), "threat"),
        (ttt.Game.unbounded(5), "threat"),
        (ttt.Game(9, k=4), "threat"),
        (ttt.Game(9, k=3), "heuristic"),
        (ttt.Game(15, k=7), "threat"),
        (ttt.Game(15, k=8), "heuristic"),
        (ttt.Game(9, k=5, players=3), "heuristic"),
    ],
)
def test_the_default_bot_is_the_threat_bot_where_perfect_play_is_out_of_reach(
    game: ttt.Game, kind: str
) -> None:
    assert specs.best(game) == kind


def test_threat_is_a_player_kind_with_the_time_limit() -> None:
    player = specs.player("threat", ttt.Game(15, k=5), seed=1, limit=ttt.Limit(seconds=0.5))
    assert isinstance(player, ThreatBot)
    assert player.name == "threat"


def test_selfplay_verbose_tells_what_the_threat_bot_thought(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["selfplay", "--x", "threat", "--o", "random", "--size", "9", "--k", "4"]
    argv += ["--games", "1", "--seed", "2", "--time", "0.05", "--verbose"]
    code, out, _ = run(argv, capsys, monkeypatch)
    assert code == 0
    lines = out.splitlines()
    threat_moves = [line for line in lines if "X (threat)" in line]
    assert threat_moves
    assert all(" nodes in " in line and "; line " in line for line in threat_moves)
    assert any(line.startswith("game 1 move 2: O (random) ") for line in lines)
    assert lines[-1].split()[:2] == ["1", "1"]  # the table: one game, won by X


def test_hint_names_a_cell_and_the_line_behind_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "--size", "9", "--k", "4", "--o", "random", "--time", "0.05"]
    code, out, _ = run(argv, capsys, monkeypatch, stdin="e5\nhint\nquit\n")
    assert code == 0
    assert "hint: " in out
    assert " nodes in " in out


def test_brain_sends_a_message_line_before_each_move() -> None:
    brain = Brain(seed=1, limit=ttt.Limit(seconds=5.0, nodes=300))
    assert brain.handle("START 15") == ["OK"]
    assert brain.handle("INFO timeout_turn 200") == []
    message, move = brain.handle("TURN 7,7")
    assert move.count(",") == 1
    words = message.split()
    assert words[0] == "MESSAGE"
    assert words[1] == "search"
    assert words[2:9:2] == ["depth", "score", "nodes", "nps"]
    assert words[words.index("pv") + 1] == move
    assert int(words[words.index("nodes") + 1]) <= 300


def untimed(line: str) -> list[str]:
    """A MESSAGE line's words less its rate and time, which no two runs share."""
    words = line.split()
    for field in ("nps", "time"):
        at = words.index(field)
        del words[at : at + 2]
    return words


def test_the_brain_plays_as_one_threat_bot_kept_over_the_game() -> None:
    """The board and the proofs of each move serve the next, as in a match in one process."""
    chooser = ThreatChooser()
    kept = ThreatBot(7, limit=ttt.Limit(seconds=60.0, nodes=500))
    rival = HeuristicBot(0, limit=ttt.Limit(nodes=100))
    game = ttt.Game(15, k=5)
    for cell in [(7, 7), (8, 6), (6, 8)]:
        game.move(*cell)
    for number in range(8):
        if game.is_over:
            break
        cell = chooser(
            game, limit=ttt.Limit(seconds=60.0, nodes=500), seed=7 if number == 0 else number
        )
        assert cell == kept.choose_move(game)
        assert kept.last is not None
        (line,) = chooser.explain()
        assert untimed(line) == untimed(message(kept.last))
        game.move(*cell)
        if not game.is_over:
            game.move(*rival.choose_move(game))
    assert len(game.moves) >= 9
