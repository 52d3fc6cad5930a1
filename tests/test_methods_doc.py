"""The worked example in docs/methods.md is real output: rerun it and compare."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner
from euchre_stats.cli.main import cli

DOC = Path(__file__).resolve().parents[1] / "docs" / "methods.md"


def test_worked_example_matches_the_command():
    text = DOC.read_text()
    block = re.search(r"```console\n\$ (euchre-stats .+?)\n(.*?)```", text, re.S)
    assert block, "no console example in docs/methods.md"
    command, shown = block.group(1), block.group(2)
    args = shlex.split(command)[1:]
    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0
    assert result.output.strip() == shown.strip()
