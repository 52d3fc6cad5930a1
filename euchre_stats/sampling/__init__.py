"""Sampling: the constrained dealer (uniform deals consistent with what a player knows),
world samples for play, and the seeds and fixed chunks every stochastic run uses.

May import core and rules.  No I/O.
"""
