"""Bidding: the hand-strength model and its kernels, the rest of an auction, and self-play tuning.

May import core, rules, the solver, sampling and play.
"""

from . import model_v2 as _model_v2  # noqa: F401  (registers the feature bidder: ``shipped-v2``, its files)
from . import table_model as _table_model  # noqa: F401  (registers the table bidder: ``shipped-table``)
