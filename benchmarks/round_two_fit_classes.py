"""Round two learned from sampled class rows: how often it bids as ``call`` does (issue 31, "Consistency").

    python benchmarks/round_two_fit_classes.py benchmarks/round_two_rows_v4pop.parquet \
        benchmarks/round_two_rows_v4pop_seed34.parquet benchmarks/round_two_rows_v4pop_seed35.parquet whole \
        --settings 0.05:1000:50 --alone-diff --export euchre_stats/data/round_two_bids    # the shipped bids
    python benchmarks/round_two_fit_classes.py runs/r2-sample gbm --settings 0.05:300:20,0.1:300:20
    python benchmarks/round_two_fit_classes.py runs/r2-sample ridge

(``gbm``, ``gbm2`` and ``whole`` need scikit-learn, which the project does not depend on.)  The rows of
``benchmarks/round_two_sample.py`` (realistic round-two rows of classes drawn as questions are dealt: a run
directory or a packed file) are turned into training questions -- the class's hand with its card turned down in
hearts, its seat, the value of passing and of each call -- and a model of each call's gain over passing is
fitted on them: ``benchmarks/round_two_families.py``'s ``ridge`` and ``gbm``, ``gbm2`` (five more columns) or
``whole`` (``gbm2``'s columns of the suit named and of every suit of the hand).  ``--calibrate`` fits per-seat
offsets of the two kinds of call on the 1,200 answered training questions and prints the value the bids lose
there with the offsets fitted on the other half (the yardstick the shipped settings were chosen by).
``--alone-diff`` fits going alone's gain over the call with the partner (both played on the same deals, so the
difference is less noisy than either gain) and adds it to the call's predicted gain.  Each fit
is then checked on the held-out file's round-two questions (agreement with ``call`` at 10,000 deals on the
questions not too close, and the value the bids lose); ``--export DIR`` writes the predictions for every class at
every seat as the table bidder's round-two bids.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).parent))
from fit_round_two import load_questions  # noqa: E402
from round_two_dd_features import dd_columns  # noqa: E402
from round_two_families import design  # noqa: E402

from euchre_stats.bidding.features import FEATURES  # noqa: E402
from euchre_stats.bidding.fit_v2 import RoundTwoQuestions  # noqa: E402
from euchre_stats.bidding.model import policy_model  # noqa: E402
from euchre_stats.core.cards import SUITS, card_name, parse_card, parse_hand  # noqa: E402
from euchre_stats.bidding.table_model import role_suits  # noqa: E402
from euchre_stats.core.hand_classes import suit_ranks  # noqa: E402
from euchre_stats.core.seats import SEAT_NAMES  # noqa: E402

HERE = Path(__file__).parent
ROLES = (("next", "next_alone"), ("green1", "green1_alone"), ("green2", "green2_alone"))


def design2(model, q, rows, family: str):
    """``round_two_families.design``; with ``gbm2`` also, per suit named, the cards of the suit turned down held
    (how many, its ace), the named suit's queen, ten and nine, and the most trumps the hand holds in any other
    suit it may name."""
    if family in ("whole", "whole_dd"):   # each suit's columns and the whole hand's: every role's, in role order
        x, live = design2(model, q, rows, "gbm2")
        if family == "whole_dd":   # and each suit's double-dummy columns (round_two_dd_features.py)
            downs = np.array([parse_card(r["up"]) for r in rows])
            x = np.concatenate([x, np.nan_to_num(dd_columns(q.hands, downs, q.seats))], -1)
        suits = role_suits(np.asarray(q.hands, dtype=np.uint64), np.asarray(q.banned, dtype=np.int64))
        i = np.arange(len(x))
        hand = np.concatenate([x[i, suits[:, r]] for r in range(3)], axis=1)
        return np.concatenate([x, np.repeat(hand[:, None, :], 4, axis=1)], -1), live
    x, live = design(model, q, rows, "gbm" if family == "gbm2" else family)
    if family != "gbm2":
        return x, live
    n = len(q.hands)
    h = np.asarray(q.hands, dtype=np.uint64)
    b = np.asarray(q.banned, dtype=np.int64)
    down_ranks = suit_ranks(h, b)
    extra = np.zeros((n, 4, 5))
    extra[:, :, 0] = np.bitwise_count(down_ranks).astype(float)[:, None]
    extra[:, :, 1] = ((down_ranks >> np.uint64(7)) & np.uint64(1)).astype(float)[:, None]
    trumps = x[:, :, FEATURES.index("trumps")]
    for t in range(4):
        r = suit_ranks(h, np.full(n, t))
        for j, rank in enumerate((5, 3, 2)):   # queen, ten, nine (rank bits: 9 T J Q K A = 2 3 4 5 6 7)
            extra[:, t, 2 + j] = ((r >> np.uint64(rank)) & np.uint64(1)).astype(float)
    others = np.where(live, trumps, -1.0)
    for t in range(4):
        rest = np.delete(others, t, axis=1).max(axis=1)
        extra[:, t, 4] = rest
    return np.concatenate([x, extra], -1), live


def load_classes(runs: list[Path]) -> tuple[RoundTwoQuestions, list[dict], np.ndarray]:
    """The sampled rows (directories of ``round_two_sample.py``'s chunks, or Parquet files of rows such as
    ``benchmarks/round_two_rows_v4pop.parquet``) as questions, their rows (``up`` the card turned down) and the
    deals each option was played on."""
    paths = [p for run in runs for p in (sorted(run.glob("*.parquet")) if run.is_dir() else [run])]
    df = pd.concat([pd.read_parquet(p) for p in paths], ignore_index=True)
    n = len(df)
    hands = np.array([parse_hand(h) for h in df["hand"]], dtype=np.uint64)
    banned = np.array([parse_card(u) >> 3 for u in df["up"]], dtype=np.int64)
    seats = np.array([SEAT_NAMES.index(s) for s in df["seat"]], dtype=np.int64)
    vals = np.full((n, 4, 2), np.nan)
    deals = np.zeros((n, 4, 2))
    suits = role_suits(hands, banned)
    i = np.arange(n)
    for r, (call, alone) in enumerate(ROLES):
        vals[i, suits[:, r], 0] = df[f"ev_{call}"].to_numpy()
        vals[i, suits[:, r], 1] = df[f"ev_{alone}"].to_numpy()
        # (a run without the screen plays every option on the class's ``n`` deals)
        deals[i, suits[:, r], 0] = df[f"n_{call}" if f"n_{call}" in df else "n"].to_numpy()
        deals[i, suits[:, r], 1] = df[f"n_{alone}" if f"n_{alone}" in df else "n"].to_numpy()
    rows = [{"up": u} for u in df["up"]]
    return RoundTwoQuestions(hands, banned, seats, df["ev_pass"].to_numpy(), vals), rows, deals


#: what each family's columns are, for the manifest
FAMILY_WORDS = {
    "ridge": "{base}'s round-two features of naming each suit, per seat too, and the turned-down jack",
    "gbm": "{base}'s round-two features of naming each suit, the seat, the card turned down's rank",
    "gbm2": "{base}'s round-two features of naming each suit, the seat, the card turned down's rank, the cards "
            "held of the turned-down suit and its ace, the named suit's queen, ten and nine, the most trumps in "
            "another suit that may be named",
    "whole_dd": "{base}'s round-two features of naming each suit, the seat, the card turned down's rank, the "
                "cards held of the turned-down suit and its ace, the named suit's queen, ten and nine, the most trumps "
                "in another suit that may be named, and its double-dummy columns (round_two_dd_features.py: tricks, "
                "three or more, all five, with the partner and alone, on 48 deals); and the same columns of every "
                "suit of the hand (next, green1, green2)",
    "whole": "{base}'s round-two features of naming each suit, the seat, the card turned down's rank, the cards "
             "held of the turned-down suit and its ace, the named suit's queen, ten and nine, the most trumps in "
             "another suit that may be named; and the same columns of every suit of the hand (next, green1, green2)",
}
#: the gain over passing given to a suit never named (with the partner and alone)
NEVER = -2.0


def export(a, model, setting, fits, offsets, n_rows: int) -> None:
    """Predict every class's gains at every seat and write them as a round-two table of hundredths (pass 0,
    each role's call with the partner and alone its predicted gain over passing; a suit never named -- junk,
    or a single trump in a hand without an ace -- :data:`NEVER`): ``table.parquet`` and ``manifest.json`` in
    the shape the table bidder reads."""
    import json

    from euchre_stats.rules import preset
    from euchre_stats.strategy.classes import enumerate_classes
    from euchre_stats.output.atomic import atomic_write
    from euchre_stats.strategy.run import parquet_bytes

    rules = preset("north-american")
    cl = enumerate_classes(rules.deck, rules.hand_size)
    n = len(cl)
    banned = (cl.ups >> 3).astype(np.int64)
    rows = [{"up": card_name(int(u))} for u in cl.ups]
    suits = role_suits(cl.hands.astype(np.uint64), banned)
    parts = []
    for s in range(4):
        q = RoundTwoQuestions(cl.hands.astype(np.uint64), banned, np.full(n, s), np.zeros(n), np.zeros((n, 4, 2)))
        x, live = design2(model, q, rows, a.family)
        gain = predict(fits, x, live) + offsets[s][None, None, :]
        # never named: a junk suit (as shipped-v5), or a single trump in a hand without an ace (the guides' pass);
        # a finite gain far below passing, so that reading a pass stays plain arithmetic
        f = {k: x[:, :, FEATURES.index(k)] for k in ("trumps", "trump_ace", "off_aces")}
        never = ~live | ((f["trumps"] <= 1) & (f["trump_ace"] == 0) & (f["off_aces"] == 0))
        if not a.call_junk:   # the guides' junk pass whatever the base (a base with it makes such suits not live)
            top3 = x[:, :, FEATURES.index("top3")]
            never |= (top3 == 0) & (f["trumps"] <= 2) & (f["off_aces"] == 0)
        gain[never] = NEVER
        df = pd.DataFrame({"key": cl.keys.astype(np.int64), "seat": SEAT_NAMES[s], "too_close": False,
                           "ev_pass": 0.0})
        i = np.arange(n)
        for r, (call, alone) in enumerate(ROLES):
            df[f"ev_{call}"] = gain[i, suits[:, r], 0]
            df[f"ev_{alone}"] = gain[i, suits[:, r], 1]
        parts.append(df)
        print(f"predicted {SEAT_NAMES[s]}: {n} classes", flush=True)
    t = pd.concat(parts, ignore_index=True)
    for c in [c for c in t.columns if c.startswith("ev_")]:
        x = np.round(t[c].to_numpy() * 100)
        t[c] = pd.arrays.IntegerArray(np.where(np.isnan(x), 0, x).astype(np.int16), np.isnan(x))
    t = t.sort_values(["key", "seat"], kind="stable", ignore_index=True)
    a.export.mkdir(parents=True, exist_ok=True)
    manifest = {"format": "euchre-stats round-two bids (a fitted model's predictions, not simulated rows)",
                "settings": {"round": 2, "seats": list(SEAT_NAMES[:4]), "rules": rules.to_dict(),
                             "others": "shipped-v4", "model": "pimc"},
                "hundredths": True,
                "fit": {"family": a.family, "setting": list(setting) if isinstance(setting, tuple) else setting,
                        "features": FAMILY_WORDS[a.family].format(
                            base=a.base + (" (its junk pass off: junk suits fitted)" if a.fit_junk else "")),
                        "rows": n_rows, "with_questions": bool(a.with_questions),
                        "weighted_by_deals": bool(a.weight),
                        "alone_fitted_as": "its gain over the call with the partner, on the same deals"
                                           if a.alone_diff else "its gain over passing",
                        "offsets_by_seat": offsets.round(4).tolist(),
                        "never_named": (f"a single trump in a hand without an ace (junk suits called): {NEVER} "
                                        "with the partner and alone") if a.call_junk else
                                       (f"a junk suit, or a single trump in a hand without an ace: {NEVER} with "
                                        "the partner and alone"),
                        "source": [str(r) for r in a.run]}}
    atomic_write(a.export / "table.parquet", parquet_bytes(t, 10_000, compression="zstd"))
    atomic_write(a.export / "manifest.json", (json.dumps(manifest, indent=2) + "\n").encode())
    size = sum(p.stat().st_size for p in a.export.iterdir())
    print(f"wrote {len(t)} rows to {a.export} ({size / 1e6:.1f} MB)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run", type=Path, nargs="+", help="run directories or packed files of rows")
    ap.add_argument("family", choices=("ridge", "gbm", "gbm2", "whole", "whole_dd"))
    ap.add_argument("--check", default=str(HERE / "bidder_consistency_v4pop.jsonl"))
    ap.add_argument("--with-questions", action="store_true", help="also fit on the 1,200 training questions")
    ap.add_argument("--base", default="shipped-v5")
    ap.add_argument("--settings", default=None, help="gbm: lr:iters:leaf,...; ridge: penalties")
    ap.add_argument("--calibrate", action="store_true", help="offsets per seat fitted on the training questions")
    ap.add_argument("--weight", action="store_true", help="weight each row's gain by its option's deals")
    ap.add_argument("--alone-diff", action="store_true",
                    help="fit going alone's gain over the call with the partner (played on the same deals) instead "
                         "of its gain over passing")
    ap.add_argument("--show", action="store_true", help="print each held-out question missed")
    ap.add_argument("--fit-junk", action="store_true",
                    help="fit on the junk suits' rows too (the base's junk pass off; the export still passes them)")
    ap.add_argument("--call-junk", action="store_true",
                    help="with --fit-junk: export a junk suit's predicted gains instead of the guides' pass (a "
                         "measurement, never shipped)")
    ap.add_argument("--export", type=Path, default=None,
                    help="fit the (one) setting on every row and write its predictions for every class of every "
                         "seat to this directory, as the table bidder's round-two bids")
    a = ap.parse_args()
    _, model = policy_model(a.base)
    if a.call_junk and not a.fit_junk:
        sys.exit("--call-junk needs --fit-junk (a fit that saw the junk suits)")
    if a.fit_junk:   # the design then holds junk suits as live: the fit learns them, the export decides
        model = dataclasses.replace(model, junk_pass=0.0)
    qt, rt, deals = load_classes(a.run)
    print(f"{len(rt)} class rows: " + ", ".join(f"{SEAT_NAMES[s]} {int((qt.seats == s).sum())}" for s in range(4)))
    xt, lt = design2(model, qt, rt, a.family)
    yt = targets(qt, a.alone_diff)
    wt = [deals[:, :, c] for c in (0, 1)] if a.weight else None
    if a.with_questions:
        qq, rq = load_questions(HERE / "round_two_train_v4pop.jsonl")
        xq, lq = design2(model, qq, rq, a.family)
        xt, lt = np.concatenate([xt, xq]), np.concatenate([lt, lq])
        yt = [np.concatenate([y, q]) for y, q in zip(yt, targets(qq, a.alone_diff))]
        if wt is not None:   # a question's 2,000 deals
            wt = [np.concatenate([w, np.full(lq.shape, 2000.0)]) for w in wt]
    qh, rh = load_questions(a.check)
    xh, lh = design2(model, qh, rh, a.family)
    clear = np.array([not r["too_close"] for r in rh])
    if a.settings:
        settings = [float(s) if a.family == "ridge" else tuple(float(v) if "." in v else int(v) for v in s.split(":"))
                    for s in a.settings.split(",")]
    else:
        settings = ([1.0, 10.0, 100.0, 1000.0] if a.family == "ridge"
                    else [(lr, it, leaf) for lr in (0.05, 0.1) for it in (200, 500) for leaf in (20, 50)])
    if a.export is not None and len(settings) != 1:
        sys.exit("--export needs exactly one --settings")
    for setting in settings:
        fits = [fit(a.family, setting, xt, lt, yt, wt, col) for col in (0, 1)]
        if a.alone_diff:   # alone's gain over passing: the call's, plus alone's over the call
            f0, f1 = fits
            fits = [f0, lambda x, f0=f0, f1=f1: f0(x) + f1(x)]
        offsets = np.zeros((4, 2))
        if a.calibrate:
            qc, rc = load_questions(HERE / "round_two_train_v4pop.jsonl")
            xc, lc = design2(model, qc, rc, a.family)
            gc = predict(fits, xc, lc)
            offsets = calibrate(gc, qc, rc)
            # the offsets' own choice judged out of sample: fitted on one half of the training questions, the value
            # lost on the other half (and the other way round), a question
            half = np.arange(len(rc)) % 2 == 0
            cv = 0.0
            for fold in (half, ~half):
                idx = np.nonzero(fold)[0]
                off = calibrate(gc[idx], qc.subset(idx), [rc[i] for i in idx])
                rest = np.nonzero(~fold)[0]
                b = bids_of(gc[rest], qc.seats[rest], off)
                cv += sum(value_lost(rc[i], x) for i, x in zip(rest, b))
            b = bids_of(gc, qc.seats, np.zeros((4, 2)))
            none = sum(value_lost(r, x) for r, x in zip(rc, b)) / len(rc)
            print(f"  offsets (call, alone) by seat: {offsets.round(3).tolist()}; training questions' value lost "
                  f"a question, offsets cross-validated: {cv / len(rc):.4f} (without offsets {none:.4f})")
        if a.export is not None:
            export(a, model, setting, fits, offsets, len(yt[0]))
        bids = bids_of(predict(fits, xh, lh), qh.seats, offsets)
        hit = np.array([b == r["recommendation"] for b, r in zip(bids, rh)])
        lost = np.array([value_lost(r, b) for b, r in zip(bids, rh)])
        by_seat = " ".join(f"{int(hit[clear & (qh.seats == s)].sum())}/{int((clear & (qh.seats == s)).sum())}"
                           for s in range(4))
        if a.show:
            for i in np.nonzero(clear & ~hit)[0]:
                r = rh[i]
                top = sorted(r["ev"].items(), key=lambda kv: -kv[1])[:3]
                print(f"  {r['seat']:7} {r['hand']} down {r['up']}: call {r['recommendation']!r}, bid {bids[i]!r} "
                      f"(loses {lost[i]:.3f}); call's best {', '.join(f'{k} {v:+.3f}' for k, v in top)}")
        print(f"{setting}: agrees {int(hit[clear].sum())}/{int(clear.sum())} ({hit[clear].mean():.1%}; {by_seat}); "
              f"value lost {lost.mean():.4f} ± {lost.std(ddof=1) / np.sqrt(len(lost)):.4f} a question", flush=True)


def targets(q: RoundTwoQuestions, alone_diff: bool) -> list[np.ndarray]:
    """The two targets, ``(n, 4)`` each: the call's gain over passing, and alone's over passing (or, with
    ``alone_diff``, over the call)."""
    y = [q.values[:, :, c] - q.pass_value[:, None] for c in (0, 1)]
    return [y[0], y[1] - y[0]] if alone_diff else y


def value_lost(row: dict, bid: str) -> float:
    """What bidding ``bid`` loses on an answered question: its best option's value minus the bid's."""
    return max(row["ev"].values()) - row["ev"][bid]


def fit(family, setting, xt, lt, yt, wt, col):
    """One option kind's model (0 the call with the partner, 1 alone): a function of design rows."""
    ok = lt & ~np.isnan(yt[col])
    if family == "ridge":
        from round_two_families import ridge
        w = ridge(xt[ok], yt[col][ok], setting)
        return lambda x: x @ w
    from sklearn.ensemble import HistGradientBoostingRegressor
    lr, iters, leaf = setting
    m = HistGradientBoostingRegressor(learning_rate=lr, max_iter=iters, min_samples_leaf=leaf, random_state=0)
    m.fit(xt[ok], yt[col][ok], sample_weight=None if wt is None else wt[col][ok])
    return m.predict


def predict(fits, x, live) -> np.ndarray:
    """``(n, 4, 2)`` predicted gains over passing (``-inf`` where a suit may not be named)."""
    gain = np.full(live.shape + (2,), -np.inf)
    for col, f in enumerate(fits):
        gain[:, :, col][live] = f(x[live])
    return gain


def bids_of(gain, seats, offsets) -> list[str]:
    """The bid of each question: the suit whose better way of calling it gains most (each way's gain moved by
    its seat's offsets), when that is above 0; alone when alone gains more."""
    g = gain + offsets[seats][:, None, :]
    take = g.max(axis=2)
    k, best = take.argmax(axis=1), take.max(axis=1)
    alone = g[np.arange(len(g)), k, 1] > g[np.arange(len(g)), k, 0]
    return ["pass" if best[i] <= 0 else SUITS[k[i]] + (" alone" if alone[i] else "") for i in range(len(g))]


def calibrate(gain, q, rows) -> np.ndarray:
    """Per seat the offsets (call, alone) on a grid of hundredths from -0.3 to +0.3 whose bids lose the least
    value on the training questions ``rows`` (the command's values)."""
    grid = np.round(np.arange(-0.30, 0.301, 0.02), 2)
    out = np.zeros((4, 2))
    for s in range(4):
        idx = np.nonzero(q.seats == s)[0]
        best = None
        for dc in grid:
            for da in grid:
                off = np.zeros((4, 2))
                off[s] = dc, da
                bids = bids_of(gain[idx], q.seats[idx], off)
                lost = sum(value_lost(rows[i], b) for i, b in zip(idx, bids))
                if best is None or lost < best[0] - 1e-12 or (abs(lost - best[0]) < 1e-12
                                                               and abs(dc) + abs(da) < abs(best[1]) + abs(best[2])):
                    best = (lost, dc, da)
        out[s] = best[1], best[2]
    return out

if __name__ == "__main__":
    main()
