"""The command's board options: --preset, the size, k, the rules; the plane and more dimensions.

``--size``, ``--rows`` and ``--cols`` make a plane (a :class:`~tictactoe.game.Game`);
``--shape 4x4x4`` a board of three or more dimensions (a :class:`~tictactoe.space.SpaceGame`),
as do ``--preset qubic`` and ``--preset cube``. Only ``play``, ``solve`` and the file verbs
take the latter, and only the options that mean something there: the plane's own (gravity, the
torus, renju and caro, the unbounded grid, openings, Gomocup engines, the threat bot) are
refused in one line.
"""

from __future__ import annotations

import argparse
import math
import re

from tictactoe._rules import GOMOKU_RULES
from tictactoe.cli._options import UsageError, usage
from tictactoe.game import MAX_CELLS, RULES, Game
from tictactoe.space import SpaceGame

__all__ = [
    "PRESETS",
    "SPACE_COMMANDS",
    "SPACE_PRESETS",
    "add_board_options",
    "board_options",
    "check_agrees",
    "check_freestyle",
    "check_space_options",
    "describe",
    "new_game",
    "new_space_game",
    "shape_text",
    "wants_space",
]

PRESETS: dict[str, dict[str, object]] = {
    "tictactoe": {"rows": 3, "cols": 3, "k": 3},
    "gomoku": {"rows": 15, "cols": 15, "k": 5},
    "renju": {"rows": 15, "cols": 15, "k": 5, "rule": "renju"},
    "connect-four": {"rows": 6, "cols": 7, "k": 4, "gravity": True},
}
"""The plane games ``--preset`` names, as the board options they set; the others stay free."""
SPACE_PRESETS: dict[str, tuple[tuple[int, ...], int]] = {
    "cube": ((3, 3, 3), 3),
    "qubic": ((4, 4, 4), 4),
}
"""The games of three dimensions ``--preset`` names, as their shape and k: the web page's."""
SPACE_COMMANDS = ("play", "solve")
"""The commands that make a game on a board of more dimensions from the options."""
_MAX_SIDES = 6
"""The most sides --shape takes: the most dimensions a board may have."""
_SIDE = re.compile(r"[0-9]{1,7}", re.ASCII)
_PLANE_ONLY = (
    ("--unbounded", "unbounded"),
    ("--gravity", "gravity"),
    ("--torus", "torus"),
)
"""The plane's options that a board of more dimensions refuses, by their attribute."""


def shape_of(text: str) -> tuple[int, ...]:
    """An argparse type: the sides of a board of 3 or more dimensions, ``4x4x4``.

    Raises:
        argparse.ArgumentTypeError: not 3 to 6 whole numbers with ``x`` between them.
    """
    sides = re.split(r"\s*[x×X,]\s*", text.strip())
    if not (3 <= len(sides) <= _MAX_SIDES and all(_SIDE.fullmatch(side) for side in sides)):
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise argparse.ArgumentTypeError(
            f"{shown!r} is not a board of 3 to {_MAX_SIDES} sides like 4x4x4 (for a plane, "
            "use --size or --rows and --cols)"
        )
    return tuple(int(side) for side in sides)


def shape_text(shape: tuple[int, ...]) -> str:
    """A shape as --shape takes it: ``4x4x4``."""
    return "x".join(map(str, shape))


def add_board_options(parser: argparse.ArgumentParser) -> None:
    """The board's options: --preset, the size or shape and --k, --unbounded and the rules."""
    board = parser.add_argument_group("board")
    board.add_argument(
        "--preset",
        choices=[*PRESETS, *SPACE_PRESETS],
        help="a known game: tictactoe (3×3), gomoku (15×15, five in a row), renju (gomoku "
        "under renju), connect-four (6×7, four in a row, --gravity), cube (3×3×3) or qubic "
        "(4×4×4, four in a row); the options it sets may be repeated but not changed, the "
        "others (--misere, --torus...) still apply",
    )
    board.add_argument("--size", type=int, metavar="N", help="an N×N board (default 3)")
    board.add_argument("--rows", type=int, metavar="R", help="rows, with --cols")
    board.add_argument("--cols", type=int, metavar="C", help="columns, with --rows")
    board.add_argument(
        "--shape",
        type=shape_of,
        metavar="AxBxC",
        help="a board of 3 to 6 dimensions, its sides in order: 3x3x3, or 4x4x4 for Qubic; "
        "lines run along every axis and every diagonal. A cell is typed as its "
        "coordinates counted from 1 in the same order (2 1 3 or 2,1,3: layer 2, row 1, "
        "column 3), and the board prints its layers side by side. For play and solve, "
        "with --k, --exact, --misere and --players",
    )
    board.add_argument(
        "--k", type=int, metavar="K", help="marks in a row to win (default: the full line)"
    )
    board.add_argument(
        "--unbounded", action="store_true", help="an unbounded grid (k defaults to 5)"
    )
    board.add_argument(
        "--exact",
        action="store_true",
        help="standard gomoku: exactly k in a row wins, an overline does not (--rule standard)",
    )
    board.add_argument(
        "--rule",
        choices=RULES,
        help="freestyle (k or more wins, the default), standard (exactly k), renju (Black may "
        "not make an overline, 4-4 or 3-3), caro (exactly five, not blocked at both ends) or "
        "caro-overline (caro where six or more win too: Gomocup's caro); the last three are "
        "five in a row for two players",
    )
    board.add_argument(
        "--misere",
        action="store_true",
        help="misère: whoever makes the line loses (two players; freestyle or standard)",
    )
    board.add_argument(
        "--gravity",
        action="store_true",
        help="marks drop to the lowest free cell of their column, as in Connect Four "
        "(a bounded board; freestyle or standard)",
    )
    board.add_argument(
        "--torus",
        action="store_true",
        help="lines run over the edges and come back on the other side; k at most the "
        "shorter side (a bounded board; freestyle or standard)",
    )


def wants_space(args: argparse.Namespace) -> bool:
    """Whether the options ask for a board of three or more dimensions: --shape or its preset."""
    return (
        getattr(args, "shape", None) is not None or getattr(args, "preset", None) in SPACE_PRESETS
    )


def new_game(args: argparse.Namespace, players: int = 2) -> Game:
    """The game the board options describe.

    Raises:
        UsageError: the options contradict each other or name no valid game, or name a board
            of more dimensions, which this command does not play.
    """
    if wants_space(args):
        raise UsageError(
            f"{args.command} plays on a plane: --shape (or --preset cube or qubic) is for "
            f"{' and '.join(SPACE_COMMANDS)}"
        )
    if args.size is not None and (args.rows is not None or args.cols is not None):
        raise UsageError("give either --size or --rows and --cols, not both")
    args = board_options(args)
    with usage():
        if args.unbounded:
            if args.size is not None or args.rows is not None or args.cols is not None:
                raise UsageError("an unbounded grid has no size; drop --size, --rows and --cols")
            for option in ("--gravity", "--torus"):
                if getattr(args, option[2:]):
                    raise UsageError(f"{option} plays on a bounded board, not --unbounded")
            return Game.unbounded(
                5 if args.k is None else args.k,
                players=players,
                exact=args.exact,
                rule=args.rule,
                misere=args.misere,
            )
        rows = args.rows if args.rows is not None else args.size if args.size is not None else 3
        cols = args.cols if args.cols is not None else rows
        k = 5 if args.k is None and args.rule in GOMOKU_RULES else args.k
        rules = {"exact": args.exact, "rule": args.rule, "misere": args.misere}
        variants = {"gravity": args.gravity, "torus": args.torus}
        return Game(rows, cols, k, players=players, **rules, **variants)


def check_space_options(args: argparse.Namespace, board: str) -> None:
    """Refuse the plane's options, which a game on ``board`` (``4×4×4``) does not play.

    Raises:
        UsageError: --size, --rows, --cols, --unbounded, --gravity, --torus, a rule other
            than freestyle or standard, or an opening; one line that names the option.
    """
    for option in ("--size", "--rows", "--cols"):
        value = getattr(args, option[2:], None)
        if value is not None:
            raise UsageError(f"{option} {value} is for a plane, not the {board} board")
    for option, name in _PLANE_ONLY:
        if getattr(args, name, False):
            raise UsageError(f"{option} plays on a plane, not the {board} board")
    rule = getattr(args, "rule", None)
    if rule in GOMOKU_RULES:
        raise UsageError(f"--rule {rule} plays on a plane, not the {board} board")
    opening = getattr(args, "opening", "none")
    if opening != "none":
        raise UsageError(f"--opening {opening} places stones on a plane, not the {board} board")


def new_space_game(args: argparse.Namespace, players: int = 2) -> SpaceGame:
    """The game on a board of three or more dimensions that --shape or --preset describes.

    Raises:
        UsageError: the options contradict each other, name a rule of the plane alone, or no
            valid game.
    """
    args = board_options(args)
    shape = args.shape
    board = "×".join(map(str, shape))
    check_space_options(args, board)
    if math.prod(shape) > MAX_CELLS:
        raise UsageError(f"--shape {shape_text(shape)} has more than {MAX_CELLS:,} cells")
    exact = args.exact or args.rule == "standard"
    with usage():
        return SpaceGame(shape, args.k, players=players, exact=exact, misere=args.misere)


def board_options(args: argparse.Namespace) -> argparse.Namespace:
    """The board options with what ``--preset`` sets filled in (``args`` itself without one).

    Raises:
        UsageError: an option that says otherwise than the preset, naming both.
    """
    name = getattr(args, "preset", None)
    if name is None:
        return args
    if args.unbounded:
        raise UsageError(f"--unbounded contradicts --preset {name}: a preset has a bounded board")
    if name in SPACE_PRESETS:
        return _space_preset(args, name)
    preset = PRESETS[name]
    shape = getattr(args, "shape", None)
    if shape is not None:
        raise UsageError(
            f"--shape {shape_text(shape)} contradicts --preset {name}, which sets a "
            f"{preset['rows']}×{preset['cols']} board"
        )
    given: dict[str, tuple[str, object]] = {
        "rows": ("--size", args.size) if args.size is not None else ("--rows", args.rows),
        "cols": ("--size", args.size) if args.size is not None else ("--cols", args.cols),
        "k": ("--k", args.k),
        "rule": ("--exact", "standard") if args.exact else ("--rule", args.rule),
        "gravity": ("--gravity", args.gravity or None),
    }
    resolved = argparse.Namespace(**vars(args))
    for key, value in preset.items():
        option, stated = given[key]
        if stated is not None and stated != value:
            shown = "" if option == "--exact" else f" {stated}"
            board = key in ("rows", "cols")
            sets = f"a {preset['rows']}×{preset['cols']} board" if board else f"--{key} {value}"
            raise UsageError(f"{option}{shown} contradicts --preset {name}, which sets {sets}")
        setattr(resolved, key, value)
    resolved.size = None
    return resolved


def _space_preset(args: argparse.Namespace, name: str) -> argparse.Namespace:
    """:func:`board_options` for a preset of three dimensions: its shape and k filled in."""
    shape, k = SPACE_PRESETS[name]
    sets = f"a {'×'.join(map(str, shape))} board"
    for option in ("--size", "--rows", "--cols"):
        value = getattr(args, option[2:])
        if value is not None:
            raise UsageError(f"{option} {value} contradicts --preset {name}, which sets {sets}")
    if args.shape is not None and args.shape != shape:
        shown = shape_text(args.shape)
        raise UsageError(f"--shape {shown} contradicts --preset {name}, which sets {sets}")
    if args.k is not None and args.k != k:
        raise UsageError(f"--k {args.k} contradicts --preset {name}, which sets --k {k}")
    resolved = argparse.Namespace(**vars(args))
    resolved.shape, resolved.k = shape, k
    return resolved


def check_freestyle(game: Game, command: str, *, exact: bool = False) -> None:
    """Refuse a rule ``command`` does not know: renju, caro, and (unless ``exact``) overlines.

    An exact-k game where a line longer than k fits is refused unless ``exact`` says the
    command plays the exact rule.

    Raises:
        UsageError: the game is exact and a line longer than k fits on its board, or is
            played under renju or caro.
    """
    assert game.rows is not None
    assert game.cols is not None
    if not exact and game.exact and game.k < max(game.rows, game.cols):
        raise UsageError(f"{command} knows freestyle lines only, not exactly {game.k} in a row")
    if game.rule in GOMOKU_RULES:
        raise UsageError(f"{command} knows the freestyle and standard rules only, not {game.rule}")


def check_agrees(game: Game | SpaceGame, args: argparse.Namespace, source: str) -> None:
    """Refuse board options that contradict ``game`` (read from ``source``); allow the rest.

    A script that always passes ``--rows R --cols C --k K`` works as long as they are true.

    Raises:
        UsageError: an option says otherwise than the game, naming both.
    """
    if isinstance(game, SpaceGame):
        _check_space_agrees(game, args, source)
        return
    given = {
        "--size": getattr(args, "size", None),
        "--rows": getattr(args, "rows", None),
        "--cols": getattr(args, "cols", None),
        "--k": getattr(args, "k", None),
    }
    actual = {
        "--size": game.rows if game.rows == game.cols else None,
        "--rows": game.rows,
        "--cols": game.cols,
        "--k": game.k,
    }
    if getattr(args, "exact", False) and not game.exact:
        raise UsageError(f"--exact contradicts {source} ({describe(game)})")
    rule = getattr(args, "rule", None)
    if rule is not None and rule != game.rule:
        raise UsageError(f"--rule {rule} contradicts {source} ({describe(game)})")
    for option, played in (
        ("--misere", game.misere),
        ("--gravity", game.gravity),
        ("--torus", game.torus),
    ):
        if getattr(args, option[2:], False) and not played:
            raise UsageError(f"{option} contradicts {source} ({describe(game)})")
    preset = getattr(args, "preset", None)
    if preset is not None and (
        preset in SPACE_PRESETS
        or any(getattr(game, key) != value for key, value in PRESETS[preset].items())
    ):
        raise UsageError(f"--preset {preset} contradicts {source} ({describe(game)})")
    shape = getattr(args, "shape", None)
    if shape is not None:
        raise UsageError(f"--shape {shape_text(shape)} contradicts {source} ({describe(game)})")
    if getattr(args, "unbounded", False) and not game.is_unbounded:
        raise UsageError(f"--unbounded contradicts {source} ({describe(game)})")
    for option, value in given.items():
        if value is not None and value != actual[option]:
            raise UsageError(f"{option} {value} contradicts {source} ({describe(game)})")


def _check_space_agrees(game: SpaceGame, args: argparse.Namespace, source: str) -> None:
    """:func:`check_agrees` for a game on a board of more dimensions."""
    where = f"{source} ({describe(game)})"
    for option in ("--size", "--rows", "--cols"):
        value = getattr(args, option[2:], None)
        if value is not None:
            raise UsageError(f"{option} {value} contradicts {where}")
    for option, name in (*_PLANE_ONLY, ("--exact", "exact"), ("--misere", "misere")):
        if getattr(args, name, False) and not getattr(game, name, False):
            raise UsageError(f"{option} contradicts {where}")
    rule = getattr(args, "rule", None)
    if rule is not None and rule != ("standard" if game.exact else "freestyle"):
        raise UsageError(f"--rule {rule} contradicts {where}")
    preset = getattr(args, "preset", None)
    if preset is not None and SPACE_PRESETS.get(preset) != (game.shape, game.k):
        raise UsageError(f"--preset {preset} contradicts {where}")
    shape = getattr(args, "shape", None)
    if shape is not None and shape != game.shape:
        raise UsageError(f"--shape {shape_text(shape)} contradicts {where}")
    k = getattr(args, "k", None)
    if k is not None and k != game.k:
        raise UsageError(f"--k {k} contradicts {where}")


def describe(game: Game | SpaceGame) -> str:
    """The board and k in words: ``3×3, 3 in a row``."""
    if isinstance(game, SpaceGame):
        board = game.describe()
    else:
        board = "unbounded grid" if game.is_unbounded else f"{game.rows}×{game.cols}"
    players = "" if len(game.players) == 2 else f", {len(game.players)} players"
    exact = " exactly" if game.exact else ""
    misere = ", misère (the line loses)" if game.misere else ""
    if isinstance(game, SpaceGame):
        return f"{board},{exact} {game.k} in a row{players}{misere}"
    rule = f", {game.rule}" if game.rule in GOMOKU_RULES else ""
    gravity = ", gravity (marks drop)" if game.gravity else ""
    torus = ", torus (lines wrap over the edges)" if game.torus else ""
    return f"{board},{exact} {game.k} in a row{players}{rule}{misere}{gravity}{torus}"
