"""``euchre-stats tune``: fit the bidding model by self-play (realistic play by default)."""

from __future__ import annotations

import json

import click

from .common import backend_options, emit, handle_errors, progress_bar, rules_options, writable_path
from .group import cli


@cli.command()
@click.option("--deals", type=click.IntRange(min=100, max=5_000_000), default=20000, show_default=True,
              help="deals per decision point (drawn in proportion to how often the auction reaches it)")
@click.option("--sweeps", type=click.IntRange(min=0, max=20), default=3, show_default=True,
              help="passes over all seats and rounds (0: refine --start without refitting it)")
@click.option("--seed", type=click.IntRange(min=0), default=2026, show_default=True, help="random seed")
@click.option("--model", "play", type=click.Choice(["pimc", "dd"]), default="pimc", show_default=True,
              help="play model of the self-play hands (pimc: realistic)")
@click.option("--start", type=click.Path(exists=True, dir_okay=False), default=None,
              help="model to start from (JSON); the built-in guide thresholds by default")
@click.option("--refine-deals", type=click.IntRange(min=0, max=1_000_000), default=0, show_default=True,
              help="then move one threshold at a time where a duplicate match of this many deals shows the move "
                   "ahead (0: no refinement)")
@click.option("--refine-seed", type=click.IntRange(min=0), default=101, show_default=True,
              help="seed of the refinement's matches")
@click.option("--refine-rounds", type=click.IntRange(min=1, max=10), default=1, show_default=True,
              help="refinement rounds (each keeps at most one move)")
@backend_options("local processes, one solver thread each (with --players: solver threads); the model does not "
                 "depend on it")
@click.option("--players", type=click.Choice(["2", "3", "6"]), default=None,
              help="fit the point-count bidder of the two-handed game (2), cutthroat (3) or six-handed euchre (6, "
                   "--model dd) instead: its order_opponent, take_up and call thresholds, and assist in six-handed "
                   "(--deals per decision point, --sweeps, --model)")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None, callback=writable_path,
              help="write the model (JSON, with its fit report under \"fit\") to FILE")
@rules_options
@handle_errors
def tune(deals, sweeps, seed, play, start, refine_deals, refine_seed, refine_rounds, workers, scheduler, players,
         output, rules):
    """Fit the bidding model's thresholds (and next's bonus) by self-play.

    Each seat's thresholds, round by round, maximise its side's points against the current model
    on deals where the auction reaches it; the fit report gives each threshold's standard error
    (bootstrap).  With --refine-deals, each threshold is then moved a step up and down and kept
    where a duplicate match against the model shows the move ahead (interval above 0).  The
    result can be passed to order/call/match with --bidding FILE / --a FILE.

    \b
    Example:
      euchre-stats tune --rules stick --deals 20000 --seed 2026 -o stick-model.json
      euchre-stats tune --start stick-model.json --sweeps 0 --refine-deals 20000 -o stick-refined.json
      euchre-stats tune --players 3 --deals 6000 --sweeps 2 -o cutthroat.json
    """
    if players is not None:
        if start or refine_deals or scheduler:
            raise click.UsageError("--start, --refine-deals and --scheduler are for the four-handed model, "
                                   "not --players")
        from euchre_stats.bidding.games import tune_game_bidder
        from euchre_stats.rules import for_players

        r = tune_game_bidder(for_players(rules, int(players)), deals=deals, seed=seed, sweeps=max(sweeps, 1),
                             model=play, workers=workers, progress=progress_bar("tune"))
        click.echo(f"seed: {seed}   deals per decision point: {deals:,}   sweeps: {max(sweeps, 1)}   play model: "
                   f"{play}   players: {players}", err=True)
        d = r.to_dict()
        emit(json.dumps(d, indent=2), output)
        _report(summary(d), output)
        return
    from euchre_stats.bidding.model import BiddingModel, load_fit  # not at load: --help stays quick
    from euchre_stats.decide.refine import tune_and_refine

    result = tune_and_refine(rules, deals=deals, seed=seed, sweeps=sweeps,
                             start=BiddingModel.load(start) if start else None,
                             start_fit=load_fit(start) if start else None, workers=workers,
                             progress=progress_bar("tune"), refine_progress=progress_bar("refine"), play=play,
                             refine_deals=refine_deals,
                             refine_seed=refine_seed, refine_rounds=refine_rounds, scheduler=scheduler)
    refined = f"   refined by matches of {refine_deals:,} deals (seed {refine_seed})" if refine_deals else ""
    click.echo(f"seed: {seed}   deals per decision point: {deals:,}   sweeps: {sweeps}   play model: {play}"
               f"{refined}", err=True)
    d = result.model.to_dict()
    d["fit"] = result.fit
    emit(json.dumps(d, indent=2), output)
    _report(summary(d), output)


#: the thresholds a summary shows, per seat, as the model's JSON names them
_SUMMARY_ROWS = ("order", "order_alone", "call", "call_alone", "next_bonus")


def summary(d: dict) -> list[str]:
    """What ``tune`` fitted, in a few lines for a person: each threshold by seat (the four-handed
    model), or the smaller game's thresholds."""
    if "thresholds" in d:  # --players: the point-count bidder of a smaller game
        return ["fitted thresholds: " + ", ".join(f"{k} {v:.2f}" if isinstance(v, (int, float)) else f"{k} {v}"
                                                  for k, v in d["thresholds"].items())]
    rows = [f"{'fitted (by seat)':<16}" + "".join(f"{s:>9}" for s in ("eldest", "partner", "third", "dealer"))]
    for key in _SUMMARY_ROWS:
        if key in d:
            rows.append(f"{key.replace('_', ' '):<16}" + "".join(f"{float(v):>9.2f}" for v in d[key]))
    return rows


def _report(lines: list[str], output: str | None) -> None:
    """The summary on standard error (standard output may be the model itself), then where the model went."""
    for line in lines:
        click.echo(line, err=True)
    if output is not None:
        click.echo(f"wrote {output}", err=True)
