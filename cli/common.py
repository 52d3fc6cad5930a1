"""Shared CLI pieces: rule options, output options, error mapping, atomic output.

Commands stay thin: parse input, call one library function, format the result.
"""

from __future__ import annotations

import functools
import os
import sys

import click

from euchre_stats.core.errors import RulesError
from euchre_stats.output.atomic import atomic_write
from euchre_stats.rules import PRESETS, load_rules


class InputError(click.ClickException):
    """Bad input: a one-line message and exit code 2."""

    exit_code = 2

    def show(self, file=None):
        click.echo(f"Error: {self.format_message()}", err=True)


def fail(message: str):
    raise InputError(message)


def handle_errors(func):
    """Turn library ``ValueError``s and file errors into a one-line error with exit code 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except click.ClickException:
            raise
        except (ValueError, KeyError) as exc:
            msg = exc.args[0] if exc.args else str(exc)
            raise InputError(str(msg)) from None
        except FileNotFoundError as exc:
            raise InputError(f"file not found: {exc.filename!r}") from None
        except IsADirectoryError as exc:
            raise InputError(f"{exc.filename!r} is a directory, not a file") from None
        except PermissionError as exc:
            raise InputError(f"permission denied: {exc.filename!r}") from None

    return wrapper


_BOOL_RULES = [
    ("stick_the_dealer", "stick-the-dealer", "the dealer may not pass in round two"),
    ("canadian_loner", "canadian-loner", "a dealer's partner who orders up must go alone"),
    ("defend_alone", "defend-alone", "a defender may go alone against the makers"),
    ("defend_alone_only_against_loner", "defend-alone-only-against-loner",
     "with defend alone: only against a lone maker"),
    ("lone_defender_needs_all_tricks", "lone-defender-needs-all-tricks",
     "a lone defender's bonus only for taking every trick"),
    ("railroad", "railroad", "a loner's partner passes the loner a card"),
    ("super_euchre", "super-euchre", "makers taking no trick give 4 points"),
    ("dealer_may_discard_upcard", "dealer-may-discard-upcard", "the dealer may discard the upcard"),
    ("dealer_needs_trump", "dealer-needs-trump", "the dealer needs a trump to take it up"),
    ("passer_may_not_go_alone", "passer-may-not-go-alone", "a passer may not defend alone"),
    ("joker_upcard_rule", "joker-upcard-rule", "Joker up: the dealer names trump blind (--joker-upcard blind)"),
    ("win_by_two", "win-by-two", "the game must be won by two"),
]


def rules_options(func):
    """``--rules PRESET`` (or a JSON object) plus one flag per rule option."""

    @click.option("--rules", "rules_name", default="north-american", show_default=True,
                  help=f"preset ({', '.join(PRESETS)}) or a JSON object of options")
    @click.option("--deck", default=None, help="deck variant: 24, 25, 28, 32, 33 (aliases: benny, piquet...)")
    @click.option("--hand-size", type=int, default=None, help="cards dealt to each player")
    @click.option("--lone-defender-points", type=int, default=None,
                  help="points for euchring the makers alone")
    @click.option("--lead-after-alone", type=click.Choice(["eldest", "left_of_loner"]), default=None,
                  help="who leads when someone is alone")
    @click.option("--game-to", type=int, default=None, help="points that win the game")
    @click.option("--joker-upcard", type=click.Choice(["throw_in", "blind", "almonte"]), default=None,
                  help="what a Joker turned up does")
    @click.option("--alone-declared", type=click.Choice(["with_call", "before_lead"]), default=None,
                  help="when going alone is declared")
    @functools.wraps(func)
    def wrapper(*args, rules_name, deck, hand_size, lone_defender_points, lead_after_alone, game_to,
                joker_upcard, alone_declared, **kwargs):
        changes = {}
        for name, _flag, _help in _BOOL_RULES:
            value = kwargs.pop(name)
            if value is not None:
                changes[name] = value
        for name, value in (("deck", deck), ("hand_size", hand_size),
                            ("lone_defender_points", lone_defender_points),
                            ("lead_after_alone", lead_after_alone), ("game_to", game_to),
                            ("joker_upcard", joker_upcard), ("alone_declared", alone_declared)):
            if value is not None:
                changes[name] = value
        try:
            rules = load_rules(rules_name)
            if changes:
                rules = rules.replace(**changes)
        except RulesError as exc:
            raise InputError(str(exc)) from None
        return func(*args, rules=rules, **kwargs)

    for name, flag, help_text in reversed(_BOOL_RULES):
        wrapper = click.option(f"--{flag}/--no-{flag}", name, default=None, help=help_text)(wrapper)
    return wrapper


def output_options(formats=("table", "json", "csv")):
    """``--format`` and ``--output FILE``."""

    def deco(func):
        func = click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
                            help="write to FILE (atomically) instead of standard output")(func)
        func = click.option("--format", "fmt", type=click.Choice(list(formats)), default=formats[0],
                            show_default=True, help="output format")(func)
        return func

    return deco


def emit(text: str, output: str | None) -> None:
    """Write ``text`` to stdout, or atomically to ``output`` (nothing partial is ever left)."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None:
        click.echo(text, nl=False)
        return
    directory = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(directory):
        raise InputError(f"cannot write {output!r}: folder {directory!r} does not exist")
    atomic_write(output, text.encode("utf-8"))


def progress_bar(label: str):
    """A ``callback(done, total)`` drawing a progress bar on stderr when it is a terminal, else ``None``."""
    if not sys.stderr.isatty():
        return None
    state: dict = {}

    def cb(done: int, total: int) -> None:
        if "bar" not in state:
            state["bar"] = click.progressbar(length=total, file=sys.stderr, label=label)
            state["bar"].__enter__()
            state["last"] = 0
        state["bar"].update(done - state["last"])
        state["last"] = done
        if done >= total:
            state["bar"].__exit__(None, None, None)

    return cb
