"""The first, plain-Python realistic play model, kept as the benchmark's baseline.

Every analysis plays realistically through the compiled :mod:`euchre_stats.cardplay.realistic`,
which chooses by points; ``benchmarks/bench_realistic.py`` times the two side by side.  This
module chooses by tricks.

Every player, at every card, samples worlds consistent with *their own*
information -- their hand, every card played so far, the voids the play has
revealed, the upcard in the dealer's hand when it was taken up -- solves each
world double-dummy for the value of each legal card, and plays the card with
the best average (ties to the lowest tie key, :func:`euchre_stats.core.ties.tie_key`, the suits
ordered for ties at random per deal, drawn from ``rng`` first).  Nobody sees a hidden card,
so unlike the ``dd`` model neither side is flattered by seeing more.

All deals of a batch advance one card at a time; each step's worlds of every
deal go to the solver in one call.
"""

from __future__ import annotations

import numpy as np

from ..core.seats import next_active
from ..core.ties import ORDERS, tie_key
from ..core.trump import EFF_SUIT, POWER, SUIT_MASK
from ..rules import Rules
from ..sampling.dealer import KITTY, Knowledge, sample_worlds


def play_pimc(rules: Rules, hands: np.ndarray, trump, leader, out, rng: np.random.Generator, *,
              worlds: int = 24, threads: int | None = None, trick=None, voids=None, gone=None,
              up_known=None) -> np.ndarray:
    """Play every deal to the end with the ``pimc`` model; side 0's tricks from this point.

    ``hands`` (n, 4) uint64 are the cards still held; ``trick`` (n, k) cards already on
    the table in the current trick (led by ``leader``); ``voids`` per seat bitmasks of
    effective suits known void (shared by all deals); ``gone`` (n,) cards already
    played before the current trick; ``up_known`` (n,) the upcard the dealer (seat 3)
    took up, or -1.
    """
    from ..solver import card_values_many

    n = hands.shape[0]
    hands = np.array(hands, dtype=np.uint64, copy=True)
    trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), (n,)).copy()
    lead = np.broadcast_to(np.asarray(leader, dtype=np.int64), (n,)).copy()
    out = np.broadcast_to(np.asarray(out, dtype=np.int64), (n,)).copy()
    tr = [[] for _ in range(n)] if trick is None else [[int(c) for c in row if c >= 0] for row in trick]
    vd = [[(voids[s] if voids is not None else 0) for s in range(4)] + [0] for _ in range(n)]
    gone_m = [0] * n if gone is None else [int(g) for g in np.broadcast_to(gone, (n,))]
    for i in range(n):
        for c in tr[i]:
            gone_m[i] |= 1 << c
    upk = [-1] * n if up_known is None else [int(u) for u in np.broadcast_to(up_known, (n,))]
    side0 = np.zeros(n, dtype=np.int64)
    mover = np.array([_mover(int(lead[i]), len(tr[i]), int(out[i])) for i in range(n)])
    deck_mask = rules.deck_obj.mask
    active_n = [4 - bin(int(o)).count("1") for o in out]
    orders = [int(ORDERS[k]) for k in rng.integers(24, size=n)]  # each deal's order of the suits for ties
    while True:
        live = [i for i in range(n) if hands[i, mover[i]] != 0]
        if not live:
            break
        batch_idx, batch_pos, batch_played, batch_trump, batch_lead, batch_out = [], [], [], [], [], []
        choice = {}
        for i in live:
            p = int(mover[i])
            t = int(trump[i])
            hand = int(hands[i, p])
            led = tr[i][0] if tr[i] else None
            legal = hand if led is None else (hand & int(SUIT_MASK[t, EFF_SUIT[t, led]]) or hand)
            if legal & (legal - 1) == 0:
                choice[i] = legal.bit_length() - 1
                continue
            k = Knowledge(deck_mask, trump=t)
            k.gone = gone_m[i]
            k.known[p] = hand
            for s in range(4):
                if s == p:
                    continue
                k.need[s] = int(hands[i, s]).bit_count() if not (int(out[i]) >> s) & 1 else rules.hand_size
                k.voids[s] = vd[i][s] if not (int(out[i]) >> s) & 1 else 0
            u = upk[i]
            if u >= 0 and p != 3 and (int(hands[i, 3]) >> u) & 1:
                k.known[3] |= 1 << u
                k.need[3] -= 1
            # the kitty (never seen) holds whatever unseen card no player can hold
            k.need[KITTY] = k.unseen().bit_count() - sum(k.need[:4])
            ws = sample_worlds(k, worlds, rng)
            ws[:, p] = np.uint64(hand)
            for s in range(4):
                if (int(out[i]) >> s) & 1:
                    ws[:, s] = 0
            batch_idx.append(i)
            batch_pos.append(ws[:, :4])
            row = np.full(3, -1, dtype=np.int8)
            row[:len(tr[i])] = tr[i]
            batch_played.append(np.tile(row, (worlds, 1)))
            batch_trump.append(np.full(worlds, t))
            batch_lead.append(np.full(worlds, lead[i]))
            batch_out.append(np.full(worlds, out[i], dtype=np.uint8))
        if batch_idx:
            vals = card_values_many(np.concatenate(batch_pos), np.concatenate(batch_trump),
                                    np.concatenate(batch_lead), np.concatenate(batch_out),
                                    np.concatenate(batch_played), threads=threads)
            vals = vals.reshape(len(batch_idx), worlds, -1).astype(np.float64).mean(axis=1)
            for j, i in enumerate(batch_idx):
                v = vals[j]
                hand = int(hands[i, mover[i]])
                t = int(trump[i])
                led = tr[i][0] if tr[i] else None
                legal = hand if led is None else (hand & int(SUIT_MASK[t, EFF_SUIT[t, led]]) or hand)
                cands = [c for c in range(33) if (legal >> c) & 1]
                choice[i] = max(cands, key=lambda c: (v[c], -tie_key(c, t, orders[i])))
        for i in live:
            p, c, t = int(mover[i]), choice[i], int(trump[i])
            if tr[i]:
                led_suit = int(EFF_SUIT[t, tr[i][0]])
                if int(EFF_SUIT[t, c]) != led_suit:
                    vd[i][p] |= 1 << led_suit
            hands[i, p] &= ~np.uint64(1 << c)
            tr[i].append(c)
            gone_m[i] |= 1 << c
            if len(tr[i]) == active_n[i]:
                w_seat, best, s = int(lead[i]), -1, int(lead[i])
                led_suit = int(EFF_SUIT[t, tr[i][0]])
                for card in tr[i]:
                    e = int(EFF_SUIT[t, card])
                    key = int(POWER[t, card]) if (e == t or e == led_suit) else -1
                    if key > best:
                        best, w_seat = key, s
                    s = next_active(s, int(out[i]))
                side0[i] += 1 - (w_seat & 1)
                lead[i] = w_seat
                mover[i] = w_seat
                tr[i] = []
            else:
                mover[i] = next_active(p, int(out[i]))
    return side0


def _mover(leader: int, on_table: int, out: int) -> int:
    s = leader
    for _ in range(on_table):
        s = next_active(s, out)
    return s
