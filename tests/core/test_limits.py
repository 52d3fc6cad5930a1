"""Size limits (core/limits.py): one table, applied to every command's size options and to the API."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

import euchre_stats as es
from euchre_stats.cli.common import all_commands
from euchre_stats.cli.main import cli
from euchre_stats.core.errors import LimitError
from euchre_stats.core.limits import SIZE_LIMITS, check_size

ROOT = Path(__file__).resolve().parents[2]

#: int options that are not sizes: each is bounded by what it means (checked where it is read)
NOT_SIZES = {"seed", "refine_seed", "leader", "out", "round_", "hand_size", "game_to"}


def all_options():
    return [(name, p) for name, cmd in all_commands(cli).items() for p in cmd.params]


def test_every_int_option_is_bounded_or_named_as_not_a_size():
    unbounded = []
    for command, p in all_options():
        if not isinstance(p.type, (click.types.IntParamType, click.IntRange)) or p.name in NOT_SIZES:
            continue
        if getattr(p.type, "max", None) is None:
            unbounded.append(f"{command} --{p.name}")
    assert unbounded == []


def test_each_size_option_takes_its_bound_from_the_table():
    seen = set()
    for _command, p in all_options():
        if p.name in SIZE_LIMITS:
            low, high = SIZE_LIMITS[p.name]
            assert p.type.max == high and p.type.min >= low
            seen.add(p.name)
    assert seen == set(SIZE_LIMITS)


def test_the_docs_table_is_the_limits_table():
    text = (ROOT / "docs" / "cli.md").read_text().split("## Limits")[1].split("\n## ")[0]
    rows = re.findall(r"^\| `--([a-z-]+)`[^|]* \| ([\d,]+) \| ([\d,]+) \|", text, re.M)
    documented = {name.replace("-", "_"): (int(lo.replace(",", "")), int(hi.replace(",", "")))
                  for name, lo, hi in rows}
    assert documented == SIZE_LIMITS


@pytest.mark.parametrize("args, option, high", [
    (["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", str(10**11)], "'--samples' / '-n'",
     "1000000"),
    (["variants", "--samples", str(10**11)], "'--samples' / '-n'", "1000000"),
    (["equity", "-n", str(10**11)], "'--samples' / '-n'", "1000000"),
    (["tune", "--deals", str(10**11)], "'--deals'", "1000000"),
    (["tune", "--sweeps", "1000"], "'--sweeps'", "100"),
    (["bench", "solver", "--threads", "100000"], "'--threads'", "1024"),
    (["table", "--run-dir", "x", "--samples-per-class", str(10**9)], "'--samples-per-class'", "100000"),
    (["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-j", "5000"], "'--workers' / '-j'", "1024"),
])
def test_a_size_beyond_its_bound_is_refused_naming_option_and_limit(args, option, high):
    r = CliRunner().invoke(cli, args)
    assert r.exit_code == 2
    assert f"Invalid value for {option}" in r.output and f"<=x<={high}" in r.output


def test_the_api_checks_the_same_bounds():
    with pytest.raises(LimitError, match=r"samples 100000000000 is outside 1..1,000,000"):
        es.order("Jh Jd Ah 9s Tc", "9h", "eldest", samples=10**11)
    with pytest.raises(LimitError, match="workers must be a whole number, got True"):
        es.variants("24", samples=10, workers=True)


def test_check_size():
    check_size("samples", None)
    check_size("samples", 1_000_000)
    check_size("samples", 50, floor=10)
    with pytest.raises(LimitError, match="sweeps 101 is outside 0..100"):
        check_size("sweeps", 101)
    with pytest.raises(LimitError, match="samples must be a whole number, got 2.5"):
        check_size("samples", 2.5)
    with pytest.raises(LimitError, match="samples 5 is outside 10..1,000,000"):
        check_size("samples", 5, floor=10)
