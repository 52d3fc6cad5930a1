"""The exact game: the hand state machine, simple policies, and hand records (review).

May import core, rules, sampling and the solver.  No analysis lives here.
"""
