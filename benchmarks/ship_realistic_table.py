"""Ship the finished seats of a realistic table run (``euchre-stats table --model pimc``) as the package's
realistic table (``euchre_stats/data/realistic_table``, which ``advise`` answers from first and the table bidder
reads; a ``--round 2`` run: ``euchre_stats/data/realistic_table_round2``, which the table bidder reads), with
their summaries (``data/tables/north-american-realistic/by_*.csv``; round two ``...-round2``) and charts and
strategy sheets (``euchre_stats/data/charts/north-american-realistic/*.png``; round two ``...-round2``).

    python benchmarks/ship_realistic_table.py RUN_DIR [--out DIR] [--summary-dir DIR] [--charts-dir DIR]

The run may still be going: only seats whose every chunk is committed are exported (issue 32).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

from euchre_stats.strategy.advise import SHIPPED_REALISTIC, SHIPPED_REALISTIC_ROUND_TWO, export_realistic
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.strategy.run import chart_context, finished_seats, refined_seats, write_summaries

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir")
    ap.add_argument("--out", default=None, help=f"default {SHIPPED_REALISTIC} (round one) or "
                    f"{SHIPPED_REALISTIC_ROUND_TWO} (round two)")
    ap.add_argument("--summary-dir", default=None, help="default data/tables/north-american-realistic (round two: "
                    "...-realistic-round2)")
    ap.add_argument("--charts-dir", default=None, help="default euchre_stats/data/charts/north-american-realistic "
                    "(round two: ...-realistic-round2)")
    args = ap.parse_args()
    spec, _, table = finished_seats(args.run_dir)
    name = "north-american-realistic" + ("" if spec.round == 1 else "-round2")
    if args.out is None:
        args.out = str(SHIPPED_REALISTIC if spec.round == 1 else SHIPPED_REALISTIC_ROUND_TWO)
    if args.summary_dir is None:
        args.summary_dir = str(ROOT / "data" / "tables" / name)
    if args.charts_dir is None:
        args.charts_dir = str(ROOT / "euchre_stats" / "data" / "charts" / name)
    seats = export_realistic(args.run_dir, args.out)
    size = sum(p.stat().st_size for p in Path(args.out).iterdir())
    print(f"exported {', '.join(seats)} to {args.out} ({size / 1e6:.1f} MB)")
    charts = Path(args.charts_dir)
    if charts.exists():
        shutil.rmtree(charts)   # a seat's sheet is never left from an earlier export
    about = f"{chart_context(spec)}; seats finished: {', '.join(seats)}"
    if spec.refine is not None:   # which seats' rows too close to call were played again so far
        done = [SEAT_NAMES[s] for s in refined_seats(args.run_dir)]
        about += f"; refined so far: {', '.join(done) or 'none'}"
    paths = write_summaries(table, args.summary_dir, charts, about=about, parquet=False, csv=True)
    manifest = json.loads((Path(args.out) / "manifest.json").read_text())
    (Path(args.summary_dir) / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
    print(f"wrote {len(paths)} summaries and charts to {args.summary_dir} and {charts}")


if __name__ == "__main__":
    main()
