"""One way to name a player: every face takes the same specs and refuses with the same words."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.commandline import run

import tictactoe as ttt
from tictactoe import specs
from tictactoe.web import Api

UNKNOWN = "unknown player 'nope': choose from random, perfect, heuristic, threat, best, engine:"
TOO_BIG = "perfect play needs two players on a board of at most 20 cells"
Refusal = Callable[[pytest.CaptureFixture[str], pytest.MonkeyPatch], str]
"""A face asked for a player it must refuse: its error text."""


def _command_error(
    argv: list[str],
) -> Refusal:
    def error(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
        code, _, err = run(argv, capsys, monkeypatch)
        assert code == 2
        return err

    return error


def _web_error(seat: str, rows: int) -> Refusal:
    def error(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
        api = Api()
        try:
            body = json.dumps({"rows": rows, "seats": ["human", seat]}).encode()
            reply = api.handle("POST", "/api/games", {}, body)
        finally:
            api.close()
        assert reply.status == 400
        return str(reply.body["error"])

    return error


def _rl_error(opponent: str, rows: int) -> Refusal:
    def error(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> str:
        gymnasium = pytest.importorskip("gymnasium")
        import tictactoe.rl  # noqa: F401  (registers the environment)

        with pytest.raises(ttt.InvalidGame) as refused:
            gymnasium.make("tictactoe/MNK-v0", rows=rows, opponents=opponent)
        return str(refused.value)

    return error


@pytest.mark.parametrize(
    "refusal",
    [
        _command_error(["play", "--o", "nope"]),
        _command_error(["match", "--player", "a=nope", "--player", "b=random"]),
        _command_error(["selfplay", "--x", "nope"]),
        _rl_error("nope", 3),
    ],
    ids=["play", "match", "selfplay", "rl"],
)
def test_every_face_refuses_an_unknown_player_in_the_same_words(
    refusal: Refusal,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert UNKNOWN in refusal(capsys, monkeypatch)


@pytest.mark.parametrize(
    "refusal",
    [
        _command_error(["play", "--size", "5", "--o", "perfect"]),
        _command_error(["selfplay", "--size", "5", "--x", "perfect", "--o", "random"]),
        _web_error("perfect", 5),
        _rl_error("perfect", 5),
    ],
    ids=["play", "selfplay", "web", "rl"],
)
def test_every_face_refuses_a_player_that_cannot_play_the_game_in_the_same_words(
    refusal: Refusal,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert TOO_BIG in refusal(capsys, monkeypatch)


GAMES = st.builds(
    lambda rows, cols, k, players: ttt.Game(rows, cols, min(k, rows, cols), players=players),
    st.integers(1, 9),
    st.integers(1, 9),
    st.integers(1, 5),
    st.integers(2, 3),
)


@given(GAMES, st.sampled_from([*specs.BOTS, specs.BEST]), st.integers(0, 2**32))
def test_a_spec_either_plays_the_game_legally_or_is_refused_with_the_reason(
    game: ttt.Game, spec: str, seed: int
) -> None:
    reason = specs.refusal(spec, game)
    if reason is not None:
        with pytest.raises(ttt.InvalidGame, match=reason.split(";")[0]):
            specs.player(spec, game, seed=seed, limit=ttt.Limit(seconds=0.05))
        return
    bot = specs.player(spec, game, seed=seed, limit=ttt.Limit(seconds=0.05, nodes=50))
    assert bot.choose_move(game) in game.legal_moves


VARIANTS = st.builds(
    lambda rows, cols, k, options: ttt.Game(rows, cols, min(k, rows, cols), **options),
    st.integers(2, 7),
    st.integers(2, 7),
    st.integers(2, 4),
    st.sampled_from(
        [{"gravity": True}, {"torus": True}, {"misere": True}, {"gravity": True, "misere": True}]
    ),
)


@given(VARIANTS, st.sampled_from([*specs.BOTS, specs.BEST]), st.integers(0, 2**32))
def test_every_spec_plays_the_variants_legally_or_is_refused(
    game: ttt.Game, spec: str, seed: int
) -> None:
    reason = specs.refusal(spec, game)
    if reason is not None:
        with pytest.raises(ttt.InvalidGame, match=reason.split(";")[0]):
            specs.player(spec, game, seed=seed, limit=ttt.Limit(seconds=0.05))
        return
    bot = specs.player(spec, game, seed=seed, limit=ttt.Limit(seconds=0.05, nodes=50))
    assert bot.choose_move(game) in game.legal_moves


@pytest.mark.parametrize(
    ("option", "words"), [("gravity", "under gravity"), ("torus", "on the torus")]
)
def test_engines_are_refused_under_gravity_and_on_the_torus(option: str, words: str) -> None:
    game = ttt.Game(15, k=5, **{option: True})
    assert specs.refusal(f"engine:{sys.executable}", game) == (
        f"Gomocup engines play on a plain board, not {words}; try heuristic"
    )


def test_best_is_the_strongest_bot_that_plays_and_never_refused() -> None:
    for game in (
        ttt.Game(3),
        ttt.Game(4),
        ttt.Game(5, k=4),
        ttt.Game(15, k=5),
        ttt.Game(9, k=3),
        ttt.Game.unbounded(5),
        ttt.Game(7, k=4, players=3),
    ):
        kind = specs.best(game)
        assert specs.refusal(kind, game) is None
        assert kind in specs.BOTS


def test_an_engine_keeps_its_command_as_written() -> None:
    assert specs.parse(f"  Engine:{sys.executable} -X Dev ") == f"engine:{sys.executable} -X Dev"
    with pytest.raises(ttt.InvalidArgument, match="name the brain's command"):
        specs.parse("engine:  ")


@pytest.mark.parametrize(
    ("argv", "notice"),
    [
        (["--o", "auto"], "auto is now best"),
        (["--o", "heuristic", "--budget", "30"], "--budget is now --nodes"),
    ],
)
def test_old_spellings_still_work_with_a_one_line_notice(
    argv: list[str],
    notice: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(["play", "--x", "random", "--seed", "1", *argv], capsys, monkeypatch)
    assert code == 0
    assert err.count("\n") == 1
    assert notice in err
    assert "wins" in out or "draw" in out
