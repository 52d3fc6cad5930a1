"""Where realistic play's `order` spends its time: the realistic kernel's counters per decision.

Runs ``es.order("Jh Jd Ah 9s Tc", up="9h", seat=SEAT, samples=N, seed=1, workers=1)`` once warm (after
200 deals), with ``cardplay.realistic._run`` wrapped to sum the kernel's counters (``stats``) and time
its calls, and prints per play-out and per valued decision: worlds, band walks, probes of the search,
nodes, and the CPU of the kernel a decision and a node.  One thread (``NUMBA_NUM_THREADS=1`` is set
here).  Another checkout is measured with ``PYTHONPATH`` (run with ``python -P``)::

    python -P benchmarks/decision_profile.py --seat eldest --n 2000
    PYTHONPATH=/tmp/old python -P benchmarks/decision_profile.py --seat dealer --n 1000
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("NUMBA_NUM_THREADS", "1")

import numpy as np  # noqa: E402

NAMES = ("nodes", "table_probes", "table_hits", "decisions", "forced", "worlds", "probes", "exact", "bands",
         "cached")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seat", default="eldest")
    ap.add_argument("--n", type=int, default=2000, help="deals")
    a = ap.parse_args(argv)
    import euchre_stats as es
    from euchre_stats.cardplay import realistic as R
    from euchre_stats.engine import realistic as K

    es.order("Jh Jd Ah 9s Tc", up="9h", seat=a.seat, samples=200, seed=2, workers=1)
    total = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    calls = {"n": 0, "rows": 0, "cpu": 0.0}
    original = R._run

    def run(*args, **kw):
        st = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
        kw["stats"] = st
        c = time.process_time()
        r = original(*args, **kw)
        calls["cpu"] += time.process_time() - c
        calls["n"] += 1
        calls["rows"] += args[1].shape[0]
        total[:] += st
        return r

    R._run = run
    try:
        c = time.process_time()
        es.order("Jh Jd Ah 9s Tc", up="9h", seat=a.seat, samples=a.n, seed=1, workers=1)
        cpu = time.process_time() - c
    finally:
        R._run = original
    d = dict(zip(NAMES, total.tolist()))
    rows = calls["rows"]
    valued = d["decisions"] - d["cached"]
    print(f"seat {a.seat}: {a.n} deals, {cpu:.2f} CPU-s, in the realistic kernel {calls['cpu']:.2f} "
          f"({100 * calls['cpu'] / cpu:.0f}%), {calls['n']} calls, {rows / a.n:.1f} play-outs a deal")
    print(f"a play-out: decisions {d['decisions'] / rows:.2f} (of them from the table of decisions made "
          f"{d['cached'] / rows:.2f}), forced {d['forced'] / rows:.2f}")
    print(f"a valued decision: worlds {d['worlds'] / valued:.1f}, (class, world) band walks "
          f"{d['bands'] / valued:.1f}, probes {d['probes'] / valued:.1f}, nodes {d['nodes'] / valued:.0f} "
          f"({d['nodes'] / d['probes']:.1f} a probe); kernel CPU {1e6 * calls['cpu'] / valued:.1f} us a decision, "
          f"{1e9 * calls['cpu'] / d['nodes']:.1f} ns a node")
    print(d)


if __name__ == "__main__":
    main()
