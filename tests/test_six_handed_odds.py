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
