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


def test_the_score_example_states_the_figures_the_tool_prints():
    """The prose of "A hand whose answer flips with the score" quotes the tool's own figures (it once
    quoted +3.594 alone and called the pass's +1.875 "order", and said both win every time at 9-8)."""
    from euchre_stats.decide.order import order_decision

    text = " ".join(DOC.read_text().split())
    para = text[text.index("**A hand whose answer flips with the score.**"):]
    para = para[:para.index("```")]
    hand = ("Jh Jd Kh Ks As", "9h", "eldest")
    plain = order_decision(*hand, samples=2000, seed=1)
    at_9_8 = order_decision(*hand, samples=2000, seed=1, score="9-8")
    by = {o.action: o for o in plain.options}
    alone, order, passing = by["order alone"], by["order"], by["pass"]
    assert (f"going alone is worth {alone.ev:+.3f} points [{alone.ev_ci[0]:+.3f}, {alone.ev_ci[1]:+.3f}], against "
            f"{order.ev:+.3f} for ordering with the partner and {passing.ev:+.3f} for passing, so the tool says "
            f"**{plain.recommendation}**") in para
    win = {o.action: o.extra["p_win"] for o in at_9_8.options}
    assert (f"ordering with the partner wins it {win['order']:.3f} of the time, going alone "
            f"{win['order alone']:.3f}") in para
    assert f"{alone.p_euchred:.3f}" in para and f"{order.p_euchred:.3f}" in para
    assert f"passing {win['pass']:.3f}" in para and f"The tool therefore says **{at_9_8.recommendation}**" in para
