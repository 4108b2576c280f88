"""The tactics suite: the threat bot finds every win and every defence within 1 s.

The positions and their answers are in ``data/tactics/suite.txt``; the answers come from the
brute-force prover in :mod:`threat_oracle` (see ``data/tactics/README.md``), never from the
bot. The keys of every VCF win, of the first VCF defences and of the first VCT wins are
proved again here (the others take the prover minutes), so that a change to the file is
caught.
"""

from __future__ import annotations

import time

import pytest
from support.tactics import PROBLEMS, Problem
from support.threat_oracle import Stones, defences, vcf_moves, vct_moves

import tictactoe as ttt
from tictactoe._threat.board import PatternBoard
from tictactoe._threat.tactics import Budget, ThreatSearch
from tictactoe.coordinates import cell_label
from tictactoe.threat import ThreatBot

ORACLE_DEPTH = 14


def test_the_suite_has_every_kind_and_deep_wins() -> None:
    kinds = {problem.kind for problem in PROBLEMS}
    assert kinds == {"vcf", "vcf-defence", "vct", "vct-defence"}
    assert len(PROBLEMS) >= 50
    assert max(problem.depth for problem in PROBLEMS if problem.kind == "vcf") >= 10


@pytest.mark.slow
def test_the_prover_counts_a_four_as_a_threat_not_as_a_win() -> None:
    """O's three, blocked at one end, makes only fours that X blocks: no win for O by
    threats. Each four is searched on against every reply, like any other threat."""
    o_stones = {(7, 6): 2, (7, 7): 2, (7, 8): 2, (6, 9): 2}
    x_stones = {(2, 2): 1, (3, 12): 1, (12, 3): 1, (12, 12): 1}
    blocked = Stones({**o_stones, **x_stones, (7, 5): 1}, 15, 15, 5)
    assert blocked.fours(2) == [(7, 9), (7, 10)]
    assert vcf_moves(blocked, 2, 6) == []
    assert vct_moves(blocked, 2, 6) == []
    open_three = Stones({**o_stones, **x_stones}, 15, 15, 5)
    assert {(7, 5), (7, 9)} <= set(vct_moves(open_three, 2, 4))


@pytest.mark.slow
@pytest.mark.parametrize("problem", PROBLEMS, ids=lambda problem: problem.name)
def test_the_bot_finds_a_correct_answer_within_one_second(problem: Problem) -> None:
    game = problem.game()
    move = ThreatBot(0, limit=ttt.Limit(seconds=1.0)).choose_move(game)
    assert cell_label(move, game) in problem.answers


@pytest.mark.slow
@pytest.mark.parametrize(
    "problem",
    [problem for problem in PROBLEMS if problem.kind == "vcf"]
    + [problem for problem in PROBLEMS if problem.kind == "vcf-defence"][:5]
    + [problem for problem in PROBLEMS if problem.kind == "vct"][:3],
    ids=lambda problem: problem.name,
)
def test_the_answer_key_is_the_provers(problem: Problem) -> None:
    game = problem.game()
    stones = problem.stones()
    me = game.players.index(game.turn) + 1
    if problem.kind == "vcf":
        answers = vcf_moves(stones, me, ORACLE_DEPTH)
    elif problem.kind == "vct":
        answers = vct_moves(stones, me, ORACLE_DEPTH)
    else:
        answers = defences(stones, me, ORACLE_DEPTH, threats=False)
    assert {cell_label(cell, game) for cell in answers} == problem.answers


@pytest.mark.slow
def test_one_bot_keeps_its_proofs_across_the_whole_suite_and_stays_right() -> None:
    """The proofs a bot keeps from move to move are facts about positions: one bot asked
    every problem in turn (the deepest first) still answers each correctly, and asked a
    won position again, it finds the win it proved at once. On a node budget rather than
    the clock, so that it asks the same of the bot however busy the machine is (10,000
    nodes a problem suffice, 5,000 do not)."""
    bot = ThreatBot(0, limit=ttt.Limit(nodes=12_000))
    for problem in sorted(PROBLEMS, key=lambda problem: -problem.depth):
        game = problem.game()
        assert cell_label(bot.choose_move(game), game) in problem.answers, problem.name
    deepest = max((p for p in PROBLEMS if p.kind == "vcf"), key=lambda p: p.depth)
    fresh = ThreatBot(0, limit=ttt.Limit())
    fresh.choose_move(deepest.game())
    again = fresh.choose_move(deepest.game())
    assert cell_label(again, deepest.game()) in deepest.answers
    assert fresh.last is not None
    assert fresh.last.reason == "vcf"
    assert fresh.last.nodes <= 1


def test_a_four_whose_block_leaves_the_rivals_three_standing_does_not_hold() -> None:
    # X (to move second) has an open three on the fifth row; O can make a four whose one
    # block, on the ninth column, is far from it. After the block O is to move again with
    # the three still there: the four only put the threat off.
    game = ttt.Game.from_rows(
        ["........X", "........O", "........O", "........O", "..XXX....", *["." * 9] * 4], k=5
    )
    board = PatternBoard.from_game(game)
    board.set_tactical(True)
    tactics = ThreatSearch(board, Budget(time.perf_counter, None))
    four, block = board.index((4, 8)), board.index((4, 5))
    assert tactics.wins_after(four, 4, fours_only=False)
    assert not tactics.wins_after(block, 4, fours_only=False)
    # Searched with the rival to move after the four, as if the four had answered the
    # three, the rival's forced block seems to end its attack.
    board.play(four, board.to_move)
    assert tactics.search(board.to_move, 4, fours_only=False) is None
