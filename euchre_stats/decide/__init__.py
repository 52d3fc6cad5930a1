"""The questions players ask of one hand: order up, round-two calls, the discard, the lead.

May import every layer below (core, rules, solver, sampling, play, bidding).  Prints nothing.
"""
