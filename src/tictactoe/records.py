"""Game records: our JSON, Piskvork's PSQ and gomoku SGF, read and written safely.

A :class:`Record` is the rules, the player names, the moves in order and when the game was
played. Loading checks every field and replays the moves through a :class:`Game`, so a record
that breaks the rules is refused; every error names the file, the line or field, and what was
expected, and quotes text from the file with ``repr()`` so that it never reaches a terminal raw.
Saving is atomic: the text goes to a temporary file in the same folder, which then replaces the
target, so an existing file is only ever replaced by a complete one.

What each format holds, and so what a save and a load give back exactly:

- JSON (``.json``): everything, including unbounded and many-player games, the exact rule
  (``"exact": true`` in the rules, written only when set; absent means false), misère
  (``"misere": true``, likewise), gravity and the torus (``"gravity": true``, ``"torus":
  true``, likewise; bounded boards only) and renju or caro (``"rule": "renju"``, likewise).
  Any name or date that can be written as UTF-8 (no lone surrogates).
- PSQ (``.psq``, Piskvork / Gomocup): ``Piskvorky WxH, a:b, c``, then ``x,y,ms`` per move
  (1-based, x the column), then up to two player names and a status line. Board, moves and
  names only: no k, no exact rule, no misère, gravity or torus and no date, so it holds games
  of five in a row only (a reader may be told another k for files written elsewhere). A name
  is one line, kept exactly as written, so it must not be empty, start or end with
  whitespace, hold a control character or line break, or begin like a move (``12,``).
- SGF (``.sgf``, ``FF[4]GM[4]``, written with ``CA[UTF-8]``, always read as UTF-8):
  ``SZ[n]`` or ``SZ[cols:rows]`` up to 52, ``;B[..]`` / ``;W[..]`` moves with letters for
  column then row. Board, moves, two names (``PB``, ``PW``), the date (``DT``, the whole
  string) and renju or caro (``RU[renju]``, FF[4]'s property for the rules); no k, no
  exact rule, no misère, gravity or torus, so games of five in a row only, as in PSQ. Names
  and date are SimpleText, where SGF turns line breaks into spaces, so they must hold no
  control character or line break. The game is the main line (the first variation at each branch);
  setup stones (``AB``, ``AW``, ``AE``), passes and files of more than one game are refused.

A game on a board of three or more dimensions (a :class:`~tictactoe.space.SpaceGame`) is a
:class:`SpaceRecord`, in JSON only: its rules hold ``"shape": [4, 4, 4]`` in place of rows and
cols, and each move is a list of d coordinates. :func:`load` and :func:`loads` give a
:class:`Record` and refuse it; :func:`load_any` and :func:`loads_any` give either. PSQ and SGF,
which draw one plane, refuse it.

A record with more names than players is refused in every format. Whatever a format cannot
hold is refused by :func:`dumps` with a :class:`RecordError`, never written changed, and a
name or date that a format cannot hold is refused by its reader too, so every record read
saves again in its own format (given the reader's default k). Every reader takes time linear
in the size of the file, and numbers and board sizes are checked before anything is made
from them: files over :data:`MAX_BYTES`, boards over ``MAX_CELLS``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tictactoe import _sgf
from tictactoe._checks import check_game
from tictactoe._fileio import check_writable, read_regular, shown_name, write_atomic
from tictactoe._rules import GOMOKU_RULES
from tictactoe._space import MAX_DIMS
from tictactoe.errors import InvalidGame, RecordError, TicTacToeError, WrongType
from tictactoe.game import MAX_CELLS, Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell
from tictactoe.space import Point, SpaceGame

__all__ = [
    "FORMATS",
    "Record",
    "SpaceRecord",
    "check_target",
    "dumps",
    "format_of",
    "load",
    "load_any",
    "loads",
    "loads_any",
    "save",
    "write_atomic",
]

FORMATS = ("json", "psq", "sgf")
"""The formats a record is read and written in, named as the files' extensions."""
_RULE_NAMES = ", ".join(GOMOKU_RULES[:-1]) + f" or {GOMOKU_RULES[-1]}"
"""The rules a record names, for messages: renju, caro or caro-overline."""
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
"""Files larger than this are refused; no more than this is ever read."""
GOMOKU_K = 5
_KIND = "tictactoe-game"
_MAX_DIGITS = 9
"""Numbers with more digits than this are out of every range and are never converted."""
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
"""Control characters (C0, DEL, C1 such as U+0085), line and paragraph separators, surrogates."""
_SURROGATE = re.compile("[\ud800-\udfff]")
_VOWEL_SOUND = re.compile(r"[aeioAEIO8]|[FHLMNRSX][A-Z]*\b|1[18](?:[0-9]{3})*(?![0-9])")
"""What takes "an": a vowel, an initialism read from a vowel sound (SGF), eight, eleven ..."""


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: rules, names, moves and when it was played.

    ``exact`` is the rule that only exactly k in a row wins (see :class:`~tictactoe.Game`);
    ``rule`` is ``"renju"``, ``"caro"`` or ``"caro-overline"`` for games under those rules,
    else None; ``misere`` is misère play (whoever makes the line loses); ``gravity`` has marks
    drop to the lowest free cell of their column (Connect Four) and ``torus`` lines run over
    the edges, both on bounded boards only.
    """

    rows: int | None
    cols: int | None
    k: int
    players: int
    moves: tuple[Cell, ...]
    names: tuple[str, ...] = ()
    played: str | None = None
    exact: bool = False
    rule: str | None = None
    misere: bool = False
    gravity: bool = False
    torus: bool = False

    @classmethod
    def from_game(
        cls, game: Game, *, names: tuple[str, ...] = (), played: str | None = None
    ) -> Record:
        """The record of ``game`` so far; ``played`` defaults to now (UTC, ISO 8601).

        Raises:
            WrongType: ``game`` is not a game, ``names`` not a tuple or list of str, or
                ``played`` not a str or None.
        """
        check_game(game)
        names, played = _names_and_date(names, played)
        return cls(
            game.rows,
            game.cols,
            game.k,
            len(game.players),
            tuple(move.cell for move in game.moves),
            tuple(names),
            played,
            game.exact,
            game.rule if game.rule in GOMOKU_RULES else None,
            game.misere,
            game.gravity,
            game.torus,
        )

    def new_game(self) -> Game:
        """An empty game with the record's rules.

        Raises:
            InvalidGame: rules no game has, such as gravity or the torus on the unbounded grid.
        """
        rules = {"exact": self.exact, "rule": self.rule, "misere": self.misere}
        if self.rows is None or self.cols is None:
            for name, on in (("gravity", self.gravity), ("torus", self.torus)):
                if on:
                    raise InvalidGame(f"{name} is for a bounded board, not the unbounded grid")
            return Game.unbounded(self.k, players=self.players, **rules)
        variants = {"gravity": self.gravity, "torus": self.torus}
        return Game(self.rows, self.cols, self.k, players=self.players, **rules, **variants)

    def to_game(self) -> Game:
        """The game with every move replayed (raises the game's own errors if illegal)."""
        game = self.new_game()
        for row, col in self.moves:
            game.move(row, col)
        return game


@dataclass(frozen=True, slots=True)
class SpaceRecord:
    """A whole game on a board of ``shape`` (a :class:`~tictactoe.space.SpaceGame`).

    As :class:`Record`, with the board's sides in place of rows and cols and each move a cell
    of d coordinates; ``exact`` and ``misere`` are the rules of the same names.
    """

    shape: tuple[int, ...]
    k: int
    players: int
    moves: tuple[Point, ...]
    names: tuple[str, ...] = ()
    played: str | None = None
    exact: bool = False
    misere: bool = False

    @classmethod
    def from_game(
        cls, game: SpaceGame, *, names: tuple[str, ...] = (), played: str | None = None
    ) -> SpaceRecord:
        """The record of ``game`` so far; ``played`` defaults to now (UTC, ISO 8601).

        Raises:
            WrongType: ``game`` is not a SpaceGame, ``names`` not a tuple or list of str, or
                ``played`` not a str or None.
        """
        if not isinstance(game, SpaceGame):
            raise WrongType(f"expected a SpaceGame, not {type(game).__name__}")
        names, played = _names_and_date(names, played)
        moves = tuple(move.cell for move in game.moves)
        players = len(game.players)
        return cls(game.shape, game.k, players, moves, names, played, game.exact, game.misere)

    def new_game(self) -> SpaceGame:
        """An empty game with the record's rules.

        Raises:
            InvalidGame: rules no game has (a shape, k or player count out of range).
        """
        return SpaceGame(
            self.shape, self.k, players=self.players, exact=self.exact, misere=self.misere
        )

    def to_game(self) -> SpaceGame:
        """The game with every move replayed (raises the game's own errors if illegal)."""
        game = self.new_game()
        for cell in self.moves:
            game.move(*cell)
        return game


def _names_and_date(names: object, played: object) -> tuple[tuple[str, ...], str]:
    """``names`` and ``played`` checked for ``from_game``; the date defaults to now (UTC).

    Raises:
        WrongType: ``names`` not a tuple or list of str, or ``played`` not a str or None.
    """
    if not isinstance(names, tuple | list) or not all(isinstance(n, str) for n in names):
        raise WrongType(f"names must be a tuple of str, not {_quote(names)}")
    if played is not None and not isinstance(played, str):
        raise WrongType(f"played must be a str or None, not {_quote(played)}")
    if played is None:
        played = datetime.now(UTC).replace(microsecond=0).isoformat()
    return tuple(names), played


def format_of(path: str | os.PathLike[str]) -> str:
    """The record format a file's extension names.

    Raises:
        RecordError: the extension is not .json, .psq or .sgf.
        WrongType: ``path`` is not a str or a path.
    """
    shown = shown_name(path)
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise RecordError(
            f"{shown}: unknown record format {suffix or '(none)'!r}: use .json, .psq or .sgf"
        )
    return suffix


def save(
    record: Record | SpaceRecord, path: str | os.PathLike[str], *, fmt: str | None = None
) -> None:
    """Write ``record`` to ``path`` atomically, in ``fmt`` or the format its extension names.

    Raises:
        RecordError: the format cannot hold the record, or the file cannot be written; the
            message names the file.
    """
    write_atomic(path, _dumped_for(path, record, fmt or format_of(path)))


def check_target(
    path: str | os.PathLike[str], game: Game | SpaceGame, *, names: tuple[str, ...] = ()
) -> str:
    """The format ``game`` would be saved in at ``path``, checked before the game starts.

    Raises:
        RecordError: an unknown extension, a folder or other non-file at ``path``, a parent
            folder that is missing or not writable, or a format that cannot hold this game
            (its board, its players, its k, the exact rule or its ``names``).
    """
    fmt = format_of(path)
    check_writable(path)
    record: Record | SpaceRecord
    if isinstance(game, SpaceGame):
        record = SpaceRecord.from_game(game, names=names)
    else:
        record = Record.from_game(game, names=names)
    _dumped_for(path, record, fmt)
    return fmt


def _dumped_for(path: str | os.PathLike[str], record: Record | SpaceRecord, fmt: str) -> str:
    """:func:`dumps` for a save to ``path``: a refusal names the file it was meant for."""
    try:
        return dumps(record, fmt)
    except RecordError as error:
        raise RecordError(f"{shown_name(path)}: {error}") from None


def load(path: str | os.PathLike[str], *, k: int | None = None) -> Record:
    """Read and check the record at ``path`` (``k`` for PSQ and SGF, default five).

    The file is opened once and must be a regular file (a link to one is followed); a named
    pipe, a device or a folder is refused without reading, and at most :data:`MAX_BYTES` + 1
    bytes are read.

    Raises:
        RecordError: the file is missing, not a regular file, empty, too big, not a record,
            breaks the rules, or holds a game of more dimensions (see :func:`load_any`).
    """
    return _plane(load_any(path, k=k), shown_name(path))


def load_any(path: str | os.PathLike[str], *, k: int | None = None) -> Record | SpaceRecord:
    """As :func:`load`, and a game on a board of more dimensions as a :class:`SpaceRecord`.

    Raises:
        RecordError: as :func:`load`.
    """
    fmt = format_of(path)
    shown = shown_name(path)
    data = read_regular(path, MAX_BYTES, what="a game record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{shown}: not a text file (byte {error.start} is not UTF-8)") from None
    return loads_any(text, fmt, source=shown, k=k)


def _plane(record: Record | SpaceRecord, source: str) -> Record:
    """``record``, refused if a :class:`SpaceRecord`: the plane's readers do not give one."""
    if isinstance(record, SpaceRecord):
        raise RecordError(
            f"{source}: a game on a {_size(record.shape)} board, not a plane: read it with "
            "load_any or loads_any"
        )
    return record


def _size(shape: tuple[int, ...]) -> str:
    return "×".join(map(str, shape))


def dumps(record: Record | SpaceRecord, fmt: str) -> str:
    """The text of ``record`` in ``fmt`` (``json``, ``psq`` or ``sgf``).

    Raises:
        RecordError: a field of the wrong type, an unknown format, or one that cannot hold
            the record exactly: its board, its players, its k, the exact rule, misère, gravity,
            the torus, its moves, or a name or date it would write changed.
    """
    if fmt not in FORMATS:
        raise RecordError(f"unknown record format {_quote(fmt)}: use json, psq or sgf")
    if isinstance(record, SpaceRecord):
        _check_space_fields(record)
        if fmt != "json":
            raise RecordError(
                f"{fmt.upper()} holds games on a plane board, not on a {_size(record.shape)} "
                "one: save the game as JSON"
            )
        _check_texts(record, fmt)
        return _dump_json(
            record, _replayed(record, "cannot save the game", ["moves"] * len(record.moves))
        )
    _check_fields(record)
    if fmt != "json":
        if record.rows is None or record.cols is None or record.players != 2:
            raise RecordError(f"{fmt.upper()} holds two-player games on a bounded board only")
        if record.exact:
            raise RecordError(
                f"{fmt.upper()} cannot hold the exact-{_spelled(record.k)} rule (an overline "
                "does not win): save the game as JSON"
            )
        if record.misere:
            raise RecordError(
                f"{fmt.upper()} cannot hold misère (the line's maker loses): save the game as JSON"
            )
        if record.gravity:
            raise RecordError(
                f"{fmt.upper()} cannot hold gravity (marks drop to the lowest free cell): "
                "save the game as JSON"
            )
        if record.torus:
            raise RecordError(
                f"{fmt.upper()} cannot hold the torus (lines run over the edges): "
                "save the game as JSON"
            )
        if record.rule is not None and fmt == "psq":
            raise RecordError(f"PSQ cannot hold the {record.rule} rule: save as JSON or SGF")
        if record.k != GOMOKU_K:
            raise RecordError(
                f"{fmt.upper()} cannot hold k={record.k}: it stores no k, so the game would "
                f"load as {_spelled(GOMOKU_K)} in a row; save the game as JSON"
            )
        if fmt == "sgf" and max(record.rows, record.cols) > len(_sgf.LETTERS):
            raise RecordError(f"SGF holds boards of at most {len(_sgf.LETTERS)} rows and columns")
    _check_texts(record, fmt)
    game = _replayed(record, "cannot save the game", ["moves"] * len(record.moves))
    if fmt == "json":
        return _dump_json(record, game)
    if fmt == "psq":
        return _dump_psq(record)
    assert record.rows is not None
    assert record.cols is not None
    result = None
    if game.is_over:
        result = "0" if game.winner is None else f"{'B' if game.winner is Mark.X else 'W'}+"
    return _sgf.dump(
        record.rows, record.cols, record.names, record.played, result, record.moves, record.rule
    )


def loads(text: str, fmt: str, *, source: str = "<text>", k: int | None = None) -> Record:
    """Parse and check a record in ``fmt``; errors name ``source``.

    Raises:
        RecordError: the text is not a valid record, holds a game of more dimensions (see
            :func:`loads_any`), or ``fmt`` is no format.
        WrongType: ``source`` is not a str.
    """
    return _plane(loads_any(text, fmt, source=source, k=k), shown_name(source))


def loads_any(
    text: str, fmt: str, *, source: str = "<text>", k: int | None = None
) -> Record | SpaceRecord:
    """As :func:`loads`, and a game on a board of more dimensions as a :class:`SpaceRecord`.

    Raises:
        RecordError: as :func:`loads`.
        WrongType: ``source`` is not a str.
    """
    source = shown_name(source)
    if fmt not in FORMATS:
        raise RecordError(f"{source}: unknown record format {_quote(fmt)}: use json, psq or sgf")
    if not isinstance(text, str):
        raise RecordError(f"{source}: a record is text, not {type(text).__name__}")
    if not text.strip():
        raise RecordError(f"{source}: empty file: expected {_a(fmt.upper())} game record")
    if fmt == "json":
        return _load_json(text, source)
    if fmt == "psq":
        return _load_psq(text, source, GOMOKU_K if k is None else k)
    sgf = _sgf.read(text, source)
    names, played = sgf.names, sgf.played
    for key, name in zip(("PB", "PW"), names, strict=False):
        _check_read(source, key, "sgf", "name", name)
    if played is not None:
        _check_read(source, "DT", "sgf", "date", played)
    if sgf.rule is not None and sgf.rule not in GOMOKU_RULES:
        raise RecordError(f"{source}: RU: {_quote(sgf.rule)}, expected {_RULE_NAMES}")
    record = Record(sgf.rows, sgf.cols, GOMOKU_K if k is None else k, 2, sgf.moves, names, played)
    record = dataclasses.replace(record, rule=sgf.rule)
    _replayed(record, source, list(sgf.where))
    return record


def _quote(value: object) -> str:
    """A value from a file for a message: its repr, so control characters are escaped, cut short.

    A repr can fail on a huge or deeply nested value, which is then named by its type.
    """
    try:
        shown = repr(value[:60] if isinstance(value, str) else value)
    except (ValueError, RecursionError):
        shown = _a(type(value).__name__)
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _a(word: str) -> str:
    """``word`` after its indefinite article, chosen by sound: an int, an 8×8 board, a dict.

    >>> _a("int"), _a("SGF"), _a("JSON"), _a("11-player"), _a("110-player"), _a("dict")
    ('an int', 'an SGF', 'a JSON', 'an 11-player', 'a 110-player', 'a dict')
    """
    return ("an " if _VOWEL_SOUND.match(word) else "a ") + word


def _check_fields(record: Record) -> None:
    """Refuse a record whose fields are of the wrong kind, before anything is made from it."""
    if not isinstance(record, Record):
        raise RecordError(f"expected a Record, not {type(record).__name__}")
    for name in ("rows", "cols", "k", "players"):
        value = getattr(record, name)
        if type(value) is not int and not (value is None and name in ("rows", "cols")):
            expected = "an int or None" if name in ("rows", "cols") else "an int"
            raise RecordError(f"{name}: {_quote(value)}, expected {expected}")
    if (record.rows is None) != (record.cols is None):
        raise RecordError("rows and cols must both be ints or both None")
    for cell in record.moves if isinstance(record.moves, tuple | list) else [record.moves]:
        if not (
            isinstance(cell, tuple | list) and len(cell) == 2 and all(type(v) is int for v in cell)
        ):
            raise RecordError(f"moves: {_quote(cell)}, expected (row, col) pairs of ints")
    names = record.names if isinstance(record.names, tuple | list) else [None]
    if not all(isinstance(name, str) for name in names):
        raise RecordError(f"names: {_quote(record.names)}, expected a tuple of strings")
    if record.played is not None and not isinstance(record.played, str):
        raise RecordError(f"played: {_quote(record.played)}, expected a string or None")
    for name in ("exact", "misere", "gravity", "torus"):
        value = getattr(record, name)
        if type(value) is not bool:
            raise RecordError(f"{name}: {_quote(value)}, expected True or False")
    if record.rule is not None and record.rule not in GOMOKU_RULES:
        raise RecordError(f"rule: {_quote(record.rule)}, expected None or {_RULE_NAMES}")


def _spelled(k: int) -> str:
    """``k`` as a word for the small numbers a rule names (``five``), else as digits."""
    words = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return words[k - 1] if 1 <= k <= len(words) else str(k)


def _check_space_fields(record: SpaceRecord) -> None:
    """:func:`_check_fields` for a :class:`SpaceRecord`."""
    shape = record.shape
    if not (isinstance(shape, tuple | list) and all(type(side) is int for side in shape)):
        raise RecordError(f"shape: {_quote(shape)}, expected a tuple of ints")
    for name in ("k", "players"):
        value = getattr(record, name)
        if type(value) is not int:
            raise RecordError(f"{name}: {_quote(value)}, expected an int")
    for cell in record.moves if isinstance(record.moves, tuple | list) else [record.moves]:
        if not (
            isinstance(cell, tuple | list)
            and len(cell) == len(shape)
            and all(type(v) is int for v in cell)
        ):
            raise RecordError(f"moves: {_quote(cell)}, expected cells of {len(shape)} ints")
    names = record.names if isinstance(record.names, tuple | list) else [None]
    if not all(isinstance(name, str) for name in names):
        raise RecordError(f"names: {_quote(record.names)}, expected a tuple of strings")
    if record.played is not None and not isinstance(record.played, str):
        raise RecordError(f"played: {_quote(record.played)}, expected a string or None")
    for name in ("exact", "misere"):
        value = getattr(record, name)
        if type(value) is not bool:
            raise RecordError(f"{name}: {_quote(value)}, expected True or False")


def _check_texts(record: Record | SpaceRecord, fmt: str) -> None:
    """Refuse names and a date that ``fmt`` cannot hold exactly (see the module's rules)."""
    if len(record.names) > record.players:
        raise RecordError(
            f"{len(record.names)} names for {_a(str(record.players))}-player game: "
            "one name per player"
        )
    for name in record.names:
        _check_text(fmt, "name", name)
    if fmt != "psq" and record.played is not None:
        _check_text(fmt, "date", record.played)


def _check_text(fmt: str, what: str, text: str) -> None:
    """Refuse a name or date (``what``) that ``fmt`` would not give back exactly as it is."""
    bad = (_SURROGATE if fmt == "json" else _UNSAFE).search(text)
    if bad is not None:
        raise RecordError(
            f"{fmt.upper()} cannot hold the {what} {_quote(text)}: {bad.group()!r} is a "
            "control character, a line break or a lone surrogate"
        )
    if fmt == "psq" and (not text or text != text.strip()):
        raise RecordError(
            f"PSQ cannot hold the name {_quote(text)}: a name is a line, not empty and "
            "with no space before or after"
        )
    if fmt == "psq" and _PSQ_MOVE_START.match(text):
        raise RecordError(f"PSQ cannot hold the name {_quote(text)}: it reads as a move")


def _check_read(source: str, place: str, fmt: str, what: str, text: str) -> None:
    """Refuse on reading a name or date that ``fmt``'s writer would refuse.

    So every record read saves again in its own format; ``place`` says where the text stood.
    """
    try:
        _check_text(fmt, what, text)
    except RecordError as error:
        raise RecordError(f"{source}: {place}: {error}") from None


def _size_error(rows: int, cols: int) -> str | None:
    """Why a rows × cols board cannot be made, checked before anything is allocated."""
    if rows * cols <= MAX_CELLS:
        return None
    board = "the board" if max(rows, cols) >= 10**_MAX_DIGITS else _a(f"{rows}×{cols} board")
    return f"{board} is too big: at most {MAX_CELLS:,} cells"


def _replayed(record: Record | SpaceRecord, source: str, where: list[str]) -> Game | SpaceGame:
    """Replay the record's moves; ``where[i]`` says where move i stands in the file."""
    try:
        game: Game | SpaceGame = record.new_game()
    except TicTacToeError as error:
        raise RecordError(f"{source}: rules: {error}") from None
    for number, (cell, place) in enumerate(zip(record.moves, where, strict=True), 1):
        try:
            game.move(*cell)
        except TicTacToeError as error:
            raise RecordError(f"{source}: {place}: move {number}: {error}") from None
    return game


def _dump_json(record: Record | SpaceRecord, game: Game | SpaceGame) -> str:
    """Indented JSON with the moves on one line; no placeholder, so no name can clash."""
    rules: dict[str, Any]
    if isinstance(record, SpaceRecord):
        rules = {"shape": list(record.shape), "k": record.k, "players": record.players}
    else:
        rules = {"rows": record.rows, "cols": record.cols, "k": record.k}
        rules["players"] = record.players
    if record.exact:  # written only when set, so files of other games stay as they were
        rules["exact"] = True
    if isinstance(record, Record) and record.rule is not None:
        rules["rule"] = record.rule
    for name in ("misere", "gravity", "torus"):
        if getattr(record, name, False):
            rules[name] = True
    fields: dict[str, Any] = {
        "format": _KIND,
        "version": VERSION,
        "rules": rules,
        "players": list(record.names),
        "moves": None,
        "result": {
            "status": game.status.value,
            "winner": None if game.winner is None else str(game.winner),
        },
        "played": record.played,
    }
    lines = []
    for key, value in fields.items():
        if key == "moves":
            text = json.dumps([list(cell) for cell in record.moves])
        elif key == "rules":  # each rule on a line of its own, a shape's sides on one
            text = ",\n".join(
                f"    {json.dumps(name)}: {json.dumps(on)}" for name, on in rules.items()
            )
            text = "{\n" + text + "\n  }"
        else:
            text = json.dumps(value, indent=2).replace("\n", "\n  ")
        lines.append(f"  {json.dumps(key)}: {text}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def _load_json(text: str, source: str) -> Record | SpaceRecord:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{source}: line {error.lineno}: not JSON ({error.msg})") from None
    except RecursionError:
        raise RecordError(f"{source}: not a game record: JSON nested too deeply") from None
    except ValueError:  # the only other: an integer longer than Python reads (4,300 digits)
        raise RecordError(f"{source}: not a game record: a number too long to read") from None
    if not isinstance(data, dict) or data.get("format") != _KIND:
        raise RecordError(f'{source}: not a tictactoe game record: expected "format": "{_KIND}"')
    if data.get("version") != VERSION:
        raise RecordError(
            f"{source}: field version: {_quote(data.get('version'))} is not supported, "
            f"expected {VERSION}"
        )
    rules = _field(data, "rules", dict, source)
    shape = _shape(rules, source) if "shape" in rules else None
    rows, cols = rules.get("rows"), rules.get("cols")
    for name, value in (("rows", rows), ("cols", cols)):
        if value is not None and (type(value) is not int or value < 1):
            raise RecordError(
                f"{source}: field rules.{name}: {_quote(value)}, expected a positive int or null"
            )
    if (rows is None) != (cols is None):
        raise RecordError(f"{source}: field rules: rows and cols must both be numbers or both null")
    if rows is not None and cols is not None and (problem := _size_error(rows, cols)):
        raise RecordError(f"{source}: field rules: {problem}")
    k = _field(rules, "k", int, source, "rules.")
    players = _field(rules, "players", int, source, "rules.")
    rule = rules.get("rule")
    if rule is not None and rule not in GOMOKU_RULES:
        raise RecordError(f"{source}: field rules.rule: {_quote(rule)}, expected {_RULE_NAMES}")
    exact, misere, gravity, torus = (
        _flag(rules, name, source) for name in ("exact", "misere", "gravity", "torus")
    )
    names = _field(data, "players", list, source)
    if not all(isinstance(name, str) for name in names):
        raise RecordError(f"{source}: field players: expected a list of names (strings)")
    for index, name in enumerate(names):
        _check_read(source, f"field players[{index}]", "json", "name", name)
    if len(names) > players:
        raise RecordError(f"{source}: field players: {len(names)} names for {players} players")
    raw_moves = _field(data, "moves", list, source)
    width = 2 if shape is None else len(shape)
    expected = "[row, col] ints" if shape is None else f"a list of {width} ints"
    moves = []
    for index, cell in enumerate(raw_moves):
        if not (
            isinstance(cell, list) and len(cell) == width and all(type(v) is int for v in cell)
        ):
            raise RecordError(
                f"{source}: field moves[{index}]: {_quote(cell)}, expected {expected}"
            )
        moves.append(tuple(cell))
    played = data.get("played")
    if played is not None and not isinstance(played, str):
        raise RecordError(
            f"{source}: field played: {_quote(played)}, expected a date string or null"
        )
    if played is not None:
        _check_read(source, "field played", "json", "date", played)
    record: Record | SpaceRecord
    if shape is not None:
        record = SpaceRecord(shape, k, players, tuple(moves), tuple(names), played, exact, misere)
    else:
        cells = tuple((cell[0], cell[1]) for cell in moves)
        record = Record(rows, cols, k, players, cells, tuple(names), played, exact, rule)
        record = dataclasses.replace(record, misere=misere, gravity=gravity, torus=torus)
    game = _replayed(record, source, [f"field moves[{i}]" for i in range(len(moves))])
    result = _field(data, "result", dict, source)
    stated = (result.get("status"), result.get("winner"))
    actual = (game.status.value, None if game.winner is None else str(game.winner))
    if stated != actual:
        raise RecordError(
            f"{source}: field result: says {_quote(stated)}, but the moves give {actual}"
        )
    return record


def _shape(rules: dict[str, Any], source: str) -> tuple[int, ...]:
    """The sides of a board of d dimensions, ``rules.shape``, checked before a game is made.

    Such a board has no rows or cols, and none of the plane's rules (gravity, the torus,
    renju or caro).
    """
    shape = rules["shape"]
    if not (
        isinstance(shape, list)
        and 2 <= len(shape) <= MAX_DIMS
        and all(type(side) is int and 1 <= side < 10**_MAX_DIGITS for side in shape)
    ):
        raise RecordError(
            f"{source}: field rules.shape: {_quote(shape)}, expected a list of 2 to {MAX_DIMS} "
            "positive ints"
        )
    cells = 1
    for side in shape:
        cells *= side
        if cells > MAX_CELLS:
            raise RecordError(
                f"{source}: field rules: {_a(_size(tuple(shape)))} board is too big: at most "
                f"{MAX_CELLS:,} cells"
            )
    for name in ("rows", "cols"):
        if name in rules:
            raise RecordError(
                f"{source}: field rules.{name}: a board has rows and cols or a shape, not both"
            )
    for name in ("gravity", "torus", "rule"):
        if rules.get(name) not in (None, False):
            raise RecordError(
                f"{source}: field rules.{name}: {_quote(rules[name])}: that rule is for a plane "
                f"board, not {_a(_size(tuple(shape)))} one"
            )
    return tuple(shape)


def _flag(rules: dict[str, Any], name: str, source: str) -> bool:
    """A rule that is on or off, ``rules.NAME``: absent (as in files of before it) is off."""
    value = rules.get(name, False)
    if type(value) is not bool:
        raise RecordError(f"{source}: field rules.{name}: {_quote(value)}, expected true or false")
    return value


def _field(data: dict[str, Any], name: str, kind: type, source: str, prefix: str = "") -> Any:
    value = data.get(name)
    if type(value) is not kind or (type(value) is int and abs(value) >= 10**_MAX_DIGITS):
        raise RecordError(
            f"{source}: field {prefix}{name}: {_quote(value)}, expected {_a(kind.__name__)}"
        )
    return value


_PSQ_HEADER = re.compile(r"Piskvorky (\d+)x(\d+),\s*\d+:\d+,\s*\d+\s*", re.ASCII)
_PSQ_MOVE = re.compile(r"\s*(-?\d+),(-?\d+),(-?\d+)\s*", re.ASCII)
_PSQ_MOVE_START = re.compile(r"\s*-?\d+\s*,", re.ASCII)
_PSQ_STATUS = re.compile(r"\s*-?\d+\s*", re.ASCII)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _dump_psq(record: Record) -> str:
    lines = [f"Piskvorky {record.cols}x{record.rows}, 11:11, 0"]
    lines += [f"{col + 1},{row + 1},0" for row, col in record.moves]
    lines += record.names
    lines.append("0")
    return "\n".join(lines) + "\n"


def _load_psq(text: str, source: str, k: int) -> Record:
    """Header, moves, up to two names (each line exactly as written), a last status line."""
    lines = _LINE_BREAK.split(text)  # not splitlines(): U+2028, \x0c... are not line breaks
    while not lines[-1].strip():
        lines.pop()
    header = _PSQ_HEADER.fullmatch(lines[0])
    if header is None:
        raise RecordError(f"{source}: line 1: {_quote(lines[0])}, expected 'Piskvorky WxH, a:b, c'")
    cols, rows = (_psq_number(header.group(i)) for i in (1, 2))
    if problem := _size_error(rows, cols):
        raise RecordError(f"{source}: line 1: {problem}")
    moves: list[Cell] = []
    where: list[str] = []
    names: list[str] = []
    for number, line in enumerate(lines[1:], 2):
        found = _PSQ_MOVE.fullmatch(line)
        if found and not names:
            x, y = _psq_number(found.group(1)), _psq_number(found.group(2))
            if not (1 <= x <= cols and 1 <= y <= rows):
                shown = f"{x},{y}" if max(x, y) < 10**_MAX_DIGITS else _quote(line)
                raise RecordError(
                    f"{source}: line {number}: move {shown} is off the {cols}x{rows} board"
                )
            moves.append((y - 1, x - 1))
            where.append(f"line {number}")
        elif _PSQ_MOVE_START.match(line):
            raise RecordError(f"{source}: line {number}: {_quote(line)}, expected a move 'x,y,ms'")
        elif number == len(lines) and _PSQ_STATUS.fullmatch(line):
            break
        elif line.strip():
            if len(names) == 2:
                raise RecordError(
                    f"{source}: line {number}: {_quote(line)}: a third name, expected the "
                    "status line"
                )
            _check_read(source, f"line {number}", "psq", "name", line)
            names.append(line)
    record = Record(rows, cols, k, 2, tuple(moves), tuple(names))
    _replayed(record, source, where)
    return record


def _psq_number(digits: str) -> int:
    """A number from a PSQ file; one too long to be any size or place reads as out of range."""
    return int(digits) if len(digits.lstrip("-")) <= _MAX_DIGITS else 10**_MAX_DIGITS
