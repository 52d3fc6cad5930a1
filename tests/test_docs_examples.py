"""Every ``euchre-stats ...`` example in README.md and docs/*.md runs, and prints what the docs show.

Each fenced code block (``sh``, ``bash``, ``console`` or none) is searched for commands: a line
starting ``euchre-stats`` (or ``$ euchre-stats`` in a console block, or after ``&&``), joined
across trailing backslashes, with ``# comments`` dropped.  Every command runs through click's
CliRunner in a scratch folder that sees the checkout's ``data/``, and must exit 0 (2 when the
output shown is an error).  In a ``console`` block the lines after a ``$`` command, up to the next
one, are its output: the run must print exactly that.

A block whose info string says ``long`` (```` ```sh long ````) holds runs that take minutes to
hours by nature (whole strategy tables, the benchmarks behind docs/performance.md, a dask
cluster); the docs say so next to it.  Those commands are parsed here (every option must still
exist and take the value written) and run in full only with ``EUCHRE_DOCS_LONG=1``.  The test as
a whole can be skipped only with ``EUCHRE_SKIP_DOCS_EXAMPLES=1``.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from euchre_stats.cli.common import all_commands
from euchre_stats.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```", re.S | re.M)
SHELLS = {"", "sh", "bash", "console", "shell"}

pytestmark = pytest.mark.skipif(os.environ.get("EUCHRE_SKIP_DOCS_EXAMPLES") == "1",
                                reason="EUCHRE_SKIP_DOCS_EXAMPLES=1")


def _logical_lines(body: str) -> list[str]:
    out, cur = [], ""
    for line in body.splitlines():
        if line.rstrip().endswith("\\"):
            cur += line.rstrip()[:-1] + " "
            continue
        out.append(cur + line)
        cur = ""
    if cur:
        out.append(cur)
    return out


def _command(line: str) -> list[str] | None:
    """The argument list of the ``euchre-stats`` command on ``line``, or None."""
    text = line.strip()
    if text.startswith("$ "):
        text = text[2:]
    if "&& euchre-stats " in text:
        text = text[text.index("&& euchre-stats ") + 3:]
    if not text.startswith("euchre-stats "):
        return None
    return shlex.split(text, comments=True)[1:]


def examples():
    """(file, command line, args, expected output or None, long) for every example."""
    found = []
    for path in FILES:
        for m in FENCE.finditer(path.read_text()):
            info = m.group(1).split()
            lang, long = (info[0] if info else ""), "long" in info[1:]
            if lang not in SHELLS:
                continue
            lines = _logical_lines(m.group(2))
            for i, line in enumerate(lines):
                args = _command(line)
                if args is None:
                    continue
                expected = None
                if lang == "console":
                    rest = []
                    for later in lines[i + 1:]:
                        if later.startswith("$ "):
                            break
                        rest.append(later)
                    expected = "\n".join(rest).strip("\n")
                    expected = expected + "\n" if expected else None
                found.append((path.relative_to(ROOT).as_posix(), line.strip(), args, expected, long))
    return found


EXAMPLES = examples()


def test_examples_are_found_in_every_file_that_has_them():
    files = {f for f, *_ in EXAMPLES}
    assert {"README.md", "docs/odds.md", "docs/methods.md", "docs/formats.md", "docs/cli.md",
            "docs/tables.md", "docs/performance.md", "docs/scaling.md"} <= files
    assert len(EXAMPLES) >= 40


_SCRATCH: dict[str, Path] = {}


@pytest.fixture
def scratch(where, tmp_path_factory, monkeypatch):
    """One folder per docs file, holding a link to the checkout's data/: the file's examples run in
    it in order, as a reader would run them (a later one may read what an earlier one wrote)."""
    if where not in _SCRATCH:
        folder = tmp_path_factory.mktemp(Path(where).stem)
        (folder / "data").symlink_to(ROOT / "data")
        _SCRATCH[where] = folder
    monkeypatch.chdir(_SCRATCH[where])
    return _SCRATCH[where]


def _run(args):
    return CliRunner().invoke(cli, args, prog_name="euchre-stats")


def _check(result, expected, line):
    assert isinstance(result.exception, (SystemExit, type(None))), (line, repr(result.exception))
    error = expected is not None and ("\nError: " in "\n" + expected)
    assert result.exit_code == (2 if error else 0), (line, result.output)
    if expected is not None:
        assert result.output.rstrip() == expected.rstrip(), line


@pytest.mark.parametrize("where, line, args, expected",
                         [pytest.param(f, ln, a, e, id=f"{f}: {ln[:90]}") for f, ln, a, e, long in EXAMPLES
                          if not long])
def test_example_runs_and_prints_what_the_docs_show(where, line, args, expected, scratch):
    _check(_run(args), expected, line)


@pytest.mark.parametrize("where, line, args, expected",
                         [pytest.param(f, ln, a, e, id=f"{f}: {ln[:90]}") for f, ln, a, e, long in EXAMPLES if long])
def test_long_example_is_a_valid_command(where, line, args, expected, scratch):
    if os.environ.get("EUCHRE_DOCS_LONG") == "1":
        _check(_run(args), expected, line)
        return
    cmd, rest = cli, list(args)
    while isinstance(cmd, click.Group):
        cmd, rest = cmd.commands[rest[0]], rest[1:]
    cmd.make_context(cmd.name, rest)  # raises on an unknown option or a value out of range


# --- the README's claims about the commands -----------------------------------------------------
def _params(cmd):
    return {p.name: p for p in cmd.params}


def test_readme_says_which_commands_take_rules_format_output_and_seed():
    commands = all_commands(cli)
    text = " ".join((ROOT / "README.md").read_text().split())
    assert ("and a flag per rule option: `order`, `call`, `discard`, `lead`, `alone`, `advise`, `equity`, "
            "`variants`, `table`, `tune`, `match` and `play`;") in text
    rules = {"order", "call", "discard", "lead", "alone", "advise", "equity", "variants", "table", "tune", "match",
             "play"}
    assert {n for n, c in commands.items() if "rules_name" in _params(c)} == rules
    assert set(commands) - rules == {"odds", "review", "solve", "bench solver", "bench realistic"}
    assert "stick_the_dealer" not in _params(commands["odds"]) and "deck_text" in _params(commands["odds"])
    formats = {n: tuple(_params(c)["fmt"].type.choices) for n, c in commands.items() if "fmt" in _params(c)}
    assert "`--format` is `table|json|csv`, except `table|json|jsonl` for `solve` and `review`, `table|json` " \
           "for `advise`, `bench solver` and `bench realistic`; `tune` writes its model as JSON." in text
    assert formats == {**{n: ("table", "json", "csv") for n in commands
                          if n not in ("solve", "review", "advise", "bench solver", "bench realistic", "tune")},
                       "solve": ("table", "json", "jsonl"), "review": ("table", "json", "jsonl"),
                       "advise": ("table", "json"), "bench solver": ("table", "json"),
                       "bench realistic": ("table", "json")}
    assert "Every command but `bench solver` and `bench realistic` takes `-o/--output FILE`." in text
    assert {n for n, c in commands.items() if "output" not in _params(c)} == {"bench solver", "bench realistic"}
    sampling = {n for n, c in commands.items() if "seed" in _params(c)}
    assert sampling == set(commands) - {"odds", "solve"}  # review samples with --realistic


@pytest.mark.parametrize("args", [
    ["order", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "-n", "2"],
    ["call", "Jd Ad Kd 9c Tc", "--turned-down", "9h", "--seat", "third", "-n", "2"],
    ["discard", "Js Jc As Kh 9d Td", "--up", "Js", "-n", "2"],
    ["lead", "Jh Ah Kc Qc 9s", "--trump", "h", "--maker", "eldest", "--seat", "eldest", "-n", "2"],
    ["alone", "Jh Jd Ah Kh Qh", "--trump", "h", "--maker", "eldest", "--seat", "third", "--up", "9h",
     "--rules", "british", "-n", "2"],
    ["equity", "-n", "100"],
    ["variants", "--deck", "24", "-n", "2"],
    ["bench", "solver", "--deals", "2"],
    ["bench", "realistic", "--deals", "2", "--old-deals", "0", "--decision-deals", "0"],
])
def test_every_sampling_command_prints_its_seed(args, tmp_path):
    table = _run(args + ["--seed", "7"])
    assert table.exit_code == 0, table.output
    assert re.search(r"\bseed:? 7\b", table.output), table.output
    as_json = _run(args + ["--seed", "7", "--format", "json"])
    assert as_json.exit_code == 0 and '"seed": 7' in as_json.output


def test_advise_and_table_give_their_seed(tmp_path):
    r = _run(["advise", "Jh Jd Ah 9s Tc", "--up", "9h", "--seat", "eldest", "--simulate", "-n", "2", "--seed", "7",
              "--format", "json"])
    assert r.exit_code == 0 and '"seed": 7' in r.output
    r = _run(["table", "--run-dir", str(tmp_path / "t"), "--limit", "1", "--samples-per-class", "2", "--no-charts",
              "--seed", "7"])
    assert r.exit_code == 0 and "seed 7" in r.output


def test_the_group_help_example_runs_outside_a_checkout(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    help_text = _run(["--help"]).output
    line = next(ln.strip() for ln in help_text.splitlines() if ln.strip().startswith("euchre-stats "))
    r = _run(shlex.split(line)[1:] + ["-n", "50"])
    assert r.exit_code == 0 and "recommendation:" in r.output, r.output
