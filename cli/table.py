"""Strategy-table commands: ``table`` (build or resume a table) and ``advise`` (answer from one).

Each calls one library function (:func:`euchre_stats.strategy.run.run_table`,
:func:`euchre_stats.strategy.advise.advise`) and formats what it returns.
"""

from __future__ import annotations

import click

from euchre_stats.core.seats import SEAT_NAMES, parse_seat

from .common import InputError, dumps, emit, frame_text, handle_errors, output_options, progress_bar, rules_options
from .group import cli


def parse_seats(text: str) -> tuple[int, ...]:
    """``eldest``, ``eldest,dealer`` or ``all``."""
    if str(text).strip().lower() == "all":
        return (0, 1, 2, 3)
    seats = tuple(parse_seat(part) for part in str(text).split(",") if part.strip())
    if not seats:
        raise InputError(f"no seat named in {text!r}")
    return seats


@cli.command()
@click.option("--seat", default="eldest", show_default=True,
              help="eldest|partner|third|dealer (1-4), a comma list, or all")
@click.option("--round", "round_", type=int, default=1, show_default=True,
              help="bidding round: 1 = order up / alone / pass, 2 = name a suit / alone / pass")
@click.option("--samples-per-class", type=click.IntRange(min=2), default=200, show_default=True,
              help="sampled deals per hand class")
@click.option("--seed", type=click.IntRange(min=0), default=None,
              help="random seed (a resumed run reuses the run directory's; else drawn and printed)")
@click.option("--run-dir", required=True, type=click.Path(file_okay=False),
              help="directory of the run: manifest, chunks, table, summaries, charts")
@click.option("--limit", type=click.IntRange(min=1), default=None, help="only the first N classes (quick runs)")
@click.option("--chunk-size", type=click.IntRange(min=1), default=200, show_default=True,
              help="classes per committed chunk")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
              help="local processes (default: this process with every solver thread)")
@click.option("--scheduler", default=None, help="tcp://HOST:PORT of a dask scheduler to run the chunks on")
@click.option("--csv", "csv_", is_flag=True, help="also write the table and summaries as CSV")
@click.option("--charts/--no-charts", default=True, show_default=True, help="draw heatmaps and threshold curves")
@click.option("--no-infer", "no_infer", is_flag=True, help="uniform deals (do not weight by earlier passes)")
@rules_options
@output_options(("table", "json", "csv"))
@handle_errors
def table(seat, round_, samples_per_class, seed, run_dir, limit, chunk_size, workers, scheduler, csv_,
          charts, no_infer, rules, fmt, output):
    """Strategy table: pass / order / alone (round 2: pass / call a suit) for every hand class.

    Rows go to RUN_DIR/table.parquet (chunks are committed as they finish: kill
    the run at any time and run the same command again to resume); summaries by
    seat and trump count are printed.

    \b
    Example:
      euchre-stats table --seat eldest --samples-per-class 200 --seed 1 --run-dir runs/eldest
      euchre-stats table --seat all --limit 500 --seed 1 --run-dir runs/quick --csv
      euchre-stats table --round 2 --seat third --seed 1 --run-dir runs/call-third
    """
    from euchre_stats.strategy.run import MANIFEST, read_manifest, run_table
    from euchre_stats.strategy.summary import summarise
    from euchre_stats.strategy.table import TableSpec

    seats = parse_seats(seat)
    if seed is None:
        try:
            seed = int(read_manifest(run_dir)["settings"]["seed"])
        except ValueError:
            import numpy as np

            seed = int(np.random.SeedSequence().entropy % (2**32))
        click.echo(f"seed: {seed}", err=True)
    spec = TableSpec(rules, seats, round_, samples_per_class, seed, chunk_size, limit,
                     infer=not no_infer)
    t = run_table(spec, run_dir, workers=workers, scheduler=scheduler, csv=csv_, charts=charts,
                  progress=progress_bar("chunks"))
    summ = summarise(t, ["trump_count"])
    if fmt == "json":
        text = dumps({"run_dir": str(run_dir), "manifest": f"{run_dir}/{MANIFEST}", "rows": len(t),
                      "settings": spec.settings(), "by_trump_count": summ.to_dict(orient="records")})
    elif fmt == "csv":
        text = frame_text(summ, "csv")
    else:
        act = "order" if round_ == 1 else "call"
        show = summ[["seat", "trump_count", "classes", "combos", "mean_ev_pass", f"mean_ev_{act}",
                     f"mean_gain_{act}", "share_pass", f"share_{act}", "share_alone"]].round(3)
        if round_ == 2:
            show = show.assign(share_next=summ["share_next"].round(3))
        text = (f"table: {len(t):,} rows in {run_dir}/table.parquet ({spec.class_count:,} classes x "
                f"{len(seats)} seat(s), {samples_per_class} deals each, seed {seed})\n"
                f"rules: {rules.describe()}\n"
                + ("round two: the features (trump count...) take next as trump; call = the best suit "
                   "to name\n" if round_ == 2 else "")
                + "by seat and trump count (weighted by the number of hands each class stands for):\n"
                + show.to_string(index=False))
    emit(text, output)


def _advice_text(a) -> str:
    import pandas as pd

    src = ("strategy table" + (f" {a.table}" if a.table and a.table != "shipped" else " (shipped)")
           if a.source == "table" else "live simulation")
    lines = [f"advise: hand {a.hand}, upcard {a.upcard}, seat {a.seat}",
             f"answered from: {src} -- {a.reason}"]
    if a.label:
        lines.append(f"class: {a.label}   ({a.canonical}, trump shown as hearts)")
    lines.append(f"deals: {a.samples:,}{' per class' if a.source == 'table' else ''}")
    rows = []
    for o in a.options:
        row = {"action": o["action"], "EV": f"{o['ev']:+.2f}"}
        if "ev_ci" in o:
            row["95% CI"] = f"[{o['ev_ci'][0]:+.2f}, {o['ev_ci'][1]:+.2f}]"
        rows.append(row)
    lines.append(pd.DataFrame(rows).to_string(index=False))
    rec = a.recommendation + (f" (discard {a.extra['discard']})" if "discard" in a.extra else "")
    lines.append(f"recommendation: {rec}" + ("  -- too close to call" if a.too_close else ""))
    return "\n".join(lines)


@cli.command()
@click.argument("hand")
@click.option("--up", "upcard", required=True, help="the upcard, e.g. 9h")
@click.option("--seat", required=True, help="eldest|partner|third|dealer or 1-4 (1 = eldest)")
@click.option("--table", "table_dir", type=click.Path(file_okay=False), default=None,
              help="a run directory of `euchre-stats table` (default: the shipped table)")
@click.option("--simulate", is_flag=True, help="skip the table and simulate")
@click.option("--samples", "-n", type=click.IntRange(min=1), default=2000, show_default=True,
              help="sampled deals when simulating")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="seed when simulating")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None, help="solver threads")
@rules_options
@output_options(("table", "json"))
@handle_errors
def advise(hand, upcard, seat, table_dir, simulate, samples, seed, workers, rules, fmt, output):
    """Round one, instantly: pass, order or alone for HAND, from a strategy table.

    Answers from the shipped table (north-american rules) or --table RUN_DIR;
    falls back to a live simulation when the rules differ or the class is
    missing, and says which it did.

    \b
    Example:
      euchre-stats advise "Jh Jd Ah 9s Tc" --up 9h --seat eldest
      euchre-stats advise "Jh Jd Ah 9s Tc" --up 9h --seat eldest --stick-the-dealer
    """
    from euchre_stats.strategy.advise import advise as advise_fn

    a = advise_fn(hand, upcard, seat, rules, table=table_dir, samples=samples, seed=seed, workers=workers,
                  simulate=simulate)
    emit(dumps(a.to_dict()) if fmt == "json" else _advice_text(a), output)


__all__ = ["SEAT_NAMES", "advise", "parse_seats", "table"]
