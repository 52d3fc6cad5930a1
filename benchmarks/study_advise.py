"""Random round-one questions answered by realistic play: the data behind the shipped table's
realistic correction, and the check of ``advise`` against realistic ``order``.

    python benchmarks/study_advise.py answer --questions 507 --samples 1000 --seed 7 --keep-junk 0.1 -o train.jsonl
    python benchmarks/study_advise.py answer --questions 300 --samples 10000 --seed 8 -o check.jsonl
    python benchmarks/study_advise.py fit train.jsonl        # writes euchre_stats/data/strategy_correction.json
    python benchmarks/study_advise.py agree check.jsonl [--seat eldest]
    python benchmarks/study_advise.py agree benchmarks/bidder_consistency_v4pop.jsonl --round 2 [--table RUN_DIR]

A question is a random deal's hand and upcard at a seat drawn uniformly (north-american rules).
``answer`` appends one JSON line per question (resumable: questions already in the file are skipped)
with the realistic ``order`` answer; ``agree`` asks ``advise`` each question of such a file and
prints how often it agrees with the realistic answer, over the questions that answer is not "too
close to call" for.  With ``--round 2`` it asks round two's questions of a file that holds them (the bidder
consistency files: realistic ``call`` at 10,000 deals) of the shipped round-two table or of ``--table`` (a ``table
--round 2`` run directory), at the seats the table covers; with no round-two table shipped, of every seat, which
``advise`` answers by simulating (its default 2,000 deals and a seed of its own).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path


import euchre_stats as es
from euchre_stats.core.cards import JOKER, card_name, mask_to_cards
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.sampling.deals import random_deals
from euchre_stats.sampling.seeds import chunk_rng


def question(seed: int, i: int) -> tuple[str, str, str]:
    rng = chunk_rng(seed, i)
    while True:
        hands, ups = random_deals(NORTH_AMERICAN, 1, rng)
        if int(ups[0]) != JOKER:
            break
    seat = int(rng.integers(0, 4))
    hand = " ".join(card_name(c) for c in mask_to_cards(int(hands[0, seat])))
    return hand, card_name(int(ups[0])), SEAT_NAMES[seat]


def _dd(hand: str, up: str, seat: str):
    from euchre_stats.core.cards import parse_card, parse_hand
    from euchre_stats.strategy.advise import dd_values

    return dd_values(parse_hand(hand), parse_card(up), seat)


def answer(args) -> None:
    out = Path(args.output)
    done = set()
    if out.exists():
        done = {json.loads(line)["i"] for line in out.read_text().splitlines() if line.strip()}
    with out.open("a") as f:
        for i in range(args.questions):
            if i in done:
                continue
            hand, up, seat = question(args.seed, i)
            if args.seat and seat != args.seat:
                continue
            dd = _dd(hand, up, seat)
            if args.keep_junk < 1.0 and dd is not None:
                best_call = max(v for k, v in dd.items() if k != "pass" and v is not None)
                junk = dd["pass"] - best_call > 0.5
                if junk and chunk_rng(args.seed, i, 1).random() >= args.keep_junk:
                    continue
            t = time.perf_counter()
            d = es.order(hand, up, seat, samples=args.samples, seed=args.seed * 100000 + i, workers=args.workers)
            row = {"i": i, "hand": hand, "up": up, "seat": seat, "samples": args.samples, "model": d.model,
                   "recommendation": d.recommendation, "too_close": d.too_close,
                   "ev": {o.action: o.ev for o in d.options},
                   "se": {o.action: o.se for o in d.options},
                   "discard": d.best().extra.get("discard"), "dd": dd,
                   "seconds": round(time.perf_counter() - t, 2)}
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(i, hand, up, seat, d.recommendation, d.too_close, row["seconds"], flush=True)


def _round_two_seats(table) -> list[str]:
    """The seats a round-two table answers: a run directory's finished seats, or the shipped table's; with no
    round-two table shipped, every seat (``advise`` then simulates each question, as ``call`` does)."""
    from euchre_stats.strategy.advise import SHIPPED_REALISTIC_ROUND_TWO
    from euchre_stats.strategy.rundir import read_manifest
    from euchre_stats.strategy.run import finished_seats

    if table is not None:
        return [SEAT_NAMES[s] for s in finished_seats(table)[1]]
    if not (SHIPPED_REALISTIC_ROUND_TWO / "manifest.json").exists():
        return list(SEAT_NAMES)
    return list(read_manifest(SHIPPED_REALISTIC_ROUND_TWO)["settings"]["seats"])


def agree(args) -> None:
    from euchre_stats.strategy.advise import SHIPPED_REALISTIC_ROUND_TWO

    rows = [json.loads(line) for line in Path(args.file).read_text().splitlines() if line.strip()]
    rows = [r for r in rows if r.get("round", 1) == args.round]   # the bidder files hold both rounds
    if args.round == 2:
        seats = _round_two_seats(args.table)
        if args.table is None and not (SHIPPED_REALISTIC_ROUND_TWO / "manifest.json").exists():
            print("round two: no round-two table is shipped; advise simulates every seat's questions")
        else:
            print(f"round two: the table answers {', '.join(seats) or 'no seat'}")
        rows = [r for r in rows if r["seat"] in seats]
    if args.seat:
        rows = [r for r in rows if r["seat"] == args.seat]
    clear = [r for r in rows if not r["too_close"]]
    hits, misses = 0, []
    sources = {}
    for r in clear:
        if args.round == 2:   # call's "d alone" is advise's "call d alone"
            a = es.advise(r["hand"], seat=r["seat"], turned_down=r["up"], table=args.table)
            want = r["recommendation"] if r["recommendation"] == "pass" else f"call {r['recommendation']}"
        else:
            a, want = es.advise(r["hand"], r["up"], r["seat"]), r["recommendation"]
        sources[a.source] = sources.get(a.source, 0) + 1
        if a.recommendation == want:
            hits += 1
        else:
            misses.append((r["hand"], r["up"], r["seat"], want, a.recommendation))
    print(f"questions: {len(rows)}, not too close: {len(clear)}, advise agrees: {hits} "
          f"({hits / max(len(clear), 1):.1%}); advise answered from: {sources}")
    for m in misses:
        print("  disagree:", *m)


def fit_correction(args) -> None:
    from euchre_stats.bidding.model import default_model
    from euchre_stats.core.cards import parse_card, parse_hand
    from euchre_stats.core.seats import parse_seat
    from euchre_stats.output.atomic import atomic_write
    from euchre_stats.strategy.correction import SHIPPED_CORRECTION, feature_vector, fit, hand_features, targets

    model = default_model()
    rows = []
    for line in Path(args.file).read_text().splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        if r.get("dd") is None:
            continue
        hm, up = parse_hand(r["hand"]), parse_card(r["up"])
        x = feature_vector(r["dd"], hand_features(hm, up, parse_seat(r["seat"]), model))
        rows.append({"seat": r["seat"], "x": x, "y": targets(r["ev"]), "best": r["recommendation"],
                     "too_close": r["too_close"], "alone_open": "order alone" in r["ev"]})
    c = fit(rows, bidding=model.to_dict(), source=f"{len(rows)} questions from {args.file}, realistic order at "
                         f"{json.loads(Path(args.file).read_text().splitlines()[0])['samples']} deals each")
    out = Path(args.output or SHIPPED_CORRECTION)
    atomic_write(out, (json.dumps(c.to_dict(), indent=2) + "\n").encode())
    print(json.dumps({"rmse": c.rmse, "agreement": c.agreement, "questions": c.questions}, indent=1))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("answer")
    a.add_argument("--questions", type=int, default=300)
    a.add_argument("--samples", type=int, default=10000)
    a.add_argument("--seed", type=int, default=8)
    a.add_argument("--workers", type=int, default=None)
    a.add_argument("--keep-junk", type=float, default=1.0,
                   help="keep only this share of the questions the double-dummy table calls a clear pass")
    a.add_argument("--seat", default=None, help="answer only the questions of this seat (the rest later: resumable)")
    a.add_argument("-o", "--output", required=True)
    g = sub.add_parser("agree")
    g.add_argument("file")
    g.add_argument("--seat", default=None, help="only the questions of this seat")
    g.add_argument("--round", type=int, choices=(1, 2), default=1)
    g.add_argument("--table", default=None, help="round two: a table --round 2 run directory (else the shipped one)")
    f = sub.add_parser("fit")
    f.add_argument("file")
    f.add_argument("-o", "--output", default=None)
    args = p.parse_args(argv)
    {"answer": answer, "agree": agree, "fit": fit_correction}[args.cmd](args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
