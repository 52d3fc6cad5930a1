"""numba's array functions loaded without the BLAS probe (``core/numba_load.py``), in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

PROBE = r"""
import sys
import euchre_stats.engine.search               # the engine calls skip_blas_probe() before any kernel loads
import numba.np.arraymath as am
print(am._HAVE_BLAS, "scipy.linalg" in sys.modules, "scipy.linalg.cython_blas" in sys.modules)
import scipy.linalg.cython_blas                 # unhidden: scipy's linear algebra imports as usual afterwards
print("scipy.linalg" in sys.modules)
"""


def test_the_engine_loads_numba_without_scipys_linear_algebra():
    out = subprocess.run([sys.executable, "-P", "-c", PROBE], check=True, capture_output=True, text=True,
                         timeout=120).stdout.split("\n")
    assert out[0] == "False False False" and out[1] == "True"


def test_a_second_call_changes_nothing():
    from euchre_stats.core.numba_load import skip_blas_probe

    before = dict(sys.modules)
    skip_blas_probe()
    skip_blas_probe()
    assert "numba.np.arraymath" in sys.modules and sys.modules.get("scipy.linalg.cython_blas", 0) is not None
    assert set(before) <= set(sys.modules)
