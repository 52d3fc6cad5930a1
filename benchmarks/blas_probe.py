"""Eldest's warm order with and without numba's BLAS probe, alternated in fresh processes (issue 33).

    python benchmarks/blas_probe.py [PAIRS]

old: ``numba.np.arraymath`` imported first, as numba imports it (its probe imports scipy.linalg), which makes
``core/numba_load.py``'s guard a no-op; new: as shipped.  Prints each run's wall, the median CPU (children's
rusage), and whether the outputs are the same.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time

CMD = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--seed", "1"]
CODE = {"old": "import numba.np.arraymath\n", "new": ""}
RUN = "import sys\nfrom euchre_stats.cli.main import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    res: dict[str, list[tuple[float, float]]] = {"old": [], "new": []}
    outs: dict[str, str] = {}
    for _ in range(pairs):
        for mode in ("old", "new"):
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            p = subprocess.run([sys.executable, "-c", CODE[mode] + RUN, *CMD], capture_output=True, text=True)
            wall = time.perf_counter() - t0
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            res[mode].append((wall, (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)))
            outs.setdefault(mode, p.stdout)
    for mode in ("old", "new"):
        walls = [w for w, _ in res[mode]]
        cpus = [c for _, c in res[mode]]
        print(f"{mode}: wall {', '.join(f'{w:.2f}' for w in walls)} (median {statistics.median(walls):.2f} s); "
              f"CPU median {statistics.median(cpus):.2f} s")
    print("same output:", outs["old"] == outs["new"])


if __name__ == "__main__":
    main()
