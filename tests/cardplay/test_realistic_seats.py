"""Realistic play of six seats: the kernel against its slow twin, its sampler against exact enumeration."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from euchre_stats.core.bits import card_twin
from euchre_stats.core.cards import parse_hand
from euchre_stats.core.ties import ORDERS, decision_order, tie_key
from euchre_stats.core.trump import EFF_SUIT, POWER, SUIT_MASK
from euchre_stats.cardplay.contracts import six_maker_tricks
from euchre_stats.cardplay.realistic_seats import (
    NOT_LEGAL,
    RealisticInputError,
    decide_given_worlds_seats,
    lead_values_seats,
    play_realistic_seats,
    points_table_seats,
    sample_worlds_seats,
)
from euchre_stats.rules import Rules, first_leader, sitting_out
from euchre_stats.solver.seats import solve_seats, solve_seats_many

from slow_pimc_seats import (  # noqa: E402
    DEALER,
    HandState,
    all_worlds,
    bits,
    choose_from_worlds,
    random_deal,
    random_position,
    sample_worlds_slow,
)

SIX = Rules(players=6, deck="33")
#: six-handed with the doubled 25-card pack (cards 0-57: twins 33-56, the red Joker 57)
FIFTY = Rules(players=6, deck="50")
DECKS = pytest.mark.parametrize("rules", [SIX, FIFTY], ids=["deck33", "deck50"])


def _random_deals(rng, n: int, lone_every: int = 6):
    """``n`` random six-handed deals as play starts: (hands, trump, leader, out, maker, alone)."""
    hands = np.zeros((n, 6), dtype=np.uint64)
    trump = rng.integers(4, size=n)
    maker = rng.integers(6, size=n)
    alone = np.arange(n) % lone_every == lone_every - 1
    out = np.zeros(n, dtype=np.int64)
    leader = np.zeros(n, dtype=np.int64)
    for i in range(n):
        loner = int(maker[i]) if alone[i] else None
        out[i] = sitting_out(loner, None, 6)
        hands[i] = random_deal(rng, int(out[i]))
        leader[i] = first_leader(SIX, DEALER, loner)
    return hands, trump, leader, out, maker, alone


def test_kernel_chooses_as_the_slow_twin_given_the_same_worlds():
    rng = np.random.default_rng(20261202)
    total = agree = same_sums = 0
    seen = set()
    for i in range(2400):
        p = random_position(rng, SIX, alone=i % 3 == 2)
        ws = sample_worlds_slow(rng, p, 12)
        args = (p["trump"], p["leader"], p["out"], p["maker"], p["alone"])
        order = int(ORDERS[i % 24])  # every order of the suits for ties
        ref, ref_sums = choose_from_worlds(SIX, ws, p["trump"], p["leader"], p["out"], p["trick"], p["maker"],
                                           p["alone"], p["won"], order=order)
        card, sums = decide_given_worlds_seats(SIX, ws, *args, trick=p["trick"], won=p["won"], order=order)
        total += 1
        agree += card == ref
        same_sums += {c: int(sums[c]) for c in range(33) if sums[c] != NOT_LEGAL} == ref_sums
        seen.add((p["alone"], 5 - bin(p["hands"][p["mover"]]).count("1"), len(p["trick"])))
    print(f"six seats: kernel and slow twin agree on {agree}/{total} cards, {same_sums}/{total} sums")
    assert agree >= 0.99 * total
    assert same_sums >= 0.99 * total
    # every trick but the forced last one, and every place in it, with six seats and with a loner's four
    assert seen == {(a, t, k) for a in (False, True) for t in range(4) for k in range(4 if a else 6)}



def _twin_facts(p) -> tuple[bool, bool, bool]:
    """Of a doubled position: (two copies of a card on the table; the mover holds the twin of a card on the
    table; both Jokers in play)."""
    table = p["trick"]
    pair_down = any(card_twin(c) in table for c in table if card_twin(c) >= 0)
    hand = p["hands"][p["mover"]]
    can_repeat = any((hand >> card_twin(c)) & 1 for c in table if card_twin(c) >= 0)
    inplay = 0
    for h in p["hands"]:
        inplay |= h
    for c in table:
        inplay |= 1 << c
    return pair_down, can_repeat, bool((inplay >> 32) & 1 and (inplay >> 57) & 1)


def test_kernel_chooses_as_the_slow_twin_on_the_doubled_pack():
    # the doubled pack: of two identical cards the later played wins (core.trump and the validated solver in the
    # slow twin; the search's winning threshold in the kernel); 2,400 random decisions, then 300 where the mover
    # holds the twin of a card on the table
    rng = np.random.default_rng(20261204)
    total = agree = same_sums = 0
    facts = Counter()
    seen = set()
    positions = [random_position(rng, FIFTY, alone=i % 3 == 2) for i in range(2400)]
    while len(positions) < 2700:
        p = random_position(rng, FIFTY, alone=len(positions) % 3 == 2)
        if _twin_facts(p)[1]:
            positions.append(p)
    for p in positions:
        ws = sample_worlds_slow(rng, p, 8)
        args = (p["trump"], p["leader"], p["out"], p["maker"], p["alone"])
        ref, ref_sums = choose_from_worlds(FIFTY, ws, p["trump"], p["leader"], p["out"], p["trick"], p["maker"],
                                           p["alone"], p["won"])
        card, sums = decide_given_worlds_seats(FIFTY, ws, *args, trick=p["trick"], won=p["won"])
        quick, _ = decide_given_worlds_seats(FIFTY, ws, *args, trick=p["trick"], won=p["won"], full=False)
        assert sums.shape == (58,)
        total += 1
        agree += card == ref == quick
        same_sums += {c: int(sums[c]) for c in range(58) if sums[c] != NOT_LEGAL} == ref_sums
        facts.update(k for k, f in zip(("pair down", "twin in hand", "both Jokers"), _twin_facts(p)) if f)
        facts["loner"] += p["alone"]
        seen.add((p["alone"], 5 - bin(p["hands"][p["mover"]]).count("1"), len(p["trick"])))
    print(f"doubled pack: kernel and slow twin agree on {agree}/{total} cards, {same_sums}/{total} sums; {facts}")
    assert agree == total
    assert same_sums == total
    assert facts["pair down"] > 150 and facts["twin in hand"] >= 300 and facts["both Jokers"] > 300
    assert facts["loner"] > 800
    assert seen == {(a, t, k) for a in (False, True) for t in range(4) for k in range(4 if a else 6)}


def test_best_first_chooses_as_the_full_sums():
    # the play-outs' best-first evaluation: the card of the full sums, its sum complete, every legal card reported
    rng = np.random.default_rng(20261203)
    partial = 0
    for i in range(600):
        p = random_position(rng, SIX, alone=i % 3 == 2)
        ws = sample_worlds_slow(rng, p, int(rng.integers(1, 25)))
        args = (p["trump"], p["leader"], p["out"], p["maker"], p["alone"])
        card, sums = decide_given_worlds_seats(SIX, ws, *args, trick=p["trick"], won=p["won"])
        quick, quick_sums = decide_given_worlds_seats(SIX, ws, *args, trick=p["trick"], won=p["won"], full=False)
        assert quick == card, (i, p)
        assert quick_sums[card] == sums[card]
        assert ((quick_sums == NOT_LEGAL) == (sums == NOT_LEGAL)).all()
        partial += bool((quick_sums != sums).any())
    assert partial > 100  # most decisions leave the losing cards' sums partial

def test_a_lone_lay_down_takes_every_trick_for_six_points():
    rng = np.random.default_rng(7)
    for maker in (0, 3):
        for _ in range(8):
            hands, leader, out = _lay_down(rng, maker)  # trump hearts: the Joker, both bowers, A K
            side0 = play_realistic_seats(SIX, hands, 2, leader, out, maker, True, seed=3)
            makers = int(side0[0]) if maker % 2 == 0 else 5 - int(side0[0])
            assert makers == 5
            pts = points_table_seats(SIX, maker, True)[0]
            assert (pts[5] if maker % 2 == 0 else -pts[0]) == 6


def test_points_table_is_the_rules():
    # side 0 makes: euchred -3, 3 or 4 tricks 1, march 3 (alone 6); side 1 makes: the mirror
    assert points_table_seats(SIX, 2, False).tolist() == [[-3, -3, -3, 1, 1, 3]]
    assert points_table_seats(SIX, 4, True).tolist() == [[-3, -3, -3, 1, 1, 6]]
    assert points_table_seats(SIX, 1, True).tolist() == [[-6, -1, -1, 3, 3, 3]]


def _late_positions(rng, n: int, tricks_left: int):
    """Positions at the start of the trick with ``tricks_left`` tricks to play, by random legal play."""
    rows = []
    for i in range(n):
        alone = i % 3 == 2
        maker = int(rng.integers(6))
        out = sitting_out(maker if alone else None, None, 6)
        h = HandState(random_deal(rng, out), int(rng.integers(4)), first_leader(SIX, DEALER, maker if alone else None),
                      out)
        na = 6 - bin(out).count("1")
        for _ in range(na * (5 - tricks_left)):
            opts = bits(h.legal())
            h.play(opts[int(rng.integers(len(opts)))])
        rows.append((h, maker, alone))
    return rows


def test_one_trick_left_is_double_dummy():
    rng = np.random.default_rng(11)
    rows = _late_positions(rng, 60, 1)
    hands = np.array([h.hands for h, _, _ in rows], dtype=np.uint64)
    args = dict(trump=[h.trump for h, _, _ in rows], leader=[h.leader for h, _, _ in rows],
                out=[h.out for h, _, _ in rows], maker=[m for _, m, _ in rows], alone=[a for _, _, a in rows])
    got = play_realistic_seats(SIX, hands, **args, seed=1, gone=[h.gone for h, _, _ in rows],
                               voids=[h.voids for h, _, _ in rows], won=[h.won for h, _, _ in rows])
    for i, (h, _, _) in enumerate(rows):
        want = solve_seats_many(hands[i:i + 1].astype(np.int64), h.trump, h.leader,
                                out=[s for s in range(6) if (h.out >> s) & 1])
        assert got[i] == want[0]


def test_same_seed_same_play_on_one_and_two_threads_and_any_chunks():
    rng = np.random.default_rng(12)
    hands, trump, leader, out, maker, alone = _random_deals(rng, 24)
    up = np.array([min(bits(int(h))) if h else -1 for h in hands[:, DEALER]])  # the dealer took up its lowest card
    kw = dict(seed=99, worlds=8, up_known=up)
    one = play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, threads=1, **kw)
    two = play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, threads=2, **kw)
    assert one.tolist() == two.tolist()
    # a deal played alone from its own stream plays as it did in the batch
    i = 5
    alone_i = play_realistic_seats(SIX, hands[i:i + 1], trump[i], leader[i], out[i], maker[i], alone[i],
                                   streams=[i], threads=1, seed=99, worlds=8, up_known=up[i])
    assert alone_i[0] == one[i]
    other = play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, threads=1, seed=100, worlds=8,
                                 up_known=up)
    assert ((0 <= other) & (other <= 5)).all()


def _check_world(p, w):
    mover, t = p["mover"], p["trump"]
    assert all(x & ~p["deck"] == 0 for x in w), "a card outside the deck"
    table = sum(1 << c for c in p["trick"])
    assert w[mover] == p["hands"][mover]
    seen = 0
    for s in range(6):
        assert w[s] & seen == 0
        seen |= w[s]
        assert bin(w[s]).count("1") == bin(p["hands"][s]).count("1")
        for c in bits(w[s]):
            assert not (p["voids"][s] >> int(EFF_SUIT[t, c])) & 1, "a shown void breached"
    assert seen & (p["gone"] | table) == 0
    if p["up"] >= 0:
        assert (w[DEALER] >> p["up"]) & 1, "the dealer's known upcard missing"


@DECKS
@pytest.mark.parametrize("tries", [32, 0], ids=["rejection", "exact-unranking"])
def test_sampled_worlds_keep_the_voids_and_the_dealers_upcard(tries, rules):
    rng = np.random.default_rng(13)
    checked = voided = 0
    for i in range(400):
        p = random_position(rng, rules, alone=i % 3 == 2)
        ws, exact = sample_worlds_seats(rules, p["hands"], p["trump"], p["leader"], p["out"], seed=5, stream=i,
                                        worlds=16, trick=p["trick"], gone=p["gone"], voids=p["voids"],
                                        up_known=p["up"], tries=tries)
        voided += any(p["voids"])
        for w in ws:
            _check_world(p, [int(x) for x in w])
            checked += 1
        if exact:
            assert set(map(tuple, ws.tolist())) == all_worlds(p)
    assert checked > 4000 and voided > 100


def _last_trick(rng, i: int, rules: Rules = SIX):
    """A position in the last trick (a card each still to play; few consistent deals), any seating; on the
    doubled pack (some 20 cards unseen, the rest in a dead pile) at most two seats after the mover."""
    alone = i % 3 == 2
    na = 4 if alone else 6
    down = int(rng.integers(na)) if rules is SIX else int(rng.integers(na - 3, na))
    return random_position(rng, rules, alone, steps=4 * na + down, choice=False)


@DECKS
def test_few_consistent_deals_are_each_taken_once(rules):
    rng = np.random.default_rng(14)
    hits = 0
    for i in range(300):
        p = _last_trick(rng, i, rules)
        every = all_worlds(p)
        ws, exact = sample_worlds_seats(rules, p["hands"], p["trump"], p["leader"], p["out"], seed=1, stream=i,
                                        worlds=24, trick=p["trick"], gone=p["gone"], voids=p["voids"],
                                        up_known=p["up"])
        assert exact == (len(every) <= 24)
        if exact:
            hits += 1
            assert sorted(map(tuple, ws.tolist())) == sorted(every)
        for w in ws:
            _check_world(p, [int(x) for x in w])
    assert 50 < hits < 300


@DECKS
def test_the_dealer_remembers_its_discard(rules):
    """In the last trick (every consistent deal a world): the dealer's worlds are exactly those that
    leave its discard in the dead pile; anybody else's ignore it."""
    rng = np.random.default_rng(15)
    dealer_checked = other_checked = 0
    for i in range(400):
        p = _last_trick(rng, i, rules)
        held = int(np.bitwise_or.reduce(np.array(p["hands"], dtype=np.uint64)))
        dead = p["deck"] & ~held & ~p["gone"] & ~sum(1 << c for c in p["trick"])
        if not dead:
            continue
        d = (dead & -dead).bit_length() - 1
        every = all_worlds(p)
        kw = dict(seed=1, stream=i, worlds=24, trick=p["trick"], gone=p["gone"], voids=p["voids"], up_known=p["up"])
        ws, exact = sample_worlds_seats(rules, p["hands"], p["trump"], p["leader"], p["out"], discard=d, **kw)
        if p["mover"] == DEALER:
            keep = {w for w in every if not any((x >> d) & 1 for x in w)}
            assert exact == (len(keep) <= 24)
            if exact:
                assert sorted(map(tuple, ws.tolist())) == sorted(keep)
                dealer_checked += 1
            assert not (ws & (1 << d)).any()
        else:
            plain, _ = sample_worlds_seats(rules, p["hands"], p["trump"], p["leader"], p["out"], **kw)
            assert (ws == plain).all()
            other_checked += 1
    assert dealer_checked > 5 and other_checked > 50
    if rules is SIX:
        hands = [parse_hand(h) for h in ("Jk Jh Jd Ah Kh", "9s Ts Js Qs Ks", "9c Tc Jc Qc Kc", "9d Td Qd Kd Ad",
                                         "Th Qh 9h Ac As", "7s 8s 7c 8c 7d")]
        with pytest.raises(RealisticInputError, match="discard"):  # a card a seat holds is no discard
            play_realistic_seats(rules, [hands], 2, 0, 0, 0, False, seed=1, discard=parse_hand("Ah").bit_length() - 1)


def test_six_handed_play_outs_know_the_dealers_discard(monkeypatch):
    """The six-handed questions tell the kernel the dealer's discard wherever the dealer took up."""
    from euchre_stats.decide.order import game_order_decision
    from euchre_stats.cardplay import realistic_seats

    seen = []
    run = realistic_seats._run

    def spy(h, t, ld, o, tr, up, g, vd, w, pts, pack, streams, seed, worlds, threads, stats=None, disc=None):
        seen.append((h.copy(), up.copy(), disc.copy()))
        return run(h, t, ld, o, tr, up, g, vd, w, pts, pack, streams, seed, worlds, threads, stats, disc=disc)

    monkeypatch.setattr(realistic_seats, "_run", spy)
    game_order_decision("Jh Jd Ah 9s Tc", "9h", "eldest", SIX, samples=30, seed=2, model="pimc")
    took = 0
    for h, up, disc in seen:
        held = np.bitwise_or.reduce(h, axis=1)
        assert (disc[up >= 0] >= 0).all()
        rows = np.flatnonzero(disc >= 0)
        took += rows.size
        assert not ((held[rows] >> disc[rows]) & 1).any()
    assert took > 5


@DECKS
@pytest.mark.parametrize("tries", [32, 0], ids=["rejection", "exact-unranking"])
def test_sampled_worlds_are_uniform(tries, rules):
    # a last trick with a void that bites and a few dozen consistent deals: one world from each of many streams
    rng = np.random.default_rng(15)
    i = 0
    while True:
        p = _last_trick(rng, 0, rules)
        every = all_worlds(p)
        if 30 <= len(every) <= (120 if rules is SIX else 400) and len(every) < len(all_worlds(dict(p, voids=[0] * 6))):
            break
        i += 1
    draws = 120 * len(every)
    counts = Counter()
    for stream in range(draws):
        ws, exact = sample_worlds_seats(rules, p["hands"], p["trump"], p["leader"], p["out"], seed=2, stream=stream,
                                        worlds=1, trick=p["trick"], gone=p["gone"], voids=p["voids"],
                                        up_known=p["up"], tries=tries)
        assert not exact
        counts[tuple(ws[0].tolist())] += 1
    assert set(counts) == every
    expected = draws / len(every)
    chi2 = sum((counts[w] - expected) ** 2 / expected for w in every)
    # chi-square with len(every) - 1 degrees of freedom: mean k, sd sqrt(2k); six sd is far out
    k = len(every) - 1
    assert chi2 < k + 6 * (2 * k) ** 0.5


@pytest.mark.parametrize("tries", [32, 0], ids=["rejection", "exact-unranking"])
def test_doubled_first_trick_worlds_past_the_count_limit_are_uniform(tries):
    # the doubled pack's first trick: some 43 unseen cards deal in about 10**25 ways, too many to count in int64,
    # so worlds are shuffled and rejected only (tries=0 too).  One seat has shown a void: its cards are a uniform
    # subset of the unseen cards outside that suit, the rest of the deal uniform; every (card, seat) frequency
    # against that closed form
    rng = np.random.default_rng(26)
    while True:
        p = random_position(rng, FIFTY, alone=False, steps=2, choice=False)
        if any(p["voids"]):
            break
    t, mover = p["trump"], p["mover"]
    a = next(s for s in range(6) if p["voids"][s])
    e = int(p["voids"][a]).bit_length() - 1
    up = p["up"] if mover != DEALER else -1
    table = sum(1 << c for c in p["trick"])
    unseen = FIFTY.deck_obj.mask & ~table & ~p["hands"][mover] & ~((1 << up) if up >= 0 else 0)
    g1 = unseen & int(SUIT_MASK[t, e])
    g2 = unseen & ~g1
    nu, n2 = bin(unseen).count("1"), bin(g2).count("1")
    need = {s: bin(p["hands"][s]).count("1") - (1 if s == DEALER and up >= 0 else 0) for s in range(6) if s != mover}
    assert nu >= 40 and g1
    n = 3000
    ws, exact = sample_worlds_seats(FIFTY, p["hands"], t, p["leader"], p["out"], seed=3, worlds=n, trick=p["trick"],
                                    voids=p["voids"], up_known=p["up"], tries=tries)
    assert not exact and ws.shape == (n, 6)
    worst = 0.0
    for s, k in need.items():
        got = np.array([[(int(w[s]) >> c) & 1 for c in bits(unseen)] for w in ws]).mean(axis=0)
        for c, f in zip(bits(unseen), got):
            if s == a:
                want = 0.0 if (g1 >> c) & 1 else k / n2
            else:
                want = k / (nu - need[a]) * (1.0 if (g1 >> c) & 1 else 1 - need[a] / n2)
            sd = (want * (1 - want) / n) ** 0.5
            assert abs(f - want) <= 5 * sd + 1e-12, (s, c, f, want)
            worst = max(worst, abs(f - want) / max(sd, 1e-12))
    for w in ws[:200]:
        _check_world(p, [int(x) for x in w])
    print(f"first trick of the doubled pack: {nu} unseen cards, worst cell {worst:.2f} sd")


def test_mean_tricks_against_double_dummy():
    rng = np.random.default_rng(16)
    hands, trump, leader, out, maker, alone = _random_deals(rng, 300)
    side0 = play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, seed=5, threads=1)
    real = np.where(maker % 2 == 0, side0, 5 - side0)
    dd = six_maker_tricks(SIX, hands, trump, maker, out)
    print(f"makers' mean tricks over 300 random deals: realistic {real.mean():.3f}, double dummy {dd.mean():.3f}")
    assert ((0 <= side0) & (side0 <= 5)).all()
    # random deals and random makers: neither model is a bound on the other, but they play the same cards
    assert abs(real.mean() - dd.mean()) < 0.3
    assert np.mean(np.abs(real - dd)) < 1.0


def test_bad_inputs_are_named():
    rng = np.random.default_rng(17)
    hands, trump, leader, out, maker, alone = _random_deals(rng, 2)
    good = dict(seed=1)
    with pytest.raises(RealisticInputError, match="players 4"):
        play_realistic_seats(Rules(), hands, trump, leader, out, maker, alone, **good)
    with pytest.raises(RealisticInputError, match="trump 4"):
        play_realistic_seats(SIX, hands, 4, leader, out, maker, alone, **good)
    with pytest.raises(RealisticInputError, match="out 5 does not match"):
        play_realistic_seats(SIX, hands, trump, leader, 5, maker, alone, **good)
    twice = hands.copy()
    twice[0, 1] = twice[0, 0]
    with pytest.raises(RealisticInputError, match="twice"):
        play_realistic_seats(SIX, twice, trump, leader, out, maker, alone, **good)
    missing = min(c for c in range(33) if not (int(hands[0, DEALER]) >> c) & 1)
    with pytest.raises(RealisticInputError, match=f"row 0: up_known {missing} is not in the dealer's"):
        play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, up_known=[missing, -1], **good)
    with pytest.raises(RealisticInputError, match="seed"):
        play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, seed=-1)
    with pytest.raises(RealisticInputError, match="worlds"):
        play_realistic_seats(SIX, hands, trump, leader, out, maker, alone, seed=1, worlds=0)
    with pytest.raises(RealisticInputError, match="shape"):
        play_realistic_seats(SIX, hands[:, :4], trump, leader, out, maker, alone, **good)


def test_bad_worlds_are_named():
    rng = np.random.default_rng(18)
    p = random_position(rng, SIX, alone=False, steps=3)
    ws = sample_worlds_slow(rng, p, 4)
    args = (p["trump"], p["leader"], p["out"], p["maker"], p["alone"])
    card, sums = decide_given_worlds_seats(SIX, ws, *args, trick=p["trick"], won=p["won"])
    assert sums[card] == max(sums)
    bad = ws.copy()
    bad[1, p["mover"]] = ws[1, (p["mover"] + 1) % 6]
    with pytest.raises(RealisticInputError, match="world 1"):
        decide_given_worlds_seats(SIX, bad, *args, trick=p["trick"], won=p["won"])
    assert len(p["trick"]) == 3  # three cards into the first trick
    held = bits(int(ws[0, p["mover"]]))[0]
    with pytest.raises(RealisticInputError, match="is also held"):
        decide_given_worlds_seats(SIX, ws, *args, trick=[held] + p["trick"][1:], won=p["won"])


# --- starting inside a trick ------------------------------------------------------------------------
def _lay_down(rng, maker: int):
    """A lone lay-down of hearts (the Joker, both bowers, A K) by ``maker``: (hands (1, 6), leader, out)."""
    out = sitting_out(maker, None, 6)
    top = parse_hand("Jk Jh Jd Ah Kh")
    rest = [c for c in rng.permutation(33) if not (top >> int(c)) & 1]
    hands = np.zeros((1, 6), dtype=np.uint64)
    k = 0
    for s in range(6):
        if s == maker:
            hands[0, s] = top
        elif not (out >> s) & 1:
            hands[0, s] = sum(1 << int(c) for c in rest[k:k + 5])
            k += 5
    return hands, first_leader(SIX, DEALER, maker), out


def _state_args(states):
    """play_realistic_seats' arguments of a list of (HandState, maker, alone)."""
    return dict(trump=[h.trump for h, _, _ in states], leader=[h.leader for h, _, _ in states],
                out=[h.out for h, _, _ in states], maker=[m for _, m, _ in states], alone=[a for _, _, a in states],
                gone=[h.gone for h, _, _ in states], won=[h.won for h, _, _ in states])


def _one_run(h: HandState) -> bool:
    """Whether the legal cards of the player to move are one class of the kernel (one effective suit, and
    every card between them in power is theirs or gone in a trick before): a card played at once, from no
    random number."""
    legal = bits(h.legal())
    t = h.trump
    if len({int(EFF_SUIT[t, c]) for c in legal}) != 1:
        return False
    e = int(EFF_SUIT[t, legal[0]])
    lo, hi = min(int(POWER[t, c]) for c in legal), max(int(POWER[t, c]) for c in legal)
    return all((h.hands[h.seat] | h.gone) >> c & 1 for c in range(33)
               if EFF_SUIT[t, c] == e and lo < POWER[t, c] < hi)


def test_last_trick_in_progress_is_double_dummy():
    # one card left each, some already on the table: the rest is forced, the result counts this trick
    rng = np.random.default_rng(21)
    rows = []
    for i in range(90):
        alone = i % 3 == 2
        na = 4 if alone else 6
        p = random_position(rng, SIX, alone, steps=4 * na + 1 + i % (na - 1), choice=False)
        rows.append(p)
    assert {len(p["trick"]) for p in rows} == {1, 2, 3, 4, 5}
    hands = np.array([p["hands"] for p in rows], dtype=np.uint64)
    trick = np.full((len(rows), 5), -1, dtype=np.int64)
    for i, p in enumerate(rows):
        trick[i, :len(p["trick"])] = p["trick"]
    got = play_realistic_seats(SIX, hands, [p["trump"] for p in rows], [p["leader"] for p in rows],
                               [p["out"] for p in rows], [p["maker"] for p in rows], [p["alone"] for p in rows],
                               seed=4, trick=trick, gone=[p["gone"] for p in rows], won=[p["won"] for p in rows],
                               up_known=[p["up"] for p in rows])
    wins = 0
    for i, p in enumerate(rows):
        want = solve_seats([int(x) for x in p["hands"]], p["trump"], p["leader"], played=p["trick"],
                           out=[s for s in range(6) if (p["out"] >> s) & 1])
        assert got[i] == want, (i, p)
        wins += want
    assert 0 < wins < len(rows)


def test_mid_trick_start_after_the_kernels_own_forced_cards_plays_as_from_the_trick_start():
    # Positions with two or three tricks left whose first card (or two) the kernel plays at once (one
    # class of legal cards: no random number drawn; the makers' highest card led, else the lowest): played from
    # the trick boundary and from after those cards on the same random stream, every later decision sees the
    # same worlds and every deal must end the same.
    rng = np.random.default_rng(22)
    start, mid, tricks = [], [], []
    while len(start) < 48:
        alone = len(start) % 3 == 2
        maker = int(rng.integers(6))
        out = sitting_out(maker if alone else None, None, 6)
        h = HandState(random_deal(rng, out), int(rng.integers(4)), first_leader(SIX, DEALER, maker if alone else None),
                      out)
        na = 6 - bin(out).count("1")
        for _ in range(na * int(rng.integers(2, 4))):
            opts = bits(h.legal())
            h.play(opts[int(rng.integers(len(opts)))])
        if not _one_run(h):
            continue
        before = HandState(h.hands, h.trump, h.leader, h.out)
        before.gone, before.won, before.voids = h.gone, h.won, list(h.voids)
        # a lead: the makers' side leads the highest of the run, a defender the lowest (core/ties.decision_order)
        od = decision_order(0, 0, h.seat, maker % 2)
        h.play(min(bits(h.legal()), key=lambda c: tie_key(c, h.trump, od)))
        kind = len(start) % 3  # one card on the table; two; two, the second showing a void
        if kind:
            if not _one_run(h):
                continue
            second = bits(h.legal())[0]
            if kind == 2 and EFF_SUIT[h.trump, second] == EFF_SUIT[h.trump, h.trick[0]]:
                continue
            h.play(second)
        start.append((before, maker, alone))
        mid.append((h, maker, alone))
        tricks.append(list(h.trick))
    assert [len(t) for t in tricks] == [1, 2, 2] * 16
    streams = np.arange(len(start)) + 1000
    st0 = np.zeros(7, dtype=np.int64)
    st1 = np.zeros(7, dtype=np.int64)
    a = play_realistic_seats(SIX, np.array([h.hands for h, _, _ in start], dtype=np.uint64), **_state_args(start),
                             voids=[h.voids for h, _, _ in start], seed=8, worlds=8, streams=streams, stats=st0)
    trick = np.full((len(mid), 5), -1, dtype=np.int64)
    for i, t in enumerate(tricks):
        trick[i, :len(t)] = t
    # the voids before the trick only: those its cards show are the kernel's to find
    b = play_realistic_seats(SIX, np.array([h.hands for h, _, _ in mid], dtype=np.uint64), **_state_args(mid),
                             voids=[h.voids for h, _, _ in start], trick=trick, seed=8, worlds=8, streams=streams,
                             stats=st1)
    assert a.tolist() == b.tolist()
    # the same decisions from the same worlds: the same searches (decisions, worlds, probes, exact samples,
    # nodes, table clears); only the cards on the table were forced from the boundary
    same = [0, 2, 3, 4, 5, 6]
    assert st0[same].tolist() == st1[same].tolist()
    assert st0[1] == st1[1] + sum(len(t) for t in tricks)
    assert st0[0] > 40
    assert len(set(a.tolist())) > 1
    # another stream: other worlds, and still the same deal from either start
    c = play_realistic_seats(SIX, np.array([h.hands for h, _, _ in mid], dtype=np.uint64), **_state_args(mid),
                             voids=[h.voids for h, _, _ in start], trick=trick, seed=9, worlds=8, streams=streams)
    d = play_realistic_seats(SIX, np.array([h.hands for h, _, _ in start], dtype=np.uint64), **_state_args(start),
                             voids=[h.voids for h, _, _ in start], seed=9, worlds=8, streams=streams)
    assert c.tolist() == d.tolist()


def test_lead_values_of_a_lone_lay_down_are_five_tricks_for_every_card():
    rng = np.random.default_rng(23)
    for maker in (0, 3, 4):
        hands, first, out = _lay_down(rng, maker)
        makers = 5 if maker % 2 == 0 else 0  # side 0's tricks
        for leader in (first, maker):  # a defender's leads (the first lead), the loner's own
            vals = lead_values_seats(SIX, hands, 2, leader, out, maker, True, seed=2, worlds=8)
            held = bits(int(hands[0, leader]))
            assert [int(vals[0, c]) for c in held] == [makers] * 5
            assert (np.delete(vals[0], held) == -1).all()
            other = bits(int(hands[0, next(s for s in range(6) if s != leader and hands[0, s])]))[0]
            some = lead_values_seats(SIX, hands, 2, leader, out, maker, True, held[:2] + [other], seed=2, worlds=8)
            assert [int(some[0, c]) for c in held] == [makers] * 2 + [-1] * 3
            assert (some[0] >= 0).sum() == 2  # a card the leader does not hold is not tried


def test_lead_values_are_mid_trick_play_outs_from_each_deals_stream_on_any_threads():
    rng = np.random.default_rng(24)
    hands, trump, leader, out, maker, alone = _random_deals(rng, 10)
    up = np.array([min(bits(int(h))) if h else -1 for h in hands[:, DEALER]])
    kw = dict(seed=31, worlds=6, up_known=up)
    one = lead_values_seats(SIX, hands, trump, leader, out, maker, alone, threads=1, **kw)
    two = lead_values_seats(SIX, hands, trump, leader, out, maker, alone, threads=2, **kw)
    assert one.tolist() == two.tolist()
    for i in range(10):
        held = bits(int(hands[i, leader[i]]))
        assert sorted(np.flatnonzero(one[i] >= 0).tolist()) == held
    # deal 3's lead of its lowest card: the same deal played from that card on the deal's own stream
    i = 3
    c = bits(int(hands[i, leader[i]]))[0]
    h = hands[i:i + 1].copy()
    h[0, leader[i]] &= ~np.uint64(1 << c)
    ups = up[i] if up[i] != c else -1
    alone_i = play_realistic_seats(SIX, h, trump[i], leader[i], out[i], maker[i], alone[i], trick=[c], streams=[i],
                                   seed=31, worlds=6, up_known=ups, threads=1)
    assert alone_i[0] == one[i, c]
    # and a batch started inside tricks plays the same on one and two threads
    trick = [[bits(int(hands[i, leader[i]]))[-1]] for i in range(10)]  # each leader's highest card
    hm = hands.copy()
    for i in range(10):
        hm[i, leader[i]] &= ~np.uint64(1 << trick[i][0])
    upm = np.where(up == np.array([t[0] for t in trick]), -1, up)
    r1 = play_realistic_seats(SIX, hm, trump, leader, out, maker, alone, trick=trick, seed=31, worlds=6,
                              up_known=upm, threads=1)
    r2 = play_realistic_seats(SIX, hm, trump, leader, out, maker, alone, trick=trick, seed=31, worlds=6,
                              up_known=upm, threads=2)
    assert r1.tolist() == r2.tolist()
    assert r1.tolist() == [int(one[i, trick[i][0]]) for i in range(10)]


def test_bad_tricks_are_named():
    rng = np.random.default_rng(25)
    p = random_position(rng, SIX, alone=False, steps=6 + 2, choice=False)  # two cards into the second trick
    assert len(p["trick"]) == 2
    hands = np.array([p["hands"]], dtype=np.uint64)
    args = (p["trump"], p["leader"], p["out"], p["maker"], p["alone"])
    kw = dict(seed=1, worlds=4, gone=p["gone"], won=p["won"])
    good = play_realistic_seats(SIX, hands, *args, trick=p["trick"], **kw)
    assert 0 <= good[0] <= 4

    def bad(match, trick=p["trick"], h=hands, **more):
        with pytest.raises(RealisticInputError, match=match):
            play_realistic_seats(SIX, h, *args, trick=trick, **dict(kw, **more))

    bad(r"trick \[\[1, 2\], \[3, 4\]\]: expected one sequence", trick=[[1, 2], [3, 4]])
    bad(r"trick \[1, 2, 3, 4, 5, 6\]: expected", trick=[1, 2, 3, 4, 5, 6])
    bad(r"expected one sequence .* dtype float64", trick=[1.5])
    bad(r"row 0: trick \[33\] .*cards 0-32", trick=[33])
    bad(r"row 0: trick \[\] \(row \[-1, 4, -1, -1, -1\]\): .*then -1 padding", trick=[-1, 4])
    c1, c2 = p["trick"]
    bad(rf"row 0: trick \[{c1}, {c1}\] holds a card twice", trick=[c1, c1])
    held = bits(p["hands"][p["mover"]])[0]
    bad(rf"row 0: card {held} of the trick \[{held}, {c2}\] is also held", trick=[held, c2])
    g = bits(p["gone"])[0]
    bad(rf"row 0: card {g} of the trick \[{c1}, {g}\] is also in gone", trick=[c1, g])
    bad(r"row 0: hands of .* with the trick .* counting the card it has put on the table", trick=[c1])
    bad(r"row 0: hands of .* \(a trick boundary\)", trick=None)
    # a full trick is no trick in progress
    q = random_position(rng, SIX, alone=True, steps=3, choice=False)
    with pytest.raises(RealisticInputError, match=r"holds 4 cards: with 4 seats in play .* at most 3"):
        play_realistic_seats(SIX, np.array([q["hands"]], dtype=np.uint64), q["trump"], q["leader"], q["out"],
                             q["maker"], True, seed=1, trick=q["trick"] + [bits(q["hands"][q["mover"]])[0]])
    # a card off the led suit while holding it; a card of a suit the seat was said void in
    t = p["trump"]
    second = (p["leader"] + 1) % 6
    led = int(EFF_SUIT[t, c1])
    h2 = [int(x) for x in p["hands"]]
    swap = [c for c in bits(h2[second]) if EFF_SUIT[t, c] != led]
    assert EFF_SUIT[t, c2] == led and swap  # the second seat followed suit and holds another suit
    h2[second] = (h2[second] & ~(1 << swap[0])) | (1 << c2)
    bad(rf"row 0: seat {second} played card {swap[0]} to the trick .* but still holds that suit",
        trick=[c1, swap[0]], h=np.array([h2], dtype=np.uint64))
    voids = [0] * 6
    voids[second] = 1 << int(EFF_SUIT[t, c2])
    bad(rf"row 0: seat {second} is said void in suit {int(EFF_SUIT[t, c2])} but played card {c2}", voids=voids)
    rows2 = np.repeat(hands, 2, axis=0)
    with pytest.raises(RealisticInputError, match=r"shape \(3, 2\)"):
        play_realistic_seats(SIX, rows2, *args, trick=[p["trick"]] * 3, **kw)
    with pytest.raises(RealisticInputError, match=r"cards \[40\]: expected a sequence of deck cards"):
        lead_values_seats(SIX, *_lay_down(rng, 0)[:1], 2, 0, 0b10100, 0, True, [40], seed=1)


# --- the doubled 25-card pack: hand-checkable positions and its inputs --------------------------------
def _doubled_loner(rng, top: str, twin_to: int | None = None):
    """Seat 0 alone in hearts with ``top`` (deck 50); the three defenders hold no trump, except the twin of
    the loner's ace of hearts given to defender ``twin_to``: (hands (1, 6), out)."""
    out = sitting_out(0, None, 6)
    mine = parse_hand(top, deck="50")
    ace_twin = card_twin(parse_hand("Ah", deck="50").bit_length() - 1)
    plain = [c for c in bits(FIFTY.deck_obj.mask & ~int(SUIT_MASK[2, 2]))]
    rest = [int(c) for c in rng.permutation(plain)]
    hands = np.zeros((1, 6), dtype=np.uint64)
    k = 0
    for s in (1, 3, 5):
        cards = rest[k:k + 5]
        k += 5
        if s == twin_to:
            cards = cards[:4] + [ace_twin]
        hands[0, s] = sum(1 << c for c in cards)
    hands[0, 0] = mine
    return hands, out


def test_doubled_lone_lay_down_and_the_later_twin_in_lead_values():
    rng = np.random.default_rng(27)
    # both Jokers, both right bowers and the left against no trump: every lead takes five tricks, a lone march
    for _ in range(4):
        hands, out = _doubled_loner(rng, "Jr Jk Jh Jh Jd")
        vals = lead_values_seats(FIFTY, hands, 2, 0, out, 0, True, seed=1, worlds=8)
        held = bits(int(hands[0, 0]))
        assert vals.shape == (1, 58)
        assert [int(vals[0, c]) for c in held] == [5] * 5
        assert (np.delete(vals[0], held) == -1).all()
        first = first_leader(FIFTY, DEALER, 0)
        side0 = play_realistic_seats(FIFTY, hands, 2, first, out, 0, True, seed=3, worlds=8)
        assert side0.tolist() == [5] and points_table_seats(FIFTY, 0, True)[0, 5] == 6
    # the ace of hearts with a defender holding its twin as its one trump: led first, the twin follows later and
    # wins (four tricks); any other lead draws the twin under a Joker or a bower (five)
    ace = parse_hand("Ah", deck="50").bit_length() - 1
    for holder in (1, 3, 5):
        hands, out = _doubled_loner(rng, "Jr Jk Jh Jh Ah", twin_to=holder)
        vals = lead_values_seats(FIFTY, hands, 2, 0, out, 0, True, seed=2, worlds=8)
        held = bits(int(hands[0, 0]))
        assert {c: int(vals[0, c]) for c in held} == {c: 4 if c == ace else 5 for c in held}


def test_doubled_inputs_are_named():
    rng = np.random.default_rng(28)
    hands, out = _doubled_loner(rng, "Jr Jk Jh Jh Jd")
    args = (2, 0, out, 0, True)
    seven = parse_hand("7s")  # not in the 25-card pack
    bad = hands.copy()
    bad[0, 1] = (int(bad[0, 1]) & ~(1 << bits(int(bad[0, 1]))[0])) | seven
    with pytest.raises(RealisticInputError, match=r"hands row 0 .*cards of the doubled 25-card pack"):
        play_realistic_seats(FIFTY, bad, *args, seed=1)
    twice = hands.copy()
    twice[0, 1] = (int(twice[0, 1]) & ~(1 << bits(int(twice[0, 1]))[0])) | (1 << bits(int(hands[0, 3]))[0])
    with pytest.raises(RealisticInputError, match="twice"):
        play_realistic_seats(FIFTY, twice, *args, seed=1)
    with pytest.raises(RealisticInputError, match=r"cards \[58\]: expected a sequence of deck cards"):
        lead_values_seats(FIFTY, hands, *args, [58], seed=1)
    with pytest.raises(RealisticInputError, match=r"trick \[0\]: expected up to 3 cards of the doubled"):
        decide_given_worlds_seats(FIFTY, hands, *args, trick=[0])
    # the 33-card deck still refuses the pack's twins
    with pytest.raises(RealisticInputError, match="cards 0-32 only"):
        play_realistic_seats(SIX, hands, *args, seed=1)
    with pytest.raises(RealisticInputError, match="players 6"):
        play_realistic_seats(Rules(players=4), hands, *args, seed=1)
