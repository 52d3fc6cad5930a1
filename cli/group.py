"""The ``euchre-stats`` click group itself.  Command modules add their commands to it;
:mod:`euchre_stats.cli.main` imports them all, so this module imports none of them."""

from __future__ import annotations

import os
import sys

import click

from euchre_stats import __version__
from euchre_stats.core import compiling

#: exit code of a failure that is the program's fault, not the input's (sysexits' EX_SOFTWARE)
INTERNAL_ERROR = 70
#: exit code after Ctrl-C, as shells report a program ended by SIGINT (128 + 2)
INTERRUPTED = 130


#: commands asked once trump is made: the rules of the auction reach them only through the passes
#: they read (bidding inference), so their help leaves those flags out (they are still accepted)
AFTER_THE_AUCTION = {"lead", "discard", "alone"}


class RuleOption(click.Option):
    """A rule flag (``--stick-the-dealer/--no-...``, ``--deck``...): listed under its own heading.

    ``auction_only``: the rule changes only the bidding (who may pass, take up, must go alone), so
    the help of a command in :data:`AFTER_THE_AUCTION` does not list it."""

    def __init__(self, *args, auction_only: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.auction_only = auction_only

    def get_help_record(self, ctx):
        record = super().get_help_record(ctx)
        if record is not None and self.is_bool_flag and self.secondary_opts:  # --[no-]railroad: half the width
            record = (f"--[no-]{self.opts[0][2:]}", record[1])
        return record


#: an option one command names and another names otherwise (or a word a player may type): a mistyped
#: option is answered with the names here that the command has, before click's nearest spellings
OPTION_SYNONYMS = {
    "--up": ("--turned-down",), "--upcard": ("--up", "--turned-down"), "--turned-up": ("--up",),
    "--turned-down": ("--up",), "--down": ("--turned-down",), "--threads": ("--workers",),
    "--workers": ("--threads",), "--jobs": ("--workers", "--threads"), "--deals": ("--samples", "--hands"),
    "--samples": ("--deals", "--hands", "--samples-per-class"), "--hands": ("--deals",),
    "--joker-upcard-rule": ("--joker-upcard",), "--joker": ("--joker-upcard", "--joker-upcard-rule"),
    "--stick": ("--stick-the-dealer",), "--stick-dealer": ("--stick-the-dealer",), "--position": ("--seat",),
    "--trumps": ("--trump",), "--preset": ("--rules",), "--rule": ("--rules",), "--cards": ("--hand-size",),
}


def suggest_options(typed: str, names: list[str]) -> list[str]:
    """The options of a command (``names``) a user who typed ``typed`` may have meant: its synonyms
    (:data:`OPTION_SYNONYMS`), the same name with dashes for underscores, then the nearest spellings."""
    import difflib

    key = typed.split("=", 1)[0].lower()
    found = [n for n in OPTION_SYNONYMS.get(key, ()) if n in names]
    dashed = key.replace("_", "-")
    for n in (dashed, "--" + dashed.lstrip("-"), dashed.replace("--no-", "--")):
        if n in names and n not in found:
            found.append(n)
    if not found:
        found = difflib.get_close_matches(key, names, n=3, cutoff=0.75)
    return found[:3]


class Command(click.Command):
    """A command whose help lists its own options first, then the rule flags under "Rule options"
    (only those the command reads: :data:`AFTER_THE_AUCTION`); a mistyped option is answered with
    the options meant (:func:`suggest_options`: ``call --up`` -> ``--turned-down``)."""

    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            names = [o for p in self.get_params(ctx) for o in (*p.opts, *p.secondary_opts) if o.startswith("--")]
            exc.possibilities = suggest_options(exc.option_name, names)
            raise

    def format_options(self, ctx, formatter):
        own, rules, skipped = [], [], []
        for param in self.get_params(ctx):
            if isinstance(param, click.Argument):
                continue
            if isinstance(param, RuleOption) and param.auction_only and self.name in AFTER_THE_AUCTION:
                skipped.append(param)
                continue
            record = param.get_help_record(ctx)
            if record is not None:
                (rules if isinstance(param, RuleOption) else own).append(record)
        if own:
            with formatter.section("Options"):
                formatter.write_dl(own)
        if rules:
            rules.sort(key=lambda record: record[0].startswith("--[no-]"))  # --rules, --deck... first
            with formatter.section("Rule options (a preset, then any option changed; docs/rules.md)"):
                formatter.write_dl(rules)
                if skipped:
                    formatter.write_paragraph()
                    formatter.write_text("The rules of the auction (stick the dealer, Canadian loner, the dealer "
                                         "needing trump, farmer's hand) are accepted but not listed: here they only "
                                         "weigh the passes seen (`order --help` lists them).")


class Group(click.Group):
    """The group, with a last guard: a bug shows as one line and exit code 70, not a traceback.

    Every bad input is meant to be caught where it is read and reported with exit code 2 (see
    ``common.handle_errors``); this only catches what slipped through, and says so, so the user
    can report it.  ``EUCHRE_STATS_TRACEBACK=1`` lets the traceback through.
    """

    command_class = Command

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:   # Ctrl-C: the shells' code for SIGINT, and no traceback
            click.echo("\ninterrupted: every result already written is kept", err=True)
            ctx.exit(INTERRUPTED)
        except Exception as exc:  # noqa: BLE001 (the last guard)
            if os.environ.get("EUCHRE_STATS_TRACEBACK") == "1":
                raise
            click.echo(f"Error: internal error, not your input's fault ({type(exc).__name__}: {exc}); please "
                       "report it with the command (EUCHRE_STATS_TRACEBACK=1 shows the traceback)", err=True)
            ctx.exit(INTERNAL_ERROR)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, prog_name="euchre-stats")
def cli():
    """Euchre probability and strategy analyser.

    \b
    Example (works anywhere: the cards are on the command line):
      euchre-stats order "Jh Jd Ah 9s Tc" --up 9h --seat eldest --seed 1
    """
    # the library announces a kernel's first compile just before it runs: here, on a terminal only
    compiling.set_notice(notice_on_a_terminal)


def notice_on_a_terminal(line: str) -> None:
    """The library's compile notice (:mod:`euchre_stats.core.compiling`), printed only when standard error
    is a terminal: piped or captured, a command's output stays its own."""
    if sys.stderr.isatty():
        click.echo(line, err=True)
