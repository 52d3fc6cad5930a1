"""Simulated deck-variant outcomes: seeded, worker-independent, intervals present, sane shares."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from click.testing import CliRunner
from euchre_stats.cli.main import cli

from euchre_stats.core.errors import VariantsInputError
from euchre_stats.core.stats import mean, proportion
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.sampling.deals import random_deals
from euchre_stats.study.simulate import FIGURES, simulate_variants


@pytest.fixture(scope="module")
def small():
    return simulate_variants("24,25", 120, seed=7, workers=1)


def test_every_figure_has_an_interval_and_a_count(small):
    for d in small.decks:
        assert list(d.figures) == list(FIGURES)
        for name, e in d.figures.items():
            if e.n > 0 and not math.isnan(e.low):
                assert e.low <= e.value <= e.high, (d.deck, name)
        assert d.figures["maker_dealer"].n == 120


def test_shares_add_up(small):
    for d in small.decks:
        f = d.figures
        makers = sum(f[f"maker_{s}"].value for s in ("eldest", "partner", "third", "dealer"))
        assert makers + f["thrown_in"].value == pytest.approx(1.0)
        assert f["dealer_side_makes"].value + f["eldest_side_makes"].value == pytest.approx(makers)
        # among contracts played, made or euchred
        assert f["p_make"].value + f["p_euchre"].value == pytest.approx(1.0)
        assert f["p_march"].value <= f["p_make"].value
        assert f["p_make"].n == round(120 * (1 - f["thrown_in"].value))


def test_seeded_and_independent_of_workers_and_of_other_decks(small):
    again = simulate_variants("25", 120, seed=7, workers=2)
    assert again.decks[0].to_dict() == small.decks[1].to_dict()
    other = simulate_variants("24,25", 120, seed=8, workers=1)
    assert other.to_dict() != small.to_dict()


def test_seven_card_hands_and_joker_rule():
    r = simulate_variants(["33"], 40, seed=1, rules=NORTH_AMERICAN.replace(joker_upcard_rule=True),
                          hand_size=7, workers=1)
    assert r.decks[0].rules.hand_size == 7 and r.decks[0].figures["p_make"].n > 0


def test_deal_is_a_partition():
    hands, ups = random_deals(NORTH_AMERICAN.replace(deck="25"), 50, np.random.default_rng(0))
    for row, up in zip(hands, ups):
        masks = [int(x) for x in row]
        assert sum(m.bit_count() for m in masks) == 20
        union = 0
        for m in masks:
            assert not union & m
            union |= m
        assert not (union >> int(up)) & 1


def test_interval_helpers():
    e = proportion(np.array([True] * 3 + [False] * 7))
    assert e.value == 0.3 and 0 < e.low < 0.3 < e.high < 1 and e.n == 10
    assert proportion(np.array([], dtype=bool)).n == 0
    m = mean(np.array([1.0, 2.0, 3.0]))
    assert m.value == 2.0 and m.low < 2.0 < m.high


def test_bad_input():
    with pytest.raises(VariantsInputError, match="samples must be at least 1"):
        simulate_variants("24", 0, seed=1)
    with pytest.raises(ValueError, match="hand_size 7 does not fit the 24-card deck"):
        simulate_variants("24", 5, seed=1, hand_size=7)


def test_cli_variants_json_csv_and_plot(tmp_path):
    r = CliRunner().invoke(cli, ["variants", "--deck", "24", "--samples", "30", "--seed", "5",
                                 "--format", "json", "--plot", str(tmp_path / "v.png")])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["seed"] == 5 and set(data["decks"]) == {"24"}
    assert set(data["decks"]["24"]["p_make"]) == {"value", "ci", "n"}
    assert (tmp_path / "v.png").stat().st_size > 0
    r = CliRunner().invoke(cli, ["variants", "--deck", "24", "--samples", "30", "--seed", "5"])
    assert r.exit_code == 0 and "seed: 5" in r.output and "p_make" in r.output
    r = CliRunner().invoke(cli, ["variants", "--deck", "24", "--samples", "30", "--seed", "5",
                                 "--format", "csv"])
    lines = r.output.splitlines()
    assert "# seed: 5" in lines and "# samples: 30" in lines and '# model: "pimc"' in lines
    assert [ln for ln in lines if not ln.startswith("#")][0] == "deck,hand_size,figure,value,ci_low,ci_high,n"


@pytest.mark.parametrize("args, message", [
    (["variants", "--deck", "29", "--samples", "5"], "Error: unknown deck '29'"),
    (["variants", "--deck", "24", "--hand-size", "7", "--samples", "5"],
     "Error: hand_size 7 does not fit the 24-card deck (1..5)"),
    (["odds", "--deck", "24", "--hand-size", "7"], "Error: hand size 7 does not fit the 24-card deck"),
    (["odds", "--hand", "Jh Jd Ah 9s Tc"], "Error: conditional odds need both --hand and --up"),
    (["odds", "--hand", "Jh Jd Ah 9s Tc", "--up", "Jh"], "Error: the upcard 'Jh' is also in the hand"),
    (["odds", "--hand", "Jh Jd Ah 9s Tc", "--up", "9h", "--deck", "24,25"],
     "Error: conditional odds take one deck, got '24,25'"),
])
def test_cli_errors(args, message):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    assert r.output.startswith(message) and len(r.output.strip().splitlines()) == 1


def test_cli_odds_forms():
    r = CliRunner().invoke(cli, ["odds", "--format", "json", "--exact"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert list(data) == ["decks", "version"] and list(data["decks"]) == ["24", "25", "28", "32", "33"]
    assert data["decks"]["24"]["exact"]["right_bower"] == "5/24"
    r = CliRunner().invoke(cli, ["odds", "--hand", "Jh Jd Ah 9s Tc", "--up", "9h", "--format", "json"])
    assert list(json.loads(r.output)["players"]) == ["partner", "left", "right", "kitty"]
    r = CliRunner().invoke(cli, ["odds", "--deck", "24,33"])
    assert "right bower" in r.output and "0.2083" in r.output


@pytest.mark.parametrize("command", ["odds", "variants"])
def test_help_has_an_example(command):
    r = CliRunner().invoke(cli, [command, "--help"])
    assert r.exit_code == 0 and "Example:" in r.output and f"euchre-stats {command} " in r.output


def test_progress_is_drawn_before_the_first_chunk():
    from euchre_stats.study.simulate import simulate_variants

    calls = []
    simulate_variants("24", samples=1500, seed=2, model="dd", progress=lambda done, total: calls.append((done, total)))
    assert calls == [(0, 1500), (1000, 1500), (1500, 1500)]


def test_the_header_names_each_columns_deck_and_no_other():
    """The rules name one deck (24) while the columns are 24 and 32: the header says the columns'."""
    import euchre_stats as es

    r = es.variants("24,32", samples=4, seed=1, model="dd")
    head = r.to_text().splitlines()[0]
    assert head == ("rules: north-american: game to 10; the columns: 24-card deck, 5 cards each; "
                    "32-card deck, 5 cards each"), head
    games = es.variants("24,32", samples=4, seed=1, players=3, model="dd").to_text().splitlines()[1]
    assert "24-card deck" not in games and "the columns' decks: 24, 32 cards" in games


def test_variants_are_the_same_on_a_process_pool_and_a_dask_cluster(monkeypatch):
    """Every deck's chunks played here, in two processes and on a LocalCluster: the same figures, byte for byte
    (chunks of 100 deals here, cut in this process, to keep the test short)."""
    from test_backends import same_on_every_backend, small_chunks

    from euchre_stats.study import simulate

    small_chunks(monkeypatch, simulate)

    def run(**kw):
        r = simulate_variants("24,25", 230, seed=5, model="dd", **kw)
        return json.dumps(r.to_dict()), r.records_jsonl()

    seen = []
    assert run(progress=lambda done, total: seen.append(done)) == same_on_every_backend(run)
    assert seen == [0, 100, 200, 230, 330, 430, 460]
    # the hand records too, deck by deck and chunk by chunk
    here = run(records=True)
    assert here[0] == run()[0] and here[1].count("\n") == 460
    assert run(records=True, workers=2) == here


def test_variants_refuse_a_bad_backend(monkeypatch):
    from test_backends import refuses_a_bad_backend

    refuses_a_bad_backend(monkeypatch, lambda **kw: simulate_variants("24", 100, seed=5, model="dd", **kw))


def test_the_figures_say_who_produced_them(small):
    """Self-play outcomes are labelled as the bots' own, in the text and the JSON (issue 31)."""
    assert small.to_dict()["played_by"].startswith("self-play: the same bots at every seat")
    assert "played by: self-play: the same bots at every seat" in small.to_text()
    assert "not a table of people" in small.to_text()
