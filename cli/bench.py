"""``euchre-stats bench``: timing commands (``bench solver`` for the double-dummy solver, ``bench realistic`` for
realistic play and the decisions)."""

from __future__ import annotations

import json

import click

from .common import emit, handle_errors
from .group import cli


@cli.group("bench")
def bench():
    """Benchmarks of the library's kernels.

    \b
    Example:
      euchre-stats bench solver --deals 100000 --seed 1 --threads 1
    """


@bench.command("solver")
@click.option("--deals", type=click.IntRange(min=1), default=10_000, show_default=True,
              help="random full 24-card deals (4 players, random trump and leader)")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="seed of the deals (default: random)")
@click.option("--threads", type=click.IntRange(min=1), default=1, show_default=True, help="worker threads")
@click.option("--values", is_flag=True, help="also value every first card (card_values_many)")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="output format")
@handle_errors
def solver(deals, seed, threads, values, fmt):
    """Time the double-dummy solver on random deals, solved in one batch call.

    Prints deals per second, search nodes per deal, the transposition-table hit
    rate and the seed (compilation is excluded: a small warm-up batch runs first).

    \b
    Example:
      euchre-stats bench solver --deals 100000 --seed 1 --threads 2 --values --format json
    """
    from euchre_stats.bench.solver import bench_solver

    r = bench_solver(deals=deals, seed=seed, threads=threads, values=values)
    if fmt == "json":
        emit(json.dumps(r), None)
        return
    what = "first-card values" if values else "total tricks"
    emit("\n".join([
        f"solver benchmark: {r['deals']} deals ({what}), seed {r['seed']}, {r['threads']} thread(s)",
        f"  deals/s          {r['deals_per_s']:,.0f}",
        f"  seconds          {r['seconds']:.3f} (CPU {r['cpu_seconds']:.3f})",
        f"  deals/CPU-s      {r['deals_per_cpu_s']:,.0f}",
        f"  nodes/deal       {r['nodes_per_deal']:.1f}",
        f"  TT hit rate      {r['tt_hit_rate']:.3f} ({r['tt_hits']} of {r['tt_probes']} probes)",
        f"  mean tricks s0   {r['mean_side0_tricks']:.4f}",
    ]), None)


@bench.command("realistic")
@click.option("--deals", type=click.IntRange(min=1, max=1_000_000), default=2000, show_default=True,
              help="random full deals played out by the compiled realistic model")
@click.option("--old-deals", type=click.IntRange(min=0, max=1_000_000), default=100, show_default=True,
              help="the same kind of deals played by the Python model it replaced (0: skip)")
@click.option("--decision-deals", type=click.IntRange(min=0, max=1_000_000), default=500, show_default=True,
              help="deals per timed order/call/lead question (0: skip the decisions)")
@click.option("--old-decision-deals", type=click.IntRange(min=0, max=1_000_000), default=0, show_default=True,
              help="deals per question answered again with the Python play model it replaced (same play-outs, "
                   "same worlds; 0: skip)")
@click.option("--worlds", type=click.IntRange(min=1, max=10_000), default=24, show_default=True,
              help="worlds per decision in the play-outs")
@click.option("--repeat", type=click.IntRange(min=1, max=100), default=1, show_default=True,
              help="runs of the play-outs and of each question (new and old interleaved); the least CPU "
                   "of each is shown")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="seed of deals and play (default: random)")
@click.option("--threads", type=click.IntRange(min=1, max=1024), default=1, show_default=True,
              help="worker threads of the decisions (play-outs always run on one)")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True,
              help="output format")
@handle_errors
def realistic(deals, old_deals, decision_deals, old_decision_deals, worlds, repeat, seed, threads, fmt):
    """Time realistic play: play-outs per CPU-second (new and old), and order/call/lead per deal by seat.

    The play-outs are random full 24-card deals on one thread.  The decisions are fixed
    questions (printed) from every seat, answered as the commands answer them with
    `--model pimc`; their cost is CPU milliseconds per deal drawn (all threads counted).
    With --old-decision-deals each question is answered again on that many deals, its
    play-outs recorded and played by the old Python model: the old cost per deal beside the new.

    \b
    Example:
      euchre-stats bench realistic --deals 3000 --old-deals 200 --decision-deals 1000 --seed 1
      euchre-stats bench realistic --deals 500 --old-deals 0 --decision-deals 1000 --old-decision-deals 100
    """
    from euchre_stats.bench.realistic import bench_realistic

    r = bench_realistic(deals=deals, decision_deals=decision_deals, old_deals=old_deals, seed=seed,
                        threads=threads, worlds=worlds, repeat=repeat, old_decision_deals=old_decision_deals)
    if fmt == "json":
        emit(json.dumps(r), None)
        return
    lines = [f"realistic play benchmark: seed {r['seed']}, {r['worlds']} worlds a decision in the play-outs, "
             f"decisions with {r['threads']} thread(s) at {r['decision_worlds']} worlds",
             "", "play-outs (random full 24-card deals, 1 thread, warm):"]
    for p in r["playouts"]:
        lines.append(f"  {p['model']:26s} {p['deals']:>7,} deals  {p['per_cpu_s']:>8,.0f} per CPU-second  "
                     f"{p['ms_each']:7.3f} ms each")
    if r["speedup"] is not None:
        lines.append(f"  new over old: x{r['speedup']:.1f}")
    if r["decisions"]:
        old = "old_ms_per_deal" in r["decisions"][0]
        extra = f" {'old ms':>8s} {'x':>5s}" if old else ""
        head = (f"  {'command':7s} {'seat':8s} {'deals':>7s} {'effective':>9s} {'ms/deal':>8s}{extra} {'wall s':>7s}"
                "  question")
        lines += ["", "decisions (warm, realistic play), CPU ms per deal drawn (lead: the seat is the maker's, "
                  "the asker leads from eldest):", head]
        for d in r["decisions"]:
            extra = f" {d['old_ms_per_deal']:8.3f} {d['decision_speedup']:5.1f}" if old else ""
            lines.append(f"  {d['command']:7s} {d['seat']:8s} {d['samples']:>7,} {d['effective']:>9,.0f} "
                         f"{d['ms_per_deal']:8.3f}{extra} {d['wall_seconds']:7.2f}  {d['question']}")
        if old:
            n_old = r["decisions"][0]["old_samples"]
            lines.append(f"  old ms: the same questions on {n_old:,} deals with the play-outs played by the old "
                         "Python model (same play-outs, same worlds); x: old over new")
    emit("\n".join(lines), None)
