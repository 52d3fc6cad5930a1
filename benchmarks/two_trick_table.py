"""Write the table of two-trick endings the solver reads (``euchre_stats/data/two_trick_endings.npz``).

Side 0's tricks in each two-trick ending of four hands with a trump suit, by the solver's own
fixed-depth minimax (``euchre_stats.engine.search.build_two_table``), 2 bits an ending; prints the
md5 of the words, which ``euchre_stats.solver.TWO_TABLE_MD5`` must quote (the solver builds the table
itself, about 0.1 CPU-s, when the file is missing or differs).  ``tests/solver/test_two_table.py``
checks the file against a fresh build and the endings against the plain minimax of the tests.

    python benchmarks/two_trick_table.py
"""

from __future__ import annotations

import hashlib
import time

import numpy as np

from euchre_stats.engine import search
from euchre_stats.solver import TWO_TABLE_FILE


def main() -> None:
    two = np.zeros(search.TWO_WORDS, dtype=np.int64)
    t = time.process_time()
    search.build_two_table(two, search.TWO_T28, search.TWO_T15, search.TWO_T6, search.TWO_SHAPE)
    cpu = time.process_time() - t
    np.savez_compressed(TWO_TABLE_FILE, two=two)
    md5 = hashlib.md5(two.tobytes()).hexdigest()
    print(f"{search.TWO_ENDINGS:,} endings in {two.nbytes:,} bytes, {TWO_TABLE_FILE.stat().st_size:,} on disk, "
          f"built in {cpu:.2f} CPU-s (the compile included on a first run); md5 {md5}")


if __name__ == "__main__":
    main()
