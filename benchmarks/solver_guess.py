"""Fit the weights of the solver's first guess (``engine/search.py``, ``GUESS_*``) to the fewest nodes.

The solver finds a deal's tricks by zero-window probes walking one trick at a time from a first guess
(``_guess``, ``_value``); the guess changes the nodes searched, never the answer.  This script deals
``--n`` random full deals (``random_positions(n, --seed)``, one thread, the two- and three-trick tables in use),
counts each deal's nodes with every first guess 0..5, and the terms of the guess's score (each the
difference between side 0 and side 1, in the order of the weights below).  Then a coordinate descent
from the shipped weights picks integer weights and the rounding that minimise the nodes summed over
the deals, and prints them with the nodes a deal on the fitting deals and on ``--test-seed``'s deals
(the benchmark's: ``random_positions(100000, 1)``), for the shipped weights and the fitted ones.

    python benchmarks/solver_guess.py --n 400000 --seed 11 --test-seed 1
"""

from __future__ import annotations

import argparse

import numpy as np
from numba import njit

from euchre_stats import solver
from euchre_stats.engine import search as S
from euchre_stats.sampling.deals import random_positions

NAMES = ("GUESS_TRUMP", "GUESS_LONG", "GUESS_LEAD", "GUESS_TOP", "GUESS_VOID", "GUESS_TOP_TRUMP", "GUESS_TOP_TWO")


@njit(cache=False)
def _terms(h0, h1, h2, h3, seat, out):
    """The terms of :func:`euchre_stats.engine.search._guess` (a trump suit), one per weight of ``NAMES``."""
    u = h0 | h1 | h2 | h3
    s0 = h0 | h2
    p0 = S._popcount(h0 & S.TRUMP)
    p1 = S._popcount(h1 & S.TRUMP)
    p2 = S._popcount(h2 & S.TRUMP)
    p3 = S._popcount(h3 & S.TRUMP)
    out[0] = p0 + p2 - p1 - p3
    out[1] = max(p0, p2) - max(p1, p3)
    out[2] = 1 if (seat & 1) == 0 else -1
    out[3] = 0
    out[4] = 0
    for sm in (S.SLOT0, S.SLOT1, S.SLOT2):
        x = u & sm
        if x:
            out[3] += 1 if S._hibit(x) & s0 else -1
        out[4] += ((1 if (h0 & sm) == 0 else 0) + (1 if (h2 & sm) == 0 else 0)
                   - (1 if (h1 & sm) == 0 else 0) - (1 if (h3 & sm) == 0 else 0))
    t = u & S.TRUMP
    out[5] = 0
    out[6] = 0
    if t:
        top = S._hibit(t)
        out[5] = 1 if top & s0 else -1
        out[6] = out[5]
        t ^= top
        if t:
            out[6] += 1 if S._hibit(t) & s0 else -1


@njit(cache=False)
def _nodes(hands, trump, leader, first, tt, tt2, tt3, st, stk, bitpos, nodes, terms):
    """Each deal's nodes with the first guess ``first`` (its terms too)."""
    for i in range(hands.shape[0]):
        h0 = S._to_layout(hands[i, 0], trump[i], bitpos)
        h1 = S._to_layout(hands[i, 1], trump[i], bitpos)
        h2 = S._to_layout(hands[i, 2], trump[i], bitpos)
        h3 = S._to_layout(hands[i, 3], trump[i], bitpos)
        seat = leader[i]
        _terms(h0, h1, h2, h3, seat, terms[i])
        before = st[0]
        S._value(tt, tt2, tt3, st, stk, h0, h1, h2, h3, seat, 0, 4, 0b00111001, 0, 0, seat, 0, 5, 0, 5, first, S.TRUMP)
        nodes[i] = st[0] - before


def measure(n: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``(nodes (6, n), terms (n, 7))``: the nodes of each deal with each first guess 0..5."""
    hands, trump, leader = random_positions(n, seed)
    two = solver._two_endings(S)
    three = solver._three_endings(S)
    nodes = np.zeros((6, n), dtype=np.int64)
    terms = np.zeros((n, len(NAMES)), dtype=np.int64)
    for g in range(6):
        tt = np.zeros(2 << solver.TT_BITS, dtype=np.int64)
        tt2 = np.zeros((1 << S.TT2_BITS) + two.shape[0], dtype=np.int64)
        tt2[1 << S.TT2_BITS:] = two
        st = np.zeros(S.NUM_STATS, dtype=np.int64)
        stk = np.zeros((S.MAX_DEPTH, S.NUM_FIELDS), dtype=np.int64)
        _nodes(hands.astype(np.int64), trump, leader, g, tt, tt2, three, st, stk, S.BITPOS, nodes[g], terms)
    return nodes, terms


def cost(w: np.ndarray, rnd: int, nodes: np.ndarray, terms: np.ndarray) -> float:
    """Nodes a deal with weights ``w`` and rounding ``rnd`` (the guess of ``_guess``, five tricks left)."""
    g = np.clip((5 * 8 + terms @ w + rnd) >> 4, 0, 5)
    return float(nodes[g, np.arange(g.shape[0])].mean())


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=400_000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--test-seed", type=int, default=1)
    a = ap.parse_args(argv)
    nodes, terms = measure(a.n, a.seed)
    tnodes, tterms = measure(100_000, a.test_seed)
    w = np.array([getattr(S, k) for k in NAMES], dtype=np.int64)
    rnd = S.GUESS_ROUND
    print(f"shipped: {cost(w, rnd, nodes, terms):.2f} nodes a deal (fit), {cost(w, rnd, tnodes, tterms):.2f} (test)")
    best = cost(w, rnd, nodes, terms)
    improved = True
    while improved:
        improved = False
        for j in range(len(NAMES) + 1):
            for step in (-3, -2, -1, 1, 2, 3):
                w2, r2 = w.copy(), rnd
                if j == len(NAMES):
                    r2 += step
                else:
                    w2[j] += step
                c = cost(w2, r2, nodes, terms)
                if c < best - 1e-9:
                    best, w, rnd, improved = c, w2, r2, True
    print("fitted: " + ", ".join(f"{k} = {v}" for k, v in zip(NAMES, w.tolist())) + f", GUESS_ROUND = {rnd}")
    print(f"fitted: {best:.2f} nodes a deal (fit), {cost(w, rnd, tnodes, tterms):.2f} (test); "
          f"the best first guess of each deal: {nodes.min(axis=0).mean():.2f} (fit), "
          f"{tnodes.min(axis=0).mean():.2f} (test)")


if __name__ == "__main__":
    main()
