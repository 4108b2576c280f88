"""SWAP2BOARD: the brain's side of the swap2 opening, as Gomocup managers run it.

The manager sends ``SWAP2BOARD``, the stones so far one ``x,y`` a line in the order they
were played (Black, White, Black, ...), then ``DONE``; the brain answers on one line:

- no stones: it opens, with three stones, ``x,y x,y x,y``;
- three stones: ``SWAP`` to take Black (the opener, now White, moves next), one move ``x,y``
  to take White and play the fourth stone, or two, ``x,y x,y``, to place a White and a Black
  stone and leave the colour to the opener;
- five stones: ``SWAP`` to take Black, or one move ``x,y`` to take White and play the sixth.

That is the Gomocup protocol's SWAP2BOARD (its three cases and their answers), as the
Gomocup judge reads it: an answer that starts with SWAP, else the ``x,y`` pairs on one line,
after any ``MESSAGE`` lines. The manager goes on with BOARD once the colours are settled. The
decisions are :class:`tictactoe.swap.Chooser`'s, from a search; :class:`tictactoe.swap.Opening`
referees the stones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from tictactoe.errors import InvalidArgument
from tictactoe.game import Game
from tictactoe.limits import Limit
from tictactoe.outcome import Cell
from tictactoe.swap import Chooser, Opening, Verdict

__all__ = ["STONES", "Decision", "decide", "message"]

STONES: Final = (0, 3, 5)
"""The stones a SWAP2BOARD may carry: none, the opener's three, or those and two more."""


@dataclass(frozen=True, slots=True)
class Decision:
    """What the brain decided in the opening, before any move it then plays.

    Args:
        option: ``"place"`` (the first three stones), ``"black"``, ``"white"`` or
            ``"place2"``.
        placed: the stones the brain placed, in the order played (none for a colour).
        verdict: what the chooser's search found for its last decision.
    """

    option: str
    placed: tuple[Cell, ...]
    verdict: Verdict


def decide(game: Game, stones: Sequence[Cell], chooser: Chooser) -> Decision:
    """Play ``stones`` on ``game`` (empty), then take the decision swap2 asks for next.

    The stones placed go on ``game``. A choice gets half the chooser's limit, leaving the
    rest for the two stones it may ask for, or for the move the brain plays after taking
    White.

    Raises:
        InvalidArgument: not 0, 3 or 5 stones.
        TicTacToeError: a stone the opening refuses (taken, forbidden, ending the game),
            or a board with no room for swap2.
    """
    if len(stones) not in STONES:
        raise InvalidArgument(f"SWAP2BOARD takes 0, 3 or 5 stones, not {len(stones)}")
    opening = Opening("swap2", game)
    if stones:
        opening.place(stones[:3])
    if len(stones) == 5:
        opening.choose("place2")
        opening.place(stones[3:])
    asked = opening.asked
    assert asked is not None  # the opening is over only once a colour is chosen
    if asked.what == "place":
        placed = chooser.place(game, asked.count)
        opening.place(placed)
        return _decided("place", placed, chooser)
    chooser.limit = _half(chooser.limit)
    option = chooser.choose(game, asked.options)
    opening.choose(option)
    if option != "place2":
        return _decided(option, [], chooser)
    placed = chooser.place(game, 2)
    opening.place(placed)
    return _decided(option, placed, chooser)


def message(decision: Decision, seconds: float) -> str:
    """The ``MESSAGE`` line about ``decision``, taken in ``seconds``.

    >>> print(message(Decision("white", (), Verdict(-250, 1, 0.4)), 0.42))
    MESSAGE swap2 white: Black scores -250 after 1 position searched, 420ms
    """
    verdict = decision.verdict
    plural = "" if verdict.positions == 1 else "s"
    return (
        f"MESSAGE swap2 {decision.option}: Black scores {verdict.score} after "
        f"{verdict.positions} position{plural} searched, {round(seconds * 1000)}ms"
    )


def _decided(option: str, placed: Sequence[Cell], chooser: Chooser) -> Decision:
    verdict = chooser.last
    assert verdict is not None  # set by the decision just taken
    return Decision(option, tuple(placed), verdict)


def _half(limit: Limit) -> Limit:
    """Half of ``limit``'s time and nodes."""
    return Limit(
        seconds=None if limit.seconds is None else limit.seconds / 2,
        nodes=None if limit.nodes is None else max(limit.nodes // 2, 1),
    )
