"""The tactics suite of ``data/tactics/suite.txt``: positions whose answers a prover found.

Each problem is a 20×20 five-in-a-row position with X to move, its kind (``vcf``, ``vct``:
X wins by fours, or by fours and threes; ``vcf-defence``, ``vct-defence``: X must stop the
rival's win), the depth in threats, and every answer as a cell label such as ``j9``.
"""

from __future__ import annotations

from dataclasses import dataclass

import tictactoe as ttt
from support import DATA
from support.threat_oracle import Stones

SUITE = DATA / "tactics" / "suite.txt"


@dataclass(frozen=True)
class Problem:
    name: str
    kind: str
    depth: int
    answers: frozenset[str]
    rows: str

    def game(self) -> ttt.Game:
        return ttt.Game.from_rows(self.rows.split("/"), k=5)

    def stones(self) -> Stones:
        game = self.game()
        owner = {mark: number for number, mark in enumerate(game.players, 1)}
        cells = {move.cell: owner[move.mark] for move in game.moves}
        assert game.rows is not None
        assert game.cols is not None
        return Stones(cells, game.rows, game.cols, game.k)


def problems() -> list[Problem]:
    found = []
    for line in SUITE.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, kind, depth, answers, rows = line.split()
        found.append(Problem(name, kind, int(depth), frozenset(answers.split(",")), rows))
    return found


PROBLEMS = problems()
