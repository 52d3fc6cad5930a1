"""Studies of whole decks and tables side by side: exact odds and simulated outcomes (what
``odds`` and ``variants`` answer).

May import every layer below, decide included.
"""
