"""solver/batch.py: the fast path of ``solve --input`` gives exactly what the thorough path gives.

The thorough path (``solve_batch(lines, fast=False)``: every line through ``make_position``) is
the slow twin; the fast path reads the common form itself and checks it with array operations.
Both must print the same line for every input: good deals, bad deals of every kind, odd spellings.
"""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_stats.core.bits import mask_to_cards
from euchre_stats.core.cards import card_name, parse_card
from euchre_stats.output.results import dumps
from euchre_stats.solver import result_dict, solve_position
from euchre_stats.solver.batch import _CARD_BIT, KEYS, _fast_row, _read_common, position_from_dict, solve_batch
from euchre_stats.sampling.deals import random_positions


def deal_objects(n: int, seed: int) -> list[dict]:
    hands, trump, leader = random_positions(n, seed)
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


# --- the byte-level reader (solver/_jsonl.py) ------------------------------------------------
def spellings(obj: dict, rng: np.random.Generator) -> str:
    """``obj`` as one JSON line in a random one of the forms a file may hold: key order, spaces."""
    keys = list(obj)
    rng.shuffle(keys)
    sep, colon = [(", ", ": "), (",", ":"), (" , ", " : "), ("\t,", ":\t"), (",  ", ":")][int(rng.integers(5))]
    body = sep.join(json.dumps(k) + colon + json.dumps(obj[k], separators=(sep, colon)) for k in keys)
    pad = ["", " ", "\t", "  "]
    return pad[int(rng.integers(4))] + "{" + pad[int(rng.integers(4))] + body + pad[int(rng.integers(4))] + "}" \
        + pad[int(rng.integers(4))]


#: texts spliced into good lines: each makes a line bad, odd, or the same line written otherwise
SPLICES = [
    ('"leader": 0', '"leader": false'), ('"leader": 1', '"leader": true'), ('"leader": 2', '"leader": 2.0'),
    ('"leader": 3', '"leader": -0'), ('"leader": 0', '"leader": 00'), ('"leader": 1', '"leader": 1e0'),
    ('"leader": 2', '"leader": "2"'), ('"leader": 3', '"leader": 3' + "0" * 5000), ('"leader": 0', '"leader": 4'),
    ('"leader": 1', '"leader": null'), ('"leader": 2', '"leader": [2]'), ('"leader": 3', '"leader": 3, "leader": 1'),
    ('"leader"', '"lead\\u0065r"'), ('"leader"', '"Leader"'), ('"trump": "c"', '"trump": "\\u0063"'),
    ('"trump": "d"', '"trump": "diamonds"'), ('"trump": "h"', '"trump": "♥"'), ('"trump": "s"', '"trump": 3'),
    ('"trump": "c"', '"trump": 0, "trump": "c"'), ('"trump": "d"', '"trump": "D "'), ('"trump": "h"', '"trump": 4'),
    ('"trump": "s"', '"trump": true'), ('"trump": "c"', '"trump": ""'), ('"trump": "d"', '"trump": "diamondss"'),
    ('"hands": [', '"out": [], "hands": ['), ('"hands": [', '"out": 1, "hands": ['),
    ('"hands": [', '"out": [1, 1], "hands": ['), ('"hands": [', '"out": [true], "hands": ['),
    ('"hands": [', '"played": [], "hands": ['), ('"hands": [', '"played": "", "hands": ['),
    ('"hands": [', '"played": "9c", "hands": ['), ('"hands": [', '"deck": "25", "hands": ['),
    ('"hands": [', '"deck": 24, "hands": ['), ('"hands": [', '"deck": "Euchre", "hands": ['),
    ('"hands": [', '"deck": "024", "hands": ['), ('"hands": [', '"deck": 024, "hands": ['),
    ('"hands": [', '"deck": 24.0, "hands": ['), ('"hands": [', '"deck": "north-american", "hands": ['),
    ('"hands": [', '"deck": " 24", "hands": ['), ('"hands": [', '"colour": 1, "hands": ['),
    ('"hands": [', '"hands": [], "hands": ['), ('"hands": [', '"deck": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["'
                                               ']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]], "hands": ['),
    ('"hands": [', '"hands": [' * 40), ('"hands": [', '"hands" : [ '), ('"hands": [', '"hands":\r['),
    ('"hands": [', '"hands":\u00a0['), ('"hands": [', '"h\\u0061nds": ['), ('"hands": [', '"hands": [[], '),
    ('"Jh"', '"jh"'), ('"Jh"', '"hJ"'), ('"Jh"', '"JH"'), ('"Th"', '"10h"'), ('"Th"', '"10H"'), ('"Jh"', '"J\\u0068"'),
    ('"Jh"', '"Jk"'), ('"Jh"', '"Jh", "Jh"'), ('"Jh"', '"Jh "'), ('"Jh"', '"Jh\\t"'), ('"Jh"', '"J\u0127"'),
    ('"Jh"', '"Jhearts"'), ('"Jh"', '"joker"'), ('"Jh"', '"7h"'), ('"Jh"', '"Jh\\""'), ('"Jh"', '5'), ('"Jh"', '[]'),
    ('"Jh"', 'true'), ('"Jh"', '"\ud800"'), ('"Jh"', '"Jh\x00"'), ('"Jh"', '"Jh\x7f"'), ('"Qs"', '"Qs",'),
    ('"Qs"', '"Qs" "Kc"'), ('"Qs"', '"Qs",,"Kc"'), ('], [', ']], [['), ('], [', '],\n['), ('], [', '] , ['),
    ('], [', '],['), ('], [', '], "9c", ['), ('"', "'"), ('{', '{{'), ('{', '[{'), ('}', '}}'), ('}', '},'),
    ('}', '} x'), ('}', ''), ('{', '\ufeff{'), (']]', ']] '), (']]', '],]'), ('"', '\\"'),
]


def hostile_lines(n: int, seed: int) -> list[str]:
    """Good deals written many ways, each followed by the same deal spoiled by one or two splices."""
    rng = np.random.default_rng(seed)
    lines = []
    for i, obj in enumerate(deal_objects(n, seed)):
        obj = corrupt(obj, int(rng.integers(17)), rng) if i % 3 == 0 else obj
        good = spellings(obj, rng) if i % 2 else json.dumps(obj, ensure_ascii=False)
        lines.append(good)
        bad = good
        for _ in range(int(rng.integers(1, 3))):
            old, new = SPLICES[int(rng.integers(len(SPLICES)))]
            at = [k for k in range(len(bad)) if bad.startswith(old, k)]
            if at:
                k = at[int(rng.integers(len(at)))]
                bad = bad[:k] + new + bad[k + len(old):]
        lines.append(bad)
        if i % 50 == 0:
            lines.append(" \t ")  # a blank line: skipped, but it counts in the line numbers
    return lines


def test_the_byte_reader_prints_what_the_thorough_path_prints_for_hostile_lines():
    lines = hostile_lines(1500, 11)
    fast, slow = solve_batch(lines), solve_batch(lines, fast=False)
    assert len(fast.lines) == len(slow.lines)
    for a, b in zip(fast.lines, slow.lines):
        assert a == b
    sure, _ = _read_common(lines)
    assert 0.3 < sure.mean() < 0.8  # the reader took many, and left many to the thorough path
    assert sum('"error"' in x for x in fast.lines) > 800


def test_every_line_the_reader_is_sure_of_reads_as_json_loads_and_fast_row_read_it():
    lines = hostile_lines(1500, 12)
    sure, rows = _read_common(lines)
    for i in np.flatnonzero(sure):
        assert tuple(int(x) for x in rows[i]) == _fast_row(json.loads(lines[i])), lines[i]


@pytest.mark.parametrize("line", [
    '{"trump": "h", "leader": 0, "leader": 1, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',  # json.loads keeps 1
    '{"trump": "\\u0068", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}\r',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]],}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc",]]}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]} {}',
    '{"trump": "h", "leader": -0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 0.0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 0, "deck": 024, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]], "out": []' + " " * 5000 + "}",
    '{"trump": "h", "leader": 0, "hands": [["Jh", "Jh"], ["9s"], ["9c"], ["Kc"]]}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"], []]}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"]]}',
    '{"trump": "h", "leader": 0}',
    '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["K\u0441"]]}',  # a Cyrillic es
])
def test_the_byte_reader_is_not_sure_of_odd_lines(line):
    sure, _ = _read_common([line])
    assert not sure[0]
    assert solve_batch([line]).lines == solve_batch([line], fast=False).lines


def test_the_byte_reader_reads_the_common_forms():
    lines = ['{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}',
             '\t{ "hands" :[ [ "jh" ],["S9"],[ "10c"] , ["KC"]],"leader":3 ,"trump":"hearts","out":[ ],"played":""}',
             '{"deck": "benny", "trump": 2, "leader": 1, "out": 0, '
             '"hands": [[], ["Jk", "9s"], ["9c", "b"], ["Kc", "Ah"]]}',
             '{"deck": 25, "trump": "S", "leader": 1, "out": [0, 0], "played": [], '
             '"hands": [[], ["Jk"], ["9c"], ["Kc"]]}']
    sure, rows = _read_common(lines)
    assert sure.all()
    for line, row in zip(lines, rows):
        assert tuple(int(x) for x in row) == _fast_row(json.loads(line))
    assert solve_batch(lines).lines == solve_batch(lines, fast=False).lines


def test_objects_and_texts_with_line_breaks_mix_with_texts():
    good = '{"trump": "h", "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}'
    broken = '{"trump": "h",\n "leader": 0, "hands": [["Jh"], ["9s"], ["9c"], ["Kc"]]}'  # one JSON text, two lines
    for lines in ([good, json.loads(good), good], [good, broken, good], [json.loads(good), "[]", "  "], [], [""]):
        assert solve_batch(lines).lines == solve_batch(lines, fast=False).lines
        assert solve_batch(iter(lines)).lines == solve_batch(lines, fast=False).lines


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.text(
    alphabet=st.sampled_from(list('{}[]":, \t0123456789.-eEtrufalsnJhHd9sKcTk\\u\u00e9\r')), max_size=4)),
    max_size=4))
def test_any_edit_of_a_good_line_prints_what_the_thorough_path_prints(edits):
    line = '{"deck": "24", "trump": "d", "leader": 2, "out": [], "played": [], ' \
           '"hands": [["Jh", "9h"], ["9s", "Th"], ["9c", "Ac"], ["Kc", "Ts"]]}'
    for where, kind, text in edits:  # insert, replace, delete or overwrite at a spot
        k = where % (len(line) + 1)
        line = [line[:k] + text + line[k:], line[:k] + text + line[k + len(text):], line[:k] + line[k + 1:],
                line[:k] + text + line[k + 1:]][kind]
    lines = [line, line.replace(" ", ""), " " + line]
    assert solve_batch(lines).lines == solve_batch(lines, fast=False).lines
    sure, rows = _read_common(lines)
    for i in np.flatnonzero(sure):
        assert tuple(int(x) for x in rows[i]) == _fast_row(json.loads(lines[i]))


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 40) | st.sampled_from(
    ["h", "D", "clubs", "Jh", "9s", "10c", "jk", "24", "25", "", "♥", "Jh\u0000"]) | st.floats(allow_nan=False),
    lambda inner: st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(KEYS + ("x",)), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KEYS + ("colour",)), json_values, max_size=7), st.randoms())
def test_any_object_prints_what_the_thorough_path_prints(obj, random):
    hands = [["Jh", "9h"], ["9s", "Th"], ["9c", "Ac"], ["Kc", "Ts"]]
    if random.random() < 0.5:
        obj = {"trump": "h", "leader": 1, "hands": hands, **obj}
    lines = [json.dumps(obj), json.dumps(obj, ensure_ascii=False, separators=(",", ":")), json.dumps(obj, indent=None)]
    assert solve_batch(lines).lines == solve_batch(lines, fast=False).lines
    sure, rows = _read_common(lines)
    for i in np.flatnonzero(sure):
        assert tuple(int(x) for x in rows[i]) == _fast_row(json.loads(lines[i]))


def test_every_answer_is_the_printed_result_of_solving_its_position_alone():
    lines = hostile_lines(300, 13) + [
        '{"trump": "h", "leader": 1, "played": ["9s"], "hands": [["Jh", "Ah"], ["Ts"], ["9c", "Kc"], ["Qs", "Ks"]]}',
        '{"trump": "c", "leader": 0, "out": 2, "hands": [["Jh"], ["9s"], [], ["9c"]]}',
        '{"deck": "32", "trump": "s", "leader": 3, "hands": [["7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"], '
        '["7s", "8s", "9s", "Ts", "Js", "Qs", "Ks", "As"], ["7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"], '
        '["7d", "8d", "9d", "Td", "Jd", "Qd", "Kd", "Ad"]]}']
    answers = iter(solve_batch(lines).lines)
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        answer = next(answers)
        try:
            position = position_from_dict(json.loads(line))
        except ValueError:
            assert answer.startswith('{"error": "line ' + str(number))
            continue
        r = solve_position(position)
        assert answer == dumps(result_dict(r.tricks, r.card_values)), line


def test_the_byte_reader_knows_every_spelling_of_the_python_tables():
    from euchre_stats.core.decks import ALIASES
    from euchre_stats.solver.batch import _SUITS

    line = '{{"deck": {deck}, "trump": {trump}, "leader": 0, "hands": [[{card}], [], [], []]}}'
    lines = [line.format(deck='"33"', trump='"h"', card=json.dumps(c)) for c in _CARD_BIT]
    lines += [line.format(deck='"24"', trump=json.dumps(s), card='"Jh"') for s in _SUITS]
    lines += [line.format(deck=json.dumps(d), trump='"h"', card='"Jh"') for d in ALIASES if len(d) <= 8]
    lines += [line.format(deck=d, trump=t, card='"Jh"') for d in ("24", "25", "28", "32", "33") for t in "0123"]
    sure, rows = _read_common(lines)
    assert sure.all(), [x for x, s in zip(lines, sure) if not s]
    for text, row in zip(lines, rows):
        assert tuple(int(x) for x in row) == _fast_row(json.loads(text))
