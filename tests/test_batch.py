"""solver/batch.py: the fast path of ``solve --input`` gives exactly what the thorough path gives.

The thorough path (``solve_batch(lines, fast=False)``: every line through ``make_position``) is
the slow twin; the fast path reads the common form itself and checks it with array operations.
Both must print the same line for every input: good deals, bad deals of every kind, odd spellings.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

from euchre_stats.core.bits import mask_to_cards
from euchre_stats.core.cards import card_name, parse_card
from euchre_stats.solver.batch import _CARD_BIT, _fast_row, solve_batch
from euchre_stats.solver.bench import random_deals


def deal_objects(n: int, seed: int) -> list[dict]:
    hands, trump, leader = random_deals(n, seed)
    return [{"trump": "cdhs"[int(trump[i])], "leader": int(leader[i]),
             "hands": [[card_name(c) for c in mask_to_cards(int(m))] for m in hands[i]]} for i in range(n)]


def corrupt(obj: dict, kind: int, rng: np.random.Generator) -> dict:
    """One of many ways to change a good line (some keep it good, most make it bad)."""
    o = json.loads(json.dumps(obj))
    h = o["hands"]
    s, t = (int(x) for x in rng.choice(4, 2, replace=False))
    if kind == 0:
        h[s][0] = h[t][0]  # a card held twice
    elif kind == 1:
        h[s][0] = "7h"  # not in the 24-card deck
    elif kind == 2:
        h[s].pop()  # hand lengths differ
    elif kind == 3:
        o["out"] = [s]  # a seat out that holds cards
    elif kind == 4:
        o["out"] = [s]
        h[s] = []
        o["leader"] = s  # the leader sits out
    elif kind == 5:
        o["out"] = [s]
        h[s] = []  # a good three-handed line... unless the hand lengths then differ
    elif kind == 6:
        h[s] = [c.lower() for c in h[s]]  # other spellings of the same cards
        h[t] = [c[1] + c[0] for c in h[t]]
    elif kind == 7:
        h[s] = " ".join(h[s])  # a hand as one string (the thorough path reads it)
    elif kind == 8:
        o["trump"] = {"c": "clubs", "d": "♦", "h": 2, "s": "S"}[o["trump"]]
    elif kind == 9:
        o["played"] = [h[o["leader"]].pop()]  # a card on the table
    elif kind == 10:
        o["deck"] = "25"
        h[s][0] = "Jk"  # the Joker in the Joker deck
    elif kind == 11:
        o["deck"] = 24
    elif kind == 12:
        h[s][0] = h[s][1]  # a card twice in one hand
    elif kind == 13:
        o["out"] = [s, t]  # two seats out, both holding cards
    elif kind == 14:
        h[s][0] = "Tx"
    elif kind == 15:
        o["leader"] = True
    elif kind == 16:
        o["out"] = s
        h[s] = []
    return o


def test_the_fast_path_prints_what_the_thorough_path_prints():
    rng = np.random.default_rng(5)
    good = deal_objects(400, 9)
    lines = []
    for i, obj in enumerate(good):
        lines.append(json.dumps(obj, ensure_ascii=False))
        lines.append(json.dumps(corrupt(obj, i % 17, rng), ensure_ascii=False))
    fast, slow = solve_batch(lines), solve_batch(lines, fast=False)
    assert fast.lines == slow.lines
    errors = sum('"error"' in x for x in fast.lines)
    assert 200 < errors < 600  # both kinds are well represented
    # and every good line went the fast way
    assert all(_fast_row(obj) is not None for obj in good)


def test_every_fast_spelling_is_the_card_the_parser_reads():
    for text, bit in _CARD_BIT.items():
        assert 1 << parse_card(text) == bit, text


@pytest.mark.parametrize("line", [
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]], "colour": 1}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], [5]]}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], [["Kc"]]]}',
    '{"trump": "q", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 4, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 0, "deck": "29", "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
])
def test_a_line_outside_the_common_form_goes_the_thorough_way(line):
    assert _fast_row(json.loads(line)) is None
    assert solve_batch([line]).lines == solve_batch([line], fast=False).lines
    assert '"error"' in solve_batch([line]).lines[0]
