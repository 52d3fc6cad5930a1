"""variants --players: the smaller games beside the four-handed game, and the four-handed
analyses refusing rules of a smaller game."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.bidding.games import game_bidder
from euchre_stats.cli.main import cli
from euchre_stats.core.errors import PlayModelError, RulesError, VariantsInputError
from euchre_stats.game.policies import PointCountPolicy
from euchre_stats.game.state import HandState, play_hand
from euchre_stats.cardplay.contracts import Evaluator
from euchre_stats.rules import NORTH_AMERICAN, Rules
from euchre_stats.sampling.seeds import chunk_rng
from euchre_stats.study.games import GAME_FIGURES, simulate_games

CUTTHROAT = Rules(players=3, hand_size=7)


def test_columns_and_forms():
    r = es.variants("24,32", samples=120, seed=4, players=3)
    assert [d.deck for d in r.columns] == ["24 cutthroat", "24 four-handed", "32 cutthroat", "32 four-handed"]
    assert [d.rules.hand_size for d in r.columns] == [7, 5, 7, 5]
    # the no-trump figures belong to a game with no_trump (tests/test_no_trump.py)
    plain = [k for k in GAME_FIGURES if not k.startswith("no_trump")]
    assert all(list(d.figures) == plain for d in r.columns)
    d = r.to_dict()
    assert d["players"] == 3 and set(d["decks"]["24"]) == {"cutthroat", "four_handed"}
    assert d["decks"]["32"]["cutthroat"]["players"] == 3 and d["decks"]["32"]["four_handed"]["players"] == 4
    frame = r.to_frame()
    assert len(frame) == 4 * len(plain) and set(frame["game"]) == {"cutthroat", "four-handed"}
    assert r.to_text().splitlines()[0].startswith("three-handed cutthroat beside the four-handed game")
    cut = r.columns[0].figures
    assert cut["p_alone"].value == 0 and cut["p_alone"].n == cut["p_make"].n
    assert cut["p_make"].value + cut["p_euchre"].value == pytest.approx(1)
    # a column depends only on the seed, the samples, the game and the deck
    again = es.variants("32", samples=120, seed=4, players=3)
    assert again.columns[0].figures == r.columns[2].figures


def test_figures_replay_through_the_state_machine():
    """The bidding of a column is the point-count bidder's through the state machine, seed for seed."""
    r = simulate_games(2, "24", samples=60, seed=9)
    rng = chunk_rng(9, 2, 24, 0)
    states = [HandState.deal(r.columns[0].rules, 1, rng) for _ in range(60)]
    pol = game_bidder(2)  # the two-handed game's fitted thresholds
    assert pol.thresholds != PointCountPolicy().thresholds
    made = [not play_hand(s, pol).thrown_in for s in states]
    f = r.columns[0].figures
    assert f["thrown_in"].value == pytest.approx(1 - np.mean(made))
    assert f["maker_dealer"].value == pytest.approx(np.mean([s.maker_seat == 1 for s in states]))


def test_refusals():
    with pytest.raises(RulesError, match="^canadian_loner True does not apply to three-handed cutthroat"):
        es.variants("24", samples=10, seed=1, rules="british", players=3)
    with pytest.raises(VariantsInputError, match="a farmer's hand is played double dummy only"):
        es.variants("24", samples=10, seed=1, model="pimc", rules='{"farmers_hand": true}')
    with pytest.raises(RulesError, match="hand_size 5: three-handed cutthroat deals seven cards each"):
        es.variants("24", samples=10, seed=1, hand_size=5, players=3)
    with pytest.raises(VariantsInputError, match="players 4: the games set beside"):
        simulate_games(4, "24", samples=10, seed=1)
    # the four-handed analyses refuse the rules of a smaller game, naming it
    msg = r"these rules are three-handed cutthroat \(players 3\): the bidding model .* are four-handed"
    with pytest.raises(RulesError, match=msg):
        es.alone("Jh Jd Ah 9s Tc Kc Qc", "h", "eldest", "eldest", rules=CUTTHROAT, samples=10, seed=1)
    # the questions of one hand are asked in the smaller game itself
    assert es.order("Jh Jd Ah 9s Tc Kc Qc", "9h", "eldest", rules=CUTTHROAT, samples=10, seed=1,
                    model="dd").inputs["players"] == 3
    with pytest.raises(RulesError, match=msg):
        es.variants("24", samples=10, seed=1, rules=CUTTHROAT)
    with pytest.raises(PlayModelError, match=msg):
        Evaluator(CUTTHROAT, "dd", 0, 1)
    assert Evaluator(NORTH_AMERICAN, "dd", 0, 1).rules is NORTH_AMERICAN


def test_cli_players():
    r = CliRunner().invoke(cli, ["variants", "--players", "2", "--deck", "24", "--samples", "50", "--seed", "3",
                                 "--format", "json"])
    assert r.exit_code == 0, r.output
    d = json.loads(r.output[r.output.index("{"):])
    assert d["players"] == 2 and set(d["decks"]["24"]) == {"two_handed", "four_handed"}
    r = CliRunner().invoke(cli, ["variants", "--players", "3", "--rules", "canadian", "--samples", "5"])
    assert r.exit_code == 2
    assert "Error: canadian_loner True does not apply to three-handed cutthroat" in r.output


def test_progress_moves_with_every_chunk():
    """Drawn at once (0 of the total), then after every chunk of deals, not once per column."""
    calls = []
    simulate_games(3, "24", samples=2500, seed=4, progress=lambda done, total: calls.append((done, total)))
    # two columns (cutthroat, four-handed) of chunks 1000, 1000, 500
    assert calls == [(0, 5000), (1000, 5000), (2000, 5000), (2500, 5000), (3500, 5000), (4500, 5000),
                     (5000, 5000)]


@pytest.mark.parametrize("players", [2, 3])
def test_realistic_play_of_the_smaller_games(players):
    """--model pimc: the same auctions as double dummy (the bidding does not depend on the play), every
    column played realistically, reproducible from the seed, and named in every form."""
    dd = simulate_games(players, "24", samples=80, seed=3, model="dd")
    pimc = simulate_games(players, "24", samples=80, seed=3)  # realistic by default
    for a, b in zip(dd.columns, pimc.columns):
        for k in ("thrown_in", "maker_eldest", "maker_dealer", "round_one", "p_alone"):
            assert a.figures[k].value == b.figures[k].value and a.figures[k].n == b.figures[k].n
        assert 0 <= b.figures["p_make"].value <= 1
    assert pimc.to_dict()["model"] == "pimc" and dd.to_dict()["model"] == "dd"
    assert "play: pimc = realistic" in pimc.to_text() and "play: double dummy" in dd.to_text()
    again = simulate_games(players, "24", samples=80, seed=3, model="pimc")
    assert again.to_dict() == pimc.to_dict()
    # the play does change something: the makers' results differ from double dummy's on the same auctions
    four = [c for c in pimc.columns if c.deck.endswith("four-handed")][0]
    four_dd = [c for c in dd.columns if c.deck.endswith("four-handed")][0]
    keys = ("p_make", "p_march", "p_euchre")
    assert [four.figures[k].value for k in keys] != [four_dd.figures[k].value for k in keys]


def test_realistic_small_games_from_the_command_line():
    res = CliRunner().invoke(cli, ["variants", "--players", "2", "--deck", "24", "--samples", "60", "--seed", "2",
                                   "--model", "pimc", "--format", "json"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["model"] == "pimc" and d["players"] == 2 and set(d["decks"]["24"]) == {"two_handed", "four_handed"}


def test_the_games_are_the_same_on_a_process_pool_and_a_dask_cluster(monkeypatch):
    """Both columns' chunks played here, in two processes and on a LocalCluster: the same figures, byte for byte
    (chunks of 100 deals here, cut in this process, to keep the test short)."""
    from test_backends import same_on_every_backend, small_chunks

    from euchre_stats.study import games

    small_chunks(monkeypatch, games)

    def run(**kw):
        r = simulate_games(3, "24", samples=230, seed=5, model="dd", **kw)
        return json.dumps(r.to_dict()), r.records_jsonl()

    same_on_every_backend(run)
    # the hand records too, column by column and chunk by chunk
    here = run(records=True)
    assert here[1].count("\n") == 460 and run(records=True, workers=2) == here


def test_the_games_refuse_a_bad_backend(monkeypatch):
    from test_backends import refuses_a_bad_backend

    refuses_a_bad_backend(monkeypatch, lambda **kw: simulate_games(3, "24", samples=100, seed=5, model="dd", **kw))
