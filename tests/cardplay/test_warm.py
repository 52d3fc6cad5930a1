"""The realistic kernel's first compile on two cores (``euchre_stats.cardplay.warm``): with a cold cache a
helper process compiles the valuation while this process compiles the rest, the answers are the same,
and with a warm cache no helper starts.  One cold compile of the four-seat kernel (about 15 CPU-seconds)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from euchre_stats.cardplay.realistic import play_realistic
from euchre_stats.core.cards import cards_to_mask, parse_cards
from euchre_stats.rules import NORTH_AMERICAN

HANDS = [("Jh Jd Ah 9s Tc", "9h Th Qh Ks Kc", "Kh As Qs Js Ac", "Ts 9c Jc Qc 9d"),
         ("Jc Js As Ks 9h", "Qs Ts 9s Ah Kh", "Jh Jd Ad Kd Qd", "Ac Kc Qc Tc 9c")]
ARGS = dict(trump=[2, 3], leader=[0, 1], out=0, maker=[0, 1], alone=False, def_alone=-1)

PROBE = """
import json, sys
import numpy as np
from numba.core import event
from euchre_stats.core import compiling

compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__qualname__)
    def on_end(self, ev):
        pass
event.register("numba:compile", Listener())
from euchre_stats.cardplay.realistic import play_realistic
from euchre_stats.rules import NORTH_AMERICAN
hands, args = json.loads(sys.argv[1])
res = play_realistic(NORTH_AMERICAN, np.array(hands, dtype=np.uint64), **args, seed=7, worlds=8, threads=2)
print(json.dumps({"tricks": res.tolist(), "compiled": compiled, "helpers": len(compiling._HELPERS)}))
"""


def _hands():
    return [[cards_to_mask(parse_cards(h)) for h in deal] for deal in HANDS]


@pytest.mark.slow
def test_a_cold_compile_borrows_the_valuation_and_answers_alike(tmp_path):
    if len(os.sched_getaffinity(0)) < 2:
        pytest.skip("one CPU: no helper process")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "EUCHRE_STATS_COMPILE_HELPER": "1"}
    env.pop("NUMBA_DISABLE_JIT", None)

    def run():
        out = subprocess.run([sys.executable, "-P", "-c", PROBE, json.dumps([_hands(), ARGS])], env=env,
                             capture_output=True, text=True, check=True, timeout=1800)
        return json.loads(out.stdout), out.stderr

    want = play_realistic(NORTH_AMERICAN, np.array(_hands(), dtype=np.uint64), **ARGS, seed=7, worlds=8,
                          threads=2).tolist()
    (cold, notice) = run()
    assert cold["helpers"] == 1 and cold["tricks"] == want
    # the helper's copy was the one _play_row asks for (warm.valuation_signature): it compiled nowhere here
    # the entry point compiles here, with the chunk loop and the per-deal play-out inlined into it
    assert "play_batch" in cold["compiled"] and "_play_row" not in cold["compiled"]
    assert "_evaluate_best_first" not in cold["compiled"], (
        "the helper's valuation was not the copy _play_row asks for: update cardplay/warm.valuation_signature to "
        "the arguments engine/realistic.py's _play_row now passes to _evaluate_best_first")
    assert "a second process helping" in notice
    (warm, notice) = run()
    assert warm == {"tricks": want, "compiled": [], "helpers": 0} and notice == ""
