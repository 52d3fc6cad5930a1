"""JSON from users, read safely: bounded in size and nesting, with errors that say what and where.

Every reader of user JSON (hand records, rules objects, bidding models, batch lines) goes
through :func:`parse_json`, so a deeply nested or huge document is a clear error, never a
``RecursionError`` or an exhausted memory.  No I/O here: the callers read the text.
"""

from __future__ import annotations

import json
import sys

from .errors import JSONInputError

#: the largest JSON document read (characters)
MAX_JSON_CHARS = 10_000_000
#: the deepest nesting of arrays and objects accepted
MAX_JSON_DEPTH = 32


def parse_json(text: str | bytes, what: str = "JSON", *, max_chars: int = MAX_JSON_CHARS,
               max_depth: int = MAX_JSON_DEPTH, one_line: bool = False):
    """Parse ``text`` as JSON, naming ``what`` (``"line 3"``, ``"rules"``...) in any error.

    ``one_line``: ``text`` is one line of a JSONL batch, so a syntax error names only its column."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise JSONInputError(f"{what}: not UTF-8 text (byte {exc.start})") from None
    if len(text) > max_chars:
        raise JSONInputError(f"{what}: {len(text):,} characters of JSON, more than the {max_chars:,} allowed")
    depth = _depth(text) if text.count("[") + text.count("{") > max_depth else 0
    if depth > max_depth:
        raise JSONInputError(f"{what}: JSON nested {depth} deep, more than the {max_depth} allowed")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        where = f"(column {exc.colno})" if one_line else f"at line {exc.lineno}, column {exc.colno}"
        raise JSONInputError(f"{what}: malformed JSON {where}: {exc.msg}") from None
    except RecursionError:  # only if max_depth was set very high
        raise JSONInputError(f"{what}: JSON nested too deeply") from None
    except ValueError:  # a number past Python's int-from-text limit (4,300 digits by default)
        digits = sys.get_int_max_str_digits()
        raise JSONInputError(f"{what}: a number in the JSON has more than {digits:,} digits") from None


def _depth(text: str) -> int:
    """The deepest bracket nesting of ``text`` outside strings (a scan, no parsing)."""
    depth = best = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > best:
                best = depth
        elif ch in "]}":
            depth -= 1
    return best
