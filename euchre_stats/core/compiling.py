"""The first-run compile notice: before a numba kernel compiles, say once what compiles and about how long.

numba compiles a kernel the first time a process calls it and keeps the machine code in its on-disk
cache (``cache=True``): later processes load it in a fraction of a second.  The compile itself takes
seconds to tens of seconds, in which a question prints nothing, so the library announces it: the
Python wrapper of each kernel calls :func:`announce` just before calling the kernel, which prints
one line when that call is going to compile (never twice for a kernel in a process, and never when
numba's cache holds it).  The command line prints the line only on a terminal
(:func:`set_notice`); the Python API prints it to standard error.

**A helper process** (:func:`start_helper`, :func:`borrow`).  numba compiles on one thread, and a
kernel's compile is a tree of functions, each compiled before its caller.  Two independent branches
of that tree can compile at once in two processes: a helper process compiles one branch (e.g. the
realistic kernel's valuation) into a *private* numba cache folder while this process compiles the
others; when this process's compile reaches the borrowed branch, it waits for the helper (at most
:data:`HELPER_WAIT` seconds) and loads the helper's machine code from that folder instead of
compiling it again.  The helper never writes to the shared cache (numba's index of a function's
copies is rewritten whole by each writer, so two processes adding different copies of one function
at once could mismatch an index entry and its file); what this process loads is the same compile of
the same source by the same numba, so results never change.  Whatever goes wrong (the helper fails,
is slow, or finds a different copy) this process compiles the branch itself.  The helper is started
only when it helps: never with ``EUCHRE_STATS_COMPILE_HELPER=0``, with ``NUMBA_DISABLE_JIT=1``, on a
machine with fewer than two CPUs for this process, or when the kernel is cached already (the callers
check :func:`will_compile`).  A helper still running when this process exits is stopped.

No numba import here (the kernel arrives as an argument, already loaded); only the standard library.
"""

from __future__ import annotations

import atexit
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from .collector import lean_collection

#: the kernels announced (or found compiled) in this process
_SAID: set[str] = set()
#: where the notice goes: a callable taking the line, or None for standard error
_NOTICE: Callable[[str], None] | None = None
#: the kernels a helper process is compiling part of, and their estimate then (:func:`helped`)
_HELPED: dict[str, float] = {}


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


def notice_text(what: str, seconds: float, helper_seconds: float | None = None) -> str:
    """The line printed: what compiles and the measured estimate (``helper_seconds``: the estimate when a
    helper process compiles part of it alongside, :func:`borrow`)."""
    if helper_seconds is not None:
        return (f"compiling {what} (first run only, then cached), a second process helping: about "
                f"{helper_seconds:.0f} s on two idle cores ({seconds:.0f} s on one), more on a busy machine")
    return (f"compiling {what} (first run only, then cached): about {seconds:.0f} s on one core, "
            "more on a busy machine")


def _key(kernel) -> str:
    return f"{getattr(kernel, '__module__', '')}.{getattr(kernel, '__qualname__', repr(kernel))}"


def helped(kernel, seconds: float) -> None:
    """Say that a helper process compiles part of ``kernel`` (its notice then gives ``seconds``)."""
    _HELPED[_key(kernel)] = seconds


def announce(kernel, what: str, seconds: float) -> bool:
    """Before calling ``kernel``: if the call will compile it, print :func:`notice_text` once.

    ``what`` names the kernels (``"the realistic play kernels"``), ``seconds`` is what their compile
    measured (CPU-seconds, ``benchmarks/cold_start.py``).  Returns whether the line was printed.
    """
    key = _key(kernel)
    if key in _SAID:
        return False
    _SAID.add(key)
    if not will_compile(kernel):
        return False
    line = notice_text(what, seconds, _HELPED.get(key))
    if _NOTICE is None:
        print(line, file=sys.stderr, flush=True)
    else:
        _NOTICE(line)
    return True


# --- the helper process -----------------------------------------------------------------------------
#: the environment switch: ``0`` never starts a helper process
HELPER_ENV = "EUCHRE_STATS_COMPILE_HELPER"
#: the longest this process waits for a helper (seconds after it started) before compiling itself
HELPER_WAIT = 90.0
#: the helpers started by this process (each once), by job
_HELPERS: dict[str, Helper] = {}


def helpers_allowed() -> bool:
    """Whether a helper process may be started here: not switched off (``EUCHRE_STATS_COMPILE_HELPER=0``),
    numba compiling (no ``NUMBA_DISABLE_JIT``), and at least two CPUs this process may run on."""
    if os.environ.get(HELPER_ENV, "1").strip() in ("0", "no", "off", "false"):
        return False
    if os.environ.get("NUMBA_DISABLE_JIT", "0").strip() not in ("", "0"):
        return False
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return cpus >= 2


class Helper:
    """One helper process: it runs ``job`` (``"module:function"``, a function that compiles kernels
    with ``cache=True`` and returns their dispatchers) with ``NUMBA_CACHE_DIR`` a private folder, then
    writes where numba put each one's cache (``report.json``) and exits."""

    def __init__(self, job: str):
        self.job = job
        self.folder = tempfile.mkdtemp(prefix="euchre-stats-compile-")
        self.report_path = os.path.join(self.folder, "report.json")
        env = {**os.environ, "NUMBA_CACHE_DIR": os.path.join(self.folder, "cache"), HELPER_ENV: "0"}
        self.started = time.monotonic()
        # (-P: the package this process imported, not a checkout in the working directory; numba's cache
        # is keyed by the source file)
        self.proc = subprocess.Popen(
            [sys.executable, "-P", "-c", "import sys; from euchre_stats.core.compiling import helper_main; "
             "helper_main(sys.argv[1], sys.argv[2])", job, self.report_path],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
            cwd=os.getcwd())
        self._report: dict | None = None
        self.waited = 0.0

    def wait(self, limit: float | None = None) -> dict | None:
        """Wait for the helper to finish (until ``limit`` seconds after it started, :data:`HELPER_WAIT` by
        default); its report (``{qualified name: cache folder}``), or None when it failed or still runs."""
        if self._report is None and self.proc is not None:
            limit = HELPER_WAIT if limit is None else limit
            t0 = time.monotonic()
            try:
                code = self.proc.wait(timeout=max(0.0, self.started + limit - t0))
            except subprocess.TimeoutExpired:
                code = None
            self.waited += time.monotonic() - t0
            if code == 0:
                try:
                    with open(self.report_path) as fh:
                        self._report = json.load(fh)
                except (OSError, ValueError):
                    self._report = None
        return self._report

    def close(self) -> None:
        """Stop the helper if it still runs and delete its folder."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _close_all() -> None:
    for helper in _HELPERS.values():
        helper.close()


atexit.register(_close_all)


def start_helper(job: str) -> Helper | None:
    """Start the helper process of ``job`` (once a process); None when :func:`helpers_allowed` says no,
    it was started before, or it cannot start."""
    if job in _HELPERS or not helpers_allowed():
        return None
    try:
        helper = Helper(job)
    except OSError:
        return None
    _HELPERS[job] = helper
    return helper


def helper_main(job: str, report: str) -> None:
    """The helper process: run ``job`` and write where numba cached each dispatcher it returns.  The job runs
    inside :func:`~euchre_stats.core.collector.lean_collection` (the helper is this project's own process):
    compiling the valuation spent 2.3 s of 10.7 in full garbage collections and 0.34 s in the exit, which
    the first answer waits for."""
    module, name = job.split(":")
    with lean_collection():
        kernels = getattr(importlib.import_module(module), name)()
    out = {f"{k.py_func.__module__}.{k.py_func.__qualname__}": k._cache._cache_file._cache_path for k in kernels}
    tmp = report + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(out, fh)
    os.replace(tmp, report)


def can_borrow(kernel) -> bool:
    """Whether :func:`borrow` can hook ``kernel``'s cache (a numba dispatcher with an on-disk cache)."""
    cache_file = getattr(getattr(kernel, "_cache", None), "_cache_file", None)
    return all(hasattr(cache_file, a) for a in ("_cache_path", "_index_path", "_index_name")) and callable(
        getattr(kernel._cache, "load_overload", None))


def borrow(kernel, signature: tuple, helper: Helper) -> None:
    """When numba in this process next looks for ``kernel``'s copy of ``signature`` in its cache (just
    before it would compile it) and does not find it, wait for ``helper`` and load its copy from the
    helper's folder; if the helper has none (failed, too slow, another copy), numba compiles it."""
    cache = kernel._cache
    original = cache.load_overload
    key = f"{kernel.py_func.__module__}.{kernel.py_func.__qualname__}"

    def load_overload(sig, target_context):
        if tuple(sig) != tuple(signature):
            return original(sig, target_context)
        del cache.load_overload  # once: numba's own method again
        found = original(sig, target_context)
        if found is not None:  # cached here meanwhile
            return found
        folder = (helper.wait() or {}).get(key)
        if folder:
            cache_file = cache._cache_file
            kept = cache_file._cache_path, cache_file._index_path
            cache_file._cache_path, cache_file._index_path = folder, os.path.join(folder, cache_file._index_name)
            try:
                found = original(sig, target_context)
            finally:
                cache_file._cache_path, cache_file._index_path = kept
        return found

    cache.load_overload = load_overload
