"""Ship the finished seats of a realistic round-one table run (``euchre-stats table --model pimc``) as the
package's realistic table (``euchre_stats/data/realistic_table``), which ``advise`` answers from first.

    python benchmarks/ship_realistic_table.py RUN_DIR [--out DIR]

The run may still be going: only seats whose every chunk is committed are exported (issue 32).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from euchre_stats.strategy.advise import SHIPPED_REALISTIC, export_realistic


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("run_dir")
    ap.add_argument("--out", default=str(SHIPPED_REALISTIC))
    args = ap.parse_args()
    seats = export_realistic(args.run_dir, args.out)
    size = sum(p.stat().st_size for p in Path(args.out).iterdir())
    print(f"exported {', '.join(seats)} to {args.out} ({size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
