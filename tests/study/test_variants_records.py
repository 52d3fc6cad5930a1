"""``variants --records``: every deal a study played, as a hand record that ``review`` replays.

The deal and the auction of each record are the study's; its cards are played again through the
state machine by the study's play model.  Double dummy (``dd``) plays the very tricks the study's
solver counted, deal by deal, at every table; realistic play (``pimc``) plays the same contracts,
its play-outs drawn from the records' own seeds.
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_stats.bidding.model import default_population
from euchre_stats.cli.main import cli
from euchre_stats.core.cards import SUITS
from euchre_stats.core.errors import VariantsInputError
from euchre_stats.decide.selfplay import play_random_hands
from euchre_stats.game.records import review_lines, review_record
from euchre_stats.rules import NORTH_AMERICAN, PRESETS, Rules
from euchre_stats.sampling.seeds import chunk_rng
from euchre_stats.study.games import simulate_games
from euchre_stats.study.records import agreement
from euchre_stats.study.simulate import simulate_variants

COUNTED = re.compile(r"the study counted the makers (\d+) tricks \((dd|pimc)\), this play-out (\d+)")


def _maker_tricks(result: dict) -> int | None:
    return None if result["makers"] is None else result["tricks"][result["makers"]]


def _replayed(records: list[dict]) -> list[dict]:
    """Every record as written (JSON lines) and replayed by review: none may fail."""
    text = "".join(json.dumps(r) + "\n" for r in records)
    out = review_lines(text.splitlines())
    assert not [r for r in out if "error" in r], [r for r in out if "error" in r][:2]
    return out


#: four-handed rule sets of the vectorised study: loners, lone defenders, the Joker named blind and
#: British timing, the Canadian loner, railroad, stick the dealer
FOUR_HANDED = {
    "north-american": NORTH_AMERICAN.replace(defend_alone=True),
    "british": PRESETS["british"],
    "canadian": PRESETS["canadian"],
    "stick": PRESETS["stick"],
    "railroad": NORTH_AMERICAN.replace(railroad=True, defend_alone=True),
    "joker-thrown-in": NORTH_AMERICAN.replace(deck="25"),
}


@pytest.mark.parametrize("name", list(FOUR_HANDED))
def test_four_handed_dd_records_are_the_deals_and_tricks_the_study_counted(name):
    rules, samples, seed = FOUR_HANDED[name], 160, 11
    r = simulate_variants(rules.deck, samples, seed, rules, model="dd", records=True)
    assert len(r.records) == samples * len(r.decks)
    replayed = _replayed(r.records)
    for k, d in enumerate(r.decks):
        # the study's own per-deal outcomes, recomputed from its chunk (one chunk)
        played = play_random_hands(d.rules, samples, chunk_rng(seed, d.rules.deck_obj.size, 0), "dd", None,
                                   default_population(d.rules)[1])
        for i in range(samples):
            rec, res = r.records[k * samples + i], replayed[k * samples + i]
            assert Rules.from_json(rec["rules"]).deck == d.deck  # each record names its deck
            if played.maker[i] < 0:
                assert res["trump"] is None and rec["plays"] == []
                continue
            # a Joker named blind: the dealer made trump (the study keeps only the seat that plays)
            assert res["maker_seat"] == (3 if rec["upcard"] == "Jk" else played.caller[i])
            assert res["alone"] == (int(played.maker[i]) if played.alone[i] else None)
            assert _maker_tricks(res) == played.maker_tricks[i], (name, d.deck, i, rec)
    same, contracts = agreement(r.records)
    assert same == contracts > 0.8 * len(r.records)
    kinds = {k: sum(1 for x in r.records if k in x) for k in ("alone", "defend_alone", "railroad", "discard")}
    assert kinds["discard"] > 0 and (kinds["railroad"] > 0) == rules.railroad
    if rules.deck == "25":  # a Joker turned up: thrown in, or named blind
        assert any(x["upcard"] == "Jk" for x in r.records)


def test_the_records_add_up_to_the_figures():
    """The tricks the records say the study counted give the study's P(make) and P(march) exactly, and
    recording changes no figure."""
    r = simulate_variants("25", 200, 3, PRESETS["british"], model="dd", records=True)
    assert r.to_dict() == simulate_variants("25", 200, 3, PRESETS["british"], model="dd").to_dict()
    counted = np.array([int(COUNTED.search(x["comment"])[1]) for x in r.records if COUNTED.search(x["comment"])])
    f = r.decks[0].figures
    assert f["p_make"].n == len(counted)
    assert f["p_make"].value == pytest.approx(np.mean(counted >= 3), abs=1e-12)
    assert f["p_march"].value == pytest.approx(np.mean(counted == 5), abs=1e-12)


def test_four_handed_realistic_records_play_the_studys_contracts():
    """Realistic records: the study's contracts, played by the realistic player on the records' own
    seeds; each comment gives both trick counts, and review replays what the record says."""
    samples, seed = 60, 5
    r = simulate_variants("24", samples, seed, model="pimc", records=True)
    played = play_random_hands(r.decks[0].rules, samples, chunk_rng(seed, 24, 0), "pimc", None,
                               default_population(r.decks[0].rules)[1])
    replayed = _replayed(r.records)
    differ = 0
    for i, (rec, res) in enumerate(zip(r.records, replayed)):
        if played.maker[i] < 0:
            assert res["trump"] is None
            continue
        assert res["maker_seat"] == played.caller[i] and res["trump"] == SUITS[played.trump[i]]
        m = COUNTED.search(rec["comment"])
        assert int(m[1]) == played.maker_tricks[i] and int(m[3]) == _maker_tricks(res) and m[2] == "pimc"
        differ += int(m[1]) != int(m[3])
    same, contracts = agreement(r.records)
    assert same + differ == contracts and same > contracts / 3
    # reproducible: the same seed writes the same records
    assert simulate_variants("24", samples, seed, model="pimc", records=True).records == r.records


@pytest.mark.parametrize("players, deck, rules", [
    (2, "24", NORTH_AMERICAN), (3, "24", NORTH_AMERICAN), (6, "33", NORTH_AMERICAN.replace(defend_alone=True)),
    (6, "50", PRESETS["british"]), (6, "33", PRESETS["almonte"]),
    (4, "24", NORTH_AMERICAN.replace(farmers_hand=True)), (4, "24", NORTH_AMERICAN.replace(no_trump=True)),
])
def test_table_dd_records_play_the_tricks_the_study_counted(players, deck, rules):
    samples = 60
    r = simulate_games(players, deck, samples, 7, rules, model="dd", records=True)
    assert r.to_dict() == simulate_games(players, deck, samples, 7, rules, model="dd").to_dict()
    assert len(r.records) == samples * len(r.columns)
    replayed = _replayed(r.records)
    contracts = 0
    for k, col in enumerate(r.columns):
        counted = []
        for rec, res in zip(r.records[k * samples:(k + 1) * samples], replayed[k * samples:(k + 1) * samples]):
            assert Rules.from_json(rec["rules"]) == col.rules
            m = COUNTED.search(rec["comment"])
            if m is None:
                assert res["trump"] is None
                continue
            contracts += 1
            assert int(m[1]) == int(m[3]) == _maker_tricks(res)
            counted.append(int(m[1]))
        # the tricks counted are the column's: its P(make) from them
        assert col.figures["p_make"].value == pytest.approx(np.mean(np.array(counted) >= col.rules.tricks_to_make))
    assert agreement(r.records) == (contracts, contracts)


def test_table_realistic_records_replay():
    r = simulate_games(3, "24", 20, 2, NORTH_AMERICAN, model="pimc", records=True)
    replayed = _replayed(r.records)
    for rec, res in zip(r.records, replayed):
        m = COUNTED.search(rec["comment"])
        assert (m is None) == (res["trump"] is None)
        if m is not None:
            assert int(m[3]) == _maker_tricks(res)


def test_almonte_four_handed_is_refused_before_any_work():
    with pytest.raises(VariantsInputError, match="joker_upcard almonte"):
        simulate_variants("25", 10, 1, NORTH_AMERICAN.replace(joker_upcard="almonte"), model="dd", records=True)


def run(args):
    return CliRunner().invoke(cli, args, prog_name="euchre-stats")


def test_cli_writes_one_file_for_every_deck_and_review_replays_it(tmp_path):
    out = tmp_path / "hands.jsonl"
    args = ["variants", "--deck", "24,32", "--samples", "25", "--seed", "3", "--model", "dd"]
    plain = run(args)
    r = run(args + ["--records", str(out)])
    assert r.exit_code == 0, r.output
    assert r.stdout == plain.stdout  # the study's output does not change
    assert "50 hand records" in r.stderr and "written to" in r.stderr
    lines = out.read_text().splitlines()
    assert len(lines) == 50
    assert {Rules.from_json(json.loads(x)["rules"]).deck for x in lines} == {"24", "32"}
    rv = run(["review", str(out), "--format", "json"])
    assert rv.exit_code == 0, rv.output
    for line, res in zip(lines, json.loads(rv.stdout)):
        assert "error" not in res
        assert _maker_tricks(res) == _maker_tricks(review_record(line).to_dict())


def test_cli_records_replay_under_review_realistic(tmp_path):
    out = tmp_path / "six.jsonl"
    r = run(["variants", "--players", "6", "--samples", "3", "--seed", "1", "--model", "dd",
             "--records", str(out), "--format", "json"])
    assert r.exit_code == 0, r.output
    lines = out.read_text().splitlines()
    rv = run(["review", str(out), "--realistic", "--format", "jsonl"])
    assert rv.exit_code == 0, rv.output
    results = [json.loads(x) for x in rv.stdout.splitlines() if x.startswith("{")]
    assert len(results) == len(lines) == 6
    for line, res in zip(lines, results):
        assert "error" not in res
        m = COUNTED.search(json.loads(line)["comment"])
        assert (m is None and res["trump"] is None) or int(m[3]) == _maker_tricks(res)


@pytest.mark.parametrize("where", ["missing/hands.jsonl", "."])
def test_cli_bad_records_path_is_refused_before_any_work(tmp_path, where):
    target = tmp_path / where
    r = run(["variants", "--deck", "24", "--samples", "10", "--seed", "1", "--records", str(target)])
    assert r.exit_code == 2
    assert r.output.strip().splitlines()[-1].startswith("Error: Invalid value for '--records'")
    assert not (tmp_path / "missing").exists() and list(tmp_path.iterdir()) == []
