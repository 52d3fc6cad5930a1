"""``euchre-stats bench``: timing commands (``bench solver`` for the double-dummy solver)."""

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
    from euchre_stats.solver.bench import bench_solver

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
