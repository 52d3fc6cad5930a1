"""Run directories of a strategy table: a manifest that is not one is refused by name, never a traceback."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli
from euchre_stats.core.errors import TableRunError
from euchre_stats.strategy.run import MANIFEST, read_manifest


@pytest.mark.parametrize("text, says", [
    ("[]", "it holds an array, not a JSON object"),
    ("3", "it holds a number, not a JSON object"),
    ('"table"', "it holds a string, not a JSON object"),
    ("null", "it holds null, not a JSON object"),
    ("true", "it holds true or false, not a JSON object"),
    ("{", "is not a table manifest: malformed JSON at line 1"),
    ("[" * 100 + "]" * 100, "JSON nested 100 deep"),
    ('{"format": "something else"}', "is not a strategy-table manifest"),
])
def test_a_manifest_that_is_not_one_is_refused_by_path(tmp_path, text, says):
    (tmp_path / MANIFEST).write_text(text)
    with pytest.raises(TableRunError) as err:
        read_manifest(tmp_path)
    assert str(tmp_path / MANIFEST) in str(err.value) and says in str(err.value)


def test_an_unreadable_manifest_is_refused_by_path(tmp_path):
    (tmp_path / MANIFEST).write_bytes(b"\xff\xfe{}")
    with pytest.raises(TableRunError, match="not UTF-8"):
        read_manifest(tmp_path)
    (tmp_path / MANIFEST).unlink()
    (tmp_path / MANIFEST).mkdir()
    with pytest.raises(TableRunError, match="cannot read the table manifest"):
        read_manifest(tmp_path)


def test_the_command_line_names_the_manifest(tmp_path):
    (tmp_path / MANIFEST).write_text("[]")
    r = CliRunner().invoke(cli, ["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest",
                                 "--table", str(tmp_path)])
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    assert r.output.strip().splitlines()[-1] == (f"Error: {str(tmp_path / MANIFEST)!r} is not a strategy-table "
                                                 "manifest: it holds an array, not a JSON object")


def test_a_tables_own_chart_names_its_seat_model_and_rules(tmp_path):
    import pandas as pd

    from euchre_stats.rules import PRESETS
    from euchre_stats.strategy.run import TableResult
    from euchre_stats.strategy.table import TableSpec

    rows = [{"seat": "dealer", "trump_count": t, "off_aces": 0, "multiplicity": 2, "count": float(t),
             "ev_pass": 0.0, "ev_order": t - 1.0, "ev_alone": t - 2.0, "gain_order": t - 1.0, "gain_alone": -1.0,
             "p_make_order": 0.5, "best": "pass" if t < 2 else "order"} for t in range(5)]
    spec = TableSpec(PRESETS["british"], seats=(3,), samples_per_class=20, seed=4)
    ax = TableResult.of(spec, tmp_path, pd.DataFrame(rows)).plot()
    assert ax.get_title() == ("best action by trump count\nseat: dealer; dd play, rules: british, 20 deals per class, "
                              "seed 4")


def test_a_running_tables_finished_seats_are_summarised_and_charted_alone(tmp_path):
    """finished_seats takes only the seats whose every chunk is committed (the run may still be going), and
    write_summaries writes their summaries and charts, a strategy sheet per finished seat and none other."""
    import euchre_stats as es
    import pandas as pd

    from euchre_stats.strategy.run import finished_seats, write_summaries

    run = tmp_path / "run"
    es.table("eldest,dealer", run_dir=str(run), limit=2, samples_per_class=10, seed=3, chunk_size=1, charts=False)
    sorted((run / "chunks").glob("chunk-dealer-*"))[-1].unlink()
    spec, done, table = finished_seats(run)
    assert done == [0] and set(table["seat"]) == {"eldest"} and len(table) == 2
    paths = write_summaries(table, tmp_path / "summary", tmp_path / "charts", about="about", parquet=False, csv=True)
    assert {p.name for p in paths} >= {"by_seat.csv", "action_heatmap.png", "sheet_eldest.png"}
    assert not (tmp_path / "charts" / "sheet_dealer.png").exists()
    assert not list((tmp_path / "summary").glob("*.parquet"))
    assert list(pd.read_csv(tmp_path / "summary" / "by_seat.csv")["seat"]) == ["eldest"]
    for chunk in (run / "chunks").glob("*"):
        chunk.unlink()
    with pytest.raises(TableRunError, match="has no seat whose every chunk is committed yet"):
        finished_seats(run)


def test_a_refined_run_replaces_only_its_rows_too_close_to_call(tmp_path):
    """--refine: a table made (or under way) without it is refined in place; the classes too close to call on
    their first deals are played again on fresh deals and replace their rows; every other row is kept byte for
    byte; the result is the table a run with --refine from the start gives, whatever was interrupted."""
    import pandas as pd

    import euchre_stats as es
    from euchre_stats.strategy.advise import advise
    from euchre_stats.strategy.run import finished_seats, pending_refinements, refined_seats, run_table
    from euchre_stats.strategy.table import TableSpec

    args = dict(limit=30, samples_per_class=20, seed=5, chunk_size=10, charts=False, screen=10)
    first = es.table("eldest,dealer", run_dir=str(tmp_path / "a"), **args).table
    assert "refined" not in first.columns and first["too_close"].sum() > 10
    # the dealer's last chunk is lost: the eldest is refined, the dealer's refinements wait for its chunks
    sorted((tmp_path / "a" / "chunks").glob("chunk-dealer-*"))[-1].unlink()
    spec = TableSpec.from_settings({**read_manifest(tmp_path / "a")["settings"], "refine": 80})
    assert pending_refinements(tmp_path / "a", spec, 3) is None
    steps = []
    refined = run_table(spec, tmp_path / "a", charts=False, progress=lambda i, n: steps.append((i, n)))
    assert steps[0] == (5, 12) and steps[-1] == (12, 12) and read_manifest(tmp_path / "a")["settings"]["refine"] == 80
    result = es.table("eldest,dealer", run_dir=str(tmp_path / "b"), refine=80, **args)
    pd.testing.assert_frame_equal(refined, result.table)
    assert "20 deals each, up to 80 where too close to call, seed 5)" in result.to_text()
    r = refined["refined"].to_numpy()
    assert (r == first["too_close"].to_numpy()).all()
    kept = refined[~r].drop(columns="refined").reset_index(drop=True)
    pd.testing.assert_frame_equal(kept, first[~r].reset_index(drop=True))
    assert set(refined.loc[r, "n"]) <= {40, 80} and (refined.loc[r, "n"] == 80).any()
    assert (refined.loc[r, "too_close"] < 1).any()           # some answers are clear now
    assert refined.loc[r & (refined["n"] == 40), "screened"].all()
    assert refined_seats(tmp_path / "a") == [0, 3] and finished_seats(tmp_path / "a")[2].equals(refined)
    # advise from the run says which deals a refined class's answer comes from
    row = refined[r].iloc[0]
    a = advise(row["hand"], row["up"], row["seat"], "north-american", table=str(tmp_path / "a"))
    assert a.samples == row["n"] and a.to_dict()["refined"] is True
    assert f"deals: {row['n']} for this class (too close to call on the table's first 20: played again" in a.to_text()
    # another refinement, or none, is another table
    with pytest.raises(TableRunError, match="refine is 80 there, 40 now"):
        es.table("eldest,dealer", run_dir=str(tmp_path / "a"), refine=40, **args)
    with pytest.raises(TableRunError, match="refine is 80 there, None now"):
        es.table("eldest,dealer", run_dir=str(tmp_path / "a"), **args)


def test_a_refinement_no_larger_than_the_first_sample_is_one_line(tmp_path):
    r = CliRunner().invoke(cli, ["table", "--seat", "eldest", "--refine", "200", "--run-dir", str(tmp_path / "x")])
    assert r.exit_code == 2 and "Traceback" not in r.output
    assert r.output.strip().splitlines()[-1] == ("Error: refine must be a whole number of deals above the samples "
                                                 "per class (200), got 200")
    assert not (tmp_path / "x").exists()
