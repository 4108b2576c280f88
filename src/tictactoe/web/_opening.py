"""Swap and swap2 on the page: the opening a game starts with, in words, and a bot's answers.

The protocol is :class:`tictactoe.swap.Opening`'s, played on the session's game; a bot's
stones and choices are :class:`tictactoe.swap.Chooser`'s, from a search. Here the seats are
the opening's: 0 opened (placed the first stones), 1 is the other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from tictactoe.game import Game
from tictactoe.swap import PROTOCOLS, Ask, Chooser, Opening
from tictactoe.web._fields import Conflict
from tictactoe.web._seats import HUMAN
from tictactoe.web._thinking import Decision

__all__ = ["SeatedOpening", "opening_choices", "opening_decision"]

_T = TypeVar("_T")

_OPTIONS = {
    "black": "play Black ({black})",
    "white": "play White ({white})",
    "place2": "place 2 more",
}
"""The options in words: the status line's, and the labels of the page's buttons."""


_PROTOCOLS = {
    "swap": "swap: player 1 places 3 stones, player 2 picks a colour",
    "swap2": "swap2: as swap, or player 2 places 2 more and player 1 picks",
}


def opening_choices() -> list[dict[str, str]]:
    """The openings for the new-game form: a name and what it is."""
    return [{"name": name, "description": _PROTOCOLS[name]} for name in PROTOCOLS]


def opening_decision(chooser: Chooser, game: Game, asked: Ask) -> Decision:
    """What ``chooser`` answers to ``asked`` in ``game`` (a copy): stones, an option, an error."""
    try:
        if asked.what == "place":
            return Decision(cells=tuple(chooser.place(game, asked.count)))
        return Decision(option=chooser.choose(game, asked.options))
    except Exception as exc:  # whatever the search raises is shown on the page, never lost
        return Decision(error=f"the opening's bot failed: {exc}")


class SeatedOpening:
    """An opening played on a session's game, and which of its seats sits at which mark.

    The session's seats are in turn order. While the opening lasts that is the opening's
    own order, the opener first; once it is over the seat playing Black goes first, and
    :meth:`seat_black` says when the session's two seats must swap for that.

    Args:
        protocol: ``"swap"`` or ``"swap2"``.
        game: the session's game, empty; the opening's stones are played on it.

    Raises:
        as :class:`~tictactoe.swap.Opening`.
    """

    def __init__(self, protocol: str, game: Game) -> None:
        self.opening = Opening(protocol, game)
        self._swapped = False

    @property
    def asked(self) -> Ask | None:
        """What the opening waits for; None once it is over."""
        return self.opening.asked

    def by_seat(self, by_mark: list[_T]) -> list[_T]:
        """The session's items of its seats (in turn order) in the opening's order."""
        return by_mark[::-1] if self._swapped else by_mark

    def seat_black(self) -> bool:
        """Whether the seats must swap now: the opening is over and the opener is White.

        True once at most: the swap is then done.
        """
        if self.opening.black == 1 and not self._swapped:
            self._swapped = True
            return True
        return False

    def persons(self, what: str, kinds: list[str]) -> Opening:
        """The opening, checked to ask a person to ``what`` (place or choose) now.

        ``kinds`` are the session's seats' kinds, in turn order.

        Raises:
            Conflict: the opening is over, or asks a bot, or asks for something else.
        """
        asked = self.opening.asked
        if asked is None:
            raise Conflict(f"no opening asks to {what} now: play on the board")
        kind = self.by_seat(kinds)[asked.seat]
        if kind != HUMAN:
            raise Conflict(f"it is {kind}'s turn in the opening")
        if asked.what != what:
            raise Conflict(f"the opening asks to {asked.what}, not to {what}")
        return self.opening

    def answer(self, decision: Decision) -> None:
        """Play a bot's answer: its stones, or its option.

        Raises:
            IllegalMove: the opening's or the game's refusal; nothing changes then.
        """
        if decision.option is None:
            self.opening.place(decision.cells)
        else:
            self.opening.choose(decision.option)

    def view(self, names: list[str], people: list[bool]) -> tuple[dict[str, Any], str | None]:
        """The opening as the API sends it, and what it waits for in words (None once over).

        ``names`` and ``people`` (whether a person sits there) are the session's seats', in
        turn order. In the JSON, ``asked`` holds the options with their labels, ``yours`` says
        a person is asked, ``text`` tells the steps taken so far.
        """
        names, people = self.by_seat(names), self.by_seat(people)
        opening, asked = self.opening, self.opening.asked
        shown = {
            "protocol": opening.protocol,
            "asked": None
            if asked is None
            else {
                "what": asked.what,
                "seat": asked.seat,
                "count": asked.count,
                "options": [
                    {"name": option, "label": _option(option, opening.game)}
                    for option in asked.options
                ],
            },
            "yours": asked is not None and people[asked.seat],
            "black": opening.black,
            "text": _story(opening, names),
        }
        return shown, self.waiting(names)

    def waiting(self, names: list[str]) -> str | None:
        """What the opening waits for, ``swap2: you place 3 stones (X, O, X)``; None once over.

        ``names`` are by the opening's seats.
        """
        asked = self.opening.asked
        if asked is None:
            return None
        game = self.opening.game
        who = _who(asked.seat, names)
        protocol = self.opening.protocol
        if asked.what == "place":
            marks = ", ".join(
                str(game.players[(len(game.moves) + n) % 2]) for n in range(asked.count)
            )
            return f"{protocol}: {_does(who, 'place')} {asked.count} stones ({marks})"
        options = " / ".join(_option(option, game) for option in asked.options)
        return f"{protocol}: {_does(who, 'choose')}: {options}"


def _story(opening: Opening, names: Sequence[str]) -> str:
    """The steps taken, in words: ``swap2: threat placed 3 stones, you chose to play White (O)``."""
    told = []
    for step in opening.steps:
        who = _who(step.seat, names)
        if step.option is None:
            told.append(f"{who} placed {len(step.cells)} stones")
        else:
            told.append(f"{who} chose to {_option(step.option, opening.game)}")
    return f"{opening.protocol}: {', '.join(told)}" if told else ""


def _option(option: str, game: Game) -> str:
    black, white = game.players
    return _OPTIONS[option].format(black=black, white=white)


def _who(seat: int, names: Sequence[str]) -> str:
    """A seat by its name, or by its number where both seats have the same name."""
    name = names[seat]
    return name if names.count(name) == 1 else f"player {seat + 1}"


def _does(who: str, verb: str) -> str:
    """``you place`` but ``threat places``."""
    return f"{who} {verb}" if who == "you" else f"{who} {verb}s"
