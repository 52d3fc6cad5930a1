"""Does the compiled ``realistic-v4`` (``--model realistic-v4``: engine/reading.py with 8 times the worlds for a
defender against a lone maker) choose the Python player ``realistic-v4``'s card given the same worlds?

Views of the seat to move (more than one legal card, an auction that is read) from deals bid by shipped-v3 at
every seat, the cards played at random; per view the worlds the Python player draws (``players/reading.py``
``weighted_worlds``, read under shipped-v3: 192 worlds from 2,048 candidates for a defender against a lone
maker, 24 from 256 otherwise), then the kernel's card on them (``cardplay/reading.py::decide_reading``: the
cashing rule for a defender on lead against makers with a partner) against ``players/defence.py
defended_card(defend=20)``.  Prints the agreement overall, on the lone defence's decisions and on the cashing
rule's, and the Python player's CPU time a decision.

    nice -n 10 python benchmarks/v4_twin.py --decisions 2000 --loners 1000 --seed 30
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from euchre_stats.bidding.model_v2 import shipped_v3_model
from euchre_stats.cardplay.reading import MORE_WORLDS, decide_reading
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.defence import against_loner, against_makers, defended_card, outstanding
from euchre_stats.players.load import V4_DEFEND
from euchre_stats.players.reading import reads_auction, weighted_worlds
from euchre_stats.players.shipped import ModelPlayer
from euchre_stats.rules import Rules


def views(rules, bidder, seed: int, n: int, loners: int):
    """``n`` views, at least ``loners`` of them a defender's against a lone maker."""
    rng = np.random.default_rng(seed)
    out, lone = [], 0
    while len(out) < n:
        state = HandState.deal(rules, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY:
                legal = state.legal_cards()
                if legal & (legal - 1) and reads_auction(view):
                    is_lone = against_loner(view)
                    if is_lone or len(out) - lone < n - loners:
                        out.append(view)
                        lone += is_lone
                cards = [c for c in range(33) if (legal >> c) & 1]
                state.apply(action_of(view, cards[int(rng.integers(len(cards)))]))
            else:
                state.apply(action_of(view, getattr(bidder, METHOD_OF_PHASE[state.phase])(view)))
    return out[:n]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=2000)
    ap.add_argument("--loners", type=int, default=1000, help="of which at least this many against a lone maker")
    ap.add_argument("--seed", type=int, default=30)
    a = ap.parse_args()
    rules = Rules()
    m = shipped_v3_model()
    vs = views(rules, ModelPlayer(m), a.seed, a.decisions, a.loners)
    tally = {"all": [0, 0], "against a loner": [0, 0], "cashing rule": [0, 0], "other": [0, 0]}
    cpu = 0.0
    for i, v in enumerate(vs):
        loner = against_loner(v)
        worlds, pool = (24 * MORE_WORLDS, 256 * MORE_WORLDS) if loner else (24, 256)
        ws, ctx, _ = weighted_worlds(v, m, worlds=worlds, pool=pool, seed=i)
        ks = ctx["ks"]
        cash = bool(against_makers(v) and not v.trick)
        da = -1 if v.defender_alone is None else ks[v.defender_alone]
        card = decide_reading(rules, ws, v.trump, ctx["leader"], ctx["out"], ks[v.maker_seat], v.alone is not None,
                              da, cash=cash, public_out=outstanding(v, v.hand, len(v.plays)) if cash else 0,
                              trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"], order=ctx["order"])
        t0 = time.process_time()
        ref = defended_card(v, m, V4_DEFEND, worlds=24, pool=256, seed=i)
        cpu += time.process_time() - t0
        kind = "against a loner" if loner else "cashing rule" if cash else "other"
        for k in ("all", kind):
            tally[k][0] += card == ref
            tally[k][1] += 1
        if (i + 1) % 250 == 0:
            print(f"{i + 1} decisions: agree {tally['all'][0]}/{tally['all'][1]}", flush=True)
    print(f"\nseed {a.seed}: the kernel's card = the Python realistic-v4's on the same worlds")
    for k, (ok, n) in tally.items():
        print(f"  {k:16s} {ok}/{n}" + (f" ({ok / n:.1%})" if n else ""))
    print(f"Python realistic-v4: {cpu / len(vs) * 1000:.0f} CPU-ms a decision")


if __name__ == "__main__":
    main()
