"""The opposition of ``tictactoe/MNK-v0``: players, or bots named as the command names them.

Opponents are checked when the environment is made, so a wrong one fails at
``gymnasium.make`` with the reason, never later inside ``step``. A bot given by name is made
afresh at each ``reset`` with a seed drawn from it, so seeded episodes repeat.
"""

from __future__ import annotations

from collections.abc import Sequence

from tictactoe.errors import InvalidGame, WrongType
from tictactoe.heuristic import HeuristicBot
from tictactoe.perfect import PerfectBot
from tictactoe.players import Player, RandomBot
from tictactoe.rl._shape import Shape
from tictactoe.solver import MAX_EMPTY
from tictactoe.threat import ThreatBot

__all__ = ["BOT_NAMES", "Opponent", "bot", "check_opponents"]

BOT_NAMES = ("random", "perfect", "heuristic", "threat")
"""The bots an opponent may be named by, as the ``tictactoe`` command names them."""
Opponent = Player | str
"""A seat's opponent: a player, or the name of one of :data:`BOT_NAMES`."""
_GIVE = f"give a Player or one of {', '.join(map(repr, BOT_NAMES))}"


def bot(name: str, seed: int | None) -> Player:
    """A new bot of ``name``, one :func:`check_opponents` let through, at its default limits."""
    if name == "random":
        return RandomBot(seed)
    if name == "perfect":
        return PerfectBot(seed)
    if name == "heuristic":
        return HeuristicBot(seed)
    return ThreatBot(seed)


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
    """``opponent`` when it is a player or a bot's name that plays ``shape``'s game."""
    if isinstance(opponent, Player):
        return opponent
    if not isinstance(opponent, str):
        raise WrongType(f"{label}={opponent!r} is not a player: {_GIVE}")
    name = opponent.strip().lower()
    if name not in BOT_NAMES:
        raise InvalidGame(f"{label}={opponent!r} names no bot: {_GIVE}")
    if name == "perfect" and (shape.players != 2 or shape.cells > MAX_EMPTY):
        raise InvalidGame(
            f"{label}='perfect': perfect play needs two players on a board of at most "
            f"{MAX_EMPTY} cells; try 'heuristic' or 'threat'"
        )
    return name
