"""A Gomocup ("Piskvork") brain: five in a row, freestyle, played by the ThreatBot.

Run it as ``pbrain-tictactoe`` or ``python -m tictactoe.brain``; a tournament manager then
speaks the protocol on its stdin and stdout. :class:`Brain` is the pure core, one line in and
the reply lines out; :func:`main` is the shell around it.

>>> from tictactoe.limits import Limit
>>> brain = Brain(limit=Limit(seconds=5.0, nodes=50), seed=1)
>>> brain.handle("START 15")
['OK']
>>> message, move = brain.handle("BEGIN")
>>> move
'7,7'
>>> message.split()[:2]
['MESSAGE', 'opening']
"""

from tictactoe.brain._choosers import ThreatChooser, threat_chooser
from tictactoe.brain._protocol import ABOUT, Brain, Chooser, heuristic_chooser
from tictactoe.brain._shell import main, read_lines, serve

__all__ = [
    "ABOUT",
    "Brain",
    "Chooser",
    "ThreatChooser",
    "heuristic_chooser",
    "main",
    "read_lines",
    "serve",
    "threat_chooser",
]
