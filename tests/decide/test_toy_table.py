"""A table the project does not play, built as data and asked every question (issue 29).

The toy is four players in two sides of two -- the four-handed seating -- played through the state
machine (not the vectorised four-handed engines) with a scoring of its own: a march scores 3 and a
lone march 6.  It is made of a :class:`Seating` and a :class:`~euchre_stats.rules.Table` (its
:class:`~euchre_stats.rules.Scoring`) and nothing else: the questions (``game_*`` of
:mod:`euchre_stats.decide`) read the table from the rules.

The control is the same seating with the four-handed game's scoring, on the same path.  Double-dummy
play does not know the score, and the point-count bidder counts cards, not points: on one seed both
tables deal, bid and play alike, so every trick count agrees and the values differ by exactly what the
scorings differ by (one point per march, two per lone march, to the makers)."""

from __future__ import annotations

import ast
from pathlib import Path

import numpy as np
import pytest

from euchre_stats.cardplay.contracts import four_handed_only
from euchre_stats.core.seating import SEATINGS, Seating
from euchre_stats.decide.call import game_call_decision
from euchre_stats.decide.discard import game_discard_decision
from euchre_stats.decide.lead import game_lead_decision
from euchre_stats.decide.order import game_order_decision
from euchre_stats.decide.tables import bidder_for, parse_game_seat, value_range, value_unit
from euchre_stats.game.policies import THRESHOLDS
from euchre_stats.rules import (Rules, Scoring, Table, game_name, hand_point_values, hand_points_array,
                                points_by_side, why_no_alone)

FOUR = SEATINGS[4]
#: the toy's seating: the four-handed seats, not vectorised (so the state-machine path plays it)
TOY_SEATING = Seating(4, 2, "toy", FOUR.names, FOUR.words)
TOY = Rules(players=4, table=Table(TOY_SEATING, Scoring(march=3, lone_march=6), "toy euchre"))
#: the control: the same table with the four-handed game's scoring
CONTROL = Rules(players=4, table=Table(TOY_SEATING, Scoring(), "four-handed euchre on the state machine"))
ASK = dict(samples=120, seed=11, model="dd")


def _by_action(d):
    return {o.action: o for o in d.options}


def _same_play_scored_apart(toy, control, extra_per_march):
    """Both tables played alike (every trick count agrees); each option's value differs by
    ``extra_per_march[action]`` times its chance of a march (0 for an option not listed)."""
    a, b = _by_action(toy), _by_action(control)
    assert a.keys() == b.keys()
    for action in a:
        assert a[action].tricks == b[action].tricks, action
        assert (a[action].p_make, a[action].p_march, a[action].p_euchred) == \
            (b[action].p_make, b[action].p_march, b[action].p_euchred), action
        if action in extra_per_march:
            assert a[action].ev - b[action].ev == pytest.approx(extra_per_march[action] * a[action].p_march,
                                                               abs=1e-9), action
    return a, b


def test_the_toy_table_is_rules_data():
    assert not TOY.seating.vectorised and TOY.seating.four_seats and TOY.seating.partnerships
    assert game_name(TOY) == "toy euchre" and TOY.describe().startswith("custom: toy euchre, 24-card deck")
    assert TOY.to_dict()["table"] == "toy" and TOY != CONTROL != Rules()
    assert four_handed_only(TOY) is not None  # the four-handed engines refuse it: it is another table
    t = np.arange(6)
    assert hand_points_array(TOY, t, False, False)[0].tolist() == [0, 0, 0, 1, 1, 3]
    assert hand_points_array(TOY, t, True, False)[0].tolist() == [0, 0, 0, 1, 1, 6]
    assert hand_points_array(CONTROL, t, True, False)[0].tolist() == [0, 0, 0, 1, 1, 4]
    assert hand_point_values(TOY) == (1, 2, 3, 6) and hand_point_values(CONTROL) == (1, 2, 4)
    assert points_by_side(TOY, 1, [0, 5], False) == [0, 3]
    assert value_range(TOY, True, True) == (-2.0, 6.0) and value_range(CONTROL, True, True) == (-2.0, 4.0)
    assert value_unit(TOY) == "points" and parse_game_seat("partner", TOY.seating) == 1
    _, inputs = bidder_for(TOY, dict(THRESHOLDS), {})
    assert "assist" in inputs["thresholds"]  # a table with partners: the partners' order has a threshold
    alone_free = Rules(players=4, table=Table(Seating(4, 4, "toy4", FOUR.names, FOUR.words), Scoring(), "toy"))
    assert why_no_alone(alone_free) == "nobody goes alone in toy: nobody has a partner (players 4)"


def test_order_at_the_toy_table():
    toy = game_order_decision("Jh Jd Ah Kh 9c", "9h", "eldest", TOY, **ASK)
    control = game_order_decision("Jh Jd Ah Kh 9c", "9h", "eldest", CONTROL, **ASK)
    a, b = _same_play_scored_apart(toy, control, {"order": 1, "order alone": 2})
    assert set(a) == {"pass", "order", "order alone"}
    assert 0 < a["order alone"].p_march < 1  # the scoring shows: a lone march is worth 6, not 4
    assert a["order alone"].ev > b["order alone"].ev and a["order alone"].ev_ci[1] <= 6
    assert b["order alone"].ev_ci[1] <= 4
    assert toy.value_unit == "points" and toy.inputs["seat"] == "eldest"
    assert toy.to_dict()["rules"]["table"] == "toy"


def test_call_at_the_toy_table():
    toy = game_call_decision("Jh Jd Ah Kh 9c", "9s", "partner", TOY, **ASK)
    control = game_call_decision("Jh Jd Ah Kh 9c", "9s", "partner", CONTROL, **ASK)
    calls = {f"{s}{lone}": 2 if lone else 1 for s in "cdh" for lone in ("", " alone")}
    a, _ = _same_play_scored_apart(toy, control, calls)
    assert {"pass", "h", "h alone"} <= set(a) and "s" not in a  # the turned-down suit is not named
    assert a["h"].p_march > 0


def test_discard_at_the_toy_table():
    toy = game_discard_decision("Jh Jd Ah Kh 9c Qh", "Qh", TOY, **ASK)
    control = game_discard_decision("Jh Jd Ah Kh 9c Qh", "Qh", CONTROL, **ASK)
    a, _ = _same_play_scored_apart(toy, control, {c: 1 for c in ("Jh", "Jd", "Ah", "Kh", "9c", "Qh")})
    assert toy.recommendation == control.recommendation == "9c"
    assert a["9c"].p_march > 0


def test_lead_at_the_toy_table():
    args = ("Jh Ah Kc 9s Td", "h", "eldest", "eldest")
    toy = game_lead_decision(*args, TOY, **ASK)
    control = game_lead_decision(*args, CONTROL, **ASK)
    a, _ = _same_play_scored_apart(toy, control, {c: 1 for c in ("Jh", "Ah", "Kc", "9s", "Td")})
    assert any(o.p_march > 0 for o in a.values())
    # a lone maker at the toy table: its partner sits out, a lone march scores 6
    lone = _by_action(game_lead_decision(*args, TOY, alone=True, **ASK))
    lone_control = _by_action(game_lead_decision(*args, CONTROL, alone=True, **ASK))
    for c, o in lone.items():
        assert o.ev - lone_control[c].ev == pytest.approx(2 * o.p_march, abs=1e-9)


#: the modules of the questions and the tables' rules: where a comparison of a player count with a
#: number may stand (the named dispatch points), and how many
DISPATCH_POINTS = {"core/seating.py": 1}  # Seating.four_seats: the four-seat kernels or the N-seat ones
OWNED = ["rules", "core/seating.py", "decide", "bidding/games.py", "cardplay/contracts.py", "players/table.py",
         "players/cardplay.py"]


def _count_comparisons(path: Path) -> int:
    """Comparisons of something named ``players`` (a name or an attribute) with a number or numbers."""
    def players(node):
        return (isinstance(node, ast.Name) and node.id == "players") or \
            (isinstance(node, ast.Attribute) and node.attr == "players")

    def number(node):
        return (isinstance(node, ast.Constant) and isinstance(node.value, int)) or \
            (isinstance(node, (ast.Tuple, ast.List, ast.Set)) and all(number(e) for e in node.elts))

    found = 0
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            found += any(players(x) for x in sides) and any(number(x) for x in sides)
    return found


def test_the_table_size_is_compared_only_at_named_dispatch_points():
    root = Path(__file__).resolve().parents[2] / "euchre_stats"
    files = [p for name in OWNED for p in ((root / name).rglob("*.py") if (root / name).is_dir() else [root / name])]
    counts = {p.relative_to(root).as_posix(): _count_comparisons(p) for p in files}
    assert {k: v for k, v in counts.items() if v} == DISPATCH_POINTS
