"""A full-size run directory for timing ``advise --table``: every class of the 24-card deck, four seats.

    python benchmarks/advise_run_dir.py --out /tmp/full-run [--row-group 10000]
    python benchmarks/startup.py --repeat 5 --table /tmp/full-run

Computing a real four-seat table takes hours, and reading one row does not depend on the values: the
rows of a tiny real run (``--limit 4``, each seat's four classes, double-dummy, 10 deals) are repeated
over the 105,798 classes of each seat with each class's own key, hand and upcard (423,192 rows), and
written as ``euchre-stats table`` writes ``table.parquet`` (``--row-group``: rows per Parquet row group;
0 = pyarrow's default, one group), with the tiny run's manifest.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd

import euchre_stats as es
from euchre_stats.core.cards import card_name
from euchre_stats.strategy.classes import class_text, enumerate_classes
from euchre_stats.strategy.run import TABLE_ROW_GROUP, parquet_bytes


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--row-group", type=int, default=TABLE_ROW_GROUP)
    a = ap.parse_args()
    src = Path(tempfile.mkdtemp())
    tiny = es.table("all", run_dir=str(src), limit=4, samples_per_class=10, seed=3, model="dd", charts=False).table
    cl = enumerate_classes("24")
    n = len(cl.keys)
    parts = []
    for seat in ("eldest", "partner", "third", "dealer"):
        rows = tiny[tiny["seat"] == seat].iloc[np.arange(n) % 4].reset_index(drop=True)
        rows["class_id"] = np.arange(n)
        rows["key"] = cl.keys.astype(np.int64)
        rows["hand"] = [class_text(int(h)) for h in cl.hands]
        rows["up"] = [card_name(int(u)) for u in cl.ups]
        parts.append(rows)
    full = pd.concat(parts, ignore_index=True)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    m = json.loads((src / "manifest.json").read_text())
    m["settings"].update(limit=None, class_count=n)
    (out / "manifest.json").write_text(json.dumps(m, indent=2) + "\n")
    (out / "table.parquet").write_bytes(parquet_bytes(full, a.row_group or None))
    print(f"{out}: {len(full):,} rows, {(out / 'table.parquet').stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
