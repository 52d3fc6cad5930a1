"""The test suite's layout: one folder per library package (``tests/core``, ``tests/solver``, …), the
slow, obviously right twins the fast code is checked against in ``tests/reference``, and the
cross-cutting checks (docs, the API, the architecture, whole games) at the top.

Test modules import the twins by name (``from naive_solver import naive_solve``) and a few share
helpers across folders (``from test_game_random import random_hands``): every folder is put on the
import path here, once, before any test module loads.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

# The suite runs in two processes on two cores (pytest-xdist), and numba's parallel kernels start
# threads of their own: more busy threads than cores.  Under the OpenMP threading layer an idle
# thread spins while it waits for work, taking the core from the other process.  Sleeping instead
# changes no result and, measured on three test files in two processes, saved 10-15% of the CPU
# (user 100-103 s against 114-125 s) and of the wall time.  A value set by the caller is kept.
os.environ.setdefault("OMP_WAIT_POLICY", "passive")

TESTS = Path(__file__).resolve().parent
for folder in sorted(p for p in TESTS.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))
                     and p.name != "data"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
