"""``tools/defence.py``: its positions are real, and it rules on every one for both bots."""

from __future__ import annotations

import defence
import pytest


def test_every_position_is_an_unfinished_game_with_white_to_move() -> None:
    games = defence.positions(1)
    assert len(games) == 211
    for game in games:
        assert not game.is_over
        assert len(game.moves) % 2 == 1
        assert len(game.moves) >= 5


def test_it_rules_on_every_position_for_both_budgets(capsys: pytest.CaptureFixture[str]) -> None:
    counts = defence.main(["--every", "70", "--nodes", "200", "--prover-nodes", "500"])
    assert set(counts) == {200, 800}
    assert all(sum(tally.values()) == 4 for tally in counts.values())
    assert set().union(*counts.values()) <= set(defence.VERDICTS)
    out = capsys.readouterr().out
    assert "4 positions, the verdict 12 threats deep:" in out
    assert "bot on     800 nodes:" in out


@pytest.mark.slow
def test_a_move_far_from_the_rivals_threat_loses() -> None:
    # In every position the rival would win by threats if it could move now: a stone in
    # the far corner does nothing against that.
    for game in defence.positions(3):
        assert (0, 0) not in {move.cell for move in game.moves}
        assert defence.verdict(game, (0, 0), 12, 60_000) == "loses"


@pytest.mark.parametrize("option", ["--nodes", "--reference-nodes", "--every", "--depth"])
def test_a_count_below_one_is_refused_with_its_option_named(
    option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        defence.main([option, "0"])
    assert stopped.value.code == 2
    assert f"{option} must be at least 1, not 0" in capsys.readouterr().err


def test_a_reference_on_the_bots_own_budget_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        defence.main(["--nodes", "500", "--reference-nodes", "500"])
    assert stopped.value.code == 2
    assert "--reference-nodes must differ from --nodes (500 both)" in capsys.readouterr().err
