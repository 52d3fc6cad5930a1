"""Start-up cost of the command line: CPU-seconds and the modules each quick path imports.

Each command runs ``euchre_stats.cli.main.main(ARGS)`` in a fresh interpreter (what the
``euchre-stats`` script does), ``--repeat`` times; the figures are the whole process's CPU
(user + system, from ``resource.getrusage(RUSAGE_CHILDREN)``) and wall time, interpreter start
included, best and median, and which heavy modules ended up in ``sys.modules``.  Output goes
to ``os.devnull`` so the terminal costs nothing.  Each command runs once untimed first (the file
cache, and numba's cache for a command that runs a kernel).  Another version of the code is
measured by putting it first on ``PYTHONPATH`` (a tree with ``euchre_stats/cli`` linked to its
``cli``); ``source`` in the output names the folder the package came from.  Python may write
bytecode (``PYTHONDONTWRITEBYTECODE`` is dropped, as ``pip install`` compiles it): without it every
module of the package is compiled from source at each start, about 0.1 CPU-s more
(``--no-bytecode`` keeps the variable as it is).

    python benchmarks/startup.py --repeat 5
    python benchmarks/startup.py --repeat 5 --table RUN_DIR   # also advise from a run directory's table

``--table`` adds ``advise "Jh Jd Kh As 9c" --up 9h --seat dealer --table RUN_DIR`` (a full-size one is made
by ``benchmarks/advise_run_dir.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

COMMANDS = {
    "--help": ["--help"],
    "order --help": ["order", "--help"],
    "--version": ["--version"],
    "parse error": ["order", "Zz", "--up", "9h", "--seat", "eldest"],
    "odds --deck 24": ["odds", "--deck", "24"],
    "advise (table)": ["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"],
}

#: the heavy packages, and the compiled kernels' modules (any ``euchre_stats`` module whose name ends so)
HEAVY = ("numba", "pandas", "pyarrow", "scipy", "matplotlib", "numpy")

PROBE = r"""
import json, sys
from euchre_stats.cli.main import main
try:
    main(json.loads(sys.argv[1]))
except SystemExit:
    pass
mods = list(sys.modules)
heavy = [h for h in json.loads(sys.argv[2]) if h in sys.modules]
kernels = sorted(m for m in mods if m.startswith("euchre_stats.") and
                 (m.endswith("_kernels") or m.endswith("_seats") or m == "euchre_stats.solver"))
import euchre_stats
with open(sys.argv[3], "w") as fh:
    json.dump({"modules": len(mods), "heavy": heavy, "kernels": kernels,
               "source": euchre_stats.__file__.rsplit("/", 2)[0]}, fh)
"""


def run_once(args: list[str], report: str, env: dict) -> tuple[float, float, dict]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(os.devnull, "w") as null:
        # -P: the package PYTHONPATH (or the install) names, not a checkout in the working folder
        subprocess.run([sys.executable, "-P", "-c", PROBE, json.dumps(args), json.dumps(HEAVY), report],
                       stdout=null, stderr=null, check=True, env=env)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(report) as fh:
        return cpu, wall, json.load(fh)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--json", action="store_true", help="one JSON line per command")
    ap.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE as it is set")
    ap.add_argument("--table", default=None, metavar="RUN_DIR", help="also advise from this run directory")
    ns = ap.parse_args()
    if ns.table:
        COMMANDS["advise (run dir)"] = ["advise", "Jh Jd Kh As 9c", "--up", "9h", "--seat", "dealer", "--table",
                                        ns.table]
    env = dict(os.environ)
    if not ns.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    report = f"/tmp/euchre_stats_startup_{os.getpid()}.json"
    try:
        for name, args in COMMANDS.items():
            run_once(args, report, env)  # untimed: the file cache, the bytecode, numba's cache
            runs = [run_once(args, report, env) for _ in range(ns.repeat)]
            cpus, walls = [r[0] for r in runs], [r[1] for r in runs]
            row = {"command": name, "cpu_best": round(min(cpus), 3), "cpu_median": round(statistics.median(cpus), 3),
                   "wall_best": round(min(walls), 3), "wall_median": round(statistics.median(walls), 3), **runs[-1][2]}
            if ns.json:
                print(json.dumps(row))
            else:
                if name == next(iter(COMMANDS)):
                    print(f"euchre_stats from {row['source']}")
                print(f"{name:16} CPU {row['cpu_best']:.2f}/{row['cpu_median']:.2f} s  wall {row['wall_best']:.2f}/"
                      f"{row['wall_median']:.2f} s  {row['modules']:5} modules  heavy: {','.join(row['heavy']) or '-'}"
                      f"  kernels: {_short(row['kernels'])}")
    finally:
        if os.path.exists(report):
            os.remove(report)


def _short(modules) -> str:
    """Kernel modules as ``package.module`` (the last two parts), or ``-``."""
    return ",".join(m.rsplit(".", 2)[-2] + "." + m.rsplit(".", 1)[-1] for m in modules) or "-"


if __name__ == "__main__":
    main()
