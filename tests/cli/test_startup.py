"""Start-up (issue 33): the quick paths of the command line import no numba, no compiled kernels
and no pandas.

Each case runs ``euchre_stats.cli.main.main(ARGS)`` in a fresh interpreter, as the
``euchre-stats`` script does, and lists what ended up in ``sys.modules``: ``--help`` of the group
and of every command, ``--version``, parse errors, ``odds`` (its table and JSON) and ``advise``
answered from the shipped table.  ``benchmarks/startup.py`` measures the same paths' CPU time
(``docs/performance.md``, "Start-up").
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

import click
import pytest

from euchre_stats.cli.main import cli

#: packages a quick path must not import (pyarrow, scipy and matplotlib come with pandas or numba)
HEAVY = ("numba", "pandas", "pyarrow", "scipy", "matplotlib", "llvmlite")

PROBE = r"""
import json, sys
from euchre_stats.cli.main import main
try:
    main(json.loads(sys.argv[1]))
except SystemExit:
    pass
with open(sys.argv[2], "w") as fh:
    json.dump(sorted(sys.modules), fh)
"""


def _command_paths() -> list[list[str]]:
    """Every command's path (``["order"]``, ``["bench", "solver"]``, ...), groups included."""
    out = []
    for name, cmd in sorted(cli.commands.items()):
        out.append([name])
        if isinstance(cmd, click.Group):
            out += [[name, sub] for sub in sorted(cmd.commands)]
    return out


def _loaded(args: list[str], tmp_path, stderr=subprocess.DEVNULL, **env_extra) -> list[str]:
    report = tmp_path / "modules.json"
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "numba-cache"), **env_extra}  # cold: as a first run
    subprocess.run([sys.executable, "-P", "-c", PROBE, json.dumps(args), str(report)], check=True, env=env,
                   stdout=subprocess.DEVNULL, stderr=stderr, timeout=120)
    return json.loads(report.read_text())


def _heavy(modules: list[str]) -> list[str]:
    """The forbidden modules among ``modules``: the heavy packages, the solver, every compiled kernel."""
    return [m for m in modules if m.split(".")[0] in HEAVY
            or m == "euchre_stats.solver" or m.startswith("euchre_stats.solver.")
            or m.startswith("euchre_stats.engine") or m.rsplit(".", 1)[-1] == "_kernels"]


QUICK = [
    ["--help"],
    ["--version"],
    *[[*path, "--help"] for path in _command_paths()],
    # parse errors: bad cards, a bad seat, a missing option, an unknown option, an unknown command
    ["order", "Zz", "--up", "9h", "--seat", "eldest"],
    ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "nobody"],
    ["call", "Jh Jd Ah 9s Tc", "--seat", "eldest"],
    ["lead", "Jh Ah Kc Qc 9s", "--trump", "x", "--maker", "eldest", "--seat", "eldest"],
    ["solve", "--hands", "Jh", "--trump", "h", "--leader", "0"],
    ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--rules", "nonsense"],
    ["order", "--bogus"],
    ["nonsense"],
    # what needs no kernels and no frame at all
    ["odds", "--deck", "24"],
    ["odds", "--deck", "24,25,28,32,33", "--exact"],
    ["odds", "--hand", "Jh Jd Ah 9s Tc", "--up", "9h", "--format", "json"],
]


@pytest.mark.parametrize("args", QUICK, ids=lambda a: " ".join(a))
def test_quick_paths_import_no_numba_kernels_or_pandas(args, tmp_path):
    assert _heavy(_loaded(args, tmp_path)) == []


def _on_a_terminal(args: list[str], tmp_path) -> tuple[list[str], bytes]:
    """The modules ``args`` load and what they print on standard error when that is a terminal."""
    master, slave = pty.openpty()
    try:
        modules = _loaded(args, tmp_path, stderr=slave)
        os.close(slave)
        slave = None
        said = b""
        while True:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            said += chunk
    finally:
        if slave is not None:
            os.close(slave)
        os.close(master)
    return modules, said


@pytest.mark.parametrize("args", [["order", "--help"], ["bench", "solver", "--help"], ["order", "--bogus"],
                                  ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", "0"]],
                         ids=lambda a: " ".join(a))
def test_on_a_terminal_help_and_parse_errors_stay_quick_and_quiet(args, tmp_path):
    """On a terminal with numba's cache cold the group checked the cache by importing the solver (and
    numba), and announced a compile before ``--help`` or an option click refuses."""
    modules, said = _on_a_terminal(args, tmp_path)
    assert _heavy(modules) == []
    assert b"compiling" not in said, said


def test_on_a_terminal_a_bad_card_loads_no_kernel(tmp_path):
    """A card or seat the library refuses is found before numba loads, and no compile is announced: the
    notice comes from the library just before a kernel runs (``euchre_stats.core.compiling``)."""
    modules, said = _on_a_terminal(["order", "Zz", "--up", "9h", "--seat", "eldest"], tmp_path)
    assert _heavy(modules) == []
    assert b"Zz" in said and b"compiling" not in said


#: a card held twice: four-seat, and a card on the table that a hand holds too
DUPLICATES = [
    ["solve", "--hands", "Jh Jd Ah 9s Tc", "Jh Kh 9h Th Ac", "Kc Qc Jc Tc 9c", "As Ks Qs Js Ts", "--trump", "h",
     "--leader", "0"],
    ["solve", "--hands", "Ac 9h", "Kc", "Qc Ts", "Tc As", "--trump", "s", "--leader", "1", "--played", "Kc"],
    ["solve", "--players", "6", "--hands", "Jk Jh Ah", "9s Ts Qs", "9c Tc Jh", "Kh Td Ad", "9d Th Qd", "Ac Kc Qc",
     "--trump", "h", "--leader", "0"],
]


@pytest.mark.parametrize("args", DUPLICATES, ids=["held twice", "played and held", "six seats"])
def test_solve_refuses_a_duplicate_card_before_loading_numba(args, tmp_path):
    """The solver's input is checked before its kernels (and numba) load, so a bad position answers at
    once, and says which card.  (The solver's package itself checks it, in its one-position module: it loads
    its kernels only to solve.)"""
    modules, said = _on_a_terminal(args, tmp_path)
    assert [m for m in _heavy(modules) if m not in ("euchre_stats.solver", "euchre_stats.solver.position",
                                                    "euchre_stats.solver.seats")] == []
    assert b"Error:" in said and (b"'Jh'" in said or b"'Kc'" in said), said


@pytest.mark.parametrize("seat", ["eldest", "dealer"])
def test_advise_from_the_shipped_realistic_table_imports_no_numba_or_pandas(seat, tmp_path):
    """The shipped realistic table answers each seat's question from its one row (Parquet, read with pyarrow)."""
    answer = tmp_path / "answer.json"
    modules = _loaded(["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", seat, "--format", "json", "-o",
                       str(answer)], tmp_path)
    assert json.loads(answer.read_text())["table"] == "shipped, realistic"
    assert [m for m in _heavy(modules) if m.split(".")[0] != "pyarrow"] == []


def test_advise_from_a_run_directory_imports_no_numba_or_pandas(tmp_path):
    """``advise --table RUN_DIR`` answered from the run's table reads its one row with pyarrow (the table is
    Parquet): no numba, no kernel, no solver, no pandas."""
    import euchre_stats as es

    run = tmp_path / "run"
    t = es.table("eldest", run_dir=str(run), limit=2, samples_per_class=10, seed=3, charts=False)
    hand, up = t.table["hand"].iloc[0], t.table["up"].iloc[0]
    answer = tmp_path / "answer.json"
    modules = _loaded(["advise", hand, "--up", up, "--seat", "eldest", "--table", str(run), "--format", "json",
                       "-o", str(answer)], tmp_path)
    assert json.loads(answer.read_text())["source"] == "table"
    assert [m for m in _heavy(modules) if m.split(".")[0] != "pyarrow"] == []


def test_the_probe_sees_numba_where_it_is_needed(tmp_path):
    """The check is not vacuous: a position ``solve`` answers loads the solver and numba (numba's JIT off
    here, so nothing compiles: the kernels run as Python)."""
    loaded = _loaded(["solve", "--hands", "Jh Jd Ah Kh Qh", "9s Ts Js Qs Ks", "-", "9c Tc Jc Qc Kc", "--trump", "h",
                      "--leader", "0", "--out", "2"], tmp_path, NUMBA_DISABLE_JIT="1")
    assert "numba" in loaded and "euchre_stats.engine.search" in loaded


def test_text_table_is_pandas_to_string():
    """``output.results.text_table`` (odds' and advise's tables without pandas) prints what
    ``DataFrame(rows).to_string(index=False, na_rep=...)`` printed, missing cells included."""
    import pandas as pd

    import euchre_stats as es
    from euchre_stats.output.results import text_table

    tables = [es.odds("24,25,28,32,33", exact=True).rows(str),
              [{k: str(v) for k, v in r.items()} for r in es.odds("24", hand="Jh Jd Ah 9s Tc", up="9h").rows()],
              [{"action": "pass", "EV": "+1.01"}, {"action": "order alone", "EV": "-0.20", "95% CI": "[-1.00, +0.60]"}]]
    for rows in tables:
        assert text_table(rows, na_rep="-") == pd.DataFrame(rows).to_string(index=False, na_rep="-")


def test_a_question_draws_its_progress_before_the_first_chunk():
    """Progress from the first second (issue 33): a decision reports 0 before its first chunk, which
    for the dealer (every candidate discard played on each deal) takes seconds."""
    from euchre_stats.decide.order import order_decision

    calls = []
    order_decision("Jh Jd Ah 9s Tc", "9h", "dealer", samples=1200, seed=1, model="dd",
                   progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 1200) and len(calls) >= 3  # 0, then after each chunk
    assert all(t == 1200 for _, t in calls) and [d for d, _ in calls] == sorted(d for d, _ in calls)


WALKS = r"""
import gc, json, sys
walks = []
def cb(phase, info):
    if phase == "start" and info["generation"] == 2:
        walks.append(len(gc.get_objects()))  # what this full collection walks (frozen objects are not listed)
        with open(sys.argv[2], "w") as fh:  # rewritten at every one: the interpreter's last, at exit, too
            json.dump(walks, fh)
gc.callbacks.append(cb)
import euchre_stats.cli.main as m
before = [[i] for i in range(200_000)]  # long-lived objects loaded before the command


class Command:  # stands for the click group: a command that loads as many (numba's, pandas')
    def main(self, args, prog_name):
        global during
        assert gc.get_freeze_count() > 200_000, gc.get_freeze_count()
        from euchre_stats.core.collector import FULL_COLLECTION_THRESHOLD
        assert gc.get_threshold()[2] == FULL_COLLECTION_THRESHOLD
        during = [[i] for i in range(200_000)]


if sys.argv[1] == "entry":
    m.cli = Command()
    old = gc.get_threshold()
    m.main([])
    assert gc.get_threshold() == old, gc.get_threshold()  # set back for whoever runs on
"""


@pytest.mark.parametrize("how", ["entry", "none"])
def test_the_console_entry_leaves_the_collection_at_exit_nothing_to_walk(how, tmp_path):
    """The console entry freezes what is loaded (``gc.freeze``) before the command and after it, so the
    interpreter's full collection at exit walks almost nothing (docs/performance.md, "The garbage collector's
    walks"); without the entry the same process's last collection walks every one of its objects."""
    report = tmp_path / "walks.json"
    subprocess.run([sys.executable, "-P", "-c", WALKS, how, str(report)], check=True, timeout=120,
                   stdout=subprocess.DEVNULL)
    last = json.loads(report.read_text())[-1]
    if how == "entry":
        assert last < 5_000
    else:
        assert last > 200_000
