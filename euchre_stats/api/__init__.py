"""The public face: every question the command line answers, as one Python function each.

The functions take what a player types at the command line -- cards as text
(``"Jh Jd Ah 9s Tc"``), seats by name (``"eldest"``, ``"dealer"``, ``1``-``4``), a rules
preset name (or a :class:`~euchre_stats.rules.Rules`, a dict or JSON of options) -- and
return the library's result types, which know their own forms: ``to_dict()`` (the
command line's JSON), ``to_frame()`` (its CSV, as a pandas DataFrame), ``to_text()`` (its
table), ``plot(ax=None)`` (a matplotlib Axes) and ``_repr_html_`` (Jupyter).  Each command
of ``euchre-stats`` calls exactly one of these functions and prints its result, so a
notebook and the command line give the same numbers for the same seed.

They live by concern: :mod:`.questions` (one hand's questions: ``order``, ``call``,
``discard``, ``lead``, ``alone``), :mod:`.studies` (``solve``, ``odds``, ``variants``,
``advise``, ``table``) and :mod:`.matches` (``equity``, ``match``, ``play``), all reading their
arguments through :mod:`.inputs`; every one is importable from here
(``from euchre_stats.api import order``).

This is the top layer: it may import every layer below and nothing imports it but the
package's ``__init__`` (lazily) and the command line.  The heavy layers (numba, pandas)
are imported inside the functions, so importing this package stays quick.
"""

from __future__ import annotations

# the default decks (the command line's help names them) and the argument types, importable from here as before
from .inputs import ALL_DECKS, NO_JOKER_DECKS, Progress, RulesLike  # noqa: F401
from .matches import equity, match, play
from .questions import alone, call, discard, lead, order
from .studies import advise, odds, solve, table, variants

__all__ = ["advise", "alone", "call", "discard", "equity", "lead", "match", "odds", "order", "play", "solve", "table",
           "variants"]
