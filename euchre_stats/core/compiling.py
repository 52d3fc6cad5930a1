"""The first-run compile notice: before a numba kernel compiles, say once what compiles and about how long.

numba compiles a kernel the first time a process calls it and keeps the machine code in its on-disk
cache (``cache=True``): later processes load it in a fraction of a second.  The compile itself takes
seconds to tens of seconds, in which a question prints nothing, so the library announces it: the
Python wrapper of each kernel calls :func:`announce` just before calling the kernel, which prints
one line when that call is going to compile (never twice for a kernel in a process, and never when
numba's cache holds it).  The command line prints the line only on a terminal
(:func:`set_notice`); the Python API prints it to standard error.

No numba import here (the kernel arrives as an argument, already loaded); only the standard library.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

#: the kernels announced (or found compiled) in this process
_SAID: set[str] = set()
#: where the notice goes: a callable taking the line, or None for standard error
_NOTICE: Callable[[str], None] | None = None


def set_notice(func: Callable[[str], None] | None) -> None:
    """Send the notice to ``func`` (called with the line) instead of standard error (``None``: back to it)."""
    global _NOTICE
    _NOTICE = func


def will_compile(kernel) -> bool:
    """Whether calling ``kernel`` (a numba dispatcher) now compiles it.

    False once it ran in this process, and when numba's cache holds machine code for it that numba
    would load (an index written by this numba version for this very source: numba's own check).
    Also False when it is no dispatcher (``NUMBA_DISABLE_JIT=1``) or numba's cache cannot be read
    (no notice rather than a wrong one).
    """
    if getattr(kernel, "signatures", None):
        return False
    cache = getattr(kernel, "_cache", None)
    try:
        return not cache._cache_file._load_index()  # {} when missing, or from another numba or source
    except (AttributeError, OSError, EOFError, ValueError, TypeError):
        return False


def notice_text(what: str, seconds: float) -> str:
    """The line printed: what compiles and the measured estimate."""
    return (f"compiling {what} (first run only, then cached): about {seconds:.0f} s on one core, "
            "more on a busy machine")


def announce(kernel, what: str, seconds: float) -> bool:
    """Before calling ``kernel``: if the call will compile it, print :func:`notice_text` once.

    ``what`` names the kernels (``"the realistic play kernels"``), ``seconds`` is what their compile
    measured (CPU-seconds, ``benchmarks/cold_start.py``).  Returns whether the line was printed.
    """
    key = f"{getattr(kernel, '__module__', '')}.{getattr(kernel, '__qualname__', repr(kernel))}"
    if key in _SAID:
        return False
    _SAID.add(key)
    if not will_compile(kernel):
        return False
    line = notice_text(what, seconds)
    if _NOTICE is None:
        print(line, file=sys.stderr, flush=True)
    else:
        _NOTICE(line)
    return True
