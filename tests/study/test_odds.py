"""Exact odds against brute-force enumeration, the lay-down rule against the double-dummy solver,
and conditional odds against enumeration and conservation laws (hypothesis)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.core.cards import JOKER, TEN, card_name, cards_to_mask, mask_to_cards, parse_card, parse_hand
from euchre_stats.core.decks import Deck, find_deck
from euchre_stats.core.errors import OddsInputError
from euchre_stats.core.trump import EFF_SUIT, POWER
from euchre_stats.study.odds import (
    HOLDERS,
    QUANTITIES,
    TRUMP,
    conditional_odds,
    deck_odds,
    effective_suits,
    is_lay_down,
    named_cards,
)

DECKS = ["24", "25", "28", "32", "33"]
TOL = 1e-12


# --- slow twins ------------------------------------------------------------------------------
def _hand_facts(combo, trump=TRUMP):
    """The per-hand facts every per-deck quantity is built from (plain loops, no shared code)."""
    suits = {int(EFF_SUIT[trump, c]) for c in combo}
    trumps = sum(1 for c in combo if int(EFF_SUIT[trump, c]) == trump)
    right, left = trump * 8 + 4, (3 - trump) * 8 + 4
    return (trumps, right in combo, right in combo and left in combo, JOKER in combo, len(suits) < 4,
            all(c != JOKER and (c & 7) <= TEN for c in combo),
            sum(1 for c in combo if c != JOKER and c & 7 in (2, 3)) >= 3,
            sum(1 for c in combo if c != JOKER and c & 7 == 7) >= 3)


def brute_force_all_hands(deck: str, hand_size: int) -> dict:
    """Every quantity of :func:`deck_odds` by enumerating every hand."""
    d = find_deck(deck)
    counts = Counter()
    trump_counts = Counter()
    total = 0
    for combo in itertools.combinations(d.cards, hand_size):
        trumps, right, both, joker, void, low, farmer, aces = _hand_facts(combo)
        trump_counts[trumps] += 1
        counts["right_bower"] += right
        counts["both_bowers"] += both
        counts["joker"] += joker
        counts["void"] += void
        counts["no_card_above_ten"] += low
        counts["lay_down"] += is_lay_down(cards_to_mask(combo), TRUMP, d)
        counts["farmers_hand"] += farmer
        counts["no_trump_hand"] += aces
        total += 1
    out = {k: Fraction(v, total) for k, v in counts.items()}
    out["trump_count"] = tuple(Fraction(trump_counts[j], total) for j in range(hand_size + 1))
    if not d.has_joker:
        out["joker"] = None
    else:
        out["no_trump_hand"] = None  # no_trump does not apply with a Joker
    return out


def brute_force_by_suit(deck: str, hand_size: int) -> dict:
    """The same quantities for decks too big to enumerate hand by hand: every holding of each
    effective suit is enumerated card by card and tallied, then holdings are combined by count."""
    d = find_deck(deck)
    groups = effective_suits(d, TRUMP)
    tallies = []  # per suit: Counter of (size, facts tuple) -> holdings
    for s, cards in enumerate(groups):
        tally = Counter()
        for m in range(min(hand_size, len(cards)) + 1):
            for sub in itertools.combinations(cards, m):
                mask = cards_to_mask(sub)
                right, left = TRUMP * 8 + 4, (3 - TRUMP) * 8 + 4
                low = all(c != JOKER and (c & 7) <= TEN for c in sub)
                # lay-down facts of this suit alone: top min(m, V) held
                others = [int(POWER[TRUMP, c]) for c in cards if not (mask >> c) & 1]
                mine = sorted((int(POWER[TRUMP, c]) for c in sub), reverse=True)
                tops = not (mine and others and mine[min(len(mine), len(others)) - 1] < max(others))
                nines_tens = sum(1 for c in sub if c != JOKER and c & 7 in (2, 3))
                aces = sum(1 for c in sub if c != JOKER and c & 7 == 7)
                tally[(m, right in sub, left in sub, JOKER in sub, low, tops, nines_tens, aces)] += 1
        tallies.append(tally)
    total = comb(d.size, hand_size)
    acc = Counter()
    trump_counts = Counter()
    for combo in itertools.product(*[list(t.items()) for t in tallies]):
        ms = [key[0] for key, _ in combo]
        if sum(ms) != hand_size:
            continue
        ways = 1
        for _, w in combo:
            ways *= w
        tkey = combo[TRUMP][0]
        k = ms[TRUMP]
        trump_counts[k] += ways
        acc["right_bower"] += ways * any(key[1] for key, _ in combo)
        acc["both_bowers"] += ways * (tkey[1] and tkey[2])
        acc["joker"] += ways * tkey[3]
        acc["void"] += ways * (0 in ms)
        acc["no_card_above_ten"] += ways * all(key[4] for key, _ in combo)
        unseen = len(groups[TRUMP]) - k
        acc["lay_down"] += ways * (all(key[5] for key, _ in combo) and (k == hand_size or unseen <= k))
        acc["farmers_hand"] += ways * (sum(key[6] for key, _ in combo) >= 3)
        acc["no_trump_hand"] += ways * (sum(key[7] for key, _ in combo) >= 3)
    out = {q: Fraction(v, total) for q, v in acc.items()}
    out["trump_count"] = tuple(Fraction(trump_counts[j], total) for j in range(hand_size + 1))
    if not d.has_joker:
        out["joker"] = None
    else:
        out["no_trump_hand"] = None  # no_trump does not apply with a Joker
    return out


def _assert_close(got, want, label):
    if want is None:
        assert got is None, label
    elif isinstance(want, tuple):
        assert len(got) == len(want), label
        for g, w in zip(got, want):
            assert abs(float(g) - float(w)) < TOL and g == w, label
    else:
        assert abs(float(got) - float(want)) < TOL and got == want, label


# --- per-deck odds ---------------------------------------------------------------------------
@pytest.mark.parametrize("deck", ["24", "25", "28"])
def test_deck_odds_match_enumeration_of_every_hand(deck):
    got = deck_odds(deck).values()
    want = brute_force_all_hands(deck, 5)
    for q in QUANTITIES:
        _assert_close(got[q], want[q], f"{deck} {q}")


@pytest.mark.parametrize("deck, hand_size", [("24", 5), ("25", 6), ("28", 6), ("32", 5), ("32", 7),
                                             ("33", 5), ("33", 7), ("33", 8)])
def test_deck_odds_match_enumeration_by_suit(deck, hand_size):
    got = deck_odds(deck, hand_size).values()
    want = brute_force_by_suit(deck, hand_size)
    for q in QUANTITIES:
        _assert_close(got[q], want[q], f"{deck}/{hand_size} {q}")


@pytest.mark.parametrize("deck", DECKS)
def test_distributions_sum_to_one_and_are_probabilities(deck):
    o = deck_odds(deck)
    assert sum(o.trump_count) == 1
    for q, v in o.values().items():
        for p in (v if isinstance(v, tuple) else [v]):
            assert p is None or 0 <= p <= 1, q
    assert o.both_bowers < o.right_bower
    assert (o.joker is None) == (not find_deck(deck).has_joker)


def test_reference_values_24():
    o = deck_odds("24")
    assert o.right_bower == Fraction(5, 24)
    assert o.both_bowers == Fraction(comb(22, 3), comb(24, 5))
    assert o.trump_count[0] == Fraction(comb(17, 5), comb(24, 5))
    assert o.no_card_above_ten == Fraction(comb(8, 5), comb(24, 5))
    assert o.lay_down == Fraction(22, comb(24, 5))


def test_json_shape_and_exact_strings():
    d = deck_odds("25").to_dict(exact=True)
    assert set(QUANTITIES) <= set(d)
    assert len(d["trump_count"]) == 6
    assert Fraction(d["exact"]["right_bower"]) == Fraction(1, 5)
    assert deck_odds("24").to_dict()["joker"] is None
    assert "exact" not in deck_odds("24").to_dict()


def test_hand_size_must_fit_the_deck():
    with pytest.raises(OddsInputError, match="does not fit the 24-card deck"):
        deck_odds("24", 7)


# --- the lay-down rule against the double-dummy solver ----------------------------------------
def _layouts(hand: int, deck: Deck, rng: np.random.Generator, n_random: int):
    """Opponent hands (seat 1, seat 3): random layouts plus the layouts that hurt most by the rule:
    one opponent with the top unseen trumps (void where possible), the other with each suit's tops."""
    h = hand.bit_count()
    unseen = [c for c in deck.cards if not (hand >> c) & 1]
    out = []
    for _ in range(n_random):
        pick = rng.permutation(unseen)[: 2 * h]
        out.append((cards_to_mask(pick[:h]), cards_to_mask(pick[h:])))
    by_power = sorted(unseen, key=lambda c: -int(POWER[TRUMP, c]))
    trumps = [c for c in by_power if EFF_SUIT[TRUMP, c] == TRUMP]
    held_suits = {int(EFF_SUIT[TRUMP, c]) for c in mask_to_cards(hand)} - {TRUMP}
    for void_in in sorted(held_suits) or [None]:
        x = trumps[:h]
        x += [c for c in by_power if c not in x and EFF_SUIT[TRUMP, c] not in (TRUMP, void_in)][: h - len(x)]
        rest = [c for c in by_power if c not in x]
        y = sorted(rest, key=lambda c: (EFF_SUIT[TRUMP, c] not in held_suits, -int(POWER[TRUMP, c])))[:h]
        for a, b in ((x, y), (y, x)):
            out.append((cards_to_mask(a), cards_to_mask(b)))
    return out


def near_misses(lay: list[int], deck: Deck, rng: np.random.Generator) -> list[int]:
    """Hands that just miss: each lay-down with one card swapped for an unseen card (three tries
    each), kept when the swap breaks the rule."""
    out = []
    for m in lay:
        cards = mask_to_cards(m)
        for _ in range(3):
            gone = int(rng.choice(cards))
            new = int(rng.choice([c for c in deck.cards if not (m >> c) & 1]))
            swapped = (m & ~(1 << gone)) | (1 << new)
            if not is_lay_down(swapped, TRUMP, deck):
                out.append(swapped)
    return out


def _solver_tricks(rows) -> list[int]:
    """Tricks of the lone player (seat 0, partner out, on lead) for each (hand, (seat 1, seat 3))."""
    from euchre_stats.solver import solve_many

    hands = np.array([[hand, a, 0, b] for hand, (a, b) in rows], dtype=np.uint64)
    n = len(rows)
    return list(solve_many(hands, np.full(n, TRUMP), np.zeros(n, dtype=np.int64),
                           np.full(n, 4, dtype=np.uint8), threads=1))


def test_lay_down_rule_agrees_with_double_dummy_play():
    """Every lay-down of the 24-card deck takes all five tricks on every layout tried; every other
    hand of a sample of trump-heavy hands loses a trick on some layout."""
    deck = find_deck("24")
    rng = np.random.default_rng(20240501)
    lay, other = [], []
    for combo in itertools.combinations(deck.cards, 5):
        m = cards_to_mask(combo)
        if is_lay_down(m, TRUMP, deck):
            lay.append(m)
        elif sum(EFF_SUIT[TRUMP, c] == TRUMP for c in combo) >= 3:
            other.append(m)
    assert len(lay) == 22
    sample = [other[i] for i in rng.choice(len(other), 150, replace=False)]
    sample += near_misses(lay, deck, rng)
    rows, owners = [], []
    for i, m in enumerate(lay + sample):
        for layout in _layouts(m, deck, rng, 40):
            rows.append((m, layout))
            owners.append(i)
    tricks = np.array(_solver_tricks(rows))
    owners = np.array(owners)
    for i, m in enumerate(lay + sample):
        worst = int(tricks[owners == i].min())
        text = " ".join(card_name(c) for c in mask_to_cards(m))
        assert (worst == 5) == (i < len(lay)), text


def test_lay_down_examples():
    d = find_deck("24")
    assert is_lay_down(parse_hand("Jh Jd Ah Kh Qh"), TRUMP, d)
    assert is_lay_down(parse_hand("Jh Jd Ah 9h As"), TRUMP, d)       # 3 trumps out, top 3 held
    assert not is_lay_down(parse_hand("Jh Jd Kh 9h As"), TRUMP, d)   # the ace of trump is out
    assert not is_lay_down(parse_hand("Jh Jd Ah Kh Ks"), TRUMP, d)   # the ace of spades is out
    assert not is_lay_down(parse_hand("Jh Jd Ah As Ac"), TRUMP, d)   # 4 trumps out, 3 held: a ruff
    assert is_lay_down(parse_hand("Jk Jh Jd Ah Kh"), TRUMP, find_deck("25"))
    assert not is_lay_down(parse_hand("Jh Jd Ah Kh Qh"), TRUMP, find_deck("25"))  # the Joker is out


# --- conditional odds ------------------------------------------------------------------------
def test_conditional_matches_enumeration():
    """Each holder's holding is a uniform subset of the unseen cards: enumerate them all."""
    c = conditional_odds("Jh Jd Ah 9s Tc", "9h", "24")
    deck = find_deck("24")
    known = parse_hand("Jh Jd Ah 9s Tc") | (1 << parse_card("9h"))
    unseen = [x for x in deck.cards if not (known >> x) & 1]
    assert c.unseen == 18 and c.unseen_trumps == 3
    for name in HOLDERS:
        ho = c.holders[name]
        n = ho.cards_held
        tc, hits, total = Counter(), Counter(), 0
        for sub in itertools.combinations(unseen, n):
            tc[sum(EFF_SUIT[2, x] == 2 for x in sub)] += 1
            for x in sub:
                hits[x] += 1
            total += 1
        assert ho.trump_count == tuple(Fraction(tc[j], total) for j in range(n + 1))
        for card, p in ho.cards.items():
            assert p == Fraction(hits[card], total)
    assert [card_name(x) for x in c.holders["kitty"].cards] == ["As", "Ad", "Ac"]
    assert c.holders["kitty"].cards_held == 3


def test_conditional_json_shape():
    d = conditional_odds("Jh Jd Ah 9s Tc", "9h", "25").to_dict(exact=True)
    assert list(d) == ["players", "version"]
    assert list(d["players"]) == list(HOLDERS)
    p = d["players"]["partner"]
    assert set(p["cards"]) == {"Jk", "As", "Ad", "Ac"}
    assert Fraction(p["exact"]["cards"]["Jk"]) == Fraction(5, 19)
    assert len(p["trump_count"]) == 6


@pytest.mark.parametrize("hand, up, deck, msg", [
    ("Jh Jd Ah 9s Tc", "Jh", "24", "also in the hand"),
    ("Jh Jd Ah 9s", "9h", "24", None),
    ("Jh Jd Ah 9s Tc", "Jk", "25", "the Joker is the upcard"),
    ("Jh Jd Ah 9s 7c", "9h", "24", "not in the 24-card deck"),
])
def test_conditional_bad_input(hand, up, deck, msg):
    if msg is None:  # four cards: a wrong hand size, unless the hand size is set to 4
        assert conditional_odds(hand, up, deck, hand_size=4).hand_size == 4
        with pytest.raises(OddsInputError, match="has 4 cards; expected 5"):
            conditional_odds(hand, up, deck)
        return
    with pytest.raises(ValueError, match=msg):
        conditional_odds(hand, up, deck)


@st.composite
def deals(draw):
    deck = find_deck(draw(st.sampled_from(DECKS)))
    h = draw(st.integers(1, deck.max_hand_size()))
    cards = draw(st.permutations(deck.cards))
    hand, up = cards[:h], cards[h]
    if up == JOKER:
        up = cards[h + 1]
    return deck, hand, up


@settings(max_examples=60, deadline=None)
@given(deals())
def test_conditional_conservation(deal):
    deck, hand, up = deal
    c = conditional_odds(cards_to_mask(hand), up, deck, hand_size=len(hand), every_card=True)
    assert sum(c.holders[n].cards_held for n in HOLDERS) == c.unseen
    for n in HOLDERS:
        assert sum(c.holders[n].trump_count) == 1
    # every unseen card is somewhere: P summed over holders is one
    unseen = deck.mask & ~cards_to_mask(hand) & ~(1 << up)
    for card in mask_to_cards(unseen):
        assert sum(c.holders[n].cards[card] for n in HOLDERS) == 1
    # expected trumps over holders add up to the unseen trumps
    assert sum(c.holders[n].expected_trumps() for n in HOLDERS) == c.unseen_trumps
    named = conditional_odds(cards_to_mask(hand), up, deck, hand_size=len(hand)).holders["partner"].cards
    assert set(named) == {x for x in named_cards(up >> 3, deck) if (unseen >> x) & 1}


def test_impossible_trump_counts_print_a_dash_not_zero():
    """Three trumps unseen: nobody can hold four or five, so those rows say "-" rather than 0.0000
    (a probability that merely rounds to nothing would)."""
    from euchre_stats.study.odds import conditional_odds

    text = conditional_odds("Jh Jd Ah 9s Tc", "9h", "24").to_text()
    rows = {line.split()[0] + " " + line.split()[1]: line.split()[2:] for line in text.splitlines()
            if line.strip()[:1].isdigit()}
    assert rows["3 trumps"] == ["0.0123", "0.0123", "0.0123", "0.0012"]
    assert rows["4 trumps"] == ["-"] * 4 and rows["5 trumps"] == ["-"] * 4
    assert "0.0000" not in text and text.splitlines()[-1].startswith("-: cannot happen")
