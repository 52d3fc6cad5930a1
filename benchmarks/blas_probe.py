"""Eldest's warm order with and without numba's BLAS probe, alternated in fresh processes (issue 33).

    python benchmarks/blas_probe.py [PAIRS]

old: ``numba.np.arraymath`` imported first, as numba imports it (its probe imports scipy.linalg), which makes
``core/numba_load.py``'s guard a no-op; new: as shipped.  Prints each run's wall, the median CPU (children's
rusage), and whether the outputs are the same.
"""
import resource, statistics, subprocess, sys, time
CMD = ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--seed", "1"]
CODE = {"old": "import numba.np.arraymath\n", "new": ""}
RUN = "import sys\nfrom euchre_stats.cli.main import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
res = {"old": [], "new": []}
outs = {}
for i in range(n):
    for mode in ("old", "new"):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        p = subprocess.run([sys.executable, "-c", CODE[mode] + RUN, *CMD], capture_output=True, text=True)
        wall = time.perf_counter() - t0
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        res[mode].append((wall, cpu))
        outs.setdefault(mode, p.stdout)
for mode in ("old", "new"):
    w = [x[0] for x in res[mode]]; c = [x[1] for x in res[mode]]
    print(f"{mode}: wall {', '.join(f'{x:.2f}' for x in w)} (median {statistics.median(w):.2f} s); "
          f"CPU median {statistics.median(c):.2f} s")
print("same output:", outs["old"] == outs["new"])
