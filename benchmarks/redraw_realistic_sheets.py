"""Draw the shipped realistic table's strategy sheets again from the shipped rows
(``euchre_stats/data/realistic_table``) alone, without the run directory they were exported from: the class
labels, off-suit aces and multiplicities are recomputed from each row's class key (``strategy.classes``). Drawn
with the code of 2026-12-05 before the sheets' "too close" mark, this gave the shipped PNGs byte for byte.

    python benchmarks/redraw_realistic_sheets.py euchre_stats/data/charts/north-american-realistic
"""

import sys
from pathlib import Path

import numpy as np
import pandas as pd

from euchre_stats.strategy.classes import enumerate_classes, class_label, split_key
from euchre_stats.strategy.advise import SHIPPED_REALISTIC
from euchre_stats.strategy.charts import strategy_sheet
from euchre_stats.strategy.rundir import read_manifest

out = sys.argv[1]
man = read_manifest(SHIPPED_REALISTIC)
s = man["settings"]
t = pd.read_parquet(SHIPPED_REALISTIC / "table.parquet", columns=["key", "seat", "best", "too_close"])
cl = enumerate_classes("24", 5)
m = pd.Series(cl.multiplicity, index=cl.keys.astype(np.uint64))
keys = t.key.astype(np.uint64).values
t["multiplicity"] = m.reindex(keys).values
t["label"] = [class_label(split_key(int(k))[0]) for k in keys]
t["off_aces"] = t["label"].str.split("|").str[1].str.count("A")
refine = "" if s.get("refine") is None else f" (up to {s['refine']:,} where too close)"
refined = ", ".join(man.get("refined_seats", [])) or "none"
about = (f"{s['model']} play, rules: north-american, {s['samples_per_class']:,} deals per class{refine}, "
         f"seed {s['seed']}; seats finished: {', '.join(s['seats'])}; refined so far: {refined}")
Path(out).mkdir(parents=True, exist_ok=True)
for seat in s["seats"]:
    strategy_sheet(t, seat, f"{out}/sheet_{seat}.png", about)
