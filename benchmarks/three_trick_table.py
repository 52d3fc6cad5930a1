"""Write the table of three-trick endings the solver reads (``euchre_stats/data/three_trick_endings.npz``).

The leader's side's tricks in each three-trick ending of four hands with a trump suit, seat 0 to lead and the
plain slots longest first (the solver turns every such ending to one of these), for the 61 shapes of the 24-
and 25-card packs (at most 8 trumps and 6 cards of a plain suit among the twelve cards), solved by the
solver's own search (``euchre_stats.engine.search.build_three_table``, with the two-trick table), 2 bits an
ending; prints the CRC-32 of the words, which ``euchre_stats.solver.THREE_TABLE_CRC`` must quote.
``tests/solver/test_three_table.py`` checks the file against a fresh build of some shapes and the solver with
the table against the solver without it.

    python benchmarks/three_trick_table.py
"""

from __future__ import annotations

import time
import zlib

import numpy as np

from euchre_stats.engine import search
from euchre_stats.solver import THREE_TABLE_FILE, _two_endings


def main() -> None:
    three = np.zeros(search.THREE_WORDS, dtype=np.int64)
    t = time.process_time()
    search.build_three_table(three, _two_endings(search), 0, search.THREE_SHAPES.shape[0])
    cpu = time.process_time() - t
    np.savez_compressed(THREE_TABLE_FILE, three=three)
    print(f"{search.THREE_SHAPES.shape[0] * search.THREE_OWN:,} endings in {three.nbytes:,} bytes, "
          f"{THREE_TABLE_FILE.stat().st_size:,} on disk, built in {cpu:.2f} CPU-s (the compile included on a "
          f"first run); CRC-32 {zlib.crc32(three)}")


if __name__ == "__main__":
    main()
