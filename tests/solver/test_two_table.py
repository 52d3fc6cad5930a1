"""The table of every two-trick ending the solver reads (``engine.search.build_two_table``).

The shipped file against a fresh build, the endings against plain minimax, and batches solved with
the table against the same batches searched without it (every total, every card value, every node).
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

import euchre_stats.solver as solver_mod
from euchre_stats.engine import search
from euchre_stats.sampling.deals import random_positions
from euchre_stats.solver import card_values_many, solve_many

from euchre_stats.core.decks import find_deck
from naive_solver import random_position
from test_solver import DECKS, _check_against_naive, _positions


@pytest.fixture
def table_always(monkeypatch):
    """Every batch with a trump suit reads the table, however small."""
    monkeypatch.setattr(solver_mod, "TWO_TABLE_ROWS", 0)


@pytest.fixture
def table_never(monkeypatch):
    monkeypatch.setattr(solver_mod, "TWO_TABLE_ROWS", 1 << 62)


def test_shipped_file_is_a_fresh_build():
    two = np.zeros(search.TWO_WORDS, dtype=np.int64)
    search.build_two_table(two, search.TWO_T28, search.TWO_T15, search.TWO_T6, search.TWO_SHAPE)
    assert hashlib.md5(two.tobytes()).hexdigest() == solver_mod.TWO_TABLE_MD5
    with np.load(solver_mod.TWO_TABLE_FILE) as f:
        assert np.array_equal(f["two"], two)
    assert np.array_equal(solver_mod._two_endings(search), two)
    # every ending has a value of 0, 1 or 2 tricks and the unused tail of the last word is empty
    values = (two[:, None] >> (2 * np.arange(32))) & 3
    assert values.max() <= 2 and not values.ravel()[search.TWO_ENDINGS:].any()


def test_index_tables():
    assert (search.TWO_T28 >= 0).sum() == 28 and (search.TWO_T15 >= 0).sum() == 15 and (search.TWO_T6 >= 0).sum() == 6
    assert sorted(search.TWO_SHAPE[search.TWO_SHAPE >= 0]) == list(range(165))
    assert search.TWO_ENDINGS == 4 * 165 * 28 * 15 * 6


def test_a_missing_file_is_built(monkeypatch, tmp_path):
    monkeypatch.setattr(solver_mod, "TWO_TABLE_FILE", tmp_path / "none.npz")
    monkeypatch.setattr(solver_mod, "_ENDINGS", [])
    two = solver_mod._two_endings(search)
    assert hashlib.md5(two.tobytes()).hexdigest() == solver_mod.TWO_TABLE_MD5


def test_endings_and_short_positions_match_naive(table_always):
    # four hands of two to four cards (the endings themselves, the trick before them), cards on the table,
    # every deck; totals and card values against plain minimax
    rng = np.random.default_rng(3303)
    rows = []
    for i in range(1200):
        deck = DECKS[i % len(DECKS)]
        hands, trump, leader, played = random_position(rng, find_deck(deck).cards, 2 + i % 3, 0, int(rng.integers(4)))
        rows.append((hands, trump, leader, 0, played))
    _check_against_naive(rows)
    # and with seats out or no trump, which search the endings instead
    _check_against_naive(_positions(seed=3304, count=300, slow=False))


@pytest.mark.parametrize("deck,hand_size", [("24", 5), ("25", 5), ("32", 5), ("24", 4), ("24", 3), ("24", 2)])
def test_same_results_with_and_without_the_table(monkeypatch, deck, hand_size):
    hands, trump, leader = random_positions(3000, 33 + hand_size, deck=deck, hand_size=hand_size)
    runs = []
    for rows in (1 << 62, 0):
        monkeypatch.setattr(solver_mod, "TWO_TABLE_ROWS", rows)
        st = np.zeros(search.NUM_STATS, dtype=np.int64)
        totals = solve_many(hands, trump, leader, threads=1, stats=st)
        values = card_values_many(hands, trump, leader, threads=2)
        runs.append((totals, values, st))
    (t0, v0, s0), (t1, v1, s1) = runs
    assert np.array_equal(t0, t1) and np.array_equal(v0, v1)
    assert np.array_equal(s0, s1)  # the same search: the table answers what the minimax answered
