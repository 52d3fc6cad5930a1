"""The realistic kernel's first compile on two cores: a helper process compiles its valuation.

The four-seat realistic kernel (:func:`euchre_stats.engine.realistic.play_batch`) compiles as a tree:
numba compiles each function the first time its caller's compile reaches it, on one thread.  Its
two big branches are independent: the best-first valuation (``_evaluate_best_first`` with the
double-dummy search inlined, about 4.4 CPU-seconds) and everything else below the per-deal loop (the
world sampler, the decision steps, the work arrays: about 4 CPU-seconds, reached first).  So when the
kernel will compile, :func:`prefetch` starts a helper process
(:func:`euchre_stats.core.compiling.start_helper`) that compiles the valuation alone, with the
argument types ``_play_row`` calls it with (:func:`valuation_signature`), into a private cache folder,
while this process compiles the rest; this process then loads the helper's valuation
(:func:`~euchre_stats.core.compiling.borrow`) and compiles the level above it (the entry point, with the
chunk loop and ``_play_row`` inlined into it: about 2 CPU-seconds that nothing can share; 7 when the
chunks were numba's parallel loop).  Nothing of the kernel changes: the same code compiled by the same
numba, loaded instead of compiled twice.

:func:`valuation_signature` mirrors the call in ``engine/realistic.py``'s ``_play_row``; if that call
changes, this process no longer finds the helper's copy and compiles the valuation itself (correct,
only slower), and ``tests/cardplay/test_warm.py`` fails until the signature here is updated.
"""

from __future__ import annotations

from ..core import compiling
from ..engine import realistic as _k

#: the valuation's copy compiled by the helper (the trump copy: ``TRUMP`` as the literal slot mask)
JOB = f"{__name__}:compile_valuation"
#: the first compile of a four-seat question's kernel with the helper on two idle cores (seconds): the
#: compile notice's estimate (:data:`euchre_stats.cardplay.realistic.COMPILE_SECONDS` without it)
HELPED_SECONDS = 9


def valuation_signature(tm: int = _k.TRUMP) -> tuple:
    """The argument types of ``_evaluate_best_first`` as ``_play_row`` calls it (``tm`` the literal mask)."""
    from numba import types

    i64 = types.int64
    a1 = types.Array(i64, 1, "C")
    a2 = types.Array(i64, 2, "C")
    best_first = types.Tuple((a1, types.Array(types.boolean, 2, "C"), a1, a1))
    # tt, tt2, tt3, st, stk, wh, m, seat, pos, na, nxt, lead, win, wseat, table, nc, rep, low, targets, nt, tvals,
    # sums, alive, bf, counts, tm
    return (a1, a1, a1, a1, a2, a2) + (i64,) * 10 + (a1, a1, a1, i64, a1, a1, a1, best_first, a1, types.literal(tm))


def compile_valuation() -> list:
    """The helper's job: compile the valuation's trump copy (cached in the helper's folder)."""
    _k._evaluate_best_first.compile(valuation_signature())
    return [_k._evaluate_best_first]


def prefetch() -> bool:
    """If the four-seat realistic kernel (its trump copy) will compile in this process, start the helper
    compiling its valuation, once a process.  Returns whether it started."""
    kernel, valuation = _k.play_batch, _k._evaluate_best_first
    if not compiling.will_compile(kernel) or not compiling.can_borrow(valuation):
        return False
    helper = compiling.start_helper(JOB)
    if helper is None:
        return False
    compiling.borrow(valuation, valuation_signature(), helper)
    compiling.helped(kernel, HELPED_SECONDS)
    return True


__all__ = ["HELPED_SECONDS", "JOB", "compile_valuation", "prefetch", "valuation_signature"]
