"""Does a bidder bid as the tool's own analysis says?  Random round-one and round-two questions over
every seat, answered by the realistic decision commands, then asked of a bidder (issue 31).

    python benchmarks/bidder_consistency.py answer --questions 300 --samples 10000 --seed 31 -o FILE \
        [--others POLICY] [--own POLICY]
    python benchmarks/bidder_consistency.py agree FILE --player shipped [--player FILE.json ...]

A question is a random deal (north-american rules, the dealer at seat 3) and a seat drawn uniformly;
even-numbered questions are round one (``order`` with the deal's upcard), odd ones round two
(``call`` with the upcard turned down, every round-one bid a pass).  ``answer`` appends one JSON
line per question (resumable: questions already in the file are skipped) with the command's
recommendation, whether it is too close to call, each option's value and the seconds it took;
``--others`` sets the population that values the passes, ``--own`` your own later bids (the commands'
defaults when omitted).
Each row records the seed (the first files, seed 31's, do not: ``agree`` takes 31 for them, and ``--seed`` when
given); ``agree`` checks that every row is that seed's question of its number and stops with one line if not.
``agree`` asks each player (any player spec, ``docs/players.md``) the same question from its seat's
view, the passes before it applied, and prints how often its bid (order or not, alone or not, the
suit) is the command's recommendation, over the questions the command does not call too close, and
per round the mean regret: the value of the command's best option minus the value of the bid, over
every question (too close included).
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

import euchre_stats as es
from euchre_stats.bidding.model import policy_model
from euchre_stats.core.cards import card_name, mask_to_cards
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.core.stats import proportion
from euchre_stats.game.state import HandState
from euchre_stats.players.load import load_player
from euchre_stats.players.view import seat_view
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.sampling.seeds import chunk_rng

DEALER = 3


def question(seed: int, i: int) -> dict:
    rng = chunk_rng(seed, i)
    state = HandState.deal(NORTH_AMERICAN, DEALER, rng)
    seat = int(rng.integers(0, 4))
    return {"i": i, "round": 1 + i % 2, "seat": SEAT_NAMES[seat],
            "hand": " ".join(card_name(c) for c in mask_to_cards(int(state.hands[seat]))),
            "up": card_name(int(state.upcard)), "_state": state, "_seat": seat}


def answer(args) -> None:
    out = Path(args.output)
    done = set()
    if out.exists():
        rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
        seeds = {r.get("seed", args.seed) for r in rows}
        if seeds - {args.seed}:
            raise SystemExit(f"{out}: its questions were drawn with --seed {min(seeds - {args.seed})}, not "
                             f"{args.seed}; give that seed to add to it, or another file")
        done = {r["i"] for r in rows}
    own = policy_model(args.own)[1] if args.own else None
    with out.open("a") as f:
        for i in range(args.questions):
            if i in done or i < args.first or (args.round and 1 + i % 2 != args.round):
                continue
            q = question(args.seed, i)
            t0 = time.perf_counter()
            ask = es.order if q["round"] == 1 else es.call
            d = ask(q["hand"], q["up"], q["seat"], samples=args.samples, seed=args.seed * 100_000 + i,
                    others=args.others, bidding=own)
            row = {k: v for k, v in q.items() if not k.startswith("_")}
            row.update(seed=args.seed, samples=args.samples, model=d.model, others=d.others or "shipped",
                       own=args.own or d.bidding, recommendation=d.recommendation,
                       too_close=bool(d.too_close), ev={o.action: o.ev for o in d.options},
                       seconds=round(time.perf_counter() - t0, 2))
            f.write(json.dumps(row) + "\n")
            f.flush()
            print(i, row["round"], row["seat"], row["hand"], row["up"], row["recommendation"],
                  "too close" if row["too_close"] else "", row["seconds"], flush=True)


def bid_of(player, seed: int, i: int) -> str:
    """The player's bid at question ``i`` (every seat before it having passed)."""
    q = question(seed, i)
    state, seat = q["_state"], q["_seat"]
    while not (state.phase == ("round_one" if q["round"] == 1 else "round_two") and state.to_act == seat):
        state.apply("pass")
    view = seat_view(state, seat)
    return player.round_one(view) if q["round"] == 1 else player.round_two(view)


def read_rows(path: str) -> list[dict]:
    """The answered questions of a file (one JSON object a line), or a one-line exit naming what is wrong."""
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise SystemExit(f"{path}: cannot read it ({e.strerror})")
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                raise SystemExit(f"{path}, line {n}: not a JSON object: {line[:60]!r}")
    return rows


def file_seed(path: str, rows: list[dict], given: int | None) -> int:
    """The seed the file's questions were drawn with: ``given``, else the one its rows record, else 31 (the
    first files record none); every row must be that seed's question of its number."""
    recorded = {r["seed"] for r in rows if "seed" in r}
    if len(recorded) > 1:
        raise SystemExit(f"{path}: rows of more than one seed ({', '.join(map(str, sorted(recorded)))})")
    seed = given if given is not None else (recorded.pop() if recorded else 31)
    for r in rows:
        q = question(seed, r["i"])
        if (q["round"], q["seat"], q["hand"], q["up"]) != (r["round"], r["seat"], r["hand"], r["up"]):
            raise SystemExit(f"{path}: question {r['i']} ({r['seat']} {r['hand']} up {r['up']}) is not question "
                             f"{r['i']} of --seed {seed}; give the seed the file was answered with")
    return seed


def agree(args) -> None:
    rows = read_rows(args.file)
    seed = file_seed(args.file, rows, args.seed)
    for spec in args.player:
        player = load_player(spec)
        clear = [r for r in rows if not r["too_close"]]
        hits, by, regret = 0, {}, {1: [], 2: []}
        for r in rows:   # the value the bid loses against the command's best, every question (too close too)
            bid = bid_of(player, seed, r["i"])
            regret[r["round"]].append(max(r["ev"].values()) - r["ev"][bid])
            r["_bid"] = bid
        for r in clear:
            bid = r["_bid"]
            ok = bid == r["recommendation"]
            hits += ok
            key = (r["round"], r["seat"])
            a, b = by.get(key, (0, 0))
            by[key] = (a + ok, b + 1)
            if not ok and args.show:
                print(f"  {r['i']} round {r['round']} {r['seat']} {r['hand']} up {r['up']}: bids {bid!r}, "
                      f"the command says {r['recommendation']!r}")
        share = proportion(np.arange(len(clear)) < hits)   # a Wilson interval for hits of len(clear)
        print(f"{spec}: agrees on {hits}/{len(clear)} ({share.value:.1%}, 95% interval [{share.low:.1%}, "
              f"{share.high:.1%}]) of the questions not too close ({len(rows) - len(clear)} of {len(rows)} too close)")
        for (rd, seat), (a, b) in sorted(by.items()):
            print(f"    round {rd}, {seat}: {a}/{b}")
        for rd, lost in regret.items():
            if lost:
                se = np.std(lost, ddof=1) / np.sqrt(len(lost))
                print(f"    round {rd}: mean regret {np.mean(lost):.4f} ± {se:.4f} "
                      f"points a question ({len(lost)} questions, the command's best option's value minus the bid's)")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("answer")
    a.add_argument("--questions", type=int, default=300)
    a.add_argument("--samples", type=int, default=10000)
    a.add_argument("--seed", type=int, default=31)
    a.add_argument("-o", "--output", required=True)
    a.add_argument("--others", default=None, help="the population that values the passes (a policy or file)")
    a.add_argument("--own", default=None,
                   help="the policy of your own later bids (the default population's when not given)")
    a.add_argument("--first", type=int, default=0, help="skip the questions numbered below this (to split a run)")
    a.add_argument("--round", type=int, choices=(1, 2), default=None,
                   help="answer only the questions of this round (even-numbered: 1, odd: 2)")
    g = sub.add_parser("agree")
    g.add_argument("file")
    g.add_argument("--player", action="append", default=[])
    g.add_argument("--seed", type=int, default=None,
                   help="the seed the file was answered with (default: the one its rows record, else 31)")
    g.add_argument("--show", action="store_true")
    args = ap.parse_args()
    if args.cmd == "answer":
        answer(args)
    else:
        args.player = args.player or ["shipped"]
        agree(args)


if __name__ == "__main__":
    main()
