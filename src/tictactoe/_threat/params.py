"""The threat bot's tunable numbers, all in one frozen object (as Rapfi's ``parameter.h``).

Every width, depth, margin, share of the time and weight of the evaluation that steers the
bot's play is a field of :class:`Params`; the searches and the move's stages read theirs
from the object they are given, once at their start. A tuning run passes another set
(``ThreatBot(params=Params(width=12))``, or ``bench/variant.py --set width=12``) rather
than editing modules. The facts of the game (the k the patterns are made for, the pattern
levels, the threat classes) are not tuning and stay with the code that defines them.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from tictactoe._checks import as_int, shown
from tictactoe.errors import InvalidArgument, WrongType

__all__ = ["DEFAULT_PARAMS", "Params"]

_LEAST: dict[str, int | None] = {
    "threat_plies": 0,
    "late_move": 0,
    "reduced_from": 0,
    "value_over_history": 0,
    "window_margin": 0,
    "window_slack": 0,
    "to_move": None,
    "allowance_growth": 2,
}
"""The floors of the whole-number fields that are not 1 (None: any value). An allowance
that never grew would retry the same checks for ever."""


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers that steer the threat bot's play; the defaults are the tuned ones.

    Whole numbers are ints, shares floats in (0, 1], weights tuples of ints (a list is
    taken as a tuple), one weight per level or threat class.

    Raises:
        WrongType: a field of the wrong type.
        InvalidArgument: a field out of its range, or a tuple of weights of the wrong length.
    """

    # The main search (tictactoe._threat.search).
    width: int = 9
    """Candidate moves searched at each node below the root."""
    root_width: int = 16
    """Candidate moves searched at the root."""
    threat_plies: int = 4
    """Plies past the horizon spent answering open threes."""
    late_move: int = 3
    """The place in a node's move order from which a quiet move is searched a ply shallower."""
    reduced_from: int = 3
    """The least depth left at which late quiet moves are searched shallower."""
    value_over_history: int = 64
    """How much a cell's value (attack plus defence) weighs against its history score when
    a node orders its moves (after the table's move and the killer)."""

    # The evaluation of a leaf (the main search's terms, then the board's cell values).
    to_move: int = 350
    """Added for the side to move: the stone it is about to place.

    The board's totals count the stones on it, so the side that has just moved is a stone
    ahead, and without this term the root's score swung from one depth to the next, the odd
    depths higher. A leaf reached after an answer to an open three past the horizon has the
    other side to move than the leaves beside it, so the swing scored such lines twice its
    size wrong: an open three made just before the horizon looked bad for the side that made
    it, and the iterations took more nodes (measurements: docs/research.md)."""
    initiative: tuple[int, ...] = (0, -2, 1536, 91, 1630, 0, 0)
    """Added for the side to move by its best threat class, when the rival has no four."""
    tempo: tuple[int, ...] = (0, 35, 771, 8, 841, 0, 0)
    """Added for the side to move for each threat cell of either side, by class.

    A threat cell's bonus in the board's values thus counts this much more for the side to
    move, which can use it first, and this much less for the side that waits. Fitted to game
    outcomes with the board's weights: a cell where a stone makes a four and an open three is
    worth 2,290 to the side to move and costs it 608 when the rival has it; one that makes two
    open threes, 1,470 and nothing (it can be taken first)."""
    level_values: tuple[int, ...] = (0, 0, 28, 36, 60, 39, 400, 5000)
    """A cell's value for a player, by level (dead up to five), summed over its four lines.

    The weights of the levels up to a four, like :attr:`class_bonus`, :attr:`tempo` and
    :attr:`initiative`, are fitted to the outcomes of games (``bench/fit_eval.py``, a
    logistic regression over the quiet positions of saved games): a cell where a stone makes
    a two counts nearly as much as one where it makes a closed three, many lines to build on
    win the middlegame. The open three's weight is set by hand above its fit (38): with
    that, facing an opening's two stones side by side, the bot as the second player often
    blocked them two cells off (``XX.O``, which leaves the rival two cells that make an open
    three) and lost many of those games, where the block next to them almost never lost
    (measurements: docs/research.md). No open four or five stands in a quiet position: those
    levels keep weights that put them above everything else."""
    class_bonus: tuple[int, ...] = (0, 44, 699, 38, 1449, 600, 0)
    """Added to a cell's value, by threat class: combinations are worth more than their parts."""

    # The threat searches (tictactoe._threat.tactics) and the move's stages before the main
    # search (tictactoe._threat.thinking and .defence).
    continuity: int = 4
    """How far along a line from a threat the next open three of a threat search may lie."""
    vcf_depth: int = 12
    """The most fours a VCF may play (the tactics suite goes ten deep)."""
    vct_depth: int = 8
    """The most threats the VCT stage's deepening may play."""
    direct_vct_depth: int = 10
    """How many threats deep the VCT stage looks first, straight away rather than deepening."""
    direct_allowance: int = 4_000
    """The most nodes of that first look: enough to find the wins 9 and 10 threats deep that
    the deepening missed in games against Pela, while the whole stage, deepening included,
    costs less than the deepening alone (measurements: docs/research.md)."""
    rival_vct_depth: int = 8
    """The most threats of the rival's VCT that the bot looks for, before each move."""
    hold_depth: int = 10
    """How deep the moves that hold against the rival's threats are checked again, one
    threat deeper at a time from :attr:`rival_vct_depth`, while time allows; and how deep
    the rival's threat is looked for, while the move's time is under
    :attr:`deep_threat_share`, when it has none :attr:`rival_vct_depth` deep."""
    first_allowance: int = 64
    """The nodes each move's check against the rival's threes may take in the defence's
    first round."""
    allowance_growth: int = 4
    """How many times the nodes of a round of the defence's checks each round after it
    allows the moves still undecided: of two moves, one may be proved to hold in twenty
    nodes and the other to lose in thousands, and the first found safe serves sooner."""
    lone_move_depth: int = 6
    """How deep the main search looks at the only move proved to hold while others are
    unproved, for a loss that would send the defence back to them: the losses it proves come
    by then (in a game against the heuristic bot, at depth 5), and a move searched alone
    gains nothing from more time. Depth 6 costs a fraction of a second in the pure build."""

    # The part of the move's time and nodes each stage may have used up by its end; the main
    # search has the rest. The threat searches had taken most of a move's nodes (the
    # defence's checks most of that) and left the main search few plies; these ends give it
    # more, and played better at a fixed node budget than both the later ends they replaced
    # and earlier ones (measurements: docs/research.md).
    vcf_share: float = 0.25
    """The bot's own win by continuous fours."""
    deep_threat_share: float = 0.35
    """The look for the rival's threat deeper than :attr:`rival_vct_depth`, when it has
    none that deep."""
    rival_share: float = 0.45
    """The check of the moves against the rival's threats."""
    vct_share: float = 0.5
    """The bot's own win by fours and threes. Its deepening to :attr:`vct_depth` seldom finds
    a win the straight look missed, so the stage ends early (measurements: docs/research.md)."""
    deeper_share: float = 0.6
    """The check of the moves that hold against deeper threats (after a rescue it may run to
    the rescue's end)."""
    rescue_share: float = 0.9
    """The defence's going on with the moves it had not ruled on, when its first try found
    no move that holds against the rival's threats, or each time the main search proves
    that those it found lose all the same, or with the other cells near the stones, when
    every move it checked lost."""

    # What the bot keeps from one move to the next.
    kept_proofs: int = 100_000
    """The most positions whose threat-search results are kept (about 25 MB); past it, the
    table starts afresh."""
    kept_scores: int = 200_000
    """The most positions whose main-search scores are kept (about 40 MB); past it, the
    table starts afresh. The search of the move before went through the positions two plies
    on, so the next one starts with their scores and best moves, and the bot played better
    for it at a fixed node budget (measurements: docs/research.md)."""

    # The window the search board looks through, on the unbounded grid and big boards.
    whole_board: int = 1600
    """Boards of up to this many cells are searched whole; bigger ones through a window."""
    window_reach: int = 24
    """The stones within this many king steps of the last move set a window's bounds.

    A stone farther away cannot take part in any line the search will look at; it is on the
    board only if it falls inside the window all the same."""
    window_margin: int = 12
    """Free rows and columns kept around the stones in a window."""
    window_slack: int = 6
    """Free rows and columns a new window has beyond :attr:`window_margin`, so that the
    stones of the next moves fit in it too and the board can keep it."""

    def __post_init__(self) -> None:
        for field in fields(self):
            name = field.name
            value = getattr(self, name)
            default = field.default
            if isinstance(default, tuple):
                checked: object = _weights(name, value, len(default))
            elif isinstance(default, float):
                checked = _share(name, value)
            else:
                checked = _whole(name, value)
            object.__setattr__(self, name, checked)


def _whole(name: str, value: object) -> int:
    number = as_int(name, value)
    least = _LEAST.get(name, 1)
    if least is not None and number < least:
        raise InvalidArgument(f"{name} must be at least {least}, not {shown(number)}")
    return number


def _share(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise WrongType(f"{name} must be a number, not {shown(value)}")
    if not 0 < value <= 1:  # NaN fails this too
        raise InvalidArgument(f"{name} must be above 0 and at most 1, not {shown(value)}")
    return float(value)


def _weights(name: str, value: object, length: int) -> tuple[int, ...]:
    if not isinstance(value, tuple | list):
        raise WrongType(f"{name} must be a tuple of {length} ints, not {shown(value)}")
    if len(value) != length:
        raise InvalidArgument(f"{name} must hold {length} weights, not {len(value)}")
    return tuple(as_int(name, weight) for weight in value)


DEFAULT_PARAMS = Params()
"""The tuned set: what a bot, a board or a search uses unless given another."""
