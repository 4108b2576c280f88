"""Hostile arguments: every public callable returns, or raises an error of the package's tree.

The promise of ``tictactoe.errors``: every error raised on purpose is a ``TicTacToeError``.
Here every public function and constructor (the names in ``__all__`` of the package and of
each public module) and every public method and property setter of sample instances of the
public classes is called with arguments drawn from wrong types, bools, NaN, infinities, huge
and negative ints, odd strings, None, containers and bytes, mixed with valid values so that
the checks after the first are reached too. Any other exception fails the test, and so does
a call that runs on: a hostile argument is refused, not worked on.

The callables are found by introspection, so a new public function or method is covered
without editing this file; a new public class needs samples in ``_samples`` (a test says
so). What is not called is in ``EXEMPT``, each with its reason.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import inspect
import math
import pkgutil
import signal
import time
import types
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from inspect import Parameter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.oracle import played

import tictactoe
from tictactoe import Game, Mark, RandomBot, TicTacToeError
from tictactoe.limits import Limit

RL_EXTRA = importlib.util.find_spec("gymnasium") is not None
"""Whether the ``rl`` extra is installed: ``tictactoe.rl`` is covered only then."""

FACES = {
    "brain": "a program (the Gomocup loop on stdin); its handler has transcript tests",
    "cli": "a program (argv in, exit status out); its tests cover bad command lines",
    "web": "a program (a server); its JSON API has its own hostile-request tests",
}
"""Public subpackages that are programs rather than library calls."""

EXEMPT = {
    "tictactoe.engine.Engine": "starts a brain process; Engine.popen, its public door, is "
    "called here with commands that cannot name a program",
    "tictactoe.Player": "a typing.Protocol, which Python refuses to instantiate",
    "tictactoe.Mark": "an enum: lookup by value raises ValueError, as every enum's does; "
    "Mark.from_letter is the package's parser",
    "tictactoe.Status": "an enum, as Mark",
    "tictactoe.Value": "an enum, as Mark",
}
"""Public callables that are not called, by the name a user writes, each with its reason."""

LIMIT_S = 5.0
"""The longest any one call may run: every valid value here is small, so a call that runs
longer worked on a hostile argument instead of refusing it."""

VAR_POSITIONAL, VAR_KEYWORD = Parameter.VAR_POSITIONAL, Parameter.VAR_KEYWORD
CLASS_METHODS = (classmethod, staticmethod, types.ClassMethodDescriptorType)
METHODS = (types.FunctionType, types.MethodDescriptorType)
"""Methods as a class stores them: Python's, and the compiled build's descriptors."""


GAMES: list[Callable[[], Game]] = [
    Game,
    lambda: played(Game(), (1, 1), (0, 0)),
    lambda: played(Game(), (0, 0), (1, 1), (0, 1), (2, 2), (0, 2)),  # won
    lambda: played(Game(3, 4, k=3, players=3), (1, 1)),
    lambda: played(Game(4, k=3, exact=True), (0, 0), (3, 3), (1, 1), (2, 3), (0, 1)),
    lambda: played(Game(4, k=4), (1, 1), (2, 2), (1, 2)),  # the threat bot's own
    lambda: played(Game(4, k=3, misere=True), (1, 1), (0, 0), (1, 2), (0, 1), (2, 2), (0, 2)),
    lambda: played(Game.unbounded(k=3), (0, 0), (5, -5)),
    lambda: Game(2, 1, k=1),
]
"""Makers of small games of every kind. Small enough that any call on one of them ends soon,
even with a hostile but valid argument such as ``solve(game, max_empty=10**100)``."""

HOSTILE: list[object] = [
    *(None, True, False, 0, -1, 10**100, -(10**100), 2**63, -(2**63), 10**5000),
    *(1.5, -0.0, math.nan, math.inf, -math.inf, 1j),
    *("", " ", "x", ".", "\x00", "\udcff", "nan", "-1", "9" * 5000, "X\nO"),
    *(b"", b"x", bytearray(b"0")),
    *([], [None], [None, None], [1, 2], ["", ""], (), (1,), (-1, 10**100), ("a", "b")),
    *({}, {"x": 1}, {Mark.X: None}, set(), object(), Mark.X, range(3)),
    (range(10**100), range(-5, 5)),
]
"""Values wrong for nearly every parameter. No string is an absolute path: a hostile path is
relative to a scratch folder, the working directory while the calls run."""

HOSTILE_FOR = {
    ("tictactoe.engine.Engine.popen", "command"): [
        *(value for value in HOSTILE if not value or not isinstance(value, str | list | tuple)),
        *('"unclosed', "no\x00program"),
    ],
}
"""Parameters whose hostile values are narrowed. Engine.popen's command has no valid value
either: these are empty, not text at all, or refused before any process starts."""


def _games() -> st.SearchStrategy[Game]:
    return st.sampled_from(GAMES).map(lambda make: make())


def _records() -> st.SearchStrategy[object]:
    from tictactoe.records import Record

    return _games().map(Record.from_game)


_CELLS = st.sampled_from([(0, 0), (1, 1), (2, 1), [(0, 0), (1, 2)]])

VALID: dict[str, st.SearchStrategy[Any]] = {
    "game": _games(),
    "record": _records(),
    "rows": st.sampled_from([1, 2, 3, None]),
    "cols": st.sampled_from([1, 2, 3, None]),
    "k": st.sampled_from([1, 2, 3, None]),
    "players": st.sampled_from([2, 3]) | st.builds(lambda: [RandomBot(1), RandomBot(2)]),
    "row": st.integers(-1, 3),
    "col": st.integers(-1, 3),
    "cell": _CELLS,
    "cells": _CELLS,
    "moves": st.sampled_from([[], [(1, 1)], [(1, 1), (0, 0)]]),
    "seed": st.sampled_from([None, 0, 7]),
    "seconds": st.sampled_from([0.01, None]),
    "nodes": st.sampled_from([1, 30]),
    "depth": st.sampled_from([1, 2]),
    "width": st.sampled_from([1, 3]),
    "reach": st.sampled_from([0, 2]),
    "distance": st.sampled_from([0, 2]),
    "name": st.just("someone"),
    "names": st.just(("ann", "bob")),
    "played": st.sampled_from([None, "2024-05-01"]),
    "clock": st.just(time.perf_counter),
    "on_move": st.just(lambda game, move, player: None),
    "progress": st.just(lambda positions: None),
    "max_empty": st.sampled_from([0, 9, None]),
    "max_cells": st.sampled_from([4, 9]),
    "max_moves": st.sampled_from([0, 2, None]),
    "size": st.sampled_from([16, 64]),
    "margin": st.sampled_from([0, 1]),
    "view": st.just((range(3), range(3))),
    "fmt": st.sampled_from(["json", "psq", "sgf", None]),
    "path": st.sampled_from(["game.json", "game.psq", "game.sgf"]),
    "source": st.just("game.json"),
    "text": st.sampled_from(["3x3 X4", "- X inf k5", '{"format": "tictactoe-game"}']),
    "letter": st.sampled_from(["X", "O"]),
    "spec": st.sampled_from(["random", "perfect", "heuristic", "threat", "best"]),
    "exact": st.booleans(),
    "misere": st.booleans(),
    "early_draw": st.booleans(),
    "sparse": st.sampled_from([None, True, False]),
    "coordinates": st.booleans(),
    "startup": st.just(0.5),
    "action": st.sampled_from([0, 4, None]),
    "actions": st.sampled_from([[0, 1], [4, 4]]),
    "num_envs": st.sampled_from([1, 2]),
    "num_games": st.sampled_from([1, 2]),
    "seat": st.sampled_from([0, 1]),
    "agent": st.sampled_from(["player_0", "player_1"]),
    "render_mode": st.sampled_from([None, "ansi"]),
}
"""Valid values by parameter name, so that the checks after the first are reached. Where a
name means two things (``players``: a count, or the players of a match) it gets values for
both, and the other meaning must refuse them cleanly."""


class _Typist:
    """A person at the keyboard who asks for help, then types cells until one is free."""

    def __init__(self) -> None:
        self._typed = 0

    def __call__(self, prompt: str) -> str:
        self._typed += 1
        if self._typed == 1:
            return "help"
        return f"{(self._typed - 2) // 8} {(self._typed - 2) % 8}"


def _read(make: Callable[[], object], attribute: str) -> Any:
    """``attribute`` of a fresh ``make()``: a method bound to it, or a property's value."""
    return getattr(make(), attribute)


def _outcome(make: Callable[[], Game]) -> object:
    return make().outcome()


def _opened(stones: list[tuple[int, int]]) -> object:
    """A swap2 opening on 15×15 after the opener's ``stones``."""
    from tictactoe import swap

    opening = swap.Opening("swap2", Game(15, k=5))
    opening.place(stones)
    return opening


def _space_game() -> object:
    """A 4×4×4 game a few moves in."""
    game = tictactoe.SpaceGame((4, 4, 4))
    for cell in [(0, 0, 0), (1, 1, 1), (3, 3, 3)]:
        game.move(*cell)
    return game


def _samples() -> dict[str, list[Callable[[], object]]]:
    """Makers of the instances whose methods are called, by the class's public name."""
    from tictactoe import counting, engine, records, swap, threat

    found: dict[str, list[Callable[[], object]]] = {
        "tictactoe.Game": list(GAMES),
        "tictactoe.LegalMoves": [partial(_read, make, "legal_moves") for make in GAMES],
        "tictactoe.Outcome": [partial(_outcome, make) for make in GAMES],
        "tictactoe.Move": [lambda: tictactoe.Move(1, 1, Mark.X)],
        "tictactoe.SpaceGame": [lambda: tictactoe.SpaceGame((3, 3, 3)), _space_game],
        "tictactoe.SpaceMove": [lambda: tictactoe.SpaceMove((1, 1, 1), Mark.X)],
        "tictactoe.Counts": [lambda: tictactoe.count(2)],
        "tictactoe.Solution": [lambda: tictactoe.solve(GAMES[1]())],
        "tictactoe.solver.SpaceSolution": [
            lambda: tictactoe.solve(tictactoe.SpaceGame((2, 2, 2), 2))
        ],
        "tictactoe.counting.Estimate": [lambda: counting.estimate(3)],
        "tictactoe.counting.Cost": [lambda: counting.estimate(3).cost],
        "tictactoe.records.Record": [lambda: records.Record.from_game(GAMES[1]())],
        "tictactoe.records.SpaceRecord": [
            lambda: records.SpaceRecord.from_game(_space_game(), names=("a", "b"))  # type: ignore[arg-type]
        ],
        "tictactoe.engine.Limit": [engine.Limit],
        "tictactoe.threat.Thought": [lambda: threat.Thought((1, 1), "centre", 0, 1, 1, 0.1, ())],
        "tictactoe.threat.Params": [threat.Params],
        "tictactoe.swap.Opening": [
            lambda: swap.Opening("swap2", Game(15, k=5)),
            partial(_opened, [(7, 7), (7, 8), (8, 8)]),
            lambda: swap.Opening("swap", Game(3)),
        ],
        "tictactoe.swap.Chooser": [lambda: swap.Chooser(1, limit=Limit(seconds=0.01, nodes=30))],
        "tictactoe.swap.Ask": [lambda: swap.Ask("place", 0, count=3)],
        "tictactoe.swap.Step": [lambda: swap.Step(0, "choose", option="black")],
        "tictactoe.swap.Verdict": [lambda: swap.Verdict(0, 1, 0.1)],
        "tictactoe.HeuristicBot": [
            lambda: tictactoe.HeuristicBot(1, limit=Limit(seconds=0.01, nodes=30))
        ],
        "tictactoe.PerfectBot": [lambda: tictactoe.PerfectBot(1, limit=Limit(seconds=0.01))],
        "tictactoe.Limit": [lambda: Limit(1.0, 10, 60.0), Limit],
        "tictactoe.ThreatBot": [
            lambda: tictactoe.ThreatBot(1, limit=Limit(seconds=0.01, nodes=30))
        ],
        "tictactoe.RandomBot": [lambda: RandomBot(1)],
        "tictactoe.ScriptedPlayer": [lambda: tictactoe.ScriptedPlayer([(1, 1), (0, 0)])],
        "tictactoe.HumanPlayer": [
            lambda: tictactoe.HumanPlayer(ask=_Typist(), tell=lambda line: None)
        ],
    }
    if RL_EXTRA:
        from tictactoe import rl

        found |= {
            "tictactoe.rl.MNKAECEnv": [rl.MNKAECEnv],
            "tictactoe.rl.MNKEnv": [rl.MNKEnv],
            "tictactoe.rl.MNKParallelEnv": [rl.MNKParallelEnv],
            "tictactoe.rl.MNKVectorEnv": [lambda: rl.MNKVectorEnv(2)],
            "tictactoe.rl.VectorGame": [lambda: rl.VectorGame(2, 3)],
        }
    return found


SAMPLES = _samples()


@dataclass(frozen=True)
class Target:
    """One public callable: its name, makers of it (fresh for each call), its parameters."""

    name: str
    makers: Sequence[Callable[[], Callable[..., object]]]
    signature: inspect.Signature

    def __str__(self) -> str:
        return self.name


def _public_objects() -> dict[str, object]:
    """Every public object, once, by the name a user writes (the package's first)."""
    modules = [tictactoe]
    for info in pkgutil.iter_modules(tictactoe.__path__):
        if info.name.startswith("_") or info.name in FACES or (info.name == "rl" and not RL_EXTRA):
            continue
        modules.append(importlib.import_module(f"tictactoe.{info.name}"))
    found: dict[str, object] = {}
    seen: set[int] = set()
    for module in modules:
        for name in module.__all__:
            value = getattr(module, name)
            if id(value) not in seen:
                seen.add(id(value))
                found[f"{module.__name__}.{name}"] = value
    return found


def _is_callable(value: object) -> bool:
    """Functions and classes; not constants, type aliases or errors (which never raise)."""
    if inspect.isclass(value):
        return not issubclass(value, BaseException)
    return callable(value) and not isinstance(value, types.GenericAlias)


def _parameters(function: Callable[..., object], *, skip: int = 0) -> inspect.Signature:
    """The parameters a caller passes, less the first ``skip`` (self).

    A class's are its constructor's: the compiled build gives them as the class's own
    signature, the pure build (where ``Game`` defines ``__new__``) as ``__init__``'s.
    """
    signature = inspect.signature(function)
    kinds = {parameter.kind for parameter in signature.parameters.values()}
    if inspect.isclass(function) and kinds == {VAR_POSITIONAL, VAR_KEYWORD}:
        signature, skip = inspect.signature(function.__init__), 1
    return inspect.Signature(list(signature.parameters.values())[skip:])


def _attributes(klass: type) -> dict[str, object]:
    """The public attributes that the package (not Python, not a library it builds on)
    defines on ``klass`` and its bases, as stored: functions, class methods, properties."""
    found: dict[str, object] = {}
    for base in reversed(klass.__mro__):
        if base.__module__.startswith("tictactoe"):
            found |= {name: value for name, value in vars(base).items() if name[0] != "_"}
        else:
            found = {name: value for name, value in found.items() if name not in vars(base)}
    return found


def _methods(name: str, klass: type) -> Iterator[Target]:
    """The public methods of ``klass``: class and static ones called on the class, the
    others and the property setters on fresh samples."""
    samples = SAMPLES.get(name, [])
    for attribute, raw in sorted(_attributes(klass).items()):
        qualified = f"{name}.{attribute}"
        if isinstance(raw, CLASS_METHODS):
            method = getattr(klass, attribute)
            yield Target(qualified, [partial(_same, method)], _parameters(method))
        elif isinstance(raw, METHODS) and samples:
            makers = [partial(_read, make, attribute) for make in samples]
            yield Target(qualified, makers, _parameters(raw, skip=1))
        elif isinstance(raw, property) and raw.fset is not None and samples:
            makers = [partial(_setter, make, raw.fset) for make in samples]
            yield Target(f"{qualified} = ", makers, _parameters(raw.fset, skip=1))


def _same(value: Callable[..., object]) -> Callable[..., object]:
    return value


def _setter(make: Callable[[], object], fset: Callable[..., None]) -> Callable[..., None]:
    """The setter of a property on a fresh ``make()``, to call with the value to set."""
    return partial(fset, make())


def _targets() -> list[Target]:
    targets: list[Target] = []
    for name, value in _public_objects().items():
        if not _is_callable(value):
            continue
        if inspect.isclass(value):
            targets.extend(t for t in _methods(name, value) if t.name not in EXEMPT)
        if name not in EXEMPT:
            function: Callable[..., object] = value  # type: ignore[assignment]  # callable
            targets.append(Target(name, [partial(_same, function)], _parameters(function)))
    return targets


TARGETS = _targets()
_OMIT = object()

Call = tuple[Callable[..., object], list[object], dict[str, object]]


@st.composite
def _calls(draw: st.DrawFn, target: Target) -> Call:
    """A fresh callable from ``target`` and arguments for it, one at least hostile if any can be.

    Positional-only parameters, and all of them where there is ``*args``, go by position,
    the others by keyword, so that any parameter with a default can be left out.
    """
    parameters = [p for p in target.signature.parameters.values() if p.kind is not VAR_KEYWORD]
    spread = any(p.kind is VAR_POSITIONAL for p in parameters)
    forced = draw(st.sampled_from(parameters)) if parameters else None
    args: list[object] = []
    kwargs: dict[str, object] = {}
    for parameter in parameters:
        hostile = st.sampled_from(HOSTILE_FOR.get((target.name, parameter.name), HOSTILE))
        if parameter.kind is VAR_POSITIONAL:
            args.extend(draw(st.lists(hostile, max_size=2)))
            continue
        choices = [hostile]
        if parameter is not forced:
            if parameter.name in VALID:
                choices.append(VALID[parameter.name])
            if parameter.default is not parameter.empty and not spread:
                choices.append(st.just(_OMIT))
        value = draw(st.one_of(choices))
        if spread or parameter.kind is Parameter.POSITIONAL_ONLY:
            args.append(value)
        elif value is not _OMIT:
            kwargs[parameter.name] = value
    return draw(st.sampled_from(target.makers))(), args, kwargs


class _RanOn(Exception):
    """A call ran past ``LIMIT_S``."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Interrupt the call inside after ``seconds`` with :class:`_RanOn`, failing the test."""

    def stop(signum: int, frame: object) -> None:
        raise _RanOn(f"the call ran past {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The working directory while the calls run: hostile paths are written here."""
    return tmp_path_factory.mktemp("hostile")


@pytest.mark.parametrize("target", TARGETS, ids=str)
@settings(max_examples=40)
@given(data=st.data())
def test_hostile_arguments_raise_only_errors_of_the_tree(
    target: Target, scratch: Path, data: st.DataObject
) -> None:
    function, args, kwargs = data.draw(_calls(target), label="call")
    with contextlib.chdir(scratch), _time_limit(LIMIT_S), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a warning is no error: render() with no mode warns
        with contextlib.suppress(TicTacToeError):
            function(*args, **kwargs)


def test_every_public_class_has_samples_or_a_reason() -> None:
    classes = {
        name
        for name, value in _public_objects().items()
        if inspect.isclass(value) and _is_callable(value)
    }
    assert classes - SAMPLES.keys() - EXEMPT.keys() == set()


def test_the_exceptions_name_callables_that_exist() -> None:
    names = {target.name for target in TARGETS} | set(_public_objects())
    assert set(EXEMPT) <= names


def test_the_whole_surface_is_found() -> None:
    names = {target.name for target in TARGETS}
    assert {"tictactoe.Game", "tictactoe.Game.move", "tictactoe.Game.from_rows"} <= names
    assert {"tictactoe.Mark.from_letter", "tictactoe.LegalMoves.near"} <= names
    assert {"tictactoe.svg.board", "tictactoe.engine.Engine.popen", "tictactoe.count"} <= names
    assert "tictactoe.ThreatBot.seconds = " in names
    assert not any(name.startswith(("tictactoe.cli", "tictactoe.web")) for name in names)
    assert "tictactoe.Move.index" not in names  # tuple's own, not the package's
