"""What every result type shares: its JSON, CSV and text forms, and its view in a notebook.

A result type (a :class:`~euchre_stats.decide.result.Decision`, a
:class:`~euchre_stats.study.simulate.VariantsResult`, ...) defines ``to_dict`` (the
command line's JSON), ``to_frame`` (the command line's CSV, as a DataFrame) and
``to_text`` (the command line's table); :class:`ResultView` derives the rest from
those three, so the command line and a notebook show the same thing.  No computing here.
"""

from __future__ import annotations

import html
import io
import json

from .._version import __version__
from ..core.cards import SUITS, parse_suit, suit_word
from ..core.errors import FormatError, InvalidCardError


def dumps(obj) -> str:
    """Compact, stable JSON (the form of every ``--format json``)."""
    return json.dumps(obj, ensure_ascii=False)


#: what a CSV carries above its header, as ``# key: JSON value`` lines, when the JSON has it
#: (docs/cli.md, "CSV"): the question, the rules, the seed, the models, the sample, the answer and
#: the package version
CSV_METADATA = ("kind", "question", "inputs", "rules", "seed", "deals_played", "samples", "model", "pass_model",
                "bidding", "others", "infer", "effective_samples", "value_unit", "target_se", "target_reached",
                "recommendation", "too_close", "populations", "holds", "same_recommendation", "verdict", "differences",
                "pass_branches", "touching", "run_dir", "settings", "version")


def csv_metadata(d: dict, prefix: str = "") -> list[str]:
    """The ``# key: value`` lines of a result's JSON form ``d`` (for a comparison of play models,
    each model's, prefixed ``models.dd.``, ``models.pimc.``)."""
    lines = [f"# {prefix}{k}: {dumps(d[k])}" for k in CSV_METADATA if k in d]
    for name, sub in (d.get("models") or {}).items():
        if isinstance(sub, dict):
            lines += csv_metadata(sub, f"{prefix}models.{name}.")
    return lines


#: inputs that name a suit: prose says the word (``trump hearts``), the JSON keeps the letter
SUIT_INPUTS = ("trump", "named")


def suit_text(text: str) -> str:
    """A suit as given (``"h"``, ``"hearts"``, ``"♥"``) as a word for prose; other text unchanged."""
    try:
        return suit_word(parse_suit(text))
    except InvalidCardError:
        return str(text)


def inputs_text(inputs: dict) -> str:
    """A question's inputs as prose: ``hand Ah Kc, trump hearts, tricks Jh 9h Th Qh / Ac Kc 9c Tc, alone``.

    Cards stay as they are written; suits are words; a list is its items (each a trick's cards) joined
    by `` / ``; a true flag is its name; empty, false and nested entries are left out."""
    parts = []
    for key, value in inputs.items():
        if value is None or value is False or value == [] or isinstance(value, dict):
            continue
        name = key.replace("_", " ")
        if value is True:
            parts.append(name)
        elif isinstance(value, (list, tuple)):
            parts.append(f"{name} {' / '.join(str(v) for v in value)}")
        else:
            parts.append(f"{name} {suit_text(value) if key in SUIT_INPUTS else value}")
    return ", ".join(parts)


def action_text(action: str) -> str:
    """An option's key for prose: a round-two call keeps its key and gains its suit as a word
    (``"d alone"`` -> ``"d alone (call diamonds alone)"``); every other option is unchanged."""
    suit, _, rest = action.partition(" ")
    if len(suit) == 1 and suit in SUITS and rest in ("", "alone"):
        return f"{action} (call {suit_word(SUITS.index(suit))}{' alone' if rest else ''})"
    return action


#: the dealer's words for round one's options (the JSON keeps ``order``/``order alone``: players say
#: "pick it up" to the dealer, who picks up rather than orders)
DEALER_WORDS = {"order": "pick up", "order alone": "pick up alone"}


def action_label(action: str, kind: str = "", seat: str | None = None) -> str:
    """An option's key as the text table names it, in the words players use at the table.

    A round-two call is its suit as a word (``"d alone"`` -> ``"diamonds alone"``, ``"n"`` ->
    ``"no trump"``); the dealer's round-one options are ``pick up`` and ``pick up alone``; every other
    option is its key.  The JSON and CSV keep the keys (``"d"``, ``"order"``)."""
    if kind == "call":
        suit, _, rest = action.partition(" ")
        if rest in ("", "alone") and len(suit) == 1 and (suit in SUITS or suit == "n"):
            word = "no trump" if suit == "n" else suit_word(SUITS.index(suit))
            return f"{word}{' alone' if rest else ''}"
    if kind == "order" and seat == "dealer":
        return DEALER_WORDS.get(action, action)
    return action


def recommendation_text(action: str, kind: str = "", seat: str | None = None) -> str:
    """The recommended option in a sentence: ``call diamonds alone``, ``pick up``, ``order``."""
    label = action_label(action, kind, seat)
    return f"call {label}" if kind == "call" and label != action and action != "pass" else label


def text_table(rows: list[dict], na_rep: str = "-") -> str:
    """``rows`` (dicts of text cells) as an aligned table: the columns in order of first appearance,
    each right-justified to its widest cell, a cell a row lacks shown as ``na_rep``.  The text
    ``pandas.DataFrame(rows).to_string(index=False, na_rep=na_rep)`` gives for text cells, without
    importing pandas (a quick command's table should not cost pandas' import)."""
    cols = list(dict.fromkeys(k for r in rows for k in r))
    table = [cols] + [[str(r[c]) if c in r else na_rep for c in cols] for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(cols))]
    return "\n".join(" ".join(cell.rjust(w) for cell, w in zip(line, widths)) for line in table)


def frame_text(df, fmt: str) -> str:
    """Render a pandas DataFrame as CSV (``fmt == "csv"``) or as an aligned table."""
    if fmt == "csv":
        buf = io.StringIO()
        df.to_csv(buf, index=False)
        return buf.getvalue()
    return df.to_string(index=False)


class ResultView:
    """Mixin: ``to_json``, ``to_csv``, ``format`` and ``_repr_html_`` from ``to_dict``, ``to_frame``
    and ``to_text``, which every class using it defines."""

    #: the ``--format`` choices of the command that prints this result
    formats: tuple[str, ...] = ("table", "json", "csv")

    def __init_subclass__(cls, **kwargs):
        """Every result's JSON (and so its CSV's metadata) ends with the package version that made it
        (``"version"``): a saved answer says which code gave it.  Wrapped here, once, so that no
        result type can forget it."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("to_dict")
        if own is None or getattr(own, "_records_version", False):
            return

        def to_dict(self, *args, **kw):
            d = own(self, *args, **kw)
            if isinstance(d, dict) and "version" not in d:
                d["version"] = __version__
            return d

        to_dict.__doc__, to_dict.__name__, to_dict.__qualname__ = own.__doc__, own.__name__, own.__qualname__
        to_dict._records_version = True
        cls.to_dict = to_dict

    def to_json(self) -> str:
        """The command line's ``--format json`` output."""
        return dumps(self.to_dict())

    def to_csv(self) -> str:
        """The command line's ``--format csv`` output: the metadata of the JSON form as leading ``#``
        lines (:func:`csv_metadata`; ``pandas.read_csv(..., comment="#")`` skips them), then the frame."""
        meta = csv_metadata(self.to_dict())
        return "".join(line + "\n" for line in meta) + frame_text(self.to_frame(), "csv")

    def format(self, fmt: str = "table") -> str:
        """The text the command line prints for ``--format fmt``."""
        if fmt == "json":
            return self.to_json()
        if fmt == "csv":
            return self.to_csv()
        if fmt == "table":
            return self.to_text()
        raise FormatError(f"unknown format {fmt!r}: expected one of {', '.join(self.formats)}")

    def _repr_html_(self) -> str:
        """Jupyter's view: the text's heading, the frame as an HTML table, then what the text says after
        its table (the verdict)."""
        parts = self.to_text().split("\n\n")
        tail = "\n\n".join(parts[2:])
        return (f"<div><pre>{html.escape(parts[0])}</pre>"
                f"{self.to_frame().to_html(index=False, na_rep='-')}"
                + (f"<pre>{html.escape(tail)}</pre>" if tail else "") + "</div>")


__all__ = ["CSV_METADATA", "DEALER_WORDS", "SUIT_INPUTS", "ResultView", "action_label", "action_text",
           "csv_metadata", "dumps", "frame_text", "inputs_text", "recommendation_text", "suit_text"]
