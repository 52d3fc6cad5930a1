"""Fit a bidding model's inference temperature on answered questions (issue 31).

    python benchmarks/calibrate_temperature.py benchmarks/bidder_consistency.jsonl --player shipped \
        --player shipped-v2 [--write MODEL.json]

For each player (a policy name or a model file) and the answered questions of
``benchmarks/bidder_consistency.py`` (each with the realistic decision command's recommendation), the
temperature that maximises the likelihood of the recommended option under the model's soft bid
(:mod:`euchre_stats.bidding.calibration`), over both rounds and per round, with the hard bid's agreement
and the log-likelihood at the model's present temperature.  ``--write`` (one player, a model file) sets the
file's ``temperature`` to the fitted value (both rounds) and records the fit under ``fit.temperature``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from euchre_stats.bidding.calibration import fit_temperature, hard_choice, log_likelihood, margins
from euchre_stats.bidding.model import policy_model
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.rules import NORTH_AMERICAN


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--player", action="append", default=[])
    ap.add_argument("--write", default=None)
    a = ap.parse_args()
    rows = [json.loads(line) for line in Path(a.file).read_text().splitlines() if line.strip()]
    for spec in a.player or ["shipped"]:
        model = policy_model(spec)[1]
        qs = [margins(model, NORTH_AMERICAN, r["round"], SEAT_NAMES.index(r["seat"]), parse_hand(r["hand"]),
                      parse_card(r["up"])) for r in rows]
        best = [r["recommendation"] for r in rows]
        report = {"questions": len(rows), "file": a.file}
        t, ll = fit_temperature(qs, best)
        agree = sum(hard_choice(q) == b for q, b in zip(qs, best))
        report.update(both=round(t, 4), log_likelihood=round(ll, 2),
                      log_likelihood_now=round(log_likelihood(qs, best, model.temperature), 2))
        print(f"{spec}: {len(rows)} questions, hard bid is the realistic best on {agree} ({agree / len(rows):.1%}); "
              f"temperature now {model.temperature:g} (log-likelihood {report['log_likelihood_now']:.2f}), "
              f"fitted {t:.3f} (log-likelihood {ll:.2f})")
        for rnd in (1, 2):
            k = [i for i, r in enumerate(rows) if r["round"] == rnd]
            tr, llr = fit_temperature([qs[i] for i in k], [best[i] for i in k])
            report[f"round_{rnd}"] = round(tr, 4)
            print(f"    round {rnd} ({len(k)} questions): fitted {tr:.3f} (log-likelihood {llr:.2f}; "
                  f"{log_likelihood([qs[i] for i in k], [best[i] for i in k], model.temperature):.2f} now)")
        if a.write:
            d = json.loads(Path(a.write).read_text())
            d["temperature"] = round(t, 4)
            d.setdefault("fit", {})["temperature"] = report
            Path(a.write).write_text(json.dumps(d, indent=2) + "\n")
            print(f"wrote temperature {round(t, 4)} into {a.write}")


if __name__ == "__main__":
    main()
