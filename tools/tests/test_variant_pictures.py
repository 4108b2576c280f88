"""``tools/variant_pictures.py``: each picture shows its variant's game, ended as described."""

from __future__ import annotations

import variant_pictures


def test_each_picture_is_titled_by_its_game_and_its_rule() -> None:
    found = variant_pictures.pictures()
    assert {"connect-four.svg", "torus.svg", "misere.svg"} <= found.keys()
    titles = {name: text.split("<title>")[1].split("</title>")[0] for name, text in found.items()}
    assert titles["connect-four.svg"].endswith(" 6x7 k4 gravity")
    assert titles["torus.svg"].endswith(" 4x5 k3 torus")
    assert titles["misere.svg"].endswith(" 3x3 k3 misere")
    assert "..XXXX." in titles["connect-four.svg"]  # the bottom row's four
