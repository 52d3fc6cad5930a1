"""realistic-v2 (players/reading.py): the auction's weights against a slow twin, the weighted sampler
against exact enumeration (chi-square), the decision on weighted worlds against a slow weighted twin."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from scipy import stats

from euchre_stats.core.errors import PlayerSpecError
from euchre_stats.core.ties import decision_order, tie_key
from euchre_stats.core.trump import EFF_SUIT
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import InferencePlayer, ModelPlayer, load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.cardplay import realistic_card, view_worlds
from euchre_stats.players.reading import (auction_likelihood, effective_size, inferred_card, reads_auction,
                                          weighted_worlds)
from euchre_stats.bidding.features import context_features_one, hand_features_one
from euchre_stats.bidding.model_v2 import (_OFF_ACES, _TOP3, _TRUMPS, JUNK_MARGIN, _dot_one, _level_one,
                                           round_one_decision_one)
from euchre_stats.cardplay.realistic import decide_given_worlds
from euchre_stats.rules import Rules, dealer_picks_up, for_players

from slow_pimc import choose_from_worlds  # noqa: E402
from views_work import dealt_with_plays  # noqa: E402

NA = Rules()


# --- the slow twin of the auction's likelihood: one deal at a time, plain Python --------------------
def _logistic(x: float, t: float) -> float:
    return 0.5 * (1.0 + math.tanh(x / (2.0 * t)))


def _count(m, hand: int, trump: int) -> float:
    return m._count_one(hand, trump, m.card_values[trump].tolist())


def _suit_count(m, hand: int, suit: int, up_suit: int, seat: int) -> float:
    return _count(m, hand, suit) + (m.next_bonus[seat] if suit == 3 - up_suit else 0.0)  # next: the same colour


def slow_likelihood(rules, m, dealt, upcard, made_in, maker, alone, asker, trump) -> float:
    """The likelihood of the auction for one deal ``dealt`` (4 ints, kernel seats, dealer 3), as the
    module docstring of players/reading.py states it (north-american rules)."""
    t = m.temperature
    up = upcard >> 3
    w = 1.0

    def p_order(s):
        return _logistic(m.round_one_count(dealt[s], s, upcard) - m.order[s], t)

    def p_call(s):
        best = max(_suit_count(m, dealt[s], u, up, s) for u in range(4) if u != up)
        return _logistic(best - m.call[s], t)

    if made_in == 1:
        for s in range(maker + 1):
            if s in (asker, 3):
                continue
            if s != maker:
                w *= 1.0 - p_order(s)
                continue
            w *= p_order(s)
            if s == 1 and not dealer_picks_up(rules, 1, True):
                ca = _count(m, dealt[1], up) + m.card_values[up, upcard] * m.lone_partner_upcard
            else:
                ca = m.round_one_count(dealt[s], s, upcard)
            pa = _logistic(ca - m.order_alone[s], t)
            w *= pa if alone else 1.0 - pa
        return w
    for s in range(4):
        if s != asker:
            w *= 1.0 - p_order(s)
    for s in range(maker + 1):
        if s == asker:
            continue
        if s != maker:
            w *= 1.0 - p_call(s)
            continue
        ct = _suit_count(m, dealt[s], trump, up, s)
        w *= _logistic(ct - m.call[s], t)
        for u in range(4):
            if u not in (trump, up):
                w *= _logistic(ct - _suit_count(m, dealt[s], u, up, s), t)
        best = max(_suit_count(m, dealt[s], u, up, s) for u in range(4) if u != up)
        pa = _logistic(best - m.call_alone[s], t)
        w *= pa if alone else 1.0 - pa
    return w


# --- positions: the shipped bidder's auctions, random legal cards ------------------------------------
def _views(rules: Rules, seed: int, n: int, tricks_done=None, bidder="realistic-v1"):
    """Views of the player to move (more than one legal card) from hands bid by the shipped model (or
    ``bidder``), with cards played at random; ``tricks_done`` keeps only positions with that many tricks
    finished."""
    rng = np.random.default_rng(seed)
    bidder = load_player(bidder)
    out = []
    while len(out) < n:
        state = HandState.deal(rules, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY:
                legal = state.legal_cards()
                done = (len(view.plays) - len(view.trick)) // sum(state.active)
                if tricks_done is None:
                    ok = legal & (legal - 1) != 0
                else:
                    ok = done == tricks_done and not view.trick
                if ok and reads_auction(view):
                    out.append((state.copy(), view))
                cards = [c for c in range(33) if (legal >> c) & 1]
                state.apply(action_of(view, cards[int(rng.integers(len(cards)))]))
            else:
                state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))
    return out[:n]


def _dealt(view, ws, ks):
    return dealt_with_plays(view, ws, ks)


def test_weights_equal_the_slow_twin():
    m = load_player("realistic-v1").model
    checked = 0
    for state, view in _views(NA, 1, 60):
        ws, _, ctx = view_worlds(view, worlds=64, seed=5)
        ks = ctx["ks"]
        if any(not a for a in view.active):
            continue  # (a seat sitting out draws its hand from the rest: checked below)
        d = _dealt(view, ws, ks)
        lone = view.alone is not None
        fast = auction_likelihood(NA, m, d, upcard=view.upcard, made_in=view.made_in, maker=ks[view.maker_seat],
                                  alone=lone, asker=ks[view.seat], trump=view.trump)
        slow = [slow_likelihood(NA, m, [int(x) for x in row], view.upcard, view.made_in, ks[view.maker_seat],
                                lone, ks[view.seat], view.trump) for row in d]
        assert np.allclose(fast, slow, rtol=1e-9, atol=1e-300)
        checked += len(d)
    assert checked >= 1000


# --- the feature bidder's auction (shipped-v3, realistic-v5), one deal at a time -----------------------
def _feature_suit(m, hand: int, t: int, up: int, seat: int) -> tuple[float, float]:
    """(take score, level and margin) of naming ``t`` in round two: the twins of model_v2, in plain Python."""
    x = hand_features_one(hand, t, _count(m, hand, t))
    x += context_features_one(trump=t, banned_suit=up, trumps=int(x[1]))
    g1, g2 = _dot_one(x, m.call_w[seat]), _dot_one(x, m.call_alone_w[seat])
    if m.junk_pass and x[_TOP3] == 0 and x[_TRUMPS] <= 2 and x[_OFF_ACES] == 0:
        g1 = min(g1, 0.0) - JUNK_MARGIN
    return g1, _level_one(g1, g2)[1]


def slow_feature_likelihood(rules, m, dealt, upcard, made_in, maker, alone, asker, trump) -> float:
    """The likelihood of the auction for one deal under a feature bidder (north-american rules): every
    threshold read against the level and margin (0.5 to take, 1.5 alone), the suit named against the
    others by its take score."""
    t = m.temperature
    up = upcard >> 3
    w = 1.0

    def r1(s):
        return round_one_decision_one(m, dealt[s], s, upcard)[1]

    def best(s):  # the suit whose take score is highest (ties to the lower suit): its level and margin
        scores = {u: _feature_suit(m, dealt[s], u, up, s) for u in range(4) if u != up}
        top = max(scores, key=lambda u: (scores[u][0], -u))
        return scores, scores[top][1]

    if made_in == 1:
        for s in range(maker + 1):
            if s in (asker, 3):
                continue
            p = _logistic(r1(s) - m.order[s], t)
            if s != maker:
                w *= 1.0 - p
                continue
            pa = _logistic(r1(s) - m.order_alone[s], t)
            w *= p * (pa if alone else 1.0 - pa)
        return w
    for s in range(4):
        if s != asker:
            w *= 1.0 - _logistic(r1(s) - m.order[s], t)
    for s in range(maker + 1):
        if s == asker:
            continue
        scores, top = best(s)
        if s != maker:
            w *= 1.0 - _logistic(top - m.call[s], t)
            continue
        w *= _logistic(scores[trump][1] - m.call[s], t)   # the suit named: its level passed the threshold
        for u in scores:
            if u != trump:
                w *= _logistic(scores[trump][0] - scores[u][0], t)
        pa = _logistic(top - m.call_alone[s], t)
        w *= pa if alone else 1.0 - pa
    return w


def test_feature_bidder_weights_equal_the_slow_twin():
    """realistic-v5 reads a shipped-v3 auction: every factor as the twin states it.  Before the fix the
    round-two suit named compared its raw take score with the threshold 0.5 meant for levels."""
    m = load_player("realistic-v5").model
    checked, round_two = 0, 0
    for state, view in _views(NA, 4, 80, bidder=ModelPlayer("shipped-v3")):
        if any(not a for a in view.active):
            continue
        ws, _, ctx = view_worlds(view, worlds=32, seed=5)
        ks = ctx["ks"]
        d = _dealt(view, ws, ks)
        lone = view.alone is not None
        args = dict(upcard=view.upcard, made_in=view.made_in, maker=ks[view.maker_seat], alone=lone,
                    asker=ks[view.seat], trump=view.trump)
        fast = auction_likelihood(NA, m, d, **args)
        slow = [slow_feature_likelihood(NA, m, [int(x) for x in row], *args.values()) for row in d]
        assert np.allclose(fast, slow, rtol=1e-9, atol=1e-300)
        checked += len(d)
        round_two += len(d) * (view.made_in == 2 and args["maker"] != args["asker"])
    assert checked >= 1000 and round_two >= 300


def test_as_dealt_gives_every_seat_a_full_hand_of_its_own():
    """Rebuilt as dealt, every candidate gives each seat five cards, no card twice, none known elsewhere
    (a seat sitting out behind a loner draws its hand from the cards left); the weights are positive."""
    from euchre_stats.players.reading import _as_dealt

    m = load_player("realistic-v1").model
    lone = 0
    for state, view in _views(NA, 2, 300):
        if all(view.active) and lone < 20:
            continue
        _, ctx, info = weighted_worlds(view, m, worlds=24, seed=3)
        assert info["weights"].min() > 0 and info["ess"] > 0 and info["pool"] >= 24
        d = _as_dealt(view, info["candidates"], ctx["ks"], np.random.default_rng(1))
        lone += not all(view.active)
        known = view.known_gone | (0 if view.upcard_taken else 1 << view.upcard)
        for row in d:
            assert [int(x).bit_count() for x in row] == [5] * 4
            assert np.bitwise_or.reduce(row).bit_count() == 20
            assert not np.bitwise_or.reduce(row) & known
        if lone >= 25:
            break
    assert lone >= 25


def _exact_deals(view, ks, rules):
    """Every deal of the hidden cards consistent with ``view`` (one card a seat left), enumerated
    independently of the sampler: (m, 4) current hands on the kernel's seats."""
    trump = view.trump
    me = ks[view.seat]
    gone = view.known_gone
    for _, c in view.plays:
        gone |= 1 << c
    up_held = view.upcard_taken and not (gone >> view.upcard) & 1
    voids = [0] * 4
    per = 4
    for start in range(0, len(view.plays) - len(view.trick), per):
        cards = view.plays[start:start + per]
        led = int(EFF_SUIT[trump, cards[0][1]])
        for s, c in cards[1:]:
            if int(EFF_SUIT[trump, c]) != led:
                voids[ks[s]] |= 1 << led
    others = [k for k in range(4) if k != me]
    assert not (up_held and view.seat != view.dealer)  # (such positions are left out)
    unseen = rules.deck_obj.mask & ~view.hand & ~gone
    cards = [c for c in range(33) if (unseen >> c) & 1]
    assert all(view.hand_sizes[s] == 1 for s in range(4))
    out = []
    for pick in itertools.permutations(cards, len(others)):
        hands = [0] * 4
        hands[me] = view.hand
        for k, c in zip(others, pick):
            hands[k] = 1 << c
        if not any((voids[k] >> int(EFF_SUIT[trump, c])) & 1 for k, c in zip(others, pick)):
            out.append(hands)
    return np.array(out, dtype=np.int64)


def test_weighted_sampler_matches_exact_probabilities_chi_square():
    m = load_player("realistic-v1").model
    tested = 0
    for state, view in _views(NA, 7, 400, tricks_done=4):
        if not all(view.active) or (view.upcard_taken and view.seat != view.dealer
                                     and not any(c == view.upcard for _, c in view.plays)):
            continue
        ws, ctx, info = weighted_worlds(view, m, worlds=20000, pool=4096, seed=11)
        ks = ctx["ks"]
        exact = _exact_deals(view, ks, NA)
        assert info["exact"] and len(info["candidates"]) == len(exact)
        w = np.array([slow_likelihood(NA, m, [int(x) for x in row], view.upcard, view.made_in, ks[view.maker_seat],
                                      view.alone is not None, ks[view.seat], view.trump)
                      for row in _dealt(view, exact, ks)])
        prob = w / w.sum()
        index = {tuple(int(x) for x in row): i for i, row in enumerate(exact)}
        counts = np.zeros(len(exact))
        for row in ws:
            counts[index[tuple(int(x) for x in row)]] += 1
        expected = prob * len(ws)
        keep = expected >= 5
        if keep.sum() < 3:
            continue
        obs = np.append(counts[keep], counts[~keep].sum())
        exp = np.append(expected[keep], expected[~keep].sum())
        if exp[-1] == 0:
            obs, exp = obs[:-1], exp[:-1]
        p = stats.chisquare(obs, exp).pvalue
        assert p > 1e-4, (p, view)
        tested += 1
        if tested == 6:
            break
    assert tested == 6


def slow_weighted_choice(rules, distinct, mult, view, ctx):
    """The card worth most points summed over distinct worlds with integer weights (slow twin)."""
    ks = ctx["ks"]
    da = -1 if view.defender_alone is None else ks[view.defender_alone]
    sums = {}
    for ws_, k in zip(distinct, mult):
        _, s = choose_from_worlds(rules, ws_[None, :], view.trump, ctx["leader"], ctx["out"], ctx["trick"],
                                  ks[view.maker_seat], view.alone is not None, da, ctx["won"])
        for c, v in s.items():
            sums[c] = sums.get(c, 0) + k * v
    od = decision_order(ctx["order"], len(ctx["trick"]), ks[view.seat], ks[view.maker_seat] % 2)  # a makers' lead
    return max(sums, key=lambda c: (sums[c], -tie_key(c, view.trump, od))), sums


def test_compiled_decision_agrees_with_the_slow_weighted_twin():
    m = load_player("realistic-v1").model
    agree = total = 0
    for state, view in _views(NA, 9, 2000):
        ws, ctx, info = weighted_worlds(view, m, worlds=24, seed=13)
        ks = ctx["ks"]
        distinct, mult = np.unique(ws, axis=0, return_counts=True)
        ref, _ = slow_weighted_choice(NA, distinct, mult, view, ctx)
        da = -1 if view.defender_alone is None else ks[view.defender_alone]
        card, _ = decide_given_worlds(NA, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                      view.alone is not None, da, trick=ctx["trick"], gone=ctx["gone"],
                                      won=ctx["won"], full=False, order=ctx["order"])
        total += 1
        agree += card == ref
        assert inferred_card(view, m, worlds=24, seed=13) == card
    assert total == 2000
    assert agree / total >= 0.99, (agree, total)


def test_effective_size():
    assert effective_size(np.ones(10)) == pytest.approx(10)
    assert effective_size(np.array([1.0, 0, 0])) == pytest.approx(1)
    assert effective_size(np.zeros(3)) == 0


# --- the players ------------------------------------------------------------------------------------
def test_specs():
    v1, v2 = load_player("realistic-v1"), load_player("realistic-v2:worlds=16,pool=64")
    assert type(v1) is ModelPlayer and v1.policy == "shipped" and v1.worlds == 24
    assert type(v2) is InferencePlayer and (v2.worlds, v2.pool, v2.name) == (16, 64, "realistic-v2:worlds=16,pool=64")
    with pytest.raises(PlayerSpecError, match="pool"):
        load_player("realistic-v2:pool=0")
    with pytest.raises(PlayerSpecError, match="unknown option 'pool=3'"):
        load_player("realistic-v1:pool=3")


def test_realistic_v1_plays_as_realistic():
    v1, r = load_player("realistic-v1"), load_player("realistic-v1")
    for state, view in _views(NA, 4, 30):
        assert v1.play(view) == r.play(view) == realistic_card(view)


def test_v2_is_legal_repeatable_and_logs_the_effective_worlds():
    p = load_player("realistic-v2")
    for state, view in _views(NA, 5, 20):
        card = p.play(view)
        assert (state.legal_cards() >> card) & 1
        assert p.play(view) == card
    assert len(p.log) == 40 and all(ess > 0 and pool >= 24 for ess, pool in p.log)


def test_tables_whose_auction_is_not_read_play_as_v1():
    rules = for_players(Rules(), 3)
    p = load_player("realistic-v2")
    rng = np.random.default_rng(3)
    seen = 0
    for i in range(6):
        state = HandState.deal(rules, i % 3, rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=7)
            if state.phase == PLAY:
                assert not reads_auction(view)
                assert p.play(view) == realistic_card(view)
                seen += 1
            state.apply(action_of(view, getattr(p, METHOD_OF_PHASE[state.phase])(view)))
    assert seen > 0 and not p.log


@pytest.mark.parametrize("rules, read", [
    (Rules(canadian_loner=True, passer_may_not_go_alone=True), True),
    (Rules(no_trump=True, stick_the_dealer=True, dealer_needs_trump=True), True),
    (Rules(defend_alone=True), True),
    (for_players(Rules(), 4).replace(deck="32"), True),
    (Rules(alone_declared="before_lead"), False),
], ids=["canadian", "no-trump-stick", "defend-alone", "deck-32", "british-timing"])
def test_every_four_handed_table_plays_legal_cards(rules, read):
    """Through the state machine (every card checked legal) at tables whose auction is read or not."""
    from euchre_stats.players.table import play_hands

    p = load_player("realistic-v2")
    states = play_hands(p, hands=12, seed=4, rules=rules)
    assert all(s.phase == OVER for s in states)
    assert bool(p.log) == read


# --- reading the play (realistic-v2:play=N, players/reading_play.py) -----------------------------------
def slow_play_likelihood(view, ks, hands, kind: int) -> float:
    """The play's likelihood for one candidate ``hands`` (4 ints, hands now on the kernel's seats), as the
    module docstring of players/reading_play.py states it: one card seen at a time, replayed from scratch."""
    from euchre_stats.core.trump import SUIT_MASK, card_power, legal_plays, trick_winner_index
    from euchre_stats.players.reading_play import BETA

    t = view.trump
    per = sum(view.active)
    w = 1.0
    seen = 0 if view.upcard_taken else 1 << view.upcard
    for i, (s, c) in enumerate(view.plays):
        pos = i % per
        before = seen
        seen |= 1 << c
        if pos == 0 or s == view.seat:
            continue
        table = [x for _, x in view.plays[i - pos:i]]
        e = EFF_SUIT[t, c]
        if kind == 1 and e == EFF_SUIT[t, table[0]]:
            continue  # it followed suit: read only at play=2
        then = hands[ks[s]]
        for s2, c2 in view.plays[i:]:
            if s2 == s:
                then |= 1 << c2
        legal = legal_plays(then, t, table[0])
        assert (legal >> c) & 1

        def wins(x):
            return trick_winner_index(table + [x], t) == len(table)

        if wins(c) and pos != per - 1:
            continue
        if e != EFF_SUIT[t, table[0]] and e != t and (then & int(SUIT_MASK[t, e])).bit_count() == 1:
            continue  # a singleton thrown

        def touching(d):
            if EFF_SUIT[t, d] != e:
                return False
            lo, hi = sorted((card_power(d, t), card_power(c, t)))
            return not any(EFF_SUIT[t, x] == e and lo < card_power(x, t) < hi and not ((before | then) >> x) & 1
                           for x in range(64) if (view.rules.deck_obj.mask >> x) & 1)

        k = sum(1 for d in range(64) if (legal >> d) & 1 and d != c and card_power(d, t) < card_power(c, t)
                and wins(d) == wins(c) and not touching(d))
        w *= math.exp(-BETA * k)
    return w


@pytest.mark.parametrize("kind", [1, 2])
def test_play_weights_equal_the_slow_twin(kind):
    from euchre_stats.players.reading_play import play_likelihood

    checked, below = 0, 0
    for state, view in _views(NA, 21, 80):
        ws, _, ctx = view_worlds(view, worlds=32, seed=5)
        fast = play_likelihood(view, ctx["ks"], ws, kind)
        slow = [slow_play_likelihood(view, ctx["ks"], [int(x) for x in row], kind) for row in ws]
        assert np.allclose(fast, slow, rtol=1e-12, atol=0)
        checked += len(ws)
        below += int((fast < 1).sum())
    assert checked >= 1000 and below >= 100  # (the cards were played at random: much is read)


def test_play_weights_on_a_whole_table_of_realistic_players():
    """In self-play of the realistic player few cards waste a cheaper one: the true deal is rarely
    marked down, and the slow twin agrees there too."""
    from euchre_stats.players.reading_play import play_likelihood

    rng = np.random.default_rng(8)
    p = load_player("realistic-v1")
    checked = true_ones = true_n = 0
    for i in range(6):
        state = HandState.deal(NA, i % 4, rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY and reads_auction(view) and state.legal_cards() & (state.legal_cards() - 1):
                ws, _, ctx = view_worlds(view, worlds=16, seed=3)
                ks = ctx["ks"]
                fast = play_likelihood(view, ks, ws, 2)
                slow = [slow_play_likelihood(view, ks, [int(x) for x in row], 2) for row in ws]
                assert np.allclose(fast, slow, rtol=1e-12, atol=0)
                checked += len(ws)
                truth = np.zeros((1, 4), dtype=np.uint64)
                for s in range(4):
                    truth[0, ks[s]] = state.hands[s] if state.active[s] else 0
                true_ones += float(play_likelihood(view, ks, truth, 2)[0]) == 1.0
                true_n += 1
            state.apply(action_of(view, getattr(p, METHOD_OF_PHASE[state.phase])(view)))
    assert checked >= 500 and true_n >= 30
    assert true_ones / true_n >= 0.8, (true_ones, true_n)


def test_play_weights_read_a_discard():
    """A seat void in the suit led that threw the king of a plain suit: worlds where it held the nine of
    that suit are e^-BETA as likely (a cheaper card that also lost the trick), the ace's no less."""
    from euchre_stats.core.cards import parse_card
    from euchre_stats.players.reading_play import BETA, play_evidence

    for state, view in _views(NA, 31, 400):
        ev = play_evidence(view, [(s - view.dealer - 1) % 4 for s in range(4)], 1)
        if ev:
            break
    else:
        pytest.fail("no discard seen")
    # the rule itself on one card: cheaper cards with the same effect, legal
    t = 0  # clubs trump, hearts led by the ace, the seat void in hearts discards the king of spades
    from euchre_stats.players.reading_play import _beats, _cheaper

    deck = NA.deck_obj.mask
    ace_h, ks_, nine_s, as_ = (parse_card(x) for x in ("Ah", "Ks", "9s", "As"))
    same = deck & ~_beats(t, ace_h, deck)
    mask = same & _cheaper(t, ks_, deck)
    assert (mask >> nine_s) & 1 and not (mask >> as_) & 1 and not (mask >> parse_card("9c")) & 1
    assert math.exp(-BETA) < 1


def _chi_square_p(counts, prob):
    expected = prob * counts.sum()
    keep = expected >= 5
    obs = np.append(counts[keep], counts[~keep].sum())
    exp = np.append(expected[keep], expected[~keep].sum())
    if exp[-1] == 0:
        obs, exp = obs[:-1], exp[:-1]
    return stats.chisquare(obs, exp * obs.sum() / exp.sum()).pvalue, int(keep.sum())


@pytest.mark.parametrize("kind", [1, 2])
def test_play_weighted_sampler_matches_exact_probabilities_chi_square(kind):
    """At the last trick every deal is enumerated: the worlds drawn with the play read follow the slow
    twins' auction times play weights (chi-square), and not the auction's alone where the play says much."""
    m = load_player("realistic-v1").model
    tested = refuted = 0
    for state, view in _views(NA, 17, 600, tricks_done=4):
        if not all(view.active) or (view.upcard_taken and view.seat != view.dealer
                                     and not any(c == view.upcard for _, c in view.plays)):
            continue
        ks = [(s - view.dealer - 1) % 4 for s in range(4)]
        exact = _exact_deals(view, ks, NA)
        wp = np.array([slow_play_likelihood(view, ks, [int(x) for x in row], kind) for row in exact])
        if wp.min() == wp.max():
            continue  # the play reads nothing here: the auction's test covers it
        ws, ctx, info = weighted_worlds(view, m, worlds=20000, pool=4096, seed=11, play=kind)
        assert ctx["ks"] == ks and info["exact"] and len(info["candidates"]) == len(exact)
        w = np.array([slow_likelihood(NA, m, [int(x) for x in row], view.upcard, view.made_in, ks[view.maker_seat],
                                      view.alone is not None, ks[view.seat], view.trump)
                      for row in _dealt(view, exact, ks)])
        index = {tuple(int(x) for x in row): i for i, row in enumerate(exact)}
        counts = np.zeros(len(exact))
        for row in ws:
            counts[index[tuple(int(x) for x in row)]] += 1
        p, cells = _chi_square_p(counts, w * wp / (w * wp).sum())
        if cells < 3:
            continue
        assert p > 1e-4, (p, view)
        refuted += _chi_square_p(counts, w / w.sum())[0] < 1e-6
        tested += 1
        if tested == 6:
            break
    assert tested == 6 and refuted >= 1, (tested, refuted)


def test_play_option_off_is_realistic_v2_and_specs():
    v2, p0 = load_player("realistic-v2"), load_player("realistic-v2:play=0")
    p2 = load_player("realistic-v2:play=2,worlds=16")
    assert (v2.play_kind, p0.play_kind, p2.play_kind, p2.worlds) == (0, 0, 2, 16)
    with pytest.raises(PlayerSpecError, match="play must be one of 0, 1, 2"):
        load_player("realistic-v2:play=3")
    with pytest.raises(PlayerSpecError, match="unknown option 'play=1'"):
        load_player("realistic-v1:play=1")
    for state, view in _views(NA, 41, 40):
        assert v2.play(view) == p0.play(view)
        card = p2.play(view)
        assert (state.legal_cards() >> card) & 1 and p2.play(view) == card
    assert len(p2.log) == 80


def test_play_reading_card_is_the_kernels_on_the_play_weighted_worlds():
    """``inferred_card(play=2)`` plays the compiled choice on ``weighted_worlds(play=2)``, and that choice is
    the slow weighted twin's (the auction's test above checks it on 2,000 decisions)."""
    m = load_player("realistic-v1").model
    agree = total = 0
    for state, view in _views(NA, 43, 200):
        ws, ctx, info = weighted_worlds(view, m, worlds=24, seed=13, play=2)
        ks = ctx["ks"]
        da = -1 if view.defender_alone is None else ks[view.defender_alone]
        card, _ = decide_given_worlds(NA, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                      view.alone is not None, da, trick=ctx["trick"], gone=ctx["gone"],
                                      won=ctx["won"], full=False, order=ctx["order"])
        assert inferred_card(view, m, worlds=24, seed=13, play=2) == card
        distinct, mult = np.unique(ws, axis=0, return_counts=True)
        ref, _ = slow_weighted_choice(NA, distinct, mult, view, ctx)
        agree += card == ref
        total += 1
    assert total == 200 and agree / total >= 0.99, (agree, total)
