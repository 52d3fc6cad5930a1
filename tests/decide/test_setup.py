"""The four-handed questions' shared pieces: the dealer's discards screened as the deals come in."""

from __future__ import annotations

from euchre_stats.decide.order import order_decision


def _outcome(values):
    import numpy as np

    from euchre_stats.cardplay.contracts import Outcome

    v = np.asarray(values, dtype=np.float64)
    z = np.zeros(len(v))
    return Outcome(v, z, z, z, z)


def test_the_discard_screen_drops_a_candidate_far_behind_and_keeps_the_close_ones():
    import numpy as np

    from euchre_stats.decide.setup import DiscardScreen

    rng = np.random.default_rng(1)
    screen = DiscardScreen({"9s": 1, "Tc": 2, "Ah": 3})
    chunk = screen.watching(lambda r, n: ({"pass": _outcome(np.zeros(n)),
                                           "order|9s": _outcome(base + 0.02 + 0.3 * r.normal(size=n)),
                                           "order|Tc": _outcome(base + 0.02),
                                           "order|Ah": _outcome(base - 1.0)}, np.ones(n), (n, np.inf)))
    base = rng.normal(size=150)
    chunk(rng, 150)                                   # fewer deals than MIN_DEALS: nothing dropped yet
    assert screen.dropped["order"] == [] and [n for n, _ in screen.playing("order")] == ["9s", "Tc", "Ah"]
    base = rng.normal(size=300)
    chunk(rng, 300)
    assert screen.dropped == {"order": ["Ah"], "order alone": []}   # 1.02 behind Tc on every deal
    assert screen.playing("order") == [("9s", 1), ("Tc", 2)] and len(screen.playing("order alone")) == 3
    outs = screen.fill({"pass": _outcome([0.0]), "order|9s": _outcome([1.0]), "order|Tc": _outcome([2.0])})
    assert set(outs) == {"pass", "order|9s", "order|Tc", "order|Ah"}     # the chunks keep their keys
    assert list(screen.kept(outs)) == ["pass", "order|9s", "order|Tc"]


def test_the_dealers_screened_answer_is_the_answer_with_every_discard_played(monkeypatch):
    """Dropped candidates were far behind; the ones still played keep their outcomes deal by deal, so the
    options, their values and discards are the same as with every candidate played to the end."""
    from euchre_stats.decide.setup import DiscardScreen

    ask = dict(hand="Jh Jd Ah 9s Tc", upcard="9h", seat="dealer", samples=2500, seed=6, model="dd")
    seen = []
    init = DiscardScreen.__init__

    def spy(self, cards):
        init(self, cards)
        seen.append(self)

    monkeypatch.setattr(DiscardScreen, "__init__", spy)
    screened = order_decision(**ask)
    assert seen[0].dropped["order"] and seen[0].dropped["order alone"]     # some were dropped after a chunk
    monkeypatch.setattr(DiscardScreen, "Z", float("inf"))
    every = order_decision(**ask)
    assert not seen[1].dropped["order"]
    assert [o.to_dict() for o in screened.options] == [o.to_dict() for o in every.options]
    assert screened.recommendation == every.recommendation
