"""Exact odds of the two- and three-handed games: the holders, the table beside the four-handed
game, the lay-down against one opponent, and the errors."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.cli.main import cli
from euchre_stats.core.cards import card_name, cards_to_mask, mask_to_cards, parse_card, parse_hand
from euchre_stats.core.decks import find_deck
from euchre_stats.core.errors import OddsInputError
from euchre_stats.core.trump import EFF_SUIT
from euchre_stats.study.odds import TRUMP, conditional_odds, deck_odds, is_lay_down

from test_odds import _layouts, near_misses


@pytest.mark.parametrize("players, hand, holders", [
    (3, "Jh Jd Ah 9s Tc Kc Qc", {"left": 7, "right": 7, "kitty": 2}),
    (2, "Jh Jd Ah 9s Tc", {"opponent": 5, "kitty": 13}),
])
def test_conditional_holders_match_enumeration(players, hand, holders):
    c = conditional_odds(hand, "9h", "24", players=players)
    assert {n: h.cards_held for n, h in c.holders.items()} == holders
    assert list(c.to_dict()["players"]) == list(holders)
    deck = find_deck("24")
    known = parse_hand(hand) | (1 << parse_card("9h"))
    unseen = [x for x in deck.cards if not (known >> x) & 1]
    assert sum(holders.values()) == c.unseen == len(unseen)
    for name, ho in c.holders.items():
        n = min(ho.cards_held, c.unseen - ho.cards_held)   # count the smaller side of the split
        tc, hits, total = Counter(), Counter(), 0
        for sub in itertools.combinations(unseen, n):
            trumps = sum(EFF_SUIT[2, x] == 2 for x in sub)
            tc[trumps if n == ho.cards_held else c.unseen_trumps - trumps] += 1
            for x in sub:
                hits[x] += 1
            total += 1
        assert ho.trump_count == tuple(Fraction(tc[j], total) for j in range(ho.cards_held + 1))
        for card, p in ho.cards.items():
            inside = Fraction(hits[card], total)
            assert p == (inside if n == ho.cards_held else 1 - inside)


def test_table_sets_each_deck_beside_the_four_handed_game():
    t = es.odds("24,32", players=3)
    assert [r.hand_size for r in t.decks] == [7, 7] and [r.hand_size for r in t.standard] == [5, 5]
    assert t.decks[0].right_bower == Fraction(7, 24) == deck_odds("24", 7, players=3).right_bower
    d = t.to_dict()
    assert d["players"] == 3 and d["decks"]["24"]["players"] == 3 and "players" not in d["four_handed"]["24"]
    assert d["four_handed"]["32"] == es.odds("32").to_dict()["decks"]["32"]
    assert list(t.to_frame().columns) == ["quantity", "24 cutthroat", "24 four-handed", "32 cutthroat",
                                          "32 four-handed"]
    two = es.odds("24", players=2, exact=True)
    # one dealt hand does not change in the two-handed game: only where the other cards are
    assert two.decks[0].values() == two.standard[0].values()
    assert "24 two-handed exact" in two.to_frame().columns
    assert es.odds("24").to_dict() == {"decks": {"24": deck_odds("24").to_dict()}, "version": es.__version__}


def test_errors_name_the_game():
    with pytest.raises(OddsInputError, match="hand size 5: three-handed cutthroat deals seven cards each"):
        es.odds(players=3, hand_size=5)
    with pytest.raises(OddsInputError, match=r"players 5: expected 2 \(two-handed\), 3 \(cutthroat\), 4 or 6"):
        es.odds(players=5)
    with pytest.raises(OddsInputError, match="expected 7"):
        es.odds(hand="Jh Jd Ah 9s Tc", up="9h", players=3)
    r = CliRunner().invoke(cli, ["odds", "--players", "3", "--hand-size", "6"])
    assert r.exit_code == 2
    assert r.output.endswith("Error: hand size 6: three-handed cutthroat deals seven cards each\n")


def test_cli_players_examples():
    r = CliRunner().invoke(cli, ["odds", "--players", "3", "--hand", "Jh Jd Ah 9s Kc Qc Tc", "--up", "9h"])
    assert r.exit_code == 0
    assert r.output.splitlines()[:2] == [
        "hand Jh Jd Ah 9s Kc Qc Tc, upcard 9h, trump hearts, 24-card deck, cutthroat",
        "as dealt, before any pick-up: 16 unseen cards, 3 of them trumps; left and right hold 7 each, "
        "the kitty 2 under the upcard"]


def test_lay_down_rule_holds_against_one_opponent():
    """Two-handed: every lay-down takes all five tricks against one opponent on every layout tried,
    and every near miss (a lay-down with one card swapped) loses a trick on some layout."""
    from euchre_stats.solver import solve_many

    deck = find_deck("24")
    rng = np.random.default_rng(11)
    lay = [cards_to_mask(c) for c in itertools.combinations(deck.cards, 5)
           if is_lay_down(cards_to_mask(c), TRUMP, deck)]
    near = near_misses(lay, deck, rng)
    rows, owners = [], []
    for i, m in enumerate(lay + near):
        for a, b in _layouts(m, deck, rng, 20):
            for opp in (a, b):   # each layout's hands in turn as the one opponent's
                rows.append([m, opp, 0, 0])
                owners.append(i)
    n = len(rows)
    tricks = solve_many(np.array(rows, dtype=np.uint64), np.full(n, TRUMP), np.zeros(n, dtype=np.int64),
                        np.full(n, 0b1100), threads=1)
    owners = np.array(owners)
    assert len(lay) == 22 and near
    for i, m in enumerate(lay + near):
        worst = int(tricks[owners == i].min())
        assert (worst == 5) == (i < len(lay)), " ".join(card_name(c) for c in mask_to_cards(m))
