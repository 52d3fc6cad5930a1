"""The bidding model: a hand-strength point count with per-seat, per-round thresholds.

Used for the seats whose decisions the asking player cannot see: to value a
pass (by playing out the rest of the auction) and to weight sampled deals by
how likely the passes already seen are (``--infer``).

The count, in rough "trick points":

* trumps: Joker 3.3, right bower 3.0, left bower 2.6, ace 2.2, king 1.9,
  queen 1.7, ten 1.5, nine 1.4, eight 1.3, seven 1.2;
* off-suit aces 1.0, off-suit kings 0.35 (0.6 when the ace is also held);
* each void 0.4 when holding two or more trumps;
* round one: the dealer counts the best five of its six cards; the dealer's
  partner adds half the upcard's trump value (it goes to the partnership), the
  dealer's opponents subtract half.

A decision is soft: P(accept) = 1 / (1 + exp(-(strength - threshold) / temperature)),
so passes are informative without being certain.  Thresholds start from common
strategy-guide advice and are tuned by self-play (:func:`tune`).  No I/O here
except :func:`BiddingModel.load`/``save``.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from ..core.cards import JOKER
from ..core.errors import BiddingModelError, JSONInputError
from ..core.safejson import parse_json
from ..core.trump import EFF_SUIT, POWER

TRUMP_VALUE = {42: 3.3, 41: 3.0, 40: 2.6, 39: 2.2, 38: 1.9, 37: 1.7, 35: 1.5, 34: 1.4, 33: 1.3, 32: 1.2}


def _value_tables():
    """card_value[trump, card] for the count; off-suit kings handled separately."""
    v = np.zeros((4, 33), dtype=np.float64)
    for t in range(4):
        for c in range(33):
            if EFF_SUIT[t, c] == t:
                v[t, c] = TRUMP_VALUE[int(POWER[t, c])]
            elif c != JOKER and (c & 7) == 7:
                v[t, c] = 1.0
    return v


CARD_VALUE = _value_tables()


_EFF = np.ascontiguousarray(EFF_SUIT, dtype=np.int64)


def strength_of(hands: np.ndarray, trump) -> np.ndarray:
    """Vectorised count for hands (uint64 array) under ``trump`` (int or array of the same shape)."""
    from ._kernels import strength_kernel

    hands = np.asarray(hands, dtype=np.uint64)
    trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), hands.shape)
    out = np.empty(hands.size, dtype=np.float64)
    strength_kernel(np.ascontiguousarray(hands).ravel(), np.ascontiguousarray(trump).ravel(), CARD_VALUE,
                    _EFF, out)
    return out.reshape(hands.shape)


def best_discard_strength(hands6: np.ndarray, trump: int, banned: int = -1
                          ) -> tuple[np.ndarray, np.ndarray]:
    """For six-card hands: the best five-card count and the card to discard for it (never ``banned``)."""
    from ._kernels import best_discard_kernel

    hands6 = np.asarray(hands6, dtype=np.uint64)
    flat = np.ascontiguousarray(hands6).ravel()
    trumps = np.broadcast_to(np.asarray(trump, dtype=np.int64), hands6.shape)
    best = np.empty(flat.size, dtype=np.float64)
    card = np.empty(flat.size, dtype=np.int64)
    best_discard_kernel(flat, np.ascontiguousarray(trumps).ravel(), int(banned), CARD_VALUE, _EFF, best, card)
    return best.reshape(hands6.shape), card.reshape(hands6.shape)


@dataclass(frozen=True)
class BiddingModel:
    """Thresholds by seat (eldest, partner, third, dealer) for each decision, and the softness."""

    order: tuple = (7.2, 7.6, 6.6, 6.8)
    order_alone: tuple = (11.0, 11.0, 11.0, 11.0)
    call: tuple = (6.6, 7.0, 6.8, 6.6)
    call_alone: tuple = (11.0, 11.0, 11.0, 11.0)
    defend_alone: float = 12.0
    upcard_weight: float = 0.5
    temperature: float = 0.35

    @staticmethod
    def p_accept(strength, threshold, temperature) -> np.ndarray:
        # the logistic function written with tanh: no overflow for far-off counts
        return 0.5 * (1.0 + np.tanh((np.asarray(strength) - threshold) / (2.0 * temperature)))

    def round_one_strength(self, hands: np.ndarray, rel_seat: int, upcard: int, suit: int | None = None
                           ) -> np.ndarray:
        """Count for accepting the upcard from relative seat 0..3 (3 = dealer); ``suit`` is the suit on
        offer when it is not the upcard's (Almonte)."""
        trump = upcard >> 3 if suit is None else suit
        if rel_seat == 3:
            return best_discard_strength(np.asarray(hands, dtype=np.uint64) | np.uint64(1 << upcard),
                                         trump)[0]
        s = strength_of(hands, trump)
        up = CARD_VALUE[trump, upcard] * self.upcard_weight
        return s + up if rel_seat == 1 else s - up

    def p_order(self, hands, rel_seat: int, upcard: int) -> np.ndarray:
        s = self.round_one_strength(hands, rel_seat, upcard)
        return self.p_accept(s, self.order[rel_seat], self.temperature)

    def best_call(self, hands, banned_suit: int) -> tuple[np.ndarray, np.ndarray]:
        """Best suit to name in round two (not ``banned_suit``) and its count."""
        hands = np.asarray(hands, dtype=np.uint64)
        best = np.full(hands.shape, -np.inf)
        suit = np.full(hands.shape, -1, dtype=np.int64)
        for t in range(4):
            if t == banned_suit:
                continue
            s = strength_of(hands, t)
            better = s > best
            best = np.where(better, s, best)
            suit = np.where(better, t, suit)
        return best, suit

    def to_dict(self) -> dict:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, d) -> "BiddingModel":
        """A model from its JSON form, every field checked (an error names the first wrong one)."""
        if not isinstance(d, dict):
            raise BiddingModelError(f"a bidding model is a JSON object of thresholds, got {type(d).__name__}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        bad = [k for k in d if k not in fields]
        if bad:
            raise BiddingModelError(f"unknown bidding model field {bad[0]!r} (expected {', '.join(fields)})")
        out = {}
        for k, v in d.items():
            per_seat = isinstance(fields[k].default, tuple)
            vals = v if per_seat else [v]
            if (per_seat and (not isinstance(v, list) or len(v) != 4)) or not all(
                    isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in vals):
                want = "a list of four numbers (eldest, partner, third, dealer)" if per_seat else "a number"
                raise BiddingModelError(f"bidding model field {k!r} must be {want}, got {v!r}")
            out[k] = tuple(float(x) for x in v) if per_seat else float(v)
        if out.get("temperature", 1.0) <= 0:
            raise BiddingModelError(f"bidding model temperature must be positive, got {out['temperature']!r}")
        return cls(**out)

    def save(self, path) -> None:
        Path(path).write_text(json.dumps(self.to_dict(), indent=2) + "\n")

    @classmethod
    def load(cls, path) -> "BiddingModel":
        """A model from a JSON file (see :meth:`from_dict`)."""
        p = Path(path)
        try:
            text = p.read_bytes()
        except IsADirectoryError:
            raise BiddingModelError(f"{str(path)!r} is a directory, not a bidding model file") from None
        except OSError as exc:
            raise BiddingModelError(f"cannot read {str(path)!r}: {exc.strerror}") from None
        try:
            return cls.from_dict(parse_json(text, repr(str(path))))
        except JSONInputError as exc:
            raise BiddingModelError(str(exc)) from None


DEFAULT_MODEL = BiddingModel()


def default_model() -> BiddingModel:
    """The tuned model shipped with the package (north-american rules), else the guide thresholds."""
    p = Path(__file__).parents[1] / "data" / "bidding_model.json"
    if p.exists():
        return BiddingModel.load(p)
    return DEFAULT_MODEL
