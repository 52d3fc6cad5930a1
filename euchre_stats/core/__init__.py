"""The core layer: cards and hand bitmasks, decks, trump order and trick logic, seats, errors, statistics.

Imports nothing else from euchre_stats; every other layer may import it.  No I/O.
"""
