"""Game records: our JSON, Piskvork's PSQ and gomoku SGF, read and written safely.

A :class:`Record` is the rules, the player names, the moves in order and when the game was
played. Loading checks every field and replays the moves through a :class:`Game`, so a record
that breaks the rules is refused; every error names the file, the line or field, and what was
expected. Saving is atomic: the text goes to a temporary file in the same folder, which then
replaces the target, so an existing file is only ever replaced by a complete one.

- JSON (``.json``): everything, including unbounded and many-player games.
- PSQ (``.psq``, Piskvork / Gomocup): ``Piskvorky WxH, a:b, c``, then ``x,y,ms`` per move
  (1-based, x the column), then the player names and a status line. It has no field for k:
  five in a row unless the caller says otherwise.
- SGF (``.sgf``, ``FF[4]GM[4]``): ``SZ[n]`` or ``SZ[cols:rows]``, ``;B[..]``/``;W[..]`` moves
  with letters for column then row. Also five in a row unless told otherwise.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from contextlib import suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tictactoe.errors import RecordError, TicTacToeError
from tictactoe.game import Game
from tictactoe.marks import Mark
from tictactoe.outcome import Cell

__all__ = ["FORMATS", "Record", "dumps", "format_of", "load", "loads", "save", "write_atomic"]

FORMATS = ("json", "psq", "sgf")
VERSION = 1
MAX_BYTES = 8 * 1024 * 1024
"""Files larger than this are refused before they are read."""
GOMOKU_K = 5
_KIND = "tictactoe-game"
_SGF_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True, slots=True)
class Record:
    """A whole game: rules, names, moves and when it was played."""

    rows: int | None
    cols: int | None
    k: int
    players: int
    moves: tuple[Cell, ...]
    names: tuple[str, ...] = ()
    played: str | None = None

    @classmethod
    def from_game(
        cls, game: Game, *, names: tuple[str, ...] = (), played: str | None = None
    ) -> Record:
        """The record of ``game`` so far; ``played`` defaults to now (UTC, ISO 8601)."""
        when = played or datetime.now(UTC).replace(microsecond=0).isoformat()
        return cls(
            game.rows,
            game.cols,
            game.k,
            len(game.players),
            tuple(move.cell for move in game.moves),
            tuple(names),
            when,
        )

    def new_game(self) -> Game:
        """An empty game with the record's rules."""
        if self.rows is None or self.cols is None:
            return Game.unbounded(self.k, players=self.players)
        return Game(self.rows, self.cols, self.k, players=self.players)

    def to_game(self) -> Game:
        """The game with every move replayed (raises the game's own errors if illegal)."""
        game = self.new_game()
        for row, col in self.moves:
            game.move(row, col)
        return game


def format_of(path: str | os.PathLike[str]) -> str:
    """The record format a file's extension names.

    Raises:
        RecordError: the extension is not .json, .psq or .sgf.
    """
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise RecordError(
            f"{path}: unknown record format {suffix or '(none)'!r}: use .json, .psq or .sgf"
        )
    return suffix


def save(record: Record, path: str | os.PathLike[str], *, fmt: str | None = None) -> None:
    """Write ``record`` to ``path`` atomically, in ``fmt`` or the format its extension names."""
    write_atomic(Path(path), dumps(record, fmt or format_of(path)))


def load(path: str | os.PathLike[str], *, k: int | None = None) -> Record:
    """Read and check the record at ``path`` (``k`` for PSQ and SGF, default five).

    Raises:
        RecordError: the file is missing, empty, too big, not a record, or breaks the rules.
    """
    fmt = format_of(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_BYTES:
            raise RecordError(
                f"{path}: too big to be a game record ({size:,} bytes, at most {MAX_BYTES:,})"
            )
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as error:
        raise RecordError(f"{path}: cannot read: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise RecordError(f"{path}: not a text file (byte {error.start} is not UTF-8)") from None
    return loads(text, fmt, source=str(path), k=k)


def dumps(record: Record, fmt: str) -> str:
    """The text of ``record`` in ``fmt`` (``json``, ``psq`` or ``sgf``)."""
    if fmt == "json":
        return _dump_json(record)
    if record.rows is None or record.cols is None or record.players != 2:
        raise RecordError(f"{fmt.upper()} holds two-player games on a bounded board only")
    return _dump_psq(record) if fmt == "psq" else _dump_sgf(record)


def loads(text: str, fmt: str, *, source: str = "<text>", k: int | None = None) -> Record:
    """Parse and check a record in ``fmt``; errors name ``source``.

    Raises:
        RecordError: the text is not a valid record.
    """
    if not text.strip():
        raise RecordError(f"{source}: empty file: expected a {fmt.upper()} game record")
    if fmt == "json":
        return _load_json(text, source)
    if fmt == "psq":
        return _load_psq(text, source, GOMOKU_K if k is None else k)
    if fmt == "sgf":
        return _load_sgf(text, source, GOMOKU_K if k is None else k)
    raise RecordError(f"{source}: unknown record format {fmt!r}: use json, psq or sgf")


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder and a rename.

    A failure at any point leaves an existing file as it was and no temporary file behind.
    """
    path = Path(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


def _replayed(record: Record, source: str, where: list[str]) -> Game:
    """Replay the record's moves; ``where[i]`` says where move i stands in the file."""
    try:
        game = record.new_game()
    except TicTacToeError as error:
        raise RecordError(f"{source}: rules: {error}") from None
    for number, (cell, place) in enumerate(zip(record.moves, where, strict=True), 1):
        try:
            game.move(*cell)
        except TicTacToeError as error:
            raise RecordError(f"{source}: {place}: move {number}: {error}") from None
    return game


def _dump_json(record: Record) -> str:
    game = record.to_game()
    data = {
        "format": _KIND,
        "version": VERSION,
        "rules": {
            "rows": record.rows,
            "cols": record.cols,
            "k": record.k,
            "players": record.players,
        },
        "players": list(record.names),
        "moves": "@moves@",
        "result": {
            "status": game.status.value,
            "winner": None if game.winner is None else str(game.winner),
        },
        "played": record.played,
    }
    moves = json.dumps([list(cell) for cell in record.moves])
    return json.dumps(data, indent=2).replace('"@moves@"', moves) + "\n"


def _load_json(text: str, source: str) -> Record:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"{source}: line {error.lineno}: not JSON ({error.msg})") from None
    if not isinstance(data, dict) or data.get("format") != _KIND:
        raise RecordError(f'{source}: not a tictactoe game record: expected "format": "{_KIND}"')
    if data.get("version") != VERSION:
        raise RecordError(
            f"{source}: field version: {data.get('version')!r} is not supported, expected {VERSION}"
        )
    rules = _field(data, "rules", dict, source)
    rows, cols = rules.get("rows"), rules.get("cols")
    for name, value in (("rows", rows), ("cols", cols)):
        if value is not None and (type(value) is not int or value < 1):
            raise RecordError(
                f"{source}: field rules.{name}: {value!r}, expected a positive int or null"
            )
    if (rows is None) != (cols is None):
        raise RecordError(f"{source}: field rules: rows and cols must both be numbers or both null")
    k = _field(rules, "k", int, source, "rules.")
    players = _field(rules, "players", int, source, "rules.")
    names = _field(data, "players", list, source)
    if not all(isinstance(name, str) for name in names):
        raise RecordError(f"{source}: field players: expected a list of names (strings)")
    raw_moves = _field(data, "moves", list, source)
    moves = []
    for index, cell in enumerate(raw_moves):
        if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
            raise RecordError(f"{source}: field moves[{index}]: {cell!r}, expected [row, col] ints")
        moves.append((cell[0], cell[1]))
    played = data.get("played")
    if played is not None and not isinstance(played, str):
        raise RecordError(f"{source}: field played: {played!r}, expected a date string or null")
    record = Record(rows, cols, k, players, tuple(moves), tuple(names), played)
    game = _replayed(record, source, [f"field moves[{i}]" for i in range(len(moves))])
    result = _field(data, "result", dict, source)
    stated = (result.get("status"), result.get("winner"))
    actual = (game.status.value, None if game.winner is None else str(game.winner))
    if stated != actual:
        raise RecordError(f"{source}: field result: says {stated}, but the moves give {actual}")
    return record


def _field(data: dict[str, Any], name: str, kind: type, source: str, prefix: str = "") -> Any:
    value = data.get(name)
    if type(value) is not kind:
        raise RecordError(f"{source}: field {prefix}{name}: {value!r}, expected a {kind.__name__}")
    return value


_PSQ_HEADER = re.compile(r"^Piskvorky (\d+)x(\d+),\s*\d+:\d+,\s*\d+\s*$")
_PSQ_MOVE = re.compile(r"^\s*(-?\d+),(-?\d+),(-?\d+)\s*$")


def _dump_psq(record: Record) -> str:
    lines = [f"Piskvorky {record.cols}x{record.rows}, 11:11, 0"]
    lines += [f"{col + 1},{row + 1},0" for row, col in record.moves]
    lines += [name.replace("\n", " ") for name in record.names[:2]]
    lines.append("0")
    return "\n".join(lines) + "\n"


def _load_psq(text: str, source: str, k: int) -> Record:
    lines = text.splitlines()
    while not lines[-1].strip():
        lines.pop()
    header = _PSQ_HEADER.match(lines[0])
    if header is None:
        raise RecordError(f"{source}: line 1: {lines[0][:40]!r}, expected 'Piskvorky WxH, a:b, c'")
    cols, rows = int(header.group(1)), int(header.group(2))
    moves: list[Cell] = []
    where: list[str] = []
    names: list[str] = []
    for number, line in enumerate(lines[1:], 2):
        found = _PSQ_MOVE.match(line)
        if found and not names:
            x, y = int(found.group(1)), int(found.group(2))
            if not (1 <= x <= cols and 1 <= y <= rows):
                raise RecordError(
                    f"{source}: line {number}: move {x},{y} is off the {cols}x{rows} board"
                )
            moves.append((y - 1, x - 1))
            where.append(f"line {number}")
        elif line.strip().lstrip("-").isdigit() and number == len(lines):
            break
        elif line.strip():
            if len(names) == 2 or ("," in line and not names):
                raise RecordError(
                    f"{source}: line {number}: {line[:40]!r}, expected a move 'x,y,ms'"
                )
            names.append(line.strip())
    record = Record(rows, cols, k, 2, tuple(moves), tuple(names))
    _replayed(record, source, where)
    return record


def _sgf_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def _dump_sgf(record: Record) -> str:
    assert record.rows is not None
    assert record.cols is not None
    size = str(record.cols) if record.rows == record.cols else f"{record.cols}:{record.rows}"
    root = f"(;FF[4]GM[4]SZ[{size}]"
    for colour, name in zip("BW", record.names, strict=False):
        root += f"P{colour}[{_sgf_escape(name)}]"
    if record.played:
        root += f"DT[{record.played[:10]}]"
    game = record.to_game()
    if game.is_over:
        root += "RE[0]" if game.winner is None else f"RE[{'B' if game.winner is Mark.X else 'W'}+]"
    moves = "".join(
        f";{'BW'[number % 2]}[{_SGF_LETTERS[col]}{_SGF_LETTERS[row]}]"
        for number, (row, col) in enumerate(record.moves)
    )
    return root + moves + ")\n"


_SGF_PROPERTY = re.compile(r"([A-Z]+)\s*((?:\[(?:\\.|[^\]\\])*\]\s*)+)", re.DOTALL)
_SGF_VALUE = re.compile(r"\[((?:\\.|[^\]\\])*)\]", re.DOTALL)


def _sgf_nodes(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The nodes between ``start`` and ``end``, each with the line it starts on.

    A ``;`` inside a property value (``PB[a;b]``) does not start a node.
    """
    nodes: list[tuple[int, str]] = []
    inside = escaped = False
    begin = start
    for position in range(start, end):
        char = text[position]
        if escaped:
            escaped = False
        elif inside:
            escaped = char == "\\"
            inside = char != "]"
        elif char == "[":
            inside = True
        elif char == ";":
            nodes.append((text.count("\n", 0, begin) + 1, text[begin:position]))
            begin = position + 1
    nodes.append((text.count("\n", 0, begin) + 1, text[begin:end]))
    return nodes


def _load_sgf(text: str, source: str, k: int) -> Record:
    body = text.strip()
    if not (body.startswith("(;") and body.endswith(")")):
        raise RecordError(
            f"{source}: line 1: not an SGF game: expected it to start '(;' and end ')'"
        )
    nodes: list[tuple[int, dict[str, list[str]]]] = []
    for line, chunk in _sgf_nodes(text, text.index("(;") + 2, text.rindex(")")):
        properties: dict[str, list[str]] = {}
        for found in _SGF_PROPERTY.finditer(chunk):
            properties[found.group(1)] = [
                value.replace("\\]", "]").replace("\\\\", "\\")
                for value in _SGF_VALUE.findall(found.group(2))
            ]
        if _SGF_PROPERTY.sub("", chunk).strip(" \n\r\t()"):
            raise RecordError(
                f"{source}: line {line}: {chunk.strip()[:40]!r} is not SGF properties"
            )
        nodes.append((line, properties))
    root = nodes[0][1]
    if root.get("GM", ["4"])[0] != "4":
        raise RecordError(f"{source}: line 1: GM[{root['GM'][0]}] is not gomoku, expected GM[4]")
    size = root.get("SZ", ["15"])[0]
    try:
        cols, rows = (int(part) for part in size.split(":")) if ":" in size else (int(size),) * 2
    except ValueError:
        raise RecordError(
            f"{source}: line 1: SZ[{size}], expected SZ[n] or SZ[cols:rows]"
        ) from None
    names = tuple(root[key][0] for key in ("PB", "PW") if key in root)
    played = root["DT"][0] if "DT" in root else None
    moves: list[Cell] = []
    where: list[str] = []
    for line, properties in nodes:
        for colour in ("B", "W"):
            if colour not in properties:
                continue
            expected = "BW"[len(moves) % 2]
            if colour != expected:
                raise RecordError(
                    f"{source}: line {line}: {colour} moves, but {expected} is to move"
                )
            value = properties[colour][0]
            if len(value) != 2 or any(letter not in _SGF_LETTERS for letter in value):
                raise RecordError(
                    f"{source}: line {line}: {colour}[{value}], expected two letters like B[hh]"
                )
            moves.append((_SGF_LETTERS.index(value[1]), _SGF_LETTERS.index(value[0])))
            where.append(f"line {line}")
    record = Record(rows, cols, k, 2, tuple(moves), names, played)
    _replayed(record, source, where)
    return record
