"""Players named by a spec string, as the command line names them.

=============================  ==============================================================
spec                           player
=============================  ==============================================================
``realistic``                  ``realistic-v6``, the strongest whole player measured (``realistic:worlds=48``)
``realistic-v1``               the shipped count bidder, realistic card play on uniform worlds: ``realistic``
                               until 2026-12-04, named for good (old figures reproduce)
``realistic-v2``               the shipped bidder, realistic card play on worlds weighted by the
                               auction (``realistic-v2:worlds=24,pool=256``; ``players/reading.py``);
                               ``fusion=K`` votes against strategy fusion (``players/fusion.py``)
                               ``play=1`` or ``2`` reads the others' cards too (``reading_play.py``)
                               ``defend=1`` keeps guards against a loner, ``2`` reads the partner's
                               discards, ``3`` both, ``4`` cashes winners on lead against makers
                               with a partner, ``8`` leads an off ace first, ``16`` decides on 8
                               times the worlds against a loner (``players/defence.py``)
``realistic-v3``               ``realistic-v2:defend=4``: the strongest card play measured
``realistic-v4``               ``realistic-v2:defend=20``: ``realistic-v3`` defending against a loner
                               on 8 times the worlds (``players/defence.py``)
``realistic-v5``               ``realistic-v4``'s card play bidding by the feature bidder ``shipped-v3``
                               and reading the auction under it; where ``shipped-v3`` refuses the
                               rules (no trump), and under British timing (as it was made), bidding
                               and reading by ``shipped``
``realistic-v6``               ``realistic-v5`` bidding and reading by ``shipped-v4`` (``shipped-v3``
                               passing junk in round two): the default population's whole player;
                               under British timing it bids by ``shipped-v4`` too (since 2026-12-04)
``shipped``, ``shipped-v3``,   that bidding policy, realistic card play (``points:worlds=48``)
``shipped-v4``, ``shipped-v5``,
``shipped-table``, ``dd-tuned``,
``points``
``path/model.json``            a bidding model file from ``euchre-stats tune``, realistic card play
``random``                     uniform over legal answers (``random:seed=3``)
``cheat``                      double-dummy play that sees every card: reference only
``module:attr``                a user's player: ``attr`` of an importable module
``path/to/file.py:attr``       a user's player: ``attr`` of a Python file
``openspiel:random``,          an OpenSpiel bot: not a player of this interface; ``match`` and
``openspiel:ismcts:N``...      ``play`` seat it on OpenSpiel's engine (``players/openspiel_table.py``)
=============================  ==============================================================

A user's ``attr`` may be a player object, or a class (or function) called with no arguments to
make one; either way it must have every method of :class:`~euchre_stats.players.base.Player`
(subclass :class:`~euchre_stats.players.base.BasePlayer` to write only some).  Every failure is a
one-line :class:`~euchre_stats.core.errors.PlayerSpecError` naming the spec.  Loading a user's
module runs its code: name only files you trust.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path

from ..core.errors import EuchreStatsError, PlayerSpecError
from .base import METHODS
from .defence import MORE
from .shipped import CheatPlayer, FallbackInferencePlayer, InferencePlayer, ModelPlayer, RandomPlayer

#: ``realistic-v3`` is ``realistic-v2:defend=4`` (docs/methods.md, "The card players measured together")
V3_DEFEND = 4
#: ``realistic-v4`` is ``realistic-v3`` with more worlds against a loner: ``realistic-v2:defend=20`` (docs/methods.md,
#: "Defending against a loner, on the lone deals")
V4_DEFEND = V3_DEFEND | MORE
#: the shipped players' names (a model file's path is one too)
SHIPPED = ("realistic", "realistic-v1", "realistic-v2", "realistic-v3", "realistic-v4", "realistic-v5", "realistic-v6",
           "shipped", "shipped-v3", "shipped-v4", "shipped-v5", "shipped-table", "dd-tuned", "points", "random",
           "cheat")
#: the options each shipped player takes
OPTIONS = {"realistic": ("worlds", "pool"), "realistic-v1": ("worlds",),
           "realistic-v2": ("worlds", "pool", "fusion", "play", "defend"), "realistic-v3": ("worlds", "pool"),
           "realistic-v4": ("worlds", "pool"), "realistic-v5": ("worlds", "pool"),
           "realistic-v6": ("worlds", "pool"), "shipped": ("worlds",), "shipped-v3": ("worlds",),
           "shipped-v4": ("worlds",), "shipped-v5": ("worlds",), "shipped-table": ("worlds",), "dd-tuned": ("worlds",),
           "points": ("worlds",), "model": ("worlds",), "random": ("seed",), "cheat": ("worlds",)}


def _options(spec: str, kind: str, text: str) -> dict:
    out = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, eq, value = part.partition("=")
        key = key.strip()
        if not eq or key not in OPTIONS[kind]:
            allowed = ", ".join(f"{k}=N" for k in OPTIONS[kind])
            raise PlayerSpecError(f"player {spec!r}: unknown option {part!r} (takes {allowed})")
        try:
            out[key] = int(value)
        except ValueError:
            raise PlayerSpecError(f"player {spec!r}: {key} must be a whole number, got {value.strip()!r}") from None
        if out[key] < 0:
            raise PlayerSpecError(f"player {spec!r}: {key} must not be negative, got {out[key]}")
    return out


def _shipped(spec: str, name: str, opts: dict):
    if name == "random":
        return RandomPlayer(**opts)
    if name == "cheat":
        return CheatPlayer(**opts)
    if name == "realistic-v2":
        return InferencePlayer("shipped", name=spec, **opts)
    if name == "realistic-v3":   # the strongest card play measured: the auction read, defend=4
        return InferencePlayer("shipped", name=spec, defend=V3_DEFEND, **opts)
    if name == "realistic-v4":   # proposed: v3 defending against a loner on 8 times the worlds, defend=20
        return InferencePlayer("shipped", name=spec, defend=V4_DEFEND, **opts)
    if name == "realistic-v5":   # shipped-v3 bidding, v4's card play
        return FallbackInferencePlayer("shipped-v3", fallback="shipped", name=spec, defend=V4_DEFEND,
                                       british=False, **opts)
    if name in ("realistic", "realistic-v6"):   # the default population's whole player: shipped-v4, v4's card play
        return FallbackInferencePlayer("shipped-v4", fallback="shipped", name=spec, defend=V4_DEFEND, **opts)
    policy = "shipped" if name == "realistic-v1" else name
    return ModelPlayer(policy, name=spec, **opts)


def _user(spec: str, where: str, attr: str):
    if not attr.isidentifier() and not all(p.isidentifier() for p in attr.split(".")):
        raise PlayerSpecError(f"player {spec!r}: {attr!r} is not an attribute name")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise PlayerSpecError(f"player {spec!r}: no file {where!r}")
            name = f"_euchre_player_{abs(hash(str(path.resolve())))}"
            loader = importlib.util.spec_from_file_location(name, path)
            module = importlib.util.module_from_spec(loader)
            sys.modules[name] = module
            loader.loader.exec_module(module)
        else:
            module = importlib.import_module(where)
    except PlayerSpecError:
        raise
    except ImportError as exc:
        raise PlayerSpecError(f"player {spec!r}: cannot import {where!r} ({exc})") from None
    except Exception as exc:  # the user's module itself failed: one line, naming it
        raise PlayerSpecError(f"player {spec!r}: importing {where!r} raised {type(exc).__name__}: "
                              f"{_one_line(exc)}") from None
    obj = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            raise PlayerSpecError(f"player {spec!r}: {where!r} has no attribute {attr!r}")
        obj = getattr(obj, part)
    if isinstance(obj, type) or (callable(obj) and not _is_player(obj)):
        try:
            obj = obj()
        except Exception as exc:
            raise PlayerSpecError(f"player {spec!r}: calling {attr}() raised {type(exc).__name__}: "
                                  f"{_one_line(exc)}") from None
    missing = [m for m in METHODS if not callable(getattr(obj, m, None))]
    if missing:
        raise PlayerSpecError(f"player {spec!r}: {attr} lacks {', '.join(missing)} (subclass "
                              "euchre_stats.players.BasePlayer to write only some decisions)")
    return obj


def _is_player(obj) -> bool:
    return all(callable(getattr(obj, m, None)) for m in METHODS)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or "(no message)"


def load_player(spec):
    """The player a spec names (see the module docstring); a player object is returned as it is.

    Raises
    ------
    PlayerSpecError
        One line naming the spec: an unknown name or option, a module that cannot be imported or
        raises, an attribute missing or lacking the player's methods, an unreadable model file.
    """
    if not isinstance(spec, str):
        if _is_player(spec):
            return spec
        raise PlayerSpecError(f"player {spec!r}: expected a spec string or an object with the methods "
                              f"{', '.join(METHODS)}")
    text = spec.strip()
    if not text:
        raise PlayerSpecError("player '': empty spec (expected realistic, random, cheat, points, module:attr...)")
    head, colon, tail = text.partition(":")
    if head == "openspiel":
        raise PlayerSpecError(f"player {text!r} is an OpenSpiel bot: it plays only on OpenSpiel's engine "
                              "(euchre-stats match or play seat it there; docs/players.md)")
    try:
        if head in SHIPPED:
            return _shipped(text, head, _options(text, head, tail))
        if head.endswith(".json"):
            return ModelPlayer(head, name=text, **_options(text, "model", tail))
        if colon and tail and "=" not in tail:
            return _user(text, head, tail.strip())
    except PlayerSpecError as exc:
        if repr(text) in str(exc):
            raise
        raise PlayerSpecError(f"player {text!r}: {_one_line(exc)}") from None
    except EuchreStatsError as exc:
        raise PlayerSpecError(f"player {text!r}: {_one_line(exc)}") from None
    raise PlayerSpecError(f"unknown player {text!r}: expected {', '.join(SHIPPED)}, a model file (.json), "
                          "module:attr or path/to/file.py:attr")


__all__ = ["load_player", "SHIPPED", "OPTIONS", "V3_DEFEND", "V4_DEFEND"]
