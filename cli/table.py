"""Strategy-table commands: ``table`` (build or resume a table) and ``advise`` (answer from one).

Each calls one public function (:func:`euchre_stats.table`, :func:`euchre_stats.advise`) and
prints the result in the format asked for.
"""

from __future__ import annotations

import click

import euchre_stats as es

from .common import emit, handle_errors, output_options, progress_bar, rules_options
from .group import cli


@cli.command()
@click.option("--seat", default="eldest", show_default=True,
              help="eldest|partner|third|dealer (1-4), a comma list, or all")
@click.option("--round", "round_", type=int, default=1, show_default=True,
              help="bidding round: 1 = order up / alone / pass, 2 = name a suit / alone / pass")
@click.option("--samples-per-class", type=click.IntRange(min=2), default=200, show_default=True,
              help="sampled deals per hand class")
@click.option("--screen", type=click.IntRange(min=2), default=None, metavar="N",
              help="adaptive: play every class on N deals first; a class whose answer is not clear at 99% plays on, "
                   "its deals doubled at each stage up to --samples-per-class (column screened)")
@click.option("--screen-calls", is_flag=True,
              help="round 2 with --screen: between stages also stop playing each call more than 4 standard errors "
                   "behind the class's best option on the same deals (its values from the deals it played: "
                   "column n_<option>)")
@click.option("--refine", type=click.IntRange(min=3), default=None, metavar="N",
              help="play every class still too close to call on --samples-per-class deals again, on fresh deals: "
                   "twice as many, doubled while not clear at 99%, up to N; its row is replaced (column refined). "
                   "May be added to a run already made or under way")
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
@click.option("--model", type=click.Choice(["dd", "pimc"]), default="dd", show_default=True,
              help="play model of every class's deals: dd = double-dummy (the shipped tables), pimc = realistic "
                   "(each player sees only its own cards, as order --model pimc)")
@click.option("--csv", "csv_", is_flag=True, help="also write the table and summaries as CSV")
@click.option("--charts/--no-charts", default=True, show_default=True, help="draw heatmaps and threshold curves")
@click.option("--no-infer", "no_infer", is_flag=True, help="uniform deals (not conditioned on the earlier passes)")
@click.option("--scores", default=None, metavar="US-THEM,...|late",
              help="game scores (e.g. 0-0,9-8,8-9, or late for 0-0 and nine late scores): per score, each "
                   "option's chance of winning the game and the answer by it, from the same deals")
@click.option("--others", "others", default=None, metavar="POLICY",
              help="how the other three seats bid, after a pass and in reading the passes seen, as in order: "
                   "shipped, guides, points, shipped-v3, shipped-v4 or a model file; default: the default population "
                   "(shipped-v4; shipped where it cannot bid); shipped gives the tables made before populations")
@rules_options
@output_options(("table", "json", "csv"))
@handle_errors
def table(seat, round_, samples_per_class, screen, screen_calls, refine, seed, run_dir, limit, chunk_size, workers,
          scheduler, model, csv_, charts, no_infer, scores, others, rules, fmt, output):
    """Strategy table: pass / order / alone (round 2: pass / call a suit) for every hand class.

    Rows go to RUN_DIR/table.parquet (chunks are committed as they finish: kill
    the run at any time and run the same command again to resume); summaries by
    seat and trump count are printed.

    \b
    Example:
      euchre-stats table --seat eldest --samples-per-class 200 --seed 1 --run-dir runs/eldest
      euchre-stats table --seat all --limit 500 --seed 1 --run-dir runs/quick --csv
      euchre-stats table --round 2 --seat third --seed 1 --run-dir runs/call-third
      euchre-stats table --seat all --limit 500 --seed 1 --scores late --run-dir runs/late
      euchre-stats table --seat eldest --model pimc --limit 200 --seed 1 --run-dir runs/realistic
      euchre-stats table --seat eldest --model pimc --screen 50 --limit 200 --seed 1 --run-dir runs/adaptive
      euchre-stats table --seat eldest --model pimc --screen 50 --refine 800 --limit 200 --seed 1 --run-dir runs/refined
      euchre-stats table --seat eldest --others shipped --limit 200 --seed 1 --run-dir runs/count
      euchre-stats table --round 2 --model pimc --screen 50 --screen-calls --limit 200 --seed 1 --run-dir runs/r2
    """
    t = es.table(seat, run_dir=run_dir, round=round_, samples_per_class=samples_per_class, seed=seed,
                 rules=rules, limit=limit, chunk_size=chunk_size, infer=not no_infer, workers=workers,
                 scheduler=scheduler, csv=csv_, charts=charts, progress=progress_bar("chunks"), scores=scores,
                 model=model, screen=screen, others=others, refine=refine, screen_calls=screen_calls)
    if seed is None:
        click.echo(f"seed: {t.seed}", err=True)
    emit(t.format(fmt), output)


@cli.command()
@click.argument("hand")
@click.option("--up", "upcard", default=None, help="the upcard, e.g. 9h (round one)")
@click.option("--turned-down", "turned_down", default=None,
              help="instead of --up: the card turned down, e.g. 9h (round two: from a round-two table, else "
                   "simulated as call)")
@click.option("--seat", required=True, help="eldest|partner|third|dealer or 1-4 (1 = eldest)")
@click.option("--table", "table_dir", type=click.Path(file_okay=False), default=None,
              help="a run directory of `euchre-stats table` (default: the shipped table)")
@click.option("--simulate", is_flag=True, help="skip the table and simulate")
@click.option("--samples", "-n", type=click.IntRange(min=1), default=2000, show_default=True,
              help="sampled deals when simulating")
@click.option("--seed", type=click.IntRange(min=0), default=None, help="seed when simulating")
@click.option("--workers", "-j", type=click.IntRange(min=1), default=None, help="solver threads")
@click.option("--score", default=None, metavar="US-THEM",
              help="recommend by the chance of winning the game from this score (e.g. 9-8), from a table "
                   "built with it in --scores, else simulated")
@rules_options
@output_options(("table", "json"))
@handle_errors
def advise(hand, upcard, turned_down, seat, table_dir, simulate, samples, seed, workers, score, rules, fmt, output):
    """Instantly, from a strategy table: pass, order or alone for HAND (round two: which suit).

    Answers from the shipped table (north-american rules) or --table RUN_DIR;
    falls back to a live simulation when the rules differ or the class is
    missing, and says which it did. With --turned-down instead of --up, round
    two: from a round-two table (--table RUN_DIR of `table --round 2`, or the
    shipped one when there is one), else simulated as `call`; it says which.

    \b
    Example:
      euchre-stats advise "Jh Jd Ah 9s Tc" --up 9h --seat eldest
      euchre-stats advise "Jh Jd Ah 9s Tc" --up 9h --seat eldest --stick-the-dealer
      euchre-stats advise "Jh Jd Kh Ks As" --up 9h --seat eldest --score 9-8 --table runs/late
      euchre-stats advise "Jd Ad Kd 9c Tc" --turned-down 9h --seat third --seed 1
    """
    if (upcard is None) == (turned_down is None):
        raise click.UsageError("give --up CARD (round one) or --turned-down CARD (round two), "
                               + ("not both" if upcard is not None else "one of them"))
    a = es.advise(hand, upcard, seat, rules, table=table_dir, samples=samples, seed=seed, workers=workers,
                  simulate=simulate, score=score, turned_down=turned_down)
    emit(a.format(fmt), output)


__all__ = ["advise", "table"]
