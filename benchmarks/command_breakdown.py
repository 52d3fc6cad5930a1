r"""Where a realistic question's wall time goes: start-up, the play kernels' calls, and the serial work
between them (issue 33, "order with 10,000 deals from eldest in 2 s").

    python benchmarks/command_breakdown.py [--chunks-per-thread N] -- \
        order "Jh Jd Ah 9s Tc" --up 9h --seat eldest --seed 1

Runs the command in this process (``euchre_stats.cli.main``) with every call of the realistic play kernels
(``cardplay.realistic.run_chunks``) timed, and each chunk's time on its thread: prints the time to the first
kernel call (imports, loading the compiled kernels, sampling the first deals), the wall time inside kernel
calls and how many threads were busy there on average, the serial time between calls (sampling, the
auction, building the contracts), and the time after the last.  ``--chunks-per-thread`` changes how
finely a call is cut (the play's result does not depend on it).  The interpreter's own start is not
included (about 0.05 s; ``/usr/bin/time`` of the command gives the whole).
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--chunks-per-thread", type=int, default=None)
    ap.add_argument("command", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    command = a.command[1:] if a.command[:1] == ["--"] else a.command

    import euchre_stats.cardplay.reading as reading
    import euchre_stats.cardplay.realistic as realistic

    if a.chunks_per_thread is not None:
        realistic.CHUNKS_PER_THREAD = reading.CHUNKS_PER_THREAD = a.chunks_per_thread
    original = realistic.run_chunks
    calls = []

    def run_chunks(kernel, nchunks, nthreads, head, tail):
        busy = []

        def timed(*args):
            t0 = time.perf_counter()
            kernel(*args)
            busy.append(time.perf_counter() - t0)

        start = time.perf_counter()
        original(timed, nchunks, nthreads, head, tail)
        calls.append((start, time.perf_counter(), sum(busy)))

    realistic.run_chunks = run_chunks
    from euchre_stats.cli.main import main as cli

    sys.argv = ["euchre-stats", *command]
    t0 = time.perf_counter()
    try:
        cli()
    except SystemExit:
        pass
    t1 = time.perf_counter()
    if not calls:
        print(f"total {t1 - t0:.3f} s; no realistic kernel call")
        return
    inside = sum(e - s for s, e, _ in calls)
    busy = sum(b for *_, b in calls)
    gaps = sum(calls[i + 1][0] - calls[i][1] for i in range(len(calls) - 1))
    print(f"total {t1 - t0:.3f} s in this process: first kernel call at {calls[0][0] - t0:.3f} s; {len(calls)} kernel "
          f"calls, {inside:.3f} s inside them ({busy:.3f} thread-s busy, {busy / inside:.2f} threads); "
          f"{gaps:.3f} s between them; {t1 - calls[-1][1]:.3f} s after the last")


if __name__ == "__main__":
    main()
