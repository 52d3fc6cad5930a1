"""Instant round-one advice: look a (hand, upcard, seat) up in a strategy table, or simulate it.

The shipped table (package data ``euchre_stats/data/strategy_table.csv`` with its
manifest ``strategy_table.json``, so it is installed by ``pip install .``) holds
every 24-card class for the four seats under the north-american rules.  Any run
directory of ``euchre-stats table`` can be used instead.  When the rules differ
from the table's, or the class is not in it, the answer is computed live with
:func:`euchre_stats.decide.order.order_decision`, and the answer says which it did.
Reads files; prints nothing (an :class:`Advice` knows its own JSON, DataFrame and text forms).
An answer from the shipped table reads its one row without pandas, and counts its one hand without
numba, so ``euchre-stats advise`` starts quickly; pandas is imported where a frame is made.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..bidding.model import BiddingModel, default_model
from ..core.cards import JOKER, SUITS, card_name, format_cards, parse_card, parse_cards
from ..core.errors import AdviceError, BiddingModelError
from ..core.seats import SEAT_NAMES, parse_seat
from ..decide.equity import parse_score
from ..decide.order import order_decision
from ..output.results import ResultView, text_table
from ..rules import NORTH_AMERICAN, Rules
from .classes import canonical, class_key, class_label, class_text, enumerate_classes, own_card, split_key

DATA = Path(__file__).parents[1] / "data"
SHIPPED_CSV = DATA / "strategy_table.csv"
SHIPPED_MANIFEST = DATA / "strategy_table.json"
#: the shipped realistic table: a run directory's shape (``manifest.json``, ``table.parquet``) holding the seats
#: of a realistic round-one run that are finished (:func:`export_realistic`)
SHIPPED_REALISTIC = DATA / "realistic_table"
#: the shipped realistic round-two table, in the same shape, when one is shipped (the table bidder and ``advise``
#: read it)
SHIPPED_REALISTIC_ROUND_TWO = DATA / "realistic_table_round2"
#: the columns the shipped realistic table keeps (those :func:`_lookup_run` reads); its numbers in hundredths
REALISTIC_KEEP = ("key", "seat", "best", "too_close", "n", "screened", "refined", "discard_order", "discard_alone",
                  "gain_order", "gain_order_lo", "gain_order_hi",
                  *(k.format(c) for c in ("pass", "order", "alone")
                    for k in ("ev_{}", "ev_{}_lo", "ev_{}_hi", "p_make_{}", "p_euchred_{}")))
#: the columns a shipped round-two table keeps: pass, and next and the two green suits with the partner and alone
REALISTIC_KEEP_ROUND_TWO = ("key", "seat", "best", "too_close", "n", "screened", "refined",
                            *(k.format(c) for c in ("pass", "next", "next_alone", "green1", "green1_alone", "green2",
                                                    "green2_alone")
                              for k in ("ev_{}", "ev_{}_lo", "ev_{}_hi", "p_make_{}", "p_euchred_{}", "n_{}")))
#: codes of the shipped CSV: upper case = clear, lower case = too close to call
BEST_CODES = {"P": "pass", "O": "order", "A": "order alone"}
OPTION_COLUMNS = (("pass", "pass"), ("order", "order"), ("order alone", "alone"))


@dataclass
class Advice(ResultView):
    """The answer: where it came from, each option's value, the recommendation.

    ``to_dict()`` is the command line's JSON, ``to_frame()`` one row per option, ``to_text()``
    the command line's table, ``plot(ax)`` each option's value.
    """

    formats = ("table", "json")

    source: str                 # "table" or "simulation"
    reason: str                 # why that source
    hand: str
    upcard: str
    seat: str
    label: str
    canonical: str
    options: list[dict]         # action, ev, and ev_ci when known
    recommendation: str
    too_close: bool
    samples: int                # deals per class in the table, or simulated
    table: str | None = None
    extra: dict = field(default_factory=dict)

    score: str | None = None    # "US-THEM" when the recommendation is by the chance of winning the game
    rules: "Rules | None" = None  # the rules asked about (the table's, when answered from one)
    turned_down: str | None = None  # round two: the card turned down (``upcard`` is then empty)

    #: the question, as every result's JSON names it (``kind``)
    kind = "advise"

    def to_dict(self) -> dict:
        return {"kind": self.kind, **({"rules": self.rules.to_dict()} if self.rules is not None else {}),
                "source": self.source, "reason": self.reason, "hand": self.hand,
                "round": 1 if self.turned_down is None else 2,
                **({"upcard": self.upcard} if self.turned_down is None else {"turned_down": self.turned_down}),
                "seat": self.seat, "label": self.label, "canonical": self.canonical,
                "options": self.options, "recommendation": self.recommendation,
                "too_close": self.too_close, "samples": self.samples, "table": self.table,
                **({"relabelled": not self.as_given} if self.canonical else {}),
                **({"score": self.score} if self.score is not None else {}), **self.extra}

    @property
    def seed(self) -> int | None:
        """The seed of the live simulation (``None`` when answered from a table)."""
        return self.extra.get("seed")

    def to_frame(self):
        """One row per option: ``action``, ``ev``, ``ci_low``, ``ci_high`` (when known), ``p_make``,
        ``p_euchred`` (when known), and with a score ``p_win``, ``p_win_low``, ``p_win_high``."""
        rows = []
        for o in self.options:
            row = {"action": o["action"], "ev": o["ev"]}
            if "ev_ci" in o:
                row["ci_low"], row["ci_high"] = o["ev_ci"]
            for key in ("p_make", "p_euchred", "n"):
                if key in o:
                    row[key] = o[key]
            if "p_win" in o:
                row["p_win"] = o["p_win"]
                row["p_win_low"], row["p_win_high"] = o["p_win_ci"]
            rows.append(row)
        import pandas as pd

        return pd.DataFrame(rows)

    def to_text(self) -> str:
        named = {"shipped": " (shipped)", "shipped, realistic": " (shipped, realistic)",
                 "shipped, corrected": " (shipped, double-dummy, with the realistic correction)"}
        src = ("strategy table" + named.get(self.table, f" {self.table}" if self.table else " (shipped)")
               if self.source == "table" else "live simulation")
        card = f"upcard {self.upcard}" if self.turned_down is None else f"turned down {self.turned_down} (round two)"
        lines = [f"advise: hand {self.hand}, {card}, seat {self.seat}",
                 f"answered from: {src} -- {self.reason}"]
        if self.extra.get("realistic_note"):
            lines.append(f"note: {self.extra['realistic_note']}")
        if self.label:
            lines.append(f"class: {self.label}   ({self.canonical}, trump shown as hearts)")
            if not self.as_given:
                lines.append(f"note: your hand {self.hand} up {self.upcard} is advised as its class's hand "
                             f"{self.canonical}: the same hand with the suits renamed (trump as hearts, next as "
                             "diamonds, the stronger other-colour suit as spades), so the same answer")
        if self.extra.get("refined"):
            lines.append(f"deals: {self.samples:,} for this class (too close to call on the table's first "
                         f"{self.extra['first_deals']:,}: played again on fresh deals"
                         + (", and clear at 99% before the last stage)" if self.extra.get("screened") else ")"))
        elif "screened" in self.extra:
            lines.append(f"deals: {self.samples:,} for this class" + (
                " (the table's screening: its answer was already clear at 99%)" if self.extra["screened"] else ""))
        else:
            lines.append(f"deals: {self.samples:,}{' per class' if self.source == 'table' else ''}")
        lines.append("play model: " + self.extra.get("play_model", "pimc (realistic)" if self.source == "simulation"
                                                     else "as the table was built"))
        if self.source == "table" and self.extra.get("table_others"):
            lines.append(f"bidding: the other three seats by {self.extra['table_others']}, your own later bids by "
                         f"{self.extra.get('table_own_bids', 'shipped')}, as the table was built")
        if self.source == "simulation" and self.extra.get("others"):
            lines.append(f"bidding: the other three seats by {self.extra['others']}, your own later bids by "
                         f"{self.extra['bidding']}" + (f" ({self.extra['others_note']})"
                                                       if self.extra.get("others_note") else ""))
        corr = self.extra.get("correction")
        if corr:
            e = corr["held_out_rmse"]
            a = corr["held_out_agreement"]
            lines.append(f"correction, held out ({corr['questions']} questions for this seat): error of pass "
                         f"{e['pass']:.2f}, of order - pass {e['gain_order']:.2f}, of alone - order "
                         f"{e['gain_alone']:.2f} points; agrees with realistic play on {a['agree']} of {a['of']}")
        if self.score is not None:
            lines.append(f"game: {self.score} (us-them), game to {self.extra['game_to']}: recommended by "
                         "P(win the game)")
        rows = []
        for o in self.options:
            row = {"action": o["action"], "EV": f"{o['ev']:+.2f}"}
            if "ev_ci" in o:
                row["95% CI"] = f"[{o['ev_ci'][0]:+.2f}, {o['ev_ci'][1]:+.2f}]"
            if o.get("ev_dd") is not None:
                row["EV double-dummy"] = f"{o['ev_dd']:+.2f}"
            if "n" in o:   # the table stopped playing a call far behind: its own deals
                row["deals"] = f"{o['n']:,}"
            if "p_win" in o:
                row["P(win)"] = f"{o['p_win']:.3f}"
                row["P(win) 95% CI"] = f"[{o['p_win_ci'][0]:.3f}, {o['p_win_ci'][1]:.3f}]"
            rows.append(row)
        lines.append(text_table(rows, na_rep="-"))
        ordering = "discard" in self.extra and self.recommendation != "pass"   # a dealer who passes discards nothing
        rec = self.recommendation + (f" (discard {self.extra['discard']})" if ordering else "")
        lines.append(f"recommendation: {rec}" + ("  -- too close to call" if self.too_close else ""))
        return "\n".join(lines)

    @property
    def as_given(self) -> bool:
        """Whether the class's hand is the user's own (the same cards and upcard), not a relabelling."""
        if not self.canonical:
            return True
        hand, _, up = self.canonical.partition(" up ")
        return sorted(hand.split()) == sorted(self.hand.split()) and up == self.upcard

    def _repr_html_(self) -> str:
        head = "\n".join(self.to_text().split("\n")[:3])
        return f"<div><pre>{html.escape(head)}</pre>{self.to_frame().to_html(index=False)}</div>"

    def plot(self, ax=None):
        """Each option's expected points (with its 95% interval when known); returns the matplotlib Axes."""
        from ..output.plots import new_axes

        ax = new_axes() if ax is None else ax
        df = self.to_frame()
        err = None
        if "ci_low" in df:
            err = [(df["ev"] - df["ci_low"]).fillna(0), (df["ci_high"] - df["ev"]).fillna(0)]
        ax.bar(df["action"], df["ev"], yerr=err, capsize=4)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_ylabel("expected points (ours - theirs)")
        card = f"up {self.upcard}" if self.turned_down is None else f"{self.turned_down} turned down"
        ax.set_title(f"advise: {self.hand}, {card}, {self.seat} ({self.source})")
        return ax


# --- the shipped table ------------------------------------------------------------------------
def export_compact(table, settings: dict, path_csv, path_manifest, extra: dict) -> None:
    """Write a finished 4-seat table as the compact shipped CSV (one line per class) and its manifest.

    Columns: ``class_id`` then, per seat, the best action code (``P O A``; lower
    case when too close to call), the values of pass, order and alone in
    hundredths of a point (empty when the option is not open), and the half-width
    of each value's 95% interval (``_hw``, hundredths, rounded up).
    """
    import pandas as pd

    from .run import atomic_write

    out = pd.DataFrame({"class_id": np.arange(settings["class_count"], dtype=np.int64)})
    for seat in SEAT_NAMES:
        t = table[table["seat"] == seat].set_index("class_id").reindex(out["class_id"])
        if t["best"].isna().any():
            raise AdviceError(f"the table lacks seat {seat!r} for some classes: export needs all four")
        code = t["best"].map({v: k for k, v in BEST_CODES.items()})
        out[f"{seat}_best"] = np.where(t["too_close"].astype(bool), code.str.lower(), code)
        for _, col in OPTION_COLUMNS:
            v = (t[f"ev_{col}"] * 100).round()
            out[f"{seat}_{col}"] = v.astype("Int64")
        for _, col in OPTION_COLUMNS:
            hw = np.ceil((t[f"ev_{col}_hi"] - t[f"ev_{col}_lo"]) * 50 - 1e-9)
            out[f"{seat}_{col}_hw"] = hw.astype("Int64")
    atomic_write(Path(path_csv), out.to_csv(index=False).encode())
    manifest = {"format": "euchre-stats shipped strategy table", "settings": settings, **extra}
    atomic_write(Path(path_manifest), (json.dumps(manifest, indent=2) + "\n").encode())


def export_run(run_dir, path_csv=SHIPPED_CSV, path_manifest=SHIPPED_MANIFEST) -> None:
    """Export a finished four-seat run directory as the shipped table (see :func:`export_compact`)."""
    from .run import load_table, read_manifest

    m = read_manifest(run_dir)
    settings = m["settings"]
    timing_path = Path(run_dir) / "timing.json"
    timing = json.loads(timing_path.read_text()) if timing_path.exists() else []
    seats = ",".join(settings["seats"]) if len(settings["seats"]) < 4 else "all"
    command = (f"euchre-stats table --seat {seats} --samples-per-class {settings['samples_per_class']} "
               f"--seed {settings['seed']} --chunk-size {settings['chunk_size']} --run-dir RUN_DIR")
    extra = {"rules_described": m.get("rules_described"), "command": command, "timing": timing,
             "columns": "class_id, then per seat: best (P/O/A, lower case = too close to call), "
                        "pass, order, alone (expected points x 100), then the half-widths of their "
                        "95% intervals (pass_hw, order_hw, alone_hw, x 100, rounded up)"}
    export_compact(load_table(run_dir), settings, path_csv, path_manifest, extra)
    _shipped.cache_clear()


def export_realistic(run_dir, out_dir=None) -> list[str]:
    """Export the finished seats of a realistic run directory (``table --model pimc``: every chunk of the seat
    committed) as the shipped realistic table of its round (``out_dir`` by default :data:`SHIPPED_REALISTIC`,
    or :data:`SHIPPED_REALISTIC_ROUND_TWO` for ``--round 2``, whose columns are :data:`REALISTIC_KEEP_ROUND_TWO`),
    and return their names.

    ``out_dir/table.parquet`` keeps the columns :func:`advise` reads (:data:`REALISTIC_KEEP`), sorted by class
    and seat; values, chances and interval ends are whole hundredths (16-bit), the intervals rounded outward
    so that they still cover.  ``out_dir/manifest.json`` is the run's manifest with ``seats`` the exported
    seats and ``hundredths`` true.  The run itself may still be going."""
    import pandas as pd

    from .run import atomic_write, finished_seats, parquet_bytes, read_manifest, refined_seats
    from .table import TableSpec

    m = read_manifest(run_dir)
    spec = TableSpec.from_settings(m["settings"])
    if spec.model != "pimc":
        raise AdviceError(f"run directory {str(run_dir)!r} is not a realistic table (table --model pimc)")
    keep = REALISTIC_KEEP if spec.round == 1 else REALISTIC_KEEP_ROUND_TWO
    if out_dir is None:
        out_dir = SHIPPED_REALISTIC if spec.round == 1 else SHIPPED_REALISTIC_ROUND_TWO
    _, done, t = finished_seats(run_dir)
    t = t[[c for c in keep if c in t.columns]]   # (``screened`` only with --screen, ``refined`` --refine)
    for c in t.columns:
        if t[c].dtype.kind == "f":
            x = t[c].to_numpy() * 100
            x = np.floor(x + 1e-9) if c.endswith("_lo") else np.ceil(x - 1e-9) if c.endswith("_hi") else np.round(x)
            t[c] = pd.arrays.IntegerArray(np.where(np.isnan(x), 0, x).astype(np.int16), np.isnan(x))
    for c in [c for c in t.columns if c == "n" or c.startswith("n_")]:
        t[c] = t[c].astype(np.int16)
    t = t.sort_values(["key", "seat"], kind="stable", ignore_index=True)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    manifest = {**m, "settings": {**m["settings"], "seats": [SEAT_NAMES[s] for s in done]}, "hundredths": True,
                "exported_from": {"seats": m["settings"]["seats"], "rows": len(t)}}
    if spec.refine is not None:   # the seats whose rows too close to call were played again (the others' were not)
        manifest["refined_seats"] = [SEAT_NAMES[s] for s in refined_seats(run_dir) if s in done]
    atomic_write(out / "table.parquet", parquet_bytes(t, 10_000, compression="zstd"))
    atomic_write(out / "manifest.json", (json.dumps(manifest, indent=2) + "\n").encode())
    return [SEAT_NAMES[s] for s in done]


@lru_cache(maxsize=2)
def _shipped(csv_path: str) -> tuple[list[str], bytes]:
    """The shipped CSV's column names and its bytes: a question needs one row, found by searching the
    bytes (pandas' import and parse of every row cost more than the answer)."""
    data = Path(csv_path).read_bytes()
    return data[:data.index(b"\n")].decode().rstrip("\r").split(","), data


def _shipped_row(csv_path: str, class_id: int) -> dict | None:
    """The row of ``class_id`` (column -> text, ``None`` where empty), or ``None`` when it is not there."""
    columns, data = _shipped(csv_path)
    start = data.find(b"\n%d," % class_id) if class_id >= 0 else -1
    if start < 0:
        return None
    end = data.find(b"\n", start + 1)
    line = data[start + 1:end if end >= 0 else len(data)].decode().rstrip("\r")
    return {c: (v if v != "" else None) for c, v in zip(columns, line.split(","))}


def shipped_manifest() -> dict | None:
    """The shipped table's manifest, or ``None`` when no table is shipped."""
    if not SHIPPED_MANIFEST.exists() or not SHIPPED_CSV.exists():
        return None
    return json.loads(SHIPPED_MANIFEST.read_text())


# --- answering -------------------------------------------------------------------------------
def _other_model(stored) -> bool:
    """Whether a stored bidding model (its JSON form) is not the installed one; fields added since it
    was stored count with their defaults (``BiddingModel.from_dict``)."""
    try:
        return BiddingModel.from_dict(stored) != default_model()
    except BiddingModelError:
        return True


def _stale(settings: dict) -> str:
    """Why a table cannot answer for the current bidding model, or ``""``."""
    built = settings.get("bidding")
    if built is not None and _other_model(built):
        return "the table was built with another bidding model than the one installed"
    return ""


def _row_in_points(manifest: dict, run_dir, key: int, seat: str) -> dict | None:
    """The row of class ``key`` and ``seat`` (:func:`~.rundir.table_row`), a shipped table's hundredths as points."""
    from .rundir import table_row

    r = table_row(run_dir, key, seat)
    if r is not None and manifest.get("hundredths"):   # the shipped realistic tables (export_realistic)
        r = {k: v / 100 if isinstance(v, int) and not isinstance(v, bool) and k != "key" and k != "n"
             and not k.startswith("n_") else v
             for k, v in r.items()}
    return r


def _option(action: str, col: str, r: dict, lo: float, hi: float) -> dict:
    """A row's option ``col`` as advise shows it: its value, interval, make and euchre chances, the value and
    interval kept inside ``[lo, hi]``, what the hand can score (the table's already are; never print outside)."""
    def inside(x):
        return min(max(float(x), lo), hi)

    out = {"action": action, "ev": inside(r[f"ev_{col}"]),
           "ev_ci": [inside(r[f"ev_{col}_lo"]), inside(r[f"ev_{col}_hi"])],
           "p_make": float(r[f"p_make_{col}"]), "p_euchred": float(r[f"p_euchred_{col}"])}
    if f"n_{col}" in r:   # a table that screened its calls (--screen-calls): the deals this option was played on
        out["n"] = int(r[f"n_{col}"])
    return out


def _table_extra(settings: dict, r: dict) -> dict:
    """What a table's answer says of its making: the play model and populations it was built with, and the
    class's own deals when the run screened or refined them."""
    model = settings.get("model", "dd")
    extra = {"play_model": f"{model} ({'realistic' if model == 'pimc' else 'double-dummy'}), as the table was built",
             # a manifest without them: every seat by the count, the asker's own later bids included
             "table_others": settings.get("others", "shipped"), "table_own_bids": settings.get("own_bids", "shipped")}
    if "screened" in r:   # adaptive sampling: this class's own deals (the screening's, or all of them)
        extra["deals"], extra["screened"] = int(r["n"]), bool(r["screened"])
    if r.get("refined"):  # played again on fresh deals (table --refine): this class's own deals
        extra["deals"], extra["refined"] = int(r["n"]), True
        extra["first_deals"] = int(settings["samples_per_class"])
    return extra


def _lookup_run(run_dir, rules: Rules, key: int, seat: str, score: str | None = None):
    """A run directory's row of the class ``key`` and ``seat``, answered directly: the row's values, their
    intervals and "too close" as the table computed them (each kept inside what the class's hand can
    score), read without pandas or numba (:mod:`~euchre_stats.strategy.rundir`)."""
    from .rundir import read_manifest

    manifest = read_manifest(run_dir)
    settings = manifest["settings"]
    if Rules.from_json(settings["rules"]) != rules:
        return None, settings, "the rules differ from the table's"
    if _stale(settings):
        return None, settings, _stale(settings)
    if score is not None and score not in settings.get("scores", []):
        have = ", ".join(settings.get("scores", [])) or "none"
        return None, settings, f"the score {score} is not among the table's scores ({have})"
    r = _row_in_points(manifest, run_dir, key, seat)
    if r is None:
        return None, settings, "the class is not in the table"
    from ..decide.summary import option_ranges

    chand, cup = split_key(key)
    ranges = option_ranges(rules, [a for a, _ in OPTION_COLUMNS], parse_seat(seat), round_one=True, hand=chand,
                           up=cup)
    options = []
    for action, col in OPTION_COLUMNS:
        ev = r.get(f"ev_{col}")
        if ev is None or ev != ev:   # not open to this seat (NaN)
            continue
        options.append(_option(action, col, r, *ranges[action]))
        if score is not None:
            options[-1].update({"p_win": float(r[f"p_win_{col}@{score}"]),
                                "p_win_ci": [float(r[f"p_win_{col}_lo@{score}"]),
                                             float(r[f"p_win_{col}_hi@{score}"])]})
    extra = {"gain_order": float(r["gain_order"]),
             "gain_order_ci": [float(r["gain_order_lo"]), float(r["gain_order_hi"])]}
    at = "" if score is None else f"@{score}"
    best = str(r[f"best{at}"])
    # the dealer's discard of the option recommended (going alone may bury another card than ordering)
    discard = r.get("discard_alone") if best == "order alone" else None
    if discard or r.get("discard_order"):
        extra["discard"] = discard or r["discard_order"]
    extra.update(_table_extra(settings, r))
    return (options, best, bool(r[f"too_close{at}"]), extra), settings, ""


def _population_note(settings: dict, rules: Rules) -> str:
    """Why a table's populations are not the ones ``order`` seats by default at ``rules``' table, or ``""``."""
    from ..bidding.model import default_population
    from ..decide.setup import own_bids

    def same(model, stored) -> bool:
        return json.loads(json.dumps(model.to_dict())) == stored

    name, model, _ = default_population(rules)
    if not same(model, settings.get("others_model")):
        return f"it was built with the other seats bidding by {settings.get('others', 'shipped')}, not by {name}"
    mine, mine_name = own_bids(None, rules, settings.get("pass_model", "hand"))
    if not same(mine, settings.get("own_bids_model")):
        return f"it was built with your own later bids by {settings.get('own_bids', 'shipped')}, not by {mine_name}"
    return ""


def _lookup_realistic(rules: Rules, key: int, seat: str):
    """The shipped realistic table's answer (:func:`_lookup_run`), or ``(None, settings, why)``; ``why`` is
    ``""`` when no realistic table is shipped."""
    from .rundir import read_manifest

    if not (SHIPPED_REALISTIC / "manifest.json").exists():
        return None, None, ""
    settings = read_manifest(SHIPPED_REALISTIC)["settings"]
    if seat not in settings["seats"]:
        seats = settings["seats"]
        covered = seats[0] if len(seats) == 1 else f"{', '.join(seats[:-1])} and {seats[-1]}"
        return None, settings, f"the shipped realistic table covers {covered} only so far (not the {seat})"
    if Rules.from_json(settings["rules"]) != rules:
        return None, settings, "the rules differ from the shipped realistic table's (north-american)"
    why = _population_note(settings, rules)
    if why:
        return None, settings, f"the shipped realistic table does not fit: {why}"
    return _lookup_run(SHIPPED_REALISTIC, rules, key, seat)


def _lookup_shipped(rules: Rules, class_id: int, seat: str):
    m = shipped_manifest()
    if m is None:
        return None, None, "no strategy table is shipped with this installation"
    settings = m["settings"]
    if Rules.from_json(settings["rules"]) != rules:
        return None, settings, "the rules differ from the shipped table's (north-american)"
    if _stale(settings):
        return None, settings, _stale(settings)
    r = _shipped_row(str(SHIPPED_CSV), class_id)
    if r is None:
        return None, settings, "the class is not in the shipped table"
    code = str(r[f"{seat}_best"])
    options = []
    for action, col in OPTION_COLUMNS:
        if r[f"{seat}_{col}"] is None:
            continue
        ev = float(r[f"{seat}_{col}"]) / 100
        o = {"action": action, "ev": ev}
        if f"{seat}_{col}_hw" in r:
            hw = float(r[f"{seat}_{col}_hw"] or "nan") / 100
            o["ev_ci"] = [round(ev - hw, 2), round(ev + hw, 2)]
        options.append(o)
    return (options, BEST_CODES[code.upper()], code.islower(), {}), settings, ""


def dd_values(hmask: int, up: int, seat: str) -> dict | None:
    """The shipped double-dummy table's values (points) of a question's class, or None."""
    if not SHIPPED_CSV.exists() or (hmask >> up) & 1:
        return None
    chand, cup = canonical(hmask, up)
    idx = enumerate_classes("24", 5).index_of(class_key(chand, cup))
    r = _shipped_row(str(SHIPPED_CSV), idx)
    if r is None:
        return None
    val = {}
    for action, col in (("pass", "pass"), ("order", "order"), ("alone", "alone")):
        v = r[f"{seat}_{col}"]
        val[action] = None if v is None else float(v) / 100  # empty: not open
    return val


def _lookup_corrected(rules: Rules, class_id: int, seat: str, hmask: int, up: int):
    """The shipped double-dummy table's class with the fitted realistic correction
    (:mod:`euchre_stats.strategy.correction`), when it fits the installed bidding model."""
    from .correction import feature_vector, hand_features, load_correction

    m = shipped_manifest()
    corr = load_correction()
    if m is None or corr is None:
        return None, None, "no realistic correction of the strategy table is installed"
    settings = m["settings"]
    if Rules.from_json(settings["rules"]) != rules:
        return None, settings, "the rules differ from the shipped table's (north-american)"
    if corr.bidding is not None and _other_model(corr.bidding) and all(
            _other_model(a.get("bidding")) for a in corr.accepted):
        return None, settings, "the realistic correction was fitted with another bidding model than the one installed"
    dd = dd_values(hmask, up, seat)
    if dd is None or class_id < 0:
        return None, settings, "the class is not in the shipped table"
    x = feature_vector(dd, hand_features(hmask, up, parse_seat(seat), default_model()))
    best, close, v = corr.decide(seat, x, alone_open=dd["alone"] is not None)
    err = corr.rmse[seat]
    spread = {"pass": err["pass"], "order": float(np.hypot(err["pass"], err["gain_order"])),
              "order alone": float(np.sqrt(err["pass"] ** 2 + err["gain_order"] ** 2 + err["gain_alone"] ** 2))}
    from ..decide.summary import option_ranges

    ranges = option_ranges(rules, ("pass", "order", "order alone"), parse_seat(seat), round_one=True)
    options = []
    for action in ("pass", "order", "order alone"):
        if action == "order alone" and dd["alone"] is None:
            continue
        lo, hi = ranges[action]  # a fitted value, and its interval, never leave what is possible
        ev = min(max(v[action], lo), hi)
        options.append({"action": action, "ev": ev,
                        "ev_ci": [max(lo, ev - 1.96 * spread[action]), min(hi, ev + 1.96 * spread[action])],
                        "ev_dd": dd["alone" if action == "order alone" else action]})
    extra = {"play_model": "pimc (realistic correction of the double-dummy table)",
             "correction": {"held_out_rmse": err, "held_out_agreement": corr.agreement[seat],
                            "questions": corr.questions[seat], "source": corr.source}}
    return (options, best, close, extra), settings, ""


def advise(hand, upcard=None, seat=None, rules: Rules = NORTH_AMERICAN, *, table=None, samples: int = 2000,
           seed: int | None = None, workers: int | None = None, simulate: bool = False,
           score=None, turned_down=None) -> Advice:
    """Round-one advice for ``hand`` with ``upcard`` up at ``seat``; with ``turned_down`` instead of
    ``upcard``, round two (everyone passed and that card was turned down).

    Round two is answered from a round-two table (``table`` a ``table --round 2`` run directory, else the
    shipped realistic round-two table when one is shipped and covers the seat), options named as ``call``
    names them, else simulated as :func:`~euchre_stats.decide.call.call_decision`; the answer says which.

    Parameters
    ----------
    hand, upcard : text (``"Jh Jd Ah 9s Tc"``, ``"9h"``)
    seat : eldest|partner|third|dealer or 1-4
    turned_down : text (``"9h"``), instead of ``upcard``: round two
    rules : the table's rules; a table built under other rules is not used
    table : a run directory of ``euchre-stats table``; the shipped table when ``None``
    samples, seed, workers : for the live simulation (the fallback)
    simulate : skip the table and simulate
    score : ``"US-THEM"`` (``"9-8"``): recommend by the chance of winning the game, from a table run
        with that score among its ``scores`` (the shipped table has none), else simulated as
        ``order --score``
    """
    rules = Rules.from_json(rules)
    if seat is None:
        raise AdviceError("advise needs the seat (eldest, partner, third, dealer or 1-4)")
    if (upcard is None) == (turned_down is None):
        raise AdviceError("advise needs the upcard (round one) or the card turned down (round two)"
                          + (", not both" if upcard is not None else ""))
    if score is not None:
        us, them = parse_score(score)
        if max(us, them) >= rules.game_to:
            raise AdviceError(f"score {score!r}: the game to {rules.game_to} is already over")
        score = f"{us}-{them}"
    game = {} if score is None else {"game_to": rules.game_to}
    s = parse_seat(seat)
    seat_name = SEAT_NAMES[s]
    if turned_down is not None:
        return _round_two(hand, turned_down, seat_name, rules, table, samples, seed, workers, simulate, score, game)
    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size)
    up = parse_card(upcard, rules.deck_obj)
    hmask = sum(1 << c for c in cards)
    hand_txt, up_txt = format_cards(cards), card_name(up)
    found, reason, settings, where = None, "asked to simulate", None, None
    note = {}   # why the shipped realistic table did not answer, when one is shipped
    chand = cup = None
    if up != JOKER and not (hmask >> up) & 1:
        chand, cup = canonical(hmask, up)
    if not simulate and chand is not None:
        key = class_key(chand, cup)
        if table is not None:
            found, settings, reason = _lookup_run(table, rules, key, seat_name, score)
            where = str(table)
        elif score is not None:
            reason = "the shipped table has no score dimension"
        else:
            found, settings, realistic_note = _lookup_realistic(rules, key, seat_name)
            if found is not None:
                options, best, close, extra = found
                _own_discard(extra, hmask, up)
                deals = extra.pop("deals", int(settings["samples_per_class"]))
                return Advice("table", "class found in the shipped realistic table", hand_txt, up_txt, seat_name,
                              class_label(chand), f"{class_text(chand)} up {card_name(cup)}", options, best, close,
                              deals, "shipped, realistic", extra, None, rules)
            if realistic_note:
                note = {"realistic_note": realistic_note}
            cl = enumerate_classes(rules.deck, rules.hand_size)
            found, settings, reason = _lookup_shipped(rules, cl.index_of(key), seat_name)
            where = "shipped"
            if found is None:  # built with another bidding model: its realistic correction, if fitted
                found, settings, why = _lookup_corrected(rules, cl.index_of(key), seat_name, hmask, up)
                if found is not None:
                    where = "shipped, corrected"
                    return Advice("table", "class found in the shipped double-dummy table, with the realistic "
                                  "correction fitted on questions answered by realistic play (held-out errors below)",
                                  hand_txt, up_txt, seat_name, class_label(chand),
                                  f"{class_text(chand)} up {card_name(cup)}", found[0], found[1], found[2],
                                  int(settings["samples_per_class"]), where, {**found[3], **note}, rules=rules)
                if why and why not in reason:  # said once: the shipped table and its correction may agree
                    reason = f"{reason}; {why}"
    if found is not None:
        options, best, close, extra = found
        _own_discard(extra, hmask, up)
        if table is None:
            extra = {**extra, "play_model": "dd (the shipped table is double-dummy)"}
        deals = extra.pop("deals", int(settings["samples_per_class"]))
        return Advice("table", f"class found in the {'shipped ' if table is None else ''}table", hand_txt,
                      up_txt, seat_name, class_label(chand), f"{class_text(chand)} up {card_name(cup)}",
                      options, best, close, deals, where, {**extra, **game, **note}, score, rules)
    d = order_decision(hand_txt, up, seat_name, rules, samples=samples, seed=seed, workers=workers, score=score)
    options, extra = _simulated(d, score, game, note)
    label = class_label(chand) if chand is not None else ""
    canon = f"{class_text(chand)} up {card_name(cup)}" if chand is not None else ""
    if "discard" in d.best().extra:
        extra["discard"] = d.best().extra["discard"]
    return Advice("simulation", reason, hand_txt, up_txt, seat_name, label, canon, options,
                  d.recommendation, d.too_close, d.samples, None, extra, score, rules)


def _own_discard(extra: dict, hmask: int, up: int) -> None:
    """A table row names the dealer's discard in its class's canonical suits (trump as hearts): name it in the
    hand's own suits (``Jh Jd Ah 9s Tc`` up ``9h`` is the class ``Jh Jd Ah Ts 9c``, whose ``9c`` is the ``9s``)."""
    if "discard" in extra:
        extra["discard"] = card_name(own_card(hmask, up, parse_card(str(extra["discard"]))))


def _simulated(d, score, game: dict, note: dict, name=str) -> tuple[list[dict], dict]:
    """A simulated decision ``d`` as advise's options (each action named by ``name``) and its extra fields:
    the seed, the game, the populations that bid, and ``note``."""
    options = []
    for o in d.options:
        options.append({"action": name(o.action), "ev": o.ev, "ev_ci": list(o.ev_ci), "p_make": o.p_make,
                        "p_euchred": o.p_euchred,
                        **({"p_win": o.extra["p_win"], "p_win_ci": o.extra["p_win_ci"]} if score else {})})
    extra = {"seed": d.seed, **game, "bidding": d.bidding or "shipped", "others": d.others, **note}
    if d.others_note:
        extra["others_note"] = d.others_note
    return options, extra


def _call_name(action: str) -> str:
    """``call``'s option ``"d alone"`` as advise names it, ``"call d alone"`` (``"pass"`` stays)."""
    return action if action == "pass" else f"call {action}"


#: a round-two table's suit roles (``table --round 2``): next, and the green suits, green1 the longer holding
ROUND_TWO_ROLES = ("next", "green1", "green2")


def round_two_suits(hmask: int, turned: int) -> dict:
    """The hand's own suit (0 clubs .. 3 spades) in each role of a round-two table row with ``turned`` turned
    down: next is its colour mate; green1 the green suit holding more cards, then the higher ranks (a tie: the
    lower suit), as the class keys place them (``core/hand_classes.py``)."""
    b = turned >> 3
    lo, hi = (1, 2) if b in (0, 3) else (0, 3)
    r_lo, r_hi = (hmask >> (8 * lo)) & 0xFF, (hmask >> (8 * hi)) & 0xFF
    first = (bin(r_lo).count("1"), r_lo) >= (bin(r_hi).count("1"), r_hi)
    return {"next": 3 - b, "green1": lo if first else hi, "green2": hi if first else lo}


def _lookup_round_two(run_dir, rules: Rules, hmask: int, turned: int, seat: str):
    """A round-two table's answer for the hand with ``turned`` turned down (the run directory of a ``table
    --round 2`` run, or the shipped round-two table): ``(options, best, too_close, extra)`` in ``call``'s names
    and order (pass, then each suit from spades down, with the partner and alone), or ``(None, settings, why)``."""
    from ..decide.summary import option_ranges
    from .rundir import read_manifest

    manifest = read_manifest(run_dir)
    settings = manifest["settings"]
    if settings.get("round") != 2:
        return None, settings, "the table is a round-one table"
    if Rules.from_json(settings["rules"]) != rules:
        return None, settings, "the rules differ from the table's"
    if _stale(settings):
        return None, settings, _stale(settings)
    r = _row_in_points(manifest, run_dir, class_key(*canonical(hmask, turned)), seat)
    if r is None:
        return None, settings, "the class is not in the table"
    suits = round_two_suits(hmask, turned)
    letter = {suits[role]: role for role in ROUND_TWO_ROLES}
    names = {"pass": "pass"}
    order = ["pass"]
    for t in (3, 2, 1, 0):
        if t in letter:
            role = letter[t]
            names[role], names[f"{role}_alone"] = f"{SUITS[t]}", f"{SUITS[t]} alone"
            order += [role, f"{role}_alone"]
    ranges = option_ranges(rules, [names[c] for c in order], parse_seat(seat), round_one=False, hand=hmask,
                           up=turned)
    options = []
    for col in order:
        ev = r.get(f"ev_{col}")
        if ev is None or ev != ev:   # not open to this seat
            continue
        options.append(_option(_call_name(names[col]), col, r, *ranges[names[col]]))
    best = _call_name(names[str(r["best"]).replace(" ", "_")])
    return (options, best, bool(r["too_close"]), _table_extra(settings, r)), settings, ""


def _round_two(hand, turned_down, seat_name: str, rules: Rules, table, samples: int, seed, workers, simulate: bool,
               score, game: dict) -> Advice:
    """Round two's advice: from a round-two table (``table``, a ``table --round 2`` run directory, else the
    shipped round-two table when one is shipped and covers the seat), else simulated as ``call``, saying why."""
    from ..decide.call import call_decision

    cards = parse_cards(hand, rules.deck_obj, size=rules.hand_size)
    turned = parse_card(turned_down, rules.deck_obj)
    hmask = sum(1 << c for c in cards)
    hand_txt, turned_txt = format_cards(cards), card_name(turned)
    if (hmask >> turned) & 1:
        raise AdviceError(f"the turned-down card {turned_txt!r} is also in the hand")
    reason = "asked to simulate"
    if not simulate and score is not None:
        reason = "round-two tables have no score dimension here: simulated, as call --score"
    elif not simulate and turned != JOKER:
        if table is not None:
            found, settings, why = _lookup_round_two(table, rules, hmask, turned, seat_name)
            where, said = str(table), "class found in the table"
        elif (SHIPPED_REALISTIC_ROUND_TWO / "manifest.json").exists():
            from .rundir import read_manifest

            settings = read_manifest(SHIPPED_REALISTIC_ROUND_TWO)["settings"]
            found, where, said = None, "shipped, realistic", "class found in the shipped realistic round-two table"
            why = _population_note(settings, rules)
            if seat_name not in settings["seats"]:
                why = f"the shipped round-two table covers {', '.join(settings['seats'])} only (not the {seat_name})"
            elif not why:
                found, settings, why = _lookup_round_two(SHIPPED_REALISTIC_ROUND_TWO, rules, hmask, turned, seat_name)
        else:
            found, settings, why = None, None, "no round-two table is shipped"
        if found is not None:
            options, best, close, extra = found
            chand, cup = canonical(hmask, turned)
            deals = extra.pop("deals", int(settings["samples_per_class"]))
            # (no label: the round-one labels read trump's holding, and here nothing is trump yet)
            return Advice("table", said, hand_txt, "", seat_name, "",
                          f"{class_text(chand)} turned down {card_name(cup)}", options, best, close, deals, where,
                          extra, None, rules, turned_txt)
        reason = f"{why}: simulated, as call"
    d = call_decision(hand, turned_down, seat_name, rules, samples=samples, seed=seed, workers=workers, score=score)
    options, extra = _simulated(d, score, game, {}, _call_name)
    return Advice("simulation", reason, hand_txt, "", seat_name, "", "", options,
                  _call_name(d.recommendation), d.too_close, d.samples, None, extra, score, rules, turned_txt)


__all__ = ["Advice", "AdviceError", "advise", "export_compact", "export_realistic", "export_run", "shipped_manifest"]
