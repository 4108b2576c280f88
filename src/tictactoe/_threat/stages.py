"""One move's time and nodes, shared out among the stages of the bot's thought.

Each stage (a threat search, the defence's check, the main search) may use the move's budget
up to a share of it (:class:`~tictactoe._threat.params.Params`: ``vcf_share`` and the
others): it gets a :class:`~tictactoe._threat.tactics.Budget` whose deadline and node limit
end where that share does, and its nodes count to the move's. A threat stage ends quietly
when its budget runs out; a search inside it may have an allowance of its own
(:func:`allowance`), which ends that search alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from tictactoe._threat.board import PatternBoard
from tictactoe._threat.params import Params
from tictactoe._threat.tactics import Budget, BudgetSpent, Proofs, ThreatSearch

__all__ = ["Stages", "allowance"]


class Stages:
    """One move's board, clock and node count, and what the searches keep, for its stages.

    Args:
        board: the position, with the side to move on it.
        params: the bot's tuning.
        proofs: what the threat searches found, shared by them all (and kept by the bot).
        clock: the time source, in seconds.
        started: the clock's reading when the move began.
        deadline: the clock's reading by which the move must be chosen; None for none.
        nodes: the most nodes the move may visit; None for no limit.
    """

    def __init__(
        self,
        board: PatternBoard,
        params: Params,
        proofs: Proofs,
        clock: Callable[[], float],
        started: float,
        deadline: float | None,
        nodes: int | None,
    ) -> None:
        self.board = board
        self.params = params
        self.proofs = proofs
        self.clock = clock
        self.started = started
        self.deadline = deadline
        self.limit = nodes
        self.nodes = 0
        """The nodes the stages that ended have visited."""

    def budget(self, share: float, spent: int = 0) -> Budget:
        """The budget of a stage that may use up ``share`` of the move's time and nodes.

        ``spent`` is the nodes a stage in progress has visited, not yet in :attr:`nodes`.
        """
        deadline = None
        if self.deadline is not None:
            deadline = self.started + (self.deadline - self.started) * share
        nodes = None
        if self.limit is not None:
            nodes = max(1, round(self.limit * share) - self.nodes - spent)
        return Budget(self.clock, deadline, nodes)

    @contextmanager
    def threat_stage(self, share: float) -> Iterator[ThreatSearch]:
        """A threat search on the budget of a stage that may use up ``share`` of the move.

        The stage ends quietly when its budget runs out, and its nodes count to the move's.
        """
        budget = self.budget(share)
        try:
            yield ThreatSearch(self.board, budget, self.proofs)
        except BudgetSpent:
            pass
        finally:
            self.nodes += budget.nodes


@contextmanager
def allowance(budget: Budget, nodes: int) -> Iterator[Budget]:
    """A budget of at most ``nodes`` of ``budget``'s, for a search that may stop short.

    The search ends quietly when those nodes run out; when ``budget`` itself runs out (its
    clock or its own nodes), :class:`~tictactoe._threat.tactics.BudgetSpent` goes on up.
    The nodes count to ``budget``. The clock is read again only when the nodes ran out: a
    deadline met before that is known without it (and on a budget of a few clock ticks,
    each read counts).
    """
    left = None if budget.limit is None else budget.limit - budget.nodes
    trial = Budget(budget.clock, budget.deadline, nodes if left is None else min(nodes, left))
    try:
        yield trial
    except BudgetSpent:
        if trial.limit != nodes or trial.nodes < nodes or trial.is_late():
            raise
    finally:
        budget.nodes += trial.nodes
