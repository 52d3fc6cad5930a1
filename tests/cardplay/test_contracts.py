"""Tests of cardplay.contracts: the contracts' first leaders and seats out, against a plain twin."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from euchre_stats.cardplay.contracts import Evaluator
from euchre_stats.core.seats import DEALER
from euchre_stats.rules import preset
from euchre_stats.rules.effects import first_leader


def _leaders_plain(rules, c):
    """Each deal's first leader and seats out (bit per seat), one deal after another."""
    leader = np.zeros(len(c.maker), dtype=np.int64)
    out = np.zeros(len(c.maker), dtype=np.uint8)
    for i, m in enumerate(c.maker.tolist()):
        if m < 0:   # thrown in: nobody leads
            continue
        ma = m if c.alone[i] else None
        da = int(c.def_alone[i]) if c.def_alone[i] >= 0 else None
        leader[i] = first_leader(rules, DEALER, ma, da)
        out[i] = (1 << ((m + 2) & 3) if ma is not None else 0) | (1 << ((da + 2) & 3) if da is not None else 0)
    return leader, out


@pytest.mark.parametrize("name", ["north-american", "british"])  # eldest leads; left of the loner leads
def test_the_first_leaders_match_their_plain_twin(name):
    rules = preset(name)
    rng = np.random.default_rng(7)
    n = 3000
    maker = rng.integers(-1, 4, n)
    alone = rng.random(n) < 0.3
    defender = (maker + 1 + 2 * rng.integers(0, 2, n)) % 4
    def_alone = np.where(rng.random(n) < 0.3, defender, -1)
    c = SimpleNamespace(maker=maker, alone=alone, def_alone=def_alone)
    got = Evaluator(rules, "dd", 0, 1).leaders(c)
    want = _leaders_plain(rules, c)
    assert got[0].dtype == np.int64 and got[1].dtype == np.uint8
    assert got[0].tolist() == want[0].tolist() and got[1].tolist() == want[1].tolist()
    assert len(set(got[0].tolist())) > 1   # the loners move the lead (or the thrown-in deals' 0)
