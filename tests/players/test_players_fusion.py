"""realistic-v2:fusion=K (players/fusion.py, cardplay/fusion.py, engine/fusion.py): the vote against
strategy fusion, its per-world card values and its choice against a slow plain-Python twin."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.cardplay.fusion import NOT_LEGAL, fused_card_given_worlds, fused_choice, world_values
from euchre_stats.core.ties import DEFAULT_ORDER, ORDERS, decision_order, tie_key
from euchre_stats.core.errors import PlayerSpecError
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.players import InferencePlayer, load_player, seat_view
from euchre_stats.players.base import METHOD_OF_PHASE, action_of
from euchre_stats.players.fusion import fused_card
from euchre_stats.players.reading import weighted_worlds
from euchre_stats.rules import Rules, for_players

from slow_pimc import choose_from_worlds  # noqa: E402
from test_players_reading import _views  # noqa: E402

NA = Rules()
H = 2  # hearts trump in the small tables
#: decisions the compiled vote is checked on against the slow twin (docs/methods.md: 2,000, by setting this)
DECISIONS = 300


# --- the slow twin: each world alone by the plain solver, the vote in plain Python -------------------
def slow_world_points(rules, distinct, view, ctx) -> list[dict[int, int]]:
    """Per distinct world, ``{legal card: the mover's side's points minus the others'}`` (double-dummy)."""
    ks = ctx["ks"]
    da = -1 if view.defender_alone is None else ks[view.defender_alone]
    return [choose_from_worlds(rules, w[None, :], view.trump, ctx["leader"], ctx["out"], ctx["trick"],
                               ks[view.maker_seat], view.alone is not None, da, ctx["won"])[1] for w in distinct]


def slow_vote(per_world: list[dict[int, int]], mult, margin: int, trump: int = H, order: int = DEFAULT_ORDER) -> int:
    """Of the cards within ``margin`` eighths of a point a world of the best weighted total, the one best
    or tied best in the most weighted worlds; then the higher total, then the lowest tie key."""
    cards = sorted(per_world[0])
    total = sum(int(k) for k in mult)
    sums = {c: sum(int(k) * d[c] for d, k in zip(per_world, mult)) for c in cards}
    wins = {c: sum(int(k) for d, k in zip(per_world, mult) if d[c] == max(d.values())) for c in cards}
    top = max(sums.values())
    near = [c for c in cards if 8 * sums[c] >= 8 * top - margin * total]
    return max(near, key=lambda c: (wins[c], sums[c], -tie_key(c, trump, order)))


def _matrix(rows: list[dict[int, int]]) -> np.ndarray:
    v = np.full((len(rows), 33), NOT_LEGAL, dtype=np.int64)
    for w, d in enumerate(rows):
        for c, x in d.items():
            v[w, c] = x
    return v


def test_vote_on_small_tables():
    # card 3 totals 4 over 4 worlds, best in 1; card 7 totals 3, best in 3 (ties count)
    rows = [{3: 4, 7: 1}, {3: 0, 7: 0}, {3: 0, 7: 1}, {3: 0, 7: 1}]
    mult = [1, 1, 1, 1]
    assert fused_choice(_matrix(rows), mult, 0, H) == slow_vote(rows, mult, 0) == 3
    assert fused_choice(_matrix(rows), mult, 1, H) == slow_vote(rows, mult, 1) == 3  # 8*3 < 8*4 - 4
    assert fused_choice(_matrix(rows), mult, 2, H) == slow_vote(rows, mult, 2) == 7  # 8*3 >= 8*4 - 8
    # the weights count: the first world drawn three times
    assert fused_choice(_matrix(rows), [3, 1, 1, 1], 2, H) == slow_vote(rows, [3, 1, 1, 1], 2) == 3
    # exact ties: the lowest tie key (the eight of diamonds before the queen of clubs: rank first)
    rows = [{5: 1, 9: 1}, {5: -2, 9: -2}]
    assert fused_choice(_matrix(rows), [1, 1], 8, H) == slow_vote(rows, [1, 1], 8) == 9


def test_vote_agrees_with_the_slow_vote_on_random_tables():
    rng = np.random.default_rng(2)
    for _ in range(500):
        m = int(rng.integers(1, 9))
        cards = sorted(rng.choice(33, size=int(rng.integers(2, 6)), replace=False).tolist())
        rows = [{c: int(rng.choice([-4, -2, -1, 1, 2, 4])) for c in cards} for _ in range(m)]
        mult = rng.integers(1, 4, size=m).tolist()
        margin = int(rng.integers(0, 24))
        trump, order = int(rng.integers(5)), int(ORDERS[int(rng.integers(24))])
        assert fused_choice(_matrix(rows), mult, margin, trump, order) == slow_vote(rows, mult, margin, trump, order)


@pytest.mark.parametrize("margin", [2, 8])
def test_compiled_vote_agrees_with_the_slow_twin(margin):
    """The per-world values exactly, and the card on :data:`DECISIONS` decisions."""
    m = load_player("realistic-v1").model
    agree = total = 0
    for state, view in _views(NA, 9, DECISIONS):
        ws, ctx, _ = weighted_worlds(view, m, worlds=24, seed=13)
        ks = ctx["ks"]
        da = -1 if view.defender_alone is None else ks[view.defender_alone]
        card, values, mult = fused_card_given_worlds(NA, ws, view.trump, ctx["leader"], ctx["out"],
                                                     ks[view.maker_seat], view.alone is not None, da, margin=margin,
                                                     trick=ctx["trick"], gone=ctx["gone"], won=ctx["won"],
                                                     order=ctx["order"])
        distinct, counts = np.unique(ws, axis=0, return_counts=True)
        assert (counts == mult).all()
        slow = slow_world_points(NA, distinct, view, ctx)
        assert (values == _matrix(slow)).all()
        total += 1
        od = decision_order(ctx["order"], len(ctx["trick"]), ks[view.seat], ks[view.maker_seat] % 2)
        agree += card == slow_vote(slow, counts, margin, view.trump, od)
        assert fused_card(view, m, margin=margin, worlds=24, seed=13) == card
    assert total == DECISIONS
    assert agree / total >= 0.99, (agree, total)


def test_world_values_match_the_solver_on_uniform_worlds_and_no_trump():
    from euchre_stats.players.cardplay import view_worlds

    rules = Rules(no_trump=True, stick_the_dealer=True)
    rng = np.random.default_rng(5)
    p = load_player("realistic-v1")
    seen = 0
    while seen < 40:
        state = HandState.deal(rules, int(rng.integers(4)), rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=int(rng.integers(2**40)))
            if state.phase == PLAY and state.legal_cards() & (state.legal_cards() - 1):
                ws, _, ctx = view_worlds(view, worlds=6)
                ks = ctx["ks"]
                da = -1 if view.defender_alone is None else ks[view.defender_alone]
                values = world_values(rules, ws, view.trump, ctx["leader"], ctx["out"], ks[view.maker_seat],
                                      view.alone is not None, da, trick=ctx["trick"], gone=ctx["gone"],
                                      won=ctx["won"])
                assert (values == _matrix(slow_world_points(rules, ws, view, ctx))).all()
                seen += 1
            state.apply(action_of(view, getattr(p, METHOD_OF_PHASE[state.phase])(view)))


# --- the player -------------------------------------------------------------------------------------
def test_spec():
    p = load_player("realistic-v2:fusion=2")
    assert type(p) is InferencePlayer and p.fusion == 2 and p.name == "realistic-v2:fusion=2"
    assert load_player("realistic-v2").fusion == 0
    with pytest.raises(PlayerSpecError, match="fusion"):
        load_player("realistic-v2:fusion=65")
    with pytest.raises(PlayerSpecError, match="unknown option 'fusion=1'"):
        load_player("realistic-v1:fusion=1")


def test_plays_legal_repeatable_cards_and_differs_from_v2_somewhere():
    p, v2 = load_player("realistic-v2:fusion=8"), load_player("realistic-v2")
    differ = 0
    for state, view in _views(NA, 5, 300):
        card = p.play(view)
        assert (state.legal_cards() >> card) & 1
        assert p.play(view) == card
        differ += card != v2.play(view)
    assert 0 < differ < 30


def test_the_vote_on_worlds_that_read_the_play_too():
    """fusion and play combine: the vote on the worlds weighted by the auction and the play."""
    both, vote = load_player("realistic-v2:fusion=2,play=2"), load_player("realistic-v2:fusion=2")
    assert both.fusion == 2 and both.play_kind == 2
    differ = 0
    for state, view in _views(NA, 7, 120):
        card = both.play(view)
        assert (state.legal_cards() >> card) & 1 and both.play(view) == card
        if view.plays and view.seat != view.plays[-1][0]:
            differ += card != vote.play(view)
    assert differ > 0


@pytest.mark.parametrize("players", [3, 6])
def test_tables_whose_auction_is_not_read(players):
    """Three-handed: uniform worlds, the vote; six-handed: played as realistic-v2."""
    from euchre_stats.players.table import play_hands

    rules = for_players(Rules(), players)
    p = load_player("realistic-v2:fusion=4")
    states = play_hands(p, hands=4, seed=4, rules=rules)
    assert all(s.phase == OVER for s in states)
    if players == 6:
        v2 = load_player("realistic-v2")
        rng = np.random.default_rng(1)
        state = HandState.deal(rules, 0, rng)
        while state.phase != OVER:
            view = seat_view(state, state.to_act, seed=3)
            card = getattr(p, METHOD_OF_PHASE[state.phase])(view)
            if state.phase == PLAY:
                assert card == v2.play(view)
            state.apply(action_of(view, card))
