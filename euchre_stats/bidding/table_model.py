"""The table bidder (``shipped-table``, proposed): round one decided by the shipped realistic strategy table.

``shipped-v5`` (the feature bidder, :mod:`.model_v2`: ``shipped-v4`` with its round two refitted to the
``call`` command's values) whose round-one decision, at every seat the shipped
realistic table covers (``euchre_stats/data/realistic_table``: its manifest's ``seats``), is the option
with the highest value in the row of the hand's class -- pass, order, or order alone -- instead of its
fitted scores, where the row decides: at a seat whose classes too close to call were played again
(``--refine``, the manifest's ``refined_seats``) every row, elsewhere only the rows the table calls clear (a
row too close to call at 200 deals is a coin flip).  Such a row is read from the fitted round-one bids
(``euchre_stats/data/round_one_bids``: the dealer's rows too close to call, each a model of all the dealer's rows
mixed with the row's own measurement by their noise, :func:`round_one_rows`); a row neither decides nor holds
stays ``shipped-v5``'s fitted scores.  Every row's pass is then moved by the round-one pass shift
(``euchre_stats/data/round_one_pass_shift``, :func:`pass_shift`): how much more passing is worth at a table of
``shipped-table`` players than at the default population's that priced the table (your own round-two bid is the
table bidder's, and the others bid as it does), a model of questions answered both ways (docs/methods.md,
"Round one priced at its own table").  In the feature bidder's terms the take gain is the better of ordering
and ordering alone minus passing, and the alone gain ordering alone minus ordering, in points, so its hard
decision is the row's best option (a tie passes, and a tie between the two ways of ordering orders with the
partner).  The seats the table does not cover yet, the dealer's discard and a lone defence stay ``shipped-v5``'s
(there the same as ``shipped-v4``'s).  Round two
is read the same way from the shipped realistic round-two table (``euchre_stats/data/realistic_table_round2``)
at the seats it covers, when one is shipped: the suit named is the one whose better option (with the partner
or alone) is worth most, when that beats passing, alone when alone is worth more.  While no realistic round-two
table is shipped, round two is read the same way from the fitted round-two bids (``euchre_stats/data/round_two_bids``:
gradient-boosted trees fitted on the realistic round-two rows of classes sampled as questions are dealt, their
predicted gains over passing for every class at every seat, docs/methods.md "Round two learned from sampled
rows"), with the card turned down known; without it, ``shipped-v5``'s scores (until 2026-12-05 ``shipped-v4``'s:
``shipped-v5``'s round two agrees more often with ``call`` and gains in matches, docs/methods.md).

The table was built with the other three seats bidding by ``shipped-v4`` (its manifest's ``others``), under
one rule set; :meth:`TableModel.check_rules` refuses any other.  Soft inference reads the same gains
through the feature bidder's level and margin with ``shipped-v4``'s fitted temperature (``shipped-v5`` keeps it).

The rows are read once per process (keys and the values, in hundredths of a point, from the table's Parquet
file).  :func:`round_one_gains_one` and :func:`round_two_gains_one` are the plain-Python twins of the vectorised
lookups.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..core.errors import BiddingModelError
from ..core.hand_classes import green_key, green_suits, round_one_keys, suit_ranks
from ..core.seats import SEAT_NAMES
from ..rules import Rules
from .model import MODEL_KINDS, NAMED_MODELS
from .model_v2 import (FeatureModel, _dot_one, _level_one, _round_two_scores_one, round_one_decision_one,
                       round_one_features_one, shipped_v5_model)

KIND = "table"
#: the shipped realistic table (``strategy/advise.py``: ``SHIPPED_REALISTIC``; the test checks they agree)
TABLE_DIR = Path(__file__).parents[1] / "data" / "realistic_table"
#: the shipped realistic round-two table, when one is shipped (``strategy/advise.py``: ``SHIPPED_REALISTIC_ROUND_TWO``)
ROUND_TWO_DIR = Path(__file__).parents[1] / "data" / "realistic_table_round2"
#: the fitted round-two bids: a model of realistic round-two rows (gradient-boosted trees fitted on the rows of
#: classes sampled as questions are dealt, ``benchmarks/round_two_fit_classes.py``), its predicted gain of each
#: call over passing for every class at every seat, in the shape of a round-two table (pass 0; a suit never named,
#: junk or a single trump without an ace, -2 points).  Read by the table bidder only, while no realistic round-two
#: table is shipped; ``advise`` never answers from it
ROUND_TWO_BIDS_DIR = Path(__file__).parents[1] / "data" / "round_two_bids"
#: the fitted round-one bids: for each round-one row the table leaves undecided (too close to call at a seat not
#: refined: the dealer's today), the values (pass 0, order, order alone) that a model of all that seat's rows gives
#: it, mixed with the row's own measurement by their noise (``benchmarks/fit_dealer_rows.py``, docs/methods.md
#: "The dealer's close rows read through a model").  Read by the table bidder only; ``advise`` never answers from it
ROUND_ONE_BIDS_DIR = Path(__file__).parents[1] / "data" / "round_one_bids"
#: the round-one pass shift: for every class at every seat, how much more passing is worth at a table of
#: ``shipped-table`` players (the other three seats and your own later bids) than at the default population's,
#: which the realistic table was priced against; a model of questions answered both ways on the same deals
#: (``benchmarks/round_one_population_rows.py``, ``benchmarks/round_one_pass_shift.py``, docs/methods.md "Round
#: one priced at its own table").  Read by the table bidder only, added to every round-one row's pass;
#: ``advise`` never answers from it
ROUND_ONE_SHIFT_DIR = Path(__file__).parents[1] / "data" / "round_one_pass_shift"
#: the values each round's rows keep, in this order: round one's options; round two's pass and, for next and
#: the two green suits (green1 the longer holding, as the class keys place it), the call with the partner and alone
COLUMNS = {1: ("ev_pass", "ev_order", "ev_alone"),
           2: ("ev_pass", "ev_next", "ev_next_alone", "ev_green1", "ev_green1_alone", "ev_green2", "ev_green2_alone")}


@dataclass(frozen=True)
class TableRows:
    """One table's round-one rows: its rules, and per covered seat (0 eldest .. 3 the dealer) the sorted class
    keys and their values (pass, order, order alone) in points."""

    rules: Rules
    seats: tuple
    keys: dict
    values: dict
    others: str

    def lookup(self, seat: int, keys: np.ndarray) -> np.ndarray:
        """``(n, 3)`` values of the classes ``keys`` at ``seat`` (a class missing from the table raises)."""
        table_keys, vals = self.keys[seat], self.values[seat]
        i = np.minimum(np.searchsorted(table_keys, keys), len(table_keys) - 1)
        if not np.array_equal(table_keys[i], keys):
            raise BiddingModelError("the realistic table has no row for a hand's class: the shipped table is "
                                    "incomplete (reinstall the package)")
        return vals[i]


@lru_cache(maxsize=4)
def table_rows(path: str = str(TABLE_DIR), round_: int = 1) -> TableRows:
    """The rows of the realistic table of round ``round_`` at ``path`` (a run directory's shape:
    ``manifest.json``, ``table.parquet``), read once per process."""
    import pyarrow.compute as pc
    import pyarrow.parquet as pq

    p = Path(path)
    try:
        manifest = json.loads((p / "manifest.json").read_text())
        settings = manifest["settings"]
        if settings.get("round") != round_ or not manifest.get("hundredths"):
            raise BiddingModelError(f"{str(p)!r} is not a shipped round-{'one' if round_ == 1 else 'two'} "
                                    "realistic table")
        t = pq.read_table(p / "table.parquet", columns=["key", "seat", "too_close", *COLUMNS[round_]])
    except (OSError, ValueError, KeyError, TypeError) as e:
        if isinstance(e, BiddingModelError):
            raise
        raise BiddingModelError(f"cannot read the realistic table at {str(p)!r}: "
                                f"{' '.join(str(e).split())[:200]}") from None
    key_col = t.column("key").to_numpy().astype(np.uint64)
    vals = np.stack([t.column(c).to_numpy(zero_copy_only=False) for c in COLUMNS[round_]],
                    axis=1).astype(np.float64)
    vals = np.where(np.isnan(vals), -np.inf, vals / 100.0)   # an option the rules refuse never wins
    # at a seat whose rows too close to call were not played again (--refine), only the rows the table calls
    # clear decide: the others are NaN, and the feature bidder decides them.  (All the dealer's rows at 200
    # deals, a third of them too close, bid worse than shipped-v4: docs/methods.md, "Why refined rows only")
    refined = manifest.get("refined_seats", [])
    close = t.column("too_close").to_numpy(zero_copy_only=False).astype(bool)
    seats = tuple(SEAT_NAMES.index(s) for s in settings["seats"])
    keys, values = {}, {}
    for s in seats:
        rows = np.nonzero(pc.equal(t.column("seat"), SEAT_NAMES[s]).to_numpy(zero_copy_only=False))[0]
        order = np.argsort(key_col[rows], kind="stable")
        keys[s] = key_col[rows][order]
        values[s] = vals[rows][order]
        if SEAT_NAMES[s] not in refined:
            values[s][close[rows][order]] = np.nan
    return TableRows(Rules.from_json(settings["rules"]), seats, keys, values, str(settings.get("others")))


@lru_cache(maxsize=4)
def round_one_rows(path: str = str(TABLE_DIR), bids: str = str(ROUND_ONE_BIDS_DIR),
                   shift: str | None = str(ROUND_ONE_SHIFT_DIR)) -> TableRows:
    """The round-one rows the table bidder reads: the realistic table's (:func:`table_rows`), each row that does
    not decide there filled from the fitted round-one bids at ``bids`` when they hold its class (the rows the
    table calls clear, and every row of a refined seat, keep their own values), then every row's pass moved by
    the round-one pass shift at ``shift`` (:func:`pass_shift`; ``None``: none).  Without bids or shift: the
    table's rows."""
    rows = _filled_rows(path, bids)
    moved = None if shift is None else pass_shift(shift, rows)
    if moved is None:
        return rows
    values = {}
    for s in rows.seats:
        values[s] = rows.values[s].copy()
        values[s][:, 0] += moved[s]
    return TableRows(rows.rules, rows.seats, rows.keys, values, rows.others)


def pass_shift(path: str, rows: TableRows) -> dict | None:
    """Per seat of ``rows``, the round-one pass shift at ``path`` (points, in the order of the seat's keys): a
    shift for every class the rows hold, at every seat (a file that lacks one is refused); None without a file."""
    import pyarrow.parquet as pq

    p = Path(path)
    if not (p / "manifest.json").exists():
        return None
    try:
        manifest = json.loads((p / "manifest.json").read_text())
        t = pq.read_table(p / "table.parquet", columns=["key", "seat", "pass_shift"])
        same_rules = Rules.from_json(manifest["rules"]) == rows.rules
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise BiddingModelError(f"cannot read the round-one pass shift at {str(p)!r}: "
                                f"{' '.join(str(e).split())[:200]}") from None
    if not same_rules:
        raise BiddingModelError(f"the round-one pass shift at {str(p)!r} was fitted under other rules: "
                                "reinstall the package")
    import pyarrow.compute as pc

    keys = t.column("key").to_numpy().astype(np.uint64)
    shift = t.column("pass_shift").to_numpy().astype(np.float64) / 100.0
    out = {}
    for s in rows.seats:
        i = np.nonzero(pc.equal(t.column("seat"), SEAT_NAMES[s]).to_numpy(zero_copy_only=False))[0]
        i = i[np.argsort(keys[i], kind="stable")]
        if not np.array_equal(keys[i], rows.keys[s]):
            raise BiddingModelError(f"the round-one pass shift at {str(p)!r} does not hold every class of the "
                                    f"table at the {SEAT_NAMES[s]}'s seat: reinstall the package")
        out[s] = shift[i]
    return out


@lru_cache(maxsize=4)
def _filled_rows(path: str, bids: str) -> TableRows:
    """:func:`round_one_rows` before the pass shift."""
    rows = table_rows(path, 1)
    if not (Path(bids) / "manifest.json").exists():
        return rows
    fit = table_rows(bids, 1)
    if fit.rules != rows.rules or fit.others != rows.others:
        raise BiddingModelError(f"the round-one bids at {bids!r} were fitted on another table (its rules or "
                                "population differ): reinstall the package")
    values = dict(rows.values)
    for s in fit.seats:
        i = np.minimum(np.searchsorted(rows.keys[s], fit.keys[s]), len(rows.keys[s]) - 1)
        if not np.array_equal(rows.keys[s][i], fit.keys[s]):
            raise BiddingModelError(f"the round-one bids at {bids!r} hold a class the table does not")
        v = values[s].copy()
        fill = np.isnan(v[i, 0])   # only a row that does not decide takes the bids' values
        v[i[fill]] = fit.values[s][fill]
        values[s] = v
    return TableRows(rows.rules, rows.seats, rows.keys, values, rows.others)


@lru_cache(maxsize=2)
def round_two_rows(path: str = str(ROUND_TWO_DIR), fallback: str = str(ROUND_TWO_BIDS_DIR)) -> TableRows | None:
    """The shipped realistic round-two rows; when none are shipped, the fitted round-two bids (``fallback``);
    ``None`` when neither is there (looked up once per process: every round-two decision of the table bidder
    asks)."""
    for p in (path, fallback):
        if (Path(p) / "manifest.json").exists():
            return table_rows(p, 2)
    return None


def role_suits(hands: np.ndarray, banned: np.ndarray) -> np.ndarray:
    """``(n, 3)``: per hand the suit of each round-two role of the class keys -- next (the turned-down suit's colour
    mate), green1 (the green suit holding more cards, then the higher ranks; a tie the lower suit) and green2."""
    h = np.asarray(hands, dtype=np.uint64)
    banned = np.asarray(banned, dtype=np.int64)
    lo, hi = green_suits(banned)
    lo_first = green_key(suit_ranks(h, lo)) >= green_key(suit_ranks(h, hi))
    return np.stack([3 - banned, np.where(lo_first, lo, hi), np.where(lo_first, hi, lo)], axis=1)


def round_two_table_gains(hands: np.ndarray, banned_suit: int, v: np.ndarray) -> np.ndarray:
    """``(n, 4, 2)`` per suit the take gain (the better of calling it with the partner and alone, minus passing)
    and the alone gain (alone minus with the partner) of rows ``v`` (n, 7: :data:`COLUMNS` of round two), each
    canonical suit put back on the hand's own: next is the turned-down suit's colour mate, green1 the green suit
    holding more cards (then the higher ranks; a tie the lower suit), as the class keys place them."""
    h = np.asarray(hands, dtype=np.uint64)
    n = len(h)
    roles = role_suits(h, np.full(n, banned_suit))
    out = np.full((n, 4, 2), -np.inf)
    i = np.arange(n)
    for suit, call, alone in ((roles[:, 0], 1, 2), (roles[:, 1], 3, 4), (roles[:, 2], 5, 6)):
        out[i, suit, 0] = np.maximum(v[:, call], v[:, alone]) - v[:, 0]
        out[i, suit, 1] = v[:, alone] - v[:, call]
    return out


def _gains(v: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The take and alone gains (points) of rows of values (pass, order, order alone)."""
    return np.maximum(v[..., 1], v[..., 2]) - v[..., 0], v[..., 2] - v[..., 1]


@dataclass(frozen=True)
class TableModel(FeatureModel):
    """The feature bidder whose round one at the table's seats is the table's best option (module docstring)."""

    def rows(self) -> TableRows:
        return round_one_rows()

    def rows2(self) -> TableRows | None:
        return round_two_rows()

    def covers(self, rel_seat: int) -> bool:
        """Whether round one at ``rel_seat`` is read from the table."""
        return rel_seat in self.rows().seats

    def covers_round_two(self, seat: int) -> bool:
        """Whether round two at ``seat`` is read from a round-two table."""
        r2 = self.rows2()
        return r2 is not None and seat in r2.seats

    def check_rules(self, rules) -> None:
        """Refuse every rule set but the table's (its values hold only there), then as the feature bidder."""
        for rows in (self.rows(), self.rows2()):
            if rows is not None and rules != rows.rules:
                raise BiddingModelError(f"the table bidder bids only under the rules its table was built for "
                                        f"({rows.rules.describe()})")
        super().check_rules(rules)

    def round_one_gains(self, hands, rel_seat: int, upcard: int, suit: int | None = None):
        if not self.covers(rel_seat) or (suit is not None and suit != upcard >> 3):
            return super().round_one_gains(hands, rel_seat, upcard, suit)
        h = np.asarray(hands, dtype=np.uint64).ravel()
        take, alone = _gains(self.rows().lookup(rel_seat, round_one_keys(h, upcard)))
        own = np.isnan(take)   # a row that does not decide (too close, not refined): the feature bidder's
        if own.any():
            take[own], alone[own] = super().round_one_gains(h[own], rel_seat, upcard, suit)
        return take, alone

    def round_two_gains(self, hands, banned_suit: int, seat: int, upcard: int | None = None) -> np.ndarray:
        """The round-two table's gains (:func:`round_two_table_gains`) at a seat it covers when the card turned
        down is known; else the feature bidder's scores."""
        if not self.covers_round_two(seat) or upcard is None or upcard >> 3 != banned_suit:
            return super().round_two_gains(hands, banned_suit, seat, upcard)
        h = np.asarray(hands, dtype=np.uint64).ravel()
        v = self.rows2().lookup(seat, round_one_keys(h, upcard))
        out = round_two_table_gains(h, banned_suit, v)
        own = np.isnan(v[:, 0])   # a row that does not decide (too close, not refined): the feature bidder's
        if own.any():
            out[own] = super().round_two_gains(h[own], banned_suit, seat, upcard)
        return out

    def round_one_count(self, hand: int, rel_seat: int, upcard: int) -> float:
        if not self.covers(rel_seat):
            return round_one_decision_one(self, hand, rel_seat, upcard)[1]
        return _level_one(*round_one_gains_one(self, hand, rel_seat, upcard))[1]

    # --- files -----------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The feature bidder's fields and which table decides round one (its seats and the population it was
        built against); a file of it loads as this bidder over the installed table."""
        rows, rows2 = self.rows(), self.rows2()
        table = {"seats": [SEAT_NAMES[s] for s in rows.seats], "others": rows.others}
        if rows2 is not None:
            table["round_two_seats"] = [SEAT_NAMES[s] for s in rows2.seats]
        return {"kind": KIND, "table": table, "base": super().to_dict()}

    @classmethod
    def from_dict(cls, d) -> "TableModel":
        if not isinstance(d, dict) or d.get("kind") != KIND or not isinstance(d.get("base"), dict):
            raise BiddingModelError("a table bidding model is a JSON object with \"kind\": \"table\" and its "
                                    "feature bidder as \"base\"")
        base = FeatureModel.from_dict(d["base"])
        return cls(**{f.name: getattr(base, f.name) for f in fields(FeatureModel)})


def _row_one(rows: TableRows, seat: int, hand: int, upcard: int) -> tuple[list[float], int, int]:
    """The plain-Python twin's row: the class key of ``hand`` with ``upcard`` turned (up, or down in round two)
    by relabelling the suits one by one, the row found by bisection; returns the row's values and the hand's
    green suits in the order the key places them (the longer holding first)."""
    t = upcard >> 3
    ranks = [(hand >> (8 * s)) & 0xFF for s in range(4)]
    g1, g2 = [s for s in range(4) if s not in (t, 3 - t)]
    if (bin(ranks[g1]).count("1"), ranks[g1]) < (bin(ranks[g2]).count("1"), ranks[g2]):
        g1, g2 = g2, g1
    canon = (ranks[t] << 16) | (ranks[3 - t] << 8) | (ranks[g1] << 24) | ranks[g2] | (hand & (1 << 32))
    key = canon | ((16 + (upcard & 7)) << 40)
    keys = rows.keys[seat]
    lo, hi = 0, len(keys)
    while lo < hi:
        mid = (lo + hi) // 2
        if int(keys[mid]) < key:
            lo = mid + 1
        else:
            hi = mid
    if lo == len(keys) or int(keys[lo]) != key:
        raise BiddingModelError("the realistic table has no row for a hand's class")
    return [float(x) for x in rows.values[seat][lo]], g1, g2


def round_one_gains_one(m: TableModel, hand: int, rel_seat: int, upcard: int) -> tuple[float, float]:
    """:meth:`TableModel.round_one_gains` of one hand at a covered seat, in plain Python (:func:`_row_one`)."""
    (p, o, a), _, _ = _row_one(m.rows(), rel_seat, hand, upcard)
    if math.isnan(p):   # the row does not decide: the feature bidder's scores, one hand in plain Python
        x = round_one_features_one(m, hand, rel_seat, upcard)
        return _dot_one(x, m.order_w[rel_seat]), _dot_one(x, m.alone_w[rel_seat])
    return max(o, a) - p, a - o


def round_two_gains_one(rows: TableRows, hand: int, seat: int, upcard: int, m: FeatureModel
                        ) -> list[tuple[float, float]]:
    """Per suit (clubs .. spades) the take and alone gains of naming it in round two, from ``rows`` (a round-two
    table), in plain Python (:func:`_row_one`); a row that does not decide (too close, not refined) gives
    ``m``'s feature scores."""
    b = upcard >> 3
    v, g1, g2 = _row_one(rows, seat, hand, upcard)
    out = [(-math.inf, -math.inf)] * 4
    if math.isnan(v[0]):
        for t in range(4):
            if t != b:
                out[t] = _round_two_scores_one(m, hand, t, b, seat)
        return out
    for suit, call, alone in ((3 - b, 1, 2), (g1, 3, 4), (g2, 5, 6)):
        out[suit] = (max(v[call], v[alone]) - v[0], v[alone] - v[call])
    return out


def shipped_table_model() -> TableModel:
    """``shipped-v5`` with round one from the shipped realistic table (module docstring)."""
    base = shipped_v5_model()
    return TableModel(**{f.name: getattr(base, f.name) for f in fields(FeatureModel)})


MODEL_KINDS[KIND] = TableModel
NAMED_MODELS["shipped-table"] = shipped_table_model
