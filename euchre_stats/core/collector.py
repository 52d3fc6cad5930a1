"""Python's garbage collector in the project's own processes: the console entry and the compile helper.

The modules such a process loads (numba's, pandas', llvmlite's, the kernels' dispatchers) live as long as it
does, yet each of Python's full collections walks every one of them, and the interpreter's exit walks them
again while it takes them apart.  A warm answer from the console spent about 0.1 s in two full collections
and 0.1-0.2 s in its exit; the helper process that compiles realistic play's valuation on a first run spent
2.3 s of its 10.7 in 18 full collections and 0.34 s in its exit, all on the first answer's critical path
(docs/performance.md, "The garbage collector's walks, and a reference count per table read").

:func:`lean_collection` freezes what is loaded (:func:`gc.freeze`: no collection walks it), makes full
collections :data:`FULL_COLLECTION_THRESHOLD` / 10 times rarer while its block runs, sets the thresholds back
after it, and freezes what is left, so that the exit leaves it to the operating system.  Cyclic garbage made
inside the block is still collected, by the young and middle generations as before and by the rarer full
collections.  It belongs in a process's entry point only: a library call must not change the collector of
the program that called it.  Importing this module costs nothing (no numba, no numpy).
"""

from __future__ import annotations

import contextlib
import gc

#: the oldest generation's threshold inside :func:`lean_collection` (Python's default is 10): a full
#: collection after this many collections of the middle generation
FULL_COLLECTION_THRESHOLD = 100


@contextlib.contextmanager
def lean_collection():
    """Freeze what is loaded, full collections rarer inside the block, everything frozen after it."""
    old = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(old[0], old[1], max(old[2], FULL_COLLECTION_THRESHOLD))
    try:
        yield
    finally:
        gc.set_threshold(*old)
        gc.freeze()


__all__ = ["FULL_COLLECTION_THRESHOLD", "lean_collection"]
