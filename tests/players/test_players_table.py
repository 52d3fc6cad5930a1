"""Hands and duplicate matches played by players through the state machine, every move checked."""

from __future__ import annotations

import json

import numpy as np
import pytest

from euchre_stats.core.errors import DecisionInputError, PlayerMoveError, PlayerSpecError
from euchre_stats.game.records import replay, review_lines
from euchre_stats.game.state import OVER, HandState
from euchre_stats.players import BasePlayer, RandomPlayer
from euchre_stats.players.table import deal_seed, play_hand, play_hands, play_match, seat_seeds
from euchre_stats.players.view import SeatView
from euchre_stats.rules import Rules, for_players


def test_shipped_players_answer_legally_at_every_table():
    """Every shipped player answers every decision with a legal move at every table size (the
    runner checks each move; an illegal one would raise)."""
    from euchre_stats.players.table import play_hands

    for rules in (Rules(), Rules.from_json("british"), Rules.from_json("canadian"), for_players(Rules(), 2),
                  Rules(farmers_hand=True, railroad=True, defend_alone=True, stick_the_dealer=True),
                  for_players(Rules(), 3), Rules(no_trump=True), for_players(Rules(), 6),
                  Rules(players=6, deck="50")):
        specs = ("realistic", "points", "random", "cheat") if rules.players == 4 else ("realistic", "random", "cheat")
        for spec in specs:
            states = play_hands(spec, hands=3, seed=1, rules=rules)
            assert all(s.phase == OVER for s in states)


def test_named_models_are_four_handed():
    from euchre_stats.players.table import play_hands

    with pytest.raises(PlayerSpecError, match="'points' is four-handed"):
        play_hands("points", hands=1, seed=1, rules=for_players(Rules(), 2))


class Spy(BasePlayer):
    """Records what it is handed."""

    name = "spy"

    def __init__(self):
        self.calls = []

    def play(self, view, **extra):
        self.calls.append((view, extra))
        return super().play(view)

    def round_one(self, view, **extra):
        self.calls.append((view, extra))
        return super().round_one(view)


def test_players_are_handed_views_only_and_the_cheat_the_state():
    spy = Spy()
    seen = []

    class Cheat(BasePlayer):
        sees_all = True

        def play(self, view, full=None):
            seen.append(full)
            return super().play(view)

    states = play_hands([spy, Cheat(), spy, Cheat()], hands=4, seed=2, rules=Rules())
    assert all(s.phase == OVER for s in states)
    assert spy.calls and all(isinstance(v, SeatView) and extra == {} for v, extra in spy.calls)
    assert seen and all(isinstance(f, HandState) for f in seen)


class Illegal(BasePlayer):
    name = "illegal"

    def play(self, view):
        held = view.hand & ~view.legal_cards
        return (held & -held).bit_length() - 1 if held else "Zz"


class Raises(BasePlayer):
    def round_one(self, view):
        raise ValueError("no\nidea")


def test_an_illegal_move_names_the_player_the_move_and_the_deal_seed():
    with pytest.raises(PlayerMoveError) as exc:
        play_match(Illegal(), "random", hands=20, seed=3, rules=Rules())
    msg = str(exc.value)
    assert "\n" not in msg and "player 'illegal'" in msg and "illegal move" in msg and "deal seed" in msg
    seed = int(msg.split("deal seed ")[1].split(")")[0])
    index = next(i for i in range(20) if deal_seed(3, i) == seed)  # the seed names the deal
    state = HandState.deal(Rules(), index % 4, np.random.default_rng(seed))
    with pytest.raises(PlayerMoveError, match=f"deal seed {seed}"):
        play_hand(state, [Illegal(), RandomPlayer(), Illegal(), RandomPlayer()], seed=seed)


def test_a_player_that_raises_is_reported_in_one_line():
    with pytest.raises(PlayerMoveError, match=r"player 'raiser' \(seat 1\) raised ValueError at round_one "
                                              r"\(deal seed 5\): no idea$"):
        play_hand(HandState.deal(Rules(), 0, np.random.default_rng(1)), [Raises()] * 4, seed=5, names=["raiser"] * 4)


def test_match_records_replay_to_the_outcomes_counted():
    """Every hand of a match is a record that review replays to the same points, and the per-deal
    differences are A's net points over the two tables."""
    r = play_match("realistic", "points", hands=6, seed=1, rules=Rules())
    assert len(r.records) == 12 and r.estimate.n == 6
    lines = r.records_jsonl().splitlines()
    reviewed = review_lines(lines)
    assert all("error" not in x for x in reviewed)
    for i, d in enumerate(r.diffs):
        p1, p2 = reviewed[2 * i]["points"], reviewed[2 * i + 1]["points"]
        assert d == ((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2
    assert replay(json.loads(lines[0])).points == reviewed[0]["points"]
    assert r.to_dict()["seats"] == {"table 1": {"a": [0, 2], "b": [1, 3]}, "table 2": {"a": [1, 3], "b": [0, 2]}}


def test_a_player_against_itself_scores_zero_on_every_deal():
    """Duplicate tables share the cards and each seat's random stream: the same player at both gives 0."""
    for a in ("points", "random"):
        r = play_match(a, a, hands=8, seed=4, rules=Rules())
        assert r.diffs == [0.0] * 8


def test_the_match_is_repeatable_and_seeds_are_per_seat():
    a = play_match("random", "realistic", hands=4, seed=9, rules=Rules())
    b = play_match("random", "realistic", hands=4, seed=9, rules=Rules())
    assert a.diffs == b.diffs and a.records == b.records
    assert len(set(seat_seeds(deal_seed(9, 0), 4))) == 4


def test_two_and_six_handed_matches_and_no_cutthroat_match():
    for players in (2, 6):
        r = play_match("realistic", "random", hands=2, seed=1, rules=for_players(Rules(), players))
        assert len(r.records) == 4
        assert all("error" not in x for x in review_lines(r.records_jsonl().splitlines()))
    with pytest.raises(DecisionInputError, match="needs two sides"):
        play_match("random", "random", hands=1, seed=1, rules=for_players(Rules(), 3))


def test_bad_spec_and_bad_hands():
    with pytest.raises(PlayerSpecError, match="nosuch:thing"):
        play_match("nosuch:thing", "random", hands=1, seed=1, rules=Rules())
    with pytest.raises(DecisionInputError, match="hands must be"):
        play_match("random", "random", hands=0, seed=1, rules=Rules())


def test_exchanges_and_lone_defence_are_answered_legally():
    """A farmer's hand, railroad and defending alone reach the players' exchange and defend_alone."""
    rules = Rules(farmers_hand=True, railroad=True, defend_alone=True, stick_the_dealer=True)
    for spec in ("random", "realistic"):
        states = play_hands(spec, hands=40, seed=1, rules=rules)
        assert any(s.railroad for s in states) and any(s.farmer for s in states)
    assert any(s.defender_alone is not None for s in play_hands("random", hands=40, seed=1, rules=rules))


def test_a_match_is_the_same_on_a_process_pool_and_a_dask_cluster():
    """Deals played in chunks of 100 in two processes and on a LocalCluster: the same match,
    byte for byte (first deal 5: chunks 5..104 and 105..134)."""
    from test_backends import same_on_every_backend

    def run(**kw):
        r = play_match("points", "random", hands=130, seed=3, rules=Rules(), first=5, **kw)
        return json.dumps(r.to_dict()), r.records_jsonl()

    seen = []
    assert run(workers=2, progress=seen.append) == same_on_every_backend(run)
    assert sorted(seen) == [30, 100]


def test_a_match_elsewhere_refuses_a_bad_backend_and_wants_specs(monkeypatch):
    from test_backends import refuses_a_bad_backend

    refuses_a_bad_backend(monkeypatch, lambda **kw: play_match("points", "random", hands=3, seed=3, rules=Rules(),
                                                               **kw))
    with pytest.raises(DecisionInputError, match="workers must be a whole number >= 1, got 0"):
        play_match("points", "random", hands=3, seed=3, rules=Rules(), workers=0)
    with pytest.raises(PlayerSpecError, match="names its players by spec"):
        play_match(RandomPlayer(), "random", hands=3, seed=3, rules=Rules(), workers=2)
