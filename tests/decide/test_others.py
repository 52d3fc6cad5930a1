"""The others' populations (``--others``) and answers against each of them (``--robust``), issue 31.

The guides' rule-based bidder is checked against a plain card-by-card twin of its documented rules;
the questions against the machinery they reuse (the others' model in the auction after a pass and in
the inference)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import euchre_stats as es
from euchre_stats.bidding.auction import Auction
from euchre_stats.bidding.model import (GUIDES_MODEL, POINTS_MODEL, POLICIES, default_model, default_population,
                                        policy_model)
from euchre_stats.cli.main import cli
from euchre_stats.core.cards import JOKER, parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.trump import POWER, is_trump
from euchre_stats.decide.inference import round_one_likelihood, round_two_likelihood
from euchre_stats.decide.setup import seat_models
from euchre_stats.rules import NORTH_AMERICAN, Rules, for_players

ONE = {"samples": 300, "seed": 5, "model": "dd"}


# --- the guides' rules, card by card ------------------------------------------------------------
def plain_level(cards, trump, seat=None, round_one=True, banned=-1) -> int:
    """The documented rules of the guides' population (docs/methods.md), one hand, in plain Python."""
    trumps = [c for c in cards if is_trump(c, trump)]
    right, left, ace = trump * 8 + 4, (3 - trump) * 8 + 4, trump * 8 + 7
    bowers = sum(c in cards for c in (right, left, JOKER))
    top = bowers + (ace in cards)
    off_aces = sum(1 for c in cards if c & 7 == 7 and c != JOKER and not is_trump(c, trump))
    # a lay-down: the highest trumps in sequence (from the Joker or from the right bower), at least three,
    # every other card an off-suit ace
    order = sorted((c for c in range(33) if is_trump(c, trump)), key=lambda c: -int(POWER[trump, c]))
    n = len(trumps)
    seq = set(trumps) in (set(order[:n]), set(order[1:n + 1]))
    if n >= 3 and seq and all(is_trump(c, trump) or (c & 7 == 7 and c != JOKER) for c in cards):
        return 2
    ok = bowers >= 2 or (n >= 3 and top >= 1) or (top >= 2 and off_aces >= 1)
    if round_one and seat == 1:
        ok = ok or n >= 3 or (n >= 2 and top >= 1 and off_aces >= 1)
    if not round_one and seat == 0 and trump == 3 - banned:
        ok = ok or n >= 3 or (n >= 2 and bowers >= 1 and off_aces >= 1)
    return int(ok)


deck24 = find_deck("24").cards
deck25 = find_deck("25").cards


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(deck25), min_size=5, max_size=5, unique=True), st.integers(0, 3),
       st.sampled_from([None, 0, 1, 2]), st.booleans(), st.integers(0, 3))
def test_guides_level_is_the_documented_rules(cards, trump, seat, round_one, banned):
    h = np.array([sum(1 << c for c in cards)], dtype=np.uint64)
    assert GUIDES_MODEL.level(h, trump, seat, round_one, banned_suit=banned)[0] == plain_level(
        cards, trump, seat, round_one, banned)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(deck24), min_size=6, max_size=6, unique=True))
def test_guides_dealer_picks_up_with_three_trumps_or_by_andrews(six):
    up, hand = six[0], six[1:]
    t = up >> 3
    h = np.array([sum(1 << c for c in hand)], dtype=np.uint64)
    s = GUIDES_MODEL.round_one_strength(h, 3, up)[0]
    n = sum(is_trump(c, t) for c in six)
    assert (s >= GUIDES_MODEL.order[3]) == (n >= 3 or plain_level(six, t) >= 1)
    if n >= 3:
        assert s >= GUIDES_MODEL.order[3]


def _one(text):
    return np.array([parse_hand(text)], dtype=np.uint64)


def test_guides_examples():
    m, up = GUIDES_MODEL, parse_card("9h")
    # lay-downs go alone; both bowers order from eldest; no trump and no ace passes; a single trump never
    assert m.round_one_strength(_one("Jh Jd Ah As Ac"), 0, up)[0] >= m.order_alone[0]
    assert m.order[0] <= m.round_one_strength(_one("Jh Jd Ah 9s Tc"), 0, up)[0] < m.order_alone[0]
    assert m.round_one_strength(_one("9s Tc Qd Kd 9c"), 0, up)[0] < m.order[0]
    assert m.round_one_strength(_one("Jh As Ac Ad Ks"), 0, up)[0] < m.order[0]
    # the dealer's partner orders three small trumps, eldest does not
    assert m.round_one_strength(_one("Qh Th 9h Kc 9c"), 1, parse_card("Kh"))[0] >= m.order[1]
    assert m.round_one_strength(_one("Qh Th 9h Kc 9c"), 0, parse_card("Kh"))[0] < m.order[0]
    # junk passes in round two at every seat (9h Td Qc Kh 9d, 9s turned down)
    junk = _one("9h Td Qc Kh 9d")
    for seat in range(3):
        best, _, thr = m.round_two_call(junk, 3, seat)
        assert best[0] < thr[0]
    # next from eldest: Js Ts Kh Ac Qc, spades turned down: clubs (the left, ace, queen of clubs)
    best, suit, thr = m.round_two_call(_one("Js Ts Kh Ac Qc"), 3, 0)
    assert suit[0] == 0 and best[0] >= thr[0]
    # never defends alone, never calls no trump
    assert m.defend_alone > 10


def test_the_hard_guides_auction_takes_the_rules_choice_and_infers_softly():
    rng = np.random.default_rng(3)
    from euchre_stats.sampling.deals import random_deals

    hands, ups = random_deals(NORTH_AMERICAN, 12000, rng)
    up = int(ups[0])
    hands = hands[ups == up]
    auc = Auction(NORTH_AMERICAN, GUIDES_MODEL, up)
    a = auc.finish(hands, 1, 0, np.random.default_rng(1))
    b = auc.finish(hands, 1, 0, np.random.default_rng(2))
    assert (a.maker == b.maker).all() and (a.trump == b.trump).all() and (a.alone == b.alone).all()
    s0 = GUIDES_MODEL.round_one_strength(hands[:, 0], 0, up)
    first = (a.maker == 0) & (a.trump == up >> 3)
    assert first.tolist() == (s0 >= 0.5).tolist()
    p, _ = auc.p_round_one(hands, 0)
    assert ((p > 0) & (p < 1)).all()   # a pass against the rules is unlikely, never impossible
    assert np.allclose(p[s0 < 0.5], 1 / (1 + np.exp(0.5 / 0.15)))   # 1 time in 30
    assert np.allclose(p[(s0 >= 0.5) & (s0 < 1.5)], 1 / (1 + np.exp(-0.5 / 0.15)))


def test_guides_is_a_named_policy():
    assert "guides" in POLICIES and policy_model("guides") == ("guides", GUIDES_MODEL)
    with pytest.raises(es.EuchreStatsError, match="name it 'guides'"):
        GUIDES_MODEL.save("never-written.json")
    assert policy_model("points") == ("points", POINTS_MODEL)


# --- the questions ------------------------------------------------------------------------------
def test_others_reads_the_passes_seen_by_the_others_model():
    up = parse_card("9h")
    rng = np.random.default_rng(1)
    hands = rng.integers(0, 2**24, size=(500, 4), dtype=np.uint64)   # only each seat's count matters here
    ship = default_model()
    mixed = Auction(NORTH_AMERICAN, seat_models(ship, GUIDES_MODEL, 2), up)
    guides = Auction(NORTH_AMERICAN, GUIDES_MODEL, up)
    shipped = Auction(NORTH_AMERICAN, ship, up)
    w = round_one_likelihood(mixed, hands, 2)
    assert np.array_equal(w, round_one_likelihood(guides, hands, 2))   # seats 0 and 1: the others
    assert not np.allclose(w, round_one_likelihood(shipped, hands, 2))
    assert np.array_equal(round_two_likelihood(mixed, hands, 2), round_two_likelihood(guides, hands, 2))
    # the asker's own seat keeps its model (its later bids)
    assert mixed.models[2] is ship and mixed.models[0] is GUIDES_MODEL


def test_others_guides_changes_the_pass_value_and_the_inference():
    base = es.order("Jh Jd Ah 9s Tc", "9h", "third", **ONE)
    g = es.order("Jh Jd Ah 9s Tc", "9h", "third", others="guides", **ONE)
    assert g.others == "guides" and base.others == "shipped-v4"
    assert g.best_of("pass").ev != pytest.approx(base.best_of("pass").ev, abs=1e-9)
    # the inference: the deals drawn by the passes seen differ (same seed, same candidates)
    assert (g.sampling.drawn, g.effective_samples) != (base.sampling.drawn, base.effective_samples)
    assert g.to_dict()["others"] == "guides" and "guides' rules" in g.to_dict()["others_words"]
    assert "the other three seats bid by guides" in g.to_text()
    # eldest (no bid seen, the very same deals): only the auction played out after the pass differs
    e0 = es.order("Jh Jd Ah 9s Tc", "9h", "eldest", **ONE)
    e1 = es.order("Jh Jd Ah 9s Tc", "9h", "eldest", others="guides", **ONE)
    assert e1.best_of("order alone").ev == e0.best_of("order alone").ev
    assert e1.best_of("pass").ev != pytest.approx(e0.best_of("pass").ev, abs=1e-9)
    # in round two too
    c0 = es.call("Jd Ad Kd 9c Tc", "9h", "partner", **ONE)
    c1 = es.call("Jd Ad Kd 9c Tc", "9h", "partner", others="guides", **ONE)
    assert c1.best_of("pass").ev != pytest.approx(c0.best_of("pass").ev, abs=1e-9)
    assert c1.effective_samples != c0.effective_samples


def test_the_default_population_is_shipped_v4():
    base = es.order("Jh Jd Ah 9s Tc", "9h", "third", **ONE)
    same = es.order("Jh Jd Ah 9s Tc", "9h", "third", others="shipped-v4", **ONE)
    assert [o.to_dict() for o in same.options] == [o.to_dict() for o in base.options]
    assert base.others == "shipped-v4" and base.bidding == "shipped-v4" and base.others_note is None
    assert "the other three seats bid by shipped-v4" in base.to_text() and "note:" not in base.to_text()
    count = es.order("Jh Jd Ah 9s Tc", "9h", "third", others="shipped", **ONE)
    assert count.best_of("pass").ev != pytest.approx(base.best_of("pass").ev, abs=1e-9)
    # a bidding model given bids for every seat, as before the default population
    assert es.order("Jh Jd Ah 9s Tc", "9h", "third", bidding=default_model(), **ONE).others is None


def test_your_own_later_bids_are_the_default_populations():
    """After a pass the asker bids later as the default population (``shipped-v4``), not the shipped count:
    ``Js Qs Ac Kc Tc`` (9h up, eldest) calls differently in round two under the two."""
    q = ("Js Qs Ac Kc Tc", "9h", "eldest")
    own = es.order(*q, samples=300, seed=1, model="dd")
    count = es.order(*q, samples=300, seed=1, model="dd", bidding=default_model(), others="shipped-v4")
    assert own.bidding == "shipped-v4" and count.bidding == "custom"
    assert own.best_of("pass").ev != pytest.approx(count.best_of("pass").ev, abs=1e-9)
    assert own.best_of("order").ev == count.best_of("order").ev   # only the pass's later auction differs
    assert "your own later bids: shipped-v4;" in own.to_text()
    # the double-dummy pass model keeps the count (its double-dummy bidders take a count's thresholds)
    assert es.order(*q, samples=50, seed=1, model="dd", pass_model="dd").bidding == "shipped"


#: the answers of main at ec0a793 (before shipped-v3 became the default population): ``others="shipped"`` with the
#: shipped count for the asker's own later bids (``bidding``) gives them exactly, samples 300, seed 1, double-dummy.
#: Since 2026-12-06 the count's equal discards and round two's equal suits follow the deal's random suit order
#: (core/ties.py ``suit_orders``), not the lowest card or suit number: third's order and pass moved (1.45871559633,
#: 0.80122324159 before) and the partner's pass (-0.057228915663); nothing else.
COUNT_ANSWERS = {
    ("order", "Jh Jd Ah 9s Tc", "9h", "third"): {"pass": 0.804281345566, "order": 1.449541284404, "order alone": 1.0},
    ("order", "Jh Jd Ah Kh Qh", "9h", "eldest"): {"pass": 2.926666666667, "order": 2.0, "order alone": 4.0},
    ("call", "Jd Ad Kd 9c Tc", "9h", "partner"): {"pass": -0.045180722892, "s": -0.855421686747, "s alone": -2.0,
                                                  "d": 0.927710843373, "d alone": 0.177710843373,
                                                  "c": 0.105421686747, "c alone": -1.512048192771},
}


@pytest.mark.parametrize("question", list(COUNT_ANSWERS))
def test_others_shipped_reproduces_the_old_default(question):
    kind, *args = question
    d = getattr(es, kind)(*args, samples=300, seed=1, model="dd", others="shipped", bidding=default_model())
    assert {o.action: round(o.ev, 12) for o in d.options} == COUNT_ANSWERS[question]
    assert d.others == "shipped" and d.others_note is None and d.bidding == "custom"


@pytest.mark.parametrize("rules, why", [
    (Rules(), None),
    (Rules(no_trump=True), "no_trump"),
    (Rules(deck="32"), "32-card deck"),
    (for_players(Rules(), 6), "6-player table"),
])
def test_default_population_falls_back_where_shipped_v4_cannot_bid(rules, why):
    name, model, note = default_population(rules)
    if why is None:
        assert (name, note) == ("shipped-v4", None) and model == policy_model("shipped-v4")[1]
    else:
        assert name == "shipped" and model == default_model() and why in note and note.startswith("shipped-v4 ")


def test_the_fallback_is_named_once():
    d = es.order("Jh Jd Ah 9s Tc", "9h", "third", rules={"no_trump": True}, **ONE)
    assert d.others == "shipped" and "no_trump" in d.others_note
    assert d.to_text().count("note: shipped-v4 does not bid") == 1
    assert d.to_dict()["others_note"] == d.others_note
    assert "others_note" not in es.order("Jh Jd Ah 9s Tc", "9h", "third", **ONE).to_dict()


def test_discard_alone_lead_name_the_default_population():
    d = es.discard("Jh Jd Ah 9s Tc Qh", "Qh", samples=100, seed=1, model="dd")
    assert d.bidding == "shipped-v4" and "bidding model: shipped-v4 = " in d.to_text()
    b = es.discard("Jh Jd Ah 9s Tc Qh", "Qh", samples=100, seed=1, model="dd", rules={"no_trump": True})
    assert b.bidding == "shipped" and "no_trump" in b.to_text()
    given = es.discard("Jh Jd Ah 9s Tc Qh", "Qh", samples=100, seed=1, model="dd", bidding=default_model())
    assert given.bidding == "custom" and "bidding model:" not in given.to_text()


def test_match_a_defaults_to_the_population():
    r = es.match(b="points", deals=200, seed=1, model="dd", control_deals=0)
    assert r.a == "shipped-v4"
    assert r.diff == es.match("shipped-v4", "points", deals=200, seed=1, model="dd", control_deals=0).diff
    br = es.match(b="points", deals=200, seed=1, model="dd", control_deals=0, rules={"alone_declared": "before_lead"})
    assert br.a == "shipped-v4"   # British timing: the feature bidder declares alone by its own alone score
    nt = es.match(b="points", deals=200, seed=1, model="dd", control_deals=0, rules={"no_trump": True})
    assert nt.a == "shipped" and "no_trump" in nt.a_words


def test_others_errors():
    with pytest.raises(es.EuchreStatsError, match="unknown policy 'nobody'"):
        es.order("Jh Jd Ah 9s Tc", "9h", "third", others="nobody", **ONE)
    with pytest.raises(es.EuchreStatsError, match="pass_model 'dd'"):
        es.order("Jh Jd Ah 9s Tc", "9h", "third", others="guides", pass_model="dd", **ONE)
    with pytest.raises(es.EuchreStatsError, match="robust"):
        es.order("Jh Jd Ah 9s Tc", "9h", "third", others="guides", robust=True, **ONE)
    with pytest.raises(es.EuchreStatsError, match="others"):
        es.order("Jh Jd Ah 9s Tc", "9h", "eldest", others="guides", players=2, samples=50, seed=1)
    with pytest.raises(es.EuchreStatsError, match="robust=.yes. is not True or False"):
        es.order("Jh Jd Ah 9s Tc", "9h", "eldest", robust="yes", **ONE)


def test_others_takes_a_model_file(tmp_path):
    from euchre_stats.bidding.model import BiddingModel

    path = tmp_path / "eager.json"
    BiddingModel(order=(5.0,) * 4).save(path)
    d = es.order("Jh Jd Ah 9s Tc", "9h", "third", others=str(path), **ONE)
    assert d.others == str(path) and f"the bidding model in {path}" in d.to_text()
    base = es.order("Jh Jd Ah 9s Tc", "9h", "third", others="shipped", **ONE)
    assert d.best_of("pass").ev != pytest.approx(base.best_of("pass").ev, abs=1e-9)


def test_robust_answers_against_each_population_with_the_same_seed():
    r = es.order("Jh Jd Ah 9s Tc", "9h", "eldest", robust=True, **ONE)
    assert list(r.decisions) == ["shipped-v4", "shipped", "guides", "points"] and r.seed == 5
    for p, d in r.decisions.items():
        alone = es.order("Jh Jd Ah 9s Tc", "9h", "eldest", others=p, **ONE)
        assert [o.ev for o in d.options] == [o.ev for o in alone.options]
    # eldest: no bid before, the very same deals: ordering alone (no one else bids) scores alike
    evs = {p: d.best_of("order alone").ev for p, d in r.decisions.items()}
    assert len(set(evs.values())) == 1
    assert r.holds == (r.same and not any(d.too_close for d in r.decisions.values()))
    text = r.to_text()
    assert "shipped-v4" in text and "guides" in text and "points" in text and "recommendation" in text
    assert ("holds at every table" in text) == r.holds
    d = json.loads(r.to_json())
    assert d["kind"] == "robust" and d["populations"] == ["shipped-v4", "shipped", "guides", "points"]
    assert set(d["by_population"]) == set(d["decisions"]) == {"shipped-v4", "shipped", "guides", "points"}
    frame = r.to_frame()
    assert len(frame) == 12 and frame["recommended"].sum() == 4
    assert set(frame["others"]) == {"shipped-v4", "shipped", "guides", "points"}


def test_robust_asks_the_default_population_first_where_it_bids():
    from euchre_stats.decide.robust import populations_for
    from euchre_stats.rules import Rules

    assert populations_for(Rules()) == ("shipped-v4", "shipped", "guides", "points")
    assert populations_for(Rules(alone_declared="before_lead")) == ("shipped-v4", "shipped", "guides", "points")
    # no trump: the feature bidder cannot bid, the default population is the shipped count
    assert populations_for(Rules(no_trump=True)) == ("shipped", "guides", "points")


def test_robust_verdict_names_the_tables_where_the_answer_changes():
    from euchre_stats.decide.robust import RobustResult

    r = es.order("Jh Jd Ah 9s Tc", "9h", "eldest", robust=True, **ONE)
    _, a, b, c = r.decisions.values()
    b.recommendation, b.too_close = "pass", False
    mixed = RobustResult({"shipped": a, "guides": b, "points": c})
    assert not mixed.same and not mixed.holds and mixed.recommendation is None
    assert mixed.verdict().startswith("depends on the table: ") and "guides: pass" in mixed.verdict()


def test_cli_robust_on_the_readme_example():
    res = CliRunner().invoke(cli, ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--seed", "1",
                                   "--robust", "-n", "300", "--model", "dd"])
    assert res.exit_code == 0, res.output
    head = [ln for ln in res.output.splitlines() if ln.strip().startswith("option")][0]
    assert head.split()[1:] == ["shipped-v4", "shipped", "guides", "points"]
    assert "recommendation" in res.output
    assert any(v in res.output for v in ("holds at every table", "depends on the table", "too close to call"))
    csv = CliRunner().invoke(cli, ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "--seed",
                                   "1", "--robust", "-n", "200", "--model", "dd", "--format", "csv"])
    assert csv.exit_code == 0 and "others,action,ev" in csv.output


def test_cli_others_and_its_errors():
    run = CliRunner().invoke
    ok = run(cli, ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "third", "--seed", "1", "-n", "200",
                   "--model", "dd", "--others", "guides", "--format", "json"])
    assert ok.exit_code == 0 and json.loads(ok.output)["others"] == "guides"
    csv = run(cli, ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "--seed", "1", "-n", "200",
                    "--model", "dd", "--others", "points", "--format", "csv"])
    assert csv.exit_code == 0 and '# others: "points"' in csv.output
    bad = run(cli, ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "third", "--others", "nobody"])
    assert bad.exit_code == 2 and "unknown policy 'nobody'" in bad.output
    plot = run(cli, ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "third", "--robust", "--plot", "x.png"])
    assert plot.exit_code == 2 and "--plot" in plot.output
