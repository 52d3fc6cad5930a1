"""Monte Carlo decisions: exactness against enumeration, interval coverage, sanity, reproducibility."""

from __future__ import annotations

import itertools
import json
import math
import re

import numpy as np
import pytest

from euchre_stats.core.cards import card_name, mask_to_cards, parse_cards, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import DecisionInputError
from euchre_stats.core.seats import parse_seat
from euchre_stats.core.stats import weighted_mean_se
from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.decide.call import call_decision
from euchre_stats.decide.discard import discard_decision
from euchre_stats.decide.lead import lead_decision
from euchre_stats.decide.order import order_decision
from euchre_stats.decide.result import Decision, OptionResult
from euchre_stats.rules import NORTH_AMERICAN, preset
from euchre_stats.solver import card_values_many

HEARTS = 2
# A late position: eldest (seat 0) made hearts and won the first three tricks; seats 1 and 3 showed
# out of hearts. Eldest now holds Kh 9s and leads to the last two tricks.
TRICKS = ["Jh 9h Th Qd", "Ah Ks Qh 9d", "Ac Kc Qc Tc"]
LATE_HAND = "Kh 9s"


def _exact_late_values():
    """Expected total tricks of eldest's side for each lead, over every consistent deal."""
    hands = _late_deals()
    n = len(hands)
    vals = card_values_many(hands, np.full(n, HEARTS), np.zeros(n, dtype=np.int64), np.zeros(n, np.uint8))
    # eldest's side made it and already holds three tricks: 1 point, or 2 for the march
    return {card_name(c): float(np.where(3 + vals[:, c] == 5, 2, 1).mean()) for c in parse_cards(LATE_HAND)}, \
        {card_name(c): 3 + vals[:, c].mean() for c in parse_cards(LATE_HAND)}, n


def _exact_late_values_realistic():
    """The same position under realistic play: every consistent deal played out (with two cards
    each left, every player's worlds are few enough to be enumerated, so each deal plays one way)."""
    from euchre_stats.cardplay.realistic import lead_values_realistic

    rules = preset("north-american")
    deals = _late_deals()
    n = len(deals)
    gone = parse_hand(" ".join(TRICKS))
    voids = np.zeros(4, dtype=np.int64)
    voids[1] = voids[3] = 1 << HEARTS
    _, pts = lead_values_realistic(rules, deals, HEARTS, 0, 0, 0, False, -1, seed=3, voids=voids, gone=gone, won=3,
                                   cards=parse_cards(LATE_HAND))
    return {card_name(c): float(pts[:, c].mean()) for c in parse_cards(LATE_HAND)}, n


def _late_deals():
    deck = find_deck("24")
    played = parse_hand(" ".join(TRICKS))
    own = parse_hand(LATE_HAND)
    unseen = mask_to_cards(deck.mask & ~played & ~own)
    deals = []
    for h1 in itertools.combinations(unseen, 2):
        rest1 = [c for c in unseen if c not in h1]
        for h2 in itertools.combinations(rest1, 2):
            rest2 = [c for c in rest1 if c not in h2]
            for h3 in itertools.combinations(rest2, 2):
                hands = [own, sum(1 << c for c in h1), sum(1 << c for c in h2), sum(1 << c for c in h3)]
                if any(hands[s] & int(SUIT_MASK[HEARTS, HEARTS]) for s in (1, 3)):
                    continue
                deals.append(hands)
    return np.array(deals, dtype=np.uint64)


def test_realistic_estimate_matches_exact_enumeration_and_intervals_cover():
    exact, n_deals = _exact_late_values_realistic()
    assert n_deals > 1000
    hits = runs = 0
    for seed in range(60):
        d = lead_decision(LATE_HAND, "h", "eldest", "eldest", tricks=TRICKS, samples=300, seed=seed)
        assert d.model == "pimc"
        for o in d.options:
            runs += 1
            hits += o.ev_ci[0] <= exact[o.action] <= o.ev_ci[1]
    assert 0.88 <= hits / runs <= 0.99, hits / runs
    big = lead_decision(LATE_HAND, "h", "eldest", "eldest", tricks=TRICKS, samples=20000, seed=1)
    for o in big.options:
        assert o.ev_ci[0] <= exact[o.action] <= o.ev_ci[1]


def test_estimate_matches_exact_enumeration_and_intervals_cover():
    exact, exact_tricks, n_deals = _exact_late_values()
    assert n_deals > 1000
    hits, runs = 0, 0
    for seed in range(60):
        d = lead_decision(LATE_HAND, "h", "eldest", "eldest", tricks=TRICKS, samples=300, seed=seed, model="dd")
        for o in d.options:
            runs += 1
            hits += o.ev_ci[0] <= exact[o.action] <= o.ev_ci[1]
    coverage = hits / runs
    assert 0.88 <= coverage <= 0.99, coverage
    big = lead_decision(LATE_HAND, "h", "eldest", "eldest", tricks=TRICKS, samples=20000, seed=1, model="dd")
    for o in big.options:
        assert o.ev_ci[0] <= exact[o.action] <= o.ev_ci[1]
        assert abs(o.ev - exact[o.action]) < 0.03
        lo, hi = o.extra["ev_tricks_ci"]  # the expected tricks shown beside the points
        assert lo <= exact_tricks[o.action] <= hi


def test_lay_down_marches_alone():
    d = order_decision("Jh Jd Ah Kh Qh", "9h", "eldest", samples=500, seed=3)
    alone = next(o for o in d.options if o.action == "order alone")
    assert alone.p_march == 1.0 and alone.ev == 4.0
    assert d.recommendation == "order alone" and not d.too_close
    # five sure tricks: both calls score the same on every deal, so their intervals and their
    # difference's are points (before, order alone - order read +2.000 [+1.994, +2.004])
    assert list(alone.ev_ci) == [4.0, 4.0]
    order = next(o for o in d.options if o.action == "order")
    assert list(order.ev_ci) == [2.0, 2.0]
    diff = next(x for x in d.differences if x["a"] == "order alone" and x["b"] == "order")
    assert diff["ci"] == [2.0, 2.0]


def test_sure_tricks_narrow_the_pass_branches():
    # holding Jh Jd Ah (three sure tricks in hearts), the opponents' hearts is euchred on every deal:
    # that branch is certain, +2 (before: +2.000 [+1.994, +2.000]); partner's hearts cannot be euchred
    d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=2000, seed=1)
    them = next(b for b in d.pass_branches if b["branch"].startswith("opponents order"))
    assert them["ev"] == 2.0 and them["ev_ci"] == [2.0, 2.0]
    partner = [b for b in d.pass_branches if b["branch"] == "partner orders"]
    assert all(b["ev_ci"][0] >= 1.0 for b in partner)
    assert sum(b["p_times_ev"] for b in d.pass_branches) == pytest.approx(
        next(o.ev for o in d.options if o.action == "pass"))


def test_sure_tricks_narrow_a_round_two_call():
    # the left bower turned down: Jd Ad Kd are the top three diamonds in play, three sure tricks, so
    # calling diamonds cannot be euchred (at worst +1) and its interval stays at or above +1
    d = call_decision("Jd Ad Kd 9s Tc", "Jh", "eldest", samples=300, seed=5, model="dd")
    for action in ("d", "d alone"):   # before: "d alone" +1.000 [+0.981, +1.019]
        dia = next(o for o in d.options if o.action == action)
        assert dia.p_euchred == 0.0 and dia.ev_ci[0] >= 1.0


@pytest.mark.parametrize("hand,up", [("9s Tc Qd Kd 9c", "9h"), ("Ts 9s Qd Td Kc", "Ah"),
                                     ("9c Tc Qs Ts 9d", "Jh")])
def test_no_trump_no_ace_from_eldest_is_never_ordered(hand, up):
    d = order_decision(hand, up, "eldest", samples=1000, seed=4)
    assert d.recommendation == "pass"


def test_same_result_for_any_number_of_workers_and_same_seed():
    a = order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=2500, seed=11, workers=1).to_dict()
    b = order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=2500, seed=11, workers=2).to_dict()
    assert a == b
    c = order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=2500, seed=12, workers=2).to_dict()
    assert c["options"] != a["options"]


def test_inference_draws_deals_by_the_passes_seen():
    on = order_decision("9s Ts Qd 9c Tc", "9h", "dealer", samples=2000, seed=2, model="dd")
    off = order_decision("9s Ts Qd 9c Tc", "9h", "dealer", samples=2000, seed=2, infer=False, model="dd")
    assert on.infer and not off.infer
    # candidates screened by the passes' likelihood; the effective sample is the one asked for
    assert on.sampling.drawn > 2 * on.samples and on.effective_samples >= 2000
    assert off.sampling.drawn == off.samples == 2000 and off.effective_samples == pytest.approx(2000)
    # the three passes move the hearts out of the partner's hand too: picking up is euchred more
    euchred_on, euchred_off = (next(o for o in d.options if o.action == "order").p_euchred for d in (on, off))
    assert euchred_on > euchred_off + 0.05


def test_target_se_stops_early():
    d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=50000, target_se=0.02, seed=5)
    assert d.samples < 50000
    assert max((o.ev_ci[1] - o.ev_ci[0]) / (2 * 1.96) for o in d.options) <= 0.02 + 1e-9


def test_differences_are_paired():
    d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=3000, seed=8)
    for diff in d.differences:
        width = diff["ci"][1] - diff["ci"][0]
        a = next(o for o in d.options if o.action == diff["a"])
        b = next(o for o in d.options if o.action == diff["b"])
        assert diff["diff"] == pytest.approx(a.ev - b.ev)
        # common random numbers: the paired interval is no wider than the two intervals together
        assert width <= (a.ev_ci[1] - a.ev_ci[0]) + (b.ev_ci[1] - b.ev_ci[0]) + 1e-12


def test_rule_options_shape_the_choices():
    canadian = order_decision("Jh Jd Ah 9s Tc", "9h", "partner", preset("canadian"), samples=200, seed=1)
    assert [o.action for o in canadian.options] == ["pass", "order alone"]
    needs = preset("north-american").replace(dealer_needs_trump=True)
    d = order_decision("Jd As Ks 9s Qd", "9h", "dealer", needs, samples=200, seed=1)
    assert [o.action for o in d.options] == ["pass"]
    stuck = call_decision("Jd Ad Kd 9c Tc", "9h", "dealer", preset("stick"), samples=200, seed=1)
    assert "pass" not in [o.action for o in stuck.options]
    free = call_decision("Jd Ad Kd 9c Tc", "9h", "dealer", samples=200, seed=1)
    assert next(o for o in free.options if o.action == "pass").ev == 0.0
    no_up = preset("north-american").replace(dealer_may_discard_upcard=False)
    d = discard_decision("Js Jc As Kh 9d Td", "Js", no_up, samples=200, seed=1)
    assert "Js" not in [o.action for o in d.options] and len(d.options) == 5


def test_dealer_order_reports_its_discard():
    d = order_decision("Jc As Ks 9s Qd", "Js", "dealer", preset("stick"), samples=500, seed=1)
    order = next(o for o in d.options if o.action == "order")
    assert order.extra["discard"] == "Qd"
    assert order.to_dict()["discard"] == "Qd"


def test_call_options():
    d = call_decision("Jd Ad Kd 9c Tc", "9h", "third", samples=1000, seed=2)
    acts = {o.action for o in d.options}
    assert acts == {"pass", "s", "s alone", "d", "d alone", "c", "c alone"}
    assert d.recommendation == "d"


def test_discard_keeps_trump():
    d = discard_decision("Js Jc As Kh 9d Td", "Js", samples=2000, seed=3)
    assert d.recommendation in ("Kh", "9d", "Td")
    worst = min(d.options, key=lambda o: o.ev)
    assert worst.action in ("Js", "Jc", "As")


def test_a_defending_dealer_reads_the_makers_chances():
    """Ordered up by eldest, the dealer defends: P(make), P(march), P(euchred) are the makers' chances
    (labelled P(they make) ... P(we euchre)), and with nobody alone they account for the points."""
    d = discard_decision("Jh Jd Ah 9s Tc 9h", "9h", maker="eldest", samples=300, seed=1)
    assert d.inputs["side"] == "defenders"
    assert "P(we euchre)" in d.to_text()
    for o in d.options:
        assert o.p_make + o.p_euchred == pytest.approx(1.0)
        assert o.ev == pytest.approx(2 * o.p_euchred - o.p_make - o.p_march)
    assert max(o.p_euchred for o in d.options) > 0.5
    ours = discard_decision("Jh Jd Ah 9s Tc 9h", "9h", samples=300, seed=1)
    assert ours.inputs["side"] == "makers" and "P(euchred)" in ours.to_text()


def test_equivalent_cards_are_not_too_close():
    d = lead_decision("Ah Kc Qc 9s", "h", "eldest", "eldest", tricks=["Jh 9h Th Qh"], samples=2000, seed=2,
                      model="dd")
    assert d.recommendation in ("Kc", "Qc")
    twin = next(x for x in d.differences if x["b"] in ("Kc", "Qc"))
    assert twin["equivalent"] and twin["diff"] == 0
    assert not d.too_close


def test_lead_checks_the_tricks():
    with pytest.raises(DecisionInputError, match="played twice"):
        lead_decision("Kh 9s", "h", "eldest", "eldest", tricks=["Jh 9h Th Qd", "Jh Ks Qh 9d"])
    with pytest.raises(DecisionInputError, match="has 1 card; 4 players"):
        lead_decision("Ah Kh 9s", "h", "eldest", "eldest", tricks=["Jh 9h Th Qd"][:1] + ["Ac"])
    with pytest.raises(DecisionInputError, match="lead"):
        lead_decision("Ah Kh 9s Tc", "h", "eldest", "eldest", tricks=["9c Ac Kc Qc"])
    with pytest.raises(DecisionInputError, match="without following"):
        lead_decision("Qc Ah Kh 9s", "h", "eldest", "third", tricks=["Ac Kc 9h Tc"])
    # the same trick is fine when third held no club
    d = lead_decision("Qd Ah Kh 9s", "h", "eldest", "third", tricks=["Ac Kc 9h Tc"], samples=50, seed=1)
    assert {o.action for o in d.options} == {"Qd", "Ah", "Kh", "9s"}


@pytest.mark.parametrize("text,seat", [("eldest", 0), ("1", 0), ("partner", 1), ("third", 2), ("4", 3),
                                       ("Dealer", 3)])
def test_parse_seat(text, seat):
    assert parse_seat(text) == seat


def test_bad_inputs_name_the_token():
    with pytest.raises(ValueError, match="'north'"):
        parse_seat("north")
    with pytest.raises(ValueError, match="'9h'.*also in the hand"):
        order_decision("9h Jd Ah 9s Tc", "9h", "eldest", samples=10)
    with pytest.raises(ValueError, match="'8h'"):
        order_decision("Jh Jd Ah 9s Tc", "8h", "eldest", samples=10)
    with pytest.raises(ValueError, match="4 cards"):
        order_decision("Jh Jd Ah 9s", "9h", "eldest", samples=10)
    with pytest.raises(ValueError, match="Joker"):
        order_decision("Jh Jd Ah 9s Tc", "Jk", "eldest", preset("british"), samples=10)


def test_pimc_runs_and_is_reproducible():
    a = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=30, seed=9, model="pimc").to_dict()
    b = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=30, seed=9, model="pimc", workers=2).to_dict()
    assert a == b and a["model"] == "pimc"
    assert {o["action"] for o in a["options"]} == {"pass", "order", "order alone"}


def test_weighted_mean_se_matches_plain_mean_for_equal_weights():
    x = np.random.default_rng(0).normal(size=400)
    mu, se = weighted_mean_se(x, np.ones(400))
    assert mu == pytest.approx(x.mean())
    assert se == pytest.approx(x.std(ddof=1) / np.sqrt(400))


def test_joker_up_asks_only_what_the_dealer_decides_after_looking():
    """British: trump was named blind (spades unless told), so the question is the discard and alone."""
    d = order_decision("Jh Jd Ah 9s Tc", "Jk", "dealer", preset("british"), samples=400, seed=1)
    assert {o.action for o in d.options} == {"with partner", "alone"} and d.inputs["named"] == "s"
    assert all("discard" in o.extra for o in d.options)
    h = order_decision("Jh Jd Ah 9s Tc", "Jk", "dealer", preset("british"), samples=400, seed=1, named="h")
    assert h.inputs["named"] == "h"
    # hearts trump suits this hand far better than spades: the blind naming matters, the tool does not pick it
    assert max(o.ev for o in h.options) > max(o.ev for o in d.options)
    with pytest.raises(DecisionInputError, match="named"):
        order_decision("Jh Jd Ah 9s Tc", "9c", "dealer", preset("british"), samples=10, named="h")
    with pytest.raises(DecisionInputError, match="only the dealer decides"):
        order_decision("Jh Jd Ah 9s Tc", "Jk", "eldest", preset("british"), samples=10)
    thrown_in = preset("british").replace(joker_upcard_rule=False)
    with pytest.raises(DecisionInputError, match="thrown in"):
        order_decision("Jh Jd Ah 9s Tc", "Jk", "dealer", thrown_in, samples=10)


def test_almonte_round_one_on_the_named_suit():
    almonte = preset("north-american").replace(deck="25", joker_upcard="almonte")
    # the dealer's partner with both bowers and the ace assists: the Joker goes to its partner (a pass is
    # close behind since bidders act hard: the dealer then takes the Joker itself; 3,000 deals tell them apart)
    d = order_decision("Jh Jd Ah 9s Tc", "Jk", "partner", almonte, samples=3000, seed=3, named="h")
    assert {o.action for o in d.options} == {"pass", "order", "order alone"} and d.inputs["named"] == "h"
    assert d.recommendation == "order"
    # eldest would be ordering the Joker into the opponents' hand
    e = order_decision("Jh Jd Ah 9s Tc", "Jk", "eldest", almonte, samples=600, seed=2, named="h")
    assert e.recommendation == "pass"
    with pytest.raises(DecisionInputError, match="names the suit of round one first"):
        order_decision("Jh Jd Ah 9s Tc", "Jk", "eldest", almonte, samples=10)
    c = call_decision("Jh Jd Ah 9s Tc", "Jk", "eldest", almonte, samples=200, seed=2, named="c")
    assert "c" not in {o.action for o in c.options} and "h" in {o.action for o in c.options}


def test_pass_models():
    zero = order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=300, seed=1, pass_model="zero", model="dd")
    assert next(o for o in zero.options if o.action == "pass").ev == 0.0
    dd = order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=100, seed=1, pass_model="dd", model="dd")
    # (the dd pass model's bidders are the shipped count's, so the hand model's population is named the same)
    hand = order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=100, seed=1, pass_model="hand", model="dd",
                          others="shipped")
    # the contracts differ, the order and alone options are the same deals and the same play
    assert dd.pass_model == "dd" and hand.pass_model == "hand"
    same = {o.action: o.ev for o in dd.options if o.action != "pass"}
    assert same == {o.action: o.ev for o in hand.options if o.action != "pass"}
    with pytest.raises(DecisionInputError, match="unknown pass model"):
        order_decision("Jh Jd Ah 9s Tc", "9h", "third", samples=10, pass_model="guess")


def test_lead_ranks_by_points_and_reads_the_auction():
    # As scores more points than the right bower here, though both take about as many tricks
    d = lead_decision("Jh Qh As Kd Qd", "h", "eldest", "eldest", samples=4000, seed=1, model="dd")
    assert d.value_unit == "points" and d.recommendation == "As"
    best = d.best()
    assert "ev_tricks" in best.extra and 3.0 < best.extra["ev_tricks"] < 5.0
    # a defender on lead: the probabilities are the makers', the values the defenders' points
    dfd = lead_decision("Jh Qh As Kd Qd", "s", "partner", "eldest", up="9s", samples=1500, seed=2)
    # the auction is read: deals are drawn in proportion to its likelihood, until 1,500 effective
    assert dfd.inputs["side"] == "defenders" and dfd.infer and dfd.effective_samples >= 1500
    assert dfd.sampling.drawn > dfd.samples >= 1500
    for o in dfd.options:
        assert o.p_make + o.p_euchred == pytest.approx(1.0) and o.p_make > 0.5
        assert -2.0 <= o.ev <= 4.0
    # the same question with the upcard turned down (round two): another auction, other weights
    r2 = lead_decision("Jh Qh As Kd Qd", "s", "partner", "eldest", up="9h", samples=1500, seed=2)
    assert r2.effective_samples != dfd.effective_samples
    with pytest.raises(DecisionInputError, match="turned-down card 'Jh'"):
        lead_decision("Jh Qh As Kd Qd", "s", "partner", "eldest", up="Jh", samples=10)


def test_target_se_says_whether_it_was_reached_and_ties_between_rivals_are_named():
    met = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=20000, seed=1, target_se=0.01, model="dd")
    assert met.target_reached is True and met.samples < 20000 and met.to_dict()["target_reached"] is True
    short = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=2000, seed=1, target_se=0.001)
    assert short.target_reached is False and "not reached in 2,000 deals played" in short.to_text()
    assert "target_se" not in order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=200, seed=1).to_dict()
    # Kd and Qd touch in diamonds: equal on every deal, though neither is the best lead
    lead = lead_decision("Jh Qh As Kd Qd", "h", "eldest", "eldest", samples=2000, seed=1, model="dd")
    same = {d["b"]: d.get("same_as") for d in lead.differences}
    assert {same.get("Kd"), same.get("Qd")} == {None, "Kd"} or {same.get("Kd"), same.get("Qd")} == {None, "Qd"}
    assert "equivalent to" in lead.to_text()


def test_touching_cards_are_one_lead_under_realistic_play():
    # Kc and Qc touch: the realistic lead plays the run out once, and both show its outcomes
    d = lead_decision("Kc Qc Jh Ah 9d", "h", "eldest", "eldest", up="9h", samples=300, seed=1)
    k, q = d.best_of("Kc"), d.best_of("Qc")
    assert (k.ev, k.ev_ci, k.p_make, k.n) == (q.ev, q.ev_ci, q.p_make, q.n)
    assert d.touching == [["Kc", "Qc"]] and d.to_dict()["touching"] == [["Kc", "Qc"]]
    assert "touching cards, played out as one lead (they lead alike against every card still in play): Kc Qc" \
        in d.to_text()
    # the Ac with the Kc live is a card of its own; with the Kc played it touches the Qc
    apart = lead_decision("Ac Qc Jh Ah 9d", "h", "eldest", "eldest", up="9h", samples=50, seed=1)
    assert apart.touching is None and apart.best_of("Ac").ev != apart.best_of("Qc").ev
    dd = lead_decision("Kc Qc Jh Ah 9d", "h", "eldest", "eldest", up="9h", samples=50, seed=1, model="dd")
    assert dd.touching is None and "touching" not in dd.to_dict()


def test_touching_leads_played_out_apart_agree_within_their_noise():
    # why one play-out stands for the run: each card led separately (its own worlds and play-outs)
    # gives the same mean within the sampling error; a bias would show as a difference of many errors
    from euchre_stats.cardplay.realistic import lead_values_realistic
    from euchre_stats.sampling.dealer import Knowledge

    deck = find_deck("24")
    mine = parse_hand("Kc Qc Jh Ah 9d", deck)
    k = Knowledge(deck.mask, trump=2)
    k.known[0] = mine
    k.need = [0, 5, 5, 5, 4]
    from euchre_stats.decide.setup import dealer_for

    hands = dealer_for(k).sample(3000, np.random.default_rng(5))[:, :4].copy()
    kc, qc = parse_cards("Kc Qc", deck)
    _, pk = lead_values_realistic(NORTH_AMERICAN, hands, 2, 0, 0, 0, False, -1, seed=11, cards=[kc])
    _, pq = lead_values_realistic(NORTH_AMERICAN, hands, 2, 0, 0, 0, False, -1, seed=12, cards=[qc])
    diff = pk[:, kc] - pq[:, qc]
    se = diff.std(ddof=1) / np.sqrt(len(diff))
    assert abs(diff.mean()) < 4 * se, (diff.mean(), se)


def _answer(kind: str, inputs: dict, actions: list[str], best: str, extra: dict | None = None) -> Decision:
    """A decision as its question function builds one, with made-up figures (only its forms are tested)."""
    options = [OptionResult(a, 0.1 * k, (0.1 * k - 0.2, 0.1 * k + 0.2), 0.5, 0.1, 0.5, 100, 0.1, [0.5, 0.5],
                            dict((extra or {}).get(a, {}))) for k, a in enumerate(actions)]
    return Decision(kind, inputs, NORTH_AMERICAN, 1, 100, "dd", options, [], best, False)


def test_the_decision_text_is_what_pandas_printed(monkeypatch):
    """The text tables are drawn without pandas (``output.results.text_table``: a quick answer should not
    pay pandas' import): the same text as ``DataFrame(rows).to_string(index=False)`` gave, with missing
    cells, integer counts, the pass's branches and a comparison of two models."""
    import pandas as pd

    from euchre_stats.decide import result
    from euchre_stats.decide.result import ModelComparison

    extra = {"order": {"discard": "Qd", "ev_tricks": 3.21, "p_win": 0.61}, "order alone": {"ev_points": 1.5}}
    d = _answer("order", {"hand": "Jc As Ks 9s Qd", "upcard": "Js", "seat": "dealer"},
                ["pass", "order", "order alone"], "order", extra)
    d.pass_branches = [
        {"branch": "partner orders", "p": 0.004, "p_ci": (0.003, 0.005), "ev": 1.459, "ev_ci": (1.295, 1.625),
         "p_times_ev": 0.005, "n": 37},
        {"branch": "opponents order", "p": 0.996, "p_ci": (0.99, 0.999), "ev": 2.0, "ev_ci": (2.0, 2.0),
         "p_times_ev": 1.992, "n": 12345}]
    pimc = _answer("order", d.inputs, ["pass", "order", "order alone"], "pass")
    texts = [d.to_text(), ModelComparison(d, pimc).to_text()]
    monkeypatch.setattr(result, "text_table",
                        lambda rows, na_rep="-": pd.DataFrame(rows).to_string(index=False, na_rep=na_rep))
    assert [d.to_text(), ModelComparison(d, pimc).to_text()] == texts
    assert "partner orders" in texts[0] and "12345" in texts[0]


def test_an_option_without_a_discard_shows_a_dash_not_nan():
    d = _answer("order", {"hand": "Jc As Ks 9s Qd", "upcard": "Js", "seat": "dealer"},
                ["pass", "order", "order alone"], "order",
                {"order": {"discard": "Qd"}, "order alone": {"discard": "9s"}})
    text = d.to_text()
    assert "NaN" not in text and "nan" not in text
    rows = [line.split() for line in text.split("\n\n")[1].splitlines()[1:]]  # the options table
    assert [r[-1] for r in rows] == ["-", "Qd", "9s"]
    csv_rows = [line for line in d.to_csv().splitlines() if not line.startswith("#")]
    assert csv_rows[0].endswith(",discard") and csv_rows[1].endswith(",") and csv_rows[2].endswith(",Qd")


def test_the_lead_header_prints_cards_and_suits_as_text():
    inputs = {"hand": "Ah Kc 9s", "trump": "h", "maker": "eldest", "seat": "eldest", "alone": True,
              "tricks": ["Jh 9h Th Qh", "Ac Kc 9c Tc"], "up": "9h", "side": "makers"}
    d = _answer("lead", inputs, ["Ah", "Kc", "9s"], "Ah")
    head = d.to_text().splitlines()[0]
    assert head == ("lead: hand Ah Kc 9s, trump hearts, maker eldest, seat eldest, alone, "
                    "tricks Jh 9h Th Qh / Ac Kc 9c Tc, up 9h, side makers")
    assert d.to_dict()["inputs"] == inputs  # the JSON keeps the letter and the list


def test_a_round_two_call_names_its_suit_in_words():
    d = _answer("call", {"hand": "Jd Ad Kd 9c Tc", "turned_down": "9h", "seat": "third"},
                ["pass", "s", "d alone", "d"], "d")
    text = d.to_text()
    assert text.splitlines()[0] == "call: hand Jd Ad Kd 9c Tc, turned down 9h, seat third"
    assert text.splitlines()[-1] == "recommendation: call diamonds"
    rows = [re.match(r"\s*(.+?) [+-]\d", line).group(1) for line in text.split("\n\n")[1].splitlines()[1:]]
    assert rows == ["pass", "spades", "diamonds alone", "diamonds"]  # the rows in words, as the recommendation
    assert d.to_dict()["recommendation"] == "d" and [o["action"] for o in d.to_dict()["options"]] == \
        ["pass", "s", "d alone", "d"]  # the JSON keeps its keys
    assert [r["action"] for r in d.to_frame().to_dict("records")] == ["pass", "s", "d alone", "d"]
    alone = _answer("call", d.inputs, ["pass", "d alone"], "d alone")
    assert alone.to_text().splitlines()[-1] == "recommendation: call diamonds alone"
    named = _answer("order", {"hand": "Jh Ah Kh 9s Tc", "upcard": "Jk", "seat": "dealer", "named": "s"},
                    ["pass", "order"], "pass")
    assert "named spades" in named.to_text().splitlines()[0]


def test_the_dealer_picks_up_where_the_others_order():
    """Players say "pick it up" to the dealer: the dealer's rows and verdict say so; the JSON keeps ``order``."""
    inputs = {"hand": "Jc As Ks 9s Qd", "upcard": "Js", "seat": "dealer"}
    d = _answer("order", inputs, ["pass", "order", "order alone"], "order")
    d.differences = [{"a": "order", "b": "order alone", "diff": 0.1, "ci": [0.05, 0.15]}]
    text = d.to_text()
    table = text.split("\n\n")[1].splitlines()
    assert [re.match(r"\s*(.+?) [+-]\d", line).group(1) for line in table[1:]] == ["pass", "pick up", "pick up alone"]
    assert "pick up - pick up alone: +0.100" in text and text.splitlines()[-1] == "recommendation: pick up"
    assert d.to_dict()["recommendation"] == "order" and d.to_dict()["options"][1]["action"] == "order"
    eldest = _answer("order", {**inputs, "seat": "eldest"}, ["pass", "order"], "order")
    assert eldest.to_text().splitlines()[-1] == "recommendation: order"


def test_discard_rows_are_in_value_order():
    """Six cards to throw: the table lists them best first (the JSON keeps the hand's order)."""
    actions = ["Js", "Jc", "As", "Kh", "9d", "Td"]
    d = _answer("discard", {"hand": "Js Jc As Kh 9d Td", "upcard": "Js"}, actions, "9d")
    values = {"Js": 0.2, "Jc": 0.3, "As": 0.25, "Kh": 1.2, "9d": 1.3, "Td": 1.25}
    for o in d.options:
        o.ev = values[o.action]
    rows = [line.split()[0] for line in d.to_text().split("\n\n")[1].splitlines()[1:]]
    assert rows == ["9d", "Td", "Kh", "Jc", "As", "Js"]
    assert [o["action"] for o in d.to_dict()["options"]] == actions


def test_one_trick_is_singular():
    from euchre_stats.output.plots import draw_decision_tricks, new_axes

    d = _answer("order", {"hand": "Jc As Ks 9s Qd", "upcard": "Js", "seat": "eldest"}, ["pass", "order"], "order")
    ax = draw_decision_tricks(new_axes(), d)
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["0 tricks", "1 trick"]


def test_options_tied_below_the_best_are_flagged_between_them():
    """Two options that are not the best but too close to tell apart (pass and naming spades with
    junk, third hand, Kh turned down) are flagged as a tie between them, with their paired interval."""
    d = call_decision("9c Ts Qd 9s Td", "Kh", "third", samples=500, seed=3, model="dd", others="shipped")
    ties = [(df["tie_with"]["a"], df["b"], df["tie_with"]["ci"]) for df in d.differences if "tie_with" in df]
    assert ties and all(lo <= 0.0 <= hi for _, _, (lo, hi) in ties)
    assert not any(d.recommendation in (a, b) for a, b, _ in ties)
    ranked = [o.action for o in sorted(d.options, key=lambda o: -o.ev)]
    for a, b, _ in ties:
        assert ranked.index(b) == ranked.index(a) + 1          # each against the next one down
    a, b, (lo, hi) = ties[0]
    assert f"too close to call between them: {d.label(a)} - {d.label(b)}:" in d.to_text()  # in words
    # options that differ on no deal are "equivalent", never a tie
    assert not any("alone" in a and "alone" in b for a, b, _ in ties)


@pytest.mark.parametrize("seat", ["eldest", "dealer"])
def test_realistic_play_outs_know_the_dealers_discard(monkeypatch, seat):
    """Every play-out where the dealer took up the upcard (by the asker's order, or in the auction
    after a pass) tells the kernel the discard: a card of no hand, the upcard's when it went back."""
    from euchre_stats.cardplay import realistic

    seen = []
    run = realistic._run

    def spy(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=None, disc=None,
            first=False):
        seen.append((h.copy(), up.copy(), disc.copy()))
        return run(rules, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=stats, disc=disc,
                   first=first)

    monkeypatch.setattr(realistic, "_run", spy)
    order_decision("Jh Jd Ah 9s Tc", "9h", seat, samples=60, seed=2, model="pimc")
    took = 0
    for h, up, disc in seen:
        held = np.bitwise_or.reduce(h.astype(np.uint64), axis=1)
        assert ((up >= 0) == (disc >= 0)).all()
        rows = np.flatnonzero(disc >= 0)
        took += rows.size
        assert not ((held[rows] >> disc[rows].astype(np.uint64)) & np.uint64(1)).any()
    assert took > 100


def test_equal_discards_name_the_weakest_card():
    """Six trumps: every discard marches alike on every deal (common random numbers), and the card
    named is the lowest trump, not a bower."""
    d = discard_decision("Jh Jd Ah Kh Qh Th", "Th", samples=100, seed=1)
    assert d.recommendation == "Th" and {o.ev for o in d.options} == {2.0}
    o = order_decision("Jd Ah Kh Qh Th", "Jh", "dealer", samples=100, seed=1)
    assert all(x.extra["discard"] == "Th" for x in o.options if x.action != "pass")


@pytest.mark.parametrize("n", [1, 2, 3, 9])
def test_too_few_deals_recommend_nothing(n):
    """With 1 to 3 deals every card can score alike (double dummy the named card may be the worst):
    below MIN_EFFECTIVE_SAMPLES nothing is recommended, in the JSON (too_close) and the text."""
    from euchre_stats.core.stats import MIN_EFFECTIVE_SAMPLES

    d = lead_decision("Jh Ah Kc Qc 9s", "h", "eldest", "eldest", samples=n, seed=1, model="dd")
    assert d.effective_samples < MIN_EFFECTIVE_SAMPLES
    assert d.to_dict()["too_close"] is True
    assert "recommendation: none: " in d.to_text() and "needed to tell the options apart" in d.to_text()
    big = lead_decision("Jh Ah Kc Qc 9s", "h", "eldest", "eldest", samples=400, seed=1, model="dd")
    assert "recommendation: none" not in big.to_text()


@pytest.mark.parametrize("n", [200, 333])
def test_deals_played_never_pass_the_cap(n):
    """An unlikely auction (seven passes before a dealer holding five diamonds) stops at exactly
    MAX_PLAYED_FACTOR x N deals played, never a chunk beyond it (629-665 for N = 200 before)."""
    from euchre_stats.decide.driver import MAX_PLAYED_FACTOR

    # (the shipped count's passes: the feature bidder passes such hands more readily)
    d = call_decision("Jd Ad Kd Qd 9d", "9h", "dealer", samples=n, seed=1, model="dd", others="shipped")
    assert d.sampling.short and d.effective_samples < n
    assert d.samples == d.sampling.played == MAX_PLAYED_FACTOR * n


def test_each_side_of_the_interval_allows_one_deal_at_its_own_end():
    from euchre_stats.core.stats import Z95
    from euchre_stats.decide.summary import interval

    # every deal alike at the top of the range: the upper side is closed, the lower side is that of a
    # sample with one more deal at the bottom (6 points away, out of 200)
    lo, hi = interval(4.0, 0.0, -2.0, 4.0, 200, 200.0)
    assert hi == 4.0 and lo == pytest.approx(4.0 - Z95 * 6.0 / 200)
    # ordinary spread on a wide range: within 3% of the plain interval
    lo, hi = interval(0.5, 0.1, -4.0, 4.0, 200, 200.0)
    assert 0.5 - lo == pytest.approx(Z95 * 0.1, rel=0.03) and hi - 0.5 == pytest.approx(Z95 * 0.1, rel=0.03)
    # asymmetric where the mean is near one end
    lo, hi = interval(1.9, 0.05, -2.0, 2.0, 400, 400.0)
    assert 1.9 - lo > hi - 1.9
    # no effective sample given: the plain interval; fewer than two deals: the whole range
    assert interval(0.0, 0.1, -4.0, 4.0, 200) == pytest.approx((-Z95 * 0.1, Z95 * 0.1))
    assert interval(1.0, 0.0, -4.0, 4.0, 1, 1.0) == (-4.0, 4.0)


def test_json_se_and_interval_follow_the_documented_formula():
    """methods.md: the interval is mu - 1.96 sqrt(se^2 + (mu - lo)^2 / n^2) to mu + 1.96
    sqrt(se^2 + (hi - mu)^2 / n^2), kept inside the range; ``se`` is the plain standard error."""
    from euchre_stats.core.stats import Z95

    d = order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", samples=300, seed=2, model="dd").to_dict()
    n = d["effective_samples"]
    for df in d["differences"]:
        lo, hi = df["ci"]
        if df.get("equivalent"):
            continue
        assert df["diff"] - lo >= Z95 * df["se"] - 1e-12 and hi - df["diff"] >= Z95 * df["se"] - 1e-12
        assert df["diff"] - lo <= Z95 * math.sqrt(df["se"] ** 2 + (8.0 / n) ** 2) * 1.0001


# --- the pass explained: its branches --------------------------------------------------------

def _naive_branch(row, asker: int) -> str:
    """One deal's branch in words, worked out plainly from its contract (the slow twin of
    :func:`euchre_stats.decide.branches.branch_keys`, before any merging)."""
    caller, rnd, trump, lone = (int(x) for x in row)
    if caller < 0:
        return "thrown in"
    side = {0: "we", 2: "partner"}.get((caller - asker) % 4, "opponents")
    alone = "" if lone < 0 else (" alone" if lone == caller or side == "opponents" else " other alone")
    suit = f" {'cdhsn'[trump]}" if side == "we" and rnd == 2 else ""
    return f"{side} round {rnd}{suit}{alone}"


def _spy_on_branches(monkeypatch, module):
    """Run a decision and keep what its pass was explained from: the outcomes and the weights."""
    from euchre_stats.decide import branches

    seen = {}

    def spy(outcomes, w, asker, rules, sampling=None, limit=4.0, hand=None, up=None):
        seen.update(outcomes=outcomes, w=w, asker=asker, rules=rules, sampling=sampling, hand=hand, up=up)
        return branches.explain_pass(outcomes, w, asker, rules, sampling, limit, hand, up)

    monkeypatch.setattr(module, "explain_pass", spy)
    return seen


@pytest.mark.parametrize("question", ["order eldest", "order third", "call partner"])
def test_the_pass_s_branches_sum_to_its_value_on_the_same_deals(monkeypatch, question):
    """Done-when of issue 31: P(branch) x E[points | branch] over the branches is the pass's value on
    the same deals, exactly (up to rounding of floating point), with inference weights too (third
    hand's deals are weighted by the two passes before it); each branch is the deals whose contract
    says so, checked against a plain per-deal classification with no merging."""
    from euchre_stats.decide import branches, call, order

    kind, seat = question.split()
    module = order if kind == "order" else call
    seen = _spy_on_branches(monkeypatch, module)
    monkeypatch.setattr(branches, "MIN_BRANCH_SHARE", 0.0)   # every branch apart, for the twin below
    if kind == "order":
        d = order_decision("Jh Jd Ah Kh Qh" if seat == "eldest" else "Jh Jd 9s Kh Tc", "9h", seat,
                           samples=300, seed=3, model="dd")
    else:
        d = call_decision("Jd Ad Kd 9c Tc", "9h", seat, samples=300, seed=3, model="dd")
    w, o = seen["w"], seen["outcomes"]["pass"]
    if seat != "eldest":   # the deals were drawn by how likely the passes seen are
        assert seen["sampling"].drawn > seen["sampling"].played
    pass_opt = d.best_of("pass")
    bs = d.pass_branches
    assert math.fsum(b["p_times_ev"] for b in bs) == pytest.approx(pass_opt.ev, abs=1e-12)
    assert math.fsum(b["p"] for b in bs) == pytest.approx(1.0, abs=1e-12)
    assert pass_opt.ev == pytest.approx(float((w * o.value).sum() / w.sum()), abs=1e-12)
    # the slow twin: each branch's deals by a plain loop, their weighted share and mean
    labels = [_naive_branch(r, seen["asker"]) for r in o.contract]
    groups = {}
    for i, lab in enumerate(labels):
        groups.setdefault(lab, []).append(i)
    assert len(groups) == len(bs)
    want = sorted((round(w[ix].sum() / w.sum(), 12), round(float((w[ix] * o.value[ix]).sum() / w[ix].sum()), 12))
                  for ix in map(np.array, groups.values()))
    got = sorted((round(b["p"], 12), round(b["ev"], 12)) for b in bs)
    assert want == got
    for b in bs:
        assert 0.0 <= b["p_ci"][0] <= b["p"] <= b["p_ci"][1] <= 1.0
        assert b["ev_ci"][0] <= b["ev"] + 1e-12 and b["ev"] <= b["ev_ci"][1] + 1e-12
    # uneven weights on the same deals (as resampling gives when a deal is drawn twice): still exact
    from euchre_stats.decide.branches import pass_branches

    uneven = np.random.default_rng(1).integers(1, 5, len(w)).astype(float)
    again = pass_branches(o, uneven, seen["asker"], seen["rules"])
    assert math.fsum(b["p_times_ev"] for b in again) == pytest.approx(float((uneven * o.value).sum() / uneven.sum()),
                                                                       abs=1e-12)
    # an opponent's contract never has us as makers; a hand thrown in scores nothing
    for lab, ix in groups.items():
        if lab.startswith("opponents"):
            assert not o.our_make[ix].any()
        if lab == "thrown in":
            assert not o.value[ix].any()


def test_the_pass_of_the_issue_example_is_explained_in_text_json_and_csv():
    """``order "Jh Jd Ah Kh Qh" --up 9h --seat eldest``: the pass's branches are printed, named as
    players say them, and sum to its value within the printed rounding."""
    d = order_decision("Jh Jd Ah Kh Qh", "9h", "eldest", samples=300, seed=1, model="dd")
    pass_opt = d.best_of("pass")
    bs = d.pass_branches
    names = [b["branch"] for b in bs]
    assert any(n.startswith("we call diamonds") for n in names)   # next, in round two
    assert all(re.fullmatch(r"(partner orders|opponents order or pick up|we call (clubs|diamonds|spades|another "
                            r"suit)|partner calls|opponents call|thrown in)( alone| \(alone or not\))?", n)
               for n in names), names
    assert sum(b["n"] for b in bs) == pytest.approx(pass_opt.n, abs=len(bs))
    text = d.to_text()
    assert "what pass leads to" in text
    block = text.split("what pass leads to")[1].split("\n\n")[0].splitlines()
    total = next(ln for ln in block if ln.strip().startswith("total"))
    assert f"{pass_opt.ev:+.3f}" in total
    printed = [float(ln.split()[-2]) for ln in block[2:] if not ln.strip().startswith("total")]
    assert abs(sum(printed) - pass_opt.ev) <= 0.0005 * (len(printed) + 1)
    assert d.to_dict()["pass_branches"] == bs
    # the CSV: one more metadata line, the JSON of the branches; the rows stay one per option
    csv = d.to_csv().splitlines()
    assert f"# pass_branches: {json.dumps(bs)}" in csv
    assert len(d.to_frame()) == len(d.options)


def test_no_branches_where_the_pass_is_not_played_out():
    """A pass valued as zero, and the dealer's pass in round two (thrown in), have no branches."""
    d = order_decision("Jh Jd Ah Kh Qh", "9h", "eldest", samples=50, seed=1, model="dd", pass_model="zero")
    assert d.pass_branches is None and "leads to" not in d.to_text() and "pass_branches" not in d.to_dict()
    assert not any(ln.startswith("# pass_branches") for ln in d.to_csv().splitlines())
    d = call_decision("Jd Ad Kd 9c Tc", "9h", "dealer", samples=50, seed=1, model="dd")
    assert d.pass_branches is None


def test_pass_branches_on_weighted_deals_sum_exactly():
    """The partition identity on made-up contracts and random weights (every kind of branch, merged
    ones too): sum of P x E is the weighted mean of the values."""
    from euchre_stats.decide.branches import pass_branches
    from euchre_stats.cardplay.contracts import Outcome

    rng = np.random.default_rng(5)
    n = 4000
    caller = rng.integers(-1, 4, n)
    rnd = np.where(caller < 0, 0, rng.integers(1, 3, n))
    trump = np.where(caller < 0, -1, np.where(rnd == 1, 2, rng.choice([0, 1, 3], n)))
    lone = np.where((caller >= 0) & (rng.random(n) < 0.1), caller, -1)
    value = np.where(caller < 0, 0.0, rng.choice([-4.0, -2.0, -1.0, 1.0, 2.0, 4.0], n))
    z = np.zeros(n, dtype=bool)
    o = Outcome(value, z, z, z, np.zeros(n, dtype=np.int64))
    o.contract = np.stack([caller, rnd, trump, lone], axis=1)
    w = rng.integers(0, 7, n).astype(float)   # weight 0: a deal drawn but not kept
    bs = pass_branches(o, w, 0, NORTH_AMERICAN)
    assert math.fsum(b["p_times_ev"] for b in bs) == pytest.approx(float((w * value).sum() / w.sum()), abs=1e-12)
    assert [b["branch"] for b in bs if b["branch"] == "thrown in"] == ["thrown in"]
    assert next(b for b in bs if b["branch"] == "thrown in")["ev_ci"] == [0.0, 0.0]


def test_lead_behind_the_makers_partner_alone_british_timing():
    """British timing: the maker declined and its partner declared alone before the lead; the
    maker then sits out.  Without inference the deals are those of the partner as a lone maker."""
    british = preset("british")
    a = lead_decision("9c Tc 9s Ts Qd", "h", "eldest", "dealer", british, alone_seat="third", samples=200, seed=3,
                      model="dd", infer=False)
    b = lead_decision("9c Tc 9s Ts Qd", "h", "third", "dealer", british, alone=True, samples=200, seed=3, model="dd",
                      infer=False)
    assert a.inputs["alone"] is True and a.inputs["alone_seat"] == "third" and a.inputs["maker"] == "eldest"
    assert [(o.action, o.ev, o.p_march) for o in a.options] == [(o.action, o.ev, o.p_march) for o in b.options]
    # read with the auction: the maker's declining weighs the deals, the answer stays within a loner's points
    c = lead_decision("9c Tc 9s Ts Qd", "h", "eldest", "dealer", british, alone_seat="third", up="9h", samples=200,
                      seed=3, model="dd")
    assert all(-4.0 <= o.ev_ci[0] <= o.ev_ci[1] <= 2.0 for o in c.options)
    with pytest.raises(DecisionInputError, match=r"seat 'third' cannot have gone alone behind the maker 'eldest': "
                       r"going alone is declared with the call .*alone_declared is with_call"):
        lead_decision("9c Tc 9s Ts Qd", "h", "eldest", "dealer", NORTH_AMERICAN, alone_seat="third", samples=10)
    with pytest.raises(DecisionInputError, match="seat 'partner' cannot have gone alone behind the maker 'eldest': "
                       "seat 1 defends"):
        lead_decision("9c Tc 9s Ts Qd", "h", "eldest", "dealer", british, alone_seat="partner", samples=10)


def test_the_pass_labels_its_hands_thrown_in():
    """A pass's trick distribution is of the hands played: the share thrown in is labelled beside it
    (JSON and CSV ``p_thrown_in``, a ``P(thrown in)`` column) and the two sum to 1."""
    import json

    d = call_decision("9c Tc 9s Ts Qd", "9h", "third", samples=200, seed=1, model="dd")
    o = {x.action: x for x in d.options}
    thrown = o["pass"].extra["p_thrown_in"]
    assert 0 < thrown < 1 and sum(o["pass"].tricks) + thrown == pytest.approx(1.0)
    assert all("p_thrown_in" not in x.extra and sum(x.tricks) == pytest.approx(1.0) for x in d.options
               if x.action != "pass")
    assert json.loads(d.to_json())["options"][0]["p_thrown_in"] == thrown
    header = next(line for line in d.to_text().splitlines() if line.strip().startswith("action"))
    assert "P(thrown in)" in header and "p_thrown_in" in d.to_frame().columns
