"""The Gomocup protocol as a pure line handler: one line in, the reply lines out.

:class:`Brain` keeps the game, whose stones are its own, the rule and the time limits. It
reads no input and writes no output, so tests replay transcripts line by line on a fake
clock; the shell in :mod:`tictactoe.brain._shell` only moves lines between the pipes and it.

Coordinates on the wire are ``x,y``, 0-based, x the column and y the row; the game's cells are
``(row, col)``. The game is five in a row, freestyle (five or more wins), on the START board;
a board with no line of five plays a full side in a row. ``INFO rule`` with bit 1 set plays
exactly five (an overline does not win: the game's exact rule), bit 4 renju (Black may not
make an overline, 4-4 or 3-3), 8 Gomocup's caro (five not blocked at both ends, or six or
more) and 9 standard caro (exactly five, not blocked at both ends); the continuous game (2)
is refused. A bad line never
stops the brain: it answers ``ERROR <why>`` (a known command it cannot do) or
``UNKNOWN <line>`` and waits for the next one, and a bad command changes nothing. Whatever a
reply echoes is escaped, and the stones of a ``BOARD`` block are checked as they come, one
per cell at most (:mod:`tictactoe.brain._wire`).

``SWAP2BOARD`` plays the swap2 opening as Gomocup managers run it
(:mod:`tictactoe.brain._swap2`): three stones to open, or the choice of colour, two stones
more, or a move as White.

``YXSTOP`` (sent by analysis boards such as Yixin-Board) and ``END`` end a think in progress:
the shell reads them while the brain thinks and counts them in :attr:`Brain.stops`, and the
default chooser then answers at once with the best move found so far. Handled in their turn,
they do what they did: ``YXSTOP`` nothing (the move has gone out), ``END`` ends the brain.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Protocol

import tictactoe
from tictactoe.brain import _swap2
from tictactoe.brain._choosers import Explaining, ThreatChooser
from tictactoe.brain._stopping import StopClock, StopRequests
from tictactoe.brain._timing import TimeKeeper
from tictactoe.brain._wire import Block, Refused, number, pair, printable, shown, wire
from tictactoe.errors import TicTacToeError
from tictactoe.game import Game
from tictactoe.heuristic import HeuristicBot
from tictactoe.limits import DEFAULT, UNSET, Limit, Unset, check_limit, with_old
from tictactoe.marks import Mark
from tictactoe.outcome import Cell
from tictactoe.swap import Chooser as OpeningChooser

__all__ = [
    "ABOUT",
    "STOPPING",
    "WIN_LENGTH",
    "Brain",
    "Chooser",
    "command_word",
    "heuristic_chooser",
]

WIN_LENGTH = 5
"""Stones in a row that win: gomoku."""
ABOUT = (
    f'name="tictactoe", version="{tictactoe.__version__}", author="tictactoe contributors", '
    'country="", www="", email=""'
)
"""The answer to ABOUT: keyword="value" pairs, as the protocol recommends."""
STOPPING = frozenset({"YXSTOP", "END"})
"""The commands that end a think in progress: Yixin-Board's stop, and the manager's END
("terminate as soon as possible")."""
_EXACTLY_FIVE = 1
"""The INFO rule bit for exactly five in a row: played as the game's exact rule."""
_RENJU = 4
_CARO = 8
"""The INFO rule bits of renju and caro (caro alone lets an overline win, as Gomocup's caro
league does; with bit 1 too it is standard caro, exactly five)."""
_UNSUPPORTED_RULES = {2: "continuous game"}
"""INFO rule bits this brain cannot play."""


class Chooser(Protocol):
    """Picks the move for the side to move, thinking within ``limit`` (one move's)."""

    def __call__(self, game: Game, *, limit: Limit, seed: int) -> Cell: ...


def heuristic_chooser(game: Game, *, limit: Limit, seed: int) -> Cell:
    """The move :class:`~tictactoe.heuristic.HeuristicBot` picks within the limit."""
    return HeuristicBot(seed, limit=limit).choose_move(game)


class Brain:
    """A Gomocup brain: :meth:`handle` takes one line from the manager, returns the replies.

    Args:
        limit: the most a move may search (``nodes``), and the time limits that hold until
            the manager sends its own: ``seconds`` for ``timeout_turn``, ``game_seconds``
            for ``timeout_match``.
        seed: makes the moves repeatable; None for fresh randomness.
        clock: the time source, in seconds (tests pass a fake one).
        chooser: picks the moves (tests pass a recording one); None for the threat bot, on
            ``clock``, whose think ends at once when :attr:`stops` has one pending. A chooser
            that can explain its moves (:class:`Explaining`) has its ``MESSAGE`` lines sent
            before each move.
        nodes, default_turn: the old way to give the limit, deprecated.
    """

    def __init__(
        self,
        *,
        limit: Limit = DEFAULT,
        seed: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
        chooser: Chooser | None = None,
        nodes: int | Unset | None = UNSET,
        default_turn: float | Unset | None = UNSET,
    ) -> None:
        limit = with_old(check_limit(limit), "Brain", nodes=nodes, default_turn=default_turn)
        self._nodes = limit.nodes
        self._rng = random.Random(seed)
        self._clock = clock
        self.stops = StopRequests()
        """The stop lines (``YXSTOP``, ``END``) read and not yet handled: the shell counts
        them from another thread while the brain thinks, and the default chooser's think
        ends."""
        if chooser is None:
            chooser = ThreatChooser(clock=clock, stops=self.stops)
        self._chooser: Chooser = chooser
        self._timer = TimeKeeper(limit)
        self._size: tuple[int, int] | None = None  # (rows, cols) once START came
        self._game: Game | None = None
        self._own: Mark | None = None  # None until the first stone says who is who
        self._rule = 0
        self._board: Block | None = None  # the BOARD block being read, until DONE
        self._notes: list[str] = []  # MESSAGE lines held back until a command wants an answer
        self.finished = False
        """True once END came: the shell stops reading."""

    @property
    def game(self) -> Game | None:
        """The game being played, None before START."""
        return self._game

    def handle(self, line: str) -> list[str]:
        """The reply lines to one line from the manager (none for INFO, END, blank lines).

        Each reply is one printable line: whatever it echoes is escaped.
        """
        text = line.strip()
        if not text:
            return []
        started = self._clock()
        try:
            if self._board is not None:
                replies = self._board_line(text, started)
            else:
                replies = self._command(text, started)
        except Exception as exc:  # the brain must outlive any bug: report it and go on
            self._board = None
            replies = [f"ERROR internal error: {type(exc).__name__}: {exc}"]
        return [printable(reply) for reply in replies]

    def _command(self, text: str, started: float) -> list[str]:
        word = command_word(text)
        rest = text.replace("\t", " ").partition(" ")[2].strip()
        if word == "INFO":
            self._info(rest)
            return []
        if word == "END":
            self.finished = True
            return []
        if word == "YXSTOP":  # the move was already answered: there is nothing to stop
            return []
        if word in ("BOARD", "SWAP2BOARD"):  # the answer, and any held-back note, at DONE
            return self._board_begin(word, started)
        notes, self._notes = self._notes, []
        if word == "ABOUT":
            return [*notes, ABOUT]
        action = self._actions().get(word)
        if action is None:
            return [*notes, f"UNKNOWN {text if len(text) <= 80 else text[:80] + '…'}"]
        try:
            reply = action(rest, started)
        except Refused as exc:
            return [*notes, f"ERROR {exc}"]
        return [*notes, *self._explained(), reply]

    def _explained(self) -> list[str]:
        """The chooser's MESSAGE lines about the move just chosen, if it explains itself."""
        chooser = self._chooser
        return chooser.explain() if isinstance(chooser, Explaining) else []

    def _actions(self) -> dict[str, Callable[[str, float], str]]:
        return {
            "START": self._start,
            "RECTSTART": self._rectstart,
            "RESTART": self._restart,
            "BEGIN": self._begin,
            "TURN": self._turn,
            "PLAY": self._play,
            "TAKEBACK": self._takeback,
        }

    # -- setting up ---------------------------------------------------------------------

    def _start(self, rest: str, started: float) -> str:
        side = number(rest, "START")
        return self._new_game(side, side)

    def _rectstart(self, rest: str, started: float) -> str:
        width, height = pair(rest, "RECTSTART")
        return self._new_game(height, width)

    def _restart(self, rest: str, started: float) -> str:
        if self._size is None:
            raise Refused("no board yet: send START first")
        return self._new_game(*self._size)

    def _new_game(self, rows: int, cols: int) -> str:
        self._check_rule()
        self._game = _fresh_game(rows, cols, self._rule_name)
        self._size = (rows, cols)
        self._own = None
        self._timer.new_match()
        return "OK"

    def _info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        key, value = key.lower(), value.strip()
        setters: dict[str, Callable[[int], None]] = {
            "timeout_turn": self._timer.set_turn,
            "timeout_match": self._timer.set_match,
            "time_left": self._timer.set_left,
            "rule": self._set_rule,
        }
        setter = setters.get(key)
        # max_memory: the kept threat bot's proofs stop at 100,000 positions (the whole
        # brain stays near 50 MB), far below what managers allow; game_type, ...
        if setter is None:
            return
        try:
            number = int(value)
        except ValueError:
            self._notes.append(f"MESSAGE ignored INFO {key} {shown(value)}: not an integer")
            return
        setter(number)

    def _set_rule(self, rule: int) -> None:
        self._rule = rule

    def _check_rule(self) -> None:
        names = [name for bit, name in _UNSUPPORTED_RULES.items() if self._rule & bit]
        if self._rule & _CARO and self._rule & _RENJU:
            names.append("renju and caro at once")
        if names:
            raise Refused(
                f"rule not supported: {', '.join(names)} (freestyle, exactly five, renju, caro, "
                "caro with overlines)"
            )

    @property
    def _rule_name(self) -> str:
        """The game's rule that the INFO rule bits ask for."""
        if self._rule & _RENJU:
            return "renju"
        if self._rule & _CARO:
            return "caro" if self._rule & _EXACTLY_FIVE else "caro-overline"
        return "standard" if self._rule & _EXACTLY_FIVE else "freestyle"

    def _ruled(self, game: Game) -> Game:
        """``game`` under the rule now set: its moves replayed if INFO rule changed it.

        Raises:
            Refused: the moves cannot all be played under the new rule.
        """
        if game.rule == self._rule_name:
            return game
        rows, cols = game.rows, game.cols
        assert rows is not None
        assert cols is not None
        twin = _fresh_game(rows, cols, self._rule_name)
        try:
            for move in game.moves:
                twin.move(move.row, move.col)
        except TicTacToeError as exc:
            raise Refused(f"the game cannot go on under the new rule: {exc}") from None
        self._game = twin
        return twin

    # -- playing ------------------------------------------------------------------------

    def _playing(self) -> Game:
        if self._game is None:
            raise Refused("no board yet: send START first")
        self._check_rule()
        game = self._ruled(self._game)
        if game.is_over:
            raise Refused("the game is over")
        return game

    def _begin(self, rest: str, started: float) -> str:
        game = self._playing()
        if self._own is not None and game.turn is not self._own:
            raise Refused("it is the opponent's turn")
        return self._reply(game, started)

    def _turn(self, rest: str, started: float) -> str:
        game = self._playing()
        cell = self._cell(rest, "TURN")
        if self._own is not None and game.turn is self._own:
            raise Refused("it is this brain's turn, not the opponent's")
        self._place(game, cell)
        if self._own is None:
            self._own = game.turn
        if game.is_over:  # the opponent's stone stands: it was legal, and it ended the game
            raise Refused("the game is over")
        return self._reply(game, started)

    def _play(self, rest: str, started: float) -> str:
        game = self._playing()
        cell = self._cell(rest, "PLAY")
        if self._own is not None and game.turn is not self._own:
            raise Refused("it is the opponent's turn")
        self._place(game, cell)
        self._own = game.moves[-1].mark
        return wire(cell)

    def _takeback(self, rest: str, started: float) -> str:
        game = self._game
        if game is None:
            raise Refused("no board yet: send START first")
        cell = self._cell(rest, "TAKEBACK")
        last = game.last_move
        if last is None or last.cell != cell:
            raise Refused(f"{wire(cell)} is not the last stone played")
        game.undo()
        if not game.moves:
            self._own = None
        return "OK"

    def _place(self, game: Game, cell: Cell) -> None:
        if game.cell(*cell) is not None:
            raise Refused(f"{wire(cell)} is taken")
        game.move(*cell)

    def _reply(self, game: Game, started: float) -> str:
        """Choose this brain's move, play it, count its time, and give it in wire form."""
        if self._own is None:
            self._own = game.turn
        instant = self._timer.is_instant
        cells_left = len(game.legal_moves)
        seconds = self._timer.budget(cells_left, self._clock() - started)
        limit = Limit(seconds=seconds, nodes=1 if instant else self._nodes)
        cell = self._chooser(game, limit=limit, seed=self._rng.getrandbits(32))
        game.move(*cell)
        self._timer.spend(self._clock() - started)
        return wire(cell)

    def _cell(self, rest: str, command: str) -> Cell:
        assert self._size is not None
        x, y = pair(rest, command)
        rows, cols = self._size
        if not (0 <= x < cols and 0 <= y < rows):
            raise Refused(f"{x},{y} is off the {cols}x{rows} board")
        return (y, x)

    # -- BOARD ... DONE -----------------------------------------------------------------

    def _board_begin(self, command: str, started: float) -> list[str]:
        if self._size is None:
            self._notes, notes = [], self._notes
            return [*notes, "ERROR no board yet: send START first"]
        rows, cols = self._size
        self._board = Block(command, started, rows, cols)
        return []

    def _board_line(self, text: str, started: float) -> list[str]:
        """One line inside a block: a stone, DONE, END, or a command that cuts it short."""
        word = command_word(text)
        if word == "END":
            self.finished = True
            return []
        block = self._board
        assert block is not None
        if word == "DONE":
            self._board = None
            notes, self._notes = self._notes, []
            try:
                if block.problem is not None:
                    raise Refused(block.problem)
                if block.command == "SWAP2BOARD":
                    return [*notes, *self._swap2(list(block.stones), block.started)]
                reply = self._impose(block.stones, block.started)
            except Refused as exc:
                return [*notes, f"ERROR {exc}"]
            return [*notes, *self._explained(), reply]
        if word.isalpha():  # a manager that gave up on the block: drop it, obey the command
            self._board = None
            return [f"ERROR {block.command} was not ended by DONE", *self._command(text, started)]
        block.add(text)
        return []

    def _swap2(self, stones: list[Cell], started: float) -> list[str]:
        """The answer to SWAP2BOARD with ``stones`` in the order played, and its note first.

        The brain's game becomes the opening's; once the brain takes a colour, it is the
        brain's, and after taking White it plays White's move as after TURN.
        """
        assert self._size is not None
        rows, cols = self._size
        self._check_rule()
        game = _fresh_game(rows, cols, self._rule_name)
        seconds = self._timer.budget(rows * cols - len(stones), self._clock() - started)
        instant = self._timer.is_instant
        clock = StopClock(self._clock, self.stops)
        clock.budget = seconds or 0.0
        chooser = OpeningChooser(
            self._rng.getrandbits(32),
            limit=Limit(seconds=seconds, nodes=1 if instant else self._nodes),
            clock=clock,
        )
        try:
            decision = _swap2.decide(game, stones, chooser)
        except TicTacToeError as exc:
            raise Refused(str(exc)) from None
        self._game, self._own = game, None
        note = _swap2.message(decision, self._clock() - started)
        if decision.option == "white":
            reply = self._reply(game, started)
            return [note, *self._explained(), reply]
        if decision.option == "black":
            self._own = game.players[0]
        self._timer.spend(self._clock() - started)
        answer = "SWAP" if decision.option == "black" else " ".join(map(wire, decision.placed))
        return [note, answer]

    def _impose(self, stones: dict[Cell, int], started: float) -> str:
        """Set up the position of the BOARD block's stones, then answer this brain's move."""
        assert self._size is not None
        rows, cols = self._size
        own = sum(1 for kind in stones.values() if kind == 1)
        theirs = len(stones) - own
        if own == theirs:  # this brain moved first and has the move again
            letters = {1: "X", 2: "O"}
        elif theirs == own + 1:
            letters = {1: "O", 2: "X"}
        else:
            raise Refused(
                f"BOARD has {own} own and {theirs} opponent's stones: not this brain's turn"
            )
        grid = [["."] * cols for _ in range(rows)]
        for (row, col), kind in stones.items():
            grid[row][col] = letters[kind]
        k = min(WIN_LENGTH, max(rows, cols))
        try:
            game = Game.from_rows(["".join(line) for line in grid], k=k, rule=self._rule_name)
        except TicTacToeError as exc:
            raise Refused(f"BOARD is no position a game reaches: {exc}") from None
        self._check_rule()
        self._game = game
        self._own = game.turn
        if game.is_over:
            raise Refused("the game is over")
        return self._reply(game, started)


def command_word(line: str) -> str:
    """The command ``line`` starts with, in capitals, as the brain reads it: ``TURN``.

    The shell sorts the lines by it before the brain handles them.

    >>> command_word("  yxstop") in STOPPING
    True
    """
    return line.strip().replace("\t", " ").partition(" ")[0].upper()


def _fresh_game(rows: int, cols: int, rule: str) -> Game:
    """The empty game of five in a row on ``rows`` × ``cols`` (a full side when shorter)."""
    try:
        return Game(rows, cols, k=min(WIN_LENGTH, max(rows, cols)), rule=rule)
    except (TicTacToeError, ValueError, TypeError):
        raise Refused(f"unsupported size {cols}x{rows}") from None
