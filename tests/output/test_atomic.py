"""Atomic writes (output/atomic.py): whole or nothing, no temp file outliving a killed writer, links
written through."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from click.testing import CliRunner

from euchre_stats.cli.main import cli
from euchre_stats.core.errors import OutputError
from euchre_stats.output.atomic import atomic_write, sweep_temps

KILLED_MID_WRITE = """
import os, signal, sys
from euchre_stats.output import atomic
def die(fd):                      # the data is in the temp file, not yet renamed: SIGKILL now
    os.kill(os.getpid(), signal.SIGKILL)
atomic.os.fsync = die
atomic.atomic_write(sys.argv[1], b"new data")
"""


def _temps(d):
    return sorted(p.name for p in d.iterdir() if p.name.endswith(".tmp"))


def _killed_writer(target):
    rc = subprocess.run([sys.executable, "-c", KILLED_MID_WRITE, str(target)]).returncode
    assert rc == -9


def test_a_writer_killed_mid_write_leaves_the_old_file_and_the_next_write_sweeps_its_temp(tmp_path):
    target = tmp_path / "out.json"
    target.write_bytes(b"old data")
    _killed_writer(target)
    assert target.read_bytes() == b"old data"          # never half-written
    left = _temps(tmp_path)
    assert len(left) == 1 and left[0].startswith(".out.json.")
    atomic_write(target, b"newer")
    assert target.read_bytes() == b"newer"
    assert _temps(tmp_path) == []


def test_the_cli_output_sweeps_a_killed_writers_temp(tmp_path):
    target = tmp_path / "odds.txt"
    _killed_writer(target)
    assert len(_temps(tmp_path)) == 1 and not target.exists()
    r = CliRunner().invoke(cli, ["odds", "--deck", "24", "-o", str(target)])
    assert r.exit_code == 0, r.output
    assert target.read_text().strip() and _temps(tmp_path) == []


def test_a_running_writers_temp_and_other_names_are_left_alone(tmp_path):
    mine = tmp_path / f".a.txt.{os.getpid()}-abc123.tmp"     # this process is alive
    other_name = tmp_path / ".b.txt.999999999-abc123.tmp"    # another target's temp
    legacy = tmp_path / ".a.txt.abc123.tmp"                  # not in the PID form: not ours to judge
    dead = tmp_path / ".a.txt.999999999-zz9_x.tmp"          # no such pid
    for p in (mine, other_name, legacy, dead):
        p.write_bytes(b"x")
    assert sweep_temps(tmp_path / "a.txt") == [dead]
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in (mine, other_name, legacy))


def test_a_symlink_is_written_through(tmp_path):
    """Choice: like the shell's '>', -o follows a symbolic link and writes the file it points to."""
    real = tmp_path / "data" / "real.json"
    real.parent.mkdir()
    real.write_bytes(b"old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write(link, b"new")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_bytes() == b"new"
    assert _temps(tmp_path) == [] and _temps(real.parent) == []


def test_a_dangling_symlink_creates_its_target(tmp_path):
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "made.txt")
    r = CliRunner().invoke(cli, ["odds", "--deck", "24", "-o", str(link)])
    assert r.exit_code == 0, r.output
    assert link.is_symlink() and (tmp_path / "made.txt").read_text().strip()


def test_a_write_that_fails_names_the_path_and_leaves_nothing(tmp_path):
    (tmp_path / "file").write_bytes(b"x")
    with pytest.raises(OutputError, match="cannot write .*file/x.txt.*: Not a directory"):
        atomic_write(tmp_path / "file" / "x.txt", b"x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]
