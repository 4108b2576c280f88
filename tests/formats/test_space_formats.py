"""Boards of three or more dimensions in the formats: the notation's ``4x4x4`` board with its
planes between ``|``, JSON's ``"shape"`` with moves of d coordinates, and the picture of the
planes side by side; each gives the game back exactly; PSQ and SGF, which draw one plane,
refuse it, and the plane's readers and writers are as they were."""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tictactoe as ttt
from tictactoe import notation, records, svg
from tictactoe.space import Point, SpaceGame

NS = "{http://www.w3.org/2000/svg}"
# (shape, k, players, exact, misere)
Rules = tuple[tuple[int, ...], int, int, bool, bool]
RULES: list[Rules] = [
    ((3, 3, 3), 3, 2, False, False),
    ((4, 4, 4), 4, 2, False, False),
    ((2, 3, 4), 3, 2, False, False),
    ((3, 3, 3), 3, 2, True, False),
    ((3, 3, 3), 3, 2, False, True),
    ((3, 3, 3), 2, 3, False, False),
    ((2, 2, 2, 2), 2, 2, False, False),
    ((3, 3, 3, 3), 3, 2, False, False),
    ((2, 2, 2, 2, 2), 2, 2, False, False),
    ((2, 3, 14), 4, 2, False, False),
    ((4, 5), 3, 2, False, False),
]
"""Boards the round trips play on: Qubic, a box, the exact rule, misère, three players, four
and five dimensions, rows wide enough to be written with numbers, and a plane as a SpaceGame."""
QUBIC_WIN = [(0, 0, 0), (1, 0, 0), (0, 1, 1), (2, 0, 0), (0, 2, 2), (3, 0, 0), (0, 3, 3)]
"""X takes Qubic's diagonal of the first layer while O fills a column of the first row."""


def random_game(rules: Rules, seed: int) -> SpaceGame:
    """A game with ``rules`` after random legal moves, maybe to its end."""
    shape, k, players, exact, misere = rules
    game = SpaceGame(shape, k, players=players, exact=exact, misere=misere)
    rng = random.Random(seed)
    for _ in range(rng.randrange(len(game.legal_moves) + 1)):
        if game.is_over:
            break
        game.move(*rng.choice(game.legal_moves))
    return game


def played(cells: list[Point], shape: tuple[int, ...] = (4, 4, 4), k: int = 4) -> SpaceGame:
    game = SpaceGame(shape, k)
    for cell in cells:
        game.move(*cell)
    return game


def marks(game: SpaceGame) -> dict[Point, ttt.Mark]:
    return {move.cell: move.mark for move in game.moves}


# --- the notation -------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32), sparse=st.booleans())
def test_the_notation_gives_a_position_of_any_dimensions_back(
    rules: Rules, seed: int, sparse: bool
) -> None:
    game = random_game(rules, seed)
    text = notation.format(game, sparse=sparse)
    back = notation.parse(text)
    if game.dims == 2:  # a plane is written as a plane, and read as a Game
        assert isinstance(back, ttt.Game)
        assert {move.cell: move.mark for move in back.moves} == marks(game)
        assert (back.status, back.winner, back.turn) == (game.status, game.winner, game.turn)
        return
    assert isinstance(back, SpaceGame)
    assert (back.shape, back.k, back.players) == (game.shape, game.k, game.players)
    assert (back.exact, back.misere) == (game.exact, game.misere)
    assert marks(back) == marks(game)
    assert (back.status, back.winner, back.turn) == (game.status, game.winner, game.turn)
    # the order found may end on another cell of the line, so the line may start elsewhere
    assert set(back.winning_line or ()) == set(game.winning_line or ())
    assert notation.format(back, sparse=sparse) == text
    assert notation.format(back) == notation.format(game)


def test_the_planes_are_written_between_bars_and_bands_between_double_bars() -> None:
    game = played([(1, 1, 1), (0, 0, 0)], (3, 3, 3), 3)
    assert notation.format(game) == "O../.../...|.../.X./...|.../.../... X 3x3x3 k3"
    assert notation.format(game, sparse=True) == "O0,0,0;X1,1,1 X 3x3x3 k3"
    four = played([(1, 0, 1, 1)], (2, 2, 2, 2), 2)
    assert notation.format(four) == "../..|../..||../.X|../.. O 2x2x2x2 k2"
    empty = SpaceGame((4, 4, 4), 4, players=3, exact=True)
    assert notation.format(empty, sparse=True) == "- X 4x4x4 k4 p3 x"
    misere = SpaceGame((3, 3, 3), misere=True)
    assert notation.format(misere).endswith(" X 3x3x3 k3 misere")
    wide = played([(0, 1, 12)], (2, 2, 14), 3)
    assert notation.format(wide, sparse=False) == "14/12X1|14/14 O 2x2x14 k3"


def test_a_parsed_position_is_a_game_that_goes_on() -> None:
    game = notation.parse("X..|...|...  O  3x1x3 k3")  # columns of one cell: rows of three
    assert isinstance(game, SpaceGame)
    assert game.shape == (3, 1, 3)
    assert game.turn is ttt.Mark.O
    assert game.move(2, 0, 2) is ttt.Status.IN_PROGRESS
    won = notation.parse("XXX/OO./...|.../.../...|.../.../... O 3x3x3 k3")
    assert isinstance(won, SpaceGame)
    assert won.winner is ttt.Mark.X
    assert set(won.winning_line or ()) == {(0, 0, 0), (0, 0, 1), (0, 0, 2)}
    assert won.moves[-1].cell in won.winning_line


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("X.. X 3x3x3 k3", r"do not fill a 3x3x3 board: 1 of 3 planes"),
        ("X../...|...|... O 3x3x3 k3", r"2 of 3 rows at \(0,\)"),
        ("X..|...|... O 3x3x3 k3", r"1 of 3 rows"),
        ("../..|../..|../.. X 2x2x2x2 k2", r"1 of 2 bands"),
        ("X...|...|... O 3x1x3 k3", r"is not 3 cells long"),
        ("- X 3x3x3 k3 gravity", "'gravity' is for a plane board, not 3x3x3"),
        ("- X 3x3x3 k3 renju", "'renju' is for a plane board, not 3x3x3"),
        ("- X 3x3x3 k3 misere x", r"'misere' is out of place: expected 'CELLS TURN AxBxC"),
        ("X9,9,9 O 3x3x3 k3", r"cell \(9, 9, 9\) is off the 3×3×3 board"),
        ("X1,1 O 3x3x3 k3", r"cell \(1, 1\) has 2 coordinates; the 3×3×3 board has 3"),
        ("X1,,1 O 3x3x3 k3", "'X1,,1' is not a mark and its cell, like X1,2,0"),
        ("X1,1,1,1 O 3x3x3 k3", r"has 4 coordinates; the 3×3×3 board has 3"),
        ("X1,1,1;O1,1,1 X 3x3x3 k3", r"the cell \(1, 1, 1\) is given twice"),
        ("X1,1,1 X 3x3x3 k3", "the turn says X but the marks say O moves next"),
        ("X1,1,1;X0,0,0 O 3x3x3 k3", "wrong number of marks"),
        ("Y1,1,1 O 3x3x3 k3", r"mark Y at \(1, 1, 1\) is not in a 2-player game"),
        ("- X 1000x1000x1000 k3", "more than 1,000,000 cells"),
        ("XXX/.../...|OOO/.../...|.../.../... X 3x3x3 k3", "no legal game reaches these marks"),
        ("- X 3x3x3", "is not a position: expected 'CELLS TURN AxBxC"),
    ],
)
def test_text_that_is_no_position_of_more_dimensions_is_refused(text: str, words: str) -> None:
    with pytest.raises(ttt.InvalidPosition, match=words):
        notation.parse(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("- X 3x3x3 k4", "k=4 must be between 1 and 3"),
        ("- X 3x3x3 k3 p9", "players=9 must be between 2 and 8"),
        ("- X 3x3x3 k3 p3 misere", "misère is for two players"),
        ("- X 3x3x0 k1", "every side must be at least 1"),
        ("- X 2x2x2x2x2x2x2 k2", "a board has 2 to 6 dimensions, not 7"),
    ],
)
def test_rules_no_game_of_more_dimensions_has_are_refused(text: str, words: str) -> None:
    with pytest.raises(ttt.InvalidGame, match=words):
        notation.parse(text)


def test_the_plane_form_is_read_as_before() -> None:
    game = notation.parse("X.O/.X./..O X 3x3 k3")
    assert isinstance(game, ttt.Game)
    assert notation.format(game) == "X.O/.X./..O X 3x3 k3"


# --- JSON records -------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32))
def test_json_gives_a_game_of_any_dimensions_back(rules: Rules, seed: int) -> None:
    game = random_game(rules, seed)
    names = tuple(f"player {i} ]\\[ \u00e9" for i in range(len(game.players)))
    record = records.SpaceRecord.from_game(game, names=names, played="2026-01-02")
    text = records.dumps(record, "json")
    data = json.loads(text)
    assert data["rules"]["shape"] == list(game.shape)
    assert "rows" not in data["rules"]
    assert data["moves"] == [list(move.cell) for move in game.moves]
    assert ('"exact": true' in text) is game.exact
    assert ('"misere": true' in text) is game.misere
    back = records.loads_any(text, "json")
    assert back == record
    assert isinstance(back, records.SpaceRecord)
    again = back.to_game()
    assert again.moves == game.moves
    assert (again.status, again.winner, again.winning_line) == (
        game.status,
        game.winner,
        game.winning_line,
    )
    assert records.dumps(back, "json") == text


def test_a_file_saves_and_loads_with_its_shape_on_one_line(tmp_path: Path) -> None:
    game = played(QUBIC_WIN)
    assert game.winner is ttt.Mark.X
    record = records.SpaceRecord.from_game(game, names=("ann", "bob"), played="2026-03-04")
    target = tmp_path / "qubic.json"
    records.save(record, target)
    text = target.read_text()
    assert '    "shape": [4, 4, 4],\n' in text
    assert '"moves": [[0, 0, 0], [1, 0, 0], [0, 1, 1],' in text
    assert '"winner": "X"' in text
    assert records.load_any(target) == record
    assert records.check_target(tmp_path / "next.json", game) == "json"


def test_the_plane_readers_refuse_a_game_of_more_dimensions_and_name_the_others(
    tmp_path: Path,
) -> None:
    target = tmp_path / "cube.json"
    records.save(records.SpaceRecord.from_game(SpaceGame((3, 3, 3))), target)
    with pytest.raises(ttt.RecordError, match=r"cube.json: a game on a 3×3×3 board, not a plane"):
        records.load(target)
    with pytest.raises(ttt.RecordError, match=r"<text>: a game on a 3×3×3 board.*loads_any"):
        records.loads(target.read_text(), "json")
    plane = records.Record.from_game(ttt.Game(), played="2026")
    assert records.loads_any(records.dumps(plane, "json"), "json") == plane


@pytest.mark.parametrize("fmt", ["psq", "sgf"])
def test_psq_and_sgf_refuse_a_game_of_more_dimensions(fmt: str, tmp_path: Path) -> None:
    game = played([(1, 1, 1)], (5, 5, 5), 5)
    record = records.SpaceRecord.from_game(game, played="2026")
    words = f"{fmt.upper()} holds games on a plane board, not on a 5×5×5 one: save the game as JSON"
    with pytest.raises(ttt.RecordError, match=re.escape(words)):
        records.dumps(record, fmt)
    with pytest.raises(ttt.RecordError, match=re.escape(f"game.{fmt}: {words}")):
        records.check_target(tmp_path / f"game.{fmt}", game)
    assert not (tmp_path / f"game.{fmt}").exists()


def edited(change: dict[str, object], moves: list[object] | None = None) -> str:
    """A good Qubic record as JSON, with the rules changed as ``change`` says."""
    record = records.SpaceRecord.from_game(played(QUBIC_WIN[:3]), played="2026")
    data = json.loads(records.dumps(record, "json"))
    data["rules"] |= change
    if moves is not None:
        data["moves"] = moves
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (edited({}, [[0, 0, 0], [0, 0, 0]]), r"moves\[1\]: move 2: cell \(0, 0, 0\) is taken"),
        (edited({}, [[0, 0, 0], [0, 0, 4]]), r"moves\[1\]: move 2: cell \(0, 0, 4\) is off"),
        (edited({}, [[0, 0]]), r"moves\[0\]: \[0, 0\], expected a list of 3 ints"),
        (edited({}, [[0, 0, "1"]]), r"moves\[0\]: \[0, 0, '1'\], expected a list of 3 ints"),
        (edited({"rows": 4, "cols": 4}), "rules.rows: a board has rows and cols or a shape"),
        (edited({"gravity": True}), "rules.gravity: True: that rule is for a plane board"),
        (edited({"torus": True}), "rules.torus: True: that rule is for a plane board"),
        (edited({"rule": "renju"}), "rules.rule: 'renju': that rule is for a plane board"),
        (edited({"shape": [4, 4, 0]}), r"rules.shape: \[4, 4, 0\], expected a list of 2 to 6"),
        (edited({"shape": [4]}), r"rules.shape: \[4\], expected a list of 2 to 6"),
        (edited({"shape": "4x4x4"}), r"rules.shape: '4x4x4', expected a list"),
        (edited({"shape": [1000, 1000, 1000]}), "a 1000×1000×1000 board is too big"),
        (edited({"shape": [2] * 7}), "expected a list of 2 to 6 positive ints"),
        (edited({"k": 9}), "rules: k=9 must be between 1 and 4"),
        (edited({"misere": True, "players": 3}), "rules: misère is for two players"),
        (edited({"exact": 1}), "rules.exact: 1, expected true or false"),
    ],
)
def test_a_bad_record_of_more_dimensions_is_refused_with_the_place(text: str, words: str) -> None:
    with pytest.raises(ttt.RecordError, match=words):
        records.loads_any(text, "json", source="cube.json")


def test_a_stated_result_the_moves_do_not_give_is_refused() -> None:
    data = json.loads(edited({}))
    data["result"] = {"status": "won", "winner": "X"}
    with pytest.raises(ttt.RecordError, match="field result: says"):
        records.loads_any(json.dumps(data), "json")


def test_a_space_record_with_fields_of_the_wrong_kind_is_not_written() -> None:
    good = records.SpaceRecord((3, 3, 3), 3, 2, ((1, 1, 1),))
    for bad, words in [
        (records.SpaceRecord((3, 3, 3), 3, 2, ((1, 1),)), "expected cells of 3 ints"),
        (records.SpaceRecord((3, "3", 3), 3, 2, ()), "shape: .*expected a tuple of ints"),  # type: ignore[arg-type]
        (records.SpaceRecord((3, 3, 3), 3, 2, (), exact=1), "exact: 1"),  # type: ignore[arg-type]
        (records.SpaceRecord((3, 3, 3), 3, 2, (), names=("a", "b", "c")), "3 names for a 2"),
    ]:
        with pytest.raises(ttt.RecordError, match=words):
            records.dumps(bad, "json")
    assert records.loads_any(records.dumps(good, "json"), "json") == good


def test_from_game_checks_what_it_is_given() -> None:
    with pytest.raises(ttt.WrongType, match="expected a SpaceGame, not Game"):
        records.SpaceRecord.from_game(ttt.Game())  # type: ignore[arg-type]
    with pytest.raises(ttt.WrongType, match="names must be a tuple of str"):
        records.SpaceRecord.from_game(SpaceGame((3, 3, 3)), names="ab")  # type: ignore[arg-type]
    record = records.SpaceRecord.from_game(SpaceGame((3, 3, 3)))
    assert record.played is not None
    assert record.new_game().shape == (3, 3, 3)


# --- pictures -----------------------------------------------------------------------------


def test_the_picture_draws_the_planes_with_the_last_move_and_the_line() -> None:
    game = played(QUBIC_WIN)
    picture = svg.board(game)
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg"
    title = root.find(f"{NS}title")
    assert title is not None
    assert title.text == notation.format(game)
    labels = [text.text for text in root.iter(f"{NS}text")]
    assert [label for label in labels if label and label.startswith("layer")] == [
        "layer 1",
        "layer 2",
        "layer 3",
        "layer 4",
    ]
    assert len(list(root.iter(f"{NS}line"))) == 4 * (5 + 5)  # each plane's grid
    assert len(list(root.iter(f"{NS}circle"))) == 3  # O's marks
    assert len(list(root.iter(f"{NS}path"))) == 4  # X's marks
    (stroke,) = root.iter(f"{NS}polyline")
    assert len(stroke.get("points", "").split()) == 4
    highlights = [rect for rect in root.iter(f"{NS}rect") if rect.get("fill") == "#ffe082"]
    assert len(highlights) == 1
    assert svg.board(game) == picture  # deterministic


def test_a_picture_of_four_dimensions_stacks_its_bands() -> None:
    game = played([(1, 0, 1, 1)], (2, 2, 2, 2), 2)
    root = ET.fromstring(svg.board(game, size=200))
    labels = [text.text for text in root.iter(f"{NS}text")]
    assert [label for label in labels if label and label.startswith("layer")] == [
        "layer 1,1",
        "layer 1,2",
        "layer 2,1",
        "layer 2,2",
    ]
    assert float(root.get("height", "0")) > float(root.get("width", "0")) / 2
    bare = ET.fromstring(svg.board(game, coordinates=False))
    assert not list(bare.iter(f"{NS}text"))


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from(RULES), seed=st.integers(0, 2**32))
def test_every_picture_of_more_dimensions_is_valid_xml(rules: Rules, seed: int) -> None:
    game = random_game(rules, seed)
    root = ET.fromstring(svg.board(game, size=300))
    assert root.get("width") == "300"
    assert bool(list(root.iter(f"{NS}polyline"))) is (game.winning_line is not None)


def test_a_board_of_too_many_planes_is_not_drawn() -> None:
    with pytest.raises(ttt.InvalidArgument, match=r"has 4,096 planes: too many to draw"):
        svg.board(SpaceGame((8, 8, 8, 8, 2, 2)))
