"""The kinds of value the public functions take, checked by argument name before any work.

A wrong kind (``None`` where cards are wanted, ``3`` for a trump suit, ``True`` for a hand size, a
float for a bidding model) is an :class:`~euchre_stats.core.errors.ArgumentTypeError` naming the
function, the argument and the value, never a bare ``TypeError`` from deep inside.  Values of the
right kind are then checked for meaning by the layers below, as before.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable

from .errors import ArgumentTypeError
from .limits import SIZE_LIMITS, check_size

_Check = Callable[[object], bool]


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) or _numpy_int(v)


def _numpy_int(v) -> bool:
    return type(v).__module__ == "numpy" and hasattr(v, "dtype") and v.dtype.kind in "iu" and not v.shape


def _is_number(v) -> bool:
    return _is_int(v) or isinstance(v, float)


def _text(v) -> bool:
    return isinstance(v, str)


def _card(v) -> bool:
    return isinstance(v, str) or _is_int(v)


def _cards(v) -> bool:
    if isinstance(v, str):
        return True
    if isinstance(v, (bytes, dict)) or not isinstance(v, Iterable) or isinstance(v, bool):
        return False
    return all(_card(c) for c in v)


def _cards_list(v) -> bool:   # several hands, or tricks: text, or a list of texts or of card lists
    if isinstance(v, str):
        return True
    if isinstance(v, (bytes, dict)) or not isinstance(v, Iterable):
        return False
    return all(_cards(h) for h in v)


def _seats(v) -> bool:
    return not isinstance(v, (str, bytes, dict)) and isinstance(v, Iterable) and all(_is_int(x) for x in v)


def _seat(v) -> bool:
    return isinstance(v, str) or _is_int(v)


def _score(v) -> bool:
    if isinstance(v, str):
        return True
    return isinstance(v, (tuple, list)) and len(v) == 2 and all(_is_int(x) for x in v)


def _deck(v) -> bool:
    if isinstance(v, str) or _is_int(v):
        return True
    return isinstance(v, (list, tuple)) and all(isinstance(d, str) or _is_int(d) for d in v)


def _path(v) -> bool:
    return isinstance(v, str) or hasattr(v, "__fspath__")


def _bidding(v) -> bool:
    # a model file's path, or a model object (anything but plain data of the wrong kind)
    return _path(v) or not isinstance(v, (bool, int, float, complex, list, tuple, set, bytes))


def _rules(v) -> bool:
    return isinstance(v, (str, dict)) or type(v).__name__ == "Rules"


def _flag(v) -> bool:
    return isinstance(v, bool) or _numpy_bool(v)


def _numpy_bool(v) -> bool:
    return type(v).__module__ == "numpy" and getattr(v, "dtype", None) is not None and v.dtype.kind == "b"


def _players(v) -> bool:
    return _is_int(v) or (isinstance(v, str) and v.strip().isdigit())


#: argument name -> (check, what a right value is); ``None`` is always accepted where it is the default
KINDS: dict[str, tuple[_Check, str]] = {
    "hand": (_cards, "cards, as text ('Jh Jd Ah 9s Tc') or a list of cards"),
    "hands": (_cards_list, "hands, as a list of card texts"),
    "tricks": (_cards_list, "tricks played, as text ('9s Ts Js Qs') or a list of them"),
    "up": (_card, "a card, as text ('9h')"),
    "turned_down": (_card, "a card, as text ('9h')"),
    "discard": (_card, "a card, as text ('9h')"),
    "trump": (_text, "a suit letter as text: 's', 'h', 'd', 'c' (or 'n', no trump)"),
    "named": (_text, "a suit letter as text: 's', 'h', 'd' or 'c'"),
    "seat": (_seat, "a seat name ('eldest', 'dealer'...) or number"),
    "maker": (_seat, "a seat name ('eldest', 'dealer'...) or number"),
    "defender_alone": (_seat, "a seat name ('eldest', 'dealer'...) or number"),
    "leader": (_seat, "a seat number"),
    "rules": (_rules, "a preset name, a JSON object as text, a dict of options or a Rules"),
    "deck": (_deck, "a deck: '24', '25', '28', '32', '33' (or several, '24,32' or a list)"),
    "samples": (_is_int, "a whole number"),
    "deals": (_is_int, "a whole number"),
    "samples_per_class": (_is_int, "a whole number"),
    "hand_size": (_is_int, "a whole number of cards"),
    "seed": (_is_int, "a whole number"),
    "workers": (_is_int, "a whole number"),
    "players": (_players, "a number of players: 2, 3, 4 or 6"),
    "target_se": (_is_number, "a number"),
    "score": (_score, "a score as text ('9-8') or a pair of whole numbers"),
    "progress": (callable, "a function called with (done, total)"),
    "bidding": (_bidding, "a bidding model: a model file's path or a BiddingModel"),
    "others": (_bidding, "a population of other players: 'shipped', 'guides', 'points', a model file's path or "
                         "a BiddingModel"),
    "robust": (_flag, "True or False"),
    "run_dir": (_path, "a folder's path"),
    "table": (_path, "a strategy table file's path"),
    "simulate": (_flag, "True or False"),
    "model": (_text, "a play model's name ('dd', 'pimc')"),
    "pass_model": (_text, "a pass model's name"),
    "infer": (_flag, "True or False"),
    "compare_models": (_flag, "True or False"),
    "exact": (_flag, "True or False"),
    "alone": (_flag, "True or False"),
}


#: where a function uses a name in another sense: ``play(hands=100)`` counts hands
OVERRIDES: dict[str, dict[str, tuple[_Check, str]]] = {
    "play": {"hands": (_is_int, "a whole number of hands")},
    "solve": {"trump": (_card, "a suit letter as text ('h', or 'n' for no trump) or the suit's number"),
              "out": (_seats, "a list of seat numbers"),
              "played": (_cards_list, "cards played, as text or a list of cards")},
}


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def checked(func):
    """Check every argument of ``func`` named in :data:`KINDS` before calling it."""
    sig = inspect.signature(func)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)   # a wrong signature stays Python's own TypeError
        for name, value in bound.arguments.items():
            kind = OVERRIDES.get(func.__name__, {}).get(name, KINDS.get(name))
            size = name in SIZE_LIMITS
            if (kind is None and not size) or (value is None and sig.parameters[name].default is None):
                continue
            if size and value is not None:
                check_size(name, value)   # a size: its kind and its bounds, one message (LimitError)
                continue
            check, what = kind or (_is_int, "a whole number")
            if not check(value):
                raise ArgumentTypeError(f"{func.__name__}(): {name}={_shown(value)} is not {what}")
        return func(*args, **kwargs)

    return wrapper
