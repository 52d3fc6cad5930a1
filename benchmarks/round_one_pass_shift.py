"""A model of how much more a round-one pass is worth at a table of ``shipped-table`` players than the shipped
realistic table says (issue 31, "Consistency").

    python benchmarks/round_one_pass_shift.py ROWS.jsonl [...] [--below N]     # fit, check, print
    python benchmarks/round_one_pass_shift.py ROWS.jsonl [...] --export DIR    # and write the shift of every class

The rows are ``round_one_population_rows.py``'s: round-one questions answered on the same deals at the default
population and at a table of ``shipped-table`` players (the others and your own later bids).  Only the pass
differs between the two (ordering ends the auction), so the target is their passes' difference.  A
gradient-boosted model (scikit-learn's ``HistGradientBoostingRegressor``, installed beside the project for the
fit only: the result is a table) learns it from the class's columns: the seat, ``shipped-v5``'s round-one
features, the ranks held in each canonical suit, the upcard's rank, and what each bidder would do in round two
with the upcard's suit turned down (the table bidder's predicted gain of its own choice and of ``shipped-v4``'s
choice, whether they differ, and ``shipped-v4``'s own best score).  Five folds, each row predicted by the fit
that did not see it.  The check: the round-one questions of the consistency files priced against
``shipped-table`` (seeds 31 and 32), the table bidder's rows read with and without the predicted shift on the
pass.  ``--export DIR`` writes every class's shift at every seat (hundredths of a point) for the table bidder.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pandas as pd

from euchre_stats.bidding.model import policy_model
from euchre_stats.bidding.table_model import round_one_rows
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.hand_classes import round_one_keys, split_key, suit_ranks
from euchre_stats.core.seats import SEAT_NAMES

HERE = Path(__file__).parent
CHECKS = ((HERE / "bidder_consistency_tablepop.jsonl", 31), (HERE / "bidder_consistency_tablepop_seed32.jsonl", 32))
SETTINGS = dict(max_iter=200, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=80, early_stopping=False)
FOLDS, SEED = 5, 1
OPTIONS = ("pass", "order", "order alone")


def keys_of(hands: list[str], ups: list[str]) -> np.ndarray:
    return np.array([round_one_keys(np.array([parse_hand(h)], dtype=np.uint64), parse_card(u))[0]
                     for h, u in zip(hands, ups)], dtype=np.uint64)


def columns(keys: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """The model's columns of classes ``keys`` at ``seats`` (0 eldest .. 3 the dealer)."""
    hands, up = split_key(keys.astype(np.uint64))
    v5 = policy_model("shipped-v5")[1]
    table = policy_model("shipped-table")[1]
    v4 = policy_model("shipped-v4")[1]
    n = len(keys)
    feats = None
    r2 = np.zeros((n, 5))
    for s in range(4):
        for u in np.unique(up[seats == s]):
            i = np.nonzero((up == u) & (seats == s))[0]
            x = v5.round_one_features(hands[i], s, int(u))
            if feats is None:
                feats = np.zeros((n, x.shape[1]))
            feats[i] = x
            gt = table.round_two_gains(hands[i], int(u) >> 3, s, int(u))   # (m, 4, 2): take, alone over partner
            gv = v4.round_two_gains(hands[i], int(u) >> 3, s, int(u))
            m = len(i)
            take_t, take_v = gt[:, :, 0], gv[:, :, 0]
            st, sv = take_t.argmax(1), take_v.argmax(1)
            k = np.arange(m)
            val_t = np.where(take_t[k, st] > 0, take_t[k, st], 0.0)
            # the table bidder's predicted gain of shipped-v4's choice (passing 0)
            val_v = np.where(take_v[k, sv] > 0, np.where(np.isfinite(take_t[k, sv]), take_t[k, sv], -2.0), 0.0)
            r2[i] = np.stack([val_t, val_v, val_t - val_v, ((take_t[k, st] > 0) != (take_v[k, sv] > 0))
                              | ((take_t[k, st] > 0) & (st != sv)), np.clip(take_v[k, sv], -3, 3)], axis=1)
    bits = [((suit_ranks(hands, np.full(n, s)).astype(np.int64) >> b) & 1) for s in range(4) for b in range(8)]
    return np.hstack([seats[:, None].astype(float), feats, np.stack(bits + [up & 7], axis=1), r2])


def fit_model(x: np.ndarray, y: np.ndarray):
    from sklearn.ensemble import HistGradientBoostingRegressor

    return HistGradientBoostingRegressor(random_state=SEED, categorical_features=[0], **SETTINGS).fit(x, y)


def out_of_fold(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    fold = np.random.default_rng(SEED).integers(0, FOLDS, len(y))
    pred = np.zeros(len(y))
    for k in range(FOLDS):
        pred[fold == k] = fit_model(x[fold != k], y[fold != k]).predict(x[fold == k])
    return pred


def load_rows(paths: list[Path], below: int | None = None) -> pd.DataFrame:
    rows = [json.loads(line) for p in paths for line in p.read_text().splitlines() if line.strip()]
    rows = [r for r in rows if below is None or r["i"] < below]
    df = pd.DataFrame({"seat": [SEAT_NAMES.index(r["seat"]) for r in rows], "hand": [r["hand"] for r in rows],
                       "up": [r["up"] for r in rows],
                       "y": [r["table"]["pass"] - r["v4"]["pass"] for r in rows]})
    return df.drop_duplicates(subset=["seat", "hand", "up"], ignore_index=True)


def check(model, label: str, shifted=tuple(SEAT_NAMES[:4])) -> None:
    rows = round_one_rows(shift=None)   # the rows before any shift (the shipped one included)
    for path, seed in CHECKS:
        qs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        qs = [q for q in qs if q["round"] == 1 and not q["too_close"]]
        seats = np.array([SEAT_NAMES.index(q["seat"]) for q in qs])
        keys = keys_of([q["hand"] for q in qs], [q["up"] for q in qs])
        shift = model.predict(columns(keys, seats)) if model is not None else np.zeros(len(qs))
        shift = np.where(np.isin(seats, [SEAT_NAMES.index(s) for s in shifted]), shift, 0.0)
        hits0 = hits1 = 0
        for q, s, k, d in zip(qs, seats, keys, shift):
            v = rows.lookup(int(s), np.array([k], dtype=np.uint64))[0]
            if np.isnan(v).any():
                continue
            b0 = OPTIONS[int(np.argmax(v))]
            v1 = v.copy()
            v1[0] += d
            b1 = OPTIONS[int(np.argmax(v1))]
            hits0 += b0 == q["recommendation"]
            hits1 += b1 == q["recommendation"]
            if b0 != b1:
                print(f"    seed {seed} {q['i']} {q['seat']} {q['hand']} up {q['up']}: {b0!r} -> {b1!r} "
                      f"(shift {d:+.3f}; the command says {q['recommendation']!r})")
        print(f"  {label}, seed {seed}: the rows agree on {hits0} of {len(qs)} round-one questions not too close, "
              f"with the shift {hits1}")


def export(model, out: Path, n_rows: int, sources: list[str], below: int | None, seats: list[str]) -> None:
    from euchre_stats.output.atomic import atomic_write
    from euchre_stats.rules import preset
    from euchre_stats.strategy.classes import enumerate_classes
    from euchre_stats.strategy.run import parquet_bytes

    rules = preset("north-american")
    cl = enumerate_classes(rules.deck, rules.hand_size)
    parts, shifted = [], seats
    for s in range(4):
        seats = np.full(len(cl.keys), s)
        shift = model.predict(columns(cl.keys.astype(np.uint64), seats))
        if SEAT_NAMES[s] not in shifted:
            shift = np.zeros(len(shift))
        parts.append(pd.DataFrame({"key": cl.keys.astype(np.int64), "seat": SEAT_NAMES[s],
                                   "pass_shift": np.round(shift * 100).astype(np.int16)}))
        print(f"predicted {SEAT_NAMES[s]}: {len(cl.keys)} classes, mean shift {shift.mean():+.4f}", flush=True)
    t = pd.concat(parts, ignore_index=True).sort_values(["key", "seat"], kind="stable", ignore_index=True)
    manifest = {"format": "euchre-stats round-one pass shift (a fitted model's predictions, not simulated rows)",
                "rules": rules.to_dict(), "hundredths": True,
                "meaning": "the pass's value at a table of shipped-table players (the others and your own later "
                           "bids) minus its value at the default population's (shipped-v4), predicted per class and "
                           "seat; the table bidder adds it to the realistic table's pass",
                "seats_shifted": shifted,
                "fit": {"rows": n_rows, "questions_below": below, "settings": SETTINGS, "folds": FOLDS, "seed": SEED,
                        "source": sources,
                        "script": "benchmarks/round_one_pass_shift.py"}}
    out.mkdir(parents=True, exist_ok=True)
    atomic_write(out / "table.parquet", parquet_bytes(t, 10_000, compression="zstd"))
    atomic_write(out / "manifest.json", (json.dumps(manifest, indent=2) + "\n").encode())
    print(f"wrote {len(t)} rows to {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", type=Path, nargs="+")
    ap.add_argument("--below", type=int, default=None, help="only the questions numbered below this")
    ap.add_argument("--export", type=Path, default=None)
    ap.add_argument("--seats", default="eldest,partner,third,dealer",
                    help="the seats whose shift the export writes (0 at the others)")
    a = ap.parse_args()
    seats = a.seats.split(",")
    if not seats or any(s not in SEAT_NAMES[:4] for s in seats):
        ap.error(f"--seats {a.seats!r}: expected names among {', '.join(SEAT_NAMES[:4])}")
    for p in a.rows:
        if not p.is_file():
            ap.error(f"no such file: {str(p)!r}")
    df = load_rows(a.rows, a.below)
    keys = keys_of(list(df.hand), list(df.up))
    x = columns(keys, df.seat.to_numpy())
    y = df.y.to_numpy()
    print(f"{len(df)} questions; the pass's shift: mean {y.mean():+.4f}, sd {y.std():.4f}")
    pred = out_of_fold(x, y)
    for s in range(4):
        k = df.seat.to_numpy() == s
        r2 = 1 - np.mean((y[k] - pred[k]) ** 2) / np.var(y[k])
        print(f"  {SEAT_NAMES[s]:8s} n {k.sum():5d}: mean {y[k].mean():+.4f}, out of fold R^2 {r2:.3f}, "
              f"mean |error| {np.abs(y[k] - pred[k]).mean():.4f} (predicting the mean: "
              f"{np.abs(y[k] - y[k].mean()).mean():.4f})")
    model = fit_model(x, y)
    check(None, "no shift")
    check(model, f"the fitted shift ({', '.join(seats)})", seats)
    if a.export is not None:
        export(model, a.export, len(df), [str(p) for p in a.rows], a.below, seats)


if __name__ == "__main__":
    main()
