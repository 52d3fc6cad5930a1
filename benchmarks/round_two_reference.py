"""The 60,000-deal references of tests/decide/test_round_two_honesty.py (double-dummy play).

    python benchmarks/round_two_reference.py   # writes tests/data/round_two_reference.json

Run again whenever the shipped bidding model changes (the test checks the model it was made with).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_round_two_honesty import QUESTIONS, REFERENCE, REFERENCE_SAMPLES, REFERENCE_SEED  # noqa: E402

from euchre_stats.bidding.model import default_model  # noqa: E402
from euchre_stats.decide.call import call_decision  # noqa: E402


def main() -> int:
    out = {"bidding": default_model().to_dict(), "samples": REFERENCE_SAMPLES, "seed": REFERENCE_SEED,
           "model": "dd", "questions": []}
    for hand, down, seat in QUESTIONS:
        t = time.perf_counter()
        d = call_decision(hand, down, seat, samples=REFERENCE_SAMPLES, seed=REFERENCE_SEED, model="dd",
                          others="shipped")
        out["questions"].append({"hand": hand, "turned_down": down, "seat": seat,
                                 "ev": {o.action: o.ev for o in d.options},
                                 "effective_samples": d.effective_samples})
        print(hand, down, seat, f"{time.perf_counter() - t:.1f} s", flush=True)
    REFERENCE.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
