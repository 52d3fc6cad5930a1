"""Benchmarks, not analyses: the solver and realistic play timed (``euchre-stats bench``), and the
plain-Python realistic player kept as their baseline (:mod:`.pimc`).

The top of the library beside :mod:`euchre_stats.api`: may import every layer below; no analysis
imports it.
"""
