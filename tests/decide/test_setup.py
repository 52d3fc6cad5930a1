"""The four-handed questions' shared pieces: the dealer's candidate discards."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_stats.core.cards import JOKER, card_name, parse_card, parse_cards
from euchre_stats.core.trump import POWER, effective_suit
from euchre_stats.decide import order as order_module
from euchre_stats.decide.order import order_decision
from euchre_stats.decide.setup import dealer_candidates, weakest_first
from euchre_stats.rules import NORTH_AMERICAN, PRESETS


def names(cards):
    return [card_name(c) for c in cards]


@pytest.mark.parametrize("six, up, kept", [
    ("Jh Jd Ah 9s Tc 9h", "9h", "9s Tc 9h Ah"),      # the upcard, and the lowest other trump (not the bowers)
    ("9c Tc Qc Kd Qs Jc", "Jc", "Qs Kd 9c Jc"),      # the upcard kept although it is the right bower
    ("9s Ts Qs Ks As 9h", "9h", "9s 9h"),            # one card of each suit held: the lowest spade
    ("Jc Ac Td Qd Th Qh", "Qd", "Th Jc Td Qd"),      # diamonds trump: Jc is a plain club, the left bower is Jh
])
def test_the_dealer_plays_the_upcard_and_the_lowest_other_card_of_each_suit(six, up, kept):
    cards, u = parse_cards(six), parse_card(up)
    assert names(dealer_candidates(cards, u, u >> 3)) == kept.split()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([NORTH_AMERICAN, PRESETS["british"], PRESETS["australian32"]]), st.data())
def test_the_candidates_are_the_upcard_and_each_suits_lowest_in_weakest_first_order(rules, data):
    pool = rules.deck_obj.cards
    six = data.draw(st.lists(st.sampled_from(pool), min_size=6, max_size=6, unique=True))
    up = data.draw(st.sampled_from([c for c in six if c != JOKER]))
    trump = up >> 3
    got = dealer_candidates(six, up, trump)
    order = weakest_first(six, trump)
    assert got == [c for c in order if c in got] and up in got           # a subset, weakest first, the upcard in
    others = [c for c in six if c != up]
    for suit in {effective_suit(c, trump) for c in others}:
        mine = [c for c in others if effective_suit(c, trump) == suit]
        lowest = min(mine, key=lambda c: (int(POWER[trump, c]), c))
        assert [c for c in got if c in mine] == [lowest]                  # exactly the suit's lowest


def test_order_from_the_dealer_plays_only_its_candidates_on_the_same_deals(monkeypatch):
    """The discards left out (a higher card of a suit whose lower card the dealer keeps) do not change the
    values of the ones played: every discard plays the same deals (common random numbers), so the answer
    is the answer with every card played whenever its best discard is a candidate."""
    ask = dict(hand="Jh Jd Ah 9s Tc", upcard="9h", seat="dealer", samples=300, seed=4, model="dd")
    few = order_decision(**ask)
    monkeypatch.setattr(order_module, "dealer_candidates", lambda cards, up, trump: weakest_first(cards, trump))
    every = order_decision(**ask)
    assert [(o.action, o.ev, o.extra.get("discard")) for o in few.options] == \
           [(o.action, o.ev, o.extra.get("discard")) for o in every.options]
    assert few.recommendation == every.recommendation


def _outcome(values):
    import numpy as np

    from euchre_stats.cardplay.contracts import Outcome

    v = np.asarray(values, dtype=np.float64)
    z = np.zeros(len(v))
    return Outcome(v, z, z, z, z)


def test_the_discard_screen_drops_a_candidate_far_behind_and_keeps_the_close_ones():
    import numpy as np

    from euchre_stats.decide.setup import DiscardScreen

    rng = np.random.default_rng(1)
    screen = DiscardScreen({"9s": 1, "Tc": 2, "Ah": 3})
    chunk = screen.watching(lambda r, n: ({"pass": _outcome(np.zeros(n)),
                                           "order|9s": _outcome(base + 0.02 + 0.3 * r.normal(size=n)),
                                           "order|Tc": _outcome(base + 0.02),
                                           "order|Ah": _outcome(base - 1.0)}, np.ones(n), (n, np.inf)))
    base = rng.normal(size=150)
    chunk(rng, 150)                                   # fewer deals than MIN_DEALS: nothing dropped yet
    assert screen.dropped["order"] == [] and [n for n, _ in screen.playing("order")] == ["9s", "Tc", "Ah"]
    base = rng.normal(size=300)
    chunk(rng, 300)
    assert screen.dropped == {"order": ["Ah"], "order alone": []}   # 1.02 behind Tc on every deal
    assert screen.playing("order") == [("9s", 1), ("Tc", 2)] and len(screen.playing("order alone")) == 3
    outs = screen.fill({"pass": _outcome([0.0]), "order|9s": _outcome([1.0]), "order|Tc": _outcome([2.0])})
    assert set(outs) == {"pass", "order|9s", "order|Tc", "order|Ah"}     # the chunks keep their keys
    assert list(screen.kept(outs)) == ["pass", "order|9s", "order|Tc"]


def test_the_dealers_screened_answer_is_the_answer_with_every_discard_played(monkeypatch):
    """Dropped candidates were far behind; the ones still played keep their outcomes deal by deal, so the
    options, their values and discards are the same as with every candidate played to the end."""
    from euchre_stats.decide.setup import DiscardScreen

    ask = dict(hand="Jh Jd Ah 9s Tc", upcard="9h", seat="dealer", samples=2500, seed=6, model="dd")
    seen = []
    init = DiscardScreen.__init__

    def spy(self, cards):
        init(self, cards)
        seen.append(self)

    monkeypatch.setattr(DiscardScreen, "__init__", spy)
    screened = order_decision(**ask)
    assert seen[0].dropped["order"] and seen[0].dropped["order alone"]     # some were dropped after a chunk
    monkeypatch.setattr(DiscardScreen, "Z", float("inf"))
    every = order_decision(**ask)
    assert not seen[1].dropped["order"]
    assert [o.to_dict() for o in screened.options] == [o.to_dict() for o in every.options]
    assert screened.recommendation == every.recommendation
