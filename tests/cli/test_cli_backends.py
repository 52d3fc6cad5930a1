"""`--workers` and `--scheduler` on the long commands: the same output as this process, and a clear
error, written nowhere, for a scheduler that cannot be reached."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli

COMMANDS = [
    ["match", "--a", "random", "--b", "realistic:worlds=4", "--deals", "4", "--seed", "3", "--format", "json"],
    ["play", "--a", "random", "--b", "points", "--hands", "3", "--seed", "2", "--format", "json"],
    ["equity", "--samples", "1500", "--seed", "11", "--model", "dd", "--format", "json"],
    ["variants", "--deck", "24", "--samples", "1200", "--seed", "4", "--model", "dd", "--format", "json"],
    ["match", "--a", "shipped", "--b", "points", "--deals", "1200", "--seed", "5", "--model", "dd", "--format", "json"],
]


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0] + "-" + a[2])
def test_a_process_pool_prints_the_same(args):
    here = CliRunner().invoke(cli, args)
    pool = CliRunner().invoke(cli, args + ["--workers", "2"])
    assert here.exit_code == 0 and pool.exit_code == 0, (here.output, pool.output)
    assert here.stdout == pool.stdout


@pytest.mark.parametrize("args", [COMMANDS[0], COMMANDS[2]], ids=["match", "equity"])
def test_an_unreachable_scheduler_is_one_line(args, tmp_path, monkeypatch):
    pytest.importorskip("distributed")
    from euchre_stats.sampling import backends

    real = backends.connect
    monkeypatch.setattr(backends, "connect", lambda scheduler, timeout="1s": real(scheduler, timeout="1s"))
    out = tmp_path / "out.json"
    r = CliRunner().invoke(cli, args + ["--scheduler", "tcp://127.0.0.1:9", "--output", str(out)])
    assert r.exit_code == 2 and "cannot reach the dask scheduler 'tcp://127.0.0.1:9'" in r.output
    assert "Traceback" not in r.output and not out.exists()
