"""The table of three-trick endings the solver reads (``engine.search.build_three_table``).

The shipped file against a fresh build of some of its shapes, the endings (and the positions above them)
against plain minimax with the table in use, and batches solved with the table against the same batches
searched without it (every total and every card value).
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

import euchre_stats.solver as solver_mod
from euchre_stats.core.decks import find_deck
from euchre_stats.engine import search
from euchre_stats.sampling.deals import random_positions
from euchre_stats.solver import card_values_many, solve_many

from naive_solver import random_position
from test_solver import _check_against_naive


@pytest.fixture
def table_always(monkeypatch):
    """Every batch with a trump suit reads the three-trick table (and the two-trick one), however small."""
    monkeypatch.setattr(solver_mod, "TWO_TABLE_ROWS", 0)
    monkeypatch.setattr(solver_mod, "THREE_TABLE_ROWS", 0)


def test_index_tables():
    assert (search.THREE_T220 >= 0).sum() == 220 and (search.THREE_T84 >= 0).sum() == 84
    assert (search.THREE_T20 >= 0).sum() == 20 and search.THREE_OWN == 369_600
    shapes = search.THREE_SHAPES
    assert shapes.shape == (61, 4) and (shapes.sum(axis=1) == 12).all()
    assert (shapes[:, 0] <= 8).all() and (shapes[:, 1] <= 6).all()
    assert (shapes[:, 1] >= shapes[:, 2]).all() and (shapes[:, 2] >= shapes[:, 3]).all() and (shapes >= 0).all()
    rows = [search.THREE_SHAPE[t * 49 + a * 7 + b] for t, a, b, c in shapes]
    assert rows == list(range(61)) and (search.THREE_SHAPE >= 0).sum() == 61
    # each shape fills whole words
    assert search.THREE_OWN % 32 == 0 and search.THREE_WORDS == 61 * search.THREE_OWN // 32


def test_shipped_file_is_a_fresh_build():
    three = solver_mod._three_endings(search)
    assert three.shape == (search.THREE_WORDS,) and zlib.crc32(three) == solver_mod.THREE_TABLE_CRC
    fresh = np.zeros(search.THREE_WORDS, dtype=np.int64)
    words = search.THREE_OWN // 32
    # three shapes (no trump left, the most even one, the most trumps) built again: the same words
    for sh in (0, 30, 60):
        search.build_three_table(fresh, solver_mod._two_endings(search), sh, sh + 1)
        assert np.array_equal(fresh[sh * words:(sh + 1) * words], three[sh * words:(sh + 1) * words]), sh


def test_a_missing_file_is_searched_with_a_warning(monkeypatch, tmp_path):
    hands, trump, leader = random_positions(2000, 61)
    want = solve_many(hands, trump, leader, threads=1)
    monkeypatch.setattr(solver_mod, "THREE_TABLE_FILE", tmp_path / "none.npz")
    monkeypatch.setattr(solver_mod, "_THREE", [])
    monkeypatch.setattr(solver_mod, "THREE_TABLE_ROWS", 0)
    with pytest.warns(RuntimeWarning, match="three-trick"):
        got = solve_many(hands, trump, leader, threads=1)
    assert np.array_equal(got, want) and solver_mod._three_endings(search).shape == (0,)


def test_endings_and_longer_positions_match_naive(table_always):
    # four hands of three to five cards, cards on the table, the 24-, 25- and 32-card packs (the last one's
    # endings with more than six cards of a plain suit are searched); totals and card values against minimax
    rng = np.random.default_rng(3313)
    rows = []
    for i in range(900):
        deck = ("24", "25", "32")[i % 3]
        size = 3 + (i // 3) % 2 if i % 30 else 5
        hands, trump, leader, played = random_position(rng, find_deck(deck).cards, size, 0, int(rng.integers(4)))
        rows.append((hands, trump, leader, 0, played))
    _check_against_naive(rows)


@pytest.mark.parametrize("deck,hand_size", [("24", 5), ("25", 5), ("32", 5), ("24", 4), ("24", 3)])
def test_same_results_with_and_without_the_table(monkeypatch, deck, hand_size):
    hands, trump, leader = random_positions(3000, 43 + hand_size, deck=deck, hand_size=hand_size)
    runs = []
    for rows in (1 << 62, 0):
        monkeypatch.setattr(solver_mod, "THREE_TABLE_ROWS", rows)
        st = np.zeros(search.NUM_STATS, dtype=np.int64)
        totals = solve_many(hands, trump, leader, threads=1, stats=st)
        values = card_values_many(hands, trump, leader, threads=2)
        runs.append((totals, values, st))
    (t0, v0, s0), (t1, v1, s1) = runs
    assert np.array_equal(t0, t1) and np.array_equal(v0, v1)
    assert s1[0] < s0[0]  # the table does answer: fewer nodes
