"""The examples in docs/*.md are checked: records replayed, results compared (commands: test_docs_examples.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from euchre_stats.game.records import review_lines, review_record
from euchre_stats.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```", re.S | re.M)


def blocks(name: str) -> list[tuple[str, str]]:
    return [(m.group(1).strip(), m.group(2)) for m in FENCE.finditer((DOCS / name).read_text())]


def test_rules_blocks():
    found = [body for info, body in blocks("rules.md") if info == "json rules"]
    assert len(found) >= 3
    for body in found:
        Rules.from_json(json.loads(body))


def test_record_blocks_replay_to_their_results():
    bl = blocks("formats.md")
    pairs = [(bl[i][1], bl[i + 1]) for i in range(len(bl)) if bl[i][0] == "json record"]
    assert len(pairs) >= 4
    for record, (info, result) in pairs:
        assert info == "json result"
        assert review_record(json.loads(record)).to_dict() == json.loads(result)


def test_batch_block():
    bl = blocks("formats.md")
    i = next(k for k, (info, _) in enumerate(bl) if info == "jsonl batch")
    assert bl[i + 1][0] == "jsonl output"
    got = list(review_lines(bl[i][1].splitlines()))
    assert got == [json.loads(x) for x in bl[i + 1][1].splitlines()]


def test_error_table_messages_are_real():
    """The messages in the error table of formats.md are produced by the library as written."""
    text = (DOCS / "formats.md").read_text().split("## Errors")[1].split("## Batch files")[0]
    table = re.findall(r"^\| [a-z ]+ \| `(.+)` \|$", text, re.M)
    assert len(table) == 6
    hand1 = json.loads((ROOT / "data" / "examples" / "hand1.json").read_text())
    variants = [dict(hand1, bids=["pass", "pass", "h"]), dict(hand1, discard="As"),
                dict(hand1, defend_alone=1), dict(hand1, plays=["Ad", "Qs"] + hand1["plays"][2:]),
                dict(hand1, plays=hand1["plays"][:7]), dict(hand1, upcard="Ah")]
    for msg, rec in zip(table, variants):
        with pytest.raises(ValueError) as info:
            review_record(rec)
        assert str(info.value) == msg
