"""The compiled realistic play model against its slow twin, its sampler against exact enumeration."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from euchre_stats.core.bits import card_suit
from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.ties import ORDERS
from euchre_stats.sampling.dealer import Dealer
from euchre_stats.engine import realistic as K
from euchre_stats.cardplay.realistic import (
    RealisticInputError,
    decide_given_worlds,
    lead_values_realistic,
    play_realistic,
    points_table,
    sample_worlds,
)
from euchre_stats.rules import first_leader, preset
from euchre_stats.solver import solve_many
from euchre_stats.core.trump import SUIT_MASK

from slow_pimc import (PATTERNS, choose_from_worlds, contract, deal, deal_rows, knowledge_of, play_slow,  # noqa: E402
                       random_position)

NA = preset("north-american")
LONE_DEF = NA.replace(defend_alone=True)
SUPER = NA.replace(defend_alone=True, super_euchre=True, lone_defender_points=5)


def _decisions(rules, seed: int, count: int, trump=None):
    """``count`` random decisions: (position, 24 worlds of the mover's own view); trump random unless given."""
    rng = np.random.default_rng(seed)
    for i in range(count):
        p = random_position(rng, rules, PATTERNS[i % 4], trump=trump)
        k = knowledge_of(rules, p["hands"], p["trump"], p["mover"], p["out"],
                         p["gone"] | sum(1 << c for c in p["trick"]), p["voids"], -1)
        ws = Dealer(k).sample(24, rng)[:, :4].astype(np.int64)
        ws[:, p["mover"]] = p["hands"][p["mover"]]
        yield p, ws


@pytest.mark.parametrize("rules, trump", [(LONE_DEF, None), (SUPER, None), (LONE_DEF, 4)],
                         ids=["defend-alone", "super-euchre", "no-trump"])
def test_kernel_chooses_as_the_slow_twin_given_the_same_worlds(rules, trump):
    agree = same_sums = total = 0
    for i, (p, ws) in enumerate(_decisions(rules, 20261201, 1100, trump)):
        order = int(ORDERS[i % 24])  # every order of the suits for ties
        args = (p["trump"], p["leader"], p["out"], p["trick"], p["maker"], p["alone"], p["def_alone"], p["won"])
        ref, ref_sums = choose_from_worlds(rules, ws, *args, order=order)
        card, sums = decide_given_worlds(rules, ws, p["trump"], p["leader"], p["out"], p["maker"], p["alone"],
                                         p["def_alone"], trick=p["trick"], gone=p["gone"], won=p["won"], order=order)
        quick, _ = decide_given_worlds(rules, ws, p["trump"], p["leader"], p["out"], p["maker"], p["alone"],
                                       p["def_alone"], trick=p["trick"], gone=p["gone"], won=p["won"], full=False,
                                       order=order)
        total += 1
        agree += card == ref and quick == ref
        same_sums += {c: int(sums[c]) for c in range(33) if sums[c] != K.NOT_LEGAL} == ref_sums
    assert total >= 1000
    assert agree / total >= 0.99, (agree, total)
    assert same_sums / total >= 0.99, (same_sums, total)


@pytest.mark.parametrize("rules, trump", [(LONE_DEF, None), (SUPER, None), (NA, 4)],
                         ids=["defend-alone", "super-euchre", "no-trump"])
def test_best_first_choice_equals_the_full_average_exactly(rules, trump):
    """Best-first (with the cards the position probes prove for free) is an exact shortcut: the
    same card as valuing every card in every world, with the same total, in every decision."""
    for i, (p, ws) in enumerate(_decisions(rules, 7, 800 if trump is None else 400, trump)):
        args = (rules, ws, p["trump"], p["leader"], p["out"], p["maker"], p["alone"], p["def_alone"])
        kw = dict(trick=p["trick"], gone=p["gone"], won=p["won"])
        full, full_sums = decide_given_worlds(*args, **kw)
        quick, quick_sums = decide_given_worlds(*args, **kw, full=False)
        assert quick == full, (i, p)
        assert quick_sums[quick] == full_sums[full], (i, p)


def test_points_table_follows_hand_points():
    t = points_table(SUPER, np.array([1, 0]), np.array([True, False]), np.array([-1, 3]))
    # seat 1 alone: side 0 defends; side 0 takes 0 tricks -> lone march -4, 3 -> euchre +2
    assert t[0].tolist() == [-4, -1, -1, 2, 2, 4]
    # seat 0 makes against a lone defender (5 points for the euchre), super-euchre on
    assert t[1].tolist() == [-5, -5, -5, 1, 1, 2]


def _small_position():
    """Seat 0 (lone maker, seat 2 out) to lead the fourth trick; seat 1 void in clubs; the dealer
    (seat 3) holds the upcard Ah."""
    hands = [parse_hand("Jh Qh"), parse_hand("9s Ts"), 0, parse_hand("Ah 9d")]
    gone = parse_hand("Jd Kh 9c Tc Jc Qc Kc Ad Td As")
    return hands, gone


def _enumerate(hands, gone, voids, up):
    """Every consistent (seat 1, seat 3) pair for seat 0's view, by brute force."""
    deck = NA.deck_obj.mask
    unseen = deck & ~gone & ~hands[0] & ~(1 << up)
    cards = [c for c in range(33) if (unseen >> c) & 1]
    out = []
    for a in itertools.combinations(cards, 2):
        ma = sum(1 << c for c in a)
        if ma & int(SUIT_MASK[2, 0]) and voids[1] & 1:
            continue
        for b in cards:
            if b in a:
                continue
            out.append((ma, (1 << b) | (1 << up)))
    return out


@pytest.mark.parametrize("tries", [K.REJECT_TRIES, 0], ids=["rejection", "exact-unranking"])
def test_sampler_is_uniform_and_respects_voids_and_upcard(tries):
    hands, gone = _small_position()
    up = parse_card("Ah")
    voids = [0, 1, 0, 0]  # seat 1 void in clubs (suit 0)
    cells = {w: i for i, w in enumerate(_enumerate(hands, gone, voids, up))}
    counts = np.zeros(len(cells))
    for stream in range(600):
        ws, exact = sample_worlds(NA, hands, 2, 0, 4, seed=7, stream=stream, worlds=40, gone=gone, voids=voids,
                                  up_known=up, tries=tries)
        assert not exact and ws.shape == (40, 4)
        for row in ws:
            assert row[0] == hands[0] and row[2] == 0
            counts[cells[(int(row[1]), int(row[3]))]] += 1  # a KeyError is an inconsistent world
    df = len(cells) - 1
    expected = counts.sum() / len(cells)
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < df + 5 * np.sqrt(2 * df), (chi2, df)


def test_sampler_lists_every_deal_once_when_few_are_left():
    hands, gone = _small_position()
    up = parse_card("Ah")
    every = _enumerate(hands, gone, [0, 1, 0, 0], up)
    ws, exact = sample_worlds(NA, hands, 2, 0, 4, seed=1, worlds=len(every), gone=gone, voids=[0, 1, 0, 0],
                              up_known=up)
    assert exact and sorted((int(r[1]), int(r[3])) for r in ws) == sorted(every)
    # the dealer's own view: the upcard is just their card, nothing else is known of it
    ws, _ = sample_worlds(NA, [0, hands[1], 0, hands[3]], 2, 3, 4 | 1, seed=1, worlds=50, gone=gone | hands[0],
                          up_known=up)
    assert all(int(r[3]) == hands[3] for r in ws)


def test_same_seed_same_results_on_one_or_two_threads():
    hands, trump, leader, out, maker, alone, def_alone = deal_rows(np.random.default_rng(3), LONE_DEF, 120)
    a = play_realistic(LONE_DEF, hands, trump, leader, out, maker, alone, def_alone, seed=11, worlds=12, threads=1)
    b = play_realistic(LONE_DEF, hands, trump, leader, out, maker, alone, def_alone, seed=11, worlds=12, threads=2)
    assert (a == b).all()
    assert ((a >= 0) & (a <= 5)).all()
    c = play_realistic(LONE_DEF, hands[60:], trump[60:], leader[60:], out[60:], maker[60:], alone[60:],
                       def_alone[60:], seed=11, worlds=12, threads=2)
    assert (c == a[60:]).any()  # other deal numbers, other streams: reproducible, not identical by force


def test_rows_sharing_a_stream_reuse_decisions_and_play_as_apart():
    """The dealer's six discards of a deal, played from one stream deal by deal: the seats that
    cannot tell the discards apart decide once (the kernel's table of decisions), and every row
    plays exactly as it does in a batch of its own discard alone."""
    rng = np.random.default_rng(21)
    n = 40
    hands = np.array([deal(rng, NA, 0) for _ in range(n)], dtype=np.uint64)
    up = np.array([(int(NA.deck_obj.mask) & ~int(np.bitwise_or.reduce(h))).bit_length() - 1 for h in hands])
    trump = np.array([card_suit(int(u)) for u in up])
    six = [int(h[3]) | (1 << int(u)) for h, u in zip(hands, up)]
    options = []
    for j in range(6):
        hs = hands.copy()
        for i in range(n):
            d = [c for c in range(33) if (six[i] >> c) & 1][j]
            hs[i, 3] = np.uint64(six[i] & ~(1 << d))
        options.append(hs)
    both = np.stack(options, axis=1).reshape(n * 6, 4)
    stats = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    shared = play_realistic(NA, both, np.repeat(trump, 6), 0, 0, 3, False, -1, seed=8, worlds=12, threads=2,
                            up_known=np.repeat(up, 6), streams=np.repeat(np.arange(n), 6), stats=stats)
    for j in range(6):
        apart = play_realistic(NA, options[j], trump, 0, 0, 3, False, -1, seed=8, worlds=12, threads=1,
                               up_known=up)
        assert (apart == shared[j::6]).all(), j
    # the first three cards of the first trick are decided by seats that do not know the discard (26% here)
    assert stats[K.ST_CACHED] > 0.2 * stats[K.ST_DECISIONS]


def test_the_dealer_remembers_its_discard():
    """Hearts trump, two tricks left, the dealer to lead with Qh Js; it discarded the left bower (Jd)
    and every higher trump is gone; its side made trump and took 2 of 3, so one more trick makes.
    Remembering the discard it knows its queen is the boss trump: the hand is made whatever it leads
    (Qh and Js are worth one point in every world: a tie of leads, which goes to the highest card, Qh, and
    the side takes both tricks). Forgetting it, the Jd may be out, and Qh is worth less than Js: Js is
    led and the 9h ruffs. Its worlds never hold the discard; with two cards a hand left they are every
    consistent deal, C(9,2)C(7,2)C(5,2) = 7,560 of them (18,900 forgetting).  (From the suit-free
    tie-break to leads' ties going highest first, 2026-12-06, a tie went to the plain card and both
    play-outs took one trick.)"""
    hands = [parse_hand(x) for x in ("Ts 9s", "Ad Ac", "Td 9h", "Qh Js")]
    kitty = parse_hand("Jd Qc Kd Kc")
    gone = int(NA.deck_obj.mask) & ~kitty & ~int(np.bitwise_or.reduce(np.array(hands, dtype=np.uint64)))
    disc, hearts = parse_card("Jd"), 2
    remembered, exact = sample_worlds(NA, hands, hearts, 3, 0, seed=1, worlds=20000, gone=gone, discard=disc)
    assert exact and len(remembered) == 7560
    assert len({tuple(w) for w in remembered.tolist()}) == 7560
    assert not (remembered & (1 << disc)).any()
    forgot, exact = sample_worlds(NA, hands, hearts, 3, 0, seed=1, worlds=20000, gone=gone)
    assert exact and len(forgot) == 18900 and (forgot & (1 << disc)).any()
    qh, js = parse_card("Qh"), parse_card("Js")
    _, sums = decide_given_worlds(NA, remembered, hearts, 3, 0, 3, False, -1, gone=gone, won=1)
    assert sums[qh] == sums[js] == len(remembered)  # a sure point either way
    _, sums = decide_given_worlds(NA, forgot, hearts, 3, 0, 3, False, -1, gone=gone, won=1)
    assert sums[qh] < sums[js] == 12600
    h = np.array([hands], dtype=np.uint64)
    kw = dict(seed=3, worlds=20000, gone=gone, won=1)  # every deal a world; the dealer's side made trump, took 2 of 3
    # (side 0's tricks: the dealer's side is side 1)
    assert play_realistic(NA, h, hearts, 3, 0, 3, False, -1, discard=[disc], **kw)[0] == 0  # Qh led, then Js
    assert play_realistic(NA, h, hearts, 3, 0, 3, False, -1, **kw)[0] == 1   # Js led, the 9h ruffs
    with pytest.raises(RealisticInputError, match="discard"):
        play_realistic(NA, h, hearts, 3, 0, 3, False, -1, discard=[parse_card("Qh")], **kw)


def _around(rng, rules, fixed: int, sizes) -> list[int]:
    """Hands of ``sizes`` cards dealt at random from the rules' deck without the cards of ``fixed``."""
    cards = rng.permutation([c for c in rules.deck_obj.cards if not (fixed >> c) & 1])
    out, k = [], 0
    for n in sizes:
        out.append(sum(1 << int(c) for c in cards[k:k + n]))
        k += n
    return out


def test_lay_down_marches_in_every_deal():
    rng = np.random.default_rng(5)
    top = parse_hand("Jh Jd Ah Kh Qh")
    hands = []
    for _ in range(50):
        one, three = _around(rng, NA, top, (5, 5))
        hands.append([top, one, 0, three])
    hands = np.array(hands, dtype=np.uint64)
    r = play_realistic(NA, hands, 2, 1, 4, 0, True, -1, seed=2)
    assert r.tolist() == [5] * 50


def test_one_trick_left_equals_double_dummy_and_the_slow_twin_plays_legally():
    rng = np.random.default_rng(8)
    hands = np.array([deal(rng, NA.replace(hand_size=1), 0) for _ in range(100)], dtype=np.uint64)
    trump = rng.integers(0, 4, 100)
    leader = rng.integers(0, 4, 100)
    one = NA.replace(hand_size=1)
    r = play_realistic(one, hands, trump, leader, 0, 0, False, -1, seed=1)
    assert (r == solve_many(hands, trump, leader)).all()
    h5 = np.array([deal(rng, NA, 0) for _ in range(6)], dtype=np.uint64)
    for row in h5:
        assert 0 <= play_slow(NA, row, 1, 0, 0, 0, False, -1, rng, worlds=6) <= 5


def test_no_trump_plays_the_led_suit_high():
    """No trump (trump 4): one trick left equals double dummy; a lone A-K-Q-J-T of spades marches (the
    jack is only a jack, nothing ruffs); with both bowers and no trump, the jacks win nothing."""
    rng = np.random.default_rng(81)
    one = NA.replace(hand_size=1)
    hands = np.array([deal(rng, one, 0) for _ in range(200)], dtype=np.uint64)
    leader = rng.integers(0, 4, 200)
    r = play_realistic(one, hands, 4, leader, 0, 0, False, -1, seed=1)
    assert (r == solve_many(hands, np.full(200, 4), leader)).all()
    top = parse_hand("As Ks Qs Js Ts")
    lay = []
    for _ in range(30):
        one_, three = _around(rng, NA, top, (5, 5))
        lay.append([top, one_, 0, three])
    assert play_realistic(NA, np.array(lay, dtype=np.uint64), 4, 0, 4, 0, True, -1, seed=2).tolist() == [5] * 30
    # seat 0 leads a jack: the led suit's ace wins it when another seat holds it
    bowers = [parse_hand("Jh Jd"), parse_hand("Ah Ad"), 0, parse_hand("9c Tc")]
    assert play_realistic(NA.replace(hand_size=2), np.array([bowers], dtype=np.uint64), 4, 0, 4, 0, True, -1,
                          seed=3).tolist() == [0]


def test_no_trump_worlds_respect_voids_in_the_natural_suit():
    """In no trump a void is in a natural suit (the jacks stay in their suits): a seat shown void in
    hearts holds no heart, jack of hearts included, in any sampled world."""
    hands = [parse_hand("Ah Kh Qh As Ks"), parse_hand("9c Tc Jc Qc Kc"), parse_hand("9s Ts Js Qs Ac"),
             parse_hand("Jh Th 9h Jd Ad")]
    hearts = int(SUIT_MASK[4, 2])
    jd = parse_hand("Jd")
    held_jd = 0
    for stream in range(40):
        ws, _ = sample_worlds(NA, hands, 4, 0, 0, seed=5, stream=stream, worlds=30, voids=[0, 4, 0, 0])
        assert ws.shape[0] == 30
        assert not (ws[:, 1] & hearts).any()
        assert (ws[:, 0] == hands[0]).all()
        held_jd += int((ws[:, 1] & jd != 0).sum())
    assert held_jd > 0  # the jack of diamonds is a diamond
    # with hearts trump the same void also keeps the jack of diamonds (the left bower) from seat 1
    ws, _ = sample_worlds(NA, hands, 2, 0, 0, seed=5, worlds=30, voids=[0, 4, 0, 0])
    assert not (ws[:, 1] & int(SUIT_MASK[2, 2])).any()


def _table_rows(rules, seed: int, n: int = 300):
    """``n`` random deals of ``rules`` for the ending-table tests: every fourth alone pattern with defending
    alone, one row in seven in no trump (trump 4), the first leader each contract gives."""
    rng = np.random.default_rng(seed)
    rows = []
    for i in range(n):
        maker, alone, def_alone, out = contract(rng, PATTERNS[i % 4]) if rules is LONE_DEF else (i % 4, False, -1, 0)
        rows.append((deal(rng, rules, out), int(rng.integers(5 if i % 7 == 0 else 4)), maker, alone, def_alone, out))
    hands = np.array([r[0] for r in rows], dtype=np.uint64)
    trump, maker, alone, def_alone, out = (np.array([r[k] for r in rows]) for k in range(1, 6))
    leader = np.array([first_leader(rules, 3, m if a else None, d if d >= 0 else None)
                       for m, a, d in zip(maker, alone, def_alone)])
    return hands, trump, leader, out, maker, alone, def_alone


@pytest.mark.parametrize("rules", [NA, LONE_DEF, preset("australian32")],
                         ids=["north-american", "defend-alone", "32-cards"])
def test_the_two_trick_table_changes_no_card(rules, monkeypatch):
    """The search reads two-trick endings of four hands from the shipped table (and decides the last card
    of the trick before them in place): every play-out, every probe and band of the valuation, and the
    nodes, as when the search solves those endings itself on its frames.  Alone and defending alone (three
    hands: no table) and no trump mixed in.  Without the three-trick table (it would read most of the
    endings that reach two tricks: see the next test)."""
    from euchre_stats.cardplay import realistic as R

    monkeypatch.setattr(R, "_three_endings", lambda kernels: R._NO_ENDINGS)

    hands, trump, leader, out, maker, alone, def_alone = _table_rows(rules, 17)
    tables = []
    original = R._two_endings
    monkeypatch.setattr(R, "_two_endings", lambda kernels: tables.append(original(kernels)) or tables[-1])
    with_table = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    a = play_realistic(rules, hands, trump, leader, out, maker, alone, def_alone, seed=5, worlds=12, threads=2,
                       stats=with_table)
    assert tables and tables[0].shape == (R._solver_kernels.TWO_WORDS,)  # the trump rows had the table
    monkeypatch.setattr(R, "_two_endings", lambda kernels: R._NO_ENDINGS)
    without = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    b = play_realistic(rules, hands, trump, leader, out, maker, alone, def_alone, seed=5, worlds=12, threads=2,
                       stats=without)
    assert (a == b).all()
    # decisions, worlds, probes, bands, and the search's nodes (a table read counts as the node it replaces)
    assert (with_table == without).all()
    # and the kernel does read it: a table of zeros (side 0 never takes a trick of two) changes the play
    monkeypatch.setattr(R, "_two_endings", lambda kernels: np.zeros_like(tables[0]))
    wrong = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    play_realistic(rules, hands, trump, leader, out, maker, alone, def_alone, seed=5, worlds=12, threads=2,
                   stats=wrong)
    assert (wrong != without).any()


@pytest.mark.parametrize("rules", [NA, LONE_DEF, preset("australian32")],
                         ids=["north-american", "defend-alone", "32-cards"])
def test_the_three_trick_table_changes_no_card(rules, monkeypatch):
    """Below the root the search reads three-trick endings of four hands from the shipped table (and decides
    the last card of the trick before them in place): every play-out, every decision, world, probe and band
    of the valuation as when the search solves those endings itself; only the nodes and the transposition
    table's probes change (fewer).  Alone and defending alone (three hands: not read), no trump mixed in,
    and the 32-card pack (longer suits: shapes not in the table are searched)."""
    from euchre_stats.cardplay import realistic as R

    hands, trump, leader, out, maker, alone, def_alone = _table_rows(rules, 23)
    tables = []
    original = R._three_endings
    monkeypatch.setattr(R, "_three_endings", lambda kernels: tables.append(original(kernels)) or tables[-1])
    with_table = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    a = play_realistic(rules, hands, trump, leader, out, maker, alone, def_alone, seed=5, worlds=12, threads=2,
                       stats=with_table)
    assert tables and tables[0].shape == (R._solver_kernels.THREE_WORDS,)  # the trump rows had the table
    monkeypatch.setattr(R, "_three_endings", lambda kernels: R._NO_ENDINGS)
    without = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    b = play_realistic(rules, hands, trump, leader, out, maker, alone, def_alone, seed=5, worlds=12, threads=2,
                       stats=without)
    assert (a == b).all()
    # the same decisions and worlds; the search's nodes and table probes fewer.  (The valuation's bands may
    # differ by a few: a root that the transposition table settled without a move in one run may be searched,
    # and so name the move that proved it, in the other, since the tables hold other positions.)
    same = [K.ST_DECISIONS, K.ST_FORCED, K.ST_WORLDS, K.ST_EXACT, K.ST_CACHED]
    assert (with_table[same] == without[same]).all()
    assert with_table[0] < without[0] and with_table[1] < without[1]
    assert abs(with_table[K.ST_BANDS] - without[K.ST_BANDS]) <= without[K.ST_BANDS] // 1000
    # and the kernel does read it: a table of zeros (the leader's side never takes a trick of three) changes the play
    monkeypatch.setattr(R, "_three_endings", lambda kernels: np.zeros_like(tables[0]))
    wrong = np.zeros(K.NUM_PLAY_STATS, dtype=np.int64)
    play_realistic(rules, hands, trump, leader, out, maker, alone, def_alone, seed=5, worlds=12, threads=2,
                   stats=wrong)
    assert (wrong[same] != without[same]).any()


def test_a_batch_mixing_no_trump_and_trump_plays_each_deal_as_alone():
    rng = np.random.default_rng(33)
    n = 24
    hands = np.array([deal(rng, NA, 0) for _ in range(n)], dtype=np.uint64)
    trump = np.where(np.arange(n) % 3 == 0, 4, rng.integers(0, 4, n))
    mixed = play_realistic(NA, hands, trump, 0, 0, 1, False, -1, seed=4, worlds=12, threads=2)
    for t in (4, int(trump[1])):
        rows = np.flatnonzero(trump == t)
        alone = play_realistic(NA, hands[rows], t, 0, 0, 1, False, -1, seed=4, worlds=12, threads=1, streams=rows)
        assert (alone == mixed[rows]).all(), t


def test_kernel_and_slow_twin_score_alike_over_many_deals():
    rng = np.random.default_rng(12)
    n = 40
    hands = np.array([deal(rng, NA, 0) for _ in range(n)], dtype=np.uint64)
    trump = rng.integers(0, 4, n)
    fast = play_realistic(NA, hands, trump, 0, 0, 1, False, -1, seed=4, worlds=16)
    slow = np.array([play_slow(NA, hands[i], int(trump[i]), 0, 0, 1, False, -1, rng, worlds=16) for i in range(n)])
    # the same policy with other samples: the hands mostly score the same (tricks differ more: once the
    # points are settled every card is worth the same and the lowest is played)
    pts = points_table(NA, np.array([1]), np.array([False]), np.array([-1]))[0]
    assert (pts[fast] == pts[slow]).mean() >= 0.7
    assert abs(float(pts[fast].mean()) - float(pts[slow].mean())) < 0.5


def test_lead_values_score_each_lead_for_the_leader():
    rng = np.random.default_rng(9)
    hands = np.array([deal(rng, NA, 0) for _ in range(30)], dtype=np.uint64)
    tricks, points = lead_values_realistic(NA, hands, 1, 0, 0, 2, False, -1, seed=3, worlds=8)
    held = hands[:, 0]
    for i in range(30):
        for c in range(33):
            if (int(held[i]) >> c) & 1:
                assert 0 <= tricks[i, c] <= 5
                mine = tricks[i, c]
                expect = (2 if mine == 5 else 1 if mine >= 3 else -2)
                assert points[i, c] == expect
            else:
                assert tricks[i, c] == -1 and np.isnan(points[i, c])
    again = lead_values_realistic(NA, hands, 1, 0, 0, 2, False, -1, seed=3, worlds=8, threads=2)
    assert (again[0] == tricks).all()


def test_inputs_are_validated():
    hands = np.array([deal(np.random.default_rng(0), NA, 0)], dtype=np.uint64)
    with pytest.raises(RealisticInputError, match="out"):
        play_realistic(NA, hands, 0, 0, 0, 1, True, -1, seed=1)
    with pytest.raises(RealisticInputError, match="def_alone"):
        play_realistic(NA, hands, 0, 0, 0, 1, False, 3, seed=1)
    with pytest.raises(RealisticInputError, match="seed"):
        play_realistic(NA, hands, 0, 0, 0, 1, False, -1, seed=-1)
    with pytest.raises(RealisticInputError, match="won"):
        play_realistic(NA, hands, 0, 0, 0, 1, False, -1, seed=1, won=1)
    with pytest.raises(RealisticInputError, match="worlds"):
        play_realistic(NA, hands, 0, 0, 0, 1, False, -1, seed=1, worlds=0)


TWO = preset("north-american").replace(players=2)
CUT = preset("north-american").replace(players=3, hand_size=7)


def _two_handed_deal(rng, top: int):
    """Seat 0 holds ``top``, seat 1 five random cards of the rest (two-handed: seats 2 and 3 out)."""
    return [top, *_around(rng, TWO, top, (5,)), 0, 0]


def test_two_handed_plays_on_seats_0_and_1_and_the_dealer_keeps_the_upcard():
    rng = np.random.default_rng(8)
    top = parse_hand("Jh Jd Ah Kh Qh")
    hands = np.array([_two_handed_deal(rng, top) for _ in range(40)], dtype=np.uint64)
    # a lay-down from eldest (seat 0) against the dealer (seat 1): every trick, whoever made trump
    for maker in (0, 1):
        r = play_realistic(TWO, hands, 2, 0, 0b1100, maker, False, -1, seed=3, dealer=1)
        assert r.tolist() == [5] * 40
    # the upcard the dealer (seat 1) took up is in the dealer's hand in every world of eldest's
    up = parse_card("9h")
    h = [parse_hand("As Ks Qs Ac Kc"), parse_hand("9h Td 9d Tc 9c"), 0, 0]
    ws, _ = sample_worlds(TWO, h, 2, 0, 0b1100, seed=4, worlds=60, up_known=up, dealer=1)
    assert len(ws) == 60 and all(int(w[1]) >> up & 1 for w in ws) and not any(int(w[3]) for w in ws)
    # without it the upcard is just one unseen card of eighteen
    ws, _ = sample_worlds(TWO, h, 2, 0, 0b1100, seed=4, worlds=200, dealer=1)
    assert 0 < sum(int(w[1]) >> up & 1 for w in ws) < 120


def test_cutthroat_maker_on_seat_1_against_the_coalition():
    from euchre_stats.cardplay.contracts import game_maker_tricks

    rng = np.random.default_rng(9)
    trumps = parse_hand("Jh Jd Ah Kh Qh Th 9h")
    pairs = [_around(rng, CUT, trumps, (7, 7)) for _ in range(30)]
    hands = np.array([[zero, trumps, two] for zero, two in pairs], dtype=np.uint64)
    # the maker (game seat 1) holds every trump: all seven tricks, realistic or double dummy
    for model in ("pimc", "dd"):
        assert game_maker_tricks(CUT, hands, 2, 1, model=model, seed=5).tolist() == [7] * 30
    # with ordinary hands realistic play stays in range and follows the seed
    deals = np.array([_around(rng, CUT, 0, (7, 7, 7)) for _ in range(30)], dtype=np.uint64)
    a = game_maker_tricks(CUT, deals, 0, np.arange(30) % 3, model="pimc", seed=6)
    b = game_maker_tricks(CUT, deals, 0, np.arange(30) % 3, model="pimc", seed=6, threads=2)
    assert (a == b).all() and ((a >= 0) & (a <= 7)).all()


def test_smaller_games_are_validated():
    hands = np.array([_two_handed_deal(np.random.default_rng(1), parse_hand("Jh Jd Ah Kh Qh"))], dtype=np.uint64)
    with pytest.raises(RealisticInputError, match="nobody goes alone"):
        play_realistic(TWO, hands, 2, 0, 0b1100, 0, True, -1, seed=1, dealer=1)
    three = np.array([[parse_hand("9c Tc Jc Qc Kc"), parse_hand("Jh Jd Ah Kh Qh"), parse_hand("Ts Js Qs Ks As"), 0]],
                     dtype=np.uint64)
    with pytest.raises(RealisticInputError, match="seats 12 out"):
        play_realistic(TWO, three, 2, 0, 0b1000, 0, False, -1, seed=1, dealer=1)
    with pytest.raises(RealisticInputError, match="dealer 3 is not where"):
        play_realistic(TWO, hands, 2, 0, 0b1100, 0, False, -1, seed=1)
    cut = np.array([[parse_hand("9c Tc Jc Qc Kc Ac 9s"), parse_hand("Jh Jd Ah Kh Qh Th 9h"),
                     parse_hand("Ts Js Qs Ks As 9d Td"), 0]], dtype=np.uint64)
    with pytest.raises(RealisticInputError, match="maker 0 or dealer"):
        play_realistic(CUT, cut, 2, 0, 0b1000, 0, False, -1, seed=1, dealer=2)
    with pytest.raises(RealisticInputError, match="dealer 9 is not a seat"):
        play_realistic(CUT, cut, 2, 0, 0b1000, 1, False, -1, seed=1, dealer=9)


def test_a_makers_tied_leads_go_highest_first_and_a_defenders_lowest():
    # Jh Jd Ah Kh Qh, hearts trump, leading: every lead marches in every world (or, for a defender, euchres), so
    # all five tie; the makers' side leads its right bower, a defender its lowest trump, the queen, whatever the
    # suit order (core/ties.decision_order)
    rng = np.random.default_rng(3)
    rules = preset("north-american")
    mine = parse_hand("Jh Jd Ah Kh Qh")
    rest = [c for c in rules.deck_obj.cards if not (mine >> c) & 1]
    worlds = []
    for _ in range(24):
        cs = rng.permutation(rest)
        worlds.append([mine] + [sum(1 << int(c) for c in cs[5 * k:5 * k + 5]) for k in range(3)])
    worlds = np.array(worlds, dtype=np.int64)
    for o in ORDERS.tolist()[::5]:
        for maker, led in ((0, 2 * 8 + 4), (2, 2 * 8 + 4), (1, 2 * 8 + 5), (3, 2 * 8 + 5)):
            card, sums = decide_given_worlds(rules, worlds, 2, 0, 0, maker, False, -1, order=o)
            assert card == led and len({int(sums[c]) for c in range(33) if (mine >> c) & 1}) == 1


def _eldest_rows(n: int, seed: int, hand: str = "Js Ts Kh Ac Jc", up: str = "As"):
    """``n`` deals where eldest (seat 0) holds ``hand`` and has ordered the dealer up (``up`` in the dealer's
    hand, a card of the dealer's discarded): eldest leads the first trick."""
    rng = np.random.default_rng(seed)
    mine, u = parse_hand(hand), parse_card(up)
    rest = [c for c in NA.deck_obj.cards if not (mine >> c) & 1 and c != u]
    rows = []
    for _ in range(n):
        cards = rng.permutation(rest)
        dealer = sum(1 << int(c) for c in cards[10:14]) | (1 << u)
        rows.append([mine, sum(1 << int(c) for c in cards[:5]), sum(1 << int(c) for c in cards[5:10]), dealer])
    return np.array(rows, dtype=np.uint64), card_suit(u), u


def test_a_shared_opening_lead_is_one_decision_its_slow_twin_makes_from_the_same_worlds():
    """Eldest's opening lead with the same hand and contract in every deal is decided once, over
    SHARED_LEAD_WORLDS times the worlds, from the stream of its information set's digest: the same card as
    the single-decision entry point chooses from those worlds, and every deal leads it."""
    from euchre_stats.cardplay.realistic import SHARED_LEAD_SEED, SHARED_LEAD_WORLDS, shared_lead_stream
    from euchre_stats.core.ties import tie_order

    hands, trump, up = _eldest_rows(60, 5)
    cache: dict = {}
    kw = dict(seed=17, worlds=12, threads=2, up_known=up)
    shared = play_realistic(NA, hands, trump, 0, 0, 0, False, -1, shared_lead=0, shared_cache=cache, **kw)
    assert len(cache) == 1
    (key, card), = cache.items()
    stream = shared_lead_stream(key)
    ws, exact = sample_worlds(NA, hands[0], trump, 0, 0, seed=SHARED_LEAD_SEED, stream=stream,
                              worlds=12 * SHARED_LEAD_WORLDS, up_known=up)
    assert not exact and len(ws) == 12 * SHARED_LEAD_WORLDS
    twin, _ = decide_given_worlds(NA, ws, trump, 0, 0, 0, False, -1, order=tie_order(SHARED_LEAD_SEED, stream))
    assert card == twin and (int(hands[0, 0]) >> card) & 1
    # every deal led it, then played on exactly as a batch with that card already on the table does
    led = hands.copy()
    led[:, 0] &= np.uint64(~(1 << card) & ((1 << 64) - 1))
    apart = play_realistic(NA, led, trump, 0, 0, 0, False, -1, trick=np.full((60, 1), card), **kw)
    assert (apart == shared).all()
    # one thread, or a later call with the decision kept: the same
    again = play_realistic(NA, hands, trump, 0, 0, 0, False, -1, shared_lead=0, shared_cache=cache,
                           **{**kw, "threads": 1})
    assert (again == shared).all()
    # another seed, other deals: the same lead (a property of the information set, not of the run)
    other: dict = {}
    play_realistic(NA, _eldest_rows(7, 8)[0], trump, 0, 0, 0, False, -1, shared_lead=0, shared_cache=other,
                   **{**kw, "seed": 99})
    assert other == cache


def test_only_the_shared_seats_opening_lead_changes():
    """Deals where another seat leads, or eldest's lead is already on the table, play as without sharing;
    each contract (points at stake: alone or not) is a decision of its own."""
    hands, trump, up = _eldest_rows(40, 6)
    kw = dict(seed=3, worlds=12, threads=2, up_known=up)
    # seat 1 leads (as if the maker's side were out of the lead): nothing is shared
    plain = play_realistic(NA, hands, trump, 1, 0, 0, False, -1, **kw)
    assert (play_realistic(NA, hands, trump, 1, 0, 0, False, -1, shared_lead=0, **kw) == plain).all()
    # the two contracts in one batch: two decisions
    alone = np.arange(40) % 2 == 1
    out = np.where(alone, 4, 0)
    h = hands.copy()
    h[alone, 2] = 0
    cache: dict = {}
    play_realistic(NA, h, trump, 0, out, 0, alone, -1, shared_lead=0, shared_cache=cache, **kw)
    assert len(cache) == 2
    with pytest.raises(RealisticInputError, match="shared_lead 4"):
        play_realistic(NA, hands, trump, 0, 0, 0, False, -1, shared_lead=4, **kw)


TWIN = r"""
import json, sys
import numba.core.options as o
if sys.argv[1] == "counted":
    del o.DefaultOptions._nrt  # as a numba without the option: the sampler compiles with reference counts
from euchre_stats.cardplay.realistic import sample_worlds
from euchre_stats.core.cards import parse_card
from euchre_stats.engine.search import NO_REFCOUNTS
from euchre_stats.rules import preset
hands, gone = json.loads(sys.argv[2])
out = {"options": NO_REFCOUNTS, "worlds": []}
for stream in range(40):
    for tries, voids in ((32, [0, 1, 0, 0]), (0, [0, 1, 0, 0]), (32, [0, 0, 0, 0])):
        ws, exact = sample_worlds(preset("north-american"), hands, 2, 0, 4, seed=7, stream=stream, worlds=24,
                                  gone=gone, voids=voids, up_known=parse_card("Ah"), tries=tries)
        out["worlds"].append([ws.tolist(), bool(exact)])
print(json.dumps(out))
"""


def test_the_sampler_without_reference_counts_draws_what_it_drew_with_them(tmp_path):
    """The world sampler's functions compile without numba's reference counts (``engine.search.NO_REFCOUNTS``):
    the same source compiled with them (a numba without the option, imitated in a fresh interpreter with an
    empty cache) draws the same worlds, by rejection, by exact unranking and without voids."""
    import json
    import os
    import subprocess
    import sys

    hands, gone = _small_position()
    args = json.dumps([[int(h) for h in hands], int(gone)])
    runs = {}
    for how in ("counted", "as shipped"):
        env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / how)}
        p = subprocess.run([sys.executable, "-P", "-c", TWIN, how, args], capture_output=True, text=True, env=env,
                           timeout=600)
        assert p.returncode == 0, p.stderr[-2000:]
        runs[how] = json.loads(p.stdout)
    assert runs["counted"]["options"] == {} and runs["as shipped"]["options"] == {"_nrt": False}
    assert runs["counted"]["worlds"] == runs["as shipped"]["worlds"]
