"""A run directory read without pandas: one class's row, found across row groups, equals the frame's."""

from __future__ import annotations

import math

import pyarrow.parquet as pq
import pytest

from euchre_stats.core.errors import TableRunError
from euchre_stats.rules import NORTH_AMERICAN
from euchre_stats.strategy import run
from euchre_stats.strategy.rundir import read_manifest, table_row
from euchre_stats.strategy.table import TableSpec


def test_a_row_read_from_row_groups_is_the_frames_row(tmp_path, monkeypatch):
    """The table is written in row groups of ``TABLE_ROW_GROUP`` rows (3 here: the statistics of the key skip
    some groups, the others are searched); every row read alone equals the frame's row."""
    monkeypatch.setattr(run, "TABLE_ROW_GROUP", 3)
    spec = TableSpec(NORTH_AMERICAN, (0, 3), samples_per_class=10, seed=2, chunk_size=5, limit=10)
    table = run.run_table(spec, tmp_path, charts=False)
    assert read_manifest(tmp_path)["settings"]["others"] == spec.others != "shipped"   # the default population
    assert pq.ParquetFile(tmp_path / "table.parquet").num_row_groups == 7
    for _, r in table.iterrows():
        got = table_row(tmp_path, int(r["key"]), r["seat"])
        assert list(got) == list(table.columns)
        for name, v in r.items():
            same = (isinstance(v, float) and math.isnan(v) and math.isnan(got[name])) or got[name] == v
            assert same, (name, got[name], v)
    assert table_row(tmp_path, int(table["key"].max()) + 1, "eldest") is None
    assert table_row(tmp_path, int(table["key"].iloc[0]), "partner") is None     # a seat not in the run
    (tmp_path / "table.parquet").write_bytes(b"not parquet")
    with pytest.raises(TableRunError, match="cannot read the strategy table"):
        table_row(tmp_path, 1, "eldest")
    (tmp_path / "table.parquet").unlink()
    with pytest.raises(TableRunError, match="is not finished"):
        table_row(tmp_path, 1, "eldest")
