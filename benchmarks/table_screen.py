"""Adaptive sampling of strategy tables (``table --screen``): what it saves and what it changes.

    python benchmarks/table_screen.py --seat eldest --model pimc --ranges 4 --classes 50 --seed 1
    python benchmarks/table_screen.py --seat dealer --others default,shipped --no-full --ranges 8 --classes 25
    python benchmarks/table_screen.py --seat eldest --rules australian32 --no-full --ranges 8 --classes 25
    python benchmarks/table_screen.py --seat dealer --round 2 --no-full --ranges 8 --classes 25

Picks ``--ranges`` stretches of ``--classes`` consecutive classes spread evenly over the seat's class list
(round one, or two with ``--round 2``; north-american or the ``--rules`` preset, ``--deck`` changing its
deck), and evaluates each stretch twice with the same seed: every class on ``--samples-per-class`` deals, and
screened (``--screen`` deals first; only the classes not clear at 99% play on). Prints the CPU seconds of
both, the share of classes kept from the screening, and how often the two answers agree (over all classes, and
over those the full run calls clear). A class not clear at the screening plays the rest of its
``--samples-per-class`` deals and is summarised on all of them.

``--others`` (a comma list; ``default`` is the default population, the table's own default) runs the
whole comparison once per population of the other three seats, on the same classes and seeds, and
then says how often the screened answers of the first population and each other one differ; ``--no-full``
skips the runs of every class on ``--samples-per-class`` deals (the screened cost only).  Two classes
are evaluated first, untimed, so that compiling (or loading) the kernels is not counted.
"""

from __future__ import annotations

import argparse
import dataclasses
import time

import numpy as np

from euchre_stats.core.seats import parse_seat
from euchre_stats.rules.options import preset
from euchre_stats.sampling.seeds import chunk_rng
from euchre_stats.strategy.table import TableSpec, evaluate_classes


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seat", default="eldest")
    ap.add_argument("--model", default="pimc")
    ap.add_argument("--ranges", type=int, default=4)
    ap.add_argument("--classes", type=int, default=50)
    ap.add_argument("--samples-per-class", type=int, default=200)
    ap.add_argument("--screen", type=int, default=50)
    ap.add_argument("--round", type=int, default=1, choices=(1, 2), help="the bidding round of the table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--others", default="default",
                    help="comma list of populations of the other seats (default: the default population)")
    ap.add_argument("--no-full", action="store_true", help="skip the runs on --samples-per-class deals")
    ap.add_argument("--rules", default="north-american", help="a rules preset (e.g. australian32: 32 cards)")
    ap.add_argument("--deck", default=None, help="the preset's deck changed (25, 28, 32, 33)")
    a = ap.parse_args()
    seat = parse_seat(a.seat)
    a.rules_obj = preset(a.rules) if a.deck is None else dataclasses.replace(preset(a.rules), deck=a.deck)
    a.rules = a.rules if a.deck is None else f"{a.rules}, deck {a.deck}"
    answers = {}
    for others in a.others.split(","):
        answers[others] = compare(a, seat, None if others == "default" else others)
    first, *rest = answers
    for other in rest:
        x, y = answers[first], answers[other]
        both = ~x["too_close"] & ~y["too_close"]
        print(f"{a.seat}: screened answers with {first} and {other} differ on {int((x['best'] != y['best']).sum())} "
              f"of {len(x['best'])} classes, {int((x['best'] != y['best'])[both].sum())} of the {int(both.sum())} "
              "both call clear")


def compare(a, seat: int, others: str | None) -> dict:
    """Every stretch evaluated (full unless ``--no-full``, then screened) with the other seats bidding as
    ``others``; prints the figures and returns the screened answers (``best``, ``too_close``)."""
    full = TableSpec(a.rules_obj, (seat,), round=a.round, samples_per_class=a.samples_per_class, seed=a.seed,
                     model=a.model, others=others)
    screened = TableSpec(a.rules_obj, (seat,), round=a.round, samples_per_class=a.samples_per_class, seed=a.seed,
                         model=a.model, screen=a.screen, others=others)
    cl = full.classes()
    total = len(cl.hands)
    starts = np.linspace(0, total - a.classes, a.ranges).astype(int)
    evaluate_classes(screened, seat, cl.hands[:2], cl.ups[:2], chunk_rng(a.seed, 10**6))   # warm, untimed
    t_full = t_scr = 0.0
    agree = agree_clear = clear = kept = n = both_clear = both_same = kept_wrong = deals = 0
    out = {"best": [], "too_close": []}
    for j, lo in enumerate(starts):
        args = (seat, cl.hands[lo:lo + a.classes], cl.ups[lo:lo + a.classes])
        t0 = time.process_time()
        f = None if a.no_full else evaluate_classes(full, *args, chunk_rng(a.seed, j))
        t1 = time.process_time()
        s = evaluate_classes(screened, *args, chunk_rng(a.seed, j))
        t2 = time.process_time()
        t_full += t1 - t0
        t_scr += t2 - t1
        out["best"].append(s["best"])
        out["too_close"].append(s["too_close"])
        kept += int(s["screened"].sum())
        deals += int(s["n"].sum())
        n += len(s["best"])
        if f is None:
            print(f"classes {lo}..{lo + a.classes - 1}: screened {t2 - t1:.1f} CPU-s, "
                  f"kept {int(s['screened'].sum())}/{len(s['best'])}", flush=True)
            continue
        same = f["best"] == s["best"]
        agree += int(same.sum())
        c = ~f["too_close"]
        clear += int(c.sum())
        agree_clear += int(same[c].sum())
        both = c & ~s["too_close"]
        both_clear += int(both.sum())
        both_same += int(same[both].sum())
        kept_wrong += int((s["screened"] & c & ~same).sum())
        print(f"classes {lo}..{lo + a.classes - 1}: full {t1 - t0:.1f} CPU-s, screened {t2 - t1:.1f} CPU-s, "
              f"kept {int(s['screened'].sum())}/{len(same)}, same answer {int(same.sum())}/{len(same)}", flush=True)
    who = f"others {screened.others}"
    if a.no_full:
        print(f"{a.seat}, round {a.round}, {a.rules}, {a.model}, {who}, {n} classes in {a.ranges} stretches: "
              f"screened {t_scr:.1f} CPU-s "
              f"({t_scr / n:.3f} a class, {deals / n:.0f} distinct deals played a class); kept from the screening "
              f"{kept}/{n} ({kept / n:.1%})", flush=True)
    else:
        print(f"{a.seat}, round {a.round}, {a.rules}, {a.model}, {who}, {n} classes in {a.ranges} stretches: "
              f"full {t_full:.1f} CPU-s "
              f"({t_full / n:.3f} a class), screened {t_scr:.1f} CPU-s ({t_scr / n:.3f} a class), "
              f"ratio {t_scr / t_full:.2f}; kept from the screening {kept}/{n} ({kept / n:.1%}); same answer "
              f"{agree}/{n} ({agree / n:.1%}), where the full run is clear {agree_clear}/{clear} "
              f"({agree_clear / max(clear, 1):.1%}), where both are clear {both_same}/{both_clear}; screened rows "
              f"whose answer differs from a clear full answer: {kept_wrong}", flush=True)
    return {k: np.concatenate(v) for k, v in out.items()}


if __name__ == "__main__":
    main()
