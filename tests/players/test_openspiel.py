"""The bridge to OpenSpiel's euchre: complete OpenSpiel games with our players in every seat
arrangement, never an illegal action, never a hidden card read (docs/players.md, "OpenSpiel").

Skipped when OpenSpiel is not installed (``pip install 'euchre-stats[openspiel]'``; the ``test``
extra installs it, so CI runs these).
"""

from __future__ import annotations

import json
from itertools import product

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from click.testing import CliRunner  # noqa: E402

from euchre_stats.cli.main import cli  # noqa: E402
from euchre_stats.core.errors import PlayerMoveError, PlayerSpecError, RulesError  # noqa: E402
from euchre_stats.game.state import ALONE, OVER, HandState  # noqa: E402
from euchre_stats.players import BasePlayer, load_player  # noqa: E402
from euchre_stats.players.openspiel import (FROM_OPENSPIEL, TO_OPENSPIEL, bridge_bot, load_game,  # noqa: E402
                                            openspiel_parameters, openspiel_rules, rules_of_game, seat_information,
                                            view_from_information)
from euchre_stats.players.openspiel_table import (chance_actions, fair_world, openspiel_match,  # noqa: E402
                                                  parse_openspiel_spec, replay)
from euchre_stats.players.table import deal_seed  # noqa: E402
from euchre_stats.players.view import VIEW_FIELDS, seat_view  # noqa: E402
from euchre_stats.rules import Rules  # noqa: E402

#: every rule set OpenSpiel's euchre plays (its two parameters)
ALL_RULES = [openspiel_rules(Rules(stick_the_dealer=s, defend_alone=d)) for s, d in product((True, False), repeat=2)]


def rules_id(r: Rules) -> str:
    return f"stick{int(r.stick_the_dealer)}-defend{int(r.defend_alone)}"


class InfoOnly:
    """An OpenSpiel state seen through one seat's information state: anything else raises, so a
    bridge that read a hidden card (or another seat's information) would fail the test."""

    def __init__(self, state, seat: int):
        self._state, self._seat = state, seat

    def current_player(self):
        return self._state.current_player()

    def _mine(self, seat):
        if seat != self._seat:
            raise AssertionError(f"seat {self._seat}'s bot read seat {seat}'s information")
        return seat

    def information_state_tensor(self, seat):
        return self._state.information_state_tensor(self._mine(seat))

    def information_state_string(self, seat):
        return self._state.information_state_string(self._mine(seat))

    def legal_actions(self, seat):
        return self._state.legal_actions(self._mine(seat))

    def __getattr__(self, name):
        raise AssertionError(f"the bridge read {name!r} of the OpenSpiel state")


def dealt_state(game, deal):
    state = game.new_initial_state()
    for a in chance_actions(deal):
        state.apply_action(a)
    return state


def play_game(game, rules, bots, deal, rng=None):
    """Play ``deal`` on OpenSpiel's engine: ``bots[seat]`` a bridge bot (seen through :class:`InfoOnly`)
    or None (OpenSpiel's uniform random choice).  Every action is checked legal; returns the final
    state and the actions."""
    rng = rng or np.random.default_rng(0)
    state = dealt_state(game, deal)
    actions = []
    while not state.is_terminal():
        s = state.current_player()
        legal = state.legal_actions()
        a = int(rng.choice(legal)) if bots[s] is None else int(bots[s].step(InfoOnly(state, s)))
        assert a in legal, (s, a, legal)
        actions.append((s, a))
        state.apply_action(a)
    return state, actions


def test_cards_and_rules_map_both_ways():
    assert sorted(FROM_OPENSPIEL) == sorted(TO_OPENSPIEL)
    assert all(TO_OPENSPIEL[FROM_OPENSPIEL[c]] == c for c in range(24))
    from euchre_stats.core.cards import card_name

    assert card_name(FROM_OPENSPIEL[0]) == "9c" and card_name(FROM_OPENSPIEL[23]) == "As"
    assert card_name(FROM_OPENSPIEL[2 * 4 + 2]) == "Jh"  # OpenSpiel's rank * 4 + suit
    for r in ALL_RULES:
        assert rules_of_game(load_game(r)) == r
    assert openspiel_parameters(Rules()) == {"allow_lone_defender": False, "stick_the_dealer": False}
    assert rules_of_game(pyspiel.load_game("euchre")).stick_the_dealer  # OpenSpiel's default
    for bad in (Rules(canadian_loner=True), Rules(super_euchre=True), Rules(deck="32"), Rules(no_trump=True)):
        with pytest.raises(RulesError, match="OpenSpiel's euchre has no option for"):
            openspiel_rules(bad)


def test_the_deal_is_the_projects_deal():
    r = ALL_RULES[0]
    game = load_game(r)
    for i in range(8):
        deal = HandState.deal(r, i % 4, np.random.default_rng(deal_seed(1, i)))
        state = dealt_state(game, deal)
        assert state.dealer() == deal.dealer and FROM_OPENSPIEL[state.upcard()] == deal.upcard
        for seat in range(4):
            v = view_from_information(*seat_information(state, seat), seat, r)
            assert v.hand == deal.hands[seat] and v.dealer == deal.dealer


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_views_equal_the_state_machines_at_every_decision(rules):
    """At every decision of random OpenSpiel hands, the acting seat's view built from its information
    state equals the view the project's state machine gives of the same hand (its seed aside)."""
    game = load_game(rules)
    for i in range(40):
        rng = np.random.default_rng(i)
        deal = HandState.deal(rules, i % 4, np.random.default_rng(deal_seed(5, i)))
        state = dealt_state(game, deal)
        actions, discard = [], None
        while not state.is_terminal():
            s = state.current_player()
            ours = replay(deal, actions)
            while ours.phase == ALONE and ours.to_act != ours.maker_seat:
                ours.apply("pass")
            v = view_from_information(*seat_information(state, s), s, rules, discard=discard)
            w = seat_view(ours, s)
            assert {f: getattr(v, f) for f in VIEW_FIELDS if f != "seed"} == \
                   {f: getattr(w, f) for f in VIEW_FIELDS if f != "seed"}, (i, s, w.phase)
            a = int(rng.choice(state.legal_actions()))
            if ours.phase == "discard":
                discard = FROM_OPENSPIEL[a]
            actions.append((s, a))
            state.apply_action(a)
        final = replay(deal, actions)
        assert final.phase == OVER
        assert state.returns()[0] == final.points[0] - final.points[1]  # both engines score it alike


def test_a_view_depends_on_the_information_state_only():
    """OpenSpiel's own resampler redeals every card a seat cannot see: the seat's view is unchanged."""
    rules = ALL_RULES[0]
    game = load_game(rules)
    checked = 0
    for i in range(20):
        rng = np.random.default_rng(100 + i)
        state = dealt_state(game, HandState.deal(rules, i % 4, np.random.default_rng(deal_seed(6, i))))
        while not state.is_terminal():
            s = state.current_player()
            v = view_from_information(*seat_information(state, s), s, rules)
            for k in range(3):
                other = state.resample_from_infostate(s, lambda: float(rng.random()))
                if other.information_state_string(s) != state.information_state_string(s):
                    continue  # (OpenSpiel's resampler did not keep the information state: not the bridge's concern)
                assert view_from_information(*seat_information(other, s), s, rules) == v
                checked += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 500


@pytest.mark.parametrize("rules", ALL_RULES, ids=rules_id)
def test_complete_games_in_every_seat_arrangement(rules):
    """The bridge in every subset of the seats (the rest OpenSpiel's random choices): complete games,
    every action legal, the state read only through the seat's information state, both engines
    agreeing on the score.  The realistic player sits on one side, then the other."""
    game = load_game(rules)
    games = 0
    for seats in product((False, True), repeat=4):
        for g in range(2):
            i = games
            deal = HandState.deal(rules, i % 4, np.random.default_rng(deal_seed(7, i)))
            bots = [bridge_bot(game, "random", s, seed=i) if ours else None for s, ours in enumerate(seats)]
            state, actions = play_game(game, rules, bots, deal, np.random.default_rng(i))
            assert replay(deal, actions).points[0] - replay(deal, actions).points[1] == state.returns()[0]
            games += 1
    for side in ((0, 2), (1, 3)):
        for g in range(2):
            deal = HandState.deal(rules, g, np.random.default_rng(deal_seed(8, g)))
            bots = [bridge_bot(game, "realistic:worlds=4", s, seed=g) if s in side else None for s in range(4)]
            play_game(game, rules, bots, deal, np.random.default_rng(g))
    deal = HandState.deal(rules, 1, np.random.default_rng(deal_seed(9, 0)))
    play_game(game, rules, [bridge_bot(game, "realistic:worlds=4", s) for s in range(4)], deal)


def test_the_dealer_remembers_its_own_discard():
    """OpenSpiel's information state leaves the dealer's discard out; the dealer's bot remembers it,
    and no other seat's view has it."""
    rules = ALL_RULES[0]
    game = load_game(rules)
    seen = 0
    for i in range(30):
        deal = HandState.deal(rules, i % 4, np.random.default_rng(deal_seed(10, i)))
        bots = [bridge_bot(game, "realistic:worlds=4", s, seed=i) for s in range(4)]
        state = dealt_state(game, deal)
        while not state.is_terminal():
            s = state.current_player()
            v = bots[s].view(InfoOnly(state, s))
            if v.upcard_taken and v.phase == "play":
                assert (v.discard is not None) == (s == v.dealer)
                if s == v.dealer:
                    assert (v.known_gone >> v.discard) & 1 and not (v.hand >> v.discard) & 1
                    seen += 1
            state.apply_action(int(bots[s].step(InfoOnly(state, s))))
    assert seen > 0


class Revoke(BasePlayer):
    name = "revoke"

    def play(self, view):
        return max(view.cards)  # the highest card number held, legal or not


def test_an_illegal_answer_is_refused_with_the_player_named():
    rules = ALL_RULES[0]
    game = load_game(rules)
    with pytest.raises(PlayerMoveError, match=r"player 'revoke' \(seat \d\) made an illegal move"):
        for i in range(20):
            deal = HandState.deal(rules, i % 4, np.random.default_rng(deal_seed(11, i)))
            play_game(game, rules, [bridge_bot(game, Revoke(), s, name="revoke") for s in range(4)], deal)


def test_fair_worlds_keep_the_information_state_but_not_the_buried_cards():
    """ISMCTS's worlds under ``openspiel:ismcts-fair``: each keeps the seat's information state and
    legal actions, and the unseen cards (the buried ones too) go anywhere (OpenSpiel 2.0.2's own
    resampler keeps exactly the set of cards the other seats hold: docs/players.md)."""
    rules = ALL_RULES[0]
    game = load_game(rules)
    rng = np.random.default_rng(3)
    moved = worlds = 0
    for i in range(6):
        state = dealt_state(game, HandState.deal(rules, i % 4, np.random.default_rng(deal_seed(12, i))))
        while not state.is_terminal():
            s = state.current_player()
            true = {c for c, p in enumerate(state.card_holder()) if p is not None and p != s}
            for _ in range(3):
                w = fair_world(state, s, rules, rng)
                assert w.information_state_string(s) == state.information_state_string(s)
                assert list(w.information_state_tensor(s)) == list(state.information_state_tensor(s))
                assert w.legal_actions() == state.legal_actions()
                moved += {c for c, p in enumerate(w.card_holder()) if p is not None and p != s} != true
                worlds += 1
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moved > worlds // 2


def test_specs():
    assert parse_openspiel_spec("openspiel:ismcts:100").simulations == 100
    assert parse_openspiel_spec("openspiel:ismcts-fair:7").kind == "ismcts-fair"
    assert parse_openspiel_spec("openspiel:random").kind == "random"
    for bad in ("openspiel:ismcts", "openspiel:ismcts:0", "openspiel:mcts:5", "openspiel:random:3"):
        with pytest.raises(PlayerSpecError, match="openspiel"):
            parse_openspiel_spec(bad)
    with pytest.raises(PlayerSpecError, match="is an OpenSpiel bot"):
        load_player("openspiel:random")
    with pytest.raises(PlayerMoveError, match="sees every card"):
        bridge_bot(load_game(ALL_RULES[0]), "cheat", 0)


def test_a_match_on_openspiels_engine_and_its_records(tmp_path):
    """Duplicate deals against OpenSpiel's bots; the records replay with the outcomes counted."""
    r = openspiel_match("realistic:worlds=4", "openspiel:ismcts:20", hands=3, seed=1, rules=Rules())
    assert r.engine == "openspiel" and len(r.diffs) == 3 and len(r.records) == 6
    same = openspiel_match("random", "random", hands=4, seed=2, rules=Rules(stick_the_dealer=True, defend_alone=True))
    assert same.diffs == [0.0] * 4  # a player against itself: every deal scores 0
    with pytest.raises(PlayerSpecError, match="ISMCTS cannot play"):
        openspiel_match("random", "openspiel:ismcts:5", hands=1, seed=1, rules=Rules(defend_alone=True))
    out = tmp_path / "hands.jsonl"
    res = CliRunner().invoke(cli, ["match", "--a", "random", "--b", "openspiel:random", "--deals", "3", "--seed", "4",
                                   "--stick-the-dealer", "--records", str(out), "--format", "json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["engine"] == "openspiel" and d["players"]["table 1"] == {"0": "random", "1": "openspiel:random",
                                                                      "2": "random", "3": "openspiel:random"}
    rv = CliRunner().invoke(cli, ["review", str(out), "--format", "json"])
    assert rv.exit_code == 0, rv.output
    reviewed = json.loads(rv.output)
    assert len(reviewed) == 6
    for deal in d["deals"]:
        i = deal["deal"]
        p1, p2 = reviewed[2 * i]["points"], reviewed[2 * i + 1]["points"]
        assert deal["diff"] == ((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2


def test_whole_games_on_openspiels_engine():
    """``match --games`` with an OpenSpiel bot plays every hand on OpenSpiel's engine (each replayed
    and scored alike by the state machine), paired as on ours."""
    from euchre_stats.decide.match import player_games

    rules = Rules(stick_the_dealer=True)
    ab = player_games("random", "openspiel:random", games=3, seed=2, rules=rules)
    ba = player_games("openspiel:random", "random", games=3, seed=2, rules=rules)
    assert ab.p_a_wins == pytest.approx(1 - ba.p_a_wins) and ab.hands_per_game > 3
    assert "OpenSpiel's engine" in ab.to_text()
    with pytest.raises(PlayerSpecError, match="ISMCTS cannot play"):
        player_games("random", "openspiel:ismcts:5", games=2, seed=1, rules=Rules(defend_alone=True))
