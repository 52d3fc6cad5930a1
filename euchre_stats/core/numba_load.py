"""Loading numba's array functions without its BLAS probe (about 0.12 s of every command's start).

When numba first compiles or loads a kernel it imports ``numba.np.arraymath``, whose import runs
``_check_blas``: it imports ``scipy.linalg.cython_blas`` (and with it most of ``scipy.linalg``) only to learn
whether ``np.dot``-style inner products inside compiled code may call BLAS.  No kernel of this project uses
them.  :func:`skip_blas_probe`, called by each module that defines kernels before any kernel runs, imports
``numba.np.arraymath`` once with that one submodule hidden, so the probe answers "no BLAS" at once (numba then
uses its plain loop for such products, with the same results); the submodule is unhidden straight after, so
code that imports scipy's linear algebra later gets it as usual, and numba's own linear-algebra kernels still
import it when they compile.  docs/performance.md, "Start-up", measures it.

numba is imported inside the function: importing this module costs nothing.
"""

from __future__ import annotations

import sys

_PROBE = "scipy.linalg.cython_blas"


def skip_blas_probe() -> None:
    """Import ``numba.np.arraymath`` without its BLAS probe's scipy import (a no-op once it is imported)."""
    if "numba.np.arraymath" in sys.modules or _PROBE in sys.modules:
        return
    sys.modules[_PROBE] = None   # the probe's import raises ImportError: "no BLAS"
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        if sys.modules.get(_PROBE, 0) is None:
            del sys.modules[_PROBE]


__all__ = ["skip_blas_probe"]
