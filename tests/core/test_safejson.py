"""User JSON read safely: size and nesting bounds, clear errors, strings not mistaken for nesting."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from euchre_stats.bidding.model import BiddingModel, default_model
from euchre_stats.core.errors import BiddingModelError, JSONInputError
from euchre_stats.core.safejson import parse_json
from euchre_stats.game.records import review_lines
from euchre_stats.rules import RulesError, load_rules

json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.text(),
                           lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(), kids, max_size=3),
                           max_leaves=20)


@given(json_values)
def test_round_trip_of_ordinary_json(value):
    assert parse_json(json.dumps(value)) == value


def test_nesting_size_and_encoding_are_named():
    with pytest.raises(JSONInputError, match="rules: JSON nested 200 deep, more than the 32 allowed"):
        parse_json("[" * 200 + "]" * 200, "rules")
    assert parse_json(json.dumps(["[" * 40])) == ["[" * 40]  # brackets inside a string are not nesting
    with pytest.raises(JSONInputError, match="more than the 10 allowed"):
        parse_json("[1, 2, 3, 4]", max_chars=10)
    with pytest.raises(JSONInputError, match="not UTF-8 text"):
        parse_json(b'{"a": "\\xff"}'.replace(b"\\xff", b"\xff"), "hands.json")
    with pytest.raises(JSONInputError, match=r"line 2, column 1"):
        parse_json('{"a": 1,\n}')
    with pytest.raises(JSONInputError, match="line 3: a number in the JSON has more than 4,300 digits"):
        parse_json('{"leader": ' + "9" * 5000 + "}", "line 3")


def test_every_reader_refuses_deep_json_without_a_traceback(tmp_path):
    deep = "[" * 5000 + "]" * 5000
    assert review_lines([deep]) == [{"error": "line 1: JSON nested 5000 deep, more than the 32 allowed"}]
    with pytest.raises(RulesError, match="nested 5000 deep"):
        load_rules("{" + deep[1:])
    p = tmp_path / "model.json"
    p.write_text(deep)
    with pytest.raises(BiddingModelError, match="nested 5000 deep"):
        BiddingModel.load(p)


@pytest.mark.parametrize("text, message", [
    ("[1, 2]", "a JSON object of thresholds"),
    ('{"order": 7}', "'order' must be a list of four numbers"),
    ('{"order": [1, 2, 3, true]}', "'order' must be a list of four numbers"),
    ('{"defend_alone": "high"}', "'defend_alone' must be a number"),
    ('{"temperature": 0}', "temperature must be positive"),
    ('{"colour": 1}', "unknown bidding model field 'colour'"),
])
def test_a_file_that_is_not_a_bidding_model(tmp_path, text, message):
    p = tmp_path / "m.json"
    p.write_text(text)
    with pytest.raises(BiddingModelError, match=message):
        BiddingModel.load(p)


def test_bidding_model_round_trip_and_directory(tmp_path):
    m = default_model()
    m.save(tmp_path / "m.json")
    assert BiddingModel.load(tmp_path / "m.json") == m
    with pytest.raises(BiddingModelError, match="is a directory"):
        BiddingModel.load(tmp_path)
