"""The player interface: the shipped players, specs, a user's own player, and cards chosen from a view."""

from __future__ import annotations

import numpy as np
import pytest

from euchre_stats.bidding.model import POINTS_MODEL, BiddingModel
from euchre_stats.core.errors import PlayerSpecError
from euchre_stats.game.policies import RandomPolicy
from euchre_stats.game.state import OVER, PLAY, HandState
from euchre_stats.cardplay.realistic import sample_worlds
from euchre_stats.cardplay.realistic_seats import sample_worlds_seats
from euchre_stats.players import BasePlayer, CheatPlayer, ModelPlayer, Player, RandomPlayer, load_player
from euchre_stats.players.shipped import FallbackInferencePlayer
from euchre_stats.players.base import METHODS
from euchre_stats.players.cardplay import _kernel_seats, _public, realistic_card, view_worlds
from euchre_stats.players.view import seat_view
from euchre_stats.rules import Rules, for_players

USER_FILE = '''
from euchre_stats.players import BasePlayer

class LowCard(BasePlayer):
    name = "low-card"

    def play(self, view):
        return min(view.legal_card_list)

low = LowCard()
'''


# --- specs ------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec, kind, attrs", [
    ("realistic", FallbackInferencePlayer, {"policy": "shipped-v4", "worlds": 24, "name": "realistic", "defend": 20,
                                            "fallback_policy": "shipped"}),
    ("realistic:worlds=48", FallbackInferencePlayer, {"worlds": 48, "name": "realistic:worlds=48"}),
    ("realistic-v5:pool=512", FallbackInferencePlayer, {"policy": "shipped-v3", "pool": 512, "defend": 20}),
    ("realistic-v6", FallbackInferencePlayer, {"policy": "shipped-v4", "defend": 20, "name": "realistic-v6"}),
    ("realistic-v1", ModelPlayer, {"policy": "shipped", "worlds": 24, "name": "realistic-v1"}),
    ("points", ModelPlayer, {"policy": "points", "model": POINTS_MODEL}),
    ("dd-tuned:worlds=8", ModelPlayer, {"policy": "dd-tuned", "worlds": 8}),
    ("shipped", ModelPlayer, {"policy": "shipped"}),
    ("shipped-v3:worlds=8", ModelPlayer, {"policy": "shipped-v3", "worlds": 8}),
    ("shipped-v4", ModelPlayer, {"policy": "shipped-v4"}),
    ("random", RandomPlayer, {"seed": 0}),
    ("random:seed=3", RandomPlayer, {"seed": 3}),
    ("cheat", CheatPlayer, {"sees_all": True, "name": "cheat"}),
])
def test_shipped_specs(spec, kind, attrs):
    p = load_player(spec)
    assert type(p) is kind and isinstance(p, Player)
    for k, v in attrs.items():
        assert getattr(p, k) == v


def test_a_model_file_and_a_users_player(tmp_path, monkeypatch):
    model = tmp_path / "m.json"
    BiddingModel(order=(6.0,) * 4).save(model)
    p = load_player(f"{model}:worlds=4")
    assert p.model.order == (6.0,) * 4 and p.worlds == 4
    (tmp_path / "mine.py").write_text(USER_FILE)
    by_file = load_player(f"{tmp_path / 'mine.py'}:LowCard")  # a class: made with no arguments
    assert by_file.name == "low-card" and isinstance(by_file, BasePlayer)
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_player("mine:low").name == "low-card"
    obj = RandomPlayer(1)
    assert load_player(obj) is obj


@pytest.mark.parametrize("spec, words", [
    ("nosuch:thing", ["'nosuch:thing'", "cannot import 'nosuch'"]),
    ("nosuch", ["unknown player 'nosuch'"]),
    ("", ["empty spec"]),
    ("realistic:worlds=x", ["'realistic:worlds=x'", "worlds must be a whole number"]),
    ("realistic:worlds=0", ["'realistic:worlds=0'", "worlds must be a whole number 1..10000"]),
    ("realistic:depth=3", ["unknown option 'depth=3'", "worlds=N"]),
    ("random:worlds=3", ["unknown option 'worlds=3'", "seed=N"]),
    ("missing.json", ["'missing.json'"]),
    ("euchre_stats.players:nothing", ["has no attribute 'nothing'"]),
    ("euchre_stats.rules:Rules", ["lacks round_one"]),
])
def test_bad_specs_give_one_line_naming_the_spec(spec, words):
    with pytest.raises(PlayerSpecError) as exc:
        load_player(spec)
    msg = str(exc.value)
    assert "\n" not in msg
    for w in words:
        assert w in msg


def test_a_module_that_raises_is_one_line(tmp_path):
    (tmp_path / "bad.py").write_text("raise RuntimeError('broken\\nover two lines')\n")
    with pytest.raises(PlayerSpecError, match=r"bad.py:P'.*raised RuntimeError: broken over two lines"):
        load_player(f"{tmp_path / 'bad.py'}:P")
    with pytest.raises(PlayerSpecError, match="no file"):
        load_player(f"{tmp_path / 'none.py'}:P")


def test_the_interface_has_every_decision():
    assert METHODS == ("round_one", "name_trump", "round_two", "alone", "defend_alone", "discard", "exchange", "play")
    for m in METHODS:
        assert callable(getattr(BasePlayer, m))


# --- cards from a view -------------------------------------------------------------------------
def _positions(rules: Rules, seed: int, n: int):
    """Play positions of random hands (states copied before each card)."""
    rng = np.random.default_rng(seed)
    policy = RandomPolicy(rng, pass_probability=0.6)
    out = []
    for i in range(n):
        state = HandState.deal(rules, i % rules.players, rng)
        while state.phase != OVER:
            if state.phase == PLAY and state.legal_cards().bit_count() > 1:
                out.append(state.copy())
            state.apply(policy(state))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_worlds_are_the_worlds_sampled_from_the_true_hands(players):
    """The sampler given stand-ins (sizes) draws exactly the worlds it draws given the real hands:
    it never reads a hidden card, and the view loses nothing it needs."""
    rules = for_players(Rules(), players)
    # (a dealer who discarded the upcard is believed to hold it by the others, as it must be; the real
    # hands would give that away, so such positions are left out)
    for state in [s for s in _positions(rules, 3, 6)[::3] if s.discard != s.upcard]:
        view = seat_view(state, seed=99)
        ws, exact, ctx = view_worlds(view, worlds=16)
        ks = ctx["ks"]
        true = [0, 0, 0, 0]
        for s in range(players):
            if state.active[s]:
                true[ks[s]] = state.hands[s]
        _, gone, voids, _, up_held = _public(view, ks, 4)
        up = state.upcard if up_held else -1
        kd = _kernel_seats(view)[1]
        ref, ref_exact = sample_worlds(rules, true, state.trump, ctx["leader"], ctx["out"], seed=99,
                                       stream=len(view.plays), worlds=16, trick=ctx["trick"], gone=gone, voids=voids,
                                       up_known=up, dealer=kd)
        assert exact == ref_exact
        assert np.array_equal(ws, ref)


def test_six_handed_view_worlds_match_the_true_hands():
    rules = for_players(Rules(), 6)
    for state in [s for s in _positions(rules, 4, 3)[::5] if s.discard != s.upcard]:
        view = seat_view(state, seed=7)
        ws, _, ctx = view_worlds(view, worlds=8)
        ks = ctx["ks"]
        true = [0] * 6
        for s in range(6):
            if state.active[s]:
                true[ks[s]] = state.hands[s]
        _, gone, voids, _, up_held = _public(view, ks, 6)
        up = state.upcard if up_held and (state.hands[state.dealer] >> state.upcard) & 1 else -1
        ref, _ = sample_worlds_seats(rules, true, state.trump, ctx["leader"], ctx["out"], seed=7,
                                     stream=len(view.plays), worlds=8, trick=ctx["trick"], gone=gone, voids=voids,
                                     up_known=up)
        assert np.array_equal(ws, ref)


def test_view_worlds_take_only_a_view():
    state = _positions(Rules(), 1, 1)[0]
    with pytest.raises(ValueError, match="takes a SeatView"):
        view_worlds(state)


def test_realistic_card_is_legal_and_repeatable():
    for state in _positions(Rules(), 8, 3):
        view = seat_view(state, seed=5)
        card = realistic_card(view)
        assert (state.legal_cards() >> card) & 1
        assert realistic_card(view) == card


def test_the_docs_player_is_the_shipped_example_file():
    """docs/players.md shows data/players/my_player.py as it is, and its Python example runs."""
    from pathlib import Path

    import euchre_stats as es

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "players.md").read_text()
    blocks = doc.split("```python\n")[1:]
    assert blocks[0].split("```")[0] == (root / "data" / "players" / "my_player.py").read_text()
    namespace = {}
    exec(blocks[1].split("```")[0], namespace)
    r = namespace["r"]
    assert r.to_dict()["n"] == 20 and r.diff == es.play(namespace["LowCard"](), "realistic", hands=20, seed=1).diff


def test_realistic_is_v6_and_falls_back_to_the_shipped_count_where_shipped_v4_cannot_bid():
    from euchre_stats.bidding.model import default_model, policy_model
    from euchre_stats.players.table import play_match
    from euchre_stats.rules import Rules

    p = load_player("realistic")
    p.prepare(Rules())
    assert p.bidding == "shipped-v4" and p.model == policy_model("shipped-v4")[1] and p.fallback_reason is None
    british = Rules(alone_declared="before_lead")
    p.prepare(british)   # British timing: the feature bidder declares alone by its own alone score
    assert p.bidding == "shipped-v4" and p.fallback_reason is None
    v5 = load_player("realistic-v5")   # as it was made: the count under British timing
    for player, rules in ((p, Rules(no_trump=True)), (v5, british)):
        player.prepare(rules)
        assert player.bidding == "shipped" and player.model == default_model()
        assert "bidding with shipped" in player.fallback_reason
    for spec, rules in (("realistic:worlds=4", british), ("realistic:worlds=4", Rules(no_trump=True))):
        assert play_match(spec, "random", hands=2, seed=1, rules=rules).to_dict()["n"] == 2
    p.prepare(Rules())
    assert p.bidding == "shipped-v4"
    # realistic-v1 keeps the old realistic: the shipped count, uniform worlds
    old = ModelPlayer("shipped", name="old")
    assert play_match("realistic-v1", "points", hands=3, seed=2, rules=Rules()).diffs == \
        play_match(old, "points", hands=3, seed=2, rules=Rules()).diffs


def test_shipped_v3_player_refuses_rules_it_cannot_bid_under_and_is_match_s_default_a():
    import euchre_stats as es
    from euchre_stats.core.errors import PlayerSpecError
    from euchre_stats.rules import Rules

    with pytest.raises(PlayerSpecError, match="'shipped-v3'.*no trump"):
        load_player("shipped-v3").prepare(Rules(no_trump=True))
    load_player("shipped-v3").prepare(Rules(alone_declared="before_lead"))   # British timing: it bids
    r = es.match(b="random", deals=2, seed=1)   # the default population seated as a player
    assert r.to_dict()["a"] == "shipped-v4" and r.to_dict()["n"] == 2
