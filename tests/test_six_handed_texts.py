"""Six-handed euchre as its rule text gives it (the British game of Cornwall on six seats): the
engines that play a contract (the six-seat solver through ``six_maker_tricks``, realistic play,
the questions) honour who is alone, who defends alone and who leads exactly as the state machine
does."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.bidding.games import contract_of, finish_auction, play_contracts, seat_value
from euchre_stats.core.cards import parse_hand
from euchre_stats.decide.order import game_order_decision
from euchre_stats.decide.tables import value_range
from euchre_stats.game.policies import PointCountPolicy, RandomPolicy
from euchre_stats.game.state import PLAY, HandState
from euchre_stats.cardplay.contracts import six_maker_tricks
from euchre_stats.cardplay.realistic_seats import play_realistic_seats, points_table_seats
from euchre_stats.core.errors import PlayModelError, RealisticInputError
from euchre_stats.rules import hand_points, preset
from euchre_stats.solver.seats import solve_seats_many

BRITISH6 = preset("british6")


def _auctions(rules, n, seed):
    rng, pol = np.random.default_rng(seed), RandomPolicy(np.random.default_rng(seed + 1), pass_probability=0.8)
    states = []
    for i in range(n):
        s = finish_auction(HandState.deal(rules, 5, rng), pol)
        if s.phase == PLAY:
            states.append(s)
    return states


@pytest.mark.parametrize("rules", [BRITISH6, BRITISH6.replace(deck="33", lead_after_alone="eldest")])
def test_contracts_play_from_the_state_machines_seating(rules):
    """Each auction's contract (contract_of → play_contracts, double dummy) is the six-seat solver's
    result from the state machine's own first leader and seats in play: a lone maker who is the
    maker's partner (alone before the lead), a lone defender, both."""
    states = _auctions(rules, 400, 5)
    kinds = {"partner_alone": 0, "defender_alone": 0, "both": 0}
    for s in states:
        kinds["partner_alone"] += s.alone is not None and s.alone != s.maker_seat
        kinds["defender_alone"] += s.defender_alone is not None
        kinds["both"] += s.alone is not None and s.defender_alone is not None
    assert kinds["partner_alone"] > 5 and kinds["defender_alone"] > 5 and kinds["both"], kinds
    rows = [contract_of(s) for s in states]
    maker, tricks, alone, lone_def = play_contracts(rules, rows, "dd", 1, 1)
    for s, m, t, a, d in zip(states, maker, tricks, alone, lone_def):
        out = [x for x in range(6) if not s.active[x]]
        hands = np.array([[h if s.active[x] else 0 for x, h in enumerate(s.hands)]], dtype=np.uint64)
        side0 = int(solve_seats_many(hands, np.array([s.trump]), np.array([s.to_act]), out=out)[0])
        assert t == (side0 if s.maker_seat % 2 == 0 else 5 - side0)
        assert (m, bool(a), int(d)) == (s.maker_seat, s.alone is not None,
                                        -1 if s.defender_alone is None else s.defender_alone)
        # the value is the state machine's score
        mk, df = hand_points(rules, int(t), bool(a), d >= 0)
        assert seat_value(rules, s.maker_seat, np.array([m]), np.array([t]), np.array([a]), np.array([d]))[0] == mk - df


def test_a_lone_defender_in_play_and_its_points():
    # seat 0 alone (partners 2 and 4 out) against seat 1 defending alone (3 and 5 out): the lone
    # defender leads (two loners) and holds the Joker and the four top hearts
    hands = np.array([[parse_hand("9s Ts Js Qs Ks"), parse_hand("Jk Jh Jd Ah Kh"), 0, 0, 0, 0]], dtype=np.uint64)
    out = 0b111100
    assert six_maker_tricks(BRITISH6.replace(deck="33"), hands, 2, 0, out, maker_alone=0, defender_alone=1)[0] == 0
    # the rows must fit together: a lone defender on the makers' side, or out not the loners' partners
    with pytest.raises(PlayModelError, match="does not match"):
        six_maker_tricks(BRITISH6.replace(deck="33"), hands, 2, 0, out, maker_alone=0, defender_alone=2)
    with pytest.raises(PlayModelError, match="does not match"):
        six_maker_tricks(BRITISH6.replace(deck="33"), hands, 2, 0, 0b10100, maker_alone=0, defender_alone=1)
    # realistic players play for the lone defender's points: side 0's table from 0..5 tricks
    pts = points_table_seats(BRITISH6, 0, True, 1)[0]
    assert pts.tolist() == [-4, -4, -4, 1, 1, 6]
    assert points_table_seats(BRITISH6, 0, False, -1)[0].tolist() == [-3, -3, -3, 1, 1, 3]
    with pytest.raises(RealisticInputError, match="defender_alone 2 is not a defender's seat"):
        play_realistic_seats(BRITISH6.replace(deck="33"), hands, 2, 1, out, 0, True, seed=1, defender_alone=2)
    got = play_realistic_seats(BRITISH6.replace(deck="33"), hands, 2, 1, out, 0, True, seed=1, defender_alone=1,
                               worlds=4)
    assert got.tolist() == [0]


def test_value_ranges_hold_every_british_score():
    # under British timing any call may turn into a lone hand, and a lone defender scores 4
    lo, hi = value_range(BRITISH6, True, False)
    assert (lo, hi) == (-4.0, 6.0)
    lo, hi = value_range(BRITISH6, None, None)
    assert (lo, hi) == (-6.0, 6.0)


def test_order_under_the_six_handed_british_rules():
    # the dealer's partner (second) may accept the upcard only alone ("I refuse"), and the value
    # of each option comes from auctions finished by the state machine under these rules
    d = game_order_decision("Jk Jh Jd Ah Kh", "9h", "second", BRITISH6.replace(deck="33"), samples=100, seed=1,
                            model="dd")
    o = {x.action: x for x in d.options}
    assert set(o) == {"pass", "order alone"}
    assert o["order alone"].ev == 6.0
    d = game_order_decision("Jk Jh Jd Ah Kh", "9h", "eldest", BRITISH6.replace(deck="33"), samples=100, seed=1,
                            model="dd")
    o = {x.action: x for x in d.options}
    assert set(o) == {"pass", "order"}  # alone is declared after the call, before the lead
    assert o["order"].ev >= 3.0  # the point-count bidder goes alone on a lay-down after ordering: 6 or at least 3


def test_realistic_play_of_british_auctions():
    """Realistic play of whole British six-handed auctions: a dealer sitting out with the upcard it
    took (a partner alone before the lead, or a lone defender's partner) holds it out of play, and
    every contract is played from the state machine's seating."""
    rules = BRITISH6.replace(deck="33")
    states = _auctions(rules, 300, 9)
    rows = [contract_of(s) for s in states]
    dealer_out = [r for r, s in zip(rows, states) if s.discard is not None and not s.active[5]]
    assert dealer_out and all(r[3] == -1 for r in dealer_out)  # no upcard known in a hand in play
    maker, tricks, alone, lone_def = play_contracts(rules, rows, "pimc", 3, 1)
    assert len(tricks) == len(states) and ((tricks >= 0) & (tricks <= 5)).all()
    d = game_order_decision("Jk Jh Jd Ah Kh", "9h", "eldest", rules, samples=60, seed=1, model="pimc")
    assert {x.action for x in d.options} == {"pass", "order"} and d.recommendation == "order"


def test_variants_count_a_lone_defenders_euchre():
    from euchre_stats.study.games import _figures

    one = [np.array([x]) for x in (0, False, True, 1, 2)]
    assert _figures(BRITISH6, *one, np.array([1]))["defender_points"].value == 4.0
    assert _figures(BRITISH6, *one, np.array([-1]))["defender_points"].value == 3.0


def test_the_lead_screen_rules_out_an_alone_declared_after_the_call():
    """Under British timing a lead asked with nobody alone keeps only deals on which the bidder,
    after the call, goes alone nowhere (the asker's own announcements are its own, not screened)."""
    from euchre_stats.decide.lead import game_lead_decision
    from euchre_stats.decide.tables import nobody_alone_after

    rules = BRITISH6.replace(deck="33")
    hands = ["Jk Jh Jd Ah Kh", "9s Ts 9c Tc 9d", "Qs Ks Qc Kc Td", "As 7s 8s 7c 8c", "Ac Js Jc Qd Kd",
             "7d 8d 7h 8h Th"]
    pol = PointCountPolicy()

    def ordered():
        s = HandState(rules, 5, [parse_hand(h) for h in hands], parse_hand("9h").bit_length() - 1)
        s.apply("order")  # eldest orders the nine of hearts up
        return s

    assert not nobody_alone_after(ordered(), pol, 1)  # the lay-down goes alone: not a deal for "nobody alone"
    assert nobody_alone_after(ordered(), pol, 0)  # the asker's own choice is given, not screened
    # round two: the nine of hearts turned down, the dealer named spades; eldest leads
    d = game_lead_decision("Qs Ks Qc Kc Td", "s", "dealer", "eldest", rules, up="9h", samples=40, seed=1, model="dd")
    assert d.recommendation


def test_the_lead_after_a_dealer_took_up_under_british_timing():
    from euchre_stats.decide.lead import game_lead_decision

    rules = BRITISH6.replace(deck="33")
    # round one: the dealer took up the nine of hearts; eldest, a defender, leads
    d = game_lead_decision("Qs Ks Qc Kc Td", "h", "dealer", "eldest", rules, up="9h", samples=40, seed=1,
                           model="dd")
    assert d.recommendation and d.samples >= 40
