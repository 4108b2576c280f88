r"""SGF (FF[4], ``GM[4]``) for :mod:`tictactoe.records`: a linear reader and the writer.

The reader follows the FF[4] grammar: ``GameTree = "(" Sequence {GameTree} ")"``, a node is
``;`` and its properties, a property is ``IDENT[value][value]...``, whitespace may stand between
any two of them, and inside a value ``\\`` escapes the next character while ``\\`` before a line
break (a soft line break) is removed. One regular expression cuts the text into tokens, each
found in time linear in its length with no backtracking, and a loop with a small stack of
flags (one byte per open tree) follows the nesting, so a file of any shape is read in one pass,
without recursion, whatever its depth.

The game is the *main line*: the nodes of the root tree and, at each branch, of its first
variation, as SGF defines it. Later variations are checked for syntax and otherwise ignored.
The writer leaves the rules of names to :mod:`tictactoe.records`; it escapes ``\\`` and ``]``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tictactoe.errors import RecordError
from tictactoe.outcome import Cell

__all__ = ["LETTERS", "SgfGame", "dump", "escape", "read"]

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Column and row letters: 'a' is 1 ... 'z' 26, 'A' 27 ... 'Z' 52; boards have at most 52."""
_DEFAULT_SIZE = 15
_TOKEN = re.compile(
    r"(?P<mark>[();])"
    r"|(?P<space>[ \t\n\r\v\f]+)"
    r"|(?P<ident>[A-Z]+)"
    r"|(?P<value>\[(?P<text>[^\]\\]*(?:\\.[^\]\\]*)*)(?P<close>\]?))"
    r"|(?P<other>.)",
    re.DOTALL,
)
"""One token per match, each matched in time linear in its length with no backtracking."""
_ESCAPE = re.compile(r"\\(?:\r\n|\n\r|\r|\n)|\\(.)", re.DOTALL)
"""``\\x`` reads ``x``; ``\\`` before a line break is a soft line break and is removed."""
_LINE_BREAK = re.compile(r"\r\n|\n\r|[\r\n\t\v\f]")
_SIZE = re.compile(r"([0-9]+)(?::([0-9]+))?")
_HAS_NODE, _HAS_CHILD = 1, 2
MAX_NODES = 10_000
"""The most nodes a main line may have: no gomoku game is longer than its 52×52 board."""
MAX_PARTS = 1_000
"""The most properties in a node, and values in a property: far beyond any real record."""
MAX_ALL_NODES = 100_000
"""The most nodes a file may have, variations included, so that any file is read quickly."""
MAX_DEPTH = 10_000
"""The deepest nesting of variations read: a hostile file is refused before it costs much."""
_SETUP = ("AB", "AW", "AE")
_INFO = ("PB", "PW", "DT", "RU")


@dataclass(frozen=True, slots=True)
class SgfGame:
    """What the main line of an SGF file says: the board, names, date and moves."""

    rows: int
    cols: int
    names: tuple[str, ...]
    played: str | None
    moves: tuple[Cell, ...]
    where: tuple[str, ...]
    """Where each move stands in the file (``line N``), for error messages."""
    rule: str | None = None
    """``RU``'s value, lower case (``renju``, ``caro``), or None where the file has none."""


def escape(text: str) -> str:
    r"""``text`` as an SGF property value: ``\\`` and ``]`` escaped."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


def dump(
    rows: int,
    cols: int,
    names: tuple[str, ...],
    played: str | None,
    result: str | None,
    moves: tuple[Cell, ...],
    rule: str | None = None,
) -> str:
    """The SGF text of a game; ``result`` is ``RE``'s value (``B+``, ``W+``, ``0``) or None.

    ``rule`` goes in ``RU``, FF[4]'s property for the rules a game was played by.
    """
    size = str(cols) if rows == cols else f"{cols}:{rows}"
    root = f"(;FF[4]GM[4]CA[UTF-8]SZ[{size}]"
    if rule is not None:
        root += f"RU[{escape(rule)}]"
    for colour, name in zip("BW", names, strict=False):
        root += f"P{colour}[{escape(name)}]"
    if played is not None:
        root += f"DT[{escape(played)}]"
    if result is not None:
        root += f"RE[{result}]"
    body = "".join(
        f";{'BW'[number % 2]}[{LETTERS[col]}{LETTERS[row]}]"
        for number, (row, col) in enumerate(moves)
    )
    return root + body + ")\n"


def read(text: str, source: str) -> SgfGame:
    """The board, names, date and moves of the main line of the SGF game in ``text``.

    Raises:
        RecordError: bad syntax, more than one game, setup stones, passes, or a bad value.
    """
    nodes = _main_line(text, source)
    root = nodes[0][1]
    if "GM" in root and root["GM"] != ["4"]:
        raise _error(
            source, nodes[0][0], f"{_property('GM', root['GM'])} is not gomoku, expected GM[4]"
        )
    cols, rows = _size(root.get("SZ"), source, nodes[0][0])
    info: dict[str, str] = {}
    moves: list[Cell] = []
    where: list[str] = []
    for number, (line, node) in enumerate(nodes):
        for key in node:
            if key in _SETUP:
                raise _error(
                    source,
                    line,
                    f"setup stones ({key}) are not supported: only games "
                    "played move by move from an empty board can be read",
                )
            if number and key in ("GM", "SZ"):
                raise _error(source, line, f"{key} belongs in the first node only")
            if key in _INFO:
                if key in info:
                    raise _error(source, line, f"{key} appears twice on the main line")
                info[key] = _simple_text(_one(node, key, source, line))
        if "B" in node and "W" in node:
            raise _error(source, line, "one node holds both a B and a W move")
        for colour in ("B", "W"):
            if colour in node:
                moves.append(_move(node, colour, len(moves), (rows, cols), source, line))
                where.append(f"line {line}")
    names: tuple[str, ...] = ()
    if "PW" in info:
        names = (info.get("PB", ""), info["PW"])
    elif "PB" in info:
        names = (info["PB"],)
    rule = info["RU"].lower() if "RU" in info else None
    return SgfGame(rows, cols, names, info.get("DT"), tuple(moves), tuple(where), rule)


def _main_line(text: str, source: str) -> list[tuple[int, dict[str, list[str]]]]:
    """The main line's nodes, each with its line number and its properties' values."""
    levels = bytearray()  # one byte of flags per open game tree, innermost last
    main_depth = 0  # the outermost main_depth open trees are on the main line
    finished = False
    main: list[tuple[int, dict[str, list[str]]]] = []
    node: dict[str, list[str]] | None = None  # the main-line node being read
    in_node = False
    ident: str | None = None
    values: list[str] = []
    line = 1
    nodes = 0
    start = 1 if text.startswith("\ufeff") else 0
    for token in _TOKEN.finditer(text, start):
        kind = token.lastgroup
        if kind == "space":
            line += _breaks(token.group())
            continue
        if kind == "value":
            if ident is None:
                raise _error(source, line, f"value {_quote(token.group())} has no property name")
            if not token.group("close"):
                raise _error(
                    source, line, f"{_quote(ident + '[...')}: the value never ends with ']'"
                )
            if len(values) == MAX_PARTS:
                raise _error(source, line, f"property {_quote(ident)} has over {MAX_PARTS} values")
            value = token.group("text") if node is not None else ""
            values.append(_ESCAPE.sub(r"\1", value) if "\\" in value else value)
            line += _breaks(token.group())
            continue
        if ident is not None:
            if not values:
                raise _error(source, line, f"property {_quote(ident)} has no [value]")
            if node is not None:
                if len(node) == MAX_PARTS:
                    raise _error(source, line, f"a node with over {MAX_PARTS} properties")
                if ident in node:
                    raise _error(
                        source, line, f"property {_quote(ident)} appears twice in one node"
                    )
                node[ident] = values
            ident = None
        char = token.group()
        if finished:
            what = "more than one game tree" if char == "(" else f"{_quote(char)} after the game"
            raise _error(source, line, f"{what}: expected one game, '(;' ... ')'")
        if not levels and char != "(":
            found = _quote(text[token.start() : token.start() + 20])
            raise _error(source, line, f"not an SGF game: expected '(;', found {found}")
        if kind == "ident":
            if not in_node:
                raise _error(source, line, f"property {_quote(char)} outside a node ';'")
            ident, values = char, []
        elif char == ";":
            if levels[-1] & _HAS_CHILD:
                raise _error(source, line, "a node ';' after a variation: expected '(' or ')'")
            levels[-1] |= _HAS_NODE
            in_node = True
            nodes += 1
            if nodes > MAX_ALL_NODES:
                raise _error(source, line, f"more than {MAX_ALL_NODES:,} nodes: too big a record")
            node = {} if len(levels) == main_depth else None
            if node is not None:
                if len(main) == MAX_NODES:
                    raise _error(
                        source,
                        line,
                        f"more than {MAX_NODES:,} nodes on the main line: "
                        "longer than any game a board holds",
                    )
                main.append((line, node))
        elif char == "(":
            if levels and not levels[-1] & _HAS_NODE:
                raise _error(source, line, "a game tree without a node: expected ';'")
            on_main = len(levels) == main_depth and not (levels and levels[-1] & _HAS_CHILD)
            if levels:
                levels[-1] |= _HAS_CHILD
            if len(levels) == MAX_DEPTH:
                raise _error(source, line, f"variations nested more than {MAX_DEPTH:,} deep")
            levels.append(0)
            if on_main:
                main_depth += 1
            node, in_node = None, False
        elif char == ")":
            if not levels[-1] & _HAS_NODE:
                raise _error(source, line, "a game tree without a node: expected ';'")
            if len(levels) == main_depth:
                main_depth -= 1
            levels.pop()
            finished = not levels
            node, in_node = None, False
        else:
            found = _quote(text[token.start() : token.start() + 20])
            raise _error(source, line, f"unexpected {found}: expected a property like B[hh]")
    if ident is not None and not values:
        raise _error(source, line, f"property {_quote(ident)} has no [value]")
    if not finished:
        what = "the game tree never ends: a ')' is missing" if levels else "no game tree '(;'"
        raise _error(source, line, f"not an SGF game: {what}")
    return main


def _size(value: list[str] | None, source: str, line: int) -> tuple[int, int]:
    """The board's (cols, rows) from ``SZ``, refused before anything is allocated."""
    if value is None:
        return _DEFAULT_SIZE, _DEFAULT_SIZE
    found = _SIZE.fullmatch(value[0]) if len(value) == 1 else None
    if found is None:
        raise _error(source, line, f"{_property('SZ', value)}, expected SZ[n] or SZ[cols:rows]")
    # Bounded before conversion: SZ[100000...] is refused without reading a huge number.
    cols, rows = (
        int(side) if len(side.lstrip("0")) <= 3 else 1000 for side in found.groups(found.group(1))
    )
    if max(cols, rows) > len(LETTERS):
        raise _error(
            source,
            line,
            f"{_property('SZ', value)}: board too big: SGF coordinates reach at most "
            f"{len(LETTERS)} rows and columns",
        )
    if min(cols, rows) < 1:
        raise _error(
            source, line, f"{_property('SZ', value)}: a board needs at least one row and column"
        )
    return cols, rows


def _move(
    node: dict[str, list[str]],
    colour: str,
    played: int,
    shape: tuple[int, int],
    source: str,
    line: int,
) -> Cell:
    """The cell of ``colour``'s move in ``node``, the ``played``-th move of the game."""
    expected = "BW"[played % 2]
    if colour != expected:
        raise _error(source, line, f"{colour} moves, but {expected} is to move")
    value = _one(node, colour, source, line)
    if value == "" or (value == "tt" and max(shape) <= 19):
        raise _error(
            source, line, f"{_property(colour, [value])} is a pass: passes are not supported"
        )
    if len(value) != 2 or any(letter not in LETTERS for letter in value):
        raise _error(source, line, f"{_property(colour, [value])}, expected two letters like B[hh]")
    return LETTERS.index(value[1]), LETTERS.index(value[0])


def _one(node: dict[str, list[str]], key: str, source: str, line: int) -> str:
    """The value of ``key``, which takes exactly one."""
    if len(node[key]) != 1:
        raise _error(source, line, f"{_property(key, node[key])}: takes one value")
    return node[key][0]


def _simple_text(value: str) -> str:
    """A SimpleText value as the spec reads it: line breaks and tabs become spaces."""
    return _LINE_BREAK.sub(" ", value)


def _breaks(text: str) -> int:
    r"""How many line breaks ``text`` holds (``\\n``, ``\\r\\n`` or a lone ``\\r``)."""
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _property(key: str, values: list[str]) -> str:
    """A property as a message shows it, escaped and cut short: ``'SZ[100000]'``."""
    return _quote(key + "".join(f"[{value}]" for value in values))


def _quote(text: str) -> str:
    """``text`` for an error message: at most 40 characters, control characters escaped."""
    return repr(text[:40]) + ("..." if len(text) > 40 else "")


def _error(source: str, line: int, message: str) -> RecordError:
    return RecordError(f"{source}: line {line}: {message}")
