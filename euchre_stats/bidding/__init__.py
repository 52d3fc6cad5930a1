"""Bidding: the hand-strength model and its kernels, the rest of an auction, and self-play tuning.

May import core, rules, the solver, sampling and play.
"""
