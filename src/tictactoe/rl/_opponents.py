"""The opposition of ``tictactoe/MNK-v0``: players, or bots named as the command names them.

Opponents are checked when the environment is made, so a wrong one fails at
``gymnasium.make`` with the reason, never later inside ``step``. A bot given by name is made
afresh at each ``reset`` with a seed drawn from it, so seeded episodes repeat.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe import specs
from tictactoe.errors import InvalidGame, TicTacToeError, WrongType
from tictactoe.players import Player
from tictactoe.rl._shape import Shape

__all__ = ["Opponent", "bot", "check_opponents"]

Opponent = Player | str
"""A seat's opponent: a player, or a bot's spec (:mod:`tictactoe.specs`), such as ``best``."""
_GIVE = f"give a Player or one of {', '.join(map(repr, (*specs.BOTS, specs.BEST)))}"


def bot(spec: str, shape: Shape, seed: int | None) -> Player:
    """A new bot for ``spec``, one :func:`check_opponents` let through, at its default limits."""
    return specs.player(spec, shape.new_game(), seed=seed)


def check_opponents(opponents: object, shape: Shape) -> list[Opponent]:
    """One opponent per other seat, in turn order: players as given, names in lower case.

    ``opponents`` is None (a random bot for every seat), one player or name for every seat,
    or a sequence of them, one per other seat.

    Raises:
        WrongType: something that is neither a player nor a name, or a sequence holding one.
        InvalidGame: a name no bot has, perfect play out of the solver's reach, or the wrong
            number of opponents.
    """
    seats = shape.players - 1
    if opponents is None:
        return ["random"] * seats
    if isinstance(opponents, str | Player):
        return [_checked(opponents, shape, "opponents")] * seats
    if not isinstance(opponents, Sequence):
        raise WrongType(f"opponents={opponents!r} is not a player: {_GIVE}, or a list of them")
    if len(opponents) != seats:
        raise InvalidGame(
            f"opponents: {len(opponents)} given for {seats} other seat{'s' * (seats > 1)}: "
            "give one player or name for all of them, or a list of one per seat in turn order"
        )
    return [_checked(one, shape, f"opponents[{index}]") for index, one in enumerate(opponents)]


def _checked(opponent: object, shape: Shape, label: str) -> Opponent:
    """``opponent`` when it is a player, or the spec of one of our bots that plays ``shape``."""
    if isinstance(opponent, Player):
        return opponent
    if not isinstance(opponent, str):
        raise WrongType(f"{label}={opponent!r} is not a player: {_GIVE}")
    try:
        spec = specs.parse(opponent)
        reason = specs.refusal(spec, shape.new_game())
    except TicTacToeError as error:
        raise InvalidGame(f"{label}={opponent!r}: {error}") from None
    if spec.startswith(specs.ENGINE):
        raise InvalidGame(f"{label}={opponent!r}: an engine is no opponent here: {_GIVE}")
    if reason is not None:
        raise InvalidGame(f"{label}={opponent!r}: {reason}")
    return spec
