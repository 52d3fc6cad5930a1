"""Round two's fitted bids read through the rows priced as the questions are (issue 31, "Consistency").

    python benchmarks/round_two_recalibrate.py benchmarks/round_two_rows_tablepop_newplay_seed42.parquet \
        --export euchre_stats/data/round_two_bids

The shipped round-two bids (``euchre_stats/data/round_two_bids``) are a model fitted on rows priced against
``shipped-v4`` under the realistic play of their day.  Held-out rows of the same classes priced against
``shipped-table`` under today's play (``round_two_sample.py --others shipped-table --seed 42``) show where their
predictions are off: near zero the measured gain of a call over passing is above the predicted one (eldest by
about 0.06 points, the dealer and its partner by 0.03), and near zero going alone's measured gain over the call
with the partner is above the predicted one by about 0.05 (the lone maker's leads changed).

This script fits, per seat, a monotone map from each predicted gain to the mean measured gain on those rows
(isotonic regression, ``scipy.optimize.isotonic_regression``, weighted by the rows at each predicted value; a row's
suits with the partner pooled over next and the two green suits) -- first the call's gain over passing, then going
alone's gain over the call with the partner -- and writes the bids with both maps applied, each as a shift of the
prediction (beyond the rows' range the shift at the nearest end).  Suits never named (junk, a single trump in a
hand without an ace) stay never named.  ``--folds 2`` first prints, for each half of the rows, the calibration of
the maps fitted on the other half, so that the correction is judged on rows it did not see.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import pandas as pd
from scipy.optimize import isotonic_regression

from euchre_stats.bidding.table_model import ROUND_TWO_BIDS_DIR
from euchre_stats.core.seats import SEAT_NAMES

ROLES = ("next", "green1", "green2")
#: the hundredths a suit never named is written with (``round_two_fit_classes.py``'s ``NEVER``)
NEVER = -200


def pairs(rows: pd.DataFrame, bids: pd.DataFrame) -> pd.DataFrame:
    """Per row and named suit the bids may name: the seat, the predicted gains (call over passing, alone over
    the call) and the row's measured ones (both options of a suit are played on the same deals)."""
    m = rows.assign(row=np.arange(len(rows))).merge(bids, on=["key", "seat"], suffixes=("", "_b"),
                                                    validate="one_to_one")
    out = []
    for r in ROLES:
        g = m[f"ev_{r}_b"].astype(float) / 100
        ga = m[f"ev_{r}_alone_b"].astype(float) / 100
        live = (m[f"ev_{r}_b"] > NEVER) & m[f"ev_{r}"].notna() & m[f"ev_{r}_alone"].notna()
        out.append(pd.DataFrame({"row": m["row"], "seat": m["seat"], "g": g, "d": ga - g,
                                 "mg": m[f"ev_{r}"] - m["ev_pass"], "md": m[f"ev_{r}_alone"] - m[f"ev_{r}"]})[live])
    return pd.concat(out, ignore_index=True)


def shift_map(x: np.ndarray, y: np.ndarray):
    """The monotone fit of ``y`` on ``x`` as a shift: a function giving, for predictions ``z``, the fitted mean at
    ``z`` minus ``z`` (linear between the distinct predictions seen, the end's shift beyond them)."""
    u, inv = np.unique(np.round(x, 2), return_inverse=True)
    w = np.bincount(inv).astype(float)
    mean = np.bincount(inv, weights=y) / w
    fitted = isotonic_regression(mean, weights=w).x
    return lambda z: np.interp(z, u, fitted - u)


def fit_maps(p: pd.DataFrame) -> dict:
    """Per seat name: (the call's shift, the alone-over-call shift)."""
    return {s: (shift_map(q["g"].to_numpy(), q["mg"].to_numpy()), shift_map(q["d"].to_numpy(), q["md"].to_numpy()))
            for s, q in p.groupby("seat")}


def calibration(p: pd.DataFrame, maps: dict | None, label: str) -> None:
    """Mean measured against mean predicted gain near the decisions (predictions within 0.3 of 0)."""
    g, d = p["g"].to_numpy().copy(), p["d"].to_numpy().copy()
    if maps:
        for s, (fc, fd) in maps.items():
            k = (p["seat"] == s).to_numpy()
            g[k] += fc(g[k])
            d[k] += fd(d[k])
    print(f"{label}:")
    for name, pred, meas in (("call over pass", g, p["mg"].to_numpy()), ("alone over call", d, p["md"].to_numpy())):
        for s in SEAT_NAMES[:4]:
            k = (p["seat"] == s).to_numpy() & (np.abs(pred) < 0.3)
            if name == "alone over call":
                k &= g > -0.3   # where the call is worth considering
            e = meas[k] - pred[k]
            print(f"    {name:16s} {s:8s} n {k.sum():6d}: measured − predicted {e.mean():+.4f} ± "
                  f"{e.std(ddof=1) / np.sqrt(k.sum()):.4f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rows", type=Path, nargs="+", help="packed round-two rows priced as the questions are")
    ap.add_argument("--bids", type=Path, default=ROUND_TWO_BIDS_DIR, help="the bids to read (a bids directory)")
    ap.add_argument("--folds", type=int, default=2, help="halves to check the maps on rows they did not see")
    ap.add_argument("--seed", type=int, default=1, help="how the rows are split into folds")
    ap.add_argument("--maps", choices=("both", "call", "alone"), default="both",
                    help="which maps the export applies (the call's gain over passing, going alone's over the call)")
    ap.add_argument("--export", type=Path, default=None, help="write the recalibrated bids here")
    a = ap.parse_args()
    for f in [*a.rows, a.bids / "table.parquet", a.bids / "manifest.json"]:
        if not f.exists():
            ap.error(f"no such file: {str(f)!r}")
    rows = pd.concat([pd.read_parquet(f) for f in a.rows], ignore_index=True)
    bids = pd.read_parquet(a.bids / "table.parquet")
    p = pairs(rows, bids)
    print(f"{len(rows)} rows, {len(p)} suits named with a prediction")
    calibration(p, None, "the bids as they are (all rows)")
    if a.folds > 1:
        fold = np.random.default_rng(a.seed).integers(0, a.folds, len(rows))
        fold_of = fold[p["row"].to_numpy()]
        for k in range(a.folds):
            calibration(p[fold_of == k], fit_maps(p[fold_of != k]), f"fold {k}, the maps fitted on the other rows")
    maps = fit_maps(p)
    if a.export is None:
        return
    out = bids.copy()
    zero = lambda z: np.zeros_like(np.asarray(z, dtype=float))  # noqa: E731
    maps = {s: (fc if a.maps != "alone" else zero, fd if a.maps != "call" else zero) for s, (fc, fd) in maps.items()}
    for s, (fc, fd) in maps.items():
        k = (out["seat"] == s).to_numpy()
        for r in ROLES:
            g = out.loc[k, f"ev_{r}"].astype(float).to_numpy() / 100
            ga = out.loc[k, f"ev_{r}_alone"].astype(float).to_numpy() / 100
            live = g * 100 > NEVER
            g2 = g + fc(g)
            ga2 = g2 + (ga - g) + fd(ga - g)
            for c, v in ((f"ev_{r}", g2), (f"ev_{r}_alone", ga2)):
                col = out.loc[k, c].to_numpy(dtype=float, na_value=np.nan)
                new = np.where(live, np.round(v * 100), col)
                na = np.isnan(new)
                vals = np.clip(np.where(na, 0, new), -32000, 32000).astype(np.int16)
                out.loc[k, c] = pd.arrays.IntegerArray(vals, na)
    from euchre_stats.output.atomic import atomic_write
    from euchre_stats.strategy.run import parquet_bytes

    manifest = json.loads((a.bids / "manifest.json").read_text())
    manifest["fit"]["recalibrated"] = {
        "maps": a.maps,
        "how": "per seat, isotonic maps of the predicted gains (the call's over passing, then going alone's over "
               "the call with the partner) to the mean measured gains of these rows, applied as shifts "
               "(benchmarks/round_two_recalibrate.py)",
        "rows": [str(f) for f in a.rows], "n_rows": len(rows),
        "shifts_at_0": {s: [round(float(fc(np.zeros(1))[0]), 4), round(float(fd(np.zeros(1))[0]), 4)]
                        for s, (fc, fd) in maps.items()}}
    a.export.mkdir(parents=True, exist_ok=True)
    atomic_write(a.export / "table.parquet", parquet_bytes(out, 10_000, compression="zstd"))
    atomic_write(a.export / "manifest.json", (json.dumps(manifest, indent=2) + "\n").encode())
    shifts = manifest["fit"]["recalibrated"]["shifts_at_0"]
    print(f"wrote {len(out)} rows to {a.export}; shifts at 0 (call, alone): {shifts}")


if __name__ == "__main__":
    main()
