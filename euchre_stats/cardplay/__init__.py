"""Contracts and how they are played and scored: double-dummy (``dd``) and realistic (``pimc``) play.

May import core, rules, the solver and sampling.
"""

#: worlds sampled per decision by default (see docs/methods.md, "Realistic play"); it lives here, not in
#: :mod:`.realistic`, so the command line can show it without loading numba and the kernels
DEFAULT_WORLDS = 24
