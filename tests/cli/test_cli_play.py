"""``euchre-stats play``: duplicate deals between two players, their records replayed by ``review``."""

from __future__ import annotations

import json

from click.testing import CliRunner

from euchre_stats.cli.main import cli


def run(args):
    return CliRunner().invoke(cli, args, prog_name="euchre-stats")


def test_play_then_review_agree_on_every_outcome(tmp_path):
    records = tmp_path / "hands.jsonl"
    r = run(["play", "--a", "realistic", "--b", "points", "--hands", "5", "--seed", "1", "--records", str(records),
             "--format", "json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["seed"] == 1 and out["n"] == 5 and out["a"] == "realistic" and out["b"] == "points"
    assert out["seats"]["table 1"] == {"a": [0, 2], "b": [1, 3]}
    lines = records.read_text().splitlines()
    assert len(lines) == 10
    rv = run(["review", str(records), "--format", "json"])
    assert rv.exit_code == 0, rv.output
    reviewed = json.loads(rv.output)
    for deal in out["deals"]:
        i = deal["deal"]
        p1, p2 = reviewed[2 * i]["points"], reviewed[2 * i + 1]["points"]
        assert deal["diff"] == ((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2
    assert abs(out["diff"] - sum(d["diff"] for d in out["deals"]) / 5) < 1e-12
    # the split by where the tables first differ covers every deal and adds up to A - B
    assert sum(x["deals"] for x in out["split"]) == 5
    assert abs(sum(x["contribution"] for x in out["split"]) - out["diff"]) < 1e-12
    assert all("at" in d["split"] for d in out["deals"])


def test_the_table_and_the_seed():
    r = run(["play", "--a", "random", "--b", "realistic", "--hands", "3", "--seed", "7"])
    assert r.exit_code == 0, r.output
    assert "A = random, B = realistic" in r.output and "seed           7" in r.output
    assert "points per deal, 95% interval" in r.output
    assert "first difference" in r.output and "contribution" in r.output


def test_two_and_six_handed_tables(tmp_path):
    for players in ("2", "6"):
        r = run(["play", "--a", "realistic", "--b", "random", "--hands", "2", "--seed", "1", "--players", players,
                 "--records", str(tmp_path / f"{players}.jsonl")])
        assert r.exit_code == 0, r.output
        rv = run(["review", str(tmp_path / f"{players}.jsonl"), "--format", "json"])
        assert rv.exit_code == 0 and "error" not in rv.output


def test_bad_specs_are_one_line_errors(tmp_path):
    (tmp_path / "bad.py").write_text("raise RuntimeError('boom')\n")
    for spec, words in (("nosuch:thing", "player 'nosuch:thing': cannot import 'nosuch'"),
                        ("realistic:worlds=0", "player 'realistic:worlds=0': worlds must be"),
                        (f"{tmp_path / 'bad.py'}:P", "raised RuntimeError: boom"),
                        ("nosuch", "unknown player 'nosuch'")):
        r = run(["play", "--a", spec, "--hands", "1"])
        assert r.exit_code == 2, r.output
        assert r.output.count("\n") == 1 and words in r.output, r.output


def test_an_illegal_move_is_reported_with_the_deal_seed(tmp_path):
    (tmp_path / "cheater.py").write_text(
        "from euchre_stats.players import BasePlayer\n"
        "class Revoke(BasePlayer):\n"
        "    def play(self, view):\n"
        "        bad = view.hand & ~view.legal_cards\n"
        "        return (bad & -bad).bit_length() - 1 if bad else view.legal_card_list[0]\n")
    r = run(["play", "--a", f"{tmp_path / 'cheater.py'}:Revoke", "--b", "random", "--hands", "30", "--seed", "1"])
    assert r.exit_code == 2
    assert "cheater.py:Revoke' (seat" in r.output and "made an illegal move" in r.output
    assert "deal seed" in r.output and "must follow" in r.output and r.output.count("\n") == 1


def test_match_seats_players_and_writes_their_records(tmp_path):
    """`match` with a player spec plays as `play` does (the same figures), says who sat where, and
    writes the hands; bidding policy names keep the policies' match (tests/decide/test_match.py), which
    keeps no hands: --records is refused before anything is played."""
    records = tmp_path / "m.jsonl"
    m = run(["match", "--a", "realistic", "--b", "random", "--deals", "3", "--seed", "2", "--records", str(records),
             "--format", "json"])
    assert m.exit_code == 0, m.output
    out = json.loads(m.output)
    p = json.loads(run(["play", "--a", "realistic", "--b", "random", "--hands", "3", "--seed", "2",
                        "--format", "json"]).output)
    assert out["deals"] == p["deals"] and out["engine"] == "euchre-stats"
    assert out["players"]["table 2"] == {"0": "random", "1": "realistic", "2": "random", "3": "realistic"}
    assert len(records.read_text().splitlines()) == 6
    rv = run(["review", str(records), "--format", "json"])
    assert rv.exit_code == 0 and "error" not in rv.output
    for args, words in ((["--a", "shipped", "--b", "points", "--records", str(tmp_path / "x.jsonl")],
                         "a match between two bidding policies ('shipped', 'points') keeps no hands"),
                        (["--a", "realistic", "--b", "points", "--model", "dd"], "model: for a match between two"),
                        (["--a", "realistic", "--b", "random", "--control-deals", "5"],
                         "control_deals: for a match between two"),
                        (["--a", "nosuch:thing"], "player 'nosuch:thing': cannot import 'nosuch'")):
        r = run(["match", *args, "--deals", "2"])
        assert r.exit_code == 2 and r.output.count("\n") == 1 and words in r.output, r.output
    assert not (tmp_path / "x.jsonl").exists()
    g = run(["match", "--a", "realistic", "--b", "random", "--games", "4", "--seed", "1", "--format", "json"])
    assert g.exit_code == 0, g.output
    assert json.loads(g.output)["games"] == 4 and 0.5 <= json.loads(g.output)["p_a_wins"] <= 1
    g = run(["match", "--a", "realistic", "--b", "random", "--games", "4", "--seed", "1"])
    assert "match (whole games): A = realistic against B = random" in g.output and "P(A wins the game)" in g.output


def test_an_unknown_name_in_match_lists_policies_and_players():
    r = run(["match", "--a", "nosuch", "--b", "shipped", "--deals", "10", "--seed", "1"])
    assert r.exit_code == 2, r.output
    assert r.output.count("\n") == 1 and "unknown player or bidding policy 'nosuch'" in r.output, r.output
    assert "shipped-v2" in r.output and "realistic-v3" in r.output
