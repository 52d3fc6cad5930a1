"""Shared CLI pieces: rule options, output options, error mapping, atomic output.

Commands stay thin: parse input, call one library function, format the result.
"""

from __future__ import annotations

import functools
import os
import sys

import click

from euchre_stats.core.errors import (BiddingModelError, EuchreStatsError, JSONInputError, RecordError, RulesError,
                                      UnknownDeckError)
from euchre_stats.core.limits import SIZE_LIMITS
from euchre_stats.output.atomic import atomic_write
from euchre_stats.rules import PRESETS, for_players, load_rules

from .group import RuleOption


class InputError(click.ClickException):
    """Bad input: a one-line message and exit code 2."""

    exit_code = 2

    def show(self, file=None):
        click.echo(f"Error: {shorten(self.format_message())}", err=True)


#: the longest error line shown whole; a longer one (a 30,000-card hand echoed) keeps its two ends
MAX_ERROR = 400


def shorten(message: str) -> str:
    """``message``, or its first 260 and last 100 characters around a count of what was left out."""
    if len(message) <= MAX_ERROR:
        return message
    cut = len(message) - 360
    return f"{message[:260]} [... {cut:,} characters ...] {message[-100:]}"


def fail(message: str):
    raise InputError(message)


def not_utf8(shown: str, exc: UnicodeDecodeError) -> str:
    """The message for a file (or standard input) that is not UTF-8 text, naming it as the user did."""
    byte = bytes(exc.object[exc.start:exc.start + 1])
    return f"{shown} is not UTF-8 text (byte {exc.start} is 0x{byte.hex()})"


def read_text(path: str) -> str:
    """The text of the file ``path``, or of standard input for ``-``; errors name ``path`` as given."""
    if path == "-":
        data, shown = sys.stdin.buffer.read(), "standard input"
    else:
        shown = repr(path)
        try:
            with open(path, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise InputError(_os_message(exc, path)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(not_utf8(shown, exc)) from None


def _os_message(exc: OSError, path=None) -> str:
    """One line for a file that cannot be opened or read, naming the path."""
    path = exc.filename if path is None else path
    if isinstance(exc, FileNotFoundError):
        return f"file not found: {path!r}"
    if isinstance(exc, IsADirectoryError):
        return f"{path!r} is a directory, not a file"
    if isinstance(exc, PermissionError):
        return f"permission denied: {path!r}"
    import errno

    if exc.errno in (errno.ENOSPC, errno.EROFS, errno.EDQUOT, errno.EFBIG):   # only a write fails so
        return f"cannot write{'' if path is None else f' {path!r}'}: {exc.strerror or exc}"
    if path is None:
        return f"a file operation failed: {exc.strerror or exc}"
    return f"cannot read {path!r}: {exc.strerror or exc}"


#: parameters that name files a command writes, never reads
_OUTPUT_PARAMS = {"output", "plot", "run_dir"}


def _input_files() -> list[str]:
    """The files (and ``-`` for standard input) the running command was given to read."""
    ctx = click.get_current_context(silent=True)
    found = []
    for name, value in (ctx.params.items() if ctx else ()):
        if name in _OUTPUT_PARAMS:
            continue
        for v in value if isinstance(value, (tuple, list)) else [value]:
            if isinstance(v, str) and (v == "-" or os.path.isfile(v)):
                found.append(v)
    return found


def _undecodable_input(exc: UnicodeDecodeError) -> str:
    """Which of the command's input files is not UTF-8 text, found by re-reading each one given.

    A library reader that opens a file itself raises a bare ``UnicodeDecodeError``, which does
    not hold the file's name; the command's own parameters do.
    """
    for value in _input_files():
        if value == "-":
            return not_utf8("standard input", exc)
        try:
            with open(value, "rb") as fh:
                fh.read().decode("utf-8")
        except UnicodeDecodeError as own:
            return not_utf8(repr(value), own)
        except OSError:
            continue
    folders = _input_folders()
    if len(folders) == 1:
        return not_utf8(f"a file in {folders[0]!r}", exc)
    return not_utf8("the input", exc)


def _input_folders() -> list[str]:
    """The directories the running command was given (a run directory, a table)."""
    ctx = click.get_current_context(silent=True)
    return [v for v in (ctx.params.values() if ctx else ()) if isinstance(v, str) and os.path.isdir(v)]


def _about_the_file(message: str) -> str:
    """``message`` (about what a file holds) prefixed with that file's name, when the command read
    exactly one file and the message does not name it already."""
    files = _input_files()
    if len(files) != 1 or files[0] in message:
        return message
    shown = "standard input" if files[0] == "-" else repr(files[0])
    return f"{shown}: {message}"


#: library errors that describe what a file holds (so the file is named, if the message does not)
_CONTENT_ERRORS = (JSONInputError, BiddingModelError, RecordError)


def _user_path(filename) -> bool:
    """Whether ``filename`` is a path the user named: one of the command's parameters, a file in a
    folder given as one (a run directory's manifest), or a file beside an output named (its
    temporary file)."""
    if filename is None:
        return False
    ctx = click.get_current_context(silent=True)
    try:
        target = os.path.abspath(os.fsdecode(filename))
    except (TypeError, ValueError):
        return False
    for value in (ctx.params.values() if ctx else ()):
        for v in value if isinstance(value, (tuple, list)) else [value]:
            if not isinstance(v, (str, os.PathLike)) or v in ("", "-"):
                continue
            try:
                given = os.path.abspath(os.fsdecode(v))
            except (TypeError, ValueError):
                continue
            if target == given or target.startswith(given.rstrip(os.sep) + os.sep):
                return True
            if os.path.dirname(target) == os.path.dirname(given) and os.path.basename(target).startswith(
                    "." + os.path.basename(given)):
                return True
    return False


def handle_errors(func):
    """Turn the user's faults into a one-line error with exit code 2: the library's own input errors
    (the :class:`EuchreStatsError` family), text that is not UTF-8, and a file or folder the user
    named that cannot be read or written.  Anything else (a ``ValueError``, ``KeyError``... from
    inside the library) is a bug: it goes on to the group's last guard (exit code 70)."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except click.ClickException:
            raise
        except UnicodeDecodeError as exc:
            raise InputError(_undecodable_input(exc)) from None
        except _CONTENT_ERRORS as exc:
            raise InputError(_about_the_file(str(exc))) from None
        except EuchreStatsError as exc:
            raise InputError(str(exc)) from None
        except OSError as exc:
            if not _user_path(exc.filename):
                raise
            raise InputError(_os_message(exc)) from None

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
    ("farmers_hand", "farmers-hand", "a hand with three nines and tens may exchange them for the kitty's cards"),
    ("no_trump", "no-trump", "no trump may be called in round two (the led suit wins, aces high)"),
]


#: old spellings kept working for scripts but not shown: --joker-upcard-rule is --joker-upcard blind
#: (--no-joker-upcard-rule: --joker-upcard throw-in)
HIDDEN_ALIASES = {"joker_upcard_rule"}


#: rule options that change only the auction (who may pass or take up, who must go alone, the
#: farmer's exchange before it): a question asked once trump is made does not list them in its help
AUCTION_RULES = {"stick_the_dealer", "canadian_loner", "dealer_needs_trump", "farmers_hand"}


class DashedChoice(click.Choice):
    """A choice of rule values shown with dashes (``left-of-loner``), read with dashes or with the
    rules' own underscores (``left_of_loner``, as a ``--rules`` JSON object writes them), and passed on
    in the rules' form."""

    def __init__(self, choices):
        self.values = list(choices)
        super().__init__([c.replace("_", "-") for c in choices])

    def convert(self, value, param, ctx):
        if isinstance(value, str):
            value = value.replace("_", "-")
        return super().convert(value, param, ctx).replace("-", "_")


def rules_options(func):
    """``--rules PRESET`` (or a JSON object) plus one flag per rule option."""

    @click.option("--rules", "rules_name", default="north-american", show_default=True, cls=RuleOption,
                  help=f"preset ({', '.join(PRESETS)}) or a JSON object of options")
    @click.option("--deck", default=None, cls=RuleOption,
                  help="deck variant: 24, 25, 28, 32, 33 (aliases: benny, piquet...); 50, "
                  "the doubled 25-card pack, with --players 6")
    @click.option("--hand-size", type=int, default=None, cls=RuleOption, help="cards dealt to each player")
    @click.option("--lone-defender-points", type=int, default=None, cls=RuleOption,
                  help="points for euchring the makers alone")
    @click.option("--lead-after-alone", type=DashedChoice(["eldest", "left_of_loner"]), default=None,
                  cls=RuleOption, help="who leads when someone is alone")
    @click.option("--game-to", type=int, default=None, cls=RuleOption, help="points that win the game")
    @click.option("--joker-upcard", type=DashedChoice(["throw_in", "blind", "almonte"]), default=None,
                  cls=RuleOption, help="what a Joker turned up does")
    @click.option("--alone-declared", type=DashedChoice(["with_call", "before_lead"]), default=None,
                  cls=RuleOption, help="when going alone is declared")
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
            if deck is not None and str(kwargs.get("players")) == "6":
                # six seats before the deck: the doubled pack is six-handed's, and a deck six-handed is not
                # dealt from (--deck 24) is refused by name instead of silently becoming the 33-card deck
                rules = for_players(rules, 6)
            if changes:
                rules = rules.replace(**changes)
        except (RulesError, UnknownDeckError) as exc:
            raise InputError(str(exc)) from None
        return func(*args, rules=rules, **kwargs)

    for name, flag, help_text in reversed(_BOOL_RULES):
        wrapper = click.option(f"--{flag}/--no-{flag}", name, default=None, help=help_text, cls=RuleOption,
                               auction_only=name in AUCTION_RULES,
                               hidden=name in HIDDEN_ALIASES)(wrapper)
    return wrapper


def all_commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    """Every command under ``group`` by its full name (``"order"``, ``"bench solver"``)."""
    found: dict[str, click.Command] = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found.update(all_commands(command, f"{prefix}{name} "))
        else:
            found[f"{prefix}{name}"] = command
    return found


def apply_size_limits(group: click.Group) -> None:
    """Give every size option of every command (``--samples``, ``--deals``, ``--workers``...) its upper bound.

    The bounds live in one table, :data:`euchre_stats.core.limits.SIZE_LIMITS`, keyed by the
    option's name; a command's own smaller minimum (``equity -n`` needs 100) is kept.  Run once
    on the whole group by :mod:`euchre_stats.cli.main`, after every command is registered, so a
    new command's ``--samples`` is bounded without anyone remembering to.  Click then refuses
    ``-n 100000000000`` at once, naming the option and the range, and ``--help`` shows the range.
    """
    for command in all_commands(group).values():
        for param in command.params:
            if not isinstance(param, click.Option) or param.name not in SIZE_LIMITS:
                continue
            low, high = SIZE_LIMITS[param.name]
            own = getattr(param.type, "min", None)
            param.type = click.IntRange(min=low if own is None else max(own, low), max=high)


def writable_path(ctx, param, value):
    """Click callback: refuse an output path that cannot be written, before any work is done.

    A folder that does not exist, a directory, a read-only folder or a name longer than the file
    system allows would otherwise fail only after the run; the message names the path as given.
    """
    if value is None:
        return value
    if not value.strip():
        raise click.BadParameter(f"{value!r} is not a file name", ctx, param)
    folder = os.path.dirname(os.path.abspath(value))
    name = os.path.basename(value)
    if os.path.isdir(value):
        raise click.BadParameter(f"{value!r} is a directory, not a file", ctx, param)
    if not os.path.isdir(folder):
        raise click.BadParameter(f"cannot write {value!r}: folder {folder!r} does not exist", ctx, param)
    try:
        longest = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    if len(os.fsencode(name)) > longest:
        raise click.BadParameter(f"cannot write {value!r}: the name is longer than the {longest} bytes "
                                 "a file name may have here", ctx, param)
    if not os.access(folder, os.W_OK) or _read_only(folder):
        raise click.BadParameter(f"cannot write {value!r}: folder {folder!r} is not writable", ctx, param)
    return value


#: the chart files ``--plot`` draws (``output.plots.save_figure``)
PLOT_TYPES = (".png", ".svg", ".pdf")


def plot_path(ctx, param, value):
    """Click callback of ``--plot FILE``: :func:`writable_path`, and a file type a chart is drawn as."""
    value = writable_path(ctx, param, value)
    if value is not None and os.path.splitext(value)[1].lower() not in PLOT_TYPES:
        raise click.BadParameter(f"cannot draw to {value!r}: use a .png, .svg or .pdf file", ctx, param)
    return value


def _read_only(folder: str) -> bool:
    """Whether ``folder`` is on a read-only mount (which ``os.access`` does not report for root)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


#: ``--workers`` of the long jobs: local processes, one solver thread each
WORKERS_HELP = ("local processes, one solver thread each (default: this process, every thread); the output does "
                "not depend on it")


def backend_options(workers_help: str = WORKERS_HELP):
    """``--workers`` (local processes) and ``--scheduler`` (a dask cluster) of a long job: where its
    chunks run, never what they give (``docs/scaling.md``)."""
    def deco(func):
        func = click.option("--scheduler", default=None,
                            help="tcp://HOST:PORT of a dask scheduler to play the chunks on (docs/scaling.md); the "
                                 "output does not change")(func)
        return click.option("--workers", "-j", type=click.IntRange(min=1, max=1024), default=None,
                            help=workers_help)(func)
    return deco


def output_options(formats=("table", "json", "csv")):
    """``--format`` and ``--output FILE``."""

    def deco(func):
        func = click.option("--output", "-o", "output", type=click.Path(dir_okay=False), default=None,
                            callback=writable_path,
                            help="write to FILE (atomically) instead of standard output")(func)
        func = click.option("--format", "fmt", type=click.Choice(list(formats)), default=formats[0],
                            show_default=True, help="output format")(func)
        return func

    return deco


class OutputFailure(click.ClickException):
    """Output that could not be written (standard output closed or full): one line, exit code 74
    (sysexits' EX_IOERR), after the work; nothing partial is left in a file."""

    exit_code = 74

    def show(self, file=None):
        click.echo(f"Error: {self.format_message()}", err=True)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null so that Python's exit flush does not complain again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def emit(text: str, output: str | None) -> None:
    """Write ``text`` to stdout, or atomically to ``output`` (nothing partial is ever left)."""
    if not text.endswith("\n"):
        text += "\n"
    if output is None:
        if sys.stdout is None:   # started with standard output closed (`>&-`): say so, never exit 0 silently
            raise OutputFailure("standard output is closed: nothing was written (use -o FILE)")
        try:
            click.echo(text, nl=False)
            sys.stdout.flush()
        except BrokenPipeError:  # `| head`: the reader has gone, as for any Unix tool
            _quiet_stdout()
            sys.exit(141)
        except OSError as exc:   # a full disk behind a redirect, a closed descriptor
            raise OutputFailure(f"cannot write to standard output: {exc.strerror or exc}") from None
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
