"""The layout's contract (docs/architecture.md): imports run only downward, lazy ones included,
there is no import cycle anywhere, and the library never imports the command line."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def graph():
    return grimp.build_graph("euchre_stats")


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), as sorted lists."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_layers_contract_holds():
    """import-linter's layers contract in pyproject.toml: no upward import between layers."""
    exe = Path(sys.executable).with_name("lint-imports")
    res = subprocess.run([str(exe), "--config", str(ROOT / "pyproject.toml")], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_grimp_sees_lazy_imports(graph):
    # bidding.model imports its kernels inside functions: the checks above must see that edge
    assert "euchre_stats.bidding._kernels" in graph.find_modules_directly_imported_by("euchre_stats.bidding.model")


def test_no_import_cycle_in_the_library(graph):
    edges = {m: set(graph.find_modules_directly_imported_by(m)) for m in graph.modules}
    # a package's __init__ importing its own modules is not a cycle between concepts
    for m in edges:
        edges[m] = {t for t in edges[m] if not m.startswith(t + ".")}
    assert _cycles(edges) == []


def _imports(path: Path) -> list[tuple[int, str | None]]:
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module))
            if node.level and node.module is None:
                found += [(node.level, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(0, a.name) for a in node.names]
    return found


def test_no_import_cycle_in_the_command_line():
    mods = {p.stem: p for p in (ROOT / "cli").glob("*.py")}
    edges = {m: {name.split(".")[0] for level, name in _imports(p) if level == 1 and name} for m, p in mods.items()}
    assert _cycles(edges) == []


def test_the_library_never_imports_the_command_line():
    bad = []
    for p in (ROOT / "euchre_stats").rglob("*.py"):
        if p.name == "__main__.py":  # `python -m euchre_stats` is the command line's entry point
            continue
        for level, name in _imports(p):
            if name and (name.startswith("euchre_stats.cli") or (level and name.split(".")[0] == "cli")):
                bad.append(f"{p.relative_to(ROOT)} imports {name}")
    assert bad == []


def test_the_cli_reaches_the_library_only_through_public_modules():
    """The command line is a thin skin: it never imports a private (underscore) module."""
    bad = [f"{p.name}: {name}" for p in (ROOT / "cli").glob("*.py") for level, name in _imports(p)
           if level == 0 and name and name.startswith("euchre_stats") and any(
               part.startswith("_") for part in name.split(".")[1:])]
    assert bad == []


#: rule options whose effect is coded once, in the rules core (rules/): no other module reads them (issue 29)
RULE_OPTIONS_IN_RULES_ONLY = ("stick_the_dealer", "canadian_loner", "defend_alone", "defend_alone_only_against_loner",
                              "lone_defender_points", "lone_defender_needs_all_tricks", "super_euchre",
                              "dealer_may_discard_upcard", "dealer_needs_trump", "passer_may_not_go_alone",
                              "joker_upcard", "alone_declared", "lead_after_alone")
#: modules that may read them anyway, and why
RULE_READERS = {"euchre_stats/rules/__init__.py": "the rules core",
                "euchre_stats/rules/options.py": "the rules core: the options and their checks",
                "euchre_stats/rules/effects.py": "the rules core: the effect of every option",
                "euchre_stats/players/openspiel.py": "maps the rules to OpenSpiel's game parameters, option by option",
                "euchre_stats/players/openspiel_table.py": "OpenSpiel's engine has its own lone-defender convention"}


def test_rule_options_are_read_only_in_the_rules_core():
    """``rules.<option>`` (any object's attribute of that name read from a ``Rules``) appears only in
    the rules core (rules/) and the listed modules; everyone else calls a rule function."""
    found = []
    for path in sorted((ROOT / "euchre_stats").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in RULE_READERS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Attribute) and node.attr in RULE_OPTIONS_IN_RULES_ONLY
                    and "rules" in ast.unparse(node.value).lower()):
                found.append(f"{rel}:{node.lineno} {ast.unparse(node)}")
    assert not found, "rule options read outside the rules core:\n" + "\n".join(found)


def test_every_library_module_is_in_the_architecture_doc():
    """docs/architecture.md's module list names every module of the library, and no module that is gone."""
    doc = (ROOT / "docs" / "architecture.md").read_text()
    listed = set(re_findall(r"^\| `([\w/]+\.py)` \|", doc))
    present = {p.relative_to(ROOT / "euchre_stats").as_posix() for p in (ROOT / "euchre_stats").rglob("*.py")
               if p.name != "_version.py"}
    assert present - listed == set(), "modules missing from docs/architecture.md"
    assert listed - present == set(), "docs/architecture.md lists modules that do not exist"


def re_findall(pattern: str, text: str) -> list[str]:
    import re

    return re.findall(pattern, text, re.M)
