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
from euchre_stats.bidding.features import FEATURES
from euchre_stats.bidding.model import POLICIES, policy_model
from euchre_stats.bidding.model_v2 import FeatureModel, _level, shipped_v4_model, shipped_v5_model
from euchre_stats.bidding.table_model import (COLUMNS, ROUND_ONE_BIDS_DIR, ROUND_ONE_SHIFT_DIR, TABLE_DIR, TableModel,
                                              TableRows, pass_shift, round_one_gains_one, round_one_rows,
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
    t = pd.read_parquet(TABLE_DIR / "table.parquet",
                        columns=["key", "seat", "ev_pass", "ev_order", "ev_alone", "too_close"])
    t[["ev_pass", "ev_order", "ev_alone"]] = t[["ev_pass", "ev_order", "ev_alone"]].astype(float) / 100.0
    return t.set_index(["key", "seat"])


@pytest.fixture(scope="module")
def bids() -> pd.DataFrame:
    """The shipped round-one bids (the dealer's rows too close to call, through a model), indexed by (key, seat),
    values in points."""
    t = pd.read_parquet(ROUND_ONE_BIDS_DIR / "table.parquet", columns=["key", "seat", "ev_pass", "ev_order",
                                                                       "ev_alone"])
    t[["ev_pass", "ev_order", "ev_alone"]] = t[["ev_pass", "ev_order", "ev_alone"]].astype(float) / 100.0
    return t.set_index(["key", "seat"])


@pytest.fixture(scope="module")
def shift() -> pd.Series:
    """The shipped round-one pass shift as pandas reads it, indexed by (key, seat), in points."""
    t = pd.read_parquet(ROUND_ONE_SHIFT_DIR / "table.parquet", columns=["key", "seat", "pass_shift"])
    return (t.set_index(["key", "seat"])["pass_shift"].astype(float) / 100.0)


def _decides(table, key, seat) -> bool:
    """Whether the shipped row decides: its seat refined, or the row clear."""
    refined = json.loads((TABLE_DIR / "manifest.json").read_text()).get("refined_seats", [])
    return SEAT_NAMES[seat] in refined or not bool(table.loc[(key, SEAT_NAMES[seat]), "too_close"])


def _read(table, bids, key, seat, shift=None):
    """The values (pass, order, order alone) the table bidder reads for the class, found with pandas: the table's
    row where it decides, else the round-one bids' row, the pass moved by the round-one pass shift (``shift``);
    None where neither (the feature bidder decides)."""
    if _decides(table, key, seat):
        p, o, a = table.loc[(key, SEAT_NAMES[seat]), ["ev_pass", "ev_order", "ev_alone"]]
    elif (key, SEAT_NAMES[seat]) in bids.index:
        p, o, a = bids.loc[(key, SEAT_NAMES[seat])]
    else:
        return None
    return (p + (0.0 if shift is None else shift.loc[(key, SEAT_NAMES[seat])]), o, a)


def _deals(n, seed):
    return random_deals(RULES, n, np.random.default_rng(seed))


def test_reads_the_table_advise_ships():
    assert TABLE_DIR == SHIPPED_REALISTIC
    rows = table_rows()
    manifest = json.loads((TABLE_DIR / "manifest.json").read_text())
    # every seat shipped; at a seat not refined (the dealer's rows, 200 deals) only the rows called clear decide
    assert [SEAT_NAMES[s] for s in rows.seats] == manifest["settings"]["seats"]
    t = pd.read_parquet(TABLE_DIR / "table.parquet", columns=["key", "seat", "too_close"])
    for s in rows.seats:
        close = t[t["seat"] == SEAT_NAMES[s]].sort_values("key", kind="stable")["too_close"].to_numpy()
        undecided = np.isnan(rows.values[s]).all(axis=1)
        if SEAT_NAMES[s] in manifest.get("refined_seats", []):
            assert not undecided.any()
        else:
            assert np.array_equal(undecided, close) and 0 < undecided.mean() < 0.5
    assert rows.rules == RULES and rows.others == "shipped-v4"
    name, m = policy_model("shipped-table")
    assert name == "shipped-table" and "shipped-table" in POLICIES and isinstance(m, TableModel)


def test_round_one_bids_fill_exactly_the_rows_that_do_not_decide(bids):
    """The rows the bidder reads are the table's wherever the table decides; each row that does not (the
    dealer's too close to call) takes the bids' values, and the bids hold only such rows, every one of them."""
    raw, read = table_rows(), round_one_rows(shift=None)
    manifest = json.loads((ROUND_ONE_BIDS_DIR / "manifest.json").read_text())
    assert manifest["settings"]["others"] == raw.others and manifest["settings"]["seats"] == ["dealer"]
    for s in raw.seats:
        undecided = np.isnan(raw.values[s][:, 0])
        assert np.array_equal(read.values[s][~undecided], raw.values[s][~undecided])
        here = bids.xs(SEAT_NAMES[s], level="seat") if SEAT_NAMES[s] in bids.index.get_level_values(1) else None
        if here is None:
            assert np.array_equal(np.isnan(read.values[s][:, 0]), undecided)
            continue
        assert SEAT_NAMES[s] == "dealer" and undecided.any()
        assert set(here.index) == set(raw.keys[s][undecided].astype(np.int64).tolist())
        i = np.searchsorted(raw.keys[s], here.index.to_numpy().astype(np.uint64))
        assert np.allclose(read.values[s][i], here.to_numpy()) and not np.isnan(read.values[s]).any()
    # the bids choose differently from the feature bidder on some of those rows (else they would change nothing)
    d = 3
    undecided = np.isnan(raw.values[d][:, 0])
    v = read.values[d][undecided]
    level = np.where(np.maximum(v[:, 1], v[:, 2]) <= v[:, 0], 0, np.where(v[:, 2] > v[:, 1], 2, 1))
    assert 0 < level.mean() and len(np.unique(level)) == 3


def test_round_one_bids_must_match_the_table(tmp_path):
    """Bids fitted on another table (another population, or a class the table lacks) are refused in one line."""
    src = pd.read_parquet(ROUND_ONE_BIDS_DIR / "table.parquet")
    manifest = json.loads((ROUND_ONE_BIDS_DIR / "manifest.json").read_text())
    other = tmp_path / "other"
    other.mkdir()
    (other / "manifest.json").write_text(json.dumps({**manifest, "settings": {**manifest["settings"],
                                                                              "others": "guides"}}))
    src.to_parquet(other / "table.parquet", index=False)
    with pytest.raises(BiddingModelError, match="fitted on another table"):
        round_one_rows(str(TABLE_DIR), str(other))
    stray = tmp_path / "stray"
    stray.mkdir()
    (stray / "manifest.json").write_text(json.dumps(manifest))
    bad = src.head(3).copy()
    bad.loc[0, "key"] = 1   # no class has this key
    bad.sort_values("key").to_parquet(stray / "table.parquet", index=False)
    with pytest.raises(BiddingModelError, match="a class the table does not"):
        round_one_rows(str(TABLE_DIR), str(stray))
    alone = round_one_rows(str(TABLE_DIR), str(tmp_path / "none"), None)   # no bids: the table's rows as they are
    assert all(np.array_equal(alone.values[s], table_rows().values[s], equal_nan=True) for s in alone.seats)


def test_the_pass_shift_moves_only_the_pass(shift):
    """The rows the bidder reads are the filled rows with each pass moved by the shipped shift of its class and
    seat (read here with pandas): ordering and going alone as they were, every class of every seat shifted (by
    0 at a seat the manifest does not shift), the shift not 0 at the seats it names."""
    manifest = json.loads((ROUND_ONE_SHIFT_DIR / "manifest.json").read_text())
    assert "shipped-table" in manifest["meaning"] and manifest["seats_shifted"] == ["eldest", "partner", "third"]
    before, read = round_one_rows(shift=None), round_one_rows()
    assert len(shift) == sum(len(before.keys[s]) for s in before.seats)
    for s in before.seats:
        assert np.array_equal(read.keys[s], before.keys[s])
        assert np.array_equal(read.values[s][:, 1:], before.values[s][:, 1:], equal_nan=True)
        want = shift.xs(SEAT_NAMES[s], level="seat").reindex(before.keys[s].astype(np.int64)).to_numpy()
        assert not np.isnan(want).any()
        moved = read.values[s][:, 0] - before.values[s][:, 0]
        ok = ~np.isnan(before.values[s][:, 0])
        assert np.allclose(moved[ok], want[ok], atol=1e-9)
        if SEAT_NAMES[s] in manifest["seats_shifted"]:
            assert (want != 0).mean() > 0.5 and np.abs(want).max() < 2
        else:
            assert (want == 0).all()


def test_the_pass_shift_must_hold_every_class(tmp_path):
    """A shift file that lacks a class, or was fitted under other rules, is refused in one line; without a file
    nothing moves."""
    src = pd.read_parquet(ROUND_ONE_SHIFT_DIR / "table.parquet")
    manifest = json.loads((ROUND_ONE_SHIFT_DIR / "manifest.json").read_text())
    rows = round_one_rows(shift=None)
    short = tmp_path / "short"
    short.mkdir()
    (short / "manifest.json").write_text(json.dumps(manifest))
    src.iloc[1:].to_parquet(short / "table.parquet", index=False)
    with pytest.raises(BiddingModelError, match="does not hold every class"):
        pass_shift(str(short), rows)
    other = tmp_path / "other"
    other.mkdir()
    (other / "manifest.json").write_text(json.dumps({**manifest, "rules": preset("british").to_dict()}))
    src.to_parquet(other / "table.parquet", index=False)
    with pytest.raises(BiddingModelError, match="other rules"):
        pass_shift(str(other), rows)
    assert pass_shift(str(tmp_path / "none"), rows) is None
    none = round_one_rows(str(TABLE_DIR), str(ROUND_ONE_BIDS_DIR), str(tmp_path / "none"))
    assert all(np.array_equal(none.values[s], rows.values[s], equal_nan=True) for s in rows.seats)


@pytest.mark.parametrize("seed", [1, 2])
def test_gains_are_the_rows_values(table, bids, shift, seed):
    """Each covered seat's take and alone gains are the row's (best of order and alone) − pass and alone −
    order, the row found by the strategy layer's class key of the hand's text (the table's, or where it does
    not decide the round-one bids')."""
    m = shipped_table_model()
    hands, ups = _deals(60, seed)
    for i in range(len(ups)):
        for s in table_rows().seats:
            take, alone = m.round_one_gains(hands[i:i + 1, s], s, int(ups[i]))
            key = key_of(format_hand(int(hands[i, s])), card_name(int(ups[i])))
            v = _read(table, bids, key, s, shift)
            if v is not None:
                p, o, a = v
                assert (take[0], alone[0]) == pytest.approx((max(o, a) - p, a - o), abs=1e-12)
            else:   # the feature bidder's scores
                want = FeatureModel.round_one_gains(m, hands[i:i + 1, s], s, int(ups[i]))
                assert (take[0], alone[0]) == (want[0][0], want[1][0])


def test_the_decision_is_the_rows_best_option(table, bids, shift):
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
            v = _read(table, bids, key, s, shift)
            if v is None:
                assert lv[j] == FeatureModel.round_one_level(m, h[j:j + 1, s], s, up)[0]
                continue
            p, o, a = v
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


def test_everything_else_is_shipped_v5():
    """At a seat the table does not cover, in round two without the card turned down (so no round-two row is
    read), the discard and the count's
    fields: ``shipped-v5`` (``shipped-v4`` with round two refitted; its round one is ``shipped-v4``'s)."""
    full = shipped_table_model()
    v4 = shipped_v5_model()
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


# --- round two ----------------------------------------------------------------------------------
def _relabel(mask: int, to) -> int:
    return sum(((mask >> (8 * s)) & 0xFF) << (8 * to[s]) for s in range(4)) | (mask & (1 << 32))


def _canonical_maps(hand: int, turned: int) -> list:
    """Every suit permutation taking ``hand`` to its canonical layout with ``turned``'s suit on hearts (two when
    the green holdings are equal), found by trying each permutation that keeps colours paired (the independent
    path)."""
    from itertools import permutations

    from euchre_stats.strategy.classes import canonical

    want, _ = canonical(hand, turned)
    return [to for to in permutations(range(4))
            if to[turned >> 3] == 2 and all(to[3 - s] == 3 - to[s] for s in range(4)) and _relabel(hand, to) == want]


@pytest.fixture(scope="module")
def synthetic_two():
    """Round-two rows over every class for eldest and the dealer, random values in hundredths."""
    from euchre_stats.strategy.classes import enumerate_classes

    keys = enumerate_classes("24").keys
    rng = np.random.default_rng(11)
    vals = {s: np.round(rng.normal(0, 1.2, (len(keys), 7)), 2) for s in (0, 3)}
    vals[3][:, 0] = 0.0   # the dealer's pass throws the hand in
    vals[3][rng.random(len(keys)) < 0.3] = np.nan   # rows that do not decide (too close, not refined)
    return TableRows(RULES, (0, 3), {0: keys, 3: keys}, vals, "shipped-v4")


@pytest.fixture(scope="module")
def two_model(synthetic_two):
    class WithRoundTwo(TableModel):
        def rows2(self):
            return synthetic_two
    return WithRoundTwo(**dataclasses.asdict(shipped_v4_model()))


def test_round_two_gains_twin_and_the_suit_named_is_the_rows_best(two_model, synthetic_two):
    """The vectorised gains equal the plain twin's; the hard call names the suit of the row's best option (by a
    search over suit relabellings, independent of the key code), alone when its alone value is higher, and
    passes when passing is worth most."""
    from euchre_stats.bidding.table_model import round_two_gains_one

    hands, ups = _deals(400, 12)
    named, undecided = set(), 0
    for i in range(len(ups)):
        up, b = int(ups[i]), int(ups[i]) >> 3
        for s in (0, 3):
            h = int(hands[i, s])
            g = two_model.round_two_gains(hands[i:i + 1, s], b, s, up)[0]
            one = round_two_gains_one(synthetic_two, h, s, up, two_model)
            key = key_of(format_hand(h), card_name(up))
            row = synthetic_two.values[s][int(np.searchsorted(synthetic_two.keys[s], np.uint64(key)))]
            if np.isnan(row[0]):   # the row does not decide: the feature bidder's scores (its plain twin's)
                assert np.array_equal(g, FeatureModel.round_two_gains(two_model, hands[i:i + 1, s], b, s)[0])
                assert np.allclose(g, np.array(one), atol=1e-12)
                undecided += 1
                continue
            assert [tuple(x) for x in g.tolist()] == one
            best, suit, _ = two_model.round_two_call(hands[i:i + 1, s], b, s, upcard=up)
            level = 2 if best[0] >= 1.5 else 1 if best[0] >= 0.5 else 0
            wants = set()
            for to in _canonical_maps(h, up):
                options = {(-1, 0): row[0]}   # pass
                for t in range(4):
                    if t != b:
                        col = {1: 1, 3: 3, 0: 5}[to[t]]   # canonical next (diamonds), green1 (spades), green2 (clubs)
                        options[(t, 1)], options[(t, 2)] = row[col], row[col + 1]
                top = max(options.values())
                # a tie passes, then the lower suit, then with the partner
                wants.add(min(k for k, v in options.items() if v == top))
            got = (-1, 0) if level == 0 else (int(suit[0]), level)
            assert got in wants, (format_hand(h), card_name(up), s, wants, got)
            if level:
                named.add(got[0] == 3 - b)
    assert named == {True, False} and undecided > 20


def test_round_two_falls_back_without_the_card_or_the_seat(two_model):
    v4 = shipped_v4_model()
    hands, ups = _deals(300, 13)
    up = int(np.bincount(ups).argmax())
    h = hands[ups == up]
    b = up >> 3
    for s in (1, 2):   # seats the round-two rows do not cover
        assert np.array_equal(two_model.round_two_gains(h[:, s], b, s, up), v4.round_two_gains(h[:, s], b, s))
    assert np.array_equal(two_model.round_two_gains(h[:, 0], b, 0), v4.round_two_gains(h[:, 0], b, 0))
    assert not np.array_equal(two_model.round_two_gains(h[:, 0], b, 0, up), v4.round_two_gains(h[:, 0], b, 0))
    auc = Auction(RULES, two_model, up)
    for s in (0, 3):
        p = auc.p_round_two(h, s, play=True)
        take = two_model.round_two_gains(h[:, s], b, s, up)[..., 0].max(axis=1)
        assert np.array_equal(p == 1.0, take > 0)


def test_a_round_two_run_exports_and_reads_back(tmp_path):
    """``export_realistic`` of a ``table --round 2 --model pimc`` run writes the round-two columns in hundredths;
    the bidder reads them back as that run's values, and refuses it as a round-one table."""
    import euchre_stats as es
    from euchre_stats.strategy.advise import REALISTIC_KEEP_ROUND_TWO, export_realistic

    run = tmp_path / "r2"
    t = es.table("eldest", run_dir=str(run), round=2, limit=5, samples_per_class=8, seed=2, model="pimc",
                 charts=False, chunk_size=5)
    out = tmp_path / "shipped2"
    assert export_realistic(run, out) == ["eldest"]
    shipped = pd.read_parquet(out / "table.parquet")
    assert set(shipped.columns) <= set(REALISTIC_KEEP_ROUND_TWO) and "ev_green2_alone" in shipped.columns
    rows = table_rows(str(out), 2)
    assert rows.seats == (0,)
    cols = ["ev_pass", "ev_next", "ev_next_alone", "ev_green1", "ev_green1_alone", "ev_green2", "ev_green2_alone"]
    run_rows = t.table.sort_values("key")
    want = run_rows[cols].to_numpy(dtype=float)
    close = run_rows["too_close"].to_numpy(dtype=bool)   # not refined: only the rows called clear decide
    assert close.any() and not close.all()
    assert np.isnan(rows.values[0][close]).all()
    assert np.allclose(rows.values[0][~close], want[~close], atol=0.005 + 1e-9)
    with pytest.raises(BiddingModelError, match="round-one"):
        table_rows(str(out), 1)


def test_the_fitted_round_two_bids_are_read_while_no_round_two_table_ships(tmp_path):
    """With no realistic round-two table shipped, the table bidder's round two reads the fitted round-two bids
    (``euchre_stats/data/round_two_bids``): every class at every seat, pass 0 and each call its predicted gain
    (read here with pandas, by the strategy layer's class keys); a suit the guides call junk, or held with a
    single trump in a hand without an ace, is never named (a gain of -2 points, with the partner and alone);
    without the card turned down the bidder falls back to ``shipped-v5``'s scores, and with no bids file there
    are no round-two rows."""
    from euchre_stats.bidding.table_model import (ROUND_TWO_BIDS_DIR, ROUND_TWO_DIR, round_two_rows,
                                                  round_two_table_gains)
    from euchre_stats.strategy.classes import enumerate_classes

    assert not (ROUND_TWO_DIR / "manifest.json").exists()
    manifest = json.loads((ROUND_TWO_BIDS_DIR / "manifest.json").read_text())
    assert "fitted model" in manifest["format"] and manifest["settings"]["round"] == 2
    rows = round_two_rows()
    assert rows.seats == (0, 1, 2, 3) and rows.rules == RULES
    n = len(enumerate_classes("24", 5))
    assert all(len(rows.keys[s]) == n for s in range(4))
    assert round_two_rows(str(tmp_path / "none"), str(tmp_path / "none")) is None
    t = pd.read_parquet(ROUND_TWO_BIDS_DIR / "table.parquet").set_index(["key", "seat"])
    assert (t["ev_pass"] == 0).all()
    m, v5 = shipped_table_model(), shipped_v5_model()
    hands, ups = _deals(300, 17)
    differ = junk = 0
    for i in range(len(ups)):
        up = int(ups[i])
        if up >= 32:
            continue
        b = up >> 3
        for s in range(4):
            h = hands[i:i + 1, s]
            g = m.round_two_gains(h, b, s, up)
            row = t.loc[(key_of(format_hand(int(h[0])), card_name(up)), SEAT_NAMES[s])]
            v = row[list(COLUMNS[2])].to_numpy(dtype=float) / 100.0
            assert np.array_equal(g, round_two_table_gains(h, b, v[None, :]))
            differ += not np.array_equal(g, v5.round_two_gains(h, b, s, up))
            x, live = _round_two_live(v5, int(h[0]), b)
            for suit in range(4):
                one = x[suit, FEATURES.index("trumps")] <= 1 and not x[suit, FEATURES.index("trump_ace")] \
                    and not x[suit, FEATURES.index("off_aces")]
                if suit != b and (not live[suit] or one):   # never named
                    assert g[0, suit, 0] == -2.0 and g[0, suit, 1] == 0.0
                    junk += 1
    assert differ > 100 and junk > 100
    assert np.array_equal(m.round_two_gains(hands[:5, 0], 0, 0), v5.round_two_gains(hands[:5, 0], 0, 0))


def _round_two_live(model, hand: int, banned: int):
    from euchre_stats.bidding.fit_v2 import round_two_design

    x, live = round_two_design(model, np.array([hand], dtype=np.uint64), np.array([banned]))
    return x[0], live[0]
