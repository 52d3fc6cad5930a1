"""Defence against a lone maker (``realistic-v2:defend=N``, ``players/defence.py``): the guard rule and the
reading of the partner's discards against slow plain-Python twins, and the players built on them."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.core.cards import parse_card, parse_hand
from euchre_stats.core.errors import PlayerSpecError
from euchre_stats.core.ties import decision_order, tie_key
from euchre_stats.core.trump import EFF_SUIT, POWER_ALL, SUIT_MASK
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import InferencePlayer, load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.defence import (ACES, GUARDS, LEADS, LIE, MORE, MORE_WORLDS, NEAR, SIGNALS, against_loner,
                                          against_makers, defence_worlds, defended_card, guarded, guards, must_discard,
                                          partner_discards, signal_likelihood)
from euchre_stats.players.reading import inferred_card, weighted_worlds
from euchre_stats.rules import Rules

from slow_pimc import choose_from_worlds  # noqa: E402
from views_work import play_views  # noqa: E402

NA = Rules()


# --- slow twins: plain Python, one card and one deal at a time ---------------------------------------
def slow_out(view, hand: int, before: int) -> list[int]:
    """The cards out to a seat holding ``hand`` after ``before`` plays: the pack less the hand, the
    cards played and a turned-down upcard."""
    seen = {c for _, c in view.plays[:before]}
    if not view.upcard_taken:
        seen.add(view.upcard)
    return [c for c in range(33) if (view.rules.deck_obj.mask >> c) & 1 and not (hand >> c) & 1 and c not in seen]


def slow_guarded(hand: int, suit: int, trump: int, out: list[int]) -> bool:
    held = [c for c in range(33) if (hand >> c) & 1 and EFF_SUIT[trump, c] == suit]
    if not held:
        return False
    top = max(POWER_ALL[trump, c] for c in held)
    return len(held) > len([c for c in out if EFF_SUIT[trump, c] == suit and POWER_ALL[trump, c] > top])


def slow_guard_card(view, sums: dict[int, int], worlds: int, order: int) -> int:
    """The guard rule from the cards' summed points: near-ties, then guards kept, then honesty, then sum, then
    the tie key (the suit order ``order``)."""
    t = view.trump
    out = slow_out(view, view.hand, len(view.plays))
    best = max(sums.values())
    ranked = []
    for c, v in sums.items():
        if v < best - NEAR * worlds:
            continue
        rest = view.hand & ~(1 << c)
        kept = sum(slow_guarded(rest, s, t, out) for s in range(4) if s != t)
        s = EFF_SUIT[t, c]
        honest = s == t or not slow_guarded(rest, s, t, out)
        ranked.append(((kept, honest, v, -tie_key(c, t, order)), c))
    return max(ranked)[1]


def slow_lead_card(view, sums: dict[int, int], worlds: int, order: int) -> int:
    """The lead rule from the cards' summed points: near-ties, then a plain card nothing out beats, then sum,
    then the tie key (the suit order ``order``)."""
    t = view.trump
    out = slow_out(view, view.hand, len(view.plays))
    best = max(sums.values())
    ranked = []
    for c, v in sums.items():
        if v < best - NEAR * worlds:
            continue
        s = EFF_SUIT[t, c]
        top = s != t and not any(EFF_SUIT[t, x] == s and POWER_ALL[t, x] > POWER_ALL[t, c] for x in out)
        ranked.append(((top, v, -tie_key(c, t, order)), c))
    return max(ranked)[1]


def slow_sums(view, ws, ctx, alone: bool) -> dict[int, int]:
    """Each legal card's points summed over the worlds, each distinct world solved once (double-dummy)."""
    ks = ctx["ks"]
    distinct, mult = np.unique(ws, axis=0, return_counts=True)
    sums: dict[int, int] = {}
    for w, k in zip(distinct, mult):
        _, s = choose_from_worlds(NA, w[None, :], view.trump, ctx["leader"], ctx["out"], ctx["trick"],
                                  ks[view.maker_seat], alone, -1, ctx["won"])
        for c, v in s.items():
            sums[c] = sums.get(c, 0) + int(k) * v
    return sums


def slow_signal_weight(view, partner_hand_now: int) -> float:
    """The likelihood of the partner's discards in one deal: LIE for each that left its suit guarded."""
    t, partner, per = view.trump, (view.seat + 2) % 4, sum(view.active)
    w = 1.0
    for i, (s, c) in enumerate(view.plays):
        if s != partner:
            continue
        led = EFF_SUIT[t, view.plays[i - i % per][1]]
        e = EFF_SUIT[t, c]
        if e == led or e == t:
            continue
        after = partner_hand_now
        for s2, c2 in view.plays[i + 1:]:
            if s2 == partner:
                after |= 1 << c2
        if slow_guarded(after, e, t, slow_out(view, after | (1 << c), i)):
            w *= LIE
    return w


# --- positions: defenders against a loner, from the shipped bidder's auctions and random cards -------
def _loner_views(seed: int, n: int, want):
    return play_views(load_player("realistic-v1"), seed, n, lambda v: against_loner(v) and want(v))


def test_guarded():
    t = parse_card("9s") >> 3  # spades trump; hearts is plain
    h = parse_card("Ah") >> 3
    everything = NA.deck_obj.mask
    for cards, held_out, want in [("Kh 9h", "Ah", True), ("Kh", "Ah", False), ("Qh Th 9h", "Ah Kh", True),
                                  ("Qh 9h", "Ah Kh", False), ("Ah", "", True), ("", "", False),
                                  ("Qh 9h", "Kh", True), ("Jh", "Ah Kh Qh", False)]:
        hand = parse_hand(cards) if cards else 0
        hearts = int(SUIT_MASK[t, h]) & everything
        out = (everything & ~hearts) | (parse_hand(held_out) if held_out else 0)  # the other hearts seen
        assert guarded(hand, h, t, out) is want, cards
    # the trump suit is never counted: a hand of spades guards nothing
    assert guards(parse_hand("Js Jc As Ks Qs"), t, everything) == 0


def test_guard_rule_agrees_with_the_slow_twin():
    """The compiled sums, then the rule, against the slow double-dummy sums and the plain rule."""
    m = load_player("realistic-v1").model
    agree = total = changed = 0
    for view in _loner_views(3, 300, must_discard):
        ws, ctx, _ = defence_worlds(view, m, GUARDS, worlds=24, seed=11)
        ref = slow_guard_card(view, slow_sums(view, ws, ctx, True), 24, ctx["order"])
        card = defended_card(view, m, GUARDS, worlds=24, seed=11)
        total += 1
        agree += card == ref
        changed += card != inferred_card(view, m, worlds=24, seed=11)
    assert total == 300
    assert agree / total >= 0.99, (agree, total)
    assert changed > 0  # the rule does change some cards


def _maker_leads(seed: int, n: int, want=lambda v: True):
    """Leads of a defender against makers with a partner (the shipped bidder's auctions, random cards)."""
    rng = np.random.default_rng(seed)
    bidder = load_player("realistic-v1")
    out = []
    while len(out) < n:
        state = HandState.deal(NA, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY:
                legal = state.legal_cards()
                if legal & (legal - 1) and not view.trick and against_makers(view) and want(view):
                    out.append(view)
                cards = [c for c in range(33) if (legal >> c) & 1]
                state.apply(action_of(view, cards[int(rng.integers(len(cards)))]))
            else:
                state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))
    return out[:n]


def test_lead_rule_agrees_with_the_slow_twin():
    m = load_player("realistic-v1").model
    agree = total = changed = 0
    for view in _maker_leads(7, 300):
        ws, ctx, _ = weighted_worlds(view, m, worlds=24, seed=11)
        ref = slow_lead_card(view, slow_sums(view, ws, ctx, False), 24, ctx["order"])
        card = defended_card(view, m, LEADS, worlds=24, seed=11)
        total += 1
        agree += card == ref
        changed += card != inferred_card(view, m, worlds=24, seed=11)
    assert total == 300
    assert agree / total >= 0.99, (agree, total)
    assert changed > 0


def test_opening_ace_agrees_with_the_slow_twin():
    """With an off ace on the opening lead against makers, the ace its worlds value most (slow sums)."""
    m = load_player("realistic-v1").model

    def aces(view):
        return [c for c in range(33) if (view.hand >> c) & 1 and EFF_SUIT[view.trump, c] != view.trump and c & 7 == 7]

    agree = total = changed = 0
    for view in _maker_leads(9, 200, lambda v: not v.plays and bool(aces(v))):
        ws, ctx, _ = weighted_worlds(view, m, worlds=24, seed=11)
        sums = slow_sums(view, ws, ctx, False)
        ref = max(aces(view), key=lambda c: (sums[c], -tie_key(c, view.trump, ctx["order"])))
        card = defended_card(view, m, ACES, worlds=24, seed=11)
        total += 1
        agree += card == ref
        changed += card != inferred_card(view, m, worlds=24, seed=11)
    assert total == 200
    assert agree / total >= 0.99, (agree, total)
    assert changed > 0


def test_signal_likelihood_agrees_with_the_slow_twin():
    m = load_player("realistic-v1").model
    lies = total = 0
    for view in _loner_views(4, 120, lambda v: bool(partner_discards(v))):
        ws, ctx, info = defence_worlds(view, m, SIGNALS, worlds=24, seed=5)
        cand = info["candidates"]
        w = signal_likelihood(view, cand, ctx["ks"])
        partner = ctx["ks"][(view.seat + 2) % 4]
        slow = np.array([slow_signal_weight(view, int(h)) for h in cand[:, partner]])
        assert np.array_equal(w, slow)
        lies += int((w < 1).sum())
        total += len(w)
        # the worlds are drawn from the candidates weighted by the auction times the signals
        assert np.allclose(info["weights"], w * defence_worlds(view, m, 0, worlds=24, seed=5)[2]["weights"])
    assert 0 < lies < total


def test_a_discard_says_the_suit_is_not_guarded():
    """After the partner throws a heart, the worlds where it still guards hearts lose weight."""
    m = load_player("realistic-v1").model
    seen = 0
    for view in _loner_views(6, 40, lambda v: bool(partner_discards(v))):
        _, ctx, info = defence_worlds(view, m, SIGNALS, worlds=24, seed=2)
        w = signal_likelihood(view, info["candidates"], ctx["ks"])
        assert set(np.unique(w)) <= {1.0, LIE, LIE ** 2, LIE ** 3, LIE ** 4}
        seen += bool((w < 1).any())
    assert seen > 0


def test_specs_and_off_by_default():
    p = load_player("realistic-v2:defend=3")
    assert type(p) is InferencePlayer and p.defend == 3
    assert load_player("realistic-v2").defend == 0
    assert load_player("realistic-v2:defend=15").defend == GUARDS | SIGNALS | LEADS | ACES
    assert load_player("realistic-v2:defend=31").defend == GUARDS | SIGNALS | LEADS | ACES | MORE
    with pytest.raises(PlayerSpecError, match="defend"):
        load_player("realistic-v2:defend=32")
    with pytest.raises(PlayerSpecError, match="unknown option 'defend=1'"):
        load_player("realistic-v1:defend=1")


def test_realistic_v3_is_v2_defending_with_rule_4_and_defence_combines_with_the_other_options():
    v3, v2d = load_player("realistic-v3"), load_player("realistic-v2:defend=4")
    assert v3.name == "realistic-v3" and (v3.defend, v3.fusion, v3.play_kind) == (LEADS, 0, 0)
    assert load_player("realistic-v3:worlds=48,pool=512").worlds == 48
    with pytest.raises(PlayerSpecError, match="unknown option 'defend=1'"):
        load_player("realistic-v3:defend=1")
    both = load_player("realistic-v2:defend=4,fusion=2,play=2")
    rng = np.random.default_rng(4)
    seen = 0
    while seen < 40:
        state = HandState.deal(NA, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY and state.legal_cards() & (state.legal_cards() - 1):
                assert v3.play(view) == v2d.play(view)
                card = both.play(view)
                assert (state.legal_cards() >> card) & 1
                seen += 1
            state.apply(action_of(view, getattr(v3, METHOD_OF_PHASE[state.phase])(view)))


def test_defence_changes_only_the_cards_its_rules_read():
    """Elsewhere ``defend`` plays ``realistic-v2``'s card; a defender's card is legal and repeatable; ``defend=0``
    is ``realistic-v2``."""
    m = load_player("realistic-v1").model
    rng = np.random.default_rng(8)
    bidder = load_player("realistic-v1")
    checked = 0
    while checked < 60:
        state = HandState.deal(NA, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY:
                legal = state.legal_cards()
                if legal & (legal - 1):
                    d = defended_card(view, m, GUARDS | SIGNALS | LEADS | ACES, seed=3)
                    assert (legal >> d) & 1 and defended_card(view, m, GUARDS | SIGNALS | LEADS | ACES, seed=3) == d
                    if not against_loner(view) and not (against_makers(view) and not view.trick):
                        assert d == inferred_card(view, m, seed=3)
                    checked += 1
                    if checked % 10 == 0:
                        assert load_player("realistic-v2:defend=0").play(view) == load_player("realistic-v2").play(view)
                cards = [c for c in range(33) if (legal >> c) & 1]
                state.apply(action_of(view, cards[int(rng.integers(len(cards)))]))
            else:
                state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))


# --- MORE (16): a defender against a loner decides on eight times the worlds ---------------------------
def test_more_worlds_agree_with_the_slow_twin():
    """Against a loner, ``MORE`` plays the best card on eight times the worlds drawn from eight times the
    candidates: the slow double-dummy sums on those worlds give the same card."""
    m = load_player("realistic-v1").model
    agree = total = changed = 0
    for view in _loner_views(12, 200, lambda v: True):
        ws, ctx, _ = weighted_worlds(view, m, worlds=24 * MORE_WORLDS, pool=256 * MORE_WORLDS, seed=11)
        assert len(ws) == 192
        sums = slow_sums(view, ws, ctx, True)
        od = decision_order(ctx["order"], len(ctx["trick"]), ctx["ks"][view.seat], ctx["ks"][view.maker_seat] % 2)
        ref = max(sums, key=lambda c: (sums[c], -tie_key(c, view.trump, od)))
        card = defended_card(view, m, MORE, worlds=24, pool=256, seed=11)
        total += 1
        agree += card == ref
        changed += card != inferred_card(view, m, worlds=24, seed=11)
    assert total == 200
    assert agree / total >= 0.99, (agree, total)
    assert changed > 0


def test_more_is_each_rule_on_eight_times_the_worlds():
    """Compiled against compiled on 300 decisions: ``MORE`` is ``realistic-v2``'s card (and with ``GUARDS``
    the guard rule's) on 192 worlds from 2,048 candidates; against makers with a partner it changes
    nothing."""
    m = load_player("realistic-v1").model
    big = dict(worlds=24 * MORE_WORLDS, pool=256 * MORE_WORLDS, seed=5)
    for view in _loner_views(13, 300, lambda v: True):
        card = defended_card(view, m, MORE, seed=5)
        assert card == inferred_card(view, m, **big) == defended_card(view, m, MORE, seed=5)
        if must_discard(view):
            assert defended_card(view, m, MORE | GUARDS, seed=5) == defended_card(view, m, GUARDS, **big)
    for view in _maker_leads(14, 60):
        assert defended_card(view, m, MORE | LEADS, seed=5) == defended_card(view, m, LEADS, seed=5)


def test_realistic_v4_is_v2_defending_with_rules_4_and_16():
    v4, v2d = load_player("realistic-v4"), load_player("realistic-v2:defend=20")
    assert v4.name == "realistic-v4" and (v4.defend, v4.fusion, v4.play_kind) == (LEADS | MORE, 0, 0)
    assert load_player("realistic-v4:worlds=48,pool=512").pool == 512
    with pytest.raises(PlayerSpecError, match="unknown option 'defend=1'"):
        load_player("realistic-v4:defend=1")
    v3 = load_player("realistic-v3")
    rng = np.random.default_rng(17)
    seen = 0
    while seen < 60:
        state = HandState.deal(NA, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY and state.legal_cards() & (state.legal_cards() - 1):
                card = v4.play(view)
                assert card == v2d.play(view)
                if not against_loner(view):  # v4 is v3 but for a defender against a loner
                    assert card == v3.play(view)
                seen += 1
            state.apply(action_of(view, getattr(v4, METHOD_OF_PHASE[state.phase])(view)))
