"""The questions of the two- and three-handed games (euchre_stats.decide.order, .call, .discard, .lead
through decide.tables)."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import euchre_stats as es
from euchre_stats.cli.main import cli
from euchre_stats.core.cards import card_name, cards_to_mask, mask_to_cards, parse_cards
from euchre_stats.core.errors import DecisionInputError
from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.decide.lead import game_lead_decision
from euchre_stats.decide.order import game_order_decision
from euchre_stats.decide.tables import fits_bids, hand_state, parse_game_seat, replay_game_tricks, value_range
from euchre_stats.game.policies import PointCountPolicy
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.rules import Rules, hand_points_array

from naive_games import naive_game_solve  # noqa: E402

TWO = Rules.from_json({"players": 2})
THREE = Rules.from_json({"players": 3, "hand_size": 7})


@pytest.mark.parametrize("model", ["dd", "pimc"])
def test_two_handed_lay_down_marches(model):
    d = game_order_decision("Jh Jd Ah Kh Qh", "9h", "eldest", TWO, samples=60, seed=3, model=model)
    o = {x.action: x for x in d.options}
    assert o["order"].ev == 2.0 and o["order"].p_march == 1.0
    assert o["order"].ev_ci[1] <= 2.0  # never outside what is possible
    assert d.recommendation == "order"
    assert d.model == model and d.inputs["bidding"] == "point-count"


@pytest.mark.parametrize("model", ["dd", "pimc"])
def test_cutthroat_lay_down_takes_all_seven(model):
    # six top trumps and the top spade: all seven tricks, 4 points; the others score nothing
    # (realistic play marches nearly always, not always: 3.985 at 400 deals, with the lowest card number's
    # tie-break and with the suit-free one of 2026-12-06 alike; of the 40 deals here the latter loses one march)
    d = game_order_decision("Jh Jd Ah Kh Qh Th As", "9h", "eldest", THREE, samples=40, seed=2, model=model)
    o = {x.action: x for x in d.options}
    assert o["order"].p_make == 1.0
    if model == "dd":
        assert o["order"].ev == 4.0 and o["order"].p_march == 1.0
    else:
        assert o["order"].ev >= 3.9 and o["order"].p_march >= 0.95
    assert d.value_unit == "points_vs_others"


def test_dealer_options_carry_their_discard():
    d = game_order_decision("Jh Jd Ah 9s Tc", "9h", "dealer", TWO, samples=80, seed=1, model="dd")
    order = next(o for o in d.options if o.action == "order")
    assert order.extra["discard"] in {"9s", "Tc", "9h"}
    assert d.sampling.screened and d.infer


@pytest.mark.parametrize("rules", [TWO, THREE], ids=["two-handed", "cutthroat"])
def test_realistic_play_outs_know_the_dealers_discard(monkeypatch, rules):
    """The smaller games' play-outs tell the kernel the dealer's discard wherever the dealer took
    the upcard up: a card of no hand, known to the dealer alone."""
    from euchre_stats.cardplay import realistic

    seen = []
    run = realistic._run

    def spy(rules_, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=None, disc=None):
        seen.append((h.copy(), up.copy(), disc.copy()))
        return run(rules_, h, t, ld, o, p, g, vd, up, dl, pts, w, stream, seed, worlds, threads, stats=stats,
                   disc=disc)

    monkeypatch.setattr(realistic, "_run", spy)
    hand = "Jh Jd Ah 9s Tc" if rules.players == 2 else "Jh Jd Ah 9s Tc Qc Kd"
    game_order_decision(hand, "9h", "eldest", rules, samples=40, seed=2, model="pimc")
    took = 0
    for h, up, disc in seen:
        held = np.bitwise_or.reduce(h.astype(np.uint64), axis=1)
        assert (disc[up >= 0] >= 0).all()
        rows = np.flatnonzero(disc >= 0)
        took += rows.size
        assert not ((held[rows] >> disc[rows].astype(np.uint64)) & np.uint64(1)).any()
    assert took > 10


def test_value_of_cutthroat_counts_mine_against_the_others_mean():
    # as maker: my points minus half the defenders' 2; as a defender: my half of 2 less the mean of the others
    assert value_range(THREE, True) == (-1.0, 4.0)
    lo, hi = value_range(THREE, False)
    mp, dp = hand_points_array(THREE, np.arange(8), False, False)
    assert (lo, hi) == (float((dp / 4 - mp / 2).min()), float((dp / 4 - mp / 2).max()))
    assert value_range(TWO, None) == (-2.0, 2.0)


def test_screening_keeps_only_deals_the_bidder_would_pass():
    policy = PointCountPolicy()
    strong = hand_state(TWO, [cards_to_mask(parse_cards("Jh Jd Ah Kh Qh")),
                              cards_to_mask(parse_cards("9c Tc Qc 9s Ts"))], parse_cards("9h")[0])
    assert not fits_bids(strong.copy(), policy, ["pass"])          # eldest would have ordered
    assert fits_bids(strong.copy(), policy, [("pass",)])           # the asker's own pass is not checked
    weak = hand_state(TWO, [cards_to_mask(parse_cards("9c Tc Qc 9s Ts")), cards_to_mask(parse_cards("Jh Jd Ah Kh Qh"))],
                  parse_cards("9h")[0])
    assert fits_bids(weak.copy(), policy, ["pass"])


def test_same_seed_same_answer_on_any_number_of_threads():
    a = game_order_decision("Jh Jd Ah 9s Kc Qc Tc", "9h", "second", THREE, samples=120, seed=5, workers=1)
    b = game_order_decision("Jh Jd Ah 9s Kc Qc Tc", "9h", "second", THREE, samples=120, seed=5, workers=2)
    assert a.to_dict() == b.to_dict()


def _exact_lead_values(rules, hand, trump, maker, asker, tricks, turned_down):
    """Every deal consistent with a late position, solved by plain minimax in the game's own seats:
    each lead's exact expected value for the leader over the uniform deals (cutthroat: the
    coalition's tricks, a euchre's 2 points split evenly)."""
    p, deck = rules.players, rules.deck_obj
    mine = cards_to_mask(parse_cards(hand))
    played = [parse_cards(t) for t in tricks]
    gone = cards_to_mask([c for t in played for c in t]) | (1 << turned_down)
    _, voids, won, leader = replay_game_tricks(rules, trump, played, asker, mine)
    assert leader == asker
    unseen = [c for c in deck.cards if not ((mine | gone) >> c) & 1]
    left = rules.hand_size - len(played)
    others = [s for s in range(p) if s != asker]
    totals, count = {}, 0

    def fits(seat, m):
        return not any((voids[seat] >> s) & 1 and m & int(SUIT_MASK[trump, s]) for s in range(4))

    def deals(pool, seats):
        if not seats:
            yield []
            return
        for hand_s in itertools.combinations(pool, left):
            m = cards_to_mask(hand_s)
            if fits(seats[0], m):
                rest = [c for c in pool if c not in hand_s]
                for more in deals(rest, seats[1:]):
                    yield [m] + more

    for masks in deals(unseen, others):
        hands = [0] * p
        hands[asker] = mine
        for s, m in zip(others, masks):
            hands[s] = m
        count += 1
        _, vals = naive_game_solve(hands, trump, asker, p, maker)
        for c, v in vals.items():
            mover_is_hero = asker == (0 if p == 2 else maker)
            hero_tricks = v if mover_is_hero else left - v
            maker_tricks = won[maker] + (hero_tricks if (p == 3 or maker == 0) else left - hero_tricks)
            mp, dp = (float(x[0]) for x in hand_points_array(rules, np.array([maker_tricks]), False, False))
            if p == 2:
                val = mp - dp if asker == maker else dp - mp
            else:
                val = mp - dp / 2 if asker == maker else dp / 4 - mp / 2
            totals[c] = totals.get(c, 0.0) + val
    return {card_name(c): t / count for c, t in totals.items()}


def _late_position(rules, seed, left):
    """A hand of the game bid and played by the point-count player until ``left`` cards remain each,
    on a trick's first card: (hand, trump, maker, leader, tricks, upcard)."""
    policy = PointCountPolicy()
    rng = np.random.default_rng(seed)
    while True:
        s = HandState.deal(rules, rules.players - 1, rng)
        while s.phase not in (PLAY, OVER):
            s.apply(policy(s))
        if s.phase == OVER:
            continue
        p = rules.players
        while len(s.plays) < p * (rules.hand_size - left):
            s.apply(policy(s))
        tricks = [" ".join(card_name(c) for c in s.plays[i:i + p]) for i in range(0, len(s.plays), p)]
        hand = " ".join(card_name(c) for c in mask_to_cards(s.hands[s.to_act]))
        return hand, s.trump, s.maker_seat, s.to_act, tricks, s.upcard


@pytest.mark.parametrize("rules, left, seed", [(TWO, 3, 11), (TWO, 3, 12), (THREE, 2, 13), (THREE, 2, 14),
                                               # the leader defends: seeds where the maker is another seat
                                               (TWO, 3, 18), (TWO, 3, 30), (THREE, 2, 21), (THREE, 3, 29)])
def test_late_lead_exact_value_lies_in_each_interval(rules, left, seed):
    hand, trump, maker, leader, tricks, up = _late_position(rules, seed, left)
    assert (leader != maker) == (seed in (18, 30, 21, 29))  # both sides lead in these positions
    if up >> 3 == trump:  # taken up: no unseen card placed by it, the test wants the turned-down form
        up = next(c for c in rules.deck_obj.cards if c >> 3 != trump and not (cards_to_mask(parse_cards(hand)) >> c) & 1
                  and all(c not in parse_cards(t) for t in tricks))
    names = ("eldest", "dealer") if rules.players == 2 else ("eldest", "second", "dealer")
    d = game_lead_decision(hand, trump, names[maker], names[leader], rules, tricks=tricks, up=card_name(up),
                           samples=1500, seed=seed, model="dd", infer=False)
    exact = _exact_lead_values(rules, hand, trump, maker, leader, tricks, up)
    assert set(exact) == {o.action for o in d.options}
    for o in d.options:
        assert o.ev_ci[0] <= exact[o.action] <= o.ev_ci[1], (o.action, exact[o.action], o.ev_ci)
    assert len({round(v, 9) for v in exact.values()}) >= 1


def test_seats_and_refusals():
    assert parse_game_seat("dealer", 2) == 1 and parse_game_seat("2", 3) == 1 and parse_game_seat("right", 3) == 1
    with pytest.raises(DecisionInputError, match="unknown seat 'partner'"):
        parse_game_seat("partner", 2)
    with pytest.raises(DecisionInputError, match="eldest's lead, not dealer's"):
        game_lead_decision("Jh Ah Kc Qc 9s", "h", "dealer", "dealer", TWO, samples=10, seed=1)
    with pytest.raises(DecisionInputError, match="nobody goes alone"):
        es.lead("Jh Ah Kc Qc 9s", "h", "dealer", "eldest", players=2, alone=True, samples=10, seed=1)
    with pytest.raises(DecisionInputError, match="game-win chances"):
        es.order("Jh Jd Ah 9s Tc", "9h", "eldest", players=2, score="9-8", samples=10, seed=1)


def test_api_players_and_rules_players_are_the_same_question():
    a = es.order("Jh Jd Ah 9s Tc", "9h", "dealer", players=2, samples=60, seed=4, model="dd")
    b = es.order("Jh Jd Ah 9s Tc", "9h", "dealer", rules={"players": 2}, samples=60, seed=4, model="dd")
    assert a.to_dict() == b.to_dict()
    c = es.call("Jd Ad Kd 9c Tc Qs 9d", "9h", "dealer", players=3, samples=60, seed=4, model="dd")
    assert "pass" not in {o.action for o in c.options} or not c.rules.stick_the_dealer
    assert {"c", "d", "s"} <= {o.action for o in c.options}


@pytest.mark.parametrize("args, message", [
    (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "third", "--players", "2"], "unknown seat 'third'"),
    (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--players", "3"], "expected 7"),
    (["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "dealer", "--seat", "eldest", "--players", "2",
      "--defender-alone", "dealer"], "nobody defends alone"),
    (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--players", "2", "--pass-model", "dd"],
     "pass model 'dd'"),
])
def test_cli_bad_input_is_one_clear_line(args, message):
    r = CliRunner().invoke(cli, args + ["-n", "10", "--seed", "1"])
    assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output


def test_cli_players_question_names_its_game_and_bidder():
    r = CliRunner().invoke(cli, ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "dealer", "--players", "2",
                                 "-n", "100", "--seed", "1", "--model", "dd"])
    assert r.exit_code == 0, r.output
    assert "two-handed euchre" in r.output and "point-count bidder" in r.output and "recommendation:" in r.output


def test_lead_inference_matches_the_exact_posterior_of_the_dealers_pick_up():
    """Two-handed, the dealer took the upcard up and eldest leads: every hand the dealer could have
    been dealt is enumerated, bid and discarded by the point-count bidder (a deal counts once for
    each way it arises), and each lead's exact double-dummy value over those deals must lie inside
    the interval the sampled question prints."""
    from euchre_stats.bidding.games import game_bidder
    from euchre_stats.solver import card_values_many

    policy = game_bidder(2)
    mine = cards_to_mask(parse_cards("Jh Ah Kc Qc 9s"))
    up = parse_cards("9h")[0]
    unseen = [c for c in TWO.deck_obj.cards if not ((mine | (1 << up)) >> c) & 1]
    weight: dict[int, int] = {}
    for dealt in itertools.combinations(unseen, 5):
        st = HandState(TWO, 1, [mine, cards_to_mask(dealt)], up)
        st.apply("pass")                      # eldest's own pass
        if policy(st) != "order":
            continue
        st.apply("order")
        d = policy(st)
        if d == up:                            # the dealer left the upcard: not this question (it holds it)
            continue
        now = (cards_to_mask(dealt) | (1 << up)) & ~(1 << d)
        weight[now] = weight.get(now, 0) + 1
    now = np.array(list(weight), dtype=np.uint64)
    w = np.array(list(weight.values()), dtype=np.float64)
    hands = np.zeros((len(now), 4), dtype=np.uint64)
    hands[:, 0], hands[:, 1] = np.uint64(mine), now
    vals = card_values_many(hands, np.full(len(now), 2), np.zeros(len(now), dtype=np.int64),
                            np.full(len(now), 0b1100, dtype=np.uint8))
    d = game_lead_decision("Jh Ah Kc Qc 9s", "h", "dealer", "eldest", TWO, up="9h", samples=4000, seed=7, model="dd")
    assert d.sampling.screened and d.sampling.drawn > d.sampling.played
    for o in d.options:
        c = parse_cards(o.action)[0]
        mp, dp = hand_points_array(TWO, 5 - vals[:, c].astype(np.int64), False, False)
        exact = float(((dp - mp) * w).sum() / w.sum())
        assert abs(o.ev - exact) <= 3.3 * o.se, (o.action, exact, o.ev, o.se)
    # and the inference matters here: uniform deals put the value of a lead far from the exact one
    u = game_lead_decision("Jh Ah Kc Qc 9s", "h", "dealer", "eldest", TWO, up="9h", samples=4000, seed=7, model="dd",
                           infer=False)
    jh = next(o for o in u.options if o.action == "Jh")
    mp, dp = hand_points_array(TWO, 5 - vals[:, parse_cards("Jh")[0]].astype(np.int64), False, False)
    assert not jh.ev_ci[0] <= float(((dp - mp) * w).sum() / w.sum()) <= jh.ev_ci[1]


@pytest.mark.parametrize("model", ["dd", "pimc"])
def test_discard_keeps_the_lay_down(model):
    d = es.discard("Jh Jd Ah Kh Qh 9c", "Qh", players=2, samples=80, seed=1, model=model)
    o = {x.action: x for x in d.options}
    assert set(o) == {"Jh", "Jd", "Ah", "Kh", "Qh", "9c"}
    assert d.recommendation == "9c" and o["9c"].ev == 2.0 and o["9c"].p_march == 1.0


def test_discard_refuses_an_auction_the_bidder_never_makes():
    # eldest ordering the dealer up when the dealer holds both bowers and the ace: never, under the bidder
    with pytest.raises(DecisionInputError, match="none of .* sampled deals is consistent"):
        es.discard("Js Jc As Kh 9d Td", "Js", maker="eldest", players=2, samples=50, seed=1, model="dd")
    d = es.discard("Js Jc As Kh 9d Td", "Js", maker="eldest", players=2, samples=50, seed=1, model="dd", infer=False)
    assert d.inputs["maker"] == "eldest" and not d.sampling.screened


@st.composite
def _questions(draw):
    rules = draw(st.sampled_from([TWO, THREE]))
    cards = draw(st.permutations(list(rules.deck_obj.cards)))
    hand = " ".join(card_name(c) for c in cards[:rules.hand_size])
    up = next(c for c in cards[rules.hand_size:] if c != 32)  # a suited upcard
    seat = draw(st.integers(0, rules.players - 1))
    return rules, hand, card_name(up), seat


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_questions())
def test_every_answer_stays_inside_what_is_possible(q):
    rules, hand, up, seat = q
    try:
        d = game_order_decision(hand, up, seat + 1, rules, samples=30, seed=1, model="dd")
    except DecisionInputError as exc:  # an auction the bidder never makes before this seat
        assert "consistent with the bids seen" in str(exc)
        return
    either, ours = value_range(rules, None), value_range(rules, True)
    for o in d.options:
        lo, hi = either if o.action == "pass" else ours
        assert lo - 1e-9 <= o.ev_ci[0] <= o.ev <= o.ev_ci[1] <= hi + 1e-9, (o.action, o.ev, o.ev_ci, lo, hi)
        assert 0.0 <= o.p_march <= o.p_make <= 1.0 and o.p_make + o.p_euchred <= 1.0 + 1e-9
        assert ("discard" in o.extra) == (o.action == "order" and seat == rules.players - 1)
    assert d.recommendation in {o.action for o in d.options}


def test_a_bidder_file_from_tune_players_is_used(tmp_path):
    path = tmp_path / "cautious.json"
    path.write_text(json.dumps({"players": 2, "thresholds": {"order_opponent": 7.0, "take_up": 6.0, "call": 6.5}}))
    a = es.order("Jh Jd Ah 9s Tc", "9h", "dealer", players=2, samples=150, seed=2, model="dd", bidding=str(path))
    b = es.order("Jh Jd Ah 9s Tc", "9h", "dealer", players=2, samples=150, seed=2, model="dd")
    assert a.inputs["thresholds"] == {"order_opponent": 7.0, "take_up": 6.0, "call": 6.5}
    assert "order_opponent 7" in a.to_text() and "thresholds" not in b.inputs
    assert a.options[0].ev != b.options[0].ev  # the pass is valued by the bidder given
    r = CliRunner().invoke(cli, ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--players", "3",
                                 "--bidding", str(path), "-n", "10"])
    assert r.exit_code == 2 and "not of the 3-player game" in r.output
    with pytest.raises(DecisionInputError, match="unknown threshold 'order'"):
        es.order("Jh Jd Ah 9s Tc", "9h", "eldest", players=2, samples=10, bidding={"order": [7, 7, 7, 7]})
