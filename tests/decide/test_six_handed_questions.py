"""Six-handed euchre's questions (order, call, discard, lead with --players 6): realistic play by
default, double dummy on demand, the point-count bidder, against lay-downs, exact enumeration and
plain minimax."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.cli.main import cli
from euchre_stats.core.cards import card_name, cards_to_mask, mask_to_cards
from euchre_stats.core.errors import DecisionInputError
from euchre_stats.decide.call import game_call_decision
from euchre_stats.decide.lead import _six_lead_outcomes, game_lead_decision
from euchre_stats.decide.order import game_order_decision
from euchre_stats.decide.tables import parse_game_seat, replay_game_tricks
from euchre_stats.game.policies import PointCountPolicy
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.rules import Rules, hand_points
from euchre_stats.sampling.dealer import Dealer, Knowledge
from naive_seats import naive

SIX = Rules(players=6, deck="33")
DOUBLED = Rules(players=6, deck="50")


@pytest.mark.parametrize("model", ["pimc", "dd"])
def test_lay_down_orders_alone_for_six(model):
    # the Joker and the four top hearts: every trick alone (6), every trick with partners (3)
    d = game_order_decision("Jk Jh Jd Ah Kh", "9h", "eldest", SIX, samples=200, seed=1, model=model)
    o = {x.action: x for x in d.options}
    assert d.model == model and d.value_unit == "points"
    assert o["order alone"].ev == 6.0 and o["order"].ev == 3.0
    assert o["order"].ev_ci[1] <= 3.0 and o["order alone"].ev_ci[1] <= 6.0  # never outside what is possible
    assert d.recommendation == "order alone"


def test_junk_dealer_leaves_the_bower():
    d = game_order_decision("9s Tc 9d Qs Ts", "Jh", "dealer", SIX, samples=200, seed=2)
    o = {x.action: x for x in d.options}
    assert d.recommendation == "pass"
    assert o["order"].p_euchred > 0.5  # picked up, the bower alone is mostly euchred (3 points to them)
    assert o["order"].ev < o["pass"].ev and o["order alone"].ev < o["pass"].ev
    assert all(x.ev >= -6.0 and x.ev_ci[0] >= -6.0 for x in d.options)


def test_seats_names_and_refusals():
    assert [parse_game_seat(x, 6) for x in ("eldest", "second", "3", "fourth", "right", "dealer")] == [0, 1, 2, 3,
                                                                                                       4, 5]
    with pytest.raises(DecisionInputError, match="unknown seat 'partner' in a 6-player game"):
        parse_game_seat("partner", 6)
    with pytest.raises(DecisionInputError, match=r"seat 'third' cannot defend alone: defending alone is not allowed "
                       r"under these rules \(defend_alone is off\)"):
        es.lead("Jh Ah Kc Qc 9s", "h", "eldest", "second", players=6, defender_alone="third", samples=10, seed=1)


def test_the_dealers_partners_see_the_upcard_as_an_assist():
    # a bid by the dealer's partner (second) keeps only deals where the point-count bidder assists
    d = game_call_decision("Jd Ad Kd 9c Tc", "9h", "fourth", SIX, samples=300, seed=4)
    assert d.infer and d.sampling.screened
    assert {o.action for o in d.options} == {"pass", "c", "c alone", "d", "d alone", "s", "s alone"}


@pytest.mark.parametrize("deck", ["33", "50"])
def test_same_seed_same_answer_on_any_number_of_threads(deck):
    a = es.order("Jh Jd Ah 9s Tc", "9h", "third", {"deck": deck}, players=6, samples=120, seed=9, workers=1)
    b = es.order("Jh Jd Ah 9s Tc", "9h", "third", {"deck": deck}, players=6, samples=120, seed=9, workers=2)
    assert a.to_dict() == b.to_dict() and a.rules.deck == deck


def _late(seed: int, left: int, turned_down: bool = False, rules: Rules = SIX):
    """A six-handed hand bid and played by the point-count player (nobody alone) until ``left`` cards
    remain each, at a trick's first card (``turned_down``: trump made in round two)."""
    policy = PointCountPolicy()
    rng = np.random.default_rng(seed)
    while True:
        s = HandState.deal(rules, 5, rng)
        while s.phase not in (PLAY, OVER):
            s.apply(policy(s))
        if s.phase == OVER or s.alone is not None or (turned_down and s.upcard_suit == s.trump):
            continue
        while len(s.plays) < 6 * (5 - left):
            s.apply(policy(s))
        return s


@pytest.mark.parametrize("seed, rules", [(3, SIX), (4, SIX), (5, SIX), (6, SIX), (7, SIX), (8, SIX),
                                         (3, DOUBLED), (4, DOUBLED), (5, DOUBLED), (6, DOUBLED)])
def test_lead_outcomes_match_minimax(seed, rules):
    """Each lead's maker tricks and points over a few deals of a late position, against plain minimax
    (the doubled pack too: its minimax plays the later of two identical cards as the winner)."""
    s = _late(seed, 2, rules=rules)
    asker, m = s.to_act, s.maker_seat
    won = [sum(1 for w in s.trick_winners if w % 2 == side) for side in (0, 1)]
    hands = np.array([s.hands], dtype=np.uint64)
    cards = mask_to_cards(s.hands[asker])
    ours = asker % 2 == m % 2
    outs = _six_lead_outcomes(rules, hands, s.trump, asker, m, cards, ours, won[m % 2], 2)
    sides = [0 if x % 2 == asker % 2 else 1 for x in range(6)]
    for c in cards:
        h = list(s.hands)
        h[asker] &= ~(1 << c)
        mine = naive(tuple(h), s.trump, asker, sides, (), (c,))
        maker_tricks = won[m % 2] + (mine if ours else 2 - mine)
        mp, dp = hand_points(rules, maker_tricks, False)
        o = outs[card_name(c)]
        assert o.value[0] == ((mp - dp) if ours else (dp - mp))
        assert o.points[0] == won[asker % 2] + mine  # the tricks column: the asker's side's, in the whole hand


def _exact_last_lead(s: HandState, rules: Rules = SIX):
    """Every deal consistent with the last trick's lead (one card each), uniform, each trick won by
    the rules' trick logic (the highest trump or card of the led suit; of two identical cards the
    later): the leader's exact expected points.  Vectorised over every deal (the doubled pack
    leaves 24 unseen cards: 5.1 million deals)."""
    from euchre_stats.core.trump import EFF_SUIT, POWER_ALL
    from euchre_stats.rules import hand_points_array

    asker, t = s.to_act, s.trump
    played = [s.plays[i:i + 6] for i in range(0, 24, 6)]
    mine = s.hands[asker]
    _, voids, _, leader = replay_game_tricks(rules, t, played, asker, mine)
    assert leader == asker
    gone = cards_to_mask([c for tr in played for c in tr]) | (1 << s.upcard)
    unseen = np.array([c for c in rules.deck_obj.cards if not ((mine | gone) >> c) & 1], dtype=np.int64)
    others = [x for x in range(6) if x != asker]
    won = [sum(1 for w in s.trick_winners if w % 2 == side) for side in (0, 1)]
    c = mask_to_cards(mine)[0]
    n = len(unseen)
    count = n * (n - 1) * (n - 2) * (n - 3) * (n - 4)
    pick = np.fromiter(itertools.chain.from_iterable(itertools.permutations(range(n), 5)), dtype=np.int8,
                       count=5 * count).reshape(count, 5)
    cards = unseen[pick]                                   # (deals, 5): the card of others[j]
    eff = EFF_SUIT[t][cards].astype(np.int64)
    ok = np.ones(count, dtype=bool)
    for j, x in enumerate(others):
        ok &= ((voids[x] >> eff[:, j]) & 1) == 0           # a void shown holds no card of that suit
    led = int(EFF_SUIT[t, c])
    best = np.full(count, int(POWER_ALL[t, c]))
    win = np.zeros(count, dtype=np.int64)                  # the winner's place in the trick
    for k in range(1, 6):
        j = others.index((asker + k) % 6)
        key = np.where((eff[:, j] == t) | (eff[:, j] == led), POWER_ALL[t][cards[:, j]], -1)
        later = key >= best                                # equal power: the later identical card wins
        best = np.where(later, key, best)
        win = np.where(later, k, win)
    winner_side = (asker + win) % 2
    m = s.maker_seat
    ours = asker % 2 == m % 2
    maker_tricks = won[m % 2] + (winner_side == m % 2)
    mp, dp = (np.asarray(a, dtype=np.float64) for a in hand_points_array(rules, maker_tricks, False, False))
    value = (mp - dp) if ours else (dp - mp)
    return card_name(c), float(value[ok].mean())


@pytest.mark.parametrize("seed, model, rules", [(21, "pimc", SIX), (22, "pimc", SIX), (23, "dd", SIX),
                                                (24, "dd", DOUBLED), (25, "dd", DOUBLED), (26, "pimc", DOUBLED),
                                                (27, "pimc", DOUBLED)])
def test_last_lead_exact_value_lies_in_its_interval(seed, model, rules):
    """The whole question (the six-seat dealer with voids, the solver, the points) on the last trick,
    where every consistent deal can be enumerated: the exact value lies in the interval (the
    doubled pack's tricks written as text: a card named twice is both copies)."""
    s = _late(seed, 1, turned_down=True, rules=rules)
    names = ("eldest", "second", "third", "fourth", "fifth", "dealer")
    tricks = [" ".join(card_name(c) for c in s.plays[i:i + 6]) for i in range(0, 24, 6)]
    up = s.upcard
    d = game_lead_decision(card_name(mask_to_cards(s.hands[s.to_act])[0]), s.trump, names[s.maker_seat],
                           names[s.to_act], rules, tricks=tricks, up=card_name(up), samples=2000, seed=seed,
                           infer=False, model=model)
    card, exact = _exact_last_lead(s, rules)
    o = d.options[0]
    assert o.action == card
    assert o.ev_ci[0] <= exact <= o.ev_ci[1], (exact, o.ev_ci)


def test_the_six_seat_dealer_is_uniform_with_voids():
    """Marginals of the generalised constrained dealer (six seats and the kitty) against exact counts."""
    rng = np.random.default_rng(0)
    deck = SIX.deck_obj
    cards = rng.permutation(deck.cards).tolist()
    k = Knowledge.for_seats(deck.mask, 6, trump=2)
    k.known[0] = cards_to_mask(cards[:2])
    k.gone = cards_to_mask(cards[2:20])
    k.need = [0, 2, 2, 2, 2, 2, 3]
    k.voids[1] = 1 << 2  # seat 1 shown void in hearts
    k.voids[3] = 1 << 0
    dealer = Dealer(k)
    total = dealer.count_deals()
    draws = dealer.sample(20000, rng)
    assert draws.shape == (20000, 7)
    from euchre_stats.core.trump import SUIT_MASK

    assert not (draws[:, 1] & np.uint64(int(SUIT_MASK[2, 2]))).any()
    for c in mask_to_cards(k.unseen())[:5]:
        for seat in (1, 2, 6):
            kk = Knowledge.for_seats(deck.mask, 6, trump=2)
            kk.known, kk.gone, kk.need, kk.voids = list(k.known), k.gone, list(k.need), list(k.voids)
            allowed = not any((k.voids[seat] >> e) & 1 and (1 << c) & int(SUIT_MASK[2, e]) for e in range(4))
            exact = 0.0
            if allowed:
                kk.place(seat, c)
                try:
                    exact = Dealer(kk).count_deals() / total
                except ValueError:
                    exact = 0.0
            freq = ((draws[:, seat] >> np.uint64(c)) & np.uint64(1)).mean()
            assert abs(freq - exact) < 4.5 * np.sqrt(max(exact * (1 - exact), 1e-4) / 20000), (c, seat, freq, exact)


def test_cli_six_handed_questions():
    runner = CliRunner()
    for args in (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest"],
                 ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third"],
                 ["discard", "Js Jc As Kh 9d Td", "--up", "Js"],
                 ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--up", "9h"]):
        r = runner.invoke(cli, args + ["--players", "6", "--samples", "80", "--seed", "1", "--format", "json"])
        assert r.exit_code == 0, (args, r.output)
        out = json.loads(r.output)
        assert out["model"] == "pimc" and out["inputs"]["players"] == 6
    r = runner.invoke(cli, ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--players", "6", "-n", "50",
                            "--seed", "1"])
    assert r.exit_code == 0 and "players 6" in r.output and "pimc = realistic" in r.output
    r = runner.invoke(cli, ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "seventh",
                            "--players", "6"])
    assert r.exit_code == 2 and "unknown seat 'seventh' in a 6-player game" in r.output
    assert "Traceback" not in r.output


def test_variants_six_handed_beside_four_handed():
    r = es.variants(players=6, samples=150, seed=1)
    assert r.model == "pimc" and [d.deck for d in r.columns] == ["33 six-handed", "33 four-handed"]
    six, four = (d.figures for d in r.columns)
    assert 0 <= six["p_alone"].value <= 1 and six["p_make"].n == six["p_march"].n
    # a lone march scores 6 and a euchre 3: the points per contract stay inside what the table allows
    assert 0 < six["maker_points"].value <= 6 and 0 <= six["defender_points"].value <= 3
    assert r.to_dict()["decks"]["33"]["six_handed"]["players"] == 6
    with pytest.raises(ValueError, match="six-handed euchre is dealt from the 33-card deck .--deck 33, beside "
                                         "the four-handed game. or the doubled"):
        es.variants("24", players=6, samples=10, seed=1)
    dd = es.variants(players=6, samples=150, seed=1, model="dd")
    assert dd.model == "dd" and dd.columns[0].figures["thrown_in"].value == six["thrown_in"].value  # same auctions


def test_the_six_handed_bidder_is_fitted_by_self_play():
    from euchre_stats.bidding.games import game_kinds, tune_game_bidder

    a = tune_game_bidder(SIX, deals=120, seed=3, sweeps=1, model="dd")
    assert a.to_dict() == tune_game_bidder(SIX, deals=120, seed=3, sweeps=1, model="dd").to_dict()
    assert set(a.thresholds) == set(game_kinds(6)) == {"order_opponent", "assist", "take_up", "call"}
    assert {"round one 1", "round one 3", "round one 5", "round two 0"} <= set(a.fit["reached"])


def test_the_lead_against_a_loner_reads_the_lone_call():
    """Against a lone call the deals are screened by the whole auction and the loner's exchange: the
    loner holds what a lone call needs, so it makes far more often than on uniform deals."""
    args = ("Jh Ah Kc Qc 9s", "s", "second", "eldest")
    kw = dict(up="9h", players=6, alone=True, samples=300, seed=3)
    read = es.lead(*args, **kw)
    blind = es.lead(*args, **kw, infer=False)
    assert read.infer and read.sampling.screened and not blind.infer
    assert read.inputs["alone"] is True and read.model == "pimc"
    make = {o.action: o.p_make for o in read.options}
    make_blind = {o.action: o.p_make for o in blind.options}
    assert min(make.values()) > 0.9 > max(make_blind.values()) + 0.1
    for o in read.options:  # the defenders' value: a lone march costs 6, a euchre gains 3
        assert -6.0 <= o.ev_ci[0] <= o.ev_ci[1] <= 3.0


@pytest.mark.parametrize("model", ["pimc", "dd"])
def test_a_lone_lay_down_leads_for_six_whatever_it_leads(model):
    d = es.lead("Jk Jh Jd Ah Kh", "h", "eldest", "eldest", up="9h", players=6, alone=True, samples=100, seed=1,
                model=model)
    assert {o.action for o in d.options} == {"Jk", "Jh", "Jd", "Ah", "Kh"} and d.model == model
    assert all(o.ev == 6.0 and o.p_march == 1.0 for o in d.options)


@pytest.mark.parametrize("model", ["pimc", "dd"])
@pytest.mark.parametrize("maker_alone", [False, True])
def test_a_lone_defenders_lay_down_lead_for_six(model, maker_alone):
    """A lone defender (defend_alone), its two partners out: holding the Joker and the four top
    trumps it takes every trick whatever it leads, and scores max(3, lone_defender_points)."""
    rules = {"players": 6, "deck": "33", "defend_alone": True, "lone_defender_points": 5}
    # against the maker second (side 1), eldest defends alone and leads (eldest leads, in play)
    d = es.lead("Jk Jh Jd Ah Kh", "h", "second", "eldest", rules=rules, alone=maker_alone, defender_alone="eldest",
                samples=60, seed=2, model=model)
    assert d.inputs["defender_alone"] == "eldest" and d.inputs["side"] == "defenders"
    assert {o.action for o in d.options} == {"Jk", "Jh", "Jd", "Ah", "Kh"}
    assert all(o.ev == 5.0 and o.p_euchred == 1.0 for o in d.options)


def test_a_lone_defender_needs_defend_alone_and_the_other_side():
    with pytest.raises(DecisionInputError, match=r"cannot defend alone: .*\(defend_alone is off\)"):
        es.lead("Jk Jh Jd Ah Kh", "h", "eldest", "second", players=6, defender_alone="second", samples=10, seed=1)
    rules = {"players": 6, "deck": "33", "defend_alone": True}
    with pytest.raises(DecisionInputError, match="seat 'third' cannot defend alone: seat 2 is on the making side"):
        es.lead("Jk Jh Jd Ah Kh", "h", "eldest", "second", rules=rules, defender_alone="third", samples=10, seed=1)
    with pytest.raises(DecisionInputError, match="seat fourth sits out behind the lone defender second"):
        es.lead("Jk Jh Jd Ah Kh", "h", "eldest", "fourth", rules=rules, defender_alone="second", samples=10, seed=1)


def test_loner_refusals_and_the_dealers_discard_after_a_lone_order():
    with pytest.raises(DecisionInputError, match="seat eldest sits out behind the lone maker third"):
        es.lead("Jh Ah Kc Qc 9s", "h", "third", "eldest", up="9h", players=6, alone=True, samples=10, seed=1)
    with pytest.raises(DecisionInputError, match="the dealer, its partner, sits out and takes nothing up"):
        es.discard("Js Jc As Kh 9d Td", "Js", maker="second", alone=True, players=6, samples=10, seed=1)
    d = es.discard("Js Jc As Kh 9d Td", "Js", alone=True, players=6, samples=300, seed=1)
    assert d.inputs["alone"] is True
    o = {x.action: x for x in d.options}
    # a lone dealer keeps its trumps: throwing one is worse than throwing a plain card
    assert min(o["9d"].ev, o["Kh"].ev) > max(o["Js"].ev, o["Jc"].ev, o["As"].ev)
    assert all(-3.0 <= x.ev_ci[0] and x.ev_ci[1] <= 6.0 for x in d.options)



def test_the_doubled_pack_questions_read_both_copies():
    """Deck 50: a hand may hold both copies of a card, an upcard the hand holds once is its other
    copy, a third copy is an error naming the card; the tricks of ``lead`` count the copies played."""
    d = game_order_decision("Ah Ah Jh Kd Qd", "9h", "eldest", DOUBLED, samples=200, seed=1, model="dd")
    assert d.inputs["hand"] == "Ah Ah Jh Kd Qd" and d.model == "dd"
    o = {x.action: x for x in d.options}
    assert set(o) == {"pass", "order", "order alone"} and all(-6 <= x.ev <= 6 for x in o.values())
    d2 = game_order_decision("Ah Jh Kd Qd 9s", "Ah", "eldest", DOUBLED, samples=100, seed=1, model="dd")
    assert d2.inputs["upcard"] == "Ah"
    for hand, up, words in [("Ah Ah Jh Kd Qd", "Ah", "the upcard 'Ah' is also in the hand .twice."),
                            ("Ah Ah Ah Kd Qd", "9h", "card 'Ah' appears a third time in 'Ah Ah Ah Kd Qd'")]:
        with pytest.raises(ValueError, match=words):
            game_order_decision(hand, up, "eldest", DOUBLED, samples=10, seed=1, model="dd")
    with pytest.raises(DecisionInputError, match="hand: card 'Ah' appears a third time .* .counting the cards played."):
        game_lead_decision("Jh Ah Kc Qc", "h", "eldest", "third", DOUBLED, tricks=["Jk As Ks 9h Ah Ah"], up="9h",
                           samples=10, seed=1, model="dd")
    with pytest.raises(DecisionInputError, match="tricks: card 'Qs' appears a third time"):
        game_lead_decision("Jh Ah Kc", "h", "eldest", "third", DOUBLED,
                           tricks=["Qs As Ks Qs 9s Ts", "Qs Jk 9c Tc Ac Kc"], up="9h", samples=10, seed=1, model="dd")
    r = CliRunner().invoke(cli, ["order", "Ah Ah Jh Kd Qd", "--up", "9h", "--seat", "eldest", "--players", "6",
                                 "--deck", "50", "--model", "dd", "-n", "100", "--seed", "1"])
    assert r.exit_code == 0, r.output
    assert "six-handed euchre, doubled 25-card pack (50 cards)" in r.output
    r = CliRunner().invoke(cli, ["order", "Ah Ah Jh Kd Qd", "--up", "9h", "--seat", "eldest", "--deck", "50"])
    assert r.exit_code == 2 and "the doubled 25-card pack is six-handed euchre's" in r.output


def test_variants_of_the_doubled_pack_beside_six_handed_on_33_cards():
    r = es.variants("50", players=6, samples=300, seed=2, model="dd")
    assert [c.deck for c in r.columns] == ["50 six-handed", "33 six-handed"]
    assert r.columns[0].rules.deck == "50" and r.columns[1].rules.deck == "33"
    text = r.to_text()
    assert text.startswith("six-handed euchre with the doubled 25-card pack beside six-handed euchre on the "
                           "33-card deck")
    assert set(r.to_dict()["decks"]) == {"50", "33"}
    # the 33-card column is the six-handed game on its own: the same as variants --players 6 gives
    six = es.variants("33", players=6, samples=300, seed=2, model="dd")
    assert r.columns[1].figures["p_make"].value == six.columns[0].figures["p_make"].value
    for bad in ("33,50", "24"):
        with pytest.raises(ValueError, match="six-handed euchre is dealt from the 33-card deck"):
            es.variants(bad, players=6, samples=10, seed=1)
    with pytest.raises(ValueError, match="deck 50: the doubled 25-card pack is six-handed euchre's"):
        es.variants("50", players=3, samples=10, seed=1)


@pytest.mark.parametrize("args", [
    ["discard", "Js Jc As As 9d Td", "--up", "Js"],
    ["discard", "As As Kh Kh 9d Td", "--up", "Kh"],
    ["order", "As As Kh 9d Td", "--up", "Js", "--seat", "dealer"],
    ["order", "As Kh 9d Td Qc", "--up", "As", "--seat", "dealer"],
], ids=["discard-pair", "discard-pair-and-upcard-pair", "order-pair", "order-upcard-twice"])
def test_the_dealer_holding_a_pair_of_the_doubled_pack(args):
    """Deck 50, a pair among the dealer's six cards: discarding either copy is one option (the two
    copies once gave each deal two rows, and ``operands could not be broadcast``)."""
    r = CliRunner().invoke(cli, args + ["--players", "6", "--deck", "50", "--model", "dd", "-n", "20", "--seed", "1",
                                        "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output)
    actions = [o["action"] for o in d["options"]]
    assert len(actions) == len(set(actions)), actions
    if args[0] == "discard":
        assert sorted(actions) == sorted(set(args[1].split())), actions
