"""A duplicate match's A - B split by where its two tables first differ."""

from __future__ import annotations

import math

import pytest

from euchre_stats.players import RandomPlayer
from euchre_stats.players.table import SPLIT_CATEGORIES, first_difference, play_match, seat_role, split_rows
from euchre_stats.rules import Rules, for_players


class LeadsHigh(RandomPlayer):
    """The random player, except that its opening lead is its highest-numbered legal card."""

    def play(self, view):
        if not view.plays:
            return max(view.legal_card_list)
        return super().play(view)


def _check_rows(r):
    rows = split_rows(r.diffs, r.splits)
    assert sum(x["deals"] for x in rows) == r.hands
    assert math.isclose(math.fsum(x["contribution"] for x in rows), r.diff, rel_tol=0, abs_tol=1e-12)
    for x in rows:
        assert math.isclose(x["contribution"], x["share"] * x["mean"], rel_tol=1e-12, abs_tol=1e-15)
    return rows


def test_the_contributions_add_up_to_the_match():
    r = play_match("realistic", "random", hands=20, seed=3, rules=Rules())
    rows = _check_rows(r)
    assert [x["at"] for x in rows] == [c for c in SPLIT_CATEGORIES if c in {x["at"] for x in rows}]
    d = r.to_dict()
    assert d["split"] == rows and all(x["split"]["at"] in SPLIT_CATEGORIES for x in d["deals"])
    text = r.to_text()
    assert "first difference" in text and rows[0]["at"] in text
    for deal, s in zip(d["deals"], r.splits):
        assert (s["at"] == "identical") == (s["seat"] is None)
        if s["at"] == "identical":
            assert deal["diff"] == 0


def test_a_player_against_itself_is_identical_everywhere():
    r = play_match("points", "points", hands=6, seed=4, rules=Rules())
    assert all(s == {"at": "identical", "seat": None} for s in r.splits)
    assert split_rows(r.diffs, r.splits) == [{"at": "identical", "deals": 6, "share": 1.0, "mean": 0.0,
                                               "ci": [0.0, 0.0], "contribution": 0.0}]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_players_differing_only_in_the_lead_differ_at_the_lead(players):
    rules = for_players(Rules(), players)
    r = play_match(RandomPlayer(), LeadsHigh(), hands=30, seed=2, rules=rules)
    ats = {s["at"] for s in r.splits}
    assert "card, opening lead" in ats and ats <= {"card, opening lead", "identical"}
    _check_rows(r)
    assert all(s["seat"] is not None for s in r.splits if s["at"] != "identical")


def test_first_difference_by_phase_and_role():
    one = [("round_one", 1, 0, "pass"), ("round_one", 2, 0, "order")]
    assert first_difference(one, one, 0, 4) == {"at": "identical", "seat": None}
    assert first_difference(one, [one[0], ("round_one", 2, 0, "order alone")], 0, 4) == \
        {"at": "alone/defend alone", "seat": "partner"}
    assert first_difference(one, [one[0], ("round_one", 2, 0, "pass")], 0, 4) == \
        {"at": "bid, round 1", "seat": "partner"}
    assert first_difference([("round_two", 0, 0, "h")], [("round_two", 0, 0, "pass")], 3, 4) == \
        {"at": "bid, round 2", "seat": "eldest"}
    assert first_difference([("discard", 3, 0, 5)], [("discard", 3, 0, 6)], 3, 4)["at"] == "discard"
    assert first_difference([("play", 1, -1, 5)], [("play", 1, -1, 6)], 0, 4)["at"] == "card, opening lead"
    assert first_difference([("play", 2, 0, 5)], [("play", 2, 0, 6)], 0, 4)["at"] == "card, rest of trick 1"
    assert first_difference([("play", 2, 3, 5)], [("play", 2, 3, 6)], 0, 4)["at"] == "card, later tricks"
    assert first_difference([("defend", 2, 0, "pass")], [("defend", 2, 0, "'defend alone'")], 0, 4)["at"] == \
        "alone/defend alone"
    assert [seat_role(s, 1, 4) for s in range(4)] == ["third", "dealer", "eldest", "partner"]
    assert [seat_role(s, 0, 6) for s in range(6)] == ["dealer", "eldest"] + [f"dealer+{k}" for k in range(2, 6)]
