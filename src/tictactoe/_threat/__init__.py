"""The threat-space search bot's private parts: line patterns, a search board, searches.

:mod:`~tictactoe._threat.patterns` classifies one line around a cell; :mod:`.board` keeps
those classes up to date move by move; :mod:`.tactics` proves wins by continuous fours (VCF)
and by fours and threes (VCT); :mod:`.search` is the main alpha-beta search. The public face
is :class:`tictactoe.threat.ThreatBot`.
"""
