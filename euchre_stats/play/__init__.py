"""Contracts and how they are played and scored: double-dummy (``dd``) and realistic (``pimc``) play.

May import core, rules, the solver and sampling.
"""
