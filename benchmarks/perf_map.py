"""Name numba's compiled functions for ``perf``: eldest's ``order`` profiled by function of the kernels.

``perf record`` samples the kernels' machine code, which numba made in memory: ``perf report`` shows bare
addresses.  This script compiles the realistic kernels in its own process (so ``NUMBA_CACHE_DIR`` must be an
empty folder: kernels loaded from numba's cache keep no list of their functions), writes every compiled
function's address to ``/tmp/perf-PID.map`` (the file ``perf report`` reads for code made at run time), then
plays the question::

    NUMBA_CACHE_DIR=$(mktemp -d) EUCHRE_STATS_COMPILE_HELPER=0 NUMBA_NUM_THREADS=1 \\
        perf record -F 1000 -o perf.data python benchmarks/perf_map.py --seat eldest --n 30000
    perf report -i perf.data --no-children --sort dso,symbol | grep JIT

A function's size in the map is the distance to the next one, so code LLVM placed between two functions
counts to the first.  Functions inlined into others count to them (``_play_row`` to ``play_batch``, the
search to ``_evaluate_best_first``).  The first-compile's Python dominates the whole profile; the
``[JIT]`` rows are the play (docs/performance.md, "The garbage collector's walks, and a reference count per
table read").
"""

from __future__ import annotations

import argparse
import os
import re
import sys


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seat", default="eldest")
    ap.add_argument("--n", type=int, default=30000, help="deals played after the map is written")
    a = ap.parse_args(argv)
    if "NUMBA_CACHE_DIR" not in os.environ:
        sys.exit("set NUMBA_CACHE_DIR to an empty folder: kernels loaded from a cache have no list of functions")
    import euchre_stats as es
    from euchre_stats.engine import realistic as kernels

    es.order("Jh Jd Ah 9s Tc", up="9h", seat=a.seat, samples=50, seed=2, workers=1)  # compiles them here
    entries: list[tuple[int, str]] = []
    seen: set[int] = set()
    for name in dir(kernels):
        disp = getattr(kernels, name)
        for cres in getattr(disp, "overloads", {}).values():
            lib = cres.library
            if id(lib) in seen:
                continue
            seen.add(id(lib))
            try:
                functions = list(lib._final_module.functions)
            except Exception:  # loaded from a cache: no module kept
                continue
            for f in functions:
                if not f.is_declaration:
                    entries.append((lib.get_pointer_to_function(f.name), re.sub(r"B\d+v\d+B.*", "", f.name)))
    entries = sorted(e for e in entries if e[0])
    if not entries:
        sys.exit("no compiled function found: was NUMBA_CACHE_DIR empty?")
    with open(f"/tmp/perf-{os.getpid()}.map", "w") as fh:
        for i, (addr, fname) in enumerate(entries):
            size = min(entries[i + 1][0] - addr if i + 1 < len(entries) else 4096, 1 << 20)
            fh.write(f"{addr:x} {size:x} {fname}\n")
    print(f"{len(entries)} functions in /tmp/perf-{os.getpid()}.map", file=sys.stderr)
    es.order("Jh Jd Ah 9s Tc", up="9h", seat=a.seat, samples=a.n, seed=1, workers=1)


if __name__ == "__main__":
    main()
