"""The compiled engine: every numba kernel of play, in one private layer below :mod:`euchre_stats.solver`
and :mod:`euchre_stats.cardplay`.

- :mod:`.search`: the four-seat double-dummy search (the bit layout of a hand, the transposition
  table, the solver's batches) and the helpers every kernel shares (bit scans, card classes);
- :mod:`.search_seats`: the N-seat search (two-, three- and six-handed, the doubled pack);
- :mod:`.realistic`: the realistic player's kernels at four seats (choosing by points);
- :mod:`.realistic_seats`: the same at N seats;
- :mod:`.worlds`: the world sampler both realistic kernels share (the random streams, the mover's
  knowledge, the exact count of consistent deals);
- :mod:`.choice`: the steps of one decision both share (classes of equal cards, point targets,
  the best-first bookkeeping, the best class).

Only :mod:`euchre_stats.solver`, :mod:`euchre_stats.cardplay` and the benchmarks import this package
(the layers contract in ``pyproject.toml`` forbids everyone else); they wrap its kernels in
validated functions.  Nothing here checks its input.
"""

from ..core.numba_load import skip_blas_probe

skip_blas_probe()   # before any kernel loads: numba without scipy's BLAS probe (core/numba_load.py)
