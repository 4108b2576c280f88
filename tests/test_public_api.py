"""The public namespace is curated: __all__ is sorted, complete, and nothing else leaks."""

from __future__ import annotations

import types

import tictactoe


def test_all_is_sorted_and_every_name_exists() -> None:
    assert tictactoe.__all__ == sorted(tictactoe.__all__)
    for name in tictactoe.__all__:
        assert hasattr(tictactoe, name)


def test_nothing_public_leaks() -> None:
    public = {
        name
        for name, value in vars(tictactoe).items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    assert public == set(tictactoe.__all__)


def test_the_contract_names_are_exported() -> None:
    contract = {"Game", "Mark", "Move", "Status", "TicTacToeError", "IllegalMove"}
    contract |= {"InvalidPosition", "OffBoard", "CellTaken", "GameOver"}
    assert contract <= set(tictactoe.__all__)
