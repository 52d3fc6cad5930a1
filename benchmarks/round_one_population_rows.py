"""Round one priced at the table the table bidder sits at: how much its pass is worth more than the table says
(issue 31, "Consistency").

    python benchmarks/round_one_population_rows.py sample --seed 51 --n 6000 --first 0 --step 2 -o rows0.jsonl
    python benchmarks/round_one_population_rows.py sample --seed 51 --n 6000 --first 1 --step 2 -o rows1.jsonl
    cat rows0.jsonl rows1.jsonl | python -c "import sys, json; rows = sorted(map(json.loads, sys.stdin), \
        key=lambda r: r['i']); print(''.join(json.dumps(r) + '\n' for r in rows), end='')" \
        > benchmarks/round_one_population_rows_seed51.jsonl        # the shipped shift's rows (2 x 25 minutes)

The shipped realistic round-one table (the one ``shipped-table`` reads) was priced with the other three seats
and your own later bids ``shipped-v4``.  At a table of ``shipped-table`` players the same hand's options are
worth something else: your own round-two bid after a pass is the table bidder's (it names suits ``shipped-v4``
passes, and the other way round), and the others bid as it does.  Ordering and going alone end the auction, so
only the pass moves.  ``sample`` draws round-one questions as they are dealt (``bidder_consistency.py``'s
``question``: a random deal, a seat drawn uniformly) and answers each twice with ``order`` on the same deals
(the same seed): at the default population, and with the others and your own later bids ``shipped-table``; one
JSON line per question (resumable; ``--first`` and ``--step`` split a run between processes).  The difference
of the two passes, measured on the same deals, is what a model of it (``round_one_pass_shift.py``) learns.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bidder_consistency import question  # noqa: E402

import euchre_stats as es  # noqa: E402
from euchre_stats.bidding.model import policy_model  # noqa: E402


def sample(a) -> None:
    out = Path(a.output)
    done = set()
    if out.exists():
        done = {json.loads(line)["i"] for line in out.read_text().splitlines() if line.strip()}
    own = policy_model("shipped-table")[1]
    with out.open("a") as f:
        for i in range(a.first, a.n, a.step):
            if i in done:
                continue
            q = question(a.seed, i)
            t0 = time.perf_counter()
            seed = a.seed * 1_000_000 + i
            row = {"i": i, "seat": q["seat"], "hand": q["hand"], "up": q["up"], "samples": a.samples, "seed": seed}
            for tag, kw in (("v4", {}), ("table", {"others": "shipped-table", "bidding": own})):
                d = es.order(q["hand"], q["up"], q["seat"], samples=a.samples, seed=seed, **kw)
                row[tag] = {o.action: round(o.ev, 5) for o in d.options}
            row["seconds"] = round(time.perf_counter() - t0, 2)
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(i, row["seat"], row["hand"], row["up"], round(row["table"]["pass"] - row["v4"]["pass"], 3),
                  row["seconds"], flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample")
    s.add_argument("--seed", type=int, default=51)
    s.add_argument("--n", type=int, default=6000, help="questions numbered 0 .. n-1")
    s.add_argument("--first", type=int, default=0)
    s.add_argument("--step", type=int, default=1)
    s.add_argument("--samples", type=int, default=400, help="deals a question (both answers on the same deals)")
    s.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    sample(a)


if __name__ == "__main__":
    main()
