"""The compiled kernels as plain Python: the engine's searches and the realistic player's choice run
with ``NUMBA_DISABLE_JIT=1`` (every kernel an ordinary Python function, bounds and overflow as
Python sees them) and still agree with their slow twins.

The other tests run the kernels compiled; this one runs the same source interpreted, in a
subprocess (numba reads the switch at import), on fewer positions: the four-seat search against
plain minimax (trump and no trump), and the N-seat search against plain minimax at six seats.

Not here: the realistic player's kernels.  Their transposition table hashes positions with 64-bit
products that wrap around when compiled; interpreted, Python's integers do not wrap and the hash
overflows numpy's int64 (``OverflowError`` in ``engine/search.py``'s ``_search_t``), so those
kernels are checked compiled only (``tests/cardplay/test_realistic.py``, against the slow twin).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import sys
sys.path[:0] = [sys.argv[1] + "/reference", sys.argv[1] + "/solver"]
from numba import config
assert config.DISABLE_JIT, "the switch did not reach numba"

import numpy as np

# the four-seat search against plain minimax (trump and no trump, seats out, cards on the table)
from test_solver import _check_against_naive, _positions
_check_against_naive(_positions(seed=5, count=120, slow=False))
_check_against_naive(_positions(seed=6, count=40, slow=False, trump=4, decks=("24", "28", "32")))

# the N-seat search against plain minimax, six seats in two alternating sides
from naive_seats import naive, random_seat_position as _position
from euchre_stats.solver.seats import solve_seats
rng = np.random.default_rng(61)
sides = [s % 2 for s in range(6)]
for i in range(60):
    per = 1 + i % 2
    hands, t, leader, table = _position(rng, 6, per, on_table=int(rng.integers(0, 6)) if per > 1 else 0)
    assert solve_seats(hands, t, leader, played=table) == naive(hands, t, leader, sides, table=tuple(table)), i

print("ok", i + 1)
"""


def test_kernels_interpreted_agree_with_their_twins():
    env = {**os.environ, "NUMBA_DISABLE_JIT": "1", "PYTHONWARNINGS": "ignore"}
    r = subprocess.run([sys.executable, "-P", "-c", SCRIPT, str(TESTS)], capture_output=True, text=True, env=env,
                       cwd=TESTS, timeout=900)
    assert r.returncode == 0 and r.stdout.strip().startswith("ok"), r.stderr[-3000:]
