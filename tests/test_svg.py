"""The SVG picture: valid XML, deterministic, shapes for marks, the last move and the line."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st
from oracle import new_game, random_cell

import tictactoe as ttt
from tictactoe import svg

NS = "{http://www.w3.org/2000/svg}"


def parsed(game: ttt.Game, **options: object) -> ET.Element:
    return ET.fromstring(svg.board(game, **options))  # type: ignore[arg-type]


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


@pytest.mark.parametrize("size", [0, -5, 15, 3.5, "480"])
def test_sizes_that_cannot_be_drawn_are_refused(size: object) -> None:
    with pytest.raises(ValueError, match="size="):
        svg.board(ttt.Game(), size=size)  # type: ignore[arg-type]
