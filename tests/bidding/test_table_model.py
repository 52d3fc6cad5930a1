"""The table bidder (``shipped-table``): round one read from the shipped realistic table, checked against the
table's rows read another way (pandas and the strategy layer's class keys), against its plain-Python twin,
and against ``shipped-v4`` wherever the table does not decide."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pandas as pd
import pytest

from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import POLICIES, policy_model
from euchre_stats.bidding.model_v2 import FeatureModel, _level, shipped_v4_model
from euchre_stats.bidding.table_model import (TABLE_DIR, TableModel, TableRows, round_one_gains_one,
                                              shipped_table_model, table_rows)
from euchre_stats.core.cards import card_name, format_hand, parse_card, parse_hand
from euchre_stats.core.errors import BiddingModelError
from euchre_stats.core.seats import SEAT_NAMES
from euchre_stats.rules import preset
from euchre_stats.sampling.deals import random_deals
from euchre_stats.strategy.advise import SHIPPED_REALISTIC
from euchre_stats.strategy.classes import key_of

RULES = preset("north-american")


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    """The shipped rows as pandas reads them, indexed by (key, seat), values in points."""
    t = pd.read_parquet(TABLE_DIR / "table.parquet", columns=["key", "seat", "ev_pass", "ev_order", "ev_alone"])
    t[["ev_pass", "ev_order", "ev_alone"]] = t[["ev_pass", "ev_order", "ev_alone"]].astype(float) / 100.0
    return t.set_index(["key", "seat"])


def _deals(n, seed):
    return random_deals(RULES, n, np.random.default_rng(seed))


def test_reads_the_table_advise_ships():
    assert TABLE_DIR == SHIPPED_REALISTIC
    rows = table_rows()
    manifest = json.loads((TABLE_DIR / "manifest.json").read_text())
    assert [SEAT_NAMES[s] for s in rows.seats] == manifest["settings"]["seats"]
    assert rows.rules == RULES and rows.others == "shipped-v4"
    name, m = policy_model("shipped-table")
    assert name == "shipped-table" and "shipped-table" in POLICIES and isinstance(m, TableModel)


@pytest.mark.parametrize("seed", [1, 2])
def test_gains_are_the_rows_values(table, seed):
    """Each covered seat's take and alone gains are the row's (best of order and alone) − pass and alone −
    order, the row found by the strategy layer's class key of the hand's text."""
    m = shipped_table_model()
    hands, ups = _deals(60, seed)
    for i in range(len(ups)):
        for s in table_rows().seats:
            take, alone = m.round_one_gains(hands[i:i + 1, s], s, int(ups[i]))
            key = key_of(format_hand(int(hands[i, s])), card_name(int(ups[i])))
            p, o, a = table.loc[(key, SEAT_NAMES[s])]
            assert (take[0], alone[0]) == pytest.approx((max(o, a) - p, a - o), abs=1e-12)


def test_the_decision_is_the_rows_best_option(table):
    """The hard level is the option of highest value: a tie passes, and ordering with the partner wins a tie
    with ordering alone."""
    m = shipped_table_model()
    hands, ups = _deals(3000, 3)
    up = int(np.bincount(ups).argmax())
    h = hands[ups == up]
    for s in table_rows().seats:
        lv = m.round_one_level(h[:, s], s, up)
        for j in range(0, len(h), 7):
            key = key_of(format_hand(int(h[j, s])), card_name(up))
            p, o, a = table.loc[(key, SEAT_NAMES[s])]
            want = 0 if p >= max(o, a) else (2 if a > o else 1)
            assert lv[j] == want, (format_hand(int(h[j, s])), s, p, o, a)


def test_twin_on_random_hands():
    m = shipped_table_model()
    hands, ups = _deals(1500, 4)
    for s in table_rows().seats:
        for i in range(0, 1500, 5):
            t1, a1 = m.round_one_gains(hands[i:i + 1, s], s, int(ups[i]))
            t2, a2 = round_one_gains_one(m, int(hands[i, s]), s, int(ups[i]))
            assert (t1[0], a1[0]) == (t2, a2)
            assert m.round_one_count(int(hands[i, s]), s, int(ups[i])) == pytest.approx(
                m.round_one_strength(hands[i:i + 1, s], s, int(ups[i]))[0], abs=1e-12)


def test_everything_else_is_shipped_v4():
    """At a seat the table does not cover, in round two, the discard and the count's fields: ``shipped-v4``."""
    full = shipped_table_model()
    v4 = shipped_v4_model()
    assert {f.name: getattr(full, f.name) for f in dataclasses.fields(FeatureModel)} == dataclasses.asdict(v4)
    rows = table_rows()

    class OnlyEldest(TableModel):
        def rows(self):
            return TableRows(rows.rules, (0,), {0: rows.keys[0]}, {0: rows.values[0]}, rows.others)

    m = OnlyEldest(**dataclasses.asdict(v4))
    hands, ups = _deals(2000, 5)
    up = int(np.bincount(ups).argmax())
    h = hands[ups == up]
    for s in (1, 2, 3):
        assert np.array_equal(m.round_one_strength(h[:, s], s, up), v4.round_one_strength(h[:, s], s, up))
        assert m.round_one_count(int(h[0, s]), s, up) == v4.round_one_count(int(h[0, s]), s, up)
    assert not np.array_equal(m.round_one_level(h[:, 0], 0, up), v4.round_one_level(h[:, 0], 0, up))
    for s in range(4):
        assert np.array_equal(full.round_two_gains(h[:, s], up >> 3, s), v4.round_two_gains(h[:, s], up >> 3, s))
        assert np.array_equal(full.best_discard(h[:, 3] | np.uint64(1 << up), up >> 3)[1],
                              v4.best_discard(h[:, 3] | np.uint64(1 << up), up >> 3)[1])


def test_readme_hand_and_a_lay_down():
    """Eldest's README hand: the table's row says pass (too close, `order` agrees); a lay-down goes alone."""
    m = shipped_table_model()
    hand = np.array([parse_hand("Jh Jd Ah 9s Tc")], dtype=np.uint64)
    assert m.round_one_level(hand, 0, parse_card("9h"))[0] == 0
    lay_down = np.array([parse_hand("Jh Jd Ah Kh Qh")], dtype=np.uint64)
    for s in table_rows().seats:
        assert m.round_one_level(lay_down, s, parse_card("9h"))[0] == 2


def test_auction_acts_on_the_table():
    m = shipped_table_model()
    hands, ups = _deals(3000, 6)
    up = int(np.bincount(ups).argmax())
    h = hands[ups == up]
    auc = Auction(RULES, m, up)
    for s in table_rows().seats:
        p, pa = auc.p_round_one(h, s, play=True)
        lv = _level(*m.round_one_gains(h[:, s], s, up))[0]
        assert np.array_equal(p == 1.0, lv >= 1) and np.array_equal(pa == 1.0, lv == 2)


def test_refuses_other_rules():
    m = shipped_table_model()
    for rules in (dataclasses.replace(RULES, stick_the_dealer=True), preset("british"),
                  dataclasses.replace(RULES, game_to=11)):
        with pytest.raises(BiddingModelError, match="rules its table was built for"):
            Auction(rules, m, parse_card("9h"))


def test_model_file_round_trip(tmp_path):
    m = shipped_table_model()
    p = tmp_path / "t.json"
    m.save(p)
    d = json.loads(p.read_text())
    assert d["kind"] == "table" and d["table"]["seats"] == [SEAT_NAMES[s] for s in table_rows().seats]
    name, loaded = policy_model(str(p))
    assert loaded == m and type(loaded) is TableModel
    with pytest.raises(BiddingModelError, match="table"):
        TableModel.from_dict({"kind": "table"})


def test_match_by_name():
    """``match --a shipped-table`` bids by the table: against itself nothing differs; against ``shipped-v4``
    the tables part where the rows say so, and the seat splits add up."""
    import euchre_stats as es

    same = es.match("shipped-table", "shipped-table", deals=200, seed=3, model="dd")
    assert same.diff == 0.0 and same.differing == 0
    r = es.match("shipped-table", "shipped-v4", deals=400, seed=4, model="dd")
    assert r.differing > 0
    assert sum(g["diff"] for g in r.by_seat) == pytest.approx(r.diff, abs=1e-9)
