"""One path (docs/architecture.md): every command calls exactly one public function of
``euchre_stats`` (its namesake) and computes nothing else; it only formats what that returns.

Checked on the syntax trees of ``cli/*.py``: for each ``@<group>.command`` function, every call in
its body is resolved through the module's imports, and calls of the command module's own helpers
(or of another ``cli`` module's) are followed into their bodies.  A call reaching the library must
be the one public function or a piece of output plumbing (``euchre_stats.output``); calls on
values (``result.format(fmt)``) are the result's own forms and are not followed.
"""

from __future__ import annotations

import ast
from pathlib import Path

import click
import pytest

import euchre_stats as es
from euchre_stats.cli.main import cli

CLI = Path(__file__).resolve().parents[2] / "cli"
#: commands without a public function yet (not in issue 13's list): they call their library modules
NO_PUBLIC_FUNCTION = {"review", "tune", "bench solver", "bench realistic"}
#: library modules a command may reach besides its public function: writing and formatting output
PLUMBING = ("euchre_stats.output.",)


def imported_names(nodes) -> dict[str, str]:
    """Local name -> dotted target of the imports among ``nodes`` (``from .x`` is ``cli.x``)."""
    names = {}
    for node in nodes:
        if isinstance(node, ast.Import):
            for a in node.names:
                names[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(["cli", *([node.module] if node.module else [])]) if node.level else node.module
            for a in node.names:
                names[a.asname or a.name] = f"{base}.{a.name}"
    return names


class Module:
    """One cli module: its imports (local name -> dotted target) and its top-level functions."""

    def __init__(self, name: str, source: str):
        self.name = name
        self.tree = ast.parse(source)
        self.names = imported_names(self.tree.body)
        self.functions = {n.name: n for n in self.tree.body if isinstance(n, ast.FunctionDef)}

    def resolve(self, func: ast.expr, names: dict[str, str]) -> str | None:
        """The dotted name a call's target stands for under ``names``, or ``None`` (a call on a value)."""
        parts = []
        while isinstance(func, ast.Attribute):
            parts.append(func.attr)
            func = func.value
        if not isinstance(func, ast.Name):
            return None
        if func.id in names:
            head = names[func.id]
        elif func.id in self.functions:
            head = f"{self.name}.{func.id}"
        else:
            return None  # a builtin or a local variable
        return ".".join([head, *reversed(parts)])


MODULES = {f"cli.{p.stem}": Module(f"cli.{p.stem}", p.read_text()) for p in sorted(CLI.glob("*.py"))}


def _command_name(fn: ast.FunctionDef) -> str | None:
    for deco in fn.decorator_list:
        if isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute) and deco.func.attr == "command":
            name = deco.args[0].value if deco.args and isinstance(deco.args[0], ast.Constant) else fn.name
            group = deco.func.value.id if isinstance(deco.func.value, ast.Name) else "?"
            return name if group == "cli" else f"{group} {name}"
    return None


def commands() -> dict[str, tuple[Module, ast.FunctionDef]]:
    found = {}
    for m in MODULES.values():
        for fn in m.functions.values():
            name = _command_name(fn)
            if name is not None:
                found[name] = (m, fn)
    return found


def library_calls(module: Module, fn: ast.FunctionDef, seen=None) -> list[str]:
    """Every library function the body of ``fn`` calls, following the command line's own helpers."""
    seen = set() if seen is None else seen
    # imports inside the function count as much as the module's
    names = {**module.names, **imported_names(ast.walk(fn))}
    out = []
    for node in ast.walk(fn):
        if not isinstance(node, ast.Call):
            continue
        target = module.resolve(node.func, names)
        if target is None:
            continue
        if target.startswith("euchre_stats"):
            out.append(target)
        elif target.startswith("cli."):
            mod, _, name = target.rpartition(".")
            if mod in MODULES and name in MODULES[mod].functions and target not in seen:
                seen.add(target)
                out += library_calls(MODULES[mod], MODULES[mod].functions[name], seen)
    return out


def registered() -> set[str]:
    names = set()
    for name, cmd in cli.commands.items():
        if isinstance(cmd, click.Group):
            names |= {f"{name} {sub}" for sub in cmd.commands}
        else:
            names.add(name)
    return names


def test_every_registered_command_is_found_in_the_source():
    assert set(commands()) == registered()


@pytest.mark.parametrize("name", sorted(registered() - NO_PUBLIC_FUNCTION))
def test_command_calls_its_public_function_once_and_nothing_else(name):
    module, fn = commands()[name]
    calls = library_calls(module, fn)
    public = [c for c in calls if c.startswith("euchre_stats.") and c.split(".", 1)[1] in es.API]
    assert public == [f"euchre_stats.{name}"], f"{name} calls {public}: add or call euchre_stats.{name}"
    other = [c for c in calls if c not in public and not c.startswith(PLUMBING)]
    assert other == [], f"{name} computes outside its public function: {other}"


@pytest.mark.parametrize("name", sorted(NO_PUBLIC_FUNCTION))
def test_commands_without_a_public_function_are_the_listed_ones(name):
    assert name in registered()
    assert name.split()[-1] not in es.API or name in ("bench solver", "bench realistic")


def test_the_checker_sees_a_second_path():
    """A command calling a decision function directly, or the public one twice, is caught."""
    src = '''
import euchre_stats as es
from euchre_stats.decide import order as dec
from .group import cli

def helper(x):
    return dec.order_decision(x)

@cli.command()
def order(hand):
    from euchre_stats.solver import solve

    helper(hand)
    es.order(hand)
    es.order(hand)
    solve(hand)
'''
    m = Module("cli.fake", src)
    MODULES["cli.fake"] = m
    try:
        calls = library_calls(m, m.functions["order"])
    finally:
        del MODULES["cli.fake"]
    assert calls.count("euchre_stats.order") == 2
    assert "euchre_stats.decide.order.order_decision" in calls
    assert "euchre_stats.solver.solve" in calls
