"""Players and the match runner: a bot is just another player, checked like one."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe import Mark, Status


def perfect_never_loses(game: ttt.Game, bot: ttt.PerfectBot, bot_mark: Mark) -> int:
    """Walk every opponent reply; return the number of finished games, asserting no loss."""
    if game.is_over:
        assert game.winner in (None, bot_mark), f"perfect bot lost:\n{game}"
        return 1
    if game.turn is bot_mark:
        game.move(*bot.choose_move(game))
        finished = perfect_never_loses(game, bot, bot_mark)
        game.undo()
        return finished
    finished = 0
    for cell in sorted(game.legal_moves):
        game.move(*cell)
        finished += perfect_never_loses(game, bot, bot_mark)
        game.undo()
    return finished


@pytest.mark.parametrize("bot_mark", [Mark.X, Mark.O])
def test_perfect_bot_never_loses_on_3x3_against_any_sequence(bot_mark: Mark) -> None:
    finished = perfect_never_loses(ttt.Game(), ttt.PerfectBot(seed=1), bot_mark)
    assert finished > 50


def test_perfect_bot_takes_the_fastest_win() -> None:
    game = ttt.Game.from_rows(["XX.", "OO.", "..."])
    assert ttt.PerfectBot(seed=3).choose_move(game) == (0, 2)


def test_perfect_bot_breaks_ties_at_random_but_repeatably() -> None:
    picks = {ttt.PerfectBot(seed=s).choose_move(ttt.Game()) for s in range(40)}
    assert len(picks) > 3
    assert ttt.PerfectBot(seed=7).choose_move(ttt.Game()) == ttt.PerfectBot(seed=7).choose_move(
        ttt.Game()
    )


def test_perfect_bot_needs_two_players_on_a_bounded_board_in_play() -> None:
    with pytest.raises(ttt.Unsolvable, match="unbounded"):
        ttt.PerfectBot().choose_move(ttt.Game.unbounded(3))
    with pytest.raises(ttt.Unsolvable, match="3 players"):
        ttt.PerfectBot().choose_move(ttt.Game(3, players=3))
    with pytest.raises(ttt.GameOver, match="over"):
        ttt.PerfectBot().choose_move(ttt.Game.from_rows(["XXX", "OO.", "..."]))


@given(seed=st.integers(0, 2**32), size=st.sampled_from([(3, 3, 3), (50, 60, 5)]))
def test_random_bot_plays_legal_moves_without_touching_the_game(
    seed: int, size: tuple[int, int, int]
) -> None:
    game = ttt.Game(*size)
    bot = ttt.RandomBot(seed)
    rng = random.Random(seed)
    for _ in range(20):
        if game.is_over:
            break
        before = (str(game), game.moves)
        cell = bot.choose_move(game)
        assert (str(game), game.moves) == before
        assert cell in game.legal_moves
        game.move(*(cell if rng.random() < 0.5 else rng.choice(game.legal_moves)))


def test_random_bot_on_the_unbounded_grid_stays_near_the_marks() -> None:
    game = ttt.Game.unbounded(5)
    bot = ttt.RandomBot(1, reach=2)
    game.move(100, -100)
    for _ in range(30):
        row, col = bot.choose_move(game)
        assert any(abs(row - m.row) <= 2 and abs(col - m.col) <= 2 for m in game.moves)
        game.move(row, col)
        if game.is_over:
            break


def test_random_bot_is_uniform() -> None:
    bot = ttt.RandomBot(11)
    counts = dict.fromkeys([(r, c) for r in range(3) for c in range(3)], 0)
    for _ in range(9000):
        counts[bot.choose_move(ttt.Game())] += 1
    assert min(counts.values()) > 850


def test_a_match_reports_every_move_and_the_outcome() -> None:
    game = ttt.Game()
    seen: list[tuple[ttt.Move, str]] = []
    outcome = ttt.play_match(
        game,
        [
            ttt.ScriptedPlayer([(0, 0), (0, 1), (0, 2)], name="first"),
            ttt.ScriptedPlayer([(1, 0), (1, 1)], name="second"),
        ],
        on_move=lambda _game, move, player: seen.append((move, player.name)),
    )
    assert outcome.status is Status.WON
    assert outcome.winner is Mark.X
    assert [name for _, name in seen] == ["first", "second"] * 2 + ["first"]
    assert seen[-1][0] == ttt.Move(0, 2, Mark.X)


def test_an_illegal_bot_move_is_an_error_naming_the_bot_and_the_move() -> None:
    game = ttt.Game()
    cheat = ttt.ScriptedPlayer([(1, 1)], name="cheat")
    with pytest.raises(ttt.BadBotMove, match=r"cheat \(O\) chose the illegal move \(1, 1\)"):
        ttt.play_match(game, [ttt.ScriptedPlayer([(1, 1)]), cheat])
    assert len(game.moves) == 1
    with pytest.raises(ttt.BadBotMove, match="'a'"):
        ttt.play_match(ttt.Game(), [ttt.ScriptedPlayer([("a", 1)]), cheat])  # type: ignore[list-item]
    with pytest.raises(ttt.BadBotMove, match="no moves left"):
        ttt.play_match(ttt.Game(), [ttt.ScriptedPlayer([]), cheat])


def test_a_match_needs_one_player_per_mark() -> None:
    with pytest.raises(ttt.InvalidGame, match="3 players needed, 2 given"):
        ttt.play_match(ttt.Game(4, players=3), [ttt.RandomBot(), ttt.RandomBot()])


def test_every_player_fits_the_protocol() -> None:
    for player in (
        ttt.RandomBot(),
        ttt.PerfectBot(),
        ttt.HeuristicBot(),
        ttt.ScriptedPlayer([]),
        ttt.HumanPlayer(),
    ):
        assert isinstance(player, ttt.Player)
        assert player.name
