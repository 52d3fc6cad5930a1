"""The realistic play benchmark (``euchre-stats bench realistic``).

Two measurements, both warm (a small run first keeps numba compilation out of the timing):

* **Play-outs**: random full 24-card deals (4 players, uniform trump and leader, a random
  maker) played to the end by the compiled realistic model on one thread, in play-outs per
  CPU-second, and, when ``old_deals`` > 0, by the Python twin it replaced
  (:func:`euchre_stats.bench.pimc.play_pimc`) on the same kind of deals, interleaved.
* **Decisions**: the per-deal cost of ``order``, ``call`` and ``lead`` from every seat, each a
  fixed question answered by the decision functions the commands call, under realistic play at
  the commands' default worlds per decision.  With ``old_decision_deals`` > 0 each question is
  also answered on that many deals with every play-out batch recorded, and the same play-outs
  are played again by the Python model: the old per-deal cost is the decision's own work (the
  sampling, the inference, the auctions) with the kernel's play of those play-outs replaced by
  the old model's, at the same worlds a decision: today's decision with only the play model
  swapped back.  (``benchmarks/decision_cost.py`` times the decisions of an older checkout
  itself, whose pipeline did more besides.)

CPU seconds are the process's (``time.process_time``: every thread), so they are what the
decisions cost in core time whatever the number of threads; wall seconds are given beside them.
"""

from __future__ import annotations

import contextlib
import time

import numpy as np

from ..core.errors import DecisionInputError
from ..core.limits import check_size
from ..rules import NORTH_AMERICAN
from ..sampling.seeds import resolve_seed

#: the fixed questions timed per seat: (command, text of the question)
ORDER_HAND, ORDER_UP = "Jh Jd Ah 9s Tc", "9h"
CALL_HAND, CALL_TURNED = "Jd Ad Kd 9c Tc", "9h"
LEAD_HAND, LEAD_TRUMP = "Jh Ah Kc Qc 9s", "h"
SEATS = ("eldest", "partner", "third", "dealer")


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def playout_deals(n: int, seed: int):
    """``n`` random full 24-card deals and a random maker each: ``(hands, trump, leader, maker)``.

    The deals are :func:`euchre_stats.sampling.deals.random_positions` of ``seed``, the makers drawn
    from ``seed + 1`` (the deals ``benchmarks/bench_realistic.py`` has always timed)."""
    from ..sampling.deals import random_positions

    hands, trump, leader = random_positions(n, seed)
    maker = np.random.default_rng(seed + 1).integers(0, 4, n)
    return hands, trump, leader, maker


def play_new(n: int, seed: int, worlds: int, threads: int = 1):
    """Play :func:`playout_deals` to the end with the compiled realistic model."""
    from ..cardplay.realistic import play_realistic

    hands, trump, leader, maker = playout_deals(n, seed)
    return play_realistic(NORTH_AMERICAN, hands, trump, leader, 0, maker, False, -1, seed=seed, worlds=worlds,
                          threads=threads)


def play_old(n: int, seed: int, worlds: int, threads: int = 1):
    """Play :func:`playout_deals` to the end with the Python model the compiled one replaced."""
    from .pimc import play_pimc

    hands, trump, leader, _ = playout_deals(n, seed)
    return play_pimc(NORTH_AMERICAN, hands, trump, leader, 0, np.random.default_rng(seed), worlds=worlds,
                     threads=threads)


@contextlib.contextmanager
def _recorded_plays():
    """Record every batch the realistic kernel plays, and the CPU seconds it took, while inside.

    Yields a list of ``(rules, hands, trump, leader, out, trick, gone, voids, up_known, worlds,
    cpu_seconds)``.  The kernel's entry point is swapped for a recording wrapper and put back on
    exit: the benchmark's own measuring device, not a hook the analyses use.  The single decisions of shared
    opening leads (``play_realistic``'s ``shared_lead``: a few a question) are played but not recorded."""
    from ..cardplay import realistic

    batches: list = []
    run = realistic._run

    def recording(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=None, disc=None,
                  first=False):
        c = time.process_time()
        res = run(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=stats, disc=disc,
                  first=first)
        if first:  # a shared opening lead's single decision (a few a question): not a play-out to replay
            return res
        batches.append((rules, h.copy(), t.copy(), ld.copy(), o.copy(), p.copy(), g.copy(), vd.copy(), up.copy(),
                        int(worlds), time.process_time() - c))
        return res

    realistic._run = recording
    try:
        yield batches
    finally:
        realistic._run = run


def replay_old(batches, seed: int) -> float:
    """Play recorded batches (:func:`_recorded_plays`) with the Python model; its CPU seconds.

    Each row is played from where the kernel started it: the hands still held, the cards on the
    table, the cards gone and the upcard known in the dealer's hand."""
    from .pimc import play_pimc

    cpu = 0.0
    for k, (rules, h, t, ld, o, p, g, vd, up, worlds, _) in enumerate(batches):
        if vd.any():
            raise DecisionInputError("a recorded play-out starts with voids shown; the old model cannot replay it")
        trick = p if (p >= 0).any() else None
        rng = np.random.default_rng([seed, k])
        c = time.process_time()
        play_pimc(rules, h.astype(np.uint64), t, ld, o, rng, worlds=worlds, threads=1, trick=trick, gone=g,
                  up_known=up)
        cpu += time.process_time() - c
    return cpu


def _question(command: str, seat: str, samples: int, seed: int, threads: int | None):
    from ..decide.call import call_decision
    from ..decide.lead import lead_decision
    from ..decide.order import order_decision

    if command == "order":
        return lambda: order_decision(ORDER_HAND, ORDER_UP, seat, samples=samples, seed=seed, model="pimc",
                                      workers=threads)
    if command == "call":
        return lambda: call_decision(CALL_HAND, CALL_TURNED, seat, samples=samples, seed=seed, model="pimc",
                                     workers=threads)
    # the asker leads the first trick (eldest); the seat is the maker's
    return lambda: lead_decision(LEAD_HAND, LEAD_TRUMP, seat, "eldest", samples=samples, seed=seed, model="pimc",
                                 workers=threads)


def describe_question(command: str, seat: str) -> str:
    """The question timed for ``command`` at ``seat``, as the command line would ask it."""
    if command == "order":
        return f'order "{ORDER_HAND}" --up {ORDER_UP} --seat {seat}'
    if command == "call":
        return f'call "{CALL_HAND}" --turned-down {CALL_TURNED} --seat {seat}'
    return f'lead "{LEAD_HAND}" --trump {LEAD_TRUMP} --maker {seat} --seat eldest'


def bench_realistic(deals: int = 2000, decision_deals: int = 500, old_deals: int = 100, seed: int | None = None,
                    threads: int | None = 1, worlds: int = 24, commands=("order", "call", "lead"),
                    seats=SEATS, repeat: int = 1, old_decision_deals: int = 0) -> dict:
    """Time realistic play-outs (new and, with ``old_deals`` > 0, old) and the decisions by seat.

    Returns a dict: ``seed``, ``threads``, ``worlds``, ``playouts`` (rows with ``model``,
    ``deals``, ``cpu_seconds``, ``wall_seconds``, ``per_cpu_s`` best over ``repeat``,
    ``ms_each``), ``speedup`` (new over old per CPU-second, or None) and ``decisions`` (one row
    per command and seat: ``command``, ``seat``, ``question``, ``samples`` drawn, ``effective``,
    ``cpu_seconds``, ``wall_seconds``, ``ms_per_deal`` CPU per deal drawn, the least of ``repeat``
    runs; with
    ``old_decision_deals`` > 0 also ``old_samples`` (deals drawn in the recorded run),
    ``play_share`` (the kernel's part of that run's CPU time), ``old_ms_per_deal`` (the new
    cost per deal, plus the old model's play of the recorded run's play-outs less the kernel's,
    per deal of that run, the least of ``repeat`` runs interleaved with the new ones) and
    ``decision_speedup``, old over new per deal).
    """
    check_size("deals", deals)
    check_size("threads", threads)
    check_size("worlds", worlds)
    for name, v, lo in (("decision_deals", decision_deals, 0), ("old_deals", old_deals, 0), ("repeat", repeat, 1),
                        ("old_decision_deals", old_decision_deals, 0)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= 1_000_000:
            raise DecisionInputError(f"{name} must be a whole number in {lo}..1,000,000, got {v!r}")
    bad = [c for c in commands if c not in ("order", "call", "lead")]
    if bad:
        raise DecisionInputError(f"unknown command {bad[0]!r}: expected order, call or lead")
    bad = [s for s in seats if s not in SEATS]
    if bad:
        raise DecisionInputError(f"unknown seat {bad[0]!r}: expected one of {', '.join(SEATS)}")
    seed = resolve_seed(seed)
    # warm-up: compiled code loaded, the old model's count-matrix cache filled
    play_new(8, seed + 7, worlds)
    if old_deals:
        play_old(max(old_deals // 2, 4), seed + 7, worlds)
    runs: dict[str, list] = {"new": [], "old": []}
    for _ in range(repeat):  # interleaved: a busy spell of a shared machine hits both
        runs["new"].append(_timed(lambda: play_new(deals, seed, worlds))[1:])
        if old_deals:
            runs["old"].append(_timed(lambda: play_old(old_deals, seed, worlds))[1:])
    playouts = []
    for model, n in (("new", deals), ("old", old_deals)):
        if not runs[model]:
            continue
        wall, cpu = min(runs[model], key=lambda r: r[1])
        playouts.append({"model": "realistic (compiled)" if model == "new" else "pimc (Python, replaced)",
                         "deals": n, "cpu_seconds": cpu, "wall_seconds": wall, "per_cpu_s": n / cpu,
                         "ms_each": 1e3 * cpu / n})
    speedup = playouts[0]["per_cpu_s"] / playouts[1]["per_cpu_s"] if len(playouts) == 2 else None
    decisions = []
    if decision_deals:
        for command in commands:
            with _recorded_plays() as batches:
                _question(command, SEATS[0], 5, seed, threads)()  # compile / load caches
            if old_decision_deals:
                replay_old(batches, seed)  # the old model's solver compiled and its caches filled
            for seat in seats:
                # new and old interleaved `repeat` times (the same deals each time); the least CPU of each
                best = old_best = None
                for _ in range(repeat):
                    d, wall, cpu = _timed(_question(command, seat, decision_deals, seed, threads))
                    if best is None or cpu < best[2]:
                        best = (d, wall, cpu)
                    if old_decision_deals:
                        with _recorded_plays() as batches:
                            d_old, _, cpu_rec = _timed(_question(command, seat, old_decision_deals, seed, threads))
                        kernel = sum(b[-1] for b in batches)
                        extra = (replay_old(batches, seed) - kernel) / max(int(d_old.samples), 1)
                        if old_best is None or extra < old_best[0]:
                            old_best = (extra, int(d_old.samples), kernel / cpu_rec if cpu_rec else 0.0)
                d, wall, cpu = best
                row = {"command": command, "seat": seat, "question": describe_question(command, seat),
                       "samples": int(d.samples), "effective": float(d.effective_samples),
                       "cpu_seconds": cpu, "wall_seconds": wall, "ms_per_deal": 1e3 * cpu / max(int(d.samples), 1)}
                if old_best is not None:
                    extra, old_samples, share = old_best
                    # the decision's own work per deal as in the timed run; the play swapped for the old
                    row.update({"old_samples": old_samples, "play_share": share,
                                "old_ms_per_deal": row["ms_per_deal"] + 1e3 * extra})
                    row["decision_speedup"] = row["old_ms_per_deal"] / row["ms_per_deal"]
                decisions.append(row)
    from ..cardplay.realistic import DEFAULT_WORLDS

    return {"seed": seed, "threads": threads, "worlds": worlds, "decision_worlds": DEFAULT_WORLDS,
            "playouts": playouts, "speedup": speedup, "decisions": decisions}


__all__ = ["bench_realistic", "describe_question", "play_new", "play_old", "playout_deals", "replay_old"]
