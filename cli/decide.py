"""Decision commands: ``order``, ``call``, ``discard``, ``lead``.

Each parses its input, calls one function of :mod:`euchre_stats.decide.questions`, and
formats the :class:`~euchre_stats.decide.questions.Decision` as a table, JSON or CSV.
"""

from __future__ import annotations

import functools

import click

from euchre_stats.bidding.model import BiddingModel
from euchre_stats.decide import questions as dec

from .common import InputError, dumps, emit, frame_text, handle_errors, output_options, progress_bar, rules_options
from .group import cli

MODEL_WORDS = {"dd": "double-dummy play (every card seen: flatters the side that can see more)",
               "pimc": "realistic play (each player samples worlds from their own information)"}
PASS_WORDS = {"hand": "the hand-strength bidding model", "zero": "zero (a pass scores 0)",
              "dd": "double-dummy bidders on their own sampled deals"}


def sampling_options(func):
    """``--samples``, ``--target-se``, ``--seed``, ``--workers``, ``--model``."""

    @click.option("--samples", "-n", type=click.IntRange(min=1), default=10000, show_default=True,
                  help="sampled deals (the most, with --target-se)")
    @click.option("--target-se", type=float, default=None,
                  help="stop once every option's standard error is at most this")
    @click.option("--seed", type=click.IntRange(min=0), default=None,
                  help="random seed (printed; the same seed gives the same output)")
    @click.option("--workers", "-j", type=click.IntRange(min=1), default=None,
                  help="solver threads (results do not depend on it)")
    @click.option("--model", type=click.Choice(["dd", "pimc"]), default="dd", show_default=True,
                  help="play model: dd = double-dummy, pimc = realistic")
    @click.option("--plot", "plot", type=click.Path(dir_okay=False), default=None,
                  help="draw the options' expected values and trick distributions to FILE (.png/.svg/.pdf)")
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return func(*args, **kwargs)

    return wrapper


def bidding_option(func):
    """``--bidding FILE``: the bidding model used to value passes and read the passes seen."""

    @click.option("--bidding", "bidding_file", type=click.Path(exists=True, dir_okay=False), default=None,
                  help="bidding model (JSON from `euchre-stats tune`); the shipped tuned model by default")
    @functools.wraps(func)
    def wrapper(*args, bidding_file=None, **kwargs):
        model = None
        if bidding_file:
            try:
                model = BiddingModel.load(bidding_file)
            except (ValueError, TypeError, KeyError) as exc:
                raise InputError(f"{bidding_file!r} is not a bidding model file: {exc}") from None
        return func(*args, bidding=model, **kwargs)

    return wrapper


def _fmt(x: float, signed: bool = True) -> str:
    return f"{x:+.3f}" if signed else f"{x:.3f}"


def options_frame(d: dec.Decision):
    import pandas as pd

    rows = []
    for o in d.options:
        row = {"action": o.action, "ev": o.ev, "ci_low": o.ev_ci[0], "ci_high": o.ev_ci[1],
               "p_make": o.p_make, "p_march": o.p_march, "p_euchred": o.p_euchred, "n": o.n}
        if "discard" in o.extra:
            row["discard"] = o.extra["discard"]
        if "ev_points" in o.extra:
            row["ev_points"] = o.extra["ev_points"]
        if "ev_tricks" in o.extra:
            row["ev_tricks"] = o.extra["ev_tricks"]
        rows.append(row)
    return pd.DataFrame(rows)


def decision_table(d: dec.Decision) -> str:
    import pandas as pd

    inputs = ", ".join(f"{k} {v}" for k, v in d.inputs.items() if v not in (None, [], False))
    lines = [f"{d.kind}: {inputs}", f"rules: {d.rules.describe()}",
             f"play model: {d.model} = {MODEL_WORDS[d.model]}"]
    if d.pass_model:
        lines.append(f"pass valued by: {PASS_WORDS[d.pass_model]}")
    if d.infer:
        lines.append(f"bidding inference: on (effective samples {d.effective_samples:,.0f} of {d.samples:,})")
    else:
        lines.append("bidding inference: off (uniform deals)")
    lines.append(f"seed: {d.seed}   samples: {d.samples:,}")
    unit = "tricks" if d.value_unit == "tricks" else "points (ours minus theirs)"
    lines.append(f"value: expected {unit}, 95% interval")
    lines.append("")
    table = []
    # the makers' chances, labelled from the asker's seat
    defends = d.inputs.get("side") == "defenders"
    labels = ("P(they make)", "P(they march)", "P(we euchre)") if defends else ("P(make)", "P(march)", "P(euchred)")
    for o in d.options:
        row = {"action": o.action, "EV": _fmt(o.ev, d.value_unit != "tricks"),
               "95% CI": f"[{_fmt(o.ev_ci[0], d.value_unit != 'tricks')}, "
                         f"{_fmt(o.ev_ci[1], d.value_unit != 'tricks')}]",
               labels[0]: f"{o.p_make:.3f}", labels[1]: f"{o.p_march:.3f}",
               labels[2]: f"{o.p_euchred:.3f}", "n": o.n}
        if "ev_tricks" in o.extra:
            row["tricks"] = f"{o.extra['ev_tricks']:.3f}"
        if "ev_points" in o.extra:
            row["points"] = _fmt(o.extra["ev_points"])
        if "discard" in o.extra:
            row["discard"] = o.extra["discard"]
        table.append(row)
    lines.append(pd.DataFrame(table).to_string(index=False))
    lines.append("")
    same = [df["b"] for df in d.differences if df.get("equivalent")]
    rivals = [df for df in d.differences if not df.get("equivalent")]
    for df in rivals:
        lines.append(f"{df['a']} - {df['b']}: {_fmt(df['diff'])} [{_fmt(df['ci'][0])}, {_fmt(df['ci'][1])}]")
    if same:
        lines.append(f"equivalent to {d.recommendation} on every sampled deal: {', '.join(same)}")
    if d.too_close:
        lines.append(f"recommendation: too close to call ({d.recommendation} vs {rivals[0]['b']}); "
                     f"{d.recommendation} is ahead by {_fmt(rivals[0]['diff'])}")
    else:
        lines.append(f"recommendation: {d.recommendation}")
    return "\n".join(lines)


def render(d: dec.Decision, fmt: str) -> str:
    if fmt == "json":
        return dumps(d.to_dict())
    if fmt == "csv":
        return frame_text(options_frame(d), "csv")
    return decision_table(d)


def _compare(d_dd: dec.Decision, d_pimc: dec.Decision, fmt: str) -> str:
    import pandas as pd

    gaps = []
    pimc = {o.action: o for o in d_pimc.options}
    for o in d_dd.options:
        if o.action in pimc:
            gaps.append({"action": o.action, "ev_dd": o.ev, "ev_pimc": pimc[o.action].ev,
                         "gap": o.ev - pimc[o.action].ev})
    if fmt == "json":
        return dumps({"models": {"dd": d_dd.to_dict(), "pimc": d_pimc.to_dict()}, "gap": gaps})
    if fmt == "csv":
        return frame_text(pd.DataFrame(gaps), "csv")
    gap_df = pd.DataFrame([{"action": g["action"], "dd": _fmt(g["ev_dd"]), "pimc": _fmt(g["ev_pimc"]),
                            "dd - pimc": _fmt(g["gap"])} for g in gaps])
    return "\n\n".join([decision_table(d_dd), decision_table(d_pimc),
                        "model gap (double-dummy minus realistic):\n" + gap_df.to_string(index=False)])


def _finish(result, fmt, output, plot, compare=None):
    if compare is not None:
        text = _compare(result, compare, fmt)
    else:
        text = render(result, fmt)
    if plot:
        from euchre_stats.output.plots import plot_decision

        plot_decision(result if compare is None else [result, compare], plot)
    emit(text, output)


@cli.command()
@click.argument("hand")
@click.option("--up", "upcard", required=True, help="the upcard, e.g. 9h")
@click.option("--seat", required=True, help="eldest|partner|third|dealer or 1-4 (1 = eldest, 4 = dealer)")
@click.option("--pass-model", type=click.Choice(list(dec.PASS_MODELS)), default="hand", show_default=True,
              help="how a pass is valued")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely the passes before you are")
@click.option("--compare-models", is_flag=True, help="run dd and pimc on the same deals and show the gap")
@click.option("--named", default=None,
              help="with the Joker up: the suit the dealer named before looking (British: default spades; "
                   "Almonte: required, the suit of round one)")
@sampling_options
@bidding_option
@rules_options
@output_options()
@handle_errors
def order(hand, upcard, seat, pass_model, infer, compare_models, named, samples, target_se, seed, workers, model,
          plot, bidding, rules, fmt, output):
    """Round one: should HAND pass, order up, or order up alone?

    \b
    Example:
      euchre-stats order "Jh Jd Ah 9s Tc" --up 9h --seat eldest
      euchre-stats order "Jc As Ks 9s Qd" --up Js --seat dealer --rules stick --format json
    """
    kw = dict(samples=samples, target_se=target_se, seed=seed, pass_model=pass_model, infer=infer,
              workers=workers, bidding=bidding, progress=progress_bar("sampling"), named=named)
    if compare_models:
        a = dec.order_decision(hand, upcard, seat, rules, model="dd", **kw)
        kw["seed"] = a.seed
        b = dec.order_decision(hand, upcard, seat, rules, model="pimc", **kw)
        return _finish(a, fmt, output, plot, b)
    _finish(dec.order_decision(hand, upcard, seat, rules, model=model, **kw), fmt, output, plot)


@cli.command()
@click.argument("hand")
@click.option("--turned-down", "turned_down", required=True, help="the card turned down after round one")
@click.option("--seat", required=True, help="eldest|partner|third|dealer or 1-4")
@click.option("--pass-model", type=click.Choice(list(dec.PASS_MODELS)), default="hand", show_default=True,
              help="how a pass is valued")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely everyone's passes are")
@click.option("--compare-models", is_flag=True, help="run dd and pimc on the same deals and show the gap")
@click.option("--named", default=None, help="Almonte, Joker turned down: the suit of round one")
@sampling_options
@bidding_option
@rules_options
@output_options()
@handle_errors
def call(hand, turned_down, seat, pass_model, infer, compare_models, named, samples, target_se, seed, workers,
         model, plot, bidding, rules, fmt, output):
    """Round two: which suit should HAND name (alone or not), or pass?

    \b
    Example:
      euchre-stats call "Jd Ad Kd 9c Tc" --turned-down 9h --seat third
    """
    kw = dict(samples=samples, target_se=target_se, seed=seed, pass_model=pass_model, infer=infer,
              workers=workers, bidding=bidding, progress=progress_bar("sampling"), named=named)
    if compare_models:
        a = dec.call_decision(hand, turned_down, seat, rules, model="dd", **kw)
        kw["seed"] = a.seed
        b = dec.call_decision(hand, turned_down, seat, rules, model="pimc", **kw)
        return _finish(a, fmt, output, plot, b)
    _finish(dec.call_decision(hand, turned_down, seat, rules, model=model, **kw), fmt, output, plot)


@cli.command()
@click.argument("hand")
@click.option("--up", "upcard", required=True, help="the upcard the dealer took up (one of the six cards)")
@click.option("--maker", default="dealer", show_default=True, help="the seat that ordered it up")
@click.option("--alone", is_flag=True, help="the maker went alone")
@click.option("--infer/--no-infer", default=True, show_default=True,
              help="weight deals by how likely the passes before the maker are")
@sampling_options
@bidding_option
@rules_options
@output_options()
@handle_errors
def discard(hand, upcard, maker, alone, infer, samples, target_se, seed, workers, model, plot, bidding, rules,
            fmt, output):
    """The dealer's discard: the value of throwing each of the six cards of HAND.

    \b
    Example:
      euchre-stats discard "Js Jc As Kh 9d Td" --up Js
    """
    d = dec.discard_decision(hand, upcard, rules, maker=maker, alone=alone, samples=samples,
                             target_se=target_se, seed=seed, model=model, infer=infer, workers=workers,
                             bidding=bidding, progress=progress_bar("sampling"))
    _finish(d, fmt, output, plot)


@cli.command()
@click.argument("hand")
@click.option("--trump", required=True, help="trump suit: s, h, d or c")
@click.option("--maker", required=True, help="the seat that fixed trump")
@click.option("--seat", required=True, help="your seat (you are on lead)")
@click.option("--trick", "tricks", multiple=True,
              help='an earlier trick, its cards in play order from its leader: --trick "Ac Kc 9c Tc" '
                   "(repeatable, in order)")
@click.option("--up", "upcard", default=None, help="the upcard, when the dealer took it up")
@click.option("--alone", is_flag=True, help="the maker went alone")
@click.option("--defender-alone", default=None, help="seat of a defender who went alone")
@click.option("--discard", "discard_card", default=None, help="your discard, if you are the dealer")
@sampling_options
@rules_options
@output_options()
@handle_errors
def lead(hand, trump, maker, seat, tricks, upcard, alone, defender_alone, discard_card, samples, target_se,
         seed, workers, model, plot, rules, fmt, output):
    """The lead: expected tricks, P(make) and P(euchred) for each card of HAND.

    \b
    Example:
      euchre-stats lead "Jh Ah Kc Qc 9s" --trump h --maker eldest --seat eldest
      euchre-stats lead "Ah Kc Qc 9s" --trump h --maker eldest --seat eldest --trick "Jh 9h Th Qh"
    """
    d = dec.lead_decision(hand, trump, maker, seat, rules, tricks=list(tricks), up=upcard, alone=alone,
                          defender_alone=defender_alone, discard=discard_card, samples=samples,
                          target_se=target_se, seed=seed, model=model, workers=workers,
                          progress=progress_bar("sampling"))
    _finish(d, fmt, output, plot)


__all__ = ["order", "call", "discard", "lead"]
