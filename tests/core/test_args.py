"""Public functions refuse values of the wrong kind by name (core/args.py), before any work."""

from __future__ import annotations

import pytest

import euchre_stats as es
from euchre_stats.core.errors import ArgumentTypeError, EuchreStatsError, LimitError

HAND = "Jh Jd Ah 9s Tc"
CASES = [
    (es.order, dict(hand=None, up="9h", seat="eldest"), "hand=None"),
    (es.order, dict(hand=3, up="9h", seat="eldest"), "hand=3"),
    (es.order, dict(hand=HAND, up=2.5, seat="eldest"), "up=2.5"),
    (es.order, dict(hand=HAND, up="9h", seat="eldest", samples=None), "samples=None"),
    (es.order, dict(hand=HAND, up="9h", seat="eldest", bidding=2.5), "bidding=2.5"),
    (es.order, dict(hand=HAND, up="9h", seat="eldest", score=3), "score=3"),
    (es.order, dict(hand=HAND, up="9h", seat="eldest", progress=True), "progress=True"),
    (es.call, dict(hand=True, turned_down="9c", seat="eldest"), "hand=True"),
    (es.discard, dict(hand=None, up="9h"), "hand=None"),
    (es.lead, dict(hand=HAND, trump=3, maker="eldest", seat="eldest"), "trump=3"),
    (es.lead, dict(hand=HAND, trump="h", maker="eldest", seat="eldest", tricks=None), "tricks=None"),
    (es.alone, dict(hand=2.5, trump="h", maker="eldest", seat="eldest"), "hand=2.5"),
    (es.odds, dict(hand_size=True), "hand_size=True"),
    (es.odds, dict(deck=2.5), "deck=2.5"),
    (es.variants, dict(deck=None, samples=2.5), "samples=2.5"),
    (es.advise, dict(hand=HAND, up="9h", seat="eldest", table=3), "table=3"),
    (es.solve, dict(hands=[HAND] * 4, trump="h", out=None), "out=None"),
    (es.table, dict(run_dir=3), "run_dir=3"),
    (es.match, dict(deals=2.5), "deals=2.5"),
]


@pytest.mark.parametrize("func, kwargs, shown", CASES, ids=[c[2] for c in CASES])
def test_a_value_of_the_wrong_kind_is_named(func, kwargs, shown):
    with pytest.raises(EuchreStatsError) as err:
        func(**kwargs)
    name, value = shown.split("=", 1)
    if isinstance(err.value, LimitError):   # a size: checked with its bounds (core/limits.py)
        assert str(err.value) == f"{name} must be a whole number, got {value}"
    else:
        assert isinstance(err.value, ArgumentTypeError)
        assert f"(): {shown} is not " in str(err.value)
    assert isinstance(err.value, ValueError)


def test_the_echo_of_a_huge_value_is_cut():
    with pytest.raises(ArgumentTypeError) as err:
        es.order(HAND, up="9h", seat="eldest", score=list(range(30_000)))
    assert len(str(err.value)) < 200


def test_values_of_the_right_kind_still_work():
    assert es.odds(deck=32).to_frame().columns.tolist()[1:] == ["32"]
    assert es.odds(deck=["24", 32]).to_frame().columns.tolist()[1:] == ["24", "32"]
    d = es.lead(HAND, "h", "eldest", "eldest", samples=30, seed=1, model="dd")
    assert d.inputs["trump"] == "h"


def test_a_wrong_signature_stays_pythons_type_error():
    with pytest.raises(TypeError, match="unexpected keyword argument 'decks'"):
        es.odds(decks="24")
