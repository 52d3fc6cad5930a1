"""How much reading the play tells about the true deal (docs/methods.md, "Reading the play").

Hands of ``realistic`` self-play (north-american rules, the shipped bidder).  At every card a seat
chooses among several, once four cards have been played and the auction is read, 256 candidate deals
are drawn uniformly as the realistic player draws them; each likelihood of the play is then judged by
the information it gives about the true deal: ``log L(true deal) - log mean L(candidates)`` (nats; the
log of how much more probable the weighting makes the true deal; above 0 it points the right way).
Compared: the cheap proxy of ``players/reading_play.py`` (``play=1``, ``play=2``) at several ``BETA``,
and with ``--dd`` the principled version: every card another seat played (leads too) scored by the
softmax of the legal cards' double-dummy values in the candidate, at several temperatures (tricks),
with its cost per decision.

    python benchmarks/reading_play_information.py --hands 60 --seed 11 --dd

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time

import numpy as np

from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import load_player, seat_view
from euchre_stats.players import reading_play as rp
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.cardplay import view_worlds
from euchre_stats.players.reading import reads_auction
from euchre_stats.rules import Rules
from euchre_stats.solver import card_values_many


def dd_log_likelihood(view, ks, ws, out: int, temps) -> dict:
    """Per temperature, per candidate: the log of the product over the cards another seat played of the
    softmax of the legal cards' double-dummy values (its side's tricks from then on, every card seen)."""
    hands = np.asarray(ws, dtype=np.uint64)
    m = hands.shape[0]
    logl = {t: np.zeros(m) for t in temps}
    per = sum(view.active)
    for i, (s, c) in enumerate(view.plays):
        if s == view.seat:
            continue
        start = i - i % per
        later = [0, 0, 0, 0]
        for s2, c2 in view.plays[i:]:
            later[ks[s2]] |= 1 << c2
        table = [x for _, x in view.plays[start:i]]
        rows = hands | np.array(later, dtype=np.uint64)[None, :]
        played = np.full((m, 3), -1, dtype=np.int8)
        played[:, :len(table)] = table
        vals = card_values_many(rows, np.full(m, view.trump), np.full(m, ks[view.plays[start][0]]),
                                np.full(m, out, dtype=np.uint8), played)
        legal = vals >= 0
        for t in temps:
            z = np.where(legal, vals / t, -np.inf)
            top = z.max(axis=1)
            logl[t] += z[:, c] - top - np.log(np.exp(z - top[:, None]).sum(axis=1))
    return logl


def _gain(log_true: float, log_cands: np.ndarray) -> float:
    top = log_cands.max()
    return float(log_true - (top + np.log(np.mean(np.exp(log_cands - top)))))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--dd", action="store_true", help="also the double-dummy softmax (slow)")
    args = ap.parse_args()
    rules = Rules()
    betas = (0.5, 1.0, 1.5, 2.0, 3.0)
    temps = (0.5, 1.0, 2.0)
    gains = {f"play={k},beta={b}": [] for k in (1, 2) for b in betas}
    if args.dd:
        gains.update({f"dd,T={t}": [] for t in temps})
    cost = {"proxy": 0.0, "dd": 0.0}
    rng = np.random.default_rng(args.seed)
    player = load_player("realistic")
    decisions = 0
    for i in range(args.hands):
        state = HandState.deal(rules, i % 4, rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            legal = state.legal_cards() if state.phase == PLAY else 0
            if legal & (legal - 1) and len(view.plays) >= 4 and reads_auction(view):
                ws, _, ctx = view_worlds(view, worlds=256, seed=3)
                ks = ctx["ks"]
                truth = np.zeros((1, 4), dtype=np.uint64)
                for s in range(4):
                    truth[0, ks[s]] = state.hands[s] if state.active[s] else 0
                both = np.concatenate([truth, ws.astype(np.uint64)])
                for k in (1, 2):
                    t0 = time.perf_counter()
                    kk = -np.log(rp.play_likelihood(view, ks, both, k)) / rp.BETA  # the counts k
                    cost["proxy"] += (time.perf_counter() - t0) * (k == 2)
                    for b in betas:
                        gains[f"play={k},beta={b}"].append(_gain(-b * kk[0], -b * kk[1:]))
                if args.dd:
                    t0 = time.perf_counter()
                    ll = dd_log_likelihood(view, ks, both, ctx["out"], temps)
                    cost["dd"] += time.perf_counter() - t0
                    for t in temps:
                        gains[f"dd,T={t}"].append(_gain(ll[t][0], ll[t][1:]))
                decisions += 1
            state.apply(action_of(view, getattr(player, METHOD_OF_PHASE[state.phase])(view)))
    out = {"hands": args.hands, "seed": args.seed, "decisions": decisions,
           "nats_per_decision": {k: round(float(np.mean(v)), 4) for k, v in gains.items()},
           "ms_per_decision": {k: round(1000 * v / max(decisions, 1), 3) for k, v in cost.items() if v}}
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
