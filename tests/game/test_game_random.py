"""Random legal hands through the state machine, checked against independent invariants.

10,000 hands per preset (plus two option-heavy custom rule sets) with random legal policies.
Every hand is re-checked with the plain functions of the rules core (``rules/``): turn order, following suit,
trick winners, who sits out, each card played once and the score table.
"""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.core.seats import partner_of
from euchre_stats.core.trump import legal_plays, trick_winner_index
from euchre_stats.game.policies import RandomPolicy
from euchre_stats.game.records import record_from_state, review_record
from euchre_stats.game.state import HandState, play_hand
from euchre_stats.rules import PRESETS, first_leader, hand_points

HANDS_PER_PRESET = 10_000
CUSTOM = {
    "every-option": PRESETS["british"].replace(
        stick_the_dealer=True, super_euchre=True, dealer_may_discard_upcard=False,
        dealer_needs_trump=True, passer_may_not_go_alone=True, lone_defender_points=5, deck="33"),
    "seven-cards": PRESETS["australian32"].replace(hand_size=7, defend_alone=True,
                                                   lead_after_alone="left_of_loner"),
    "almonte-railroad": PRESETS["north-american"].replace(deck="25", joker_upcard="almonte", railroad=True,
                                                          defend_alone=True),
    "british-railroad": PRESETS["british"].replace(railroad=True, lone_defender_needs_all_tricks=True),
}


def check_hand(s: HandState) -> None:
    r = s.rules
    n = r.hand_size
    assert s.phase == "over" and s.to_act is None
    if s.thrown_in:
        assert s.trump is None and s.plays == [] and s.points == [0, 0] and s.tricks == [0, 0]
        named = s.bids[:1] if s.upcard == 32 and r.joker_upcard == "almonte" else []
        assert s.bids == named + ["pass"] * 8 or (s.bids == [] and s.upcard == 32)
        return
    t = s.trump
    active = [True] * 4
    for loner in (s.alone, s.defender_alone):
        if loner is not None:
            active[partner_of(loner)] = False
    assert active == s.active
    # the hands actually held for the play
    held = list(s.dealt)
    if s.discard is not None:
        held[s.dealer] = (held[s.dealer] | (1 << s.upcard)) & ~(1 << s.discard)
        assert s.discard != s.upcard or r.dealer_may_discard_upcard
    else:
        # trump made in round two (after the Almonte naming, if any), or the dealer's partner alone
        named = 1 if s.upcard == 32 else 0
        assert (s.upcard != 32 or r.joker_upcard == "almonte")
        assert len(s.bids) > 4 + named or s.alone == partner_of(s.dealer)
    for loner, card, discard in s.railroad:  # the partner passed the loner a card
        assert (held[partner_of(loner)] >> card) & 1
        held[partner_of(loner)] &= ~(1 << card)
        if discard is not None:
            assert (held[loner] >> discard) & 1
            held[loner] = (held[loner] & ~(1 << discard)) | (1 << card)
    n_active = sum(active)
    assert len(s.plays) == n * n_active == len(set(s.plays))
    leader = first_leader(r, s.dealer, s.alone, s.defender_alone)
    winners = []
    for k in range(n):
        cards = s.plays[k * n_active:(k + 1) * n_active]
        seats = s.play_seats[k * n_active:(k + 1) * n_active]
        expect = [leader]
        while len(expect) < n_active:
            nxt = (expect[-1] + 1) & 3
            while not active[nxt]:
                nxt = (nxt + 1) & 3
            expect.append(nxt)
        assert seats == expect, "played out of turn"
        for i, (seat, card) in enumerate(zip(seats, cards)):
            assert active[seat], "a seat sitting out played"
            assert (held[seat] >> card) & 1, "played a card not held"
            led = cards[0] if i else None
            assert (legal_plays(held[seat], t, led) >> card) & 1, "did not follow suit"
            held[seat] &= ~(1 << card)
        leader = seats[trick_winner_index(cards, t)]
        winners.append(leader)
    assert winners == s.trick_winners
    assert all(h == 0 for h, a in zip(held, active) if a)
    assert sum(s.tricks) == n
    assert s.tricks == [sum(1 for w in winners if w & 1 == side) for side in (0, 1)]
    mk, df = hand_points(r, s.tricks[s.makers], s.alone is not None, s.defender_alone is not None)
    assert s.points[s.makers] == mk and s.points[1 - s.makers] == df


def random_hands(rules, count: int, seed: int, pass_probability: float):
    """``count`` hands dealt from ``seed`` (dealer ``i & 3``) and played by a random legal policy seeded
    ``seed + 1``; a high pass probability reaches round two, thrown-in hands and defending alone often."""
    deal_rng = np.random.default_rng(seed)
    policy = RandomPolicy(np.random.default_rng(seed + 1), pass_probability=pass_probability)
    for i in range(count):
        yield i, play_hand(HandState.deal(rules, i & 3, deal_rng), policy)


FOUR_HANDED = [name for name, r in PRESETS.items() if r.players == 4]  # six-handed: tests/test_six_handed.py


@pytest.mark.parametrize("name", [*FOUR_HANDED, *CUSTOM])
def test_random_hands(name):
    rules = PRESETS.get(name) or CUSTOM[name]
    count = HANDS_PER_PRESET if name in PRESETS else 2_000
    seen = {"thrown_in": 0, "alone": 0, "defender_alone": 0, "round_two": 0, "railroad": 0}
    for i, s in random_hands(rules, count, sum(map(ord, name)), 0.75):
        check_hand(s)
        seen["thrown_in"] += s.thrown_in
        seen["alone"] += s.alone is not None
        seen["defender_alone"] += s.defender_alone is not None
        seen["round_two"] += len(s.bids) > 4
        seen["railroad"] += len(s.railroad)
        if i % 97 == 0:
            assert review_record(record_from_state(s)) == s.result()
    assert seen["alone"] and seen["round_two"]
    if not rules.stick_the_dealer:
        assert seen["thrown_in"]
    if rules.defend_alone:
        assert seen["defender_alone"]
    if rules.railroad:
        assert seen["railroad"]
