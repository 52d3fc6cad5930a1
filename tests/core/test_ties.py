"""core/ties.py: the tie-break key of realistic play and the suit orders of the bidders' ties."""

import numpy as np

from euchre_stats.core.bits import NUM_CARDS
from euchre_stats.core.ties import ORDERS, suit_orders, suit_place, tie_key, tie_order, tie_order_of


def test_the_orders_are_the_24_permutations():
    perms = {tuple((int(o) >> (2 * r)) & 3 for r in range(4)) for o in ORDERS}
    assert len(ORDERS) == 24 and len(perms) == 24 and all(sorted(p) == [0, 1, 2, 3] for p in perms)


def test_tie_key_puts_plain_cards_first_by_rank_and_trumps_by_power():
    order = int(ORDERS[0])
    hearts = 2
    keys = {c: tie_key(c, hearts, order) for c in range(NUM_CARDS)}
    assert len(set(keys.values())) == NUM_CARDS
    trumps = [c for c in range(NUM_CARDS) if c == 32 or c // 8 == hearts or c == 8 + 4]   # + the left bower
    plain = [c for c in range(NUM_CARDS) if c not in trumps]
    assert max(keys[c] for c in plain) < min(keys[c] for c in trumps)
    nines = [c for c in plain if c & 7 == 2]
    tens = [c for c in plain if c & 7 == 3]
    assert max(keys[c] for c in nines) < min(keys[c] for c in tens)   # rank first, whatever the suit
    assert keys[32] > keys[2 * 8 + 4] > keys[8 + 4] > keys[2 * 8 + 7]   # Joker, right, left, ace


def test_the_stream_order_is_its_twin():
    for seed, stream in [(0, 0), (1, 5), (2026, 123456)]:
        assert tie_order(seed, stream) in ORDERS.tolist()
    assert tie_order_of(7) == tie_order_of(7)


def test_suit_orders_come_from_the_words_alone_and_cover_every_order():
    rng = np.random.default_rng(1)
    words = rng.integers(0, 2**63, size=(5000, 4), dtype=np.int64).astype(np.uint64)
    a = suit_orders(words)
    assert a.tolist() == suit_orders(words.copy()).tolist()
    assert set(a.tolist()) == set(ORDERS.tolist())
    counts = np.unique(a, return_counts=True)[1]
    assert counts.min() > 150 and counts.max() < 270   # about 208 each
    # a deal with two hands swapped is another deal: its order is drawn afresh (agrees about 1 in 24)
    assert (suit_orders(words[:, [1, 0, 2, 3]]) == a).mean() < 0.08
    assert suit_orders(words[:, 0]).shape == (5000,)


def test_suit_place_counts_from_trump():
    o = int(ORDERS[5])
    for trump in range(4):
        places = [int(suit_place(o, s, trump)) for s in range(4)]
        assert sorted(places) == [0, 1, 2, 3]
        assert places[trump] == o & 3   # trump is suit 0 counted from itself
    assert [int(suit_place(o, s, 4)) for s in range(4)] == [(o >> (2 * s)) & 3 for s in range(4)]


def test_a_makers_lead_breaks_ties_highest_first():
    # a lead (pos 0) by the side that made trump reverses the key: the Joker, the right and left bowers, the trump
    # ace ... then the highest plain cards; a defender's lead and every card that follows keep the lowest first
    from euchre_stats.core.ties import HIGH_FIRST, decision_order

    o = int(ORDERS[7])
    hearts = 2
    assert decision_order(o, 0, 0, 0) == o | HIGH_FIRST and decision_order(o, 0, 3, 1) == o | HIGH_FIRST
    assert decision_order(o, 0, 1, 0) == o and decision_order(o, 0, 2, 1) == o   # defenders lead
    assert all(decision_order(o, pos, 0, 0) == o for pos in (1, 2, 3, 5))
    high = sorted(range(NUM_CARDS), key=lambda c: tie_key(c, hearts, o | HIGH_FIRST))
    low = sorted(range(NUM_CARDS), key=lambda c: tie_key(c, hearts, o))
    assert high == low[::-1]
    assert high[:4] == [32, 2 * 8 + 4, 8 + 4, 2 * 8 + 7]     # Joker, Jh, Jd, Ah


def test_the_makers_side_is_read_from_every_tables_points():
    # the kernels learn who made trump from their row of points: every table, alone or not, a lone defender,
    # super-euchre, the six-handed scores (a march and a euchre 3)
    from euchre_stats.cardplay.realistic import points_table
    from euchre_stats.cardplay.seats_checks import points_table_seats
    from euchre_stats.core.ties import maker_side
    from euchre_stats.rules import NORTH_AMERICAN, Rules, for_players

    for rules in (NORTH_AMERICAN, Rules(super_euchre=True), Rules(defend_alone=True, lone_defender_points=5),
                  Rules(defend_alone=True, lone_defender_points=5, super_euchre=True), Rules(deck="32")):
        for maker in range(4):
            for alone in (False, True):
                for da in (-1, (maker + 1) % 4):
                    if da >= 0 and not rules.defend_alone:
                        continue
                    row = points_table(rules, np.array([maker]), np.array([alone]), np.array([da]))[0]
                    assert maker_side(row) == maker % 2, (rules, maker, alone, da, row)
    six = for_players(Rules(), 6)
    for maker in range(6):
        for alone in (False, True):
            assert maker_side(points_table_seats(six, maker, alone)[0]) == maker % 2
