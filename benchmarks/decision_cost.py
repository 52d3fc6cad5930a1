"""CPU milliseconds per sampled deal of `order`, `call` and `lead` from every seat, realistic play.

Runs against whichever euchre_stats is installed, so that today's code and an older checkout
(the one before the compiled play model, 91a4d11, where the decisions lived in
``euchre_stats/decisions.py``) can be timed by the same script in one session, interleaved::

    git worktree add ../old 91a4d11 && python -m venv ../venv-old && ../venv-old/bin/pip install -e ../old
    for r in 1 2; do
        ../venv-old/bin/python benchmarks/decision_cost.py --deals 300 --label old
        python benchmarks/decision_cost.py --deals 300 --label new
    done

One thread, warm (each question is first answered on 5 deals), the questions of
``euchre-stats bench realistic``, 24 worlds a decision (the default of both versions), seed 1.
Prints one JSON line per question: label, command, seat, deals drawn, CPU ms per deal (with
``--repeat N`` the least of N runs of the question: the later runs find the caches a first query
fills, the old model's count matrices above all).
"""

from __future__ import annotations

import argparse
import json
import time

try:  # today's layout
    from euchre_stats.decide.call import call_decision
    from euchre_stats.decide.lead import lead_decision
    from euchre_stats.decide.order import order_decision
except ImportError:  # before the library was split into layers
    from euchre_stats.decisions import call_decision, lead_decision, order_decision

SEATS = ("eldest", "partner", "third", "dealer")


def ask(command, seat, n, seed):
    if command == "order":
        return order_decision("Jh Jd Ah 9s Tc", "9h", seat, samples=n, seed=seed, model="pimc", workers=1)
    if command == "call":
        return call_decision("Jd Ad Kd 9c Tc", "9h", seat, samples=n, seed=seed, model="pimc", workers=1)
    return lead_decision("Jh Ah Kc Qc 9s", "h", seat, "eldest", samples=n, seed=seed, model="pimc", workers=1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--label", default="")
    ap.add_argument("--commands", default="order,call,lead")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each question; the least CPU is printed")
    a = ap.parse_args()
    for command in a.commands.split(","):
        ask(command, SEATS[0], 5, a.seed)
        for seat in SEATS:
            cpu = None
            for _ in range(a.repeat):
                c = time.process_time()
                d = ask(command, seat, a.deals, a.seed)
                t = time.process_time() - c
                cpu = t if cpu is None else min(cpu, t)
            samples = int(getattr(d, "samples", a.deals))
            print(json.dumps({"label": a.label, "command": command, "seat": seat, "deals": samples,
                              "ms_per_deal": round(1e3 * cpu / samples, 3)}), flush=True)


if __name__ == "__main__":
    main()
