"""Deck variants and other options side by side: exact odds and simulated outcomes.

May import every layer below, decide included.
"""
