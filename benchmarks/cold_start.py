"""Cold and warm start of the commands that run kernels: CPU-seconds, and what numba compiles.

Each command runs ``euchre_stats.cli.main.main(ARGS)`` in a fresh interpreter (what the
``euchre-stats`` script does) with ``NUMBA_CACHE_DIR`` pointing at a new empty folder: the
**cold** run compiles every kernel the command uses and caches it there; the **warm** run, the
same command again with that folder, loads them.  The figures are the process's CPU-seconds
(user + system, children included, from ``resource.getrusage(RUSAGE_CHILDREN)``): the machine
this was written on is shared, and wall time under load measures the other work as much as the
compile.  Wall time is printed too.

Inside the cold run a listener on numba's ``numba:compile`` event records every function numba
compiles (each specialisation once): its own CPU time (children's compiles excluded) and wall.
``--top N`` lists the N costliest; every run lists the compiled copies of the search
(``_search`` of the four-seat solver by the literal trump mask it was compiled for, or realistic play's
valuation that inlines it, and whether the six-seat kernels compiled), which is how a command that
compiles the no-trump or the six-seat search when it never plays one shows up.

Another version of the code is measured by putting it first on ``PYTHONPATH`` (a tree with
``euchre_stats/cli`` linked to its ``cli``, as ``benchmarks/startup.py``); ``source`` names the
folder the package came from.

``--helper both`` measures each command twice in one run, alternating: without the compile helper
process (``EUCHRE_STATS_COMPILE_HELPER=0``, how the code compiled before) and with it
(``euchre_stats.cardplay.warm``); ``--helper on`` (the default) or ``off`` only one way.  The helper's
CPU-seconds are in the figures (the helper is the command's child); ``helper`` reports whether one
started and how long the command then waited for it, ``cold_own_cpu`` the command's own process's
CPU-seconds (without the helper's): the critical path when the helper has a core of its own.

    python benchmarks/cold_start.py                      # the README's first answer and solve
    python benchmarks/cold_start.py --all --json         # every command of the table in docs/performance.md
    python benchmarks/cold_start.py --helper both --repeat 2   # old and new, alternated, twice
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HAND = "Jh Jd Ah 9s Tc"
COMMANDS = {
    "order (README)": ["order", HAND, "--up", "9h", "--seat", "eldest", "--seed", "1"],
    "solve": ["solve", "--hands", "Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "-", "9c Tc Jc Qc Kc", "--trump", "h",
              "--leader", "0", "--out", "2"],
}
MORE = {
    "order --seat dealer": ["order", HAND, "--up", "9h", "--seat", "dealer", "--seed", "1"],
    "call": ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "--seed", "1"],
    "discard": ["discard", "Js Jc As Kh 9d Td", "--up", "Js", "--seed", "1"],
    "lead": ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--seed", "1"],
    "alone": ["alone", "Jk Jh Jd Ah Kh", "--trump", "h", "--maker", "eldest", "--seat", "third", "--up", "9h",
              "--rules", "british", "--seed", "1"],
    "order --no-trump": ["order", HAND, "--up", "9h", "--seat", "eldest", "--no-trump", "--seed", "1"],
    "call --no-trump": ["call", "Ah Kh As Ks Ac", "--turned-down", "9d", "--seat", "eldest", "--no-trump", "--seed",
                        "1"],
    "order --players 6": ["order", HAND, "--up", "9h", "--seat", "eldest", "--players", "6", "--seed", "1"],
    "order --model realistic-v4": ["order", HAND, "--up", "9h", "--seat", "eldest", "--model", "realistic-v4",
                                   "--seed", "1"],
    "solve --trump n": ["solve", "--hands", "Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "-", "9c Tc Jc Qc Kc", "--trump",
                        "n", "--leader", "0", "--out", "2"],
    "solve --players 6": ["solve", "--players", "6", "--hands", "Jk Jh", "9s Ts", "-", "9c Tc", "-", "9d Td",
                          "--trump", "h", "--leader", "0", "--out", "2", "--out", "4"],
    "variants": ["variants", "--deck", "24", "--samples", "1000", "--seed", "1"],
    "review": ["review", "data/examples/hand1.json"],
}

PROBE = r"""
import json, resource, sys, time
from numba.core import event

class Compiles(event.Listener):
    def __init__(self):
        self.stack, self.done = [], []
    def on_start(self, ev):
        d = ev.data["dispatcher"]
        self.stack.append([f"{d.py_func.__module__}.{d.py_func.__qualname__}", str(ev.data["args"]),
                           time.process_time(), time.perf_counter(), 0.0])
    def on_end(self, ev):
        name, args, c0, w0, inner = self.stack.pop()
        cpu = time.process_time() - c0
        if self.stack:
            self.stack[-1][4] += cpu
        self.done.append({"function": name, "args": args, "cpu": cpu - inner, "wall": time.perf_counter() - w0})

rec = Compiles()
event.register("numba:compile", rec)
from euchre_stats.cli.main import main
try:
    main(json.loads(sys.argv[1]))
except SystemExit:
    pass
import euchre_stats
from euchre_stats.core import compiling
helpers = getattr(compiling, "_HELPERS", {})
with open(sys.argv[2], "w") as fh:
    json.dump({"compiles": rec.done, "source": euchre_stats.__file__.rsplit("/", 2)[0],
               "helper": {"started": len(helpers), "waited": round(sum(h.waited for h in helpers.values()), 2)},
               "own_cpu": round(sum(resource.getrusage(resource.RUSAGE_SELF)[:2]), 2)}, fh)
"""


def run_once(args: list[str], cache: str, report: str, cwd: str, helper: bool = True) -> tuple[float, float, dict]:
    """CPU-seconds and wall of one fresh interpreter running ``args``, and its probe's report."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache, "EUCHRE_STATS_COMPILE_HELPER": "1" if helper else "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    with open(os.devnull, "w") as null:
        # -P: the package PYTHONPATH (or the install) names, not a checkout in ``cwd`` (the helper the command
        # starts imports with -P too: a command from the checkout and a helper from PYTHONPATH measured neither)
        subprocess.run([sys.executable, "-P", "-c", PROBE, json.dumps(args), report], stdout=null, stderr=null,
                       check=True, env=env, cwd=cwd)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    with open(report) as fh:
        return cpu, wall, json.load(fh)


def searches(compiles: list[dict]) -> list[str]:
    """The compiled copies of the searches: ``_search[trump]``, ``_search[no trump]`` (the four-seat solver's,
    by the literal mask it was compiled for), ``six-seat search``, ``six-seat realistic``."""
    out = []
    for c in compiles:
        mod, fn = c["function"].rsplit(".", 1)
        # realistic play inlines the search into its best-first valuation (issue 33): that copy counts too
        if (fn == "_search" and mod.endswith(("engine.search", "solver._kernels"))) or (  # (the older name too)
                fn in ("_evaluate_best_first", "_evaluate") and mod.endswith("engine.realistic")):
            mask = c["args"].rsplit(",", 1)[-1]
            out.append("_search[no trump]" if "Literal[int](0)" in mask else "_search[trump]")
        elif mod.endswith(("engine.search_seats", "solver._seats")):
            out.append("six-seat search")
        elif mod.endswith(("engine.realistic_seats", "play._realistic_seats")):
            out.append("six-seat realistic")
    return sorted(set(out))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--all", action="store_true", help="every command of the table, not only the first two")
    ap.add_argument("--only", action="append", default=[], help="a command by its name here (repeatable)")
    ap.add_argument("--top", type=int, default=8, help="list the N costliest compiles of each cold run")
    ap.add_argument("--json", action="store_true", help="one JSON line per command")
    ap.add_argument("--helper", choices=("on", "off", "both"), default="on",
                    help="the compile helper process: on, off, or both alternated (old and new in one run)")
    ap.add_argument("--repeat", type=int, default=1, help="measure each command (each way) this many times")
    ns = ap.parse_args()
    table = {**COMMANDS, **MORE}
    names = ns.only or (list(table) if ns.all else list(COMMANDS))
    cwd = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # review reads data/examples/
    ways = {"on": [True], "off": [False], "both": [False, True]}[ns.helper]
    for name, _, helper in [(n, r, h) for n in names for r in range(ns.repeat) for h in ways]:
        args = table[name]
        cache = tempfile.mkdtemp(prefix="numba-cold-")
        report = os.path.join(cache, "report.json")
        try:
            cold_cpu, cold_wall, cold = run_once(args, os.path.join(cache, "c"), report, cwd, helper)
            warm_cpu, warm_wall, warm = run_once(args, os.path.join(cache, "c"), report, cwd, helper)
        finally:
            shutil.rmtree(cache, ignore_errors=True)
        comp = sorted(cold["compiles"], key=lambda c: -c["cpu"])
        row = {"command": name, "args": args, "source": cold["source"], "helper": cold.get("helper", {}),
               "warm_helper": warm.get("helper", {}), "load": round(os.getloadavg()[0], 1),
               "cold_own_cpu": cold.get("own_cpu"), "warm_own_cpu": warm.get("own_cpu"),
               "cold_cpu": round(cold_cpu, 2),
               "cold_wall": round(cold_wall, 2), "warm_cpu": round(warm_cpu, 2), "warm_wall": round(warm_wall, 2),
               "compiled": len(comp), "compile_cpu": round(sum(c["cpu"] for c in comp), 2),
               "recompiled_warm": len(warm["compiles"]), "searches": searches(comp),
               "top": [[c["function"].split("euchre_stats.", 1)[-1], round(c["cpu"], 2)] for c in comp[: ns.top]]}
        if ns.json:
            print(json.dumps(row), flush=True)
        else:
            print(f"{name}  ({row['source']}, helper {'on' if helper else 'off'}: {row['helper']}, "
                  f"load {row['load']})\n  cold CPU {cold_cpu:.1f} s (wall {cold_wall:.1f})  warm CPU "
                  f"{warm_cpu:.2f} s (wall {warm_wall:.2f})  compiled {len(comp)} functions, "
                  f"{row['compile_cpu']:.1f} CPU-s inside compiles; warm recompiled {len(warm['compiles'])}\n"
                  f"  searches: {', '.join(row['searches']) or '-'}")
            for fn, cpu in row["top"]:
                print(f"    {cpu:6.2f}  {fn}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
