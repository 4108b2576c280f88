"""Renju and caro in the core: forbidden moves refused with the reason, wins judged by the rule."""

from __future__ import annotations

import random

import pytest

import tictactoe as ttt
from tictactoe import notation, records
from tictactoe.coordinates import cell_label


def position(size: int, black: list[ttt.Cell], white: list[ttt.Cell], rule: str) -> ttt.Game:
    rows = [["."] * size for _ in range(size)]
    for mark, cells in (("X", black), ("O", white)):
        for row, col in cells:
            rows[row][col] = mark
    return ttt.Game.from_rows(["".join(row) for row in rows], k=5, rule=rule)


CORNERS = [(0, 0), (0, 10), (10, 0), (10, 10)]
FAR = [(10, 0), (10, 2), (10, 4), (10, 6), (10, 8), (10, 10), (0, 10), (2, 10)]
"""White stones out of the way of the shapes on rows and columns 1 to 8."""


@pytest.mark.parametrize(
    ("black", "move", "reason"),
    [
        ([(5, 0), (5, 1), (5, 2), (5, 4), (5, 5)], (5, 3), "overline"),
        ([(5, 2), (5, 3), (5, 4), (2, 5), (3, 5), (4, 5)], (5, 5), "double four"),
        ([(5, 1), (5, 3), (5, 5), (5, 7)], (5, 4), "double four"),  # X.XXX.X, on one line
        ([(5, 3), (5, 4), (3, 5), (4, 5)], (5, 5), "double three"),
    ],
)
def test_black_is_refused_with_the_reason_and_nothing_changes(
    black: list[ttt.Cell], move: ttt.Cell, reason: str
) -> None:
    game = position(11, black, FAR[: len(black)], "renju")
    before = repr(game)
    with pytest.raises(ttt.ForbiddenMove, match=reason) as refused:
        game.move(*move)
    assert refused.value.reason == reason
    assert repr(game) == before
    assert game.forbidden(*move) == reason
    assert move not in game.legal_moves
    assert move not in list(game.legal_moves)
    assert len(game.legal_moves) == 121 - 2 * len(black) - 1
    assert move not in game.legal_moves.near(2)


def test_a_five_wins_for_black_whatever_else_it_makes() -> None:
    black = [(5, 1), (5, 2), (5, 3), (5, 4), (3, 5), (4, 5), (7, 3), (8, 2)]
    game = position(11, black, [*CORNERS, (0, 5), (1, 5), (2, 5), (10, 5)], "renju")
    assert game.forbidden(5, 5) is None
    assert game.move(5, 5) is ttt.Status.WON
    assert game.winning_line == ((5, 1), (5, 2), (5, 3), (5, 4), (5, 5))


def test_white_is_never_restricted_and_wins_with_an_overline() -> None:
    white = [(5, 0), (5, 1), (5, 2), (5, 4), (5, 5)]
    game = position(11, [*CORNERS, (9, 5), (9, 7)], white, "renju")
    assert game.forbidden(5, 3) is None
    assert game.move(5, 3) is ttt.Status.WON
    assert game.winner is ttt.Mark.O


def test_under_caro_a_five_blocked_at_both_ends_or_an_overline_does_not_win() -> None:
    blocked = position(
        11, [(5, 1), (5, 2), (5, 3), (5, 4)], [(5, 0), (5, 6), (0, 0), (10, 10)], "caro"
    )
    assert blocked.move(5, 5) is ttt.Status.IN_PROGRESS
    open_one_end = position(
        11, [(5, 1), (5, 2), (5, 3), (5, 4)], [(5, 0), (0, 0), (9, 9), (10, 10)], "caro"
    )
    assert open_one_end.move(5, 5) is ttt.Status.WON
    long = position(11, [(5, 1), (5, 2), (5, 4), (5, 5), (5, 6)], [*CORNERS, (9, 5)], "caro")
    assert long.move(5, 3) is ttt.Status.IN_PROGRESS
    at_the_edge = position(
        11, [(5, 0), (5, 1), (5, 2), (5, 3)], [(5, 5), (0, 0), (9, 9), (10, 10)], "caro"
    )
    assert at_the_edge.move(5, 4) is ttt.Status.WON  # O blocks one end; the edge blocks nothing


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rule": "gomoku"}, "rule must be one of"),
        ({"rule": "renju", "exact": True}, "contradicts"),
        ({"rule": "caro", "k": 4}, "five in a row"),
        ({"rule": "renju", "players": 3}, "two players"),
        ({"rule": 4}, "rule must be one of"),
    ],
)
def test_a_rule_that_does_not_fit_the_game_is_refused(
    options: dict[str, object], message: str
) -> None:
    settings: dict[str, object] = {"k": 5, **options}
    with pytest.raises(ttt.InvalidGame, match=message):
        ttt.Game(15, **settings)  # type: ignore[arg-type]


def test_the_rule_is_kept_by_copy_repr_notation_and_json_and_refused_by_psq() -> None:
    game = ttt.Game(15, k=5, rule="renju")
    game.move(7, 7)
    assert ttt.Game(15, k=5, exact=True).rule == "standard"
    assert game.copy().rule == "renju"
    assert eval(repr(game), {"Game": ttt.Game}).rule == "renju"
    assert notation.parse(notation.format(game)).rule == "renju"
    record = records.Record.from_game(game)
    assert records.loads(records.dumps(record, "json"), "json").to_game().rule == "renju"
    with pytest.raises(ttt.RecordError, match="renju"):
        records.dumps(record, "psq")
    with pytest.raises(ttt.Unsolvable, match="renju"):
        ttt.solve(game)
    assert repr(ttt.Game.unbounded(5, rule="caro")).endswith("caro moves=[]>")


@pytest.mark.parametrize("seed", range(6))
def test_the_bots_never_play_a_forbidden_move(seed: int) -> None:
    rng = random.Random(seed)
    game = ttt.Game(9, k=5, rule="renju")
    heuristic = ttt.HeuristicBot(seed, limit=ttt.Limit(nodes=60))
    bots = [heuristic, ttt.RandomBot(seed)] if seed % 2 else [ttt.RandomBot(seed), heuristic]
    for cell in [(4, 4), (4, 5), (3, 3), (5, 6), (2, 2), (6, 6)][: rng.randrange(7)]:
        if not game.is_over and game.forbidden(*cell) is None and cell in game.legal_moves:
            game.move(*cell)
    while not game.is_over:
        cell = bots[len(game.moves) % 2].choose_move(game)
        assert game.forbidden(*cell) is None
        game.move(*cell)


def test_a_person_asked_for_a_forbidden_cell_is_told_why_and_asked_again() -> None:
    rows = ["O.......O", ".........", "....X....", "....X....", "..XX....."]
    game = ttt.Game.from_rows(rows + ["........."] * 3 + ["O.......O"], k=5, rule="renju")
    answers = iter([cell_label((4, 4), game), cell_label((7, 4), game)])
    said: list[str] = []
    person = ttt.HumanPlayer(ask=lambda prompt: next(answers), tell=said.append)
    assert person.choose_move(game) == (7, 4)
    assert any("forbidden to X under renju: double three" in line for line in said)


def test_the_command_takes_the_rule_and_refuses_what_cannot_follow_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from support.commandline import run

    code, out, _ = run(
        [
            "selfplay",
            "--size",
            "9",
            "--rule",
            "renju",
            "--x",
            "heuristic",
            "--o",
            "random",
            "--games",
            "2",
            "--nodes",
            "30",
            "--seed",
            "1",
        ],
        capsys,
        monkeypatch,
    )
    assert code == 0
    assert out.split()[-4:] == ["2", "2", "0", "0"]  # both games played out, none stuck
    code, _, err = run(["solve", "--size", "5", "--rule", "caro"], capsys, monkeypatch)
    assert (code, "not caro" in err) == (2, True)
    code, _, err = run(["count", "--size", "4", "--k", "4", "--rule", "renju"], capsys, monkeypatch)
    assert (code, "five in a row" in err) == (2, True)
