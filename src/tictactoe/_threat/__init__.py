"""The threat-space search bot's private parts: its board, its searches, its move's stages.

:mod:`~tictactoe._threat.patterns` classifies one line around a cell; :mod:`.scoring`
turns a cell's four lines into its threat class and value; :mod:`.board` keeps those up to
date move by move (:class:`~tictactoe._threat.board.PatternBoard`); :mod:`.tactics` proves
wins by continuous fours (VCF) and by fours and threes (VCT); :mod:`.search` is the main
alpha-beta search. :mod:`.thinking` runs one move's stages in order, :mod:`.defence` keeps
the moves that hold against the rival's threats, and :mod:`.stages` shares the move's time
out among them. Every tuning number is a field of :class:`~tictactoe._threat.params.Params`.
The public face is :class:`tictactoe.threat.ThreatBot`.
"""
