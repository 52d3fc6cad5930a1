"""Output: atomic file writes and matplotlib figures (Agg).

Imports only :mod:`euchre_stats.core`; it knows nothing of games, only of bytes and figures.
"""
