"""The SVG picture: valid XML, deterministic, shapes for marks, the last move and the line."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.oracle import new_game, random_cell

import tictactoe as ttt
from tictactoe import svg

NS = "{http://www.w3.org/2000/svg}"


def parsed(game: ttt.Game, **options: object) -> ET.Element:
    return ET.fromstring(svg.board(game, **options))  # type: ignore[arg-type]


@pytest.mark.slow
@given(
    shape=st.sampled_from([(3, 3, 3, 2), (6, 9, 4, 3), (5, 5, 4, 8), (None, None, 4, 2)]),
    seed=st.integers(0, 2**32),
)
def test_every_position_is_valid_xml_that_changes_with_the_position(
    shape: tuple[int | None, int | None, int, int], seed: int
) -> None:
    rows, cols, k, players = shape
    rng = random.Random(seed)
    game = new_game(rows, cols, k, players)
    pictures = [svg.board(game)]
    while not game.is_over and len(game.moves) < 30:
        game.move(*random_cell(game, rng))
        picture = svg.board(game)
        root = ET.fromstring(picture)
        assert root.tag == f"{NS}svg"
        assert picture not in pictures
        assert svg.board(game) == picture
        pictures.append(picture)
        assert "<text" in picture
        assert ">X<" not in picture.split("</title>")[1]  # marks are shapes, not glyphs


def test_marks_last_move_and_winning_line() -> None:
    game = ttt.Game.from_rows(["XXX", "OO.", "..."])
    root = parsed(game)
    assert len(root.findall(f"{NS}circle")) == 2
    assert len(root.findall(f"{NS}path")) == 3
    assert [r.get("fill") for r in root.findall(f"{NS}rect")][1] == "#ffe082"
    stroked = [line for line in root.findall(f"{NS}line") if line.get("stroke-linecap")]
    assert len(stroked) == 1
    open_game = ttt.Game.from_rows(["XX.", "OO.", "..."])
    assert not [
        line for line in parsed(open_game).findall(f"{NS}line") if line.get("stroke-linecap")
    ]


def test_options_size_colours_and_coordinates() -> None:
    game = ttt.Game.from_rows(["X..", ".O.", "..."])
    root = parsed(game, size=200, colours={ttt.Mark.O: "#000000"}, coordinates=False)
    assert root.get("width") == "200"
    assert root.find(f"{NS}circle").get("stroke") == "#000000"  # type: ignore[union-attr]
    assert root.findall(f"{NS}text") == []
    assert root.find(f"{NS}title").text == "X../.O./... X 3x3 k3"  # type: ignore[union-attr]


def test_notebooks_get_the_picture() -> None:
    game = ttt.Game()
    assert game._repr_svg_() == svg.board(game)


def test_colours_cannot_break_out_of_their_attribute() -> None:
    hostile = 'red" onload="alert(1)'
    root = parsed(ttt.Game(), background=hostile, colours={ttt.Mark.X: "<b>&"})
    rect = root.find(f"{NS}rect")
    assert rect is not None
    assert rect.get("fill") == hostile
    assert "onload" not in rect.attrib


@pytest.mark.parametrize(
    ("size", "reason"),
    [
        (0, "size=0: a picture is 16 to 100,000 pixels wide"),
        (-5, "size=-5: a picture"),
        (15, "size=15: a picture"),
        (100_001, "size=100001: a picture"),
        (2**100, f"size={2**100}: a picture"),
        (10**5000, "size of 16,610 bits: a picture"),
    ],
    ids=["0", "-5", "15", "100001", "2**100", "10**5000"],
)
def test_sizes_that_cannot_be_drawn_are_refused(size: int, reason: str) -> None:
    with pytest.raises(ttt.InvalidArgument) as refused:
        svg.board(ttt.Game(), size=size)
    assert str(refused.value).startswith(reason)
    assert isinstance(refused.value, ValueError)


@pytest.mark.parametrize("size", ["480", 3.5, 480.0, True, None])
def test_a_size_that_is_no_int_is_a_wrong_type(size: object) -> None:
    with pytest.raises(ttt.WrongType, match=r"^size must be an int, not"):
        svg.board(ttt.Game(), size=size)  # type: ignore[arg-type]


def test_sizes_at_the_limits_and_numpy_like_ints_are_drawn() -> None:
    class Index:
        def __index__(self) -> int:
            return 200

    assert parsed(ttt.Game(), size=16).get("width") == "16"
    assert parsed(ttt.Game(), size=100_000).get("width") == "100000"
    assert parsed(ttt.Game(), size=Index()).get("width") == "200"


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"colours": "red"}, "colours must map marks to colours, not str"),
        ({"colours": {"X": "red"}}, "colours: 'X': 'red', expected a Mark and a string"),
        ({"colours": {ttt.Mark.X: 5}}, "colours: Mark.X: 5, expected a Mark and a string"),
        ({"background": None}, "background must be a colour string, not None"),
        ({"line": 0xFF0000}, "line must be a colour string, not 16711680"),
    ],
)
def test_colours_of_the_wrong_type_are_refused_by_name(
    options: dict[str, object], reason: str
) -> None:
    with pytest.raises(ttt.WrongType) as refused:
        svg.board(ttt.Game(), **options)  # type: ignore[arg-type]
    assert str(refused.value) == reason


def test_a_game_that_is_no_game_is_a_wrong_type() -> None:
    with pytest.raises(ttt.WrongType, match=r"^game must be a Game or a SpaceGame, not str"):
        svg.board("X../.../...")  # type: ignore[arg-type]
