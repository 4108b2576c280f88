"""``tools/losses.py``: it finds the move that lost a game to threats, and sorts the loss."""

from __future__ import annotations

from pathlib import Path

import losses
import pytest

import tictactoe as ttt
from tictactoe import records

IGNORED_THREE = ((7, 5), (0, 0), (7, 6), (0, 14), (7, 7), (14, 0), (7, 8), (7, 4), (7, 9))
"""Black makes an open three, White (ours) plays in a corner, Black makes an open four and
wins: White's third move lost it, and blocking the three would have held."""


def saved(folder: Path, name: str, moves: tuple[ttt.Cell, ...], names: tuple[str, str]) -> None:
    game = ttt.Game(15, k=5)
    for cell in moves:
        game.move(*cell)
    records.save(records.Record.from_game(game, names=names), folder / name)


def test_the_move_that_ignored_an_open_three_lost_and_a_block_was_missed() -> None:
    place = losses.losing_move(IGNORED_THREE, 1, 8, 20_000)
    assert place == 5
    assert losses.kind_of_loss(IGNORED_THREE, place, 8, 12, 20_000) == "missed"


def test_a_game_with_no_threat_against_the_loser_has_no_losing_move() -> None:
    moves = ((7, 7), (0, 0), (7, 8), (0, 14))
    assert losses.losing_move(moves, 1, 8, 20_000) is None


@pytest.mark.parametrize(("before", "kind"), [("loses", "deep"), ("holds", "set up")])
def test_when_every_candidate_loses_the_move_before_tells_deep_from_set_up(
    before: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every candidate at the losing move loses; the rival's win a move before (sought
    ``deep`` threats deep) makes the loss deep, its absence a set-up.
    """
    seen: list[tuple[int, int]] = []

    def ruled(game: ttt.Game, cell: ttt.Cell, depth: int, nodes: int) -> str:
        seen.append((len(game.moves), depth))
        return before if len(game.moves) == 3 else "loses"

    monkeypatch.setattr(losses, "verdict", ruled)
    assert losses.kind_of_loss(IGNORED_THREE, 5, 8, 14, 1_000) == kind
    assert seen[-1] == (3, 14)
    assert all(entry == (5, 8) for entry in seen[:-1])
    assert len(seen) > 2


def test_the_summary_counts_the_lost_games_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved(tmp_path, "lost.sgf", IGNORED_THREE, ("them", "ours"))
    saved(tmp_path, "won.sgf", IGNORED_THREE, ("ours", "them"))
    counts = losses.main([str(tmp_path), "--nodes", "20000"])
    assert counts == {"missed": 1}
    out = capsys.readouterr().out
    assert "lost.sgf: lost as White, its move 6 (" in out
    assert "won.sgf" not in out
    assert out.splitlines()[-1] == "lost games: 1 (missed 1, deep 0, set up 0, not to threats 0)"
    losses.main([str(tmp_path), "--nodes", "20000", "--earlier"])
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == "set-ups that a candidate of the move before met: 0"


def test_a_folder_without_games_or_without_our_player_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        losses.main([str(tmp_path)])
    assert "no SGF games in it" in capsys.readouterr().err
    saved(tmp_path, "other.sgf", IGNORED_THREE, ("them", "someone"))
    with pytest.raises(SystemExit):
        losses.main([str(tmp_path)])
    assert "other.sgf: no player named 'ours'" in capsys.readouterr().err


@pytest.mark.slow
def test_an_open_four_is_a_set_up_that_each_block_of_the_three_meets() -> None:
    """Leaving Black's open three standing lets it make an open four, which no reply
    holds; after either block (White's only candidates) it has no such answer.
    """
    before = ((7, 5), (6, 5), (7, 6), (6, 6), (7, 7))
    assert losses.set_up_against(before, (0, 0), 8, 20_000) in {(7, 4), (7, 8)}
    blocks = losses.candidates(losses.played(before))
    assert sorted(blocks) == [(7, 4), (7, 8)]
    for block in blocks:
        assert losses.set_up_against(before, block, 8, 20_000) is None
    lost = (*before, (0, 0), (7, 8), (7, 4))
    assert losses.safe_before(lost, 7, 8, 20_000) == 2
