"""Six-handed euchre's exact odds (``odds --players 6``) against simulated deals, and the refusals
of everything six-handed that is not built."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.cli.main import cli
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import OddsInputError, RulesError
from euchre_stats.core.trump import SUIT_MASK
from euchre_stats.rules import Rules, for_players

HAND, UP = "Jh Jd Ah 9s Tc", "9h"


def test_a_six_handed_hand_is_a_five_card_hand_of_the_33_card_deck():
    t = es.odds(players=6)
    assert [d.deck.label for d in t.decks] == ["33"] and t.decks[0].players == 6
    assert t.decks[0].values() == t.standard[0].values()
    assert "six-handed (5 cards) beside the four-handed game" in t.to_text()


def test_conditional_odds_match_simulated_deals():
    c = es.odds(hand=HAND, up=UP, players=6)
    assert c.holder_names == ("left", "left partner", "across", "right partner", "right", "partners", "opponents",
                              "kitty")
    sizes = {n: c.holders[n].cards_held for n in c.holder_names}
    assert sizes == {"left": 5, "left partner": 5, "across": 5, "right partner": 5, "right": 5, "partners": 10,
                     "opponents": 15, "kitty": 2}
    # exact: 6 trumps among 27 unseen cards; both partners hold 10 of them
    assert c.holders["partners"].trump_count[2] == Fraction(comb(6, 2) * comb(21, 8), comb(27, 10))
    # simulated: deal the 27 unseen cards to seats 1..5 (the asker is seat 0) and the kitty
    d = find_deck("33")
    mine, up = parse_hand(HAND), parse_card(UP)
    unseen = [x for x in d.cards if not (mine >> x) & 1 and x != up]
    trumps = np.array([(int(SUIT_MASK[2, 2]) >> x) & 1 for x in unseen])
    joker = np.array([x == 32 for x in unseen])
    rng = np.random.default_rng(2026)
    n = 40_000
    order = np.argsort(rng.random((n, len(unseen))), axis=1)
    seat_of = np.array([0] * 5 + [1] * 5 + [2] * 5 + [3] * 5 + [4] * 5 + [5] * 2)  # seats 1..5, then the kitty
    where = np.empty_like(order)
    np.put_along_axis(where, order, np.arange(27)[None, :].repeat(n, 0), axis=1)
    seat = seat_of[where]                       # (n, 27): holder of each unseen card
    groups = {"left": [0], "left partner": [1], "across": [2], "right partner": [3], "right": [4],
              "partners": [1, 3], "opponents": [0, 2, 4], "kitty": [5]}
    for name, seats in groups.items():
        held = np.isin(seat, seats)
        k = (held & (trumps[None, :] == 1)).sum(axis=1)
        for j, p in enumerate(c.holders[name].trump_count):
            freq = (k == j).mean()
            assert abs(freq - float(p)) < 4.5 * np.sqrt(float(p) * (1 - float(p)) / n) + 1e-9, (name, j)
        p_joker = float(c.holders[name].cards[32])
        assert abs(held[:, joker].mean() - p_joker) < 4.5 * np.sqrt(p_joker * (1 - p_joker) / n)


def test_what_is_not_built_says_so():
    with pytest.raises(OddsInputError, match="six-handed euchre is dealt from the 33-card deck"):
        es.odds("24", players=6)
    with pytest.raises(OddsInputError, match="six-handed euchre deals five cards each"):
        es.odds(players=6, hand_size=7)
    with pytest.raises(RulesError, match=r"^deck '24': six-handed euchre is dealt from the 33-card deck"):
        Rules(players=6)
    assert for_players(Rules(), 6) == Rules(players=6, deck="33")
    with pytest.raises(RulesError, match=r"^deck '32': six-handed euchre is dealt from the 33-card deck"):
        for_players(Rules(deck="32"), 6)
    runner = CliRunner()
    six = '{"players": 6, "deck": "33"}'
    for args in (["alone", HAND, "--trump", "h", "--maker", "eldest", "--seat", "eldest", "--rules", six],
                 ["advise", HAND, "--up", UP, "--seat", "eldest", "--rules", six],
                 ["equity", "--rules", six],
                 ["variants", "--deck", "33", "--rules", six]):
        r = runner.invoke(cli, args)
        assert r.exit_code == 2 and "the bidding model's analyses (alone, advise" in r.output, (args, r.output)
    r = runner.invoke(cli, ["odds", "--players", "6", "--hand", HAND, "--up", UP, "--format", "json"])
    assert r.exit_code == 0 and '"partners"' in r.output


def test_the_doubled_pack_odds_by_enumerating_every_hand():
    """Every one of the C(50, 5) hands of the doubled pack, counted with numpy: a bower, the Joker
    (either copy, either Joker), a void, no card above ten, a farmer's hand, the trump count."""
    from itertools import combinations

    from euchre_stats.core.cards import card_face, card_rank

    d = find_deck("50")
    o = es.odds("50", players=6).decks[1]
    assert o.deck.label == "50" and o.players == 6
    cards = d.cards
    idx = np.fromiter((i for combo in combinations(range(50), 5) for i in combo), dtype=np.int8).reshape(-1, 5)
    assert len(idx) == comb(50, 5)
    bits = np.array([1 << c for c in cards], dtype=np.uint64)
    masks = np.bitwise_or.reduce(bits[idx], axis=1)

    def share(pred):
        return Fraction(int(pred.sum()), len(idx))

    def holds(cs):
        m = np.uint64(sum(1 << c for c in cs))
        return (masks & m) != 0

    faces = {c: card_face(c) for c in cards}
    right = holds([c for c in cards if faces[c] == parse_card("Jh")])
    left = holds([c for c in cards if faces[c] == parse_card("Jd")])
    assert o.right_bower == share(right) and o.both_bowers == share(right & left)
    assert o.joker == share(holds([32, 57]))
    suit = [np.uint64(int(SUIT_MASK[2, s]) & d.mask) for s in range(4)]
    assert o.void == share(np.any([(masks & m) == 0 for m in suit], axis=0))
    high = [c for c in cards if c in (32, 57) or card_rank(c) > 3]
    assert o.no_card_above_ten == share(~holds(high))
    nt = np.uint64(sum(1 << c for c in cards if c not in (32, 57) and card_rank(c) in (2, 3)))
    trumps = np.zeros(len(idx), dtype=np.int64)
    for c in cards:
        if (int(suit[2]) >> c) & 1:
            trumps += ((masks >> np.uint64(c)) & np.uint64(1)).astype(np.int64)
    assert list(o.trump_count) == [share(trumps == j) for j in range(6)]
    nines_tens = np.zeros(len(idx), dtype=np.int64)
    for c in cards:
        if (int(nt) >> c) & 1:
            nines_tens += ((masks >> np.uint64(c)) & np.uint64(1)).astype(np.int64)
    assert o.farmers_hand == share(nines_tens >= 3)
    # no five cards beat every other card of the doubled pack: the other copy of the fifth ties it
    assert o.lay_down == 0


def test_lay_down_counts_with_identical_copies():
    from itertools import combinations

    from euchre_stats.study.odds import _tops_count, _tops_held

    for n in range(1, 9):
        for m in range(n + 1):
            assert _tops_count(tuple(range(n, 0, -1)), m) == _tops_held(n, m)
    pairs = (9, 9, 8, 8, 7, 7, 6)  # a suit of the doubled pack, strongest first

    def brute(m):
        j = min(m, len(pairs) - m)
        return sum(1 for held in combinations(range(len(pairs)), m)
                   if j == 0 or sorted((pairs[i] for i in held), reverse=True)[j - 1]
                   > max(pairs[i] for i in range(len(pairs)) if i not in held))

    assert [_tops_count(pairs, m) for m in range(8)] == [brute(m) for m in range(8)]
    assert _tops_count(pairs, 2) == 1 and _tops_count(pairs, 1) == 0  # both top copies, or nothing


def test_doubled_pack_conditional_odds_match_simulated_deals():
    """A card of the doubled pack held by the asker (one Ah of two), the upcard the other copy of a
    card it holds (Jh): the holders' odds of holding a copy of each named card, against deals."""
    c = es.odds(hand="Ah Ah Jh Kd Qd", up="Jh", deck="50", players=6)
    assert c.unseen == 44 and c.unseen_trumps == 12
    named = [x for x in c.holders["partners"].cards]
    assert named == [32, 57, parse_card("Jd"), parse_card("As"), parse_card("Ad"), parse_card("Ac")]
    assert c.holders["left"].cards[parse_card("Jd")] == 1 - Fraction(comb(42, 5), comb(44, 5))
    assert c.holders["left"].cards[32] == Fraction(5, 44)
    d = find_deck("50")
    from euchre_stats.core.cards import card_face, parse_cards

    mine = parse_cards("Ah Ah Jh Kd Qd", d)
    up = parse_cards("Jh", d, taken=sum(1 << x for x in mine))[0]
    unseen = [x for x in d.cards if x not in mine and x != up]
    assert len(unseen) == 44
    rng = np.random.default_rng(7)
    n = 20_000
    order = np.argsort(rng.random((n, 44)), axis=1)
    where = np.empty_like(order)
    np.put_along_axis(where, order, np.arange(44)[None, :].repeat(n, 0), axis=1)
    seat = np.array([0] * 5 + [1] * 5 + [2] * 5 + [3] * 5 + [4] * 5 + [5] * 19)[where]
    for name, seats in {"left": [0], "partners": [1, 3], "opponents": [0, 2, 4], "kitty": [5]}.items():
        held = np.isin(seat, seats)
        for card, p in c.holders[name].cards.items():
            cols = [i for i, x in enumerate(unseen) if card_face(x) == card]
            freq = held[:, cols].any(axis=1).mean()
            assert abs(freq - float(p)) < 4.5 * np.sqrt(float(p) * (1 - float(p)) / n) + 1e-9, (name, card)
