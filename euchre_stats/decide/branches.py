"""What a pass leads to: the deals behind a pass's value split by the contract the rest of the
auction reached (partner orders, the opponents order, we call a suit in round two, the hand is
thrown in...), each branch with its chance and its expected points.

The branches partition the sampled deals, so with ``P(b)`` the weighted share of the deals in
branch ``b`` and ``E[v | b]`` their weighted mean, ``sum_b P(b) * E[v | b]`` is the pass's value
on the same deals (exactly, up to floating-point rounding).  Four-handed only: the two-, three-
and six-handed games value a pass through the state machine (:mod:`.tables`), which does not
record the contract of each deal.  Computes only; :mod:`.result` shows the branches.
"""

from __future__ import annotations

import numpy as np

from ..core.bits import JOKER, card_face
from ..core.cards import suit_word
from ..core.seats import DEALER
from ..core.stats import Z95, weighted_mean_se
from ..cardplay.contracts import Outcome
from ..rules import Rules, alone_with_the_call, lone_defence_possible
from .driver import Sampling
from .summary import contract_range, hand_sure_tricks, interval

#: a branch with a smaller weighted share of the deals is merged into a coarser one (its ``alone``
#: and not-alone variants together; our round-two calls in the rarer suits together)
MIN_BRANCH_SHARE = 0.01

# who made trump, from the asker's seat
_WE, _PARTNER, _THEM, _NOBODY = 0, 1, 2, 3


def _who(caller: np.ndarray, asker: int) -> np.ndarray:
    rel = (caller - asker) & 3
    return np.where(caller < 0, _NOBODY, np.where(rel == 0, _WE, np.where(rel == 2, _PARTNER, _THEM)))


def _lone_kind(caller: np.ndarray, lone: np.ndarray) -> np.ndarray:
    """0: nobody alone; 1: the seat that made trump went alone; 2: its partner did (British timing)."""
    return np.where(lone < 0, 0, np.where(lone == caller, 1, 2))


def _base_label(who: int, rnd: int, trump: int, asker: int) -> str:
    if who == _NOBODY:
        return "thrown in"
    if rnd == 2:
        if who == _WE:
            return f"we call {suit_word(trump)}"
        return "partner calls" if who == _PARTNER else "opponents call"
    partner = (asker + 2) & 3
    if who == _PARTNER:
        return "partner picks up" if partner == DEALER else "partner orders"
    # the opponents still to bid in round one after the asker
    later = [s for s in range(asker + 1, 4) if (s - asker) & 1]
    if later == [DEALER]:
        return "dealer picks up"
    return "opponents order or pick up" if DEALER in later else "opponents order"


def _alone_suffix(who: int, kind: int) -> str:
    if kind == 0:
        return ""
    if who == _THEM:
        return " alone"
    if kind == 1:
        return " alone"
    return ", partner alone" if who == _WE else ", we go alone"


def branch_keys(contract: np.ndarray, asker: int) -> np.ndarray:
    """Each deal's finest branch as a row ``(who, round, trump, lone kind)``: the suit is kept
    only for our own call in round two (the partner's and the opponents' suits are not ours to
    choose), -1 otherwise."""
    caller, rnd, trump, lone = contract.T
    who = _who(caller, asker)
    keep_suit = (who == _WE) & (rnd == 2)
    return np.stack([who, rnd, np.where(keep_suit, trump, -1), _lone_kind(caller, lone)], axis=1)


#: our round-two calls merged across suits (``trump`` of the merged key); a merged lone kind
_ANY_SUIT, _EITHER = 99, 9
#: where each trump of our round-two calls is listed: spades, hearts, diamonds, clubs (the order of
#: ``call``'s options), no trump, then the merged suits
_SUIT_RANK = {-1: 0, 3: 0, 2: 1, 1: 2, 0: 3, 4: 4, _ANY_SUIT: 5}


def _branch_masks(contract: np.ndarray, w: np.ndarray, asker: int) -> list[tuple[str, np.ndarray, tuple]]:
    """The branches as ``(label, mask of deals, key)``, tiny ones merged, in the order the auction
    reaches them: round one (partner, opponents), round two (our calls by suit, partner,
    opponents), thrown in."""
    keys = branch_keys(contract, asker)
    uniq, inverse = np.unique(keys, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    total = float(w.sum())
    leaves = {tuple(int(x) for x in k): inverse == j for j, k in enumerate(uniq)}
    share = lambda m: float(w[m].sum()) / total  # noqa: E731
    # 1. a tiny variant (alone or not) merges with the other variants of its contract
    groups: dict[tuple, list[tuple]] = {}
    for k in leaves:
        groups.setdefault(k[:3], []).append(k)
    merged: dict[tuple, tuple[str, np.ndarray]] = {}
    for g, ks in groups.items():
        who, rnd, trump = g
        base = _base_label(who, rnd, trump, asker)
        if len(ks) > 1 and any(share(leaves[k]) < MIN_BRANCH_SHARE for k in ks):
            merged[g + (_EITHER,)] = (f"{base} (alone or not)", np.logical_or.reduce([leaves[k] for k in ks]))
            continue
        for k in ks:
            merged[k] = (base + _alone_suffix(who, k[3]), leaves[k])
    # 2. our round-two calls in suits we rarely name merge into one branch (when there are two or more)
    rare = [k for k, (_, m) in merged.items() if k[0] == _WE and k[1] == 2 and share(m) < MIN_BRANCH_SHARE]
    if len(rare) > 1:
        mask = np.logical_or.reduce([merged.pop(k)[1] for k in rare])
        merged[(_WE, 2, _ANY_SUIT, _EITHER)] = ("we call another suit (alone or not)", mask)
    order = sorted(merged, key=lambda k: (k[1] if k[1] > 0 else 3, k[0], _SUIT_RANK[k[2]], k[3]))
    return [(merged[k][0], merged[k][1], k) for k in order]


def _branch_tricks(rules: Rules, key: tuple, asker: int, hand: int | None, up: int | None) -> tuple[int, int | None]:
    """``(min, max)`` of the makers' tricks in a branch that the asker's sure tricks fix (0, None: none):
    a contract of ours that the asker plays in takes at least them; the opponents' contract at most the
    rest, where no defender may go alone (a partner alone would leave the asker's cards out)."""
    who, rnd, trump, kind = key
    if hand is None or up is None or who == _NOBODY or trump == _ANY_SUIT or up == JOKER:
        return 0, None
    if rnd == 1:   # round one's branches carry no suit: the upcard's
        trump = card_face(up) >> 3
    if who == _THEM:
        if lone_defence_possible(rules):
            return 0, None
        return 0, rules.hand_size - hand_sure_tricks(rules, asker, hand, up, trump, rnd == 1)
    # ours: the asker's hand plays unless its partner went (or may yet go) alone
    plays = ((who == _WE and (kind == 1 or (kind != 2 and alone_with_the_call(rules))))
             or (who == _PARTNER and kind in (0, 2)))
    if not plays:
        return 0, None
    return hand_sure_tricks(rules, asker, hand, up, trump, rnd == 1), None


def pass_branches(o: Outcome, w: np.ndarray, asker: int, rules: Rules, sampling: Sampling | None = None,
                  limit: float = 4.0, hand: int | None = None, up: int | None = None) -> list[dict]:
    """The branches of a pass (``o``, an outcome carrying :attr:`Outcome.contract`) on deals
    weighted ``w``: for each, ``branch`` (its name), ``p`` (weighted share of the deals) with
    ``p_ci`` (Wilson 95% interval on the effective sample), ``ev`` (expected points, ours minus
    theirs, on those deals) with ``ev_ci`` (inside what that contract can score), ``p_times_ev``
    (its part of the pass's value) and ``n`` (the branch's share of the effective sample, rounded;
    the count of deals when they are unweighted).  ``sum(p_times_ev)`` is the pass's value on the
    same deals.  Empty when ``o`` carries no contracts (a pass valued as zero).  Given the asker's
    ``hand`` and the ``up`` card (the upcard; in round two the card turned down), a branch's range
    counts the hand's sure tricks (:func:`~euchre_stats.decide.summary.hand_sure_tricks`)."""
    if o.contract is None:
        return []
    w = np.asarray(w, dtype=np.float64)
    keep = w > 0   # a deal of weight 0 counts in no branch (and would make an empty one)
    w, value, contract = w[keep], o.value[keep], o.contract[keep]
    total = float(w.sum())
    scale = sampling.se_scale if sampling is not None else 1.0
    n_eff = sampling.effective if sampling is not None else total * total / float((w * w).sum())
    out = []
    for label, mask, key in _branch_masks(contract, w, asker):
        p = float(w[mask].sum()) / total
        mu, se = weighted_mean_se(value[mask], w[mask])
        se *= scale
        who, rnd, _, kind = key
        if who == _NOBODY:
            lo, hi = 0.0, 0.0
        else:
            alone = None if kind == _EITHER else bool(kind)
            least, most = _branch_tricks(rules, key, asker, hand, up)
            lo, hi = contract_range(rules, who != _THEM, alone, None, least, most)
            lo, hi = max(lo, -limit), min(hi, limit)
        n_b = p * n_eff
        ci = interval(mu, se, lo, hi, int(mask.sum()), n_b)
        out.append({"branch": label, "p": p, "p_ci": list(wilson(p, n_eff)), "ev": mu, "ev_ci": list(ci),
                    "p_times_ev": p * mu, "n": int(round(n_b))})
    return out


def wilson(p: float, n: float) -> tuple[float, float]:
    """Wilson's 95% interval of a proportion ``p`` seen in ``n`` (effective) samples."""
    if n <= 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * np.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # it holds p (at p = 1 the rounding of centre + half could fall just below it)
    return max(0.0, min(p, float(centre - half))), min(1.0, max(p, float(centre + half)))


def explain_pass(outcomes: dict[str, Outcome], w: np.ndarray, asker: int, rules: Rules,
                 sampling: Sampling | None = None, limit: float = 4.0, hand: int | None = None,
                 up: int | None = None) -> list[dict] | None:
    """The branches of the ``"pass"`` outcome (:func:`pass_branches`), for
    :attr:`~euchre_stats.decide.result.Decision.pass_branches`; None when there is no pass or it
    carries no contracts (a pass valued as zero, the dealer's pass in round two)."""
    o = outcomes.get("pass")
    if o is None:
        return None
    return pass_branches(o, w, asker, rules, sampling, limit, hand, up) or None
